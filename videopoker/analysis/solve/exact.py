"""The exact return of a paytable under perfect play, and how often each final hand comes.

Every dealt hand (one per suit class, weighted by its size) plays its best hold; the final-hand
counts of those holds, put on the common denominator C(deck, 5) × lcm of the draw counts, are
exact integers, and the return, variance and probabilities follow from them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import (
    HAND,
    HELD_COUNT,
    HOLDS,
    TIE_ORDER,
    ClassChunk,
    DrawTables,
    PaidDraws,
    Progress,
    _quiet,
    draw_tables,
    picked,
)
from videopoker.paytable import Paytable
from videopoker.rules.definition import Made, PayCategory


@dataclass(frozen=True)
class ReturnRow:
    """One line of a return table: a final category under perfect play."""

    category: PayCategory
    pays: Fraction             # per coin bet
    combinations: int          # on the common denominator
    probability: Fraction

    @property
    def contribution(self) -> Fraction:
        return self.probability * self.pays

    @property
    def one_in(self) -> float:
        """Average games between two of these (the "1 in N" of published tables)."""
        return float(1 / self.probability) if self.probability else float("inf")


@dataclass(frozen=True)
class Analysis:
    """The return table of a paytable at a bet of ``coins``; figures are per coin bet."""

    paytable: Paytable
    coins: int
    rows: tuple[ReturnRow, ...]
    total_combinations: int
    #: E[v²] over dealt hands of v, the dealt hand's expected win per coin under perfect play.
    #: In double precision (relative error ~1e-15); only the multi-hand deviation uses it.
    dealt_second_moment: float = 0.0

    @property
    def rtp(self) -> Fraction:
        return sum((row.contribution for row in self.rows), Fraction(0))

    @property
    def variance(self) -> Fraction:
        second = sum((row.probability * row.pays**2 for row in self.rows), Fraction(0))
        return second - self.rtp**2

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def covariance(self) -> float:
        """The covariance of two hands of one multi-hand round: they share the dealt hand and the
        holds, so it is the variance of the dealt hand's expected win under perfect play."""
        return self.dealt_second_moment - float(self.rtp) ** 2

    def multi_standard_deviation(self, hands: int) -> float:
        """Standard deviation per hand of an N-play round: √(v + (N−1)·c), so that ``H`` hands
        played as rounds of N have a total deviation of √H times it."""
        return math.sqrt(float(self.variance) + (hands - 1) * self.covariance)

    @property
    def top_category(self) -> PayCategory:
        """The game's best hand, its jackpot (a royal flush, or a natural one in wild games)."""
        return self.paytable.game.top

    @property
    def top_cycle(self) -> float:
        """Average games per top hand: the royal cycle of Jacks or Better."""
        return self.row(self.top_category).one_in

    @property
    def royal_cycle(self) -> float | None:
        """Average games per royal when the top hand is a royal (natural in wild games), else None."""
        top = self.paytable.game.spec(self.top_category)
        return self.top_cycle if top is not None and top.made is Made.ROYAL_FLUSH else None

    def win_law(self) -> dict[int, Fraction]:
        """The law of one hand's win in coins: each total paid, with its probability."""
        law: dict[int, Fraction] = {}
        for row in self.rows:
            if row.probability:
                win = self.paytable.pay(row.category, self.coins)
                law[win] = law.get(win, Fraction(0)) + row.probability
        return law

    def row(self, category: PayCategory) -> ReturnRow:
        return next(row for row in self.rows if row.category == category)

    def to_json(self, hands: int = 1) -> dict[str, Any]:
        """The JSON of ``analyze``; ``standard_deviation`` is per hand of a ``hands``-play round."""
        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins,
            "multi": hands, "rtp": float(self.rtp), "variance": float(self.variance),
            "standard_deviation": self.multi_standard_deviation(hands), "covariance": self.covariance,
            **({"royal_cycle": self.royal_cycle} if self.royal_cycle is not None else {}),
            "top_category": self.top_category, "top_cycle": self.top_cycle,
            "total_combinations": self.total_combinations,
            "rows": [{"category": row.category, "pays": float(row.pays),
                      "combinations": row.combinations, "probability": float(row.probability),
                      "one_in": row.one_in, "return": float(row.contribution)} for row in self.rows],
        }


def pay_vector(paytable: Paytable, coins: int) -> npt.NDArray[np.float64]:
    """Total coins paid per game category (``nothing`` last, 0) for a bet of ``coins``."""
    return np.array([paytable.pay(c, coins) for c in paytable.game.categories], dtype=np.float64)


def common_values(tables: DrawTables, paid: PaidDraws, ranks: npt.NDArray[np.int32],
                  dealt: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Every hold's expected pay times the lcm of the draw counts, shape (32, n), for hands of hold
    ranks ``ranks`` and categories ``dealt``, ``paid`` as :meth:`DrawTables.paid` weighs them:
    holds that draw different numbers of cards compare exactly, and equal EVs are equal numbers."""
    values = paid.hold_values(ranks, dealt)
    values *= tables.draw_scale.astype(np.float64)[:, None]  # exact: all below 2**53
    return values


def class_values(paytable: Paytable, coins: int) -> npt.NDArray[np.float64]:
    """Every hold's :func:`common_values` for every dealt-hand class of the table at ``coins``."""
    tables = draw_tables(paytable.game)
    paid = tables.paid(pay_vector(paytable, coins))
    values = np.empty((HOLDS, len(tables.class_hands)), dtype=np.float64)
    for chunk in tables.class_chunks():
        values[:, chunk.classes] = common_values(tables, paid, chunk.ranks, chunk.dealt)
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


def analyze(paytable: Paytable, coins: int | None = None, progress: Progress = _quiet,
            tie_order: Sequence[int] = TIE_ORDER, remember: bool = True) -> Analysis:
    """Solve ``paytable`` exactly: the best hold of every dealt hand and the return it gives.

    ``progress(fraction, stage)`` hears about the slow part, building the family's tables when
    no cache has them yet.  ``tie_order`` breaks ties between holds of equal EV (see
    :data:`TIE_ORDER`); only tests change it, to show which rows depend on it.  A solve is
    remembered on disk by the pays it was given, so the same table at the same bet is read back
    the next time (a command starts in a third of the time); ``remember=False`` always solves.
    """
    bet = paytable.base_bet(coins)
    pays = pay_vector(paytable, bet)
    remembered = remember and tuple(tie_order) == TIE_ORDER  # another tie rule is a test's: not kept
    file = cache_file("return", paytable.game, "json", pays.tobytes(), bytes([bet])) if remembered else None
    saved = _load_result(file, paytable) if file else None
    if saved is not None:
        progress(1.0, "done")
        return _analysis(paytable, bet, *saved)
    tables = draw_tables(paytable.game, progress)
    progress(0.9, "best holds")
    tally, paid = HoldTally(tables, bet), tables.paid(pays)
    for chunk in tables.class_chunks():
        values = common_values(tables, paid, chunk.ranks, chunk.dealt)
        tally.add(chunk, values, first_best(values, tie_order))
    combinations, second = tally.combinations(), tally.second_moment()
    if file:
        text = json.dumps({"combinations": combinations, "second": second}).encode()
        save(file, text)
    progress(1.0, "done")
    return _analysis(paytable, bet, combinations, second)


def holds_analysis(paytable: Paytable, coins: int, values: npt.NDArray[np.float64],
                   holds: npt.NDArray[np.int64]) -> Analysis:
    """The return table of playing ``holds`` (one hold mask per dealt-hand class), exactly: what a
    strategy chart returns.  ``values`` are the classes' :func:`common_values` at ``coins``."""
    tables = draw_tables(paytable.game)
    tally = HoldTally(tables, coins)
    for chunk in tables.class_chunks():
        tally.add(chunk, values[:, chunk.classes], holds[chunk.classes])
    return _analysis(paytable, coins, tally.combinations(), tally.second_moment())


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
            groups: npt.NDArray[np.intp] | None = None, out: npt.NDArray[np.bool_] | None = None) -> None:
        """Play ``holds`` on the classes of ``chunk``, whose :func:`common_values` are ``values``;
        ``groups`` says which group each class is tallied in (all in the first when None), ``out``
        which are taken out of it instead (a hold no longer played)."""
        class_weights = self.tables.class_weights[chunk.classes]
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


def hold_counts(paytable: Paytable, holds: npt.NDArray[np.integer[Any]]) -> list[int]:
    """The final-hand counts (on the common denominator) of playing ``holds``, one a dealt-hand class."""
    tables = draw_tables(paytable.game)
    tally = HoldTally(tables, paytable.max_coins)
    for chunk in tables.class_chunks():
        played = holds[chunk.classes].astype(np.int64)
        tally.add(chunk, np.zeros((HOLDS, len(played))), played)  # counts only: no worth to square
    return tally.combinations()


def moved_counts(paytable: Paytable, known: tuple[list[int], npt.NDArray[np.integer[Any]]],
                 holds: Sequence[npt.NDArray[np.integer[Any]]]) -> list[list[int]]:
    """The final-hand counts of each of ``holds``, given the counts of ``known`` holds: each is
    tallied from the nearest before it (``known`` or an earlier one), only the classes held
    otherwise, in with the new hold and out with the old, all in one tally."""
    tables = draw_tables(paytable.game)
    chain = [known[1], *holds]
    parents = [min(range(index + 1), key=lambda earlier: int((chain[earlier] != chain[index + 1]).sum()))
               for index in range(len(holds))]
    tally = HoldTally(tables, paytable.max_coins, groups=len(holds))
    for chunk in tables.class_chunks():
        columns, played, groups, out = [], [], [], []
        for index, parent in enumerate(parents):
            now, then = chain[index + 1][chunk.classes], chain[parent][chunk.classes]
            moved = np.flatnonzero(now != then)
            for side, chosen in enumerate((now, then)):
                columns.append(moved)
                played.append(chosen[moved])
                groups.append(np.full(len(moved), index, dtype=np.intp))
                out.append(np.full(len(moved), bool(side)))
        if sum(len(moved) for moved in columns):
            taken = np.concatenate(columns)
            tally.add(picked(chunk, taken), np.zeros((HOLDS, len(taken))), np.concatenate(played).astype(np.int64),
                      np.concatenate(groups), np.concatenate(out))
    tallied = tally.group_combinations()
    counts = [known[0]]
    for index, parent in enumerate(parents):
        counts.append([kept + moved for kept, moved in zip(counts[parent], tallied[index])])
    return counts[1:]


def _total(paytable: Paytable) -> int:
    """The common denominator: every dealt hand times the lcm of the draw counts."""
    unseen = paytable.game.deck_size - HAND
    return comb(paytable.game.deck_size, HAND) * lcm(*(comb(unseen, k) for k in range(HAND + 1)))


def _analysis(paytable: Paytable, bet: int, combinations: Sequence[int], second: float) -> Analysis:
    total = _total(paytable)
    rows = tuple(ReturnRow(category, Fraction(paytable.pay(category, bet), bet), n, Fraction(n, total))
                 for category, n in zip(paytable.game.categories, combinations))
    return Analysis(paytable, bet, rows, total, second)


def _load_result(file: Path, paytable: Paytable) -> tuple[list[int], float] | None:
    """A cached solve, if it is whole: one count per category, summing to the denominator."""
    try:
        data = json.loads(load(file) or b"null")
        combinations, second = data["combinations"], data["second"]
    except (ValueError, KeyError, TypeError):
        return None
    if (not isinstance(combinations, list) or len(combinations) != len(paytable.game.categories)
            or not all(type(n) is int and n >= 0 for n in combinations) or sum(combinations) != _total(paytable)
            or not isinstance(second, float)):
        return None
    return combinations, second



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
