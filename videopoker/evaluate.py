"""What a five-card hand is worth under a game's rules: the one entry point play and analysis share.

The pieces live beside it: :mod:`videopoker.categories` (what a hand can be called),
:mod:`videopoker.families` (each game's rules), :mod:`videopoker.lookup` (the table that serves
them all).  This module keeps the names the rest of the program imports.

>>> evaluate(parse_hand("Ah Kh Qh Jh Th"), JACKS_OR_BETTER)
<PayCategory.ROYAL_FLUSH: 'royal_flush'>
>>> evaluate(parse_hand("Tc Td 4s 8h 2c"), JACKS_OR_BETTER)
<PayCategory.NOTHING: 'nothing'>
>>> evaluate(parse_hand("4h 5c 2d 7s 8s"), DEUCES_WILD)    # the deuce fills the gap
<PayCategory.STRAIGHT: 'straight'>
"""

from __future__ import annotations

from collections.abc import Sequence

from videopoker.cards import Card, parse_hand  # noqa: F401  (doctest)
from videopoker.categories import LABELS, SHORT_NAMES, PayCategory
from videopoker.families import (
    BONUS_POKER,
    DEUCES_WILD,
    DOUBLE_BONUS,
    DOUBLE_DOUBLE_BONUS,
    GAMES,
    JACKS_OR_BETTER,
    JOKER_POKER,
    TENS_OR_BETTER,
    high_pair_game,
)
from videopoker.lookup import LOW_MASK, NO_CATEGORY, RANK_KEYS, RANK_SHIFT, RANK_WEIGHTS, Game, Rule

__all__ = ["BONUS_POKER", "DEUCES_WILD", "DOUBLE_BONUS", "DOUBLE_DOUBLE_BONUS", "GAMES", "JACKS_OR_BETTER",
           "JOKER_POKER", "LABELS", "LOW_MASK", "NO_CATEGORY", "RANK_KEYS", "RANK_SHIFT", "RANK_WEIGHTS",
           "SHORT_NAMES", "TENS_OR_BETTER", "Game", "PayCategory", "Rule", "evaluate", "high_pair_game"]


def evaluate(hand: Sequence[Card], game: Game = JACKS_OR_BETTER) -> PayCategory:
    """The pay category of five cards under ``game``'s rules."""
    return game.categories[game.evaluate_index([card.index for card in hand])]
