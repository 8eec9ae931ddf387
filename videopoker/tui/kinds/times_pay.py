"""How the glass shows a times-pay draw: as a number (the title's ``TIMES PAY 3X``), or, for a table
whose feature is ``shown_as: two dice`` (Hot Roll), as the two dice that total it, with a fresh
glass saying what the feature bet rolls for."""

from __future__ import annotations

from fractions import Fraction

from videopoker.machine.game import MachineState, Phase
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.times_pay import TWO_DICE, TimesPay
from videopoker.tui.kinds.base import KindView


def dice(multiplier: int, deal_key: int) -> tuple[int, int]:
    """Two dice that total ``multiplier`` (2..12): one of the ways they can, picked by the deal (so
    a round shows the same dice every time it is drawn, and different rounds show different ones)."""
    ways = [(one, multiplier - one) for one in range(1, 7) if 1 <= multiplier - one <= 6]
    return ways[deal_key % len(ways)]


def rule(paytable: Paytable) -> str:
    """The feature in one line: how often a deal rolls, and what the dice can make."""
    feature = paytable.feature
    assert isinstance(feature, TimesPay)
    total = sum(weight for _, weight in feature.multipliers)
    rolled = 1 - Fraction(dict(feature.multipliers).get(1, 0), total)
    often = f"ONE DEAL IN {1 / rolled}" if rolled and (1 / rolled).denominator == 1 else f"{float(rolled):.1%} OF DEALS"
    return f"AT {feature.coins} COINS {often} ROLLS TWO DICE: 2X TO 12X ON EVERY HAND"


class TimesPayView(KindView):
    """A plain multiplier unless the table shows its draw as two dice."""

    def title_tag(self, state: MachineState) -> str | None:
        feature = state.paytable.feature
        if not isinstance(feature, TimesPay) or feature.shown_as != TWO_DICE:
            return None
        if state.bet != feature.coins:
            return f"BET {feature.coins} TO ROLL THE DICE"
        last = state.last
        if state.phase is Phase.DEALT:
            multiplier, dealt = state.multiplier, state.hand
        elif last is not None and last.bet == feature.coins:
            multiplier, dealt = last.multiplier, last.dealt
        else:
            return "TWO DICE"  # nothing rolled yet: the message line says what they do
        if multiplier == 1:
            return "NO ROLL"
        one, other = dice(multiplier, sum(card.index for card in dealt))
        return f"DICE {one} + {other} = {multiplier}X"

    def message(self, state: MachineState) -> str | None:
        feature = state.paytable.feature
        if isinstance(feature, TimesPay) and feature.shown_as == TWO_DICE and state.phase is Phase.IDLE \
                and state.last is None:
            return rule(state.paytable)  # a fresh glass says what the feature does
        return None
