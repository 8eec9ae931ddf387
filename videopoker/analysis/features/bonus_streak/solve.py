"""Ultimate X Bonus Streak solved exactly, for the whole game: an average-reward Markov decision
process over the multiset of the lines' queues (:mod:`.chain`).

With ``g`` the average win of a round and ``V`` the relative value of a state, in coins::

    g + V(s) = E over deals of  max over holds of  M(s)·EV(hold) + E[V(next) | s, hold]

``M(s)`` the sum of the lines' next multipliers.  Policy iteration solves it: a *sweep* finds every
deal's best hold in every state for the values ``V`` (over the holds that can be best,
:mod:`.holds`, as a product of each hold key's monomials with each state's coefficients), and the
values of those holds follow exactly from the chain they make.  A sweep also bounds the optimum
(Odoni): ``min_s (TV − V)(s) ≤ g* ≤ max_s (TV − V)(s)``; the solve stops when the bounds meet to
``TOLERANCE`` of a coin, two or three sweeps from values that add up each line's own.

The solve then checks what dropping dominated holds assumed: that a stronger class never leaves a
line worse off, in every state for every other line's outcome.  Should a table break it, the
solve runs again over all 32 holds.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.bonus_streak.chain import Chain, build_chain, streak_classes
from videopoker.analysis.features.bonus_streak.holds import Holds, candidate_holds
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import Analysis, analyze, pay_vector
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak, Streak

Array = npt.NDArray[np.float64]
Found = TypeVar("Found")

#: The solve stops when the bounds on the average win of a round are this close, in coins.
TOLERANCE = 1e-9
MOST_SWEEPS = 30
#: A gap between the bounds under which the next sweep is expected to be the last.
LAST_GAP = 1e-4
#: A policy's values are worked out by iterating its chain until they move less than this.
SETTLED = 1e-12
#: Score arrays of a sweep are kept to about this many numbers at once.
SWEEP_BLOCK = 1 << 24
#: The most hands a round solved exactly (10-play's states are over a million: bounds instead).
MOST_EXACT_LINES = 5


@dataclass(frozen=True)
class Sweep:
    """Every state's best holds for some values: what they are worth, what they pay, how they draw."""

    worth: Array        # (states,): E over deals of the best worth, M·EV + E[V(next)]
    paid: Array         # (states,): coins the best holds pay a round, M·E[EV]
    powers: Array       # (states, multisets): E over deals of the best holds' monomials
    outcomes: Array | None = None   # (states, categories): each final hand's chance a hand


@dataclass(frozen=True)
class BonusStreakAnalysis:
    """A Bonus Streak table at ``lines`` hands a round, solved: values in coins of the whole round."""

    paytable: Paytable
    feature: BonusStreak
    lines: int
    chain: Chain
    values: tuple[float, ...]          # V(state) beside a fresh machine's (every queue empty)
    probabilities: tuple[float, ...]   # how often each state is in play under perfect play
    average_win: float                 # g: coins won a round under perfect play
    bounds: tuple[float, float]        # what the last sweep proves of g
    plain_win: float                   # the same with the base game's holds in every state
    base: Analysis
    frequencies: tuple[float, ...]     # per category, its chance a hand
    paid_frequencies: tuple[float, ...]  # per category, E[line multiplier · 1(category)] a hand

    @property
    def coins(self) -> int:
        return self.feature.coins

    @property
    def bet(self) -> int:
        """Coins a round at the feature bet."""
        return self.lines * self.coins

    @property
    def rtp(self) -> float:
        return self.average_win / self.bet

    @property
    def rtp_plain_holds(self) -> float:
        return self.plain_win / self.bet

    @property
    def base_rtp(self) -> float:
        return float(self.base.rtp)

    def rows(self) -> list[dict[str, Any]]:
        """Each final hand's chance a hand and its part of the return, per coin of the whole bet."""
        from videopoker.analysis.features.state_hint import line_rows

        return line_rows(self.paytable, self.frequencies, self.paid_frequencies, self.coins)

    def to_json(self, hands: int | None = None) -> dict[str, Any]:
        """``analyze --json``: ``rtp`` the game's under perfect play, per coin of the whole bet."""
        from videopoker.paytable.kinds.bonus_streak import queues_text

        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins,
            "multi": self.lines, "rtp": self.rtp, "base_rtp": self.base_rtp, "rows": self.rows(),
            "feature": self.feature.to_json() | {
                "lines": self.lines, "rtp_plain_holds": self.rtp_plain_holds,
                "rtp_bounds": [bound / self.bet for bound in self.bounds],
                "states": [{"streaks": queues_text(self.chain.state_queues(state)), "probability": chance,
                            "value": value}
                           for state, (chance, value) in enumerate(zip(self.probabilities, self.values))]},
        }


def streak_rules(paytable: Paytable, lines: int) -> tuple[tuple[Streak | None, ...], npt.NDArray[np.int64]]:
    """The classes of a line's outcome at ``lines`` hands a round, and each category's class."""
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    return streak_classes(feature.streaks(lines), paytable.game.categories)


def solve_chain(paytable: Paytable, lines: int) -> tuple[Chain, npt.NDArray[np.int64]]:
    """The chain of a table's streaks at ``lines`` hands a round, and each category's class."""
    classes, category_class = streak_rules(paytable, lines)
    return build_chain(classes, lines), category_class


def analyze_bonus_streak(paytable: Paytable, lines: int | None = None,
                         progress: Progress = _quiet) -> BonusStreakAnalysis:
    """Solve a Bonus Streak table at ``lines`` hands a round (default: the fewest it offers)."""
    feature = paytable.feature
    if not isinstance(feature, BonusStreak):
        raise VideoPokerError(f"{paytable.name!r} is not a Bonus Streak table")
    lines = check_lines(paytable, lines)
    base = analyze(paytable)
    chain, category_class = solve_chain(paytable, lines)
    file = solve_file("bonus-streak", paytable, lines)
    kept = _load(file, len(chain.states), len(paytable.game.categories))
    if kept is None:
        kept = solve(paytable, chain, category_class, progress)
        save(file, json.dumps(kept).encode())
    progress(1.0, "done")
    return BonusStreakAnalysis(paytable, feature, lines, chain, tuple(kept["values"]), tuple(kept["probabilities"]),
                               kept["average_win"], tuple(kept["bounds"]), kept["plain_win"], base,
                               tuple(kept["frequencies"]), tuple(kept["paid_frequencies"]))


def solve_file(kind: str, paytable: Paytable, lines: int) -> Path:
    """Where a solve of ``kind`` for the table at ``lines`` hands a round is cached: by its pays at
    max_coins and its streaks (what decides the solve), not its name."""
    classes, category_class = streak_rules(paytable, lines)
    streaks = json.dumps([list(streak) if streak else None for streak in classes]).encode()
    return cache_file(kind, paytable.game, "json", pay_vector(paytable, paytable.max_coins).tobytes(),
                      category_class.tobytes(), streaks, bytes([lines]))


def solved_ready(paytable: Paytable, lines: int) -> bool:
    """Whether the table's solve at ``lines`` hands a round is instant now (cached)."""
    return load(solve_file("bonus-streak", paytable, lines)) is not None


def check_lines(paytable: Paytable, lines: int | None) -> int:
    """``lines``, or the fewest hands a round the table offers; one line if it cannot be solved."""
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    offered = feature.offered_lines
    if lines is None:
        return offered[0]
    if lines not in offered:
        raise VideoPokerError(f"--multi {lines}: {paytable.name!r} gives its streaks for "
                              f"{', '.join(map(str, offered))} hands a round; use one of those")
    if lines > MOST_EXACT_LINES:
        raise VideoPokerError(f"--multi {lines}: Bonus Streak is solved exactly up to {MOST_EXACT_LINES} hands a "
                              f"round ({lines}-play has over a million states); --multi {MOST_EXACT_LINES} bounds "
                              f"it from above")
    return lines


def solve(paytable: Paytable, chain: Chain, category_class: npt.NDArray[np.int64],
          progress: Progress = _quiet) -> dict[str, Any]:
    """Policy iteration over ``chain``; over all holds again if dropping the dominated ones was unsound."""
    return over_undominated(paytable, chain, category_class, lambda holds: _policy_iteration(chain, holds, progress),
                            lambda found: np.array(found["values"]), lambda done, stage: progress(0.25 * done, stage))


def over_undominated(paytable: Paytable, chain: Chain, category_class: npt.NDArray[np.int64],
                     work: Callable[[Holds], Found], values: Callable[[Found], Array],
                     progress: Progress = _quiet) -> Found:
    """``work`` done over the holds that can be best; done again over all 32 holds if the ``values``
    it finds break what dropping the others assumed (:func:`monotone_gap`)."""
    found = work(candidate_holds(paytable, category_class, chain.classes, True, progress))
    if monotone_gap(chain, values(found)) >= -TOLERANCE:
        return found
    return work(candidate_holds(paytable, category_class, chain.classes, False, progress))


def _policy_iteration(chain: Chain, holds: Holds, progress: Progress) -> dict[str, Any]:
    sums = chain.multiplier_sums
    values = _additive_values(chain, holds)
    gap = np.inf
    for sweep_number in range(MOST_SWEEPS):
        progress(0.3 + 0.65 * min(sweep_number, 3) / 4, f"policy iteration, sweep {sweep_number + 1}")
        # The sweep that proves the holds best is likely the one after a small gap: it tells how
        # often each hand comes too, so that no sweep is made for that alone.
        swept = sweep(chain, holds, values, sums, outcomes=gap < LAST_GAP)
        gaps = swept.worth - values
        bounds = float(gaps.min()), float(gaps.max())
        gap = bounds[1] - bounds[0]
        average, renewed = evaluate(chain, swept.paid, swept.powers)
        if gap < TOLERANCE:
            break
        values = renewed
    else:
        raise VideoPokerError(f"the Bonus Streak values did not settle in {MOST_SWEEPS} sweeps")
    if swept.outcomes is None:  # the same holds again, counting their final hands
        swept = sweep(chain, holds, values, sums, outcomes=True)
    values = renewed
    assert swept.outcomes is not None
    progress(0.97, "how often each state comes")
    chances = stationary(chain, swept.powers)
    plain = _plain_win(chain, holds)
    share = chances * sums / chain.lines
    return {"values": values.tolist(), "probabilities": chances.tolist(), "average_win": average,
            "bounds": list(bounds), "plain_win": plain,
            "frequencies": (chances @ swept.outcomes).tolist(),
            "paid_frequencies": (share @ swept.outcomes).tolist()}


def sweep(chain: Chain, holds: Holds, values: Array, sums: Array, outcomes: bool = False,
          states: npt.NDArray[np.int64] | None = None) -> Sweep:
    """Every deal's best hold in each state (all, or ``states``) for the values ``values``.

    States go in blocks, one block a core at a time (numpy lets go of the interpreter in its
    loops).  Within a block each group's holds are compared slot by slot, keeping the best so far,
    so no array of every hold's worth in every state is made."""
    chosen = np.arange(len(chain.states)) if states is None else states
    coefficients = chain.coefficients(values, chosen)
    powers = chain.powers(holds.laws)                                   # (keys, multisets)
    keys = len(holds.laws)
    paid, key_counts = np.zeros(len(chosen)), np.zeros((len(chosen), keys))
    ahead_worth = np.zeros(len(chosen))
    laws = np.zeros((len(chosen), holds.groups[0].outcomes.shape[2])) if outcomes else None
    deals = sum(len(group.weight) for group in holds.groups)
    step = max(1, SWEEP_BLOCK // (4 * deals))

    def block_of(start: int) -> None:
        block = slice(start, min(start + step, len(chosen)))
        size = block.stop - block.start
        ahead = powers @ coefficients[block].T                         # (keys, block)
        at = sums[chosen[block]]
        for group in holds.groups:
            top = group.ev[:, :1] * at + ahead[group.key[:, 0]]        # (deals, block)
            best = np.zeros(top.shape, dtype=np.int64)
            for slot in range(1, group.ev.shape[1]):
                scores = group.ev[:, slot:slot + 1] * at + ahead[group.key[:, slot]]
                better = scores > top
                np.copyto(best, slot, where=better)
                np.maximum(top, scores, out=top)
            rows = np.arange(len(best))[:, None]
            paid[block] += group.weight @ group.ev[rows, best]
            picked = group.key[rows, best] + np.arange(size) * keys          # (deals, block)
            key_counts[block] += np.bincount(picked.ravel(), np.repeat(group.weight, size),
                                             minlength=size * keys).reshape(size, keys)
            if laws is not None:
                laws[block] += group.outcomes[rows, best].sum(axis=0)  # weighed already
        ahead_worth[block] = (key_counts[block] * ahead.T).sum(axis=1)

    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        list(pool.map(block_of, range(0, len(chosen), step)))
    total = holds.total
    paid *= sums[chosen] / total
    return Sweep(paid + ahead_worth / total, paid, key_counts @ powers / total,
                 None if laws is None else laws / total)


def evaluate(chain: Chain, paid: Array, powers: Array) -> tuple[float, Array]:
    """The average win ``g`` of the policy that pays ``paid`` and draws ``powers`` in each state,
    and its relative values (0 for the fresh machine)."""
    moves = powers[:, chain.monomial_of]                                # (states, tuples): P(tuple | state)
    following = chain.following
    values = np.zeros(len(paid))
    average = 0.0
    for _ in range(100_000):
        renewed = paid + (moves * values[following]).sum(axis=1)
        average = float(renewed[0] - values[0])
        renewed -= renewed[0]
        moved = float(np.abs(renewed - values).max())
        values = renewed
        if moved < SETTLED * max(1.0, float(np.abs(values).max())):
            break
    return average, values


def stationary(chain: Chain, powers: Array) -> Array:
    """How often the policy that draws ``powers`` in each state is in each state, in the long run."""
    moves = powers[:, chain.monomial_of]
    following = chain.following
    chances = np.zeros(len(powers))
    chances[0] = 1.0
    for _ in range(100_000):
        spread = np.bincount(following.ravel(), (moves * chances[:, None]).ravel(),
                             minlength=len(powers)).astype(np.float64)
        moved = float(np.abs(spread - chances).max())
        chances = spread
        if moved < SETTLED:
            break
    normed: Array = chances / chances.sum()
    return normed


def monotone_gap(chain: Chain, values: Array) -> float:
    """The most a line's outcome one class stronger lowers the next state's value, over every state
    and every outcome of the other lines (0 or above: never; what pruning dominated holds assumes)."""
    tuples = {tuple(assign): place for place, assign in enumerate(chain.assigns.tolist())}
    worst = 0.0
    for place, assign in enumerate(chain.assigns.tolist()):
        for line, streak_class in enumerate(assign):
            if streak_class + 1 < chain.classes:
                stronger = tuples[(*assign[:line], streak_class + 1, *assign[line + 1:])]
                worst = min(worst, float((values[chain.following[:, stronger]]
                                          - values[chain.following[:, place]]).min()))
    return worst


def _line_chain(chain: Chain, law: Array) -> Array:
    """(queues, queues): how one line's queue moves when its class has law ``law`` every round."""
    moves = np.zeros((len(chain.queues), len(chain.queues)))
    for streak_class, chance in enumerate(law):
        np.add.at(moves, (np.arange(len(chain.queues)), chain.moves[:, streak_class]), chance)
    return moves


def line_stationary(chain: Chain, law: Array) -> Array:
    """How often one line holds each queue in the long run when its class has law ``law`` every round."""
    moves = _line_chain(chain, law)
    chances = np.zeros(len(moves))
    chances[0] = 1.0
    for _ in range(100_000):
        spread = chances @ moves
        if float(np.abs(spread - chances).max()) < SETTLED:
            break
        chances = spread
    return spread


def _plain_win(chain: Chain, holds: Holds) -> float:
    """Coins a round with the base game's holds in every state: each line's queue is then a chain of
    its own, and a line's win its multiplier (known before the deal) times the holds' EV."""
    stationary = line_stationary(chain, holds.plain_law)
    return chain.lines * float(stationary @ chain.line_multipliers) * holds.plain_ev


def _additive_values(chain: Chain, holds: Holds) -> Array:
    """Starting values: each line's own relative value under the base game's holds, added up."""
    moves = _line_chain(chain, holds.plain_law)
    paid = chain.line_multipliers * holds.plain_ev
    line_values = np.zeros(len(chain.queues))
    for _ in range(100_000):
        renewed = paid + moves @ line_values
        renewed -= renewed[0]
        if float(np.abs(renewed - line_values).max()) < SETTLED:
            break
        line_values = renewed
    additive: Array = line_values[chain.states].sum(axis=1)
    return additive


def _load(file: Path, states: int, categories: int) -> dict[str, Any] | None:
    """A cached solve, if whole: a value and a chance per state, the chances a law, finite figures."""
    try:
        kept = json.loads(load(file) or b"null")
        values, chances = kept["values"], kept["probabilities"]
        frequencies, paid, bounds = kept["frequencies"], kept["paid_frequencies"], kept["bounds"]
        wins = float(kept["average_win"]), float(kept["plain_win"])
    except (ValueError, KeyError, TypeError):
        return None
    figures = [values, chances, frequencies, paid, bounds]
    if (not all(isinstance(figure, list) and all(isinstance(x, float) for x in figure) for figure in figures)
            or len(values) != states or len(chances) != states or len(frequencies) != categories
            or len(paid) != categories or len(bounds) != 2
            or not all(np.isfinite([*values, *chances, *frequencies, *paid, *bounds, *wins]))
            or abs(sum(chances) - 1) > 1e-9 or abs(sum(frequencies) - 1) > 1e-9 or min(chances + frequencies) < 0
            or values[0] != 0.0):
        return None
    whole: dict[str, Any] = kept
    return whole
