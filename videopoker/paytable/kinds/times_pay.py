"""Times Pay (Hot Roll and its kin): a multiplier drawn by weight on the deal multiplies the round's wins."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from videopoker.paytable.feature import MAX_MULTIPLIER, Feature, Weights
from videopoker.paytable.feature_reading import Reading, read_coins, read_weights
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class TimesPay(Feature):
    """``multipliers`` are (multiplier, weight) slices."""

    multipliers: Weights = ()

    kind: ClassVar[str] = "times pay"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "multipliers")
    EXAMPLE: ClassVar[str] = "{kind: times pay, coins: 10, multipliers: {1: 180, 2: 1, 3: 2, …}}"

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> TimesPay | None:
        coins = read_coins(spec, reading)
        slices = read_weights(spec, "multipliers", "multiplier", 1, MAX_MULTIPLIER, "{1: 180, 2: 1, 3: 2}", reading)
        return None if slices is None else cls(coins, multipliers=slices)

    def settings_json(self) -> dict[str, Any]:
        return {"multipliers": {str(m): weight for m, weight in self.multipliers}}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        average, _ = self.multiplier_moments(None)
        chance = 1 - Fraction(dict(self.multipliers).get(1, 0), sum(w for _, w in self.multipliers))
        return [f"{self.head}: a multiplier on {float(chance):.2%} of deals, {float(average):.4f}X on average"]

    def deal_multipliers(self, top: int | None) -> Weights:
        return self.multipliers
