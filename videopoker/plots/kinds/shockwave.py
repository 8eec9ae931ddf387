"""Shockwave's picture: how often a hand is played with each number of the mode's hands left, and
what each is worth."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, new_figure, panels

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def modes_picture(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    figure = new_figure(11, 4.6)
    share_axes, value_axes = panels(figure, 2)
    states = feature["states"]
    names = ["regular" if not state["hands_left"] else str(state["hands_left"]) for state in states]
    share_axes.bar(names[1:], [float(state["probability"]) for state in states[1:]], color="tab:orange")
    share_axes.set_title(f"Hands played in the mode: {sum(float(s['probability']) for s in states[1:]):.2%}")
    share_axes.set_xlabel("hands of the mode left")
    share_axes.set_ylabel("chance a hand is played there")
    as_percent(share_axes)
    value_axes.plot(names, [float(state["value"]) for state in states], "o-", color="tab:purple")
    value_axes.set_title("What each state is worth")
    value_axes.set_xlabel("hands of the mode left")
    value_axes.set_ylabel("coins of the bet, beside regular mode")
    value_axes.grid(alpha=0.3)
    return figure, ""
