"""Multi-Strike on the machine: a stack of levels, each a hand from its own deck, played up.

The whole stack is bet on the first deal (``max_coins`` a level).  Each level's deal may show a
free ride, drawn by the machine's RNG on the deal and saved with it before the glass shows it.
A level pays its multiplier times the pay column at max_coins; a paying hand or a free ride opens
the level above, dealt at once from a fresh deck; otherwise, or after the top level, the round
ends.  The levels played so far travel with the level in play, so the wallet keeps a stack
mid-climb exactly through a kill -9.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.multi_strike import MultiStrike
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class LevelPlayed:
    """One level of a stack, drawn and paid."""

    level: int                      # 1 at the bottom
    free_ride: bool                 # its deal showed a free ride
    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    final: tuple[Card, ...]
    category: PayCategory
    win: int                        # its multiplier times the pay column at max_coins

    @property
    def opens(self) -> bool:
        """Whether it opens the level above: it paid, or rode free."""
        return self.free_ride or self.win > 0


def is_multi_strike(paytable: Paytable) -> bool:
    return paytable.feature is not None and isinstance(paytable.feature, MultiStrike)


def levels_of(paytable: Paytable) -> tuple[int, ...]:
    """The pay multipliers of the table's levels, bottom first (none off Multi-Strike)."""
    feature = paytable.feature
    return feature.levels if isinstance(feature, MultiStrike) else ()


def free_ride(paytable: Paytable, level: int, rng: RandomLike) -> bool:
    """Whether the deal of ``level`` shows a free ride: its chance exactly, drawn by the RNG."""
    feature = paytable.feature
    if not isinstance(feature, MultiStrike) or level >= len(feature.levels):
        return False  # the top level has none
    chance: Fraction = feature.free_ride[level - 1]
    return rng.randrange(chance.denominator) < chance.numerator


def check_level(paytable: Paytable, plays_feature: bool, hands: int, level: int, rode: bool,
                below: Sequence[LevelPlayed]) -> None:
    """A :class:`GameError` unless a round can be dealt on ``level`` with ``below`` played under it."""
    levels = levels_of(paytable) if plays_feature else ()
    if not levels:
        if level or rode or below:
            raise GameError("only a Multi-Strike table at its feature bet plays levels")
        return
    if hands != 1:
        raise GameError("Multi-Strike plays one hand a level")
    if not 1 <= level <= len(levels) or len(below) != level - 1:
        raise GameError(f"a Multi-Strike round is on a level 1..{len(levels)} above the levels played under it")
    if rode and level == len(levels):
        raise GameError("the top level has no free ride")
    if [played.level for played in below] != list(range(1, level)) or not all(played.opens for played in below):
        raise GameError("every level under the one in play was played and opened it")
