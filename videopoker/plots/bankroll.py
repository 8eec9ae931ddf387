"""``bankroll --plot``: where a session's credits end, how the chance of going broke grows, and the
risk of ever going broke against the bankroll.

From the JSON's ``ending`` (the exact law of the ending credits) and ``ruin_by_hand`` (the chance
of being broke by hand n).  The broke are set apart: their mass (often a quarter or more) sits on
a few credit counts below the bet and would flatten every other bar, so it is a legend entry; and
the law is drawn up to its 99th percentile, the rest a legend entry too (a royal's win, far out
and thin, would squeeze the body of the law into a sliver).  The lifetime risk is drawn from
``lifetime.risk_by_bankroll`` (its two bounds, where they differ, as a band), alone when the
command has no session.
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
TITLE_LIFETIME = "Broke some day, playing forever"


def draw_bankroll(data: Mapping[str, Any], path: Path) -> Path:
    """Three panels: the law of the ending credits, the chance of being broke by each hand, and
    the lifetime risk against the bankroll; without a session, the last alone."""
    several = data.get("multi", 1)
    each = "a hand" if several == 1 else f"a round of {several} hands"
    if data["hands"] is None:
        figure = new_figure(7, 4.6)
        figure.suptitle(f"{data['paytable']}: {data['coins']} coins {each}")
        _lifetime(panels(figure, 1)[0], data)
        return save(figure, path)
    figure = new_figure(16, 4.6)
    ending_axes, ruin_axes, lifetime_axes = panels(figure, 3)
    how = "" if data.get("method", "exact") == "exact" else " (approximated: Brownian motion)"
    played = "hands" if several == 1 else "rounds"
    figure.suptitle(f"{data['paytable']}: {data['credits']:,} credits for {data['hands']:,} {played} at "
                    f"{data['coins']} coins {each}{how}")
    _ending(ending_axes, data)
    _ruin(ruin_axes, data)
    _lifetime(lifetime_axes, data)
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
    further = data.get("ending_beyond")
    if further is not None and further["chance"] > 0:
        axes.plot([], [], " ", label=f"{further['credits']:,} or more: {further['chance']:.2%}")
    axes.set_xlim(left=0, right=top)
    axes.set_ylim(bottom=0)
    as_percent(axes)
    whole_numbers(axes)
    axes.legend(loc="upper right", fontsize="small")


def _ruin(axes: Axes, data: Mapping[str, Any]) -> None:
    curve = [(int(hand), float(chance)) for hand, chance in data["ruin_by_hand"]]
    played = "hand" if data.get("multi", 1) == 1 else "round"
    axes.set_title(TITLE_RUIN.replace("hand", played))
    axes.set_xlabel(f"{played}s played")
    axes.set_ylabel("chance of being broke")
    if not curve:
        nothing_to_show(axes, "no hands")
        return
    axes.plot([h for h, _ in curve], [p for _, p in curve], color="tab:red",
              label=f"{curve[-1][1]:.2%} by {played} {curve[-1][0]:,}")
    axes.legend(loc="lower right", fontsize="small")  # a rising curve leaves that corner empty
    axes.set_xlim(0, max(curve[-1][0], 1))
    axes.set_ylim(0, max(1.05 * curve[-1][1], 0.01))
    as_percent(axes)
    whole_numbers(axes)
    axes.grid(alpha=0.3)


def _lifetime(axes: Axes, data: Mapping[str, Any]) -> None:
    lifetime = data.get("lifetime") or {}
    curve = lifetime.get("risk_by_bankroll") or []
    axes.set_title(TITLE_LIFETIME)
    axes.set_xlabel("bankroll, credits")
    axes.set_ylabel("chance of ever going broke")
    if not curve:
        nothing_to_show(axes, "100% from any bankroll:\nthe game returns less than it takes")
        return
    credits = [point[0] for point in curve]
    low, high = [point[1] for point in curve], [point[2] for point in curve]
    axes.plot(credits, high, color="tab:red", linewidth=1.2, label="risk (its upper bound)")
    if any(b - a > 0.005 * b for a, b in zip(low, high)):  # a band a reader can see
        axes.fill_between(credits, low, high, color="tab:red", alpha=0.2, linewidth=0, label="between its bounds")
    for name, style in (("5%", "--"), ("1%", ":")):
        needed = lifetime["bankrolls"].get(name)
        if needed is not None:
            axes.axvline(needed, color="grey", linestyle=style, linewidth=1, label=f"{name} risk: {needed:,}")
    kelly = lifetime.get("kelly_bankroll")
    if kelly is not None:
        axes.axvline(kelly, color="tab:green", linestyle="-.", linewidth=1, label=f"Kelly: {kelly:,.0f}")
    if data.get("credits") is not None and lifetime.get("risk") is not None:
        axes.plot([data["credits"]], [lifetime["risk"]], "o", color="black", markersize=4,
                  label=f"from {data['credits']:,}: {lifetime['risk']:.2%}")
    axes.set_xlim(0, credits[-1])
    axes.set_ylim(0, 1.02)
    as_percent(axes)
    whole_numbers(axes)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper right", fontsize="small")  # a falling curve leaves that corner empty
