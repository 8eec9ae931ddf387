"""Machines played side by side, for ``simulate`` of a kind whose machine remembers: each machine
keeps its own state, the rounds of a batch go to the machines in turn, and the standard error
comes from the machines' totals (the rounds of one machine are not independent: its state ties
them).  Each machine first plays a few rounds off the record, so the record starts near the long
run's mix of states."""

from __future__ import annotations

from math import inf, sqrt

import numpy as np
import numpy.typing as npt


class SideBySide:
    """``machines`` machines taking turns; a kind's player says how one turn of some of them plays."""

    def __init__(self, machines: int, warm_up: int, bet: int) -> None:
        self.won = np.zeros(machines, dtype=np.int64)
        self.rounds = np.zeros(machines, dtype=np.int64)
        self.next_machine = 0
        self.warm_up_rounds, self.warmed = warm_up, False
        self.bet = bet  # coins a round, for the return per coin bet

    @property
    def machines(self) -> int:
        return len(self.won)

    def play_turn(self, machines: npt.NDArray[np.intp], rng: np.random.Generator,
                  pays: npt.NDArray[np.int64] | None, counts: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
        """One round on each of ``machines``: each one's win in coins; its final hands added to ``counts``."""
        raise NotImplementedError

    def play(self, n: int, rng: np.random.Generator, pays: npt.NDArray[np.int64] | None = None,
             counts: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
        """Play ``n`` rounds, the machines taking turns; each round's win in coins.  The first call
        warms the machines up off the record."""
        if not self.warmed:
            everyone = np.arange(self.machines)
            for _ in range(self.warm_up_rounds):
                self.play_turn(everyone, rng, pays, None)
            self.warmed = True
        wins = np.empty(n, dtype=np.int64)
        done = 0
        while done < n:
            turn = min(n - done, self.machines)
            machines = (self.next_machine + np.arange(turn)) % self.machines
            self.next_machine = (self.next_machine + turn) % self.machines
            won = self.play_turn(machines, rng, pays, counts)
            self.won[machines] += won
            self.rounds[machines] += 1
            wins[done:done + turn] = won
            done += turn
        return wins

    def standard_error(self) -> float:
        """The standard error of the return per coin bet, from the machines' totals: a ratio of wins
        to rounds over independent machines (they need not have played alike many rounds)."""
        playing = self.rounds > 0
        machines = int(playing.sum())
        if machines < 2:
            return inf
        rounds, won = self.rounds[playing].astype(np.float64), self.won[playing].astype(np.float64)
        per_round = won.sum() / rounds.sum()
        spread = float(((won - per_round * rounds) ** 2).sum()) / (machines - 1)
        return sqrt(spread / machines) / float(rounds.mean()) / self.bet
