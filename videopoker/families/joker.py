"""Joker Poker (Kings or Better): 53 cards, the joker wild, a pair of kings the lowest paying hand."""

from __future__ import annotations

from videopoker.cards import Rank
from videopoker.categories import PayCategory as C
from videopoker.hands import (
    flush,
    full_house,
    natural,
    of_a_kind,
    pair_of,
    royal_flush,
    straight,
    straight_flush,
    two_pair,
    wild,
)
from videopoker.lookup import Game

JOKER_POKER = Game("joker-poker", "Joker Poker", jokers=1, rules=(
    (C.NATURAL_ROYAL_FLUSH, natural(royal_flush)), (C.FIVE_OF_A_KIND, of_a_kind(5)),
    (C.WILD_ROYAL_FLUSH, wild(royal_flush)), (C.STRAIGHT_FLUSH, straight_flush),
    (C.FOUR_OF_A_KIND, of_a_kind(4)), (C.FULL_HOUSE, full_house), (C.FLUSH, flush), (C.STRAIGHT, straight),
    (C.THREE_OF_A_KIND, of_a_kind(3)), (C.TWO_PAIR, two_pair), (C.KINGS_OR_BETTER, pair_of(Rank.KING))))
