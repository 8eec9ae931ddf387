"""Bonus Streak's states and how a round moves them, before any card: the chain the solver runs on.

A line's state is its queue of multipliers.  From an empty queue, the kind's rules
(:func:`~videopoker.paytable.kinds.bonus_streak.next_queue`) reach a dozen or so queues: each
streak and its tails, and the tails raised to 12X.  What moves a queue is only which streak the
line's final hand earns, so a hand's outcome is one of a few *classes*: none, or one per distinct
streak.  All lines share the hold, so they are exchangeable, and the machine's state is the
multiset of its lines' queues: a few hundred states at 3-play, a few thousand at 5-play.

Lines draw independently with the same hold, so with ``p`` the law of a line's class under a hold,
the chance of the lines' classes ``(c1, …, cn)`` is ``p(c1)·…·p(cn)``: a monomial of degree n in
``p``.  What a hold's draws are worth next round is therefore a polynomial in ``p``::

    E[V(next state)] = Σ over class multisets μ of  p^μ · (Σ over class tuples c sorting to μ of V(next(s, c)))

whose coefficients depend on the state and the values, and whose monomials depend on the hold
alone.  That splits every sweep into a small product per hold key and per state.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.paytable.kinds.bonus_streak import Queue, Streak, line_multiplier, next_queue
from videopoker.rules.definition import PayCategory

Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Chain:
    """The queues a line can hold, the machine's states over ``lines`` lines, and each state's
    next state for every tuple of the lines' classes."""

    lines: int
    streaks: tuple[Streak | None, ...]   # per class: the streak it earns (class 0: none)
    queues: tuple[Queue, ...]            # every queue a line reaches from empty (0: empty)
    moves: Index                         # (queues, classes): a line's next queue
    states: Index                        # (states, lines): queue indices, ascending (0: all empty)
    assigns: Index                       # (class tuples, lines): every tuple of the lines' classes
    monomial_of: Index                   # (class tuples,): the class multiset a tuple sorts to
    monomials: Index                     # (multisets, classes): each multiset's count of every class

    @functools.cached_property
    def following(self) -> Index:
        """(states, class tuples): the state each tuple of the lines' classes leads to, from every
        state (worked out when first asked: a hint needs one state's row, :meth:`following_of`)."""
        return self.following_of(np.arange(len(self.states)))

    def following_of(self, states: Index) -> Index:
        """(states, class tuples): the rows of :attr:`following` of ``states``."""
        codes = _codes(self.states, len(self.queues))
        following = np.empty((len(states), len(self.assigns)), dtype=np.int64)
        for start in range(0, len(states), 512):
            block = self.states[states[start:start + 512]]
            reached = np.sort(self.moves[block[:, None, :], self.assigns[None, :, :]], axis=2)  # (block, tuples, lines)
            following[start:start + 512] = np.searchsorted(
                codes, _codes(reached.reshape(-1, self.lines), len(self.queues))).reshape(len(block), len(self.assigns))
        return following

    @property
    def classes(self) -> int:
        return len(self.streaks)

    @property
    def line_multipliers(self) -> Array:
        """Per queue, what its line's next hand is paid at."""
        return np.array([line_multiplier(queue) for queue in self.queues], dtype=np.float64)

    @property
    def multiplier_sums(self) -> Array:
        """Per state, the sum of its lines' next multipliers: what a hold's EV is paid at."""
        summed: Array = self.line_multipliers[self.states].sum(axis=1)
        return summed

    def index(self, queues: tuple[Queue, ...]) -> int:
        """The state whose lines hold ``queues`` (in any order); KeyError if no line reaches one."""
        where = {queue: place for place, queue in enumerate(self.queues)}
        codes = _codes(self.states, len(self.queues))
        code = _codes(np.array([sorted(where[queue] for queue in queues)]), len(self.queues))[0]
        found = int(np.searchsorted(codes, code))
        if found == len(codes) or codes[found] != code:
            raise KeyError(queues)
        return found

    def state_queues(self, state: int) -> tuple[Queue, ...]:
        """The queues of a state's lines, those with multipliers first."""
        return tuple(self.queues[place] for place in self.states[state][::-1])

    def coefficients(self, values: Array, states: Index | slice = slice(None)) -> Array:
        """(states, multisets): per state (all, or ``states``), the value of the next state summed
        over the class tuples of each multiset, so that ``powers(p) @ coefficients[s]`` is
        E[V(next) | p] in state s."""
        rows = self.following[states] if isinstance(states, slice) or len(states) > 1 else self.following_of(states)
        ahead = values[rows]                                # (states, tuples)
        onehot = np.zeros((len(self.assigns), len(self.monomials)))
        onehot[np.arange(len(self.assigns)), self.monomial_of] = 1.0
        coefficients: Array = ahead @ onehot
        return coefficients

    def powers(self, laws: Array) -> Array:
        """(holds, multisets): ``p^μ`` for each hold's class law ``p`` (a row of ``laws``)."""
        powers = np.ones((len(laws), len(self.monomials)))
        for place, counts in enumerate(self.monomials):
            for streak_class, count in enumerate(counts):
                if count:
                    powers[:, place] *= laws[:, streak_class] ** count
        return powers


def streak_classes(streaks: dict[PayCategory, Streak], categories: tuple[PayCategory, ...]
                   ) -> tuple[tuple[Streak | None, ...], Index]:
    """The classes of outcome (none first, then each distinct streak, weakest first) and each
    category's class.  Weakest first is the order a better hold is judged in: a streak of more,
    or larger, multipliers is expected to be worth more (the solver checks it on its values)."""
    distinct = sorted(set(streaks.values()), key=lambda streak: (sum(streak), len(streak), streak))
    classes: tuple[Streak | None, ...] = (None, *distinct)
    of = np.array([classes.index(streaks[category]) if category in streaks else 0 for category in categories],
                  dtype=np.int64)
    return classes, of


@functools.lru_cache(maxsize=8)
def build_chain(streak_classes: tuple[Streak | None, ...], lines: int) -> Chain:
    """The chain of ``lines`` lines whose hands earn ``streak_classes`` (remembered: a hint asks
    for it again, and 5-play's takes half a second to build)."""
    queues: list[Queue] = [()]
    where: dict[Queue, int] = {(): 0}
    moves: list[list[int]] = []
    for queue in queues:  # grows as new queues are reached
        row = []
        for streak in streak_classes:
            after = next_queue(queue, streak)
            if after not in where:
                where[after] = len(queues)
                queues.append(after)
            row.append(where[after])
        moves.append(row)
    move = np.array(moves, dtype=np.int64)
    states = np.array(list(itertools.combinations_with_replacement(range(len(queues)), lines)), dtype=np.int64)
    assigns = np.array(list(itertools.product(range(len(streak_classes)), repeat=lines)), dtype=np.int64)
    multisets = list(itertools.combinations_with_replacement(range(len(streak_classes)), lines))
    monomials = np.zeros((len(multisets), len(streak_classes)), dtype=np.int64)
    for place, multiset in enumerate(multisets):
        for streak_class in multiset:
            monomials[place, streak_class] += 1
    where_multiset = {multiset: place for place, multiset in enumerate(multisets)}
    monomial_of = np.array([where_multiset[tuple(sorted(assign))] for assign in assigns.tolist()], dtype=np.int64)
    return Chain(lines, streak_classes, tuple(queues), move, states, assigns, monomial_of, monomials)


def _codes(states: Index, base: int) -> Index:
    """Each ascending row of queue indices as one number (ascending rows in lexicographic order
    give ascending codes, so a sorted table of states is searched by code)."""
    codes = np.zeros(len(states), dtype=np.int64)
    for column in range(states.shape[1]):
        codes = codes * base + states[:, column]
    return codes
