"""Each hand's part of a table's return, as a bar a hand: what every ``analyze --plot`` shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

RETURN_TITLE = "Where the return comes from"


def return_bars(axes: Axes, rows: Sequence[Mapping[str, Any]], *, split: bool) -> None:
    """Each hand's part of the return, top hand at the top; ``split``: the base game's part and the
    feature's, stacked."""
    paying = [row for row in rows if float(row["return"]) or float(row.get("base_return", 0))][::-1]
    names = [label(row["category"]) for row in paying]
    if split:
        base = [float(row["base_return"]) for row in paying]
        added = [float(row["return"]) - b for row, b in zip(paying, base)]
        axes.barh(names, base, color="tab:blue", label=f"base game: {sum(base):.4f}")
        axes.barh(names, added, left=base, color="tab:orange", label=f"the feature adds: {sum(added):+.4f}")
        axes.legend(loc="upper right", fontsize="small")  # the top hands return least: room there
    else:
        axes.barh(names, [float(row["return"]) for row in paying], color="tab:blue")
    axes.set_title(RETURN_TITLE)
    axes.set_xlabel("return per coin bet")
