"""Exact returns of many pay vectors of one game at once: the engine under ``videopoker sweep``.

Every dealt-hand class's 32 holds have fixed final-category counts (on the common denominator of
the draws): the matrix ``A`` (classes × 32 holds × categories), built once per game.  A pay vector
``P`` prices every hold at once, ``A @ P``; the best hold of a class is the largest value, ties
broken as :data:`~videopoker.analysis.exact.TIE_ORDER` says (the holds are stored in that order,
so the first largest wins); and the table's final-category counts under perfect play are the
class-weighted sum of the best holds' rows: exactly :func:`~videopoker.analysis.exact.analyze`'s.

Most classes' best hold cannot change over a box of pays (a made pair is held whatever the full
house pays): a hold's value is linear in the pays, so hold ``b`` beats hold ``h`` over the whole
box when the least of ``(A_b − A_h)·P`` there, taken coordinate by coordinate, is above zero (or
zero with ``b`` first in the tie order).  Those classes are added up once, for every table of the
box; only the rest are solved table by table.  Counts are whole numbers kept in int64, so every
figure is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.draws import HOLDS, draw_tables
from videopoker.analysis.exact import TIE_ORDER, check_coins, pay_vector
from videopoker.lookup import Game
from videopoker.paytable import Paytable

#: Classes solved at once: their holds' values for a batch of tables stay a few tens of MB.
CHUNK = 2048


@dataclass(frozen=True)
class Figures:
    """One table's exact figures under perfect play, per coin bet, from its category counts."""

    combinations: tuple[int, ...]   # final hands of each category, on the common denominator
    pays: tuple[int, ...]           # total paid for each category at the bet
    bet: int
    total: int                      # the common denominator

    @property
    def rtp(self) -> Fraction:
        return Fraction(sum(n * pay for n, pay in zip(self.combinations, self.pays)), self.total * self.bet)

    @property
    def variance(self) -> Fraction:
        second = Fraction(sum(n * pay * pay for n, pay in zip(self.combinations, self.pays)),
                          self.total * self.bet * self.bet)
        return second - self.rtp ** 2

    @property
    def hit_frequency(self) -> Fraction:
        return Fraction(sum(n for n, pay in zip(self.combinations, self.pays) if pay), self.total)


class BatchSolver:
    """Perfect play's category counts for any pay vector of ``game`` in the box ``low``..``high``
    (totals per category at one bet, ``nothing`` last); built once, then :meth:`solve` per batch."""

    def __init__(self, game: Game, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) -> None:
        tables = draw_tables(game)
        order = np.array(TIE_ORDER)
        scale = tables.draw_scale
        hands, weights = tables.class_hands, tables.class_weights.astype(np.int64)
        self.low, self.high = np.asarray(low, dtype=np.int64), np.asarray(high, dtype=np.int64)
        self.total = comb(game.deck_size, 5) * tables.common_draws
        stable = np.zeros(len(game.categories), dtype=np.int64)
        kept_rows, kept_weights = [], []
        for start in range(0, len(hands), CHUNK):
            rows = (tables.hold_outcomes(hands[start:start + CHUNK]) * scale[:, None, None])[order].transpose(1, 0, 2)
            fixed = self._fixed_best(rows.astype(np.float64), self.low, self.high)
            weight = weights[start:start + CHUNK]
            settled = fixed >= 0
            stable += np.einsum("c,cj->j", weight[settled], rows[settled, fixed[settled]])
            kept_rows.append(rows[~settled])
            kept_weights.append(weight[~settled])
        self.stable = stable
        self.rows = np.concatenate(kept_rows).astype(np.float64)  # left to solve table by table; exact
        self.weights = np.concatenate(kept_weights)
        self.classes = len(hands)

    @staticmethod
    def _fixed_best(rows: npt.NDArray[np.float64], low: npt.NDArray[np.int64],
                    high: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
        """Per class, the hold that is best at every pay vector of the box, or -1.

        The least of ``(row_best − row_h)·P`` over the box is its value at ``low`` plus, for the
        pays that vary, ``min(0, difference) × (high − low)``: one product over the whole rows
        and a small one over the varied columns (counts and values are whole numbers below 2**53,
        so float64 holds them exactly)."""
        span = (high - low).astype(np.float64)
        varied = np.flatnonzero(span)
        priced = rows @ np.stack([(low + high) / 2, low.astype(np.float64)], axis=1)  # (classes, 32, 2)
        best = priced[:, :, 0].argmax(axis=1)
        index = np.arange(len(rows))
        at_low = priced[:, :, 1]
        least = at_low[index, best][:, None] - at_low
        if len(varied):
            lead = rows[index, best][:, None, varied] - rows[:, :, varied]
            least += np.minimum(lead, 0) @ span[varied]
        later = np.arange(HOLDS)[None, :] > best[:, None]                   # a tie goes to best
        holds = (least > 0) | ((least == 0) & later) | (np.arange(HOLDS)[None, :] == best[:, None])
        return np.where(holds.all(axis=1), best, -1)

    def open_classes(self, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) -> int:
        """Classes whose best hold can still change over the box ``low``..``high``."""
        return sum(int((self._fixed_best(self.rows[start:start + CHUNK], low, high) < 0).sum())
                   for start in range(0, len(self.rows), CHUNK))

    @property
    def stable_share(self) -> float:
        """The share of dealt-hand classes whose best hold is the same over the whole box."""
        return 1 - len(self.rows) / self.classes

    def solve(self, pays: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Category counts under perfect play, (tables, categories), for pay vectors (tables,
        categories) inside the box.  The classes left open by the whole box are settled again
        for these tables' own smaller box (a sweep's chunk of neighbouring tables settles most
        of them); only what is still open is solved table by table."""
        pays = np.asarray(pays, dtype=np.int64)
        low, high = pays.min(axis=0), pays.max(axis=0)
        if np.any(low < self.low) or np.any(high > self.high):
            raise ValueError("a pay vector outside the box the solver was built for")
        counts = np.repeat(self.stable[None, :], len(pays), axis=0)
        priced = pays.T.astype(np.float64)
        for start in range(0, len(self.rows), CHUNK):
            rows, weights = self.rows[start:start + CHUNK], self.weights[start:start + CHUNK]
            fixed = self._fixed_best(rows, low, high)
            settled = fixed >= 0
            counts += np.einsum("c,cj->j", weights[settled],
                                rows[settled, fixed[settled]].astype(np.int64))[None, :]
            rows, weights = rows[~settled], weights[~settled]
            best = (rows @ priced).argmax(axis=1)                           # (classes, tables)
            chosen = np.take_along_axis(rows, best[:, :, None], axis=1)     # (classes, tables, categories)
            counts += np.einsum("c,ctj->tj", weights, chosen.astype(np.int64))
        return counts


def figures(paytables: list[Paytable], coins: int | None = None) -> list[Figures]:
    """Every table's exact figures at ``coins`` (default: their top bet), solved in one batch; the
    tables must share a game and a top bet (a sweep's grid does)."""
    first = paytables[0]
    bet = check_coins(first, coins)
    pays = np.array([pay_vector(table, bet) for table in paytables], dtype=np.int64)
    solver = BatchSolver(first.game, pays.min(axis=0), pays.max(axis=0))
    counts = solver.solve(pays)
    return [Figures(tuple(int(n) for n in row), tuple(int(p) for p in paid), bet, solver.total)
            for row, paid in zip(counts, pays)]
