"""Ultimate X's picture: how often each multiplier sum is in play (the stationary law), and its worth."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, new_figure, panels

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def sums_picture(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    figure = new_figure(11, 4.6)
    law_axes, value_axes = panels(figure, 2)
    states, lines = feature["states"], int(feature["lines"])
    sums = [int(state["multiplier_sum"]) for state in states]
    chances = [float(state["probability"]) for state in states]
    mean = sum(total * chance for total, chance in zip(sums, chances))
    law_axes.bar(sums, chances, color="tab:orange")
    law_axes.set_title(f"The multiplier sum in play: {mean:.2f} on average")
    law_axes.set_xlabel(f"sum of the {lines} lines' multipliers")
    law_axes.set_ylabel("chance (in the long run)")
    as_percent(law_axes)
    value_axes.plot(sums, [float(state["value"]) for state in states], "o-", color="tab:purple", markersize=3)
    value_axes.set_title("What each sum is worth")
    value_axes.set_xlabel(f"sum of the {lines} lines' multipliers")
    value_axes.set_ylabel(f"coins, beside sum {lines}")
    value_axes.grid(alpha=0.3)
    return figure, f" a hand, {feature['lines']}-play"
