"""A progressive table's return at any meter, and the breakeven meter advantage players ask for.

At the top bet the progressive hand pays the meter's whole credits, so the table at a meter is an
ordinary table (:meth:`~videopoker.paytable.Paytable.at_meter`) solved exactly like any other.
Under perfect play the return is the best of one straight line per strategy, so it never falls
and is convex as the meter rises; the breakeven meter — the least whole meter at which perfect
play returns 100% or more — is found by tangent steps over exact re-solves (see
:func:`breakeven_meter`).  It agrees with ``paytable solve --target 1.0`` on the hand (a test
checks it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from videopoker.analysis.solve.exact import Analysis, analyze
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
                 f"{float(self.analysis.rtp) * 100:.5f}%.",
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


def meter_return(paytable: Paytable, meter: int, analysis: Analysis | None = None) -> MeterReturn:
    """The table at ``meter`` whole credits, solved exactly at its top bet (``analysis``, when the
    caller has solved it already), and its breakeven meter."""
    check_meter(paytable, meter)
    solved = analysis if analysis is not None else analyze(paytable.at_meter(meter))
    return MeterReturn(paytable, meter, solved, breakeven_meter(paytable))


def _solved(paytable: Paytable, meter: int) -> Analysis:
    return analyze(paytable.at_meter(meter), remember=False)


def _hits(analysis: Analysis, hand: str) -> Fraction:
    """The chance of the progressive hand under perfect play: the return's slope per credit of
    meter, over the top bet."""
    return next(row.probability for row in analysis.rows if row.category == hand)


def breakeven_meter(paytable: Paytable) -> int | None:
    """The least whole meter at which perfect play returns 100% or more (0 if any meter does).

    The return as a function of the meter is the best of straight lines (one per strategy), so it
    is convex: a tangent step from below lands at or past the breakeven, and tangent steps from
    there close in on it from above, each a whole meter at which the return is still 1 or more.
    A few exact solves, where halving the range would take two dozen; the last meter below is
    checked, and if a tie of strategies ever left a gap, halving finishes the search.
    """
    progressive = check_meter(paytable, 0)
    top, most = paytable.max_coins, MAX_PAY * paytable.max_coins
    low, solved = 0, _solved(paytable, 0)
    if solved.rtp >= 1:
        return 0
    meter = max(1, progressive.base)
    solved = _solved(paytable, meter)
    while solved.rtp < 1:  # below the breakeven: step along the tangent, past it
        hits = _hits(solved, progressive.hand)
        if meter == most or not hits:
            return None
        low = meter
        meter = min(most, meter + max(1, math.ceil((1 - solved.rtp) * top / hits)))
        solved = _solved(paytable, meter)
    while True:  # at or past it: the tangent's root is between the breakeven and here
        hits = _hits(solved, progressive.hand)
        closer = max(low + 1, math.ceil(meter - (solved.rtp - 1) * top / hits))
        if closer >= meter:
            break
        meter, solved = closer, _solved(paytable, closer)
    while meter - low > 1 and _solved(paytable, meter - 1).rtp >= 1:  # the rare gap: halve it
        middle = (low + meter) // 2
        if _solved(paytable, middle).rtp >= 1:
            meter = middle
        else:
            low = middle
    return meter
