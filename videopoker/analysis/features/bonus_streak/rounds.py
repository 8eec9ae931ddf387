"""Ultimate X Bonus Streak's rounds as a Markov chain, for a bankroll's lifetime figures and session odds.

The chain's state is the solve's (:mod:`.chain`): the multiset of the lines' queues, 560 of them for
3 lines of Double Double Bonus 6/5's streaks.  In a state every deal is held as the solve's values
say (the hold of largest ``M·EV + E[V(next)]``, ties to the first in the tie order, as the hint and
the simulator's player break them); then each line draws its own final hand, is paid its queue's
next multiplier times the hand's pay at max_coins, and moves its queue by the streak its hand earns.

Given the deal the lines are independent, so the chance the three lines make the outcomes
``(o₁, o₂, o₃)`` is ``Σ_deals w · p(o₁)·p(o₂)·p(o₃)``, ``p`` the law of a line's outcome under the
state's hold.  An outcome is a category up to what a round can tell of it, its pay and its streak
(Double Double Bonus's 14 categories are 11 outcomes); the product is symmetric, so it is kept per
multiset of outcomes (286 at 3 lines, not 1,331).  The holds change with the state, but most deals
are held alike in nearly every state: each deal's most common hold is summed once for all states,
and a state adds only the difference its other holds make.  The laws grow as the outcomes to the
power of the lines (and 5-play has thousands of states), so this is for 3 lines.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.bonus_streak.chain import Chain
from videopoker.analysis.features.bonus_streak.holds import _undominated
from videopoker.analysis.features.bonus_streak.solve import (
    TOLERANCE,
    BonusStreakAnalysis,
    analyze_bonus_streak,
    check_lines,
    monotone_gap,
    streak_rules,
)
from videopoker.analysis.features.chain import ChainedRounds, RoundChain, chain_lines
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import HOLDS, TIE_ORDER, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak, queues_text

Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]

#: The lines a round's chain is worked out for: its law has outcomes³ entries a state.
CHAIN_LINES = 3
#: Deals whose holds are weighed against every state at once: (holds × deals × states) stays
#: around a hundred megabytes.
DEAL_BLOCK = 2048


#: A Bonus Streak table at :data:`CHAIN_LINES` lines, its rounds as a chain of the lines' queues.
BonusStreakRounds = ChainedRounds[BonusStreakAnalysis]


def bonus_streak_rounds(paytable: Paytable, lines: int | None = None,
                        progress: Progress = _quiet) -> BonusStreakRounds:
    """The chain of ``paytable``'s rounds at :data:`CHAIN_LINES` lines (the only count it is worked out for)."""
    feature = paytable.feature
    if not isinstance(feature, BonusStreak):
        raise VideoPokerError(f"{paytable.name!r} is not a Bonus Streak table")
    lines = CHAIN_LINES if lines is None else lines
    if lines in feature.offered_lines:
        chain_lines(paytable, lines, CHAIN_LINES,
                    "its rounds' law grows as the outcomes to the power of the lines, over thousands of states at 5")
    lines = check_lines(paytable, lines)
    solved = analyze_bonus_streak(paytable, lines, lambda done, stage: progress(0.5 * done, stage))
    classes, category_class = streak_rules(paytable, lines)
    pays = np.rint(pay_vector(paytable, paytable.max_coins)).astype(np.int64)
    outcome_of, outcome_pays, outcome_classes = _outcomes(pays, category_class)
    multisets = np.array(list(itertools.combinations_with_replacement(range(len(outcome_pays)), lines)),
                         dtype=np.int64)
    streaks = json.dumps([list(streak) if streak else None for streak in classes]).encode()
    file = cache_file("bonus-streak-rounds", paytable.game, "npy", pays.tobytes(), category_class.tobytes(), streaks,
                      bytes([lines]), np.array(solved.values).tobytes())  # the values decide the holds
    laws = _load(file, len(solved.chain.states), len(multisets), lines, len(outcome_pays))
    if laws is None:
        laws = _state_laws(solved, category_class, outcome_of, multisets,
                           lambda done, stage: progress(0.5 + 0.45 * done, stage))
        save(file, laws.tobytes())
    progress(0.97, "the chain of rounds")
    chain = _chain(solved, laws, multisets, outcome_pays, outcome_classes)
    progress(1.0, "done")
    return BonusStreakRounds(solved, chain, hands=solved.lines, coins=solved.bet)


def _outcomes(pays: Index, category_class: Index) -> tuple[Index, Index, Index]:
    """The outcomes a round tells apart, (pay, streak class) pairs: each category's outcome, and
    each outcome's pay and class."""
    pairs, outcome_of = np.unique(np.column_stack([pays, category_class]), axis=0, return_inverse=True)
    return outcome_of.ravel().astype(np.int64), pairs[:, 0].copy(), pairs[:, 1].copy()


def _state_laws(solved: BonusStreakAnalysis, category_class: Index, outcome_of: Index, multisets: Index,
                progress: Progress) -> Array:
    """(states, multisets): per state, the chance the lines make one ordered tuple of outcomes of
    each multiset (every ordering is as likely)."""
    paytable, chain = solved.paytable, solved.chain
    tables = draw_tables(paytable.game)
    draws = tables.draw_counts.astype(np.float64)
    paid = tables.paid(pay_vector(paytable, paytable.max_coins))
    by_class = [tables.paid((category_class == streak_class).astype(np.float64))
                for streak_class in range(1, chain.classes)]
    scale = tables.draw_scale.astype(np.float64)
    order = np.empty(HOLDS, dtype=np.int64)
    order[list(TIE_ORDER)] = np.arange(HOLDS)
    tie = np.array(TIE_ORDER, dtype=np.int64)
    values = np.array(solved.values)
    prune = monotone_gap(chain, values) >= -TOLERANCE   # the holds the solve chose among
    coefficients = chain.coefficients(values).T          # (multisets of classes, states)
    sums = chain.multiplier_sums
    onto = np.zeros((len(paytable.game.categories), int(outcome_of.max()) + 1))
    onto[np.arange(len(outcome_of)), outcome_of] = 1.0
    weights = tables.class_weights.astype(np.float64)
    kept = np.zeros(len(multisets))
    moving = np.zeros((len(chain.states), len(multisets)))
    chunks = list(tables.class_chunks())
    for done, chunk in enumerate(chunks):
        progress(done / len(chunks), "each state's holds and the lines' laws")
        totals = paid.hold_values(chunk.ranks, chunk.dealt)                                       # (32, n)
        counts = np.stack([weighed.hold_values(chunk.ranks, chunk.dealt) for weighed in by_class])  # (K-1, 32, n)
        if prune:
            tails = np.cumsum(counts[::-1], axis=0)[::-1]
            keep = _undominated(np.concatenate([totals[None], tails]) * scale[None, :, None], order)
        else:
            keep = np.ones(totals.shape, dtype=bool)
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes]) / draws[:, None, None]
        lines_law = outcomes @ onto                                                             # (32, n, outcomes)
        ev = totals / draws[:, None]
        class_laws = counts / draws[None, :, None]
        chunk_weights = weights[chunk.classes]
        for start in range(0, totals.shape[1], DEAL_BLOCK):
            deals = slice(start, min(start + DEAL_BLOCK, totals.shape[1]))
            chosen = _best_holds(chain, ev[:, deals], class_laws[:, :, deals], keep[:, deals], tie, sums,
                                 coefficients)                                                  # (n, states)
            _add_laws(chosen, lines_law[:, deals], chunk_weights[deals], multisets, kept, moving)
    laws: Array = np.clip((moving + kept) / weights.sum(), 0.0, None)  # a difference's rounding below 0
    return laws


def _best_holds(chain: Chain, ev: Array, class_laws: Array, keep: npt.NDArray[np.bool_], tie: Index,
                sums: Array, coefficients: Array) -> Index:
    """(deals, states): each deal's best hold in every state, of the holds ``keep`` marks, ties to
    the first in the tie order.  A hold's worth is ``M·EV + powers(law)·coefficients``, worked out
    once per distinct (cards kept, class law) so alike holds get the very same worth."""
    deals = ev.shape[1]
    ranked = keep[tie]                                                     # (32, n), tie order
    most = int(ranked.sum(axis=0).max())
    slots = np.argsort(~ranked, axis=0, kind="stable")[:most]              # the kept holds first
    valid = np.take_along_axis(ranked, slots, axis=0)                      # (most, n)
    holds = tie[slots]                                                     # (most, n) masks
    columns = np.arange(deals)[None, :]
    law = class_laws[:, holds, columns]                                    # (K-1, most, n)
    laws = np.concatenate([1.0 - law.sum(axis=0)[None], law]).reshape(chain.classes, -1).T  # (most·n, K)
    rows, key = np.unique(laws, axis=0, return_inverse=True)
    ahead = chain.powers(rows) @ coefficients                              # (keys, states)
    worth = ev[holds, columns][:, :, None] * sums[None, None, :] + ahead[key.ravel()].reshape(*holds.shape, -1)
    worth[~valid] = -np.inf
    best = np.argmax(worth, axis=0)                                        # (n, states): the first of the best
    chosen: Index = holds[best, np.arange(deals)[:, None]]
    return chosen


def _cubes(law: Array, multisets: Index) -> Array:
    """(rows, multisets): the chance of one ordered tuple of each multiset, lines independent with ``law``."""
    product = law[:, multisets[:, 0]]
    for column in range(1, multisets.shape[1]):
        product = product * law[:, multisets[:, column]]
    return product


def _add_laws(chosen: Index, lines_law: Array, weights: Array, multisets: Index, kept: Array,
              moving: Array) -> None:
    """Add these deals' part of every state's law: each deal's most common hold to ``kept`` once,
    and to ``moving[s]`` the difference of the hold a state ``s`` plays instead."""
    deals, states = chosen.shape
    rows = np.arange(deals)
    plays = np.zeros((deals, HOLDS), dtype=np.int64)
    np.add.at(plays, (np.repeat(rows, states), chosen.ravel()), 1)
    usual = plays.argmax(axis=1)                                           # (n,)
    usual_cubes = _cubes(lines_law[usual, rows], multisets)                # (n, multisets)
    kept += weights @ usual_cubes
    deal, state = np.nonzero(chosen != usual[:, None])
    if not len(deal):
        return
    other = chosen[deal, state]
    pairs, which = np.unique(deal * HOLDS + other, return_inverse=True)
    pair_deal, pair_hold = pairs // HOLDS, pairs % HOLDS
    change = weights[pair_deal][:, None] * (_cubes(lines_law[pair_hold, pair_deal], multisets)
                                            - usual_cubes[pair_deal])     # (pairs, multisets)
    picks = np.zeros((states, len(pairs)))
    picks[state, which.ravel()] = 1.0
    moving += picks @ change


def _chain(solved: BonusStreakAnalysis, laws: Array, multisets: Index, outcome_pays: Index,
           outcome_classes: Index) -> RoundChain:
    """Every state's rounds: each ordered tuple of the lines' outcomes, its win and the state it
    leaves, those alike merged."""
    chain = solved.chain
    lines, outcomes = chain.lines, len(outcome_pays)
    tuples = np.array(list(itertools.product(range(outcomes), repeat=lines)), dtype=np.int64)  # (outcomes^L, L)
    where = {tuple(multiset): place for place, multiset in enumerate(multisets.tolist())}
    multiset_of = np.array([where[tuple(sorted(row))] for row in tuples.tolist()], dtype=np.int64)
    class_tuple = np.zeros(len(tuples), dtype=np.int64)
    for column in range(lines):  # as :func:`itertools.product` numbers the chain's class tuples
        class_tuple = class_tuple * chain.classes + outcome_classes[tuples[:, column]]
    multipliers = chain.line_multipliers.astype(np.int64)[chain.states]  # (states, lines)
    paid = outcome_pays[tuples]                                          # (tuples, lines)
    states = len(chain.states)
    origins, wins, targets, chances = [], [], [], []
    for place in range(states):
        law = laws[place, multiset_of]
        won = paid @ multipliers[place]
        key = won * states + chain.following[place, class_tuple]
        merged, which = np.unique(key[law > 0], return_inverse=True)
        origins.append(np.full(len(merged), place, dtype=np.intp))
        wins.append(merged // states)
        targets.append((merged % states).astype(np.intp))
        chances.append(np.bincount(which.ravel(), law[law > 0]))
    labels = tuple(queues_text(chain.state_queues(state)) for state in range(states))
    return RoundChain(solved.bet, np.concatenate(origins), np.concatenate(wins), np.concatenate(targets),
                      np.concatenate(chances), start=0, labels=labels)


def _load(file: Path, states: int, multisets: int, lines: int, outcomes: int) -> Array | None:
    """Cached laws, if whole: one a state, each summing to 1 over every ordered tuple of outcomes."""
    data = load(file)
    if data is None or len(data) != states * multisets * 8:
        return None
    laws = np.frombuffer(data, dtype=np.float64).reshape(states, multisets).copy()
    ordered = np.array([_orderings(multiset) for multiset in
                        itertools.combinations_with_replacement(range(outcomes), lines)], dtype=np.float64)
    if not np.isfinite(laws).all() or laws.min() < -1e-12 or np.abs(laws @ ordered - 1).max() > 1e-9:
        return None
    return laws


def _orderings(multiset: tuple[int, ...]) -> int:
    """How many ordered tuples sort to ``multiset``."""
    return len(set(itertools.permutations(multiset)))
