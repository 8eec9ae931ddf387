"""The feature kinds a paytable can name, one module each: the data floor's registry.

Adding a kind is a module here with its :class:`~videopoker.paytable.feature.Feature` subclass
and one entry below; nothing else on this floor names a kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from videopoker.paytable.feature import Drawn, Feature, PlayState
from videopoker.paytable.kinds.big_times_draw import BigTimesDraw
from videopoker.paytable.kinds.bonus_streak import BonusStreak
from videopoker.paytable.kinds.dream_card import DreamCard
from videopoker.paytable.kinds.multi_strike import MultiStrike
from videopoker.paytable.kinds.quick_quads import QuickQuads
from videopoker.paytable.kinds.shockwave import Shockwave
from videopoker.paytable.kinds.times_pay import TimesPay
from videopoker.paytable.kinds.ultimate_x import UltimateX
from videopoker.paytable.kinds.wheel import Wheel

#: Every kind by the name a paytable file gives it, in the order the manual lists them.
KINDS: dict[str, type[Feature]] = {kind.kind: kind for kind in (
    BigTimesDraw,
    TimesPay,
    Wheel,
    QuickQuads,
    DreamCard,
    MultiStrike,
    UltimateX,
    Shockwave,
    BonusStreak,
)}


def read_state(data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
    """The state of a round in play a wallet kept (its record ``data``), of whichever kind it is."""
    return next((state for kind in KINDS.values() if (state := kind.state_of_json(data, hands, where))), None)


def read_played(data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
    """The state of a finished round a wallet kept (its outcome's record), of whichever kind it is."""
    return next((state for kind in KINDS.values() if (state := kind.played_of_json(data, drawn, where))), None)


def read_kept(data: Any, where: str) -> PlayState:
    """What a machine kept for its next round, as a wallet wrote it, of whichever kind it is."""
    kept = next((state for kind in KINDS.values() if (state := kind.kept_of_json(data, where))), None)
    if kept is None:
        raise ValueError(f"{where} is not a state a machine keeps")
    return kept
