"""Every deal's holds as Bonus Streak weighs them: a hold's EV and the law of the class its line's
final hand falls in, and only the holds that can be best.

A hold is worth ``M·EV + E[V(next)]`` in a state whose lines' next multipliers sum to ``M``.  If
another hold of the same deal has at least its EV and makes every class *at least as strong* at
least as likely (its class law dominates stochastically, classes weakest first), it is worth at
least as much in every state where a stronger class never leaves the machine worse off — which
the solver checks on the values it finds (:func:`monotone_gap`).  Those dominated holds are
dropped: about four holds a deal remain of 32.  Deals whose remaining holds are the same (the same
EV and the same class counts) are merged, their weights added: about half the deals remain.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HAND, HELD_COUNT, HOLDS, TIE_ORDER, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.paytable import Paytable

Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Group:
    """Merged deals that keep the same number of holds."""

    ev: Array          # (deals, holds): coins at max_coins a line, on average
    key: Index         # (deals, holds): the row of :attr:`Holds.laws` the hold draws to
    weight: Array      # (deals,): dealt hands merged in the row
    outcomes: Array    # (deals, holds, categories): weighed chance of each final hand


@dataclass(frozen=True)
class Holds:
    """The holds that can be best, grouped, and the class laws they draw to."""

    groups: tuple[Group, ...]
    laws: Array        # (keys, classes): the law of a line's class, per distinct key
    total: float       # dealt hands in all
    plain_ev: float    # coins at max_coins a line of the base game's best holds
    plain_law: Array   # (classes,): the law of a line's class under those holds
    kept: int          # holds kept of the deals' 32 each, before merging


def candidate_holds(paytable: Paytable, category_class: Index, classes: int, prune: bool = True,
                    progress: Progress = _quiet) -> Holds:
    """The holds of every dealt hand that can be best in some state (all 32 if not ``prune``)."""
    tables = draw_tables(paytable.game, lambda done, stage: progress(0.1 * done, stage))
    paid = tables.paid(pay_vector(paytable, paytable.max_coins))
    by_class = [tables.paid((category_class == streak_class).astype(np.float64)) for streak_class in range(1, classes)]
    scale = tables.draw_scale.astype(np.float64)
    draws = tables.draw_counts.astype(np.float64)
    order = np.empty(HOLDS, dtype=np.int64)
    order[list(TIE_ORDER)] = np.arange(HOLDS)
    counts_kept, ev_kept, keys_kept, outcomes_kept = [], [], [], []
    plain_ev, plain_law = 0.0, np.zeros(classes)
    weights = tables.class_weights.astype(np.float64)
    done = 0
    for chunk in tables.class_chunks():
        progress(0.1 + 0.15 * done / len(weights), "the holds that can be best")
        done += chunk.dealt.size
        totals = paid.hold_values(chunk.ranks, chunk.dealt)                       # (32, n)
        counts = np.stack([weighed.hold_values(chunk.ranks, chunk.dealt) for weighed in by_class])  # (K-1, 32, n)
        tails = np.cumsum(counts[::-1], axis=0)[::-1]                             # class >= k, k = 1..K-1
        exact = np.concatenate([totals[None], tails]) * scale[None, :, None]      # common denominator
        keep = _undominated(exact, order) if prune else np.ones(totals.shape, dtype=bool)
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes]) / draws[:, None, None]
        best = exact[0].argmax(axis=0)
        columns = np.arange(totals.shape[1])
        chunk_weights = weights[chunk.classes]
        plain_ev += float(chunk_weights @ (totals[best, columns] / draws[best]))
        plain_law[1:] += (counts[:, best, columns] / draws[best]) @ chunk_weights
        deal, hold = np.nonzero(keep.T)                                          # deal-major
        counts_kept.append(keep.sum(axis=0))
        ev_kept.append(totals[hold, deal] / draws[hold])
        drawing = (np.rint(count[hold, deal]).astype(np.int64) for count in counts)
        keys_kept.append(np.column_stack([HELD_COUNT[hold], *drawing]))
        outcomes_kept.append(outcomes[hold, deal] * chunk_weights[deal][:, None])
    total = float(weights.sum())
    plain_law[0] = total - plain_law[1:].sum()
    progress(0.25, "merging deals alike")
    rows, key = np.unique(np.concatenate(keys_kept), axis=0, return_inverse=True)
    laws = _laws(rows, paytable.game.deck_size, classes)
    kept = np.concatenate(counts_kept)
    groups = _groups(kept, np.concatenate(ev_kept), key.ravel(), weights, np.concatenate(outcomes_kept))
    return Holds(groups, laws, total, plain_ev / total, plain_law / total, int(kept.sum()))


def _undominated(exact: Array, order: Index) -> npt.NDArray[np.bool_]:
    """(32, n): the holds no other hold of the deal matches or beats in every figure of ``exact``
    (EV, then each class tail), of exact equals the first in the tie order."""
    keep = np.ones(exact.shape[1:], dtype=bool)
    for hold in range(HOLDS):
        mine = exact[:, hold:hold + 1, :]
        at_least = (exact >= mine).all(axis=0)
        better = (exact > mine).any(axis=0) | (order < order[hold])[:, None]
        beaten = at_least & better
        beaten[hold] = False
        keep[hold] = ~beaten.any(axis=0)
    return keep


def _laws(rows: Index, deck_size: int, classes: int) -> Array:
    """The law of a line's class for each key (held cards, then the draws making each class > 0)."""
    draws = np.array([comb(deck_size - HAND, HAND - held) for held in range(HAND + 1)], dtype=np.float64)
    laws = np.zeros((len(rows), classes))
    laws[:, 1:] = rows[:, 1:] / draws[rows[:, 0]][:, None]
    laws[:, 0] = 1.0 - laws[:, 1:].sum(axis=1)
    return laws


def _groups(kept: Index, ev: Array, key: Index, weights: Array, outcomes: Array) -> tuple[Group, ...]:
    """The deals by how many holds they keep, each deal's holds in key order, alike deals merged."""
    starts = np.concatenate([[0], np.cumsum(kept)[:-1]])
    groups = []
    for size in np.unique(kept):
        deals = np.flatnonzero(kept == size)
        places = starts[deals][:, None] + np.arange(size)[None, :]
        keys, evs = key[places], ev[places]
        sorting = np.lexsort((evs, keys), axis=1) if size > 1 else np.zeros((len(deals), 1), dtype=np.int64)
        places = np.take_along_axis(places, sorting, axis=1)
        keys, evs = key[places], ev[places]
        signature = np.concatenate([keys.astype(np.float64), evs], axis=1)
        _, first, merged = np.unique(signature, axis=0, return_index=True, return_inverse=True)
        merged = merged.ravel()
        weight = np.bincount(merged, weights[deals], minlength=len(first)).astype(np.float64)
        summed = np.zeros((len(first), size, outcomes.shape[1]))
        np.add.at(summed, merged, outcomes[places])
        groups.append(Group(evs[first], keys[first], weight, summed))
    return tuple(groups)
