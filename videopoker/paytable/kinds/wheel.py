"""Wheel Poker: a trigger hand spins a wheel of prizes, drawn after the draw."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.paytable.feature import Feature, Weights
from videopoker.paytable.feature_reading import Reading, read_coins, read_hands, read_weights
from videopoker.paytable.pays import MAX_COINS_LIMIT, MAX_PAY
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import Position, value_position

#: Every value the analysis weighs must stay an exact integer in float64 (see ``pays.MAX_PAY``).
MOST_WORTH = MAX_PAY * MAX_COINS_LIMIT


@dataclass(frozen=True)
class Wheel(Feature):
    """``trigger`` hands spin the ``wheel``: (prize in credits, weight) slices."""

    trigger: tuple[PayCategory, ...] = ()
    wheel: Weights = ()

    kind: ClassVar[str] = "wheel"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "trigger", "wheel")
    EXAMPLE: ClassVar[str] = "{kind: wheel, coins: 6, trigger: [four_of_a_kind], wheel: {100: 5, 150: 8, …}}"

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> Wheel | None:
        coins = read_coins(spec, reading)
        trigger = _trigger(spec, reading)
        wheel = read_weights(spec, "wheel", "prize", 0, MAX_PAY, "{100: 5, 150: 8, 2000: 3}", reading)
        if trigger is None or wheel is None:
            return None
        feature = cls(coins, trigger=trigger, wheel=wheel)
        feature._check_exact(reading.top_total, value_position(spec, "wheel"), reading)
        return feature

    def settings_json(self) -> dict[str, Any]:
        return {"trigger": list(self.trigger), "wheel": {str(prize): weight for prize, weight in self.wheel}}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        average, _ = self.prize_moments()
        names = ", ".join(label(key) for key in self.trigger)
        return textwrap.wrap(f"{self.head}: a wheel prize of {float(average):,.2f} credits on average for {names}", 80)

    @property
    def prizes(self) -> Weights:
        return self.wheel

    def _check_exact(self, top_total: int | None, place: Position, reading: Reading) -> None:
        """The analysis weighs a trigger hand at its pay plus the mean prize, both times the mean's
        denominator: that must stay within the exact range every pay does."""
        average, _ = self.prize_moments()
        if top_total is None:
            return
        worth = (top_total + max(prize for prize, _ in self.wheel)) * average.denominator
        if worth > MOST_WORTH:
            reading.add(place, f"wheel: its weights make the mean prize {average.numerator:,}/"
                        f"{average.denominator:,}, which with the table's top pay is beyond exact arithmetic; give "
                        f"weights with a smaller total (or one that divides the prizes' weighted sum)")


def _trigger(spec: Mapping[Any, Any], reading: Reading) -> tuple[str, ...] | None:
    game = reading.game
    hands = [str(key) for key in game.categories if key != "nothing"] if game is not None else None
    return read_hands(spec, "trigger", "wheel trigger", "spin the wheel", hands, "hand", reading)
