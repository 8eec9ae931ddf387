"""What a five-card hand is worth under a game's rules: the one entry point play and analysis share.

The pieces live beside it: :mod:`videopoker.rules` (games as data, the game files),
:mod:`videopoker.rules.hands` (the test each hand entry makes), :mod:`videopoker.rules.lookup` (the table
that serves them all).

>>> evaluate(parse_hand("Ah Kh Qh Jh Th"), load_game("jacks-or-better"))
'royal_flush'
>>> evaluate(parse_hand("Tc Td 4s 8h 2c"), load_game("jacks-or-better"))
'nothing'
>>> evaluate(parse_hand("4h 5c 2d 7s 8s"), load_game("deuces-wild"))    # the deuce fills the gap
'straight'
"""

from __future__ import annotations

from collections.abc import Sequence

from videopoker.deck.cards import Card, parse_hand  # noqa: F401  (doctest)
from videopoker.rules.catalog import game_keys, load_game
from videopoker.rules.definition import NOTHING, PayCategory
from videopoker.rules.lookup import LOW_MASK, NO_CATEGORY, RANK_KEYS, RANK_SHIFT, RANK_WEIGHTS, Game

__all__ = ["LOW_MASK", "NOTHING", "NO_CATEGORY", "RANK_KEYS", "RANK_SHIFT", "RANK_WEIGHTS", "Game", "PayCategory",
           "evaluate", "game_keys", "load_game"]


def evaluate(hand: Sequence[Card], game: Game) -> PayCategory:
    """The pay category of five cards under ``game``'s rules."""
    return game.categories[game.evaluate_index([game.position(card) for card in hand])]
