"""Multi-Strike: a stack of ``levels`` of one hand each, paying 1X, 2X, 4X, ... bottom first; a
paying hand, or a free ride shown on a level's deal, opens the next level.  Its bet is
``max_coins`` a level, so a file gives no ``coins``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from videopoker.paytable.feature import MAX_MULTIPLIER, Feature
from videopoker.paytable.feature_reading import Reading, chance, decimal
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, item_position, value_position

#: Multi-Strike stacks 2..5 levels.
MOST_LEVELS = 5


@dataclass(frozen=True)
class MultiStrike(Feature):
    """``levels``: each level's pay multiplier, bottom first; ``free_ride``: a free ride's chance on
    each level but the top."""

    levels: tuple[int, ...] = ()
    free_ride: tuple[Fraction, ...] = ()

    kind: ClassVar[str] = "multi-strike"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "levels", "free_ride")
    EXAMPLE: ClassVar[str] = "{kind: multi-strike, levels: [1, 2, 4, 8], free_ride: [0.08, 0.078, 0.078]}"
    carries_state: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> MultiStrike | None:
        """``levels: [1, 2, 4, 8]`` and ``free_ride: [p1, p2, p3]``, max_coins a level."""
        add = reading.add
        levels, place = spec.get("levels"), value_position(spec, "levels")
        if (not isinstance(levels, list) or not 2 <= len(levels) <= MOST_LEVELS
                or not all(is_whole(m) and 1 <= m <= MAX_MULTIPLIER for m in levels)):
            add(place, f"multi-strike levels must list 2..{MOST_LEVELS} pay multipliers, bottom level first, each a "
                f"whole number 1..{MAX_MULTIPLIER}, like [1, 2, 4, 8], got {describe(levels)}")
            return None
        rides, place = spec.get("free_ride"), value_position(spec, "free_ride") or place
        if not isinstance(rides, list) or len(rides) != len(levels) - 1:
            add(place, f"multi-strike free_ride must list the chance of a free ride on each level but the top "
                f"({len(levels) - 1} for {len(levels)} levels), like [0.08, 0.078, 0.078], got {describe(rides)}")
            return None
        chances = []
        for index, written in enumerate(rides):
            read = chance(written)
            if read is None:
                add(item_position(rides, index) or place, f"multi-strike free_ride: level {index + 1}'s chance must "
                    f"be a number from 0 up to but not 1 (0.076, or \"19/250\"), got {describe(written)}")
                return None
            chances.append(read)
        coins = len(levels) * (reading.max_coins or 0)
        return cls(coins, levels=tuple(int(m) for m in levels), free_ride=tuple(chances))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "levels": list(self.levels),  # max_coins a level: the table says it
                "free_ride": [decimal(ride) for ride in self.free_ride]}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        rides = ", ".join(f"{float(ride):.2%}" for ride in self.free_ride)
        return [f"Multi-strike, {len(self.levels)} levels of {self.coins // len(self.levels)} coins paying "
                + ", ".join(f"{m}X" for m in self.levels),
                "a paying hand opens the next level, as does a free ride on the deal",
                f"free ride chances, level 1 up: {rides}"]
