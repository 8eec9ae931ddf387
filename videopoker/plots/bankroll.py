"""``bankroll --plot``: where a session's credits end, and how the chance of going broke grows.

From the JSON's ``ending`` (the exact law of the ending credits) and ``ruin_by_hand`` (the chance
of being broke by hand n).  The broke are set apart: their mass (often a quarter or more) sits on
a few credit counts below the bet and would flatten every other bar, so it is a legend entry; and
the law is drawn up to its 99th percentile, the rest a legend entry too (a royal's win, far out
and thin, would squeeze the body of the law into a sliver).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, new_figure, nothing_to_show, panels, save, whole_numbers

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: The law is drawn up to this share of it.
SHOWN = 0.99
TITLE_ENDING = "Where the credits end"
TITLE_RUIN = "Broke by hand n"


def draw_bankroll(data: Mapping[str, Any], path: Path) -> Path:
    """Two panels: the law of the ending credits, and the chance of being broke by each hand."""
    figure = new_figure(11, 4.6)
    ending_axes, ruin_axes = panels(figure, 2)
    how = "" if data.get("method", "exact") == "exact" else " (approximated: Brownian motion)"
    figure.suptitle(f"{data['paytable']}: {data['credits']:,} credits for {data['hands']:,} hands at "
                    f"{data['coins']} coins a hand{how}")
    _ending(ending_axes, data)
    _ruin(ruin_axes, data)
    return save(figure, path)


def _ending(axes: Axes, data: Mapping[str, Any]) -> None:
    law = [(int(credits), float(chance)) for credits, chance in data["ending"]]
    broke = [(credits, chance) for credits, chance in law if credits < data["coins"]]
    alive = [(credits, chance) for credits, chance in law if credits >= data["coins"]]
    axes.set_title(TITLE_ENDING)
    axes.set_xlabel("credits at the end")
    axes.set_ylabel("chance")
    if not alive:
        nothing_to_show(axes, f"broke: {data['ruin']:.2%} (every session)")
        return
    total, top = 0.0, alive[-1][0]
    for credits, chance in law:  # the 99th percentile of the whole law
        total += chance
        if total >= SHOWN:
            top = max(credits, data["coins"], data["credits"])
            break
    shown = [(credits, chance) for credits, chance in alive if credits <= top]
    beyond = sum(chance for credits, chance in alive if credits > top)
    axes.step([c for c, _ in shown], [p for _, p in shown], where="mid", linewidth=0.9, label="still playing")
    axes.axvline(data["credits"], color="grey", linestyle="--", linewidth=1, label=f"start: {data['credits']:,}")
    axes.axvline(data["mean_end"], color="tab:green", linestyle=":", linewidth=1.2,
                 label=f"average: {data['mean_end']:,.0f}")
    if broke:
        axes.plot([], [], " ", label=f"broke: {sum(p for _, p in broke):.2%}")  # a legend line, no bar
    if beyond > 0:
        axes.plot([], [], " ", label=f"above {top:,}: {beyond:.2%}")
    axes.set_xlim(left=0, right=top)
    axes.set_ylim(bottom=0)
    as_percent(axes)
    whole_numbers(axes)
    axes.legend(loc="upper right", fontsize="small")


def _ruin(axes: Axes, data: Mapping[str, Any]) -> None:
    curve = [(int(hand), float(chance)) for hand, chance in data["ruin_by_hand"]]
    axes.set_title(TITLE_RUIN)
    axes.set_xlabel("hands played")
    axes.set_ylabel("chance of being broke")
    if not curve:
        nothing_to_show(axes, "no hands")
        return
    axes.plot([h for h, _ in curve], [p for _, p in curve], color="tab:red",
              label=f"{curve[-1][1]:.2%} by hand {curve[-1][0]:,}")
    axes.legend(loc="lower right", fontsize="small")  # a rising curve leaves that corner empty
    axes.set_xlim(0, max(curve[-1][0], 1))
    axes.set_ylim(0, max(1.05 * curve[-1][1], 0.01))
    as_percent(axes)
    whole_numbers(axes)
    axes.grid(alpha=0.3)
