"""A round whose law depends on a state the last round left, as a Markov chain of rounds: what a
bankroll's lifetime figures are worked out from (:mod:`videopoker.analysis.session.lifetime`).
A game whose rounds are alike is a chain of one state; Ultimate X's states are the multipliers
its lines carry (:mod:`videopoker.analysis.features.ultimate_x.rounds`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable


@dataclass(frozen=True)
class RoundChain:
    """The law of a round's win, in coins, when it depends on a state the last round left: entry k
    is a round played in state ``origins[k]`` that wins ``wins[k]`` and leaves ``targets[k]``, with
    chance ``chances[k]`` in its state.  A game without such a state is one state."""

    bet: int                                # coins a round costs
    origins: npt.NDArray[np.intp]
    wins: npt.NDArray[np.int64]
    targets: npt.NDArray[np.intp]
    chances: npt.NDArray[np.float64]
    start: int = 0                          # the state a fresh machine is in
    labels: tuple[str, ...] = ("",)

    @classmethod
    def single(cls, law: Mapping[int, Fraction | float], bet: int) -> RoundChain:
        """The chain of a game whose every round has the law ``law`` (coins won → chance)."""
        wins = sorted(law)
        none = np.zeros(len(wins), dtype=np.intp)
        return cls(bet, none, np.array(wins, dtype=np.int64), none, np.array([float(law[win]) for win in wins]))

    @property
    def states(self) -> int:
        return len(self.labels)

    def by_pair(self, amounts: npt.NDArray[np.float64], kept: npt.NDArray[np.bool_] | None = None
                ) -> npt.NDArray[np.float64]:
        """Each entry's amount (or the ``kept`` entries' alone) summed by (state, next state):
        (states, states).  ``by_pair(chances)`` is the chain's moves; chances times e^(−t·net) its
        tilted matrix; chances times nets each move's mean net."""
        origins, targets = (self.origins, self.targets) if kept is None else (self.origins[kept], self.targets[kept])
        summed = np.zeros((self.states, self.states))
        np.add.at(summed, (origins, targets), amounts if kept is None else amounts[kept])
        return summed

    def perron(self, amounts: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        """The Perron root and vector (positive) of :meth:`by_pair` ``amounts`` (nonnegative)."""
        values, vectors = np.linalg.eig(self.by_pair(amounts))
        place = int(np.argmax(values.real))
        vector: npt.NDArray[np.float64] = np.abs(vectors[:, place].real)
        return float(values[place].real), vector

    @cached_property
    def moves(self) -> npt.NDArray[np.float64]:
        """The chance of each next state from each state: (states, states)."""
        return self.by_pair(self.chances)

    @cached_property
    def stationary_win_law(self) -> dict[int, float]:
        """A round's win over the states as they come in the long run (not the law of any one round)."""
        wins, where = np.unique(self.wins, return_inverse=True)
        return dict(zip(wins.tolist(), np.bincount(where, self.stationary[self.origins] * self.chances).tolist()))

    @cached_property
    def stationary(self) -> npt.NDArray[np.float64]:
        """How often each state is played in the long run."""
        return np.ones(1) if self.states == 1 else stationary_law(self.moves)


def stationary_law(moves: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The stationary law of a chain whose row ``i`` is the law of the next state from state ``i``."""
    size = len(moves)
    system = np.vstack([moves.T - np.eye(size), np.ones(size)])
    target = np.zeros(size + 1)
    target[-1] = 1.0
    law, *_ = np.linalg.lstsq(system, target, rcond=None)
    law = np.clip(law, 0.0, None)
    normed: npt.NDArray[np.float64] = law / law.sum()
    return normed


class Solved(Protocol):
    """A feature table solved by its kind: what a chain of its rounds reports beside the chain."""

    @property
    def paytable(self) -> Paytable: ...

    @property
    def rtp(self) -> float: ...


S = TypeVar("S", bound=Solved)


@dataclass(frozen=True)
class ChainedRounds(Generic[S]):
    """A feature table's rounds as a chain of the states they leave (Ultimate X's multipliers,
    Shockwave's modes, Bonus Streak's queues): what ``bankroll`` works out its figures from."""

    solved: S
    chain: RoundChain
    hands: int       # a round's
    coins: int       # what a round costs

    @property
    def paytable(self) -> Paytable:
        return self.solved.paytable

    @property
    def rtp(self) -> float:
        return self.solved.rtp

    def round_chain(self) -> RoundChain:
        return self.chain

    def win_law(self) -> dict[int, float]:
        """A round's win over the states as they come in the long run (not the law of any one round)."""
        return self.chain.stationary_win_law


def chain_lines(paytable: Paytable, lines: int, worked: int, growth: str) -> None:
    """Refuse a bankroll at ``lines`` hands a round of a kind whose chain is worked out at ``worked``
    alone, in one line that says why (``growth``: how its round's law grows) and what to ask instead."""
    if lines != worked:
        raise VideoPokerError(f"--multi {lines}: a bankroll of {paytable.name!r} is worked out at {worked} hands "
                              f"a round ({growth}); use --multi {worked}")
