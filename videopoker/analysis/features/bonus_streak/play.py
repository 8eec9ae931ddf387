"""Ultimate X Bonus Streak played by the simulator: many machines side by side, every line's queue of
multipliers carried literally.

Each machine keeps each of its lines' queue (as the solve's queue number, :class:`.chain.Chain`).
A round deals one hand, holds what the solve (:mod:`.solve`) says is best in the machine's state —
the hold of largest ``M · EV + E[V(next state)]``, as the hint works it out (:mod:`.hint`), ties to
:func:`first_best` — and then every line draws its own cards from the rest of the deck, is paid its
next multiplier (1X on an empty queue) times its hand's pay at max_coins, and moves its queue by
the kind's rules (:func:`~videopoker.paytable.kinds.bonus_streak.next_queue`, tabled once in the
chain's ``moves``): the multiplier used up, a streak earned on an empty or last one, the rest raised
to 12X by a streak hand while some are left.

Thousands of machines play a round at once, so a step is a few numpy passes over (32 holds ×
machines), never a Python loop per hand.  What a hold's draws are worth next round depends on the
machine's state and on the law of a line's class under the hold (from its key: the cards it keeps
and how many of its draws make each class), as a polynomial: ``powers(law) · coefficients(V)[state]``
(:mod:`.chain`).  Both factors are worked out per hold and machine in element-wise passes, one a
class multiset (20 at 3-play, 56 at 5-play), so two holds alike in key and EV get the very same
worth and the tie goes to the first in the order, as the hint's.

A fresh machine (every queue empty) wins less than the long run for its first rounds: a line needs
a streak hand before it is paid more than 1X, and in the long run most machines have a streak
going.  Every machine therefore plays :data:`WARM_UP` rounds off the record first.  A queue lasts
at most five rounds (a streak's length), yet the machine forgets its start more slowly than that:
two machines dealt the same cards need not meet once their queues have run out, since a line whose
queue ran out sooner may have earned a new streak meanwhile and plays it out in its own phase, and
the hold, so every line's chances, depends on all the lines' queues.  Worked out exactly from the
solve's chain under its holds (notes/bs-play.md), a fresh 3-play Double Double Bonus 6/5 machine's
law of states is 0.53 from the long run's (total variation) before its first round, then 0.36,
0.15, 0.053, 0.028, 0.009, 0.0024, 4.5e-4, 3.0e-4, 1.7e-4, and 2.5e-5 before its eleventh: about a
third a round once the first streaks have come (8/6 Jacks or Better and 5-play alike).  What every
round a machine counts after ``w`` off the record is off the long run, in all, is 0.077 of a round's
bet at ``w = 3``, 0.023 at 5, 5e-4 at 8 and under 6e-5 at 10 (2e-3 coins): at 10, under a hundredth
of a standard error even at one counted round a machine, where 5 would be a fifth of one.  Ten
rounds of 4,096 machines are 41 thousand rounds, a fraction of a second, once.

A machine's rounds are not independent (a streak pays on its line's next hands), so the standard
error comes from the machines' totals, which are.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.rounds import Deal
from videopoker.analysis.features.bonus_streak.chain import Chain, streak_classes
from videopoker.analysis.features.bonus_streak.solve import analyze_bonus_streak
from videopoker.analysis.features.machines import SideBySide
from videopoker.analysis.solve.draws import HOLDS, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.analysis.solve.tally import first_best
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak, Queue

Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]

#: Machines played side by side: a step of this many deals stays around a tenth of a second.
MACHINES = 4096
#: Rounds each machine plays before its wins are counted, so that it starts in its long run.
WARM_UP = 10


@dataclass(frozen=True)
class PlayedRound:
    """One round on some machines: each line's queue (the chain's number) carried into it, the
    sorted deal and the hold of it (a mask over the sorted places), each line's final hand's
    category (machines, lines), and each machine's win in coins."""

    machines: npt.NDArray[np.intp]
    carried: Index
    dealt: npt.NDArray[np.uint8]
    finals: npt.NDArray[np.intp]
    held: Index
    won: Index


class BonusStreakPlayer(SideBySide):
    """Plays Bonus Streak rounds on ``machines`` machines at once, each line's queue literal."""

    def __init__(self, paytable: Paytable, lines: int | None = None, progress: Progress = _quiet,
                 machines: int = MACHINES) -> None:
        self.paytable = paytable
        self.solved = analyze_bonus_streak(paytable, lines, progress)
        self.lines = self.solved.lines
        super().__init__(machines, WARM_UP, self.lines * self.solved.coins)
        feature = paytable.feature
        assert isinstance(feature, BonusStreak)
        self.chain: Chain = self.solved.chain      # the states the solve's values are of
        _, self.category_class = streak_classes(feature.streaks(self.lines), paytable.game.categories)
        chain = self.chain
        self.tables = draw_tables(paytable.game)
        pays = pay_vector(paytable, paytable.max_coins)
        self.pays = pays.astype(np.int64)
        classes = [(self.category_class == streak_class).astype(np.float64) for streak_class in range(1, chain.classes)]
        self.weighing = np.stack([pays, *classes], axis=1)  # categories × (pay, then each class's count)
        self.hold_draws = self.tables.draw_counts.astype(np.float64)
        self.coefficients = chain.coefficients(np.array(self.solved.values))   # (states, multisets)
        self.sums = chain.multiplier_sums                                      # (states,)
        self.line_multipliers = chain.line_multipliers.astype(np.int64)        # per queue
        self.codes = _codes(chain.states, len(chain.queues))                   # ascending, as the states
        self.queues = np.zeros((machines, self.lines), dtype=np.int64)         # every queue empty

    def queues_of(self, machine: int) -> tuple[Queue, ...]:
        """A machine's queues, line by line, next hand first."""
        return tuple(self.chain.queues[place] for place in self.queues[machine])

    def states_of(self, carried: Index) -> Index:
        """The solve's state of each row of lines' queues (machines, lines)."""
        codes = _codes(np.sort(carried, axis=1), len(self.chain.queues))
        states: Index = np.searchsorted(self.codes, codes)
        return states

    def play_turn(self, machines: npt.NDArray[np.intp], rng: np.random.Generator,
                  pays: npt.NDArray[np.int64] | None, counts: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
        return self.play_round(machines, rng, self.pays if pays is None else pays, counts).won

    def play_round(self, machines: npt.NDArray[np.intp], rng: np.random.Generator, pays: npt.NDArray[np.int64],
                   counts: npt.NDArray[np.int64] | None) -> PlayedRound:
        """One round on each of ``machines``: deal, hold for its lines' queues, draw every line, pay
        each line its next multiplier times its hand, and move each line's queue by its hand."""
        game = self.paytable.game
        carried = self.queues[machines]
        deal = Deal.shuffled(len(machines), game.deck_size, rng)
        dealt = deal.hands
        held = self.holds(dealt, self.states_of(carried))
        kept = deal.kept(held)
        finals = np.stack([deal.draw(game, kept, rng) for _ in range(self.lines)], axis=1).astype(np.intp)
        won = (self.line_multipliers[carried] * pays.take(finals)).sum(axis=1)
        self.queues[machines] = self.chain.moves[carried, self.category_class[finals]]
        if counts is not None:
            counts += np.bincount(finals.ravel(), minlength=len(counts))
        return PlayedRound(machines, carried, dealt, finals, held, won)

    def holds(self, hands: npt.NDArray[np.uint8], states: Index) -> Index:
        """The best hold of each sorted dealt hand in the state beside it."""
        return first_best(self.worths(hands, states))

    def worths(self, hands: npt.NDArray[np.uint8], states: Index) -> Array:
        """(32, hands): every hold's worth in coins of the round, ``M · EV + E[V(next state)]``."""
        outcomes = self.tables.hold_outcomes(hands)
        weighed = outcomes.reshape(-1, outcomes.shape[2]).astype(np.float64) @ self.weighing  # exact integers
        shape = (HOLDS, len(hands))
        draws = self.hold_draws[:, None]
        ev = weighed[:, 0].reshape(shape) / draws
        streaks = [weighed[:, streak_class].reshape(shape) / draws for streak_class in range(1, self.chain.classes)]
        laws = [1.0 - sum(streaks[1:], streaks[0]), *streaks]  # class 0, none, as the solve's laws
        worth: Array = self.sums[states][None, :] * ev + self.ahead(laws, states)
        return worth

    def ahead(self, laws: list[Array], states: Index) -> Array:
        """(32, hands): ``powers(law) · coefficients[state]`` of each hold, one class multiset at a
        time, element by element (so alike holds get alike worths)."""
        coefficients = self.coefficients[states]                       # (hands, multisets)
        raised: dict[tuple[int, int], Array] = {}

        def power(streak_class: int, count: int) -> Array:
            if (streak_class, count) not in raised:
                law = laws[streak_class]
                raised[streak_class, count] = law if count == 1 else power(streak_class, count - 1) * law
            return raised[streak_class, count]

        total = np.zeros(laws[0].shape)
        for place, multiset in enumerate(self.chain.monomials.tolist()):
            factors = [power(streak_class, count) for streak_class, count in enumerate(multiset) if count]
            term = factors[0]
            for factor in factors[1:]:
                term = term * factor
            total += term * coefficients[:, place][None, :]
        return total


def _codes(rows: Index, base: int) -> Index:
    """Each ascending row of queue numbers as one number, as the chain orders its states by."""
    codes = np.zeros(len(rows), dtype=np.int64)
    for column in range(rows.shape[1]):
        codes = codes * base + rows[:, column]
    return codes
