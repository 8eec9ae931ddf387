"""How a simulated player holds: a strategy maps many dealt hands to hold masks at once.

A strategy is anything with a ``name``, ``holds`` and ``expected``; the simulator asks nothing
else, so a strategy chart (the trainer's) plugs in beside perfect play and the player who does not
look (:mod:`~videopoker.analysis.play.strategies` finds them by name).  Hands come sorted by card
index, as rows of an (n, 5) array; bit p of a mask keeps the card at place p.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Protocol

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import Chart
from videopoker.analysis.charts.patterns import patterns_of
from videopoker.analysis.solve.draws import HAND, Progress, _quiet
from videopoker.analysis.solve.exact import analyze, pay_vector
from videopoker.analysis.solve.optimal import best_hold_table
from videopoker.deck.combos import colex_rank, combinations_colex
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game

Masks = npt.NDArray[np.uint8]


class Strategy(Protocol):
    """A way to play: the hold for each dealt hand, and how often each final hand should come."""

    name: str

    def prepare(self, progress: Progress = _quiet) -> None:
        """Do the slow part, if any, before play starts (so a progress bar can show it)."""
        ...

    def holds(self, dealt: npt.NDArray[np.uint8], rng: np.random.Generator) -> Masks:
        """Hold masks for sorted dealt hands (n, 5)."""
        ...

    def expected(self) -> dict[PayCategory, Fraction]:
        """The exact probability of each final category under this strategy."""
        ...


class Optimal:
    """Perfect play: the exact engine's best hold, looked up (:mod:`~videopoker.analysis.solve.optimal`)."""

    name = "optimal"

    def __init__(self, paytable: Paytable, coins: int) -> None:
        self.paytable, self.coins = paytable, coins

        self._table: Masks | None = None

    def lookup(self, progress: Progress = _quiet) -> Masks:
        """The best hold of every dealt hand (solved on first use, then cached)."""
        if self._table is None:
            self._table = best_hold_table(self.paytable.game, pay_vector(self.paytable, self.coins), progress)
        return self._table

    def prepare(self, progress: Progress = _quiet) -> None:
        self.lookup(progress)

    def holds(self, dealt: npt.NDArray[np.uint8], rng: np.random.Generator) -> Masks:
        return self.lookup().take(colex_rank(dealt))

    def expected(self) -> dict[PayCategory, Fraction]:
        return {row.category: row.probability for row in analyze(self.paytable, self.coins).rows}


class CardBlind:
    """A player who does not look at the cards (keeps nothing, or a random hold).

    Whatever such a player keeps, the final hand is a uniformly random five cards of the deck,
    so the expected frequencies are the deck's census.
    """

    def __init__(self, name: str, game: Game, choose: Callable[[int, np.random.Generator], Masks]) -> None:
        self.name, self.game, self._choose = name, game, choose

    def prepare(self, progress: Progress = _quiet) -> None:
        """Nothing to prepare: the player never looks."""

    def holds(self, dealt: npt.NDArray[np.uint8], rng: np.random.Generator) -> Masks:
        return self._choose(len(dealt), rng)

    def expected(self) -> dict[PayCategory, Fraction]:
        census = np.bincount(self.game.evaluate_batch(combinations_colex(self.game.deck_size, HAND)),
                             minlength=len(self.game.categories))
        total = comb(self.game.deck_size, HAND)
        return {category: Fraction(int(n), total) for category, n in zip(self.game.categories, census)}


class ChartPlayer:
    """A player who follows a strategy chart literally (:mod:`~videopoker.analysis.charts.chart`): the
    patterns of each dealt hand's holds are found in numpy, and the first line that fits says what
    to keep.  Its expected frequencies are the chart's exact return table."""

    def __init__(self, name: str, chart: Chart, paytable: Paytable, coins: int) -> None:
        self.name, self.chart, self.paytable, self.coins = name, chart, paytable, coins

    def prepare(self, progress: Progress = _quiet) -> None:
        """Nothing to prepare: the chart was read and checked before play."""

    def holds(self, dealt: npt.NDArray[np.uint8], rng: np.random.Generator) -> Masks:
        holds, _ = self.chart.play(patterns_of(self.paytable.game, dealt), dealt)
        return holds.astype(np.uint8)

    def expected(self) -> dict[PayCategory, Fraction]:
        from videopoker.analysis.charts.derive import chart_return

        played = chart_return(self.chart, self.paytable, self.coins).analysis
        return {row.category: row.probability for row in played.rows}
