"""The law of a multi-hand round's win: N hands drawn from one dealt hand under perfect play.

The hands of a round share the deal and the hold, then draw from their own decks, so given the
deal their final hands are independent and alike: the round's win is the sum of N draws from
the hold's law of final hands.  Its generating function is, over every deal (a suit class, by
its weight), the hold's generating function to the N-th power.  Deals whose holds end alike (the
same count of each final hand over the same draws: about 1,300 laws for Jacks or Better's
134,459 classes) are merged, and the sum is taken at the points of one real FFT long enough for
the largest win, so no multinomial is ever expanded.  Each chance comes out to float rounding
(about 1e-16 absolute), as :mod:`~videopoker.analysis.session.bankroll` carries it; chances
below :data:`NEGLIGIBLE`, or within ten times the rounding the transform shows (its most negative
chance), are dropped: wins no round can make come out as rounding of that size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.exact import analyze, common_values, first_best, pay_vector
from videopoker.paytable import Paytable

#: A round's win with a smaller chance than this is left out of the law (it could never move a figure).
NEGLIGIBLE = 1e-18
#: Hold laws' values raised to the N-th power at once, all points of the transform counted (64 MB).
BATCH = 4_000_000


@dataclass(frozen=True)
class RoundLaw:
    """A table played ``hands`` hands a round at ``bet`` coins a hand: the law of a round's win."""

    paytable: Paytable
    bet: int
    hands: int
    rtp: Fraction
    wins: npt.NDArray[np.int64]       # coins a round can win
    chances: npt.NDArray[np.float64]

    @property
    def coins(self) -> int:
        """Coins a round costs: the bet on every hand."""
        return self.bet * self.hands

    def win_law(self) -> dict[int, float]:
        return dict(zip(self.wins.tolist(), self.chances.tolist()))


def round_law(paytable: Paytable, coins: int | None, hands: int) -> RoundLaw:
    """The law of a round of ``hands`` hands at ``coins`` a hand (default the top bet), perfect play."""
    bet = paytable.base_bet(coins)
    pays = pay_vector(paytable, bet)
    holds, weights = _hold_laws(paytable, pays)
    whole = pays.astype(np.int64)
    step = math.gcd(*whole.tolist()) or 1
    size = 1 << math.ceil(math.log2(hands * int(whole.max()) // step + 1))
    points = np.exp(-2j * np.pi * np.outer(whole // step, np.arange(size // 2 + 1)) / size)
    spectrum = np.zeros(size // 2 + 1, dtype=np.complex128)
    chances = holds[:, :-1] / holds[:, -1:]
    rows = max(1, BATCH // points.shape[1])
    for start in range(0, len(holds), rows):
        spectrum += weights[start:start + rows] @ _power(chances[start:start + rows] @ points, hands)
    law = np.fft.irfft(spectrum, size)
    noise = -float(law.min())  # a chance below 0 is rounding alone: those of its size are rounding too
    kept = np.flatnonzero(law >= max(NEGLIGIBLE, 10 * noise))
    rtp = analyze(paytable, bet).rtp
    return RoundLaw(paytable, bet, hands, rtp, kept.astype(np.int64) * step, law[kept] / law[kept].sum())


def _power(values: npt.NDArray[np.complex128], exponent: int) -> npt.NDArray[np.complex128]:
    """``values ** exponent`` by squaring: complex products, several times faster than numpy's power."""
    result = np.ones_like(values)
    square = values.copy()
    while exponent:
        if exponent & 1:
            result *= square
        exponent >>= 1
        if exponent:
            square *= square
    return result


def _hold_laws(paytable: Paytable, pays: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.int64],
                                                                            npt.NDArray[np.float64]]:
    """Each distinct law of a best hold's final hands (the count of each category, then the draws),
    and the chance a deal plays it: every class's best hold by the return table's values and tie rule."""
    tables = draw_tables(paytable.game)
    paid, draws = tables.paid(pays), tables.draw_counts
    laws, weights = [], []
    for chunk in tables.class_chunks():
        holds = first_best(common_values(tables, paid, chunk.ranks, chunk.dealt))
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes])
        laws.append(np.column_stack([outcomes[holds, np.arange(len(holds))], draws[holds]]))
        weights.append(tables.class_weights[chunk.classes])
    distinct, where = np.unique(np.concatenate(laws), axis=0, return_inverse=True)
    dealt = np.bincount(where.ravel(), np.concatenate(weights).astype(np.float64)) / comb(paytable.game.deck_size, 5)
    return distinct, dealt
