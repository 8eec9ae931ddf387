"""Ultimate X played by the simulator: many machines side by side, every line's multiplier carried.

Each machine keeps the multiplier of each of its lines.  A round deals one hand, holds what the
solve (:mod:`~videopoker.analysis.features.ultimate_x.solve`) says is best at the sum of the machine's
multipliers — the hold of largest ``s · EV + E[H(next sum)]``, ties to :func:`first_best` — and
then every line draws its own cards from the rest of the deck, is paid its multiplier times its
hand's pay at max_coins, and takes the multiplier its hand earns for the next round.

Thousands of machines play a round at once, so a step is a few numpy products over (32 holds ×
machines), never a Python loop per hand.  E[H(next sum)] of a hold depends only on how many cards
it keeps and how often its draws earn each multiplier; those keys repeat (a few tens of thousands
in all), so each is worked out once and remembered across steps.

A fresh machine (every line at 1X) wins less in its first round than the long-run average that
the exact return is: about ``E[H]`` under the stationary law of sums (15 coins at 3-play).  Over
the few dozen rounds each machine plays that would pull the return down by a few standard errors,
so every machine plays :data:`WARM_UP` rounds off the record first.  The law of the next sum
depends on the present one only through the hold, so a machine forgets where it started by a
factor of a few hundred a round: counted from its fourth round, 8/6 Jacks or Better's machine is
1.6e-7 coins from its long run at 3-play (15.08 from the first, 0.05 from the second).

A machine's rounds are not independent (a full house earns its line 12X for the next one), so the
standard error comes from the machines' totals, which are.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.rounds import Deal
from videopoker.analysis.features.machines import SideBySide
from videopoker.analysis.features.ultimate_x.solve import (
    UltimateXAnalysis,
    analyze_ultimate_x,
    category_multipliers,
    key_laws,
)
from videopoker.analysis.solve.draws import HELD_COUNT, HOLDS, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.analysis.solve.tally import first_best
from videopoker.paytable import Paytable

#: Machines played side by side: a step of this many deals stays well under a tenth of a second.
MACHINES = 4096
#: Rounds each machine plays before its wins are counted, so that it starts in its long run.
WARM_UP = 3
#: Dealt-hand classes weighed at once when the long-run frequencies are worked out.
CLASS_CHUNK = 8192
#: Seed of the odd multipliers that fold a key into 64 bits (any fold does: keys are checked whole).
FOLD_SEED = 0x5EED


class NextWorths:
    """E[H(next sum)] of holds, remembered by what decides it: the cards a hold keeps and how many of
    its draws earn each multiplier above the smallest (the solve's key, worked out the same way).

    Keys are kept sorted by a 64-bit fold for a binary search; a key is only believed when it
    matches whole, so two keys that fold alike cost a recomputation, never a wrong worth.
    """

    def __init__(self, solved: UltimateXAnalysis) -> None:
        self.solved = solved
        earned = category_multipliers(solved.paytable, solved.multipliers())
        self.values = sorted(set(earned.tolist()))
        self.relative = np.array(solved.relative)
        self.fold = np.random.default_rng(FOLD_SEED).integers(0, 2**64 - 1, size=len(self.values),
                                                              dtype=np.uint64) | np.uint64(1)
        self.folded = np.empty(0, dtype=np.uint64)
        self.keys = np.empty((0, len(self.values)), dtype=np.int64)
        self.worths = np.empty(0, dtype=np.float64)

    def __len__(self) -> int:
        return len(self.folded)

    def of(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """The worth of each key (rows: cards kept, then the draws earning each larger multiplier)."""
        distinct, first, back = np.unique(self._folded(keys), return_index=True, return_inverse=True)
        shown = keys[first]                    # one key per fold: the others are checked against it
        place = np.minimum(np.searchsorted(self.folded, distinct), max(len(self) - 1, 0))
        folded_before = np.zeros(len(distinct), dtype=bool)
        known = np.zeros(len(distinct), dtype=bool)
        if len(self):
            folded_before = self.folded[place] == distinct
            known = folded_before & (self.keys[place] == shown).all(axis=1)
        worth = np.empty(len(distinct), dtype=np.float64)
        worth[known] = self.worths[place[known]]
        worth[~known] = self.worth_of(shown[~known])
        worths = worth[back]
        stray = ~(keys == shown[back]).all(axis=1)  # folds like another key: worked out alone
        if stray.any():
            worths[stray] = self.worth_of(keys[stray])
        sure = ~known & ~folded_before & (np.bincount(back[stray], minlength=len(distinct)) == 0)
        self._remember(distinct[sure], shown[sure], worth[sure])
        return worths

    def _remember(self, folded: npt.NDArray[np.uint64], keys: npt.NDArray[np.int64],
                  worths: npt.NDArray[np.float64]) -> None:
        """Add keys whose folds are new, keeping the folds sorted."""
        if not len(folded):
            return
        every = np.concatenate([self.folded, folded])
        order = np.argsort(every, kind="stable")
        self.folded = every[order]
        self.keys = np.concatenate([self.keys, keys])[order]
        self.worths = np.concatenate([self.worths, worths])[order]

    def worth_of(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """E[H(next sum)] of keys, as the solve computes it: one line's law of the multiplier it
        earns, convolved over the lines, weighed by H."""
        laws = key_laws(keys, self.values, self.solved.paytable.game.deck_size, self.solved.lines,
                        self.solved.sums[-1])
        worth: npt.NDArray[np.float64] = laws @ self.relative
        return worth

    def _folded(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.uint64]:
        folded = np.zeros(len(keys), dtype=np.uint64)
        for column, multiplier in enumerate(self.fold):
            folded += keys[:, column].astype(np.uint64) * multiplier  # wraps modulo 2**64, as meant
        return folded


@dataclass(frozen=True)
class PlayedRound:
    """One round on some machines: what each line carried into it, the category of each line's
    final hand (machines, lines), and each machine's win in coins."""

    machines: npt.NDArray[np.intp]
    carried: npt.NDArray[np.int64]
    finals: npt.NDArray[np.intp]
    won: npt.NDArray[np.int64]


@dataclass(frozen=True)
class LongRun:
    """What perfect play makes in the long run, from the solve's law of sums: how often a hand ends
    in each category, and the average win of a round (the solve's ``average_win`` again, when the
    holds here are the solve's)."""

    frequencies: tuple[float, ...]
    average_win: float


class UltimateXPlayer(SideBySide):
    """Plays Ultimate X rounds on ``machines`` machines at once, each line's multiplier literal."""

    def __init__(self, paytable: Paytable, lines: int | None = None, progress: Progress = _quiet,
                 machines: int = MACHINES) -> None:
        self.paytable = paytable
        self.solved = analyze_ultimate_x(paytable, lines, progress)
        self.lines = self.solved.lines
        super().__init__(machines, WARM_UP, self.lines * self.solved.coins)
        self.tables = draw_tables(paytable.game)
        self.earned = category_multipliers(paytable, self.solved.multipliers())
        self.worths = NextWorths(self.solved)
        pays = pay_vector(paytable, paytable.max_coins)
        self.pays = pays.astype(np.int64)
        above = [(self.earned == value).astype(np.float64) for value in self.worths.values[1:]]
        self.weighing = np.stack([pays, *above], axis=1)  # categories × (pay, then each larger multiplier)
        self.hold_draws = self.tables.draw_counts.astype(np.float64)
        self.multipliers = np.ones((machines, self.lines), dtype=np.int64)

    def play_turn(self, machines: npt.NDArray[np.intp], rng: np.random.Generator,
                  pays: npt.NDArray[np.int64] | None, counts: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
        return self.play_round(machines, rng, self.pays if pays is None else pays, counts).won

    def play_round(self, machines: npt.NDArray[np.intp], rng: np.random.Generator, pays: npt.NDArray[np.int64],
                   counts: npt.NDArray[np.int64] | None) -> PlayedRound:
        """One round on each of ``machines``: deal, hold for the sum of its lines, draw every line,
        pay each line its multiplier times its hand, and give each line what its hand earns."""
        game = self.paytable.game
        carried = self.multipliers[machines]
        deal = Deal.shuffled(len(machines), game.deck_size, rng)
        kept = deal.kept(self.holds(deal.hands, carried.sum(axis=1)))
        finals = np.stack([deal.draw(game, kept, rng) for _ in range(self.lines)], axis=1).astype(np.intp)
        won = (carried * pays.take(finals)).sum(axis=1)
        self.multipliers[machines] = self.earned.take(finals)
        if counts is not None:
            counts += np.bincount(finals.ravel(), minlength=len(counts))
        return PlayedRound(machines, carried, finals, won)

    def holds(self, hands: npt.NDArray[np.uint8], sums: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The best hold of each sorted dealt hand at the sum of multipliers beside it."""
        ev, ahead, _ = self.judged(hands)
        return first_best(sums.astype(np.float64)[None, :] * ev + ahead)

    def judged(self, hands: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64],
                                                           npt.NDArray[np.int64]]:
        """Every hold of each sorted hand (32, hands): its EV in coins at max_coins, what the
        multipliers it earns are worth, and its final hands' counts (32, hands, categories)."""
        outcomes = self.tables.hold_outcomes(hands)
        weighed = outcomes.reshape(-1, outcomes.shape[2]).astype(np.float64) @ self.weighing  # exact integers
        ev = weighed[:, 0].reshape(HOLDS, len(hands)) / self.hold_draws[:, None]
        keys = np.empty((len(weighed), len(self.worths.values)), dtype=np.int64)
        keys[:, 0] = np.repeat(HELD_COUNT, len(hands))
        keys[:, 1:] = np.rint(weighed[:, 1:])
        return ev, self.worths.of(keys).reshape(HOLDS, len(hands)), outcomes

    def long_run(self, progress: Progress = _quiet) -> LongRun:
        """How often a hand ends in each category under these holds, weighed by the solve's law of
        sums, and the average win that makes: every dealt-hand class, at every sum where its hold
        changes (a hold best at the smallest and the largest sum is best in between)."""
        sums = np.array(self.solved.sums, dtype=np.float64)
        chances = np.array(self.solved.probabilities)
        made = np.zeros(len(self.paytable.game.categories))
        ev_at = np.zeros(len(sums))
        hands, weights = self.tables.class_hands, self.tables.class_weights.astype(np.float64)
        for start in range(0, len(hands), CLASS_CHUNK):
            progress(start / len(hands), "the long run's frequencies")
            chunk = slice(start, start + CLASS_CHUNK)
            ev, ahead, outcomes = self.judged(hands[chunk])
            low, high = first_best(sums[0] * ev + ahead), first_best(sums[-1] * ev + ahead)
            steady = np.flatnonzero(low == high)
            switching = np.flatnonzero(low != high)
            made += self._made(outcomes, low[steady], steady, weights[chunk][steady])
            ev_at += float(weights[chunk][steady] @ ev[low[steady], steady])
            ev, ahead, outcomes = ev[:, switching], ahead[:, switching], outcomes[:, switching]
            for place, total in enumerate(sums):
                best = first_best(total * ev + ahead)
                columns = np.arange(len(switching))
                made += chances[place] * self._made(outcomes, best, columns, weights[chunk][switching])
                ev_at[place] += float(weights[chunk][switching] @ ev[best, columns])
        dealt = float(weights.sum())
        progress(1.0, "the long run's frequencies")
        return LongRun(tuple(float(x) for x in made / dealt), float(chances @ (sums * ev_at)) / dealt)

    def _made(self, outcomes: npt.NDArray[np.int64], holds: npt.NDArray[np.int64], columns: npt.NDArray[np.intp],
              weights: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The final hands ``holds`` make on ``columns`` of ``outcomes``, each deal weighed by
        ``weights`` over its draws: category totals."""
        made: npt.NDArray[np.float64] = (weights / self.hold_draws[holds]) @ outcomes[holds, columns]
        return made
