"""Holds played on many dealt hands at once, tallied exactly: the pieces every solve shares.

A hold's value is its total pay over all its draws put on one common denominator (the lcm of the
draw counts), so holds that draw different numbers of cards compare exactly and equal EVs are equal
numbers; :func:`first_best` picks among them with the tie rule every count repeats; :class:`HoldTally`
adds up the final hands the chosen holds make, by inclusion–exclusion over the draw tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HAND, HELD_COUNT, HOLDS, TIE_ORDER, ClassChunk, DrawTables, PaidDraws


def common_values(tables: DrawTables, paid: PaidDraws, ranks: npt.NDArray[np.int32],
                  dealt: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Every hold's expected pay times the lcm of the draw counts, shape (32, n), for hands of hold
    ranks ``ranks`` and categories ``dealt``, ``paid`` as :meth:`DrawTables.paid` weighs them:
    holds that draw different numbers of cards compare exactly, and equal EVs are equal numbers."""
    values = paid.hold_values(ranks, dealt)
    values *= tables.draw_scale.astype(np.float64)[:, None]  # exact: all below 2**53
    return values


def first_best(values: npt.NDArray[np.float64], order: Sequence[int] = TIE_ORDER) -> npt.NDArray[np.int64]:
    """Per column, the hold of highest value; of equal values the first in ``order``, so results repeat.

    Values are exact integers (in float64), so equal EVs compare equal.  The return never
    depends on ``order``; how often each final hand comes can, where tied holds differ.
    """
    best = np.full(values.shape[1], order[0], dtype=np.int64)
    top = values[order[0]].copy()
    for mask in order[1:]:
        better = values[mask] > top
        best[better] = mask
        np.maximum(top, values[mask], out=top)
    return best


class HoldTally:
    """Final-category counts (on the common denominator) of playing one hold per dealt-hand class,
    and E[v²] of the dealt hand's expected win v per coin, added up a chunk of classes at a time.

    The inclusion–exclusion of :mod:`draws` over the supersets T of each chosen hold, turned
    inside out: first add up, per subset of the deck, the signed weight of every class that
    reaches it, then weigh each subset's category counts once.  Deals may be tallied apart in
    ``groups`` (a feature whose multiplier the dealt cards decide); one group is the plain solve.
    """

    def __init__(self, tables: DrawTables, bet: int, groups: int = 1) -> None:
        self.tables, self.bet, self.groups = tables, bet, groups
        self.subsets = [len(counts) for counts in tables.subset_counts[:HAND]]
        self.per_subset = [np.zeros(groups * n, dtype=np.float64) for n in self.subsets]
        self.categories = len(tables.game.categories)
        self.dealt = np.zeros(groups * self.categories, dtype=np.float64)
        self.second = np.zeros(groups, dtype=np.float64)
        self.common, self.scale = tables.common_draws, tables.draw_scale

    def add(self, chunk: ClassChunk, values: npt.NDArray[np.float64], holds: npt.NDArray[np.int64],
            groups: npt.NDArray[np.intp] | None = None, out: npt.NDArray[np.bool_] | None = None,
            weights: npt.NDArray[np.int64] | None = None) -> None:
        """Play ``holds`` on the classes of ``chunk``, whose :func:`common_values` are ``values``;
        ``groups`` says which group each class is tallied in (all in the first when None), ``out``
        which are taken out of it instead (a hold no longer played); ``weights``, the deals each
        stands for where they are not the classes' sizes (an ordered game's deals in their orders)."""
        class_weights = self.tables.class_weights[chunk.classes] if weights is None else weights
        weights = self.scale[holds] * class_weights
        negative = HELD_COUNT[holds] & 1 if out is None else (HELD_COUNT[holds] & 1) != out
        signed = np.where(negative, -weights, weights).astype(np.float64)
        for superset in range(HOLDS - 1):  # the classes whose hold is in T, for each T of < 5 cards
            classes = np.flatnonzero((holds & ~superset) == 0)
            size = HELD_COUNT[superset]
            index = chunk.ranks[superset].take(classes)
            if groups is not None:
                index = index + groups.take(classes) * self.subsets[size]
            np.add.at(self.per_subset[size], index, signed.take(classes))
        # The superset that is the whole dealt hand: one final hand, the dealt one, reached by all.
        dealt = chunk.dealt if groups is None else chunk.dealt + groups * self.categories
        self.dealt += np.bincount(dealt, signed, minlength=len(self.dealt))
        per_coin = values[holds, np.arange(values.shape[1])] / (self.common * self.bet)
        squares = class_weights.astype(np.float64) * per_coin**2
        if groups is None:
            self.second[0] += float(squares.sum())
        else:
            self.second += np.bincount(groups, squares, minlength=self.groups)

    def group_combinations(self) -> list[list[int]]:
        """:meth:`combinations` of each group."""
        whole_sign = -1 if HAND % 2 else 1
        combinations = whole_sign * np.rint(self.dealt.reshape(self.groups, -1)).astype(np.int64)
        for size, subset_weights in enumerate(self.per_subset):
            sign = -1 if size % 2 else 1
            weights = subset_weights.reshape(self.groups, -1)
            reached = np.flatnonzero(weights.any(axis=0))  # a tally of a few classes reaches few subsets
            combinations += sign * exact_dot(weights[:, reached], self.tables.subset_floats[size][reached])
        return [[int(n) for n in row] for row in combinations]

    def combinations(self) -> list[int]:
        return [sum(column) for column in zip(*self.group_combinations())]

    def group_second_moments(self) -> list[float]:
        """:meth:`second_moment` of each group's deals, over all deals (they sum to the whole)."""
        return [float(second) / comb(self.tables.game.deck_size, HAND) for second in self.second]

    def second_moment(self) -> float:
        return float(self.second.sum()) / comb(self.tables.game.deck_size, HAND)


SPLIT = float(1 << 26)


def exact_dot(weights: npt.NDArray[np.float64], counts: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """``weights @ counts`` for whole numbers, exactly, at BLAS speed (an int64 product has no BLAS).

    The weights are split into high and low 26-bit halves: every partial sum of either product stays
    below 2**53 (a column of ``counts`` sums to at most C(53, 5) × 10 < 2**25), so float64 is exact.
    """
    high = np.floor(weights / SPLIT)
    low = weights - high * SPLIT
    total: npt.NDArray[np.int64] = np.rint(high @ counts).astype(np.int64) << 26
    total += np.rint(low @ counts).astype(np.int64)
    return total
