"""A round of N hands from one deal, by its generating function: the law of a round's win when
the hands share the deal and the hold and then draw from their own decks.

Given the deal, the N final hands are independent and alike, so the round's generating function
is, over every deal (by its weight), the hold's to the N-th power; deals whose holds end alike are
merged first.  The sum is taken at the points of one real FFT long enough for the largest win, so
no multinomial is ever expanded.  Each chance comes out to float rounding (about 1e-16 absolute);
chances below :data:`NEGLIGIBLE`, or within ten times the rounding the transform shows (its most
negative chance), are dropped: wins no round can make come out as rounding of that size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.tally import common_values, first_best
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
    rtp: Fraction | float
    wins: npt.NDArray[np.int64]       # coins a round can win
    chances: npt.NDArray[np.float64]

    @property
    def coins(self) -> int:
        """Coins a round costs: the bet on every hand."""
        return self.bet * self.hands

    def win_law(self) -> dict[int, float]:
        return dict(zip(self.wins.tolist(), self.chances.tolist()))


def round_spectrum(laws: npt.NDArray[np.float64], weights: npt.NDArray[np.float64],
                   values: npt.NDArray[np.complex128], hands: int) -> npt.NDArray[np.complex128]:
    """Σ weight · (a hand's generating function)^hands at the transform's points: ``laws`` a hand's
    chance of each category per merged hold (rows), ``values`` each category's generating function
    at the points (categories × points)."""
    spectrum = np.zeros(values.shape[1], dtype=np.complex128)
    rows = max(1, BATCH // values.shape[1])
    for start in range(0, len(laws), rows):
        spectrum += weights[start:start + rows] @ power(laws[start:start + rows] @ values, hands)
    return spectrum


def at_points(steps: npt.NDArray[np.int64], size: int) -> npt.NDArray[np.complex128]:
    """z^steps at the real FFT's points z = e^(−2πik/size), k = 0..size/2: (len(steps), points)."""
    values: npt.NDArray[np.complex128] = np.exp(-2j * np.pi * np.outer(steps, np.arange(size // 2 + 1)) / size)
    return values


def transform_size(largest: int) -> int:
    """The FFT length that holds wins 0..``largest`` (in steps) without wrapping."""
    return 1 << math.ceil(math.log2(largest + 1))


def law_of(spectrum: npt.NDArray[np.complex128], size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The wins (in steps) and their chances back from a spectrum, rounding dropped, summing to 1."""
    law = np.fft.irfft(spectrum, size)
    noise = -float(law.min())  # a chance below 0 is rounding alone: those of its size are rounding too
    kept = np.flatnonzero(law >= max(NEGLIGIBLE, 10 * noise))
    chances: npt.NDArray[np.float64] = law[kept] / law[kept].sum()
    return kept.astype(np.int64), chances


def power(values: npt.NDArray[np.complex128], exponent: int) -> npt.NDArray[np.complex128]:
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


def hold_laws(paytable: Paytable, values: npt.NDArray[np.float64],
              groups: npt.NDArray[np.intp] | None = None) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Each distinct law of a best hold's final hands (the count of each category, the draws, and
    the deal's group where ``groups`` says one per class), and the chance a deal plays it: every
    class's best hold by ``values`` a final hand and the tie rule."""
    tables = draw_tables(paytable.game)
    paid, draws = tables.paid(values), tables.draw_counts
    laws, weights = [], []
    for chunk in tables.class_chunks():
        holds = first_best(common_values(tables, paid, chunk.ranks, chunk.dealt))
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes])
        group = groups[chunk.classes] if groups is not None else np.zeros(len(holds), dtype=np.int64)
        laws.append(np.column_stack([outcomes[holds, np.arange(len(holds))], draws[holds], group]))
        weights.append(tables.class_weights[chunk.classes])
    distinct, where = np.unique(np.concatenate(laws), axis=0, return_inverse=True)
    dealt = np.bincount(where.ravel(), np.concatenate(weights).astype(np.float64)) / comb(paytable.game.deck_size, 5)
    return distinct, dealt
