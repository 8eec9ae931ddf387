"""The pictures of the kinds that play round by round: the feature's multiplier or wheel beside
each hand's part of the return, split into the base game's and what the feature adds
(``return`` − ``base_return``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from videopoker.plots.figure import as_percent, label, new_figure, panels
from videopoker.plots.returns import return_bars

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _beside_returns(data: Mapping[str, Any]) -> tuple[Figure, Axes]:
    """A figure of two panels, the return by hand drawn on the second; the first for the law."""
    figure = new_figure(11, 4.6)
    law_axes, return_axes = panels(figure, 2)
    return_bars(return_axes, data["rows"], split=True)
    return figure, law_axes


def top_card_law(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    """Big Times Draw: the multiplier each top card dealt brings."""
    figure, axes = _beside_returns(data)
    ranks = list(feature["multipliers"])
    axes.bar(ranks, [feature["multipliers"][rank] for rank in ranks], color="tab:orange")
    axes.set_title("Multiplier by the top card dealt (aces low)")
    axes.set_xlabel("top card")
    axes.set_ylabel("multiplier (X)")
    return figure, ""


def _chances(axes: Axes, weights: Mapping[str, int]) -> float:
    """Each value's chance as a bar; its mean."""
    total = sum(weights.values())
    values = sorted(weights, key=float)
    chances = [weights[value] / total for value in values]
    axes.bar([str(value) for value in values], chances, color="tab:orange")
    as_percent(axes)
    axes.set_ylabel("chance")
    return sum(float(value) * chance for value, chance in zip(values, chances))


def multiplier_law(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    """Times Pay: the chance of each multiplier."""
    figure, axes = _beside_returns(data)
    mean = _chances(axes, feature["multipliers"])
    axes.set_title(f"The multiplier's law: {mean:.4g}X on average")
    axes.set_xlabel("multiplier (X)")
    return figure, ""


def wheel_law(data: Mapping[str, Any], feature: Mapping[str, Any]) -> tuple[Figure, str]:
    """Wheel: the chance of each prize, and the hands that spin it."""
    figure, axes = _beside_returns(data)
    mean = _chances(axes, feature["wheel"])
    triggers = ", ".join(label(key) for key in feature.get("trigger", []))
    axes.set_title(f"The wheel's law: {mean:,.1f} credits on average\nspun for {triggers}", fontsize="medium")
    axes.set_xlabel("prize (credits)")
    axes.tick_params(axis="x", labelrotation=45)
    return figure, ""
