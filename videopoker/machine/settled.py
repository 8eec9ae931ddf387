"""A settled round as the ledger keeps it: which game of which wallet, when, under which pays, what
it paid, and what its hold was worth.

The machine's :class:`~videopoker.machine.game.Outcome` is what the glass shows; a :class:`Settled` adds
what a record needs and the glass does not: the game's number in its wallet (the key that makes
writing it twice harmless), the time, the whole paytable it was dealt under (a file edited later
does not rewrite the past), and the grade of the hold when the hint engine could judge it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from videopoker.machine.double_up import DoubleStep
from videopoker.machine.game import Outcome
from videopoker.paytable import Paytable


@dataclass(frozen=True)
class Grade:
    """The hold actually made and the best hold of a round's dealt hand, per coin bet, exact.

    ``variance`` is that of one hand's pay at the hold made; the hands of a multi-hand round draw
    independently once the hold is made, so the round's variance is ``hands`` times it.
    """

    ev: Fraction
    best_ev: Fraction
    variance: Fraction


@dataclass(frozen=True)
class Settled:
    """One settled round, as the wallet hands it to the ledger."""

    number: int               # the wallet's game number: 1 for its first round
    at: float                 # when it was drawn, seconds since the epoch
    reference: str            # how the wallet names the table (a shipped stem or a path)
    paytable: Paytable        # the pays it was dealt under
    outcome: Outcome
    grade: Grade | None       # None when the hint engine was not ready; the ledger grades it later
    meter: int | None = None  # the progressive meter's whole credits it was dealt under, when in play

    @property
    def hands(self) -> int:
        return self.outcome.hands

    @property
    def stake(self) -> int:
        return self.outcome.stake

    @property
    def win(self) -> int:
        return self.outcome.win


@dataclass(frozen=True)
class Doubled:
    """One double of a round's win, as the ledger keeps it: the round's number and its place."""

    number: int               # the round whose win it gambled
    index: int                # 0 for the first double of that win
    step: DoubleStep

    @property
    def net(self) -> int:
        return self.step.stake_after - self.step.stake_before

