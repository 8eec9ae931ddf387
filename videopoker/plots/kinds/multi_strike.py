"""Multi-Strike's picture: what reaching each level is worth, and how often a round gets there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, new_figure, panels

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def levels_picture(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    figure = new_figure(11, 4.6)
    value_axes, reach_axes = panels(figure, 2)
    levels = feature["levels"]
    names = [f"{level['level']} ({level['multiplier']}X)" for level in levels]
    value_axes.bar(names, [float(level["value"]) for level in levels], color="tab:purple",
                   label="with the free rides")
    value_axes.plot(names, [float(level["value_without_free_ride"]) for level in levels], "o", color="black",
                    label="without them")
    value_axes.set_title("Each level's value")
    value_axes.set_xlabel("level (multiplier)")
    value_axes.set_ylabel("coins won from it on, per coin of a level's bet")
    value_axes.legend(loc="upper left", fontsize="small")
    reach_axes.bar(names, [float(level["reach"]) for level in levels], color="tab:green")
    for place, level in enumerate(levels):
        reach_axes.annotate(f"{float(level['reach']):.1%}", (place, float(level["reach"])), ha="center",
                            textcoords="offset points", xytext=(0, 3), fontsize="small")
    reach_axes.set_title("The chance a round reaches each level")
    reach_axes.set_xlabel("level (multiplier)")
    reach_axes.set_ylabel("chance")
    reach_axes.set_ylim(0, 1.1)
    as_percent(reach_axes)
    return figure, ""
