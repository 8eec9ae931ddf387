"""``analyze --plot``: what a table's feature does, or for a plain table where its return comes from.

From ``analyze --json`` alone, by the feature's kind:

* big times draw: the multiplier each top card dealt brings; times pay: the chance of each
  multiplier; wheel: the chance of each prize.  Beside it, each hand's part of the return, split
  into the base game's and what the feature adds (``return`` − ``base_return``).
* Multi-Strike: each level's value and the chance of reaching it.
* Ultimate X: the stationary law of the lines' multiplier sum, and what each sum is worth.
* a plain table (or a feature at a bet that does not buy it): each hand's part of the return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, label, new_figure, panels, save

if TYPE_CHECKING:
    from matplotlib.axes import Axes

RETURN_TITLE = "Where the return comes from"


def draw_analysis(data: Mapping[str, Any], path: Path) -> Path:
    """The picture of ``analyze --json``: the feature's, by its kind, else the return by hand."""
    feature: Mapping[str, Any] = data.get("feature") or {}
    kind = feature.get("kind")
    title = f"{data['paytable']}: return {float(data['rtp']):.4%} at {data['coins']} coins"
    if kind == "multi-strike":
        figure = new_figure(11, 4.6)
        value_axes, reach_axes = panels(figure, 2)
        _levels(value_axes, reach_axes, feature["levels"])
    elif kind == "ultimate x":
        figure = new_figure(11, 4.6)
        law_axes, worth_axes = panels(figure, 2)
        _sums(law_axes, worth_axes, feature["states"], int(feature["lines"]))
        title += f" a hand, {feature['lines']}-play"
    elif kind in ("big times draw", "times pay", "wheel"):
        figure = new_figure(11, 4.6)
        law_axes, return_axes = panels(figure, 2)
        _law(law_axes, str(kind), feature)
        _returns(return_axes, data["rows"], split=True)
    else:
        figure = new_figure(7, 4.6)
        _returns(panels(figure, 1)[0], data["rows"], split=False)
    figure.suptitle(title)
    return save(figure, path)


def _law(axes: Axes, kind: str, feature: Mapping[str, Any]) -> None:
    """The feature's multiplier or wheel: by top card (big times draw), else each value's chance."""
    if kind == "big times draw":
        ranks = list(feature["multipliers"])
        axes.bar(ranks, [feature["multipliers"][rank] for rank in ranks], color="tab:orange")
        axes.set_title("Multiplier by the top card dealt (aces low)")
        axes.set_xlabel("top card")
        axes.set_ylabel("multiplier (X)")
        return
    weights = feature["multipliers"] if kind == "times pay" else feature["wheel"]
    total = sum(weights.values())
    values = sorted(weights, key=float)
    chances = [weights[value] / total for value in values]
    mean = sum(float(value) * chance for value, chance in zip(values, chances))
    axes.bar([str(value) for value in values], chances, color="tab:orange")
    as_percent(axes)
    axes.set_ylabel("chance")
    if kind == "times pay":
        axes.set_title(f"The multiplier's law: {mean:.4g}X on average")
        axes.set_xlabel("multiplier (X)")
    else:
        triggers = ", ".join(label(key) for key in feature.get("trigger", []))
        axes.set_title(f"The wheel's law: {mean:,.1f} credits on average\nspun for {triggers}", fontsize="medium")
        axes.set_xlabel("prize (credits)")
        axes.tick_params(axis="x", labelrotation=45)


def _returns(axes: Axes, rows: Sequence[Mapping[str, Any]], *, split: bool) -> None:
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


def _levels(value_axes: Axes, reach_axes: Axes, levels: Sequence[Mapping[str, Any]]) -> None:
    """Multi-Strike: what reaching each level is worth, and how often a round gets there."""
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


def _sums(law_axes: Axes, value_axes: Axes, states: Sequence[Mapping[str, Any]], lines: int) -> None:
    """Ultimate X: how often each multiplier sum is in play (the stationary law), and its worth."""
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
