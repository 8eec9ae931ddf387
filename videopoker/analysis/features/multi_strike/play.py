"""Multi-Strike played by the simulator: each round climbs the stack under perfect play.

Every level deals from a fresh deck.  A level's deal shows a free ride with the level's chance,
drawn by the RNG before the hold; a round with a free ride (or on the top level) plays the base
game's best holds, one without plays the level's holds (:mod:`~videopoker.analysis.features.multi_strike.solve`),
and goes on while its hands pay or ride free.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.holds import Optimal
from videopoker.analysis.deal.rounds import play_rounds
from videopoker.analysis.features.multi_strike.solve import MultiStrikeAnalysis, analyze_multi_strike, worths
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.optimal import best_hold_table
from videopoker.deck.combos import colex_rank
from videopoker.paytable import Paytable


class LevelHolds(Optimal):
    """The best holds of one level's worths (or the base game's, where ``worth`` is None)."""

    def __init__(self, paytable: Paytable, worth: npt.NDArray[np.float64] | None) -> None:
        super().__init__(paytable, paytable.max_coins)
        self.worth = worth

    def holds(self, dealt: npt.NDArray[np.uint8], rng: np.random.Generator) -> npt.NDArray[np.uint8]:
        if self.worth is None:
            return super().holds(dealt, rng)
        if self._table is None:
            self._table = best_hold_table(self.paytable.game, self.worth)
        return self._table.take(colex_rank(dealt))


class StrikePlayer:
    """Plays whole Multi-Strike rounds, many at once."""

    def __init__(self, paytable: Paytable, progress: Progress = _quiet) -> None:
        self.paytable = paytable
        self.solved: MultiStrikeAnalysis = analyze_multi_strike(paytable, progress)
        levels = self.solved.levels
        self.plain = LevelHolds(paytable, None)
        self.below = [LevelHolds(paytable, worths(paytable, level.multiplier, self.solved.continuation(level.level)))
                      for level in levels[:-1]]
        for strategy in [self.plain, *self.below]:
            strategy.holds(np.zeros((0, 5), dtype=np.uint8), np.random.default_rng(0))  # solve before play

    def play(self, n: int, rng: np.random.Generator, pays: npt.NDArray[np.int64],
             counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Play ``n`` rounds; add every level's final hand to ``counts``; each round's win in coins."""
        wins = np.zeros(n, dtype=np.int64)
        playing = np.arange(n)
        for index, level in enumerate(self.solved.levels):
            if not len(playing):
                break
            rides = (rng.random(len(playing)) < float(level.free_ride) if level.free_ride is not None
                     else np.zeros(len(playing), dtype=bool))
            won = np.zeros(len(playing), dtype=np.int64)
            for riding, strategy in ((True, self.plain),
                                     (False, self.below[index] if index < len(self.below) else self.plain)):
                chosen = np.flatnonzero(rides == riding)
                if len(chosen):
                    won[chosen] = play_rounds(self.paytable, strategy, len(chosen), 1, rng, pays, counts)
            wins[playing] += level.multiplier * won
            playing = playing[rides | (won > 0)]
        return wins
