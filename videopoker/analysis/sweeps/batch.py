"""Exact returns of many pay vectors of one game at once: the engine under ``videopoker sweep``.

Every dealt-hand class's 32 holds have fixed final-category counts (on the common denominator of
the draws): the matrix ``A`` (classes × 32 holds × categories), built once per game.  A pay vector
``P`` prices every hold at once, ``A @ P``; the best hold of a class is the largest value, ties
broken as :data:`~videopoker.analysis.solve.exact.TIE_ORDER` says (the holds are stored in that order,
so the first largest wins); and the table's final-category counts under perfect play are the
class-weighted sum of the best holds' rows: exactly :func:`~videopoker.analysis.solve.exact.analyze`'s.

Most classes' best hold cannot change over a box of pays (a made pair is held whatever the full
house pays): a hold's value is linear in the pays, so hold ``b`` beats hold ``h`` over the whole
box when the least of ``(A_b − A_h)·P`` there, taken coordinate by coordinate, is above zero (or
zero with ``b`` first in the tie order).  Those classes are added up once, for every table of the
box.  The rest are settled again for each batch's own smaller box, and what is still open is
priced table by table among its contenders only, the holds that can win somewhere in that box
(two, mostly).  Every count is a whole number below 2**24, kept in float32, and every value and
sum a whole number below 2**52, computed in float64: both hold them exactly (the solver refuses
a game past that), so every figure is exact.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HOLDS, TIE_ORDER, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.paytable import Paytable
from videopoker.rules.lookup import Game

#: Classes solved at once: their holds' values for a batch of tables stay a few tens of MB.
CHUNK = 1024


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

    @property
    def top_cycle(self) -> Fraction | None:
        """Hands per the game's top hand (its first category); None when perfect play never makes it."""
        return Fraction(self.total, self.combinations[0]) if self.combinations[0] else None


class BatchSolver:
    """Perfect play's category counts for any pay vector of ``game`` in the box ``low``..``high``
    (totals per category at one bet, ``nothing`` last); built once, then :meth:`solve` per batch.

    Only the pays the box varies change from table to table, so each hold's value is kept split:
    ``base``, the fixed pays' part, priced once, and its counts of the varied categories, which a
    batch prices — a few columns instead of every category."""

    def __init__(self, game: Game, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) -> None:
        tables = draw_tables(game)
        order = np.array(TIE_ORDER)
        scale = tables.draw_scale
        hands, weights = tables.class_hands, tables.class_weights.astype(np.int64)
        self.low, self.high = np.asarray(low, dtype=np.int64), np.asarray(high, dtype=np.int64)
        self.total = comb(game.deck_size, 5) * tables.common_draws
        largest_value = tables.common_draws * int(self.high.max(initial=1))
        if tables.common_draws >= 2**24 or max(self.total, largest_value) >= 2**52:
            # counts are kept in float32, exact below 2**24 (any deck of at most 54 cards), and
            # float64 holds every value, half-way value and sum exactly below 2**52
            raise ValueError(f"{game.title}: too many draws to solve exactly")
        self.varied = np.flatnonzero(self.high != self.low)
        fixed = np.flatnonzero(self.high == self.low)
        stable = np.zeros(len(game.categories), dtype=np.int64)
        kept: list[tuple[npt.NDArray[np.floating], ...]] = []  # the open classes: rows, base, weights
        for start in range(0, len(hands), CHUNK):
            rows = (tables.hold_outcomes(hands[start:start + CHUNK]) * scale[:, None, None])[order].transpose(1, 0, 2)
            priced = rows.astype(np.float64)
            base, lines = priced[:, :, fixed] @ self.low[fixed].astype(np.float64), priced[:, :, self.varied]
            contenders = self._contenders(base, lines, self.low[self.varied], self.high[self.varied])
            weight = weights[start:start + CHUNK]
            settled = self._settled(contenders)
            stable += np.einsum("c,cj->j", weight[settled], rows[settled, contenders[settled].argmax(axis=1)])
            kept.append((rows[~settled].astype(np.float32), base[~settled], weight[~settled].astype(np.float64)))
        self.stable = stable
        self.rows, self.base, self.weights = (np.concatenate(part) for part in zip(*kept))
        self.classes = len(hands)

    @staticmethod
    def _contenders(base: npt.NDArray[np.float64], lines: npt.NDArray[np.float64], low: npt.NDArray[np.int64],
                    high: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Per class, the holds that can be its best somewhere in the box (classes × 32); ``low``
        and ``high`` are the varied pays' bounds.

        Take the best hold ``b`` at the box's middle; hold ``h`` is out when ``b`` beats it at
        every pay vector of the box, or ties it there and comes first in the tie order.  The
        least of ``(row_b − row_h)·P`` over the box is its value at ``low`` plus, for the pays
        that vary, ``min(0, difference) × (high − low)``.  A class with one contender is settled
        for the box."""
        span = (high - low).astype(np.float64)
        moving = np.flatnonzero(span)
        priced = base[:, :, None] + lines @ np.stack([(low + high) / 2, low.astype(np.float64)], axis=1)
        best = priced[:, :, 0].argmax(axis=1)
        index = np.arange(len(base))
        at_low = priced[:, :, 1]
        least = at_low[index, best][:, None] - at_low
        if len(moving):
            lead = lines[index, best][:, None, moving] - lines[:, :, moving]
            least += np.minimum(lead, 0) @ span[moving]
        later = np.arange(HOLDS)[None, :] > best[:, None]                   # a tie goes to best
        contenders: npt.NDArray[np.bool_] = ~((least > 0) | ((least == 0) & later))
        return contenders

    @staticmethod
    def _settled(contenders: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        settled: npt.NDArray[np.bool_] = contenders.sum(axis=1) == 1
        return settled

    def _blocks(self, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) \
            -> Iterator[tuple[slice, npt.NDArray[np.bool_]]]:
        """The open classes a block at a time, with their contenders over the box ``low``..``high``."""
        for start in range(0, len(self.rows), CHUNK):
            block = slice(start, start + CHUNK)
            lines = self.rows[block][:, :, self.varied].astype(np.float64)
            yield block, self._contenders(self.base[block], lines, low[self.varied], high[self.varied])

    def contender_counts(self, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
        """How many holds of each class left open by the whole box can be its best over the box
        ``low``..``high`` (1: settled there)."""
        counts: npt.NDArray[np.intp] = np.concatenate([np.zeros(0, dtype=np.intp), *(
            contenders.sum(axis=1) for _, contenders in self._blocks(low, high))])
        return counts

    def open_classes(self, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64]) -> int:
        """Classes whose best hold can still change over the box ``low``..``high``."""
        return int((self.contender_counts(low, high) > 1).sum())

    @property
    def stable_share(self) -> float:
        """The share of dealt-hand classes whose best hold is the same over the whole box."""
        return 1 - len(self.rows) / self.classes

    def solve(self, pays: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Category counts under perfect play, (tables, categories), for pay vectors (tables,
        categories) inside the box.  The classes left open by the whole box are settled again
        for these tables' own smaller box (a sweep's chunk of neighbouring tables settles most
        of them); the rest are solved table by table among their contenders only (two, mostly)."""
        pays = np.asarray(pays, dtype=np.int64)
        low, high = pays.min(axis=0), pays.max(axis=0)
        if np.any(low < self.low) or np.any(high > self.high):
            raise ValueError("a pay vector outside the box the solver was built for")
        counts = self.stable.astype(np.float64)[None, :].repeat(len(pays), axis=0)
        still: list[npt.NDArray[np.intp]] = [np.zeros(0, dtype=np.intp)]       # (a box may leave none open)
        among: list[npt.NDArray[np.bool_]] = [np.zeros((0, HOLDS), dtype=np.bool_)]
        for block, contenders in self._blocks(low, high):
            settled = self._settled(contenders)
            best = self.rows[block][settled, contenders[settled].argmax(axis=1)].astype(np.float64)
            counts += self.weights[block][settled] @ best
            still.append(np.flatnonzero(~settled) + block.start)
            among.append(contenders[~settled])
        classes, contenders = np.concatenate(still), np.concatenate(among)
        priced = pays[:, self.varied].T.astype(np.float64)
        each = contenders.sum(axis=1)
        for many in np.unique(each):                                        # classes with as many contenders
            group = np.flatnonzero(each == many)
            for start in range(0, len(group), CHUNK):
                part = group[start:start + CHUNK]
                counts += self._played(classes[part], contenders[part], priced)
        return counts.astype(np.int64)

    def figures(self, pays: npt.NDArray[np.int64], bet: int) -> list[Figures]:
        """Each pay vector's exact figures at ``bet`` coins (the vectors are totals at that bet)."""
        return [Figures(tuple(int(n) for n in line), tuple(int(pay) for pay in paid), bet, self.total)
                for line, paid in zip(self.solve(pays), pays)]

    def _played(self, classes: npt.NDArray[np.intp], contenders: npt.NDArray[np.bool_],
                priced: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The weighted counts of each table's best holds of open ``classes``, (tables,
        categories), for classes with the same number of contenders; ``priced`` is the tables'
        varied pays, (varied, tables).  Each class's contenders are taken in tie order, priced
        for every table against the first, and the first largest wins."""
        taken = np.nonzero(contenders)[1].reshape(len(classes), -1)        # in tie order
        many = taken.shape[1]
        base = np.take_along_axis(self.base[classes], taken, axis=1)       # (classes, contenders)
        kept = np.take_along_axis(self.rows[classes], taken[:, :, None], axis=1).astype(np.float64)
        lines = kept[:, :, self.varied]
        weights = self.weights[classes]
        played: npt.NDArray[np.float64] = (weights @ kept[:, 0])[None, :]  # as if the first won everywhere
        winner = np.zeros((len(classes), priced.shape[1]), dtype=np.intp)  # (classes, tables)
        top = np.zeros(winner.shape)                                        # the winner's lead over the first
        for place in range(1, many):
            lead = (base[:, place] - base[:, 0])[:, None] + (lines[:, place] - lines[:, 0]) @ priced
            winner[lead > top] = place
            np.maximum(top, lead, out=top)
        for place in range(1, many):
            played = played + np.where(winner == place, weights[:, None], 0.0).T @ (kept[:, place] - kept[:, 0])
        return played


def figures(paytables: list[Paytable], coins: int | None = None) -> list[Figures]:
    """Every table's exact figures at ``coins`` (default: their top bet), solved in one batch; the
    tables must share a game and a top bet (a sweep's grid does)."""
    first = paytables[0]
    bet = first.base_bet(coins)
    pays = np.array([pay_vector(table, bet) for table in paytables], dtype=np.int64)
    solver = BatchSolver(first.game, pays.min(axis=0), pays.max(axis=0))
    return solver.figures(pays, bet)
