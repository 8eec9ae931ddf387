"""Quick Quads' picture: each hand's part of the return at the feature bet, the quick quads (the
hands the extra coin buys) told apart, beside the base game's return."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import new_figure, panels
from videopoker.plots.returns import return_bars

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def quick_quads_returns(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    """The return by hand at the feature bet; the title says what the quick quads return of it."""
    figure = new_figure(7, 4.6)
    (axes,) = panels(figure, 1)
    return_bars(axes, data["rows"], split=False)
    quick = sum(float(row["return"]) for row in data["rows"] if str(row["category"]).startswith("quick_quads"))
    axes.set_title(f"Return by hand at {feature['coins']} coins: the quick quads {quick:.4f} of it,\n"
                   f"the base game alone {float(data['base_rtp']):.4f}", fontsize="medium")
    return figure, ""
