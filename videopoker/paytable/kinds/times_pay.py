"""Times Pay (Hot Roll and its kin): a multiplier drawn by weight on the deal multiplies the round's wins.

``shown_as: two dice`` (Hot Roll) says how the glass shows the draw: a multiplier of 2 to 12 as two
dice that total it, 1 as no roll.  It changes nothing a round pays; a file without it reads as
before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from videopoker.paytable.feature import MAX_MULTIPLIER, Feature, Weights
from videopoker.paytable.feature_reading import Reading, read_coins, read_weights
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import value_position

#: The look of Hot Roll's draw.
TWO_DICE = "two dice"


@dataclass(frozen=True)
class TimesPay(Feature):
    """``multipliers`` are (multiplier, weight) slices."""

    multipliers: Weights = ()
    shown_as: str = ""        # "" (the multiplier told as a number) or TWO_DICE

    kind: ClassVar[str] = "times pay"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "multipliers", "shown_as")
    EXAMPLE: ClassVar[str] = "{kind: times pay, coins: 10, multipliers: {1: 180, 2: 1, 3: 2, …}, shown_as: two dice}"

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> TimesPay | None:
        coins = read_coins(spec, reading)
        slices = read_weights(spec, "multipliers", "multiplier", 1, MAX_MULTIPLIER, "{1: 180, 2: 1, 3: 2}", reading)
        shown = spec.get("shown_as", "")
        if shown not in ("", TWO_DICE):
            reading.add(value_position(spec, "shown_as"), f"shown_as {shown!r} is not a look the glass has: write "
                                                           f"shown_as: {TWO_DICE} (Hot Roll) or leave it out")
            return None
        if shown and slices is not None and any(m != 1 and not 2 <= m <= 12 for m, _ in slices):
            reading.add(value_position(spec, "multipliers"), f"two dice total 2 to 12: with shown_as: {TWO_DICE} "
                                                             f"every multiplier is 1 (no roll) or 2..12")
            return None
        return None if slices is None else cls(coins, multipliers=slices, shown_as=shown)

    def settings_json(self) -> dict[str, Any]:
        return {"multipliers": {str(m): weight for m, weight in self.multipliers},
                **({"shown_as": self.shown_as} if self.shown_as else {})}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        average, _ = self.multiplier_moments(None)
        chance = 1 - Fraction(dict(self.multipliers).get(1, 0), sum(w for _, w in self.multipliers))
        return [f"{self.head}: a multiplier on {float(chance):.2%} of deals, {float(average):.4f}X on average"]

    def deal_multipliers(self, top: int | None) -> Weights:
        return self.multipliers
