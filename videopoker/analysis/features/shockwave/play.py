"""Shockwave played literally, for ``simulate``: machines side by side (:mod:`..machines`), each in
its own mode, each hand held as the solve holds it for the hands left, paid at its mode's pays, and
the mode started, counted down and ended as the machine does."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.rounds import Deal
from videopoker.analysis.features.machines import SideBySide
from videopoker.analysis.features.shockwave.solve import analyze_shockwave, marks, mode_pays, worth_vectors
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.optimal import best_hold_table
from videopoker.deck.combos import colex_rank
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import Shockwave

#: Machines played side by side, and the hands each plays off the record first (from regular mode,
#: so the record starts near the long run's mix of modes).
MACHINES = 4096
WARM_UP = 20


class ShockwavePlayer(SideBySide):
    """Plays Shockwave hands on ``machines`` machines at once, each with its hands left in the mode."""

    def __init__(self, paytable: Paytable, progress: Progress = _quiet, machines: int = MACHINES) -> None:
        feature = paytable.feature
        assert isinstance(feature, Shockwave)
        self.paytable, self.hands = paytable, feature.hands
        self.solved = analyze_shockwave(paytable, progress)
        worths = worth_vectors(paytable, [float(value) for value in self.solved.best.values])
        self.holds = [best_hold_table(paytable.game, worth, progress) for worth in worths]
        self.pays = np.stack(mode_pays(paytable)).astype(np.int64)  # states × categories, in coins
        self.starts = marks(paytable, feature.starts).astype(bool)
        self.ends = marks(paytable, feature.ends_on).astype(bool)
        self.left = np.zeros(machines, dtype=np.int64)
        super().__init__(machines, WARM_UP, paytable.max_coins)

    def play_turn(self, machines: npt.NDArray[np.intp], rng: np.random.Generator,
                  pays: npt.NDArray[np.int64] | None, counts: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
        """One hand on each of ``machines``: deal, hold for its hands left, draw, pay by its mode (not
        by ``pays``), move the mode."""
        game = self.paytable.game
        left = self.left[machines]
        deal = Deal.shuffled(len(machines), game.deck_size, rng)
        ranks = colex_rank(deal.hands)
        masks = np.empty(len(machines), dtype=np.uint8)
        for state in np.unique(left):
            chosen = left == state
            masks[chosen] = self.holds[state].take(ranks[chosen])
        finals = deal.draw(game, deal.kept(masks), rng).astype(np.intp)
        won = self.pays[left, finals]
        moving = left > 0
        self.left[machines] = np.where(moving, np.where(self.ends[finals], 0, left - 1),
                                       np.where(self.starts[finals], self.hands, 0))
        if counts is not None:
            counts += np.bincount(finals, minlength=len(counts))
        return won
