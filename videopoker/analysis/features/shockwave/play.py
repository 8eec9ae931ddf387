"""Shockwave played literally, for ``simulate``: machines side by side, each in its own mode, each
hand held as the solve holds it for the hands left, paid at its mode's pays, and the mode started,
counted down and ended as the machine does."""

from __future__ import annotations

from math import inf, sqrt

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.rounds import Deal
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


class ShockwavePlayer:
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
        self.won = np.zeros(machines, dtype=np.int64)
        self.rounds = np.zeros(machines, dtype=np.int64)
        self.next_machine = 0
        self.warmed = False

    @property
    def machines(self) -> int:
        return len(self.left)

    def play(self, n: int, rng: np.random.Generator, pays: npt.NDArray[np.int64] | None = None,
             counts: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
        """Play ``n`` hands, the machines taking turns; add each final hand to ``counts``; each
        hand's win in coins (``pays``: the machine pays by its mode, not by one vector)."""
        if not self.warmed:
            everyone = np.arange(self.machines)
            for _ in range(WARM_UP):
                self.play_hands(everyone, rng, None)
            self.warmed = True
        wins = np.empty(n, dtype=np.int64)
        done = 0
        while done < n:
            turn = min(n - done, self.machines)
            machines = (self.next_machine + np.arange(turn)) % self.machines
            self.next_machine = (self.next_machine + turn) % self.machines
            won = self.play_hands(machines, rng, counts)
            self.won[machines] += won
            self.rounds[machines] += 1
            wins[done:done + turn] = won
            done += turn
        return wins

    def play_hands(self, machines: npt.NDArray[np.intp], rng: np.random.Generator,
                   counts: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
        """One hand on each of ``machines``: deal, hold for its hands left, draw, pay, move the mode."""
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

    def standard_error(self) -> float:
        """The standard error of the return per coin bet, from the machines' totals (hands on one
        machine are not independent: a mode ties them)."""
        playing = self.rounds > 0
        machines = int(playing.sum())
        if machines < 2:
            return inf
        rounds, won = self.rounds[playing].astype(np.float64), self.won[playing].astype(np.float64)
        per_round = won.sum() / rounds.sum()
        spread = float(((won - per_round * rounds) ** 2).sum()) / (machines - 1)
        return sqrt(spread / machines) / float(rounds.mean()) / self.paytable.max_coins
