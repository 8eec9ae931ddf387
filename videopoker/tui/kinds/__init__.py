"""The screen's registry: each feature kind's view, by the name a paytable gives the kind.  The
machine's glass and the analysis screen find a table's view here and ask it; adding a kind is its
module beside the others and one line below."""

from __future__ import annotations

from videopoker.paytable import Paytable
from videopoker.tui.kinds.base import KindView
from videopoker.tui.kinds.bonus_streak import BonusStreakView
from videopoker.tui.kinds.dream_card import DreamCardView
from videopoker.tui.kinds.multi_strike import MultiStrikeView
from videopoker.tui.kinds.quick_quads import QuickQuadsView
from videopoker.tui.kinds.shockwave import ShockwaveView
from videopoker.tui.kinds.times_pay import TimesPayView
from videopoker.tui.kinds.ultimate_x import UltimateXView
from videopoker.tui.kinds.wheel import WheelView

#: A kind that shows nothing of its own (its multiplier is told by the title), and a plain table.
PLAIN = KindView()

VIEWS: dict[str, KindView] = {
    "big times draw": PLAIN,
    "times pay": TimesPayView(),
    "wheel": WheelView(),
    "quick quads": QuickQuadsView(),
    "dream card": DreamCardView(),
    "multi-strike": MultiStrikeView(),
    "ultimate x": UltimateXView(),
    "shockwave": ShockwaveView(),
    "bonus streak": BonusStreakView(),
}


def view_of(paytable: Paytable) -> KindView:
    """The view of the table's feature kind (a table without one: :data:`PLAIN`)."""
    return VIEWS[paytable.feature.kind] if paytable.feature is not None else PLAIN
