"""A progressive table's return at any meter, and the breakeven meter advantage players ask for.

At the top bet the progressive hand pays the meter's whole credits, so the table at a meter is an
ordinary table (:meth:`~videopoker.paytable.Paytable.at_meter`) solved exactly like any other.
Under perfect play the return never falls as a pay rises (the old strategy is still there to
play), so the breakeven meter — the least whole meter at which perfect play returns 100% or more —
is found by search over exact re-solves: doubling from the base until the return reaches 1, then
halving the gap.  It agrees with ``paytable solve --target 1.0`` on the hand (a test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from videopoker.analysis.exact import Analysis, analyze
from videopoker.errors import VideoPokerError
from videopoker.paytable import MAX_PAY, Paytable, Progressive


@dataclass(frozen=True)
class MeterReturn:
    """A progressive table at one meter: its exact return, and the meter at which it breaks even."""

    paytable: Paytable
    meter: int                   # whole credits at the top bet
    analysis: Analysis           # at the top bet, the hand paying the meter
    breakeven: int | None        # None: no meter a table may pay reaches 100%

    @property
    def progressive(self) -> Progressive:
        assert self.paytable.progressive is not None
        return self.paytable.progressive

    @property
    def cycle(self) -> float:
        """Hands between two of the progressive hand under perfect play at this meter."""
        row = next(row for row in self.analysis.rows if row.category == self.progressive.hand)
        return row.one_in

    def lines(self) -> list[str]:
        """What a player reads, each line within 80 columns."""
        hand = self.paytable.game.label(self.progressive.hand).lower()
        top = self.paytable.max_coins
        lines = [f"Progressive {hand} at {top} coins: meter {self.meter:,} credits, return "
                 f"{float(self.analysis.rtp) * 100:.4f}%.",
                 f"A {hand} every {self.cycle:,.0f} hands at this meter, with perfect play."]
        if self.breakeven is None:
            lines.append("No meter a table may pay brings this one to 100%.")
        else:
            lines.append(f"Breakeven meter: {self.breakeven:,} credits (100% or more from there; "
                         f"{self.breakeven - 1:,} is less).")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {"meter": self.meter, "breakeven_meter": self.breakeven, "cycle": self.cycle}


def check_meter(paytable: Paytable, meter: int) -> Progressive:
    """``paytable``'s meter spec, if ``meter`` is one it may show; else a one-line refusal."""
    if paytable.progressive is None:
        raise VideoPokerError(f"--meter: {paytable.name!r} has no progressive meter (a table adds "
                              "`progressive: {hand: royal_flush, base: 4000, rate: 0.005}`)")
    most = MAX_PAY * paytable.max_coins
    if not 0 <= meter <= most:
        raise VideoPokerError(f"--meter {meter:,}: a meter is 0..{most:,} credits")
    return paytable.progressive


def meter_return(paytable: Paytable, meter: int) -> MeterReturn:
    """The table at ``meter`` whole credits, solved exactly at its top bet, and its breakeven meter."""
    check_meter(paytable, meter)
    return MeterReturn(paytable, meter, analyze(paytable.at_meter(meter)), breakeven_meter(paytable))


def _returns(paytable: Paytable, meter: int) -> Fraction:
    return analyze(paytable.at_meter(meter), remember=False).rtp


def breakeven_meter(paytable: Paytable) -> int | None:
    """The least whole meter at which perfect play returns 100% or more (0 if any meter does)."""
    most = MAX_PAY * paytable.max_coins
    if _returns(paytable, 0) >= 1:
        return 0
    low, high = 0, max(1, check_meter(paytable, 0).base)  # the return at low is below 1
    while _returns(paytable, high) < 1:
        if high == most:
            return None
        low, high = high, min(most, high * 2)
    while high - low > 1:  # the return at high is 1 or more, at low below
        middle = (low + high) // 2
        if _returns(paytable, middle) >= 1:
            high = middle
        else:
            low = middle
    return high
