"""Dream Card's picture: each hand's part of the return, and what a dream deal and a plain one are
worth beside the chance the table states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import new_figure, panels
from videopoker.plots.returns import return_bars

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def dream_deals(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    """The return by hand at the feature bet; the title weighs a dream deal against a plain one."""
    figure = new_figure(7, 4.6)
    (axes,) = panels(figure, 1)
    return_bars(axes, data["rows"], split=False)
    axes.set_title(f"Return by hand: {float(feature['chance']):.2%} dream deals worth "
                   f"{feature['dream_value']:.4f} a coin,\nthe others {feature['plain_value']:.4f}",
                   fontsize="medium")
    return figure, ""
