"""``sweep --plot``: every table of a sweep as a point, return against standard deviation.

From the sweep's rows (``{"paytable", "rows"}``, the rows as ``sweep -o FILE.jsonl`` writes them:
the varied pays first, then ``rtp``, ``variance``, ``standard_deviation``, ...).  A designer looks
for the tables that pay back what they want at the swing they want, so those are the two axes;
the colour is the first varied pay, so the sweep's direction shows (the other varied pays are
named in the title).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from videopoker.plots.figure import as_percent, label, new_figure, nothing_to_show, panels, save

#: Up to this many different values, the colour bar marks each one.
TICKED_VALUES = 12


def varied_keys(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The pays the sweep varied: a row's keys before ``rtp`` (the figures follow them)."""
    if not rows:
        return []
    keys = list(rows[0])
    return keys[:keys.index("rtp")] if "rtp" in keys else []


def draw_sweep(data: Mapping[str, Any], path: Path) -> Path:
    """One panel: a point a table, return against standard deviation, coloured by the first varied pay."""
    rows: Sequence[Mapping[str, Any]] = data["rows"]
    varied = varied_keys(rows)
    figure = new_figure(8, 5.5)
    (axes,) = panels(figure, 1)
    axes.set_title(f"{data['paytable']}: {len(rows):,} table{'' if len(rows) == 1 else 's'}")
    axes.set_xlabel("standard deviation of a hand (in bets)")
    axes.set_ylabel("return")
    if not rows:
        nothing_to_show(axes, "no table kept")
        return save(figure, path)
    x = [float(row["standard_deviation"]) for row in rows]
    y = [float(row["rtp"]) for row in rows]
    if not varied:
        axes.scatter(x, y, s=18)
    else:
        colour = [float(row[varied[0]]) for row in rows]
        low, high = min(colour), max(colour)
        points = axes.scatter(x, y, c=colour, cmap="viridis", s=18, vmin=low, vmax=high if high > low else low + 1)
        bar = figure.colorbar(points, ax=axes)
        bar.set_label(f"{label(varied[0])} (pays per coin)")
        values = sorted(set(colour))
        if len(values) <= TICKED_VALUES:
            bar.set_ticks(values, labels=[f"{value:g}" for value in values])
        if len(varied) > 1:
            others = ", ".join(label(key) for key in varied[1:])
            axes.set_title(f"{data['paytable']}: {len(rows):,} tables\ncolour: {label(varied[0])}; also varied: "
                           f"{others}", fontsize="medium")
    as_percent(axes)
    axes.grid(alpha=0.3)
    return save(figure, path)
