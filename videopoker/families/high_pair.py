"""Natural 52-card games that pay a high pair: Jacks or Better, Tens or Better and the bonus games.

They share every hand down to two pair; they differ in the lowest paying pair and in how they split
four of a kind (by the quads' rank, and in Double Double Bonus by the fifth card too).
"""

from __future__ import annotations

from videopoker.cards import Rank
from videopoker.categories import PayCategory as C
from videopoker.hands import (
    flush,
    four_of,
    full_house,
    of_a_kind,
    pair_of,
    royal_flush,
    straight,
    straight_flush,
    two_pair,
)
from videopoker.lookup import Game, Rule

ACES, LOW, MIDDLE = (Rank.ACE,), (Rank.TWO, Rank.THREE, Rank.FOUR), tuple(range(Rank.FIVE, Rank.ACE))

PLAIN_QUADS: tuple[Rule, ...] = ((C.FOUR_OF_A_KIND, of_a_kind(4)),)
#: Bonus Poker and Double Bonus: aces, then 2s-4s, then 5s-Ks.
BONUS_QUADS: tuple[Rule, ...] = ((C.FOUR_ACES, four_of(ACES)), (C.FOUR_2_4, four_of(LOW)),
                                 (C.FOUR_5_K, four_of(MIDDLE)))
#: Double Double Bonus: aces or 2s-4s pay more with a low kicker.
KICKER_QUADS: tuple[Rule, ...] = ((C.FOUR_ACES_WITH_2_4, four_of(ACES, kicker=LOW)),
                                  (C.FOUR_2_4_WITH_A_4, four_of(LOW, kicker=ACES + LOW)), *BONUS_QUADS)


def high_pair_game(key: str, title: str, pair: C, lowest_pair: Rank,
                   quads: tuple[Rule, ...] = PLAIN_QUADS) -> Game:
    """A natural game paying ``pair`` for a pair of ``lowest_pair`` or better, quads split as ``quads``."""
    return Game(key, title, rules=(
        (C.ROYAL_FLUSH, royal_flush), (C.STRAIGHT_FLUSH, straight_flush), *quads,
        (C.FULL_HOUSE, full_house), (C.FLUSH, flush), (C.STRAIGHT, straight),
        (C.THREE_OF_A_KIND, of_a_kind(3)), (C.TWO_PAIR, two_pair), (pair, pair_of(lowest_pair))))


JACKS_OR_BETTER = high_pair_game("jacks-or-better", "Jacks or Better", C.JACKS_OR_BETTER, Rank.JACK)
TENS_OR_BETTER = high_pair_game("tens-or-better", "Tens or Better", C.TENS_OR_BETTER, Rank.TEN)
BONUS_POKER = high_pair_game("bonus-poker", "Bonus Poker", C.JACKS_OR_BETTER, Rank.JACK, BONUS_QUADS)
DOUBLE_BONUS = high_pair_game("double-bonus", "Double Bonus", C.JACKS_OR_BETTER, Rank.JACK, BONUS_QUADS)
DOUBLE_DOUBLE_BONUS = high_pair_game("double-double-bonus", "Double Double Bonus", C.JACKS_OR_BETTER,
                                     Rank.JACK, KICKER_QUADS)
