"""Deuces Wild: 52 cards, the four 2s wild, three of a kind the lowest paying hand."""

from __future__ import annotations

from videopoker.cards import Rank
from videopoker.categories import PayCategory as C
from videopoker.hands import (
    flush,
    full_house,
    natural,
    of_a_kind,
    royal_flush,
    straight,
    straight_flush,
    wild,
    wild_cards,
)
from videopoker.lookup import Game

DEUCES_WILD = Game("deuces-wild", "Deuces Wild", wild_ranks=frozenset({Rank.TWO}), rules=(
    (C.NATURAL_ROYAL_FLUSH, natural(royal_flush)), (C.FOUR_DEUCES, wild_cards(4)),
    (C.WILD_ROYAL_FLUSH, wild(royal_flush)), (C.FIVE_OF_A_KIND, of_a_kind(5)),
    (C.STRAIGHT_FLUSH, straight_flush), (C.FOUR_OF_A_KIND, of_a_kind(4)), (C.FULL_HOUSE, full_house),
    (C.FLUSH, flush), (C.STRAIGHT, straight), (C.THREE_OF_A_KIND, of_a_kind(3))))
