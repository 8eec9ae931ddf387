"""The engine's registry: each feature kind's :class:`~.engine.Engine`, by the name a paytable
gives the kind.  Shared code finds a table's engine here and asks it; adding a kind is its
package beside the others and one line below."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from videopoker.analysis.features.bonus_streak.engine import BonusStreakEngine
from videopoker.analysis.features.by_round import ROUND_BY_ROUND
from videopoker.analysis.features.dream_card.engine import DreamCardEngine
from videopoker.analysis.features.engine import Engine
from videopoker.analysis.features.multi_strike.engine import MultiStrikeEngine
from videopoker.analysis.features.shockwave.engine import ShockwaveEngine
from videopoker.analysis.features.ultimate_x.engine import UltimateXEngine
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import Feature, PlayState

ENGINES: dict[str, Engine] = {
    "big times draw": ROUND_BY_ROUND,
    "times pay": ROUND_BY_ROUND,
    "wheel": ROUND_BY_ROUND,
    "quick quads": ROUND_BY_ROUND,
    "dream card": DreamCardEngine(),
    "multi-strike": MultiStrikeEngine(),
    "ultimate x": UltimateXEngine(),
    "shockwave": ShockwaveEngine(),
    "bonus streak": BonusStreakEngine(),
}


def engine_of(feature: Feature) -> Engine:
    """The engine of ``feature``'s kind."""
    return ENGINES[feature.kind]


def asked_state(paytable: Paytable, options: Mapping[str, Any], coins: int | None = None) -> PlayState | None:
    """The state a player's ``options`` name (``level=2``, ``multipliers=(2, 1, 1)`` …) at a bet of
    ``coins`` (default the top bet), checked against the table: None where no state decides the
    hold (a table without one, or below its feature bet when none is named), else a one-line error
    saying what the table has."""
    given = {name for name, value in options.items() if value not in (None, False, ())}
    feature = paytable.feature
    mine = engine_of(feature) if feature is not None else None
    for engine in ENGINES.values():
        if given & set(engine.options) and engine is not mine:
            raise VideoPokerError(engine.refusal(paytable))
    if feature is None or mine is None or not feature.carries_state:
        return None
    if not paytable.plays_feature(coins):
        if not given:
            return None
        named = " or ".join(f"--{name.replace('_', '-')}" for name in mine.options)
        raise VideoPokerError(f"--coins {coins}: below the feature bet a round earns nothing for the next, so the "
                              f"base game's holds are best (hint without {named}); the state decides the hold at "
                              f"{paytable.top_bet} coins a hand")
    return mine.state(paytable, options)
