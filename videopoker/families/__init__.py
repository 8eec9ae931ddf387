"""The game families, each one short definition: its categories, best first, and the test for each.

A hand is paid as the first category (best) it can make; wild cards take whatever values get
there (:mod:`videopoker.lookup`).  ``GAMES`` maps a paytable's ``game:`` key to its rules.
"""

from videopoker.families.deuces import DEUCES_WILD
from videopoker.families.high_pair import (
    BONUS_POKER,
    DOUBLE_BONUS,
    DOUBLE_DOUBLE_BONUS,
    JACKS_OR_BETTER,
    TENS_OR_BETTER,
    high_pair_game,
)
from videopoker.families.joker import JOKER_POKER
from videopoker.lookup import Game

GAMES: dict[str, Game] = {game.key: game for game in (
    JACKS_OR_BETTER, TENS_OR_BETTER, BONUS_POKER, DOUBLE_BONUS, DOUBLE_DOUBLE_BONUS, DEUCES_WILD, JOKER_POKER)}

__all__ = ["BONUS_POKER", "DEUCES_WILD", "DOUBLE_BONUS", "DOUBLE_DOUBLE_BONUS", "GAMES", "JACKS_OR_BETTER",
           "JOKER_POKER", "TENS_OR_BETTER", "Game", "high_pair_game"]
