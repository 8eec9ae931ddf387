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
    HOLDS,
    TIE_ORDER,
    Progress,
    _quiet,
    draw_tables,
    picked,
)
from videopoker.analysis.solve.tally import HoldTally, common_values, first_best
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


def one_in_text(probability: Fraction) -> str:
    """Games between two hands of a ``probability`` as a return table prints it: to a tenth below a
    million, whole above (a Sequential Royal's 3,765,130 keeps the table within 80 columns), ``—``
    for never."""
    if not probability:
        return "—"
    one_in = float(1 / probability)
    return f"{one_in:,.1f}" if one_in < 1e6 else f"{one_in:,.0f}"


def pay_vector(paytable: Paytable, coins: int) -> npt.NDArray[np.float64]:
    """Total coins paid per game category (``nothing`` last, 0) for a bet of ``coins``."""
    return np.array([paytable.pay(c, coins) for c in paytable.game.categories], dtype=np.float64)


def class_values(paytable: Paytable, coins: int) -> npt.NDArray[np.float64]:
    """Every hold's :func:`common_values` for every dealt-hand class of the table at ``coins``."""
    tables = draw_tables(paytable.game)
    paid = tables.paid(pay_vector(paytable, coins))
    values = np.empty((HOLDS, len(tables.class_hands)), dtype=np.float64)
    for chunk in tables.class_chunks():
        values[:, chunk.classes] = common_values(tables, paid, chunk.ranks, chunk.dealt)
    return values


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
    if paytable.game.placed is not None:
        from videopoker.analysis.solve.placed import analyze_placed

        combinations, second = analyze_placed(paytable, bet, pays, progress)
    else:
        combinations, second = _analyze_sets(paytable, bet, pays, progress, tie_order)
    if file:
        text = json.dumps({"combinations": combinations, "second": second}).encode()
        save(file, text)
    progress(1.0, "done")
    return _analysis(paytable, bet, combinations, second)


def _analyze_sets(paytable: Paytable, bet: int, pays: npt.NDArray[np.float64], progress: Progress,
                  tie_order: Sequence[int]) -> tuple[list[int], float]:
    """The combinations and E[v²] of perfect play where only the cards count, not their places."""
    tables = draw_tables(paytable.game, progress)
    progress(0.9, "best holds")
    tally, paid = HoldTally(tables, bet), tables.paid(pays)
    for chunk in tables.class_chunks():
        values = common_values(tables, paid, chunk.ranks, chunk.dealt)
        tally.add(chunk, values, first_best(values, tie_order))
    return tally.combinations(), tally.second_moment()


def holds_analysis(paytable: Paytable, coins: int, values: npt.NDArray[np.float64],
                   holds: npt.NDArray[np.int64]) -> Analysis:
    """The return table of playing ``holds`` (one hold mask per dealt-hand class), exactly: what a
    strategy chart returns.  ``values`` are the classes' :func:`common_values` at ``coins``."""
    tables = draw_tables(paytable.game)
    tally = HoldTally(tables, coins)
    for chunk in tables.class_chunks():
        tally.add(chunk, values[:, chunk.classes], holds[chunk.classes])
    return _analysis(paytable, coins, tally.combinations(), tally.second_moment())


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
    """The common denominator: every dealt hand times the lcm of the draw counts (of a game of places,
    every order of every dealt hand times the ordered draws, which the counts' own total divides)."""
    if paytable.game.placed is not None:
        from videopoker.analysis.solve.placed import placed_total

        return placed_total(paytable.game)
    unseen = paytable.game.deck_size - HAND
    return comb(paytable.game.deck_size, HAND) * lcm(*(comb(unseen, k) for k in range(HAND + 1)))


def _analysis(paytable: Paytable, bet: int, combinations: Sequence[int], second: float) -> Analysis:
    total = sum(combinations) if paytable.game.placed is not None else _total(paytable)
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
            or not all(type(n) is int and n >= 0 for n in combinations) or not _whole(sum(combinations), paytable)
            or not isinstance(second, float)):
        return None
    return combinations, second



def _whole(total: int, paytable: Paytable) -> bool:
    """Whether counts adding up to ``total`` cover every deal: the denominator, or (a game of places,
    whose counts are kept divided by what they share) a divisor of it."""
    whole = _total(paytable)
    return total == whole if paytable.game.placed is None else total > 0 and whole % total == 0
