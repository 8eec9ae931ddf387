"""Bonus Streak's picture: how often each sum of the lines' next multipliers is in play (the states'
stationary law, gathered by that sum), and what every state of the lines' queues is worth against it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, new_figure, panels

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def next_sum(streaks: str) -> int:
    """The sum of the lines' next multipliers of queues written ``2-4,12-12,-`` (an empty one: 1X).

    >>> next_sum("2-4,12-12,-")
    15
    """
    return sum(int(queue.split("-")[0]) if queue.strip() != "-" else 1 for queue in streaks.split(","))


def streaks_picture(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    figure = new_figure(11, 4.6)
    law_axes, value_axes = panels(figure, 2)
    states, lines = feature["states"], int(feature["lines"])
    sums = [next_sum(str(state["streaks"])) for state in states]
    chances = [float(state["probability"]) for state in states]
    law: dict[int, float] = {}
    for total, chance in zip(sums, chances):
        law[total] = law.get(total, 0.0) + chance
    mean = sum(total * chance for total, chance in law.items())
    shown = sorted(law)
    law_axes.bar(shown, [law[total] for total in shown], color="tab:orange")
    law_axes.set_title(f"The next hands' multiplier sum in play: {mean:.2f} on average")
    law_axes.set_xlabel(f"sum of the {lines} lines' next multipliers (1X on a line with none)")
    law_axes.set_ylabel("chance a round is dealt there")
    as_percent(law_axes)
    value_axes.scatter(sums, [float(state["value"]) for state in states], s=10, alpha=0.6, color="tab:purple")
    value_axes.set_title(f"What each state of the queues is worth ({len(states)} states)")
    value_axes.set_xlabel(f"sum of the {lines} lines' next multipliers")
    value_axes.set_ylabel("coins of the round, beside no streaks")
    value_axes.grid(alpha=0.3)
    return figure, f" a hand, {lines}-play"
