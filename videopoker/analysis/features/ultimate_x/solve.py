"""Ultimate X solved exactly, for the whole game: an average-reward Markov decision process.

At the feature bet every winning line earns the multiplier of its hand for that line's next win.
All lines share the dealt hand and the hold, and each line draws from its own deck, so a hold's
win this round is ``s × EV`` (``s`` the sum of the lines' multipliers now, ``EV`` the hold's
expected pay at max_coins) and the next round's sum depends only on the hold.  The sum is
therefore the state that decides a hold, and with ``H`` the relative value of a sum and ``g`` the
average win of a round::

    g + H(s) = E over deals of  max over holds of  s · EV(hold) + E[H(next sum) | hold]

Relative value iteration solves it.  The next sum's law depends on the hold only through how
many cards it keeps and how its draws fall among the multipliers, so those laws are worked out
once per distinct key (tens of thousands, not millions of holds), and each step is a product with
``H``.  Because the next state does not depend on the present one, the iteration converges by a
factor of about 200 a step.  A deal whose best hold is the same at the smallest and the largest
sum keeps it in between (the best worth is convex in ``s``), so only the other deals are weighed
at every sum.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.chain import stationary_law
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import HAND, HELD_COUNT, HOLDS, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import Analysis, analyze, pay_vector
from videopoker.analysis.solve.tally import first_best
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.ultimate_x import UltimateX
from videopoker.rules.definition import PayCategory

#: Relative value iteration stops when no sum's value moves by more than this many coins.
TOLERANCE = 1e-10
MOST_STEPS = 200


@dataclass(frozen=True)
class UltimateXAnalysis:
    """An Ultimate X table at ``lines`` hands a round, solved: values in coins of the whole round."""

    paytable: Paytable
    feature: UltimateX
    lines: int
    sums: tuple[int, ...]             # every sum of the lines' multipliers, lines .. lines × the largest
    relative: tuple[float, ...]       # H(s): what a sum is worth beside a fresh machine's (all 1X), in coins
    probabilities: tuple[float, ...]  # how often each sum is in play under perfect play
    average_win: float                # g: coins won a round, on average, under perfect play
    base_strategy_win: float          # the same with the base game's holds at every sum
    base: Analysis                    # the table at max_coins without the feature
    #: Per category, the chance a hand ends as it under perfect play, over the sums as they come.
    frequencies: tuple[float, ...] = ()
    #: Per category, the same weighed by the hand's line multiplier (E[m · 1(category)]): its pay
    #: times this, over the feature's coins, is the category's part of the return.
    paid_frequencies: tuple[float, ...] = ()

    @property
    def coins(self) -> int:
        return self.feature.coins

    @property
    def rtp(self) -> float:
        """Per coin of the whole bet: ``coins`` on each of ``lines`` hands."""
        return self.average_win / (self.lines * self.coins)

    @property
    def rtp_base_strategy(self) -> float:
        return self.base_strategy_win / (self.lines * self.coins)

    @property
    def base_rtp(self) -> float:
        return float(self.base.rtp)

    def rows(self) -> list[dict[str, Any]]:
        """The return table: each final hand's chance and its part of the return, per coin of the whole bet."""
        from videopoker.analysis.features.state_hint import line_rows

        return line_rows(self.paytable, self.frequencies, self.paid_frequencies, self.coins)

    def multipliers(self) -> dict[PayCategory, int]:
        return self.feature.line_multipliers(self.lines)

    def value(self, total: int) -> float:
        """H of a sum of the lines' multipliers."""
        return self.relative[self.sums.index(total)]

    def next_worth(self, outcomes: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """E[H(next sum)] of holds whose draws make each category as often as ``outcomes`` (holds,
        categories) say: what the multipliers a hold earns are worth."""
        laws = line_laws(outcomes, category_multipliers(self.paytable, self.multipliers()))
        worth: npt.NDArray[np.float64] = sum_laws(laws, self.lines, self.sums[-1]) @ np.array(self.relative)
        return worth

    def found_value(self, total: int) -> float:
        """What one round at max_coins a hand is worth, in coins net of its bet, on a machine found
        with multipliers summing to ``total``: it pays them and earns none (the base game's holds)."""
        bet = self.paytable.max_coins
        return total * self.base_rtp * bet - self.lines * bet

    def to_json(self, hands: int | None = None) -> dict[str, Any]:
        """``analyze --json``: ``rtp`` the game's under perfect play, per coin of the whole bet."""
        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins,
            "multi": self.lines, "rtp": self.rtp, "base_rtp": self.base_rtp, "rows": self.rows(),
            "feature": self.feature.to_json() | {
                "lines": self.lines, "rtp_base_strategy": self.rtp_base_strategy,
                "states": [{"multiplier_sum": total, "probability": chance, "value": value}
                           for total, chance, value in zip(self.sums, self.probabilities, self.relative)]},
        }


def category_multipliers(paytable: Paytable, multipliers: dict[PayCategory, int]) -> npt.NDArray[np.int64]:
    """Per category of the game, the multiplier it earns a line (1 for a hand not listed, and ``nothing``)."""
    return np.array([multipliers.get(category, 1) for category in paytable.game.categories], dtype=np.int64)


def line_laws(outcomes: npt.NDArray[np.int64], earned: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Per hold (a row of category counts), the law of the multiplier one line earns: (holds, largest + 1)."""
    draws = outcomes.sum(axis=1, keepdims=True).astype(np.float64)
    laws = np.zeros((len(outcomes), int(earned.max()) + 1))
    for category, multiplier in enumerate(earned):
        laws[:, multiplier] += outcomes[:, category] / draws[:, 0]
    return laws


def sum_laws(laws: npt.NDArray[np.float64], lines: int, largest: int) -> npt.NDArray[np.float64]:
    """The law of the sum of ``lines`` independent lines, each of law ``laws`` (rows), over the sums
    lines .. largest: the line law convolved with itself ``lines`` times."""
    values = np.flatnonzero(laws.any(axis=0))
    total = np.zeros((len(laws), largest + 1))
    total[:, 0] = 1.0
    for _ in range(lines):
        step = np.zeros_like(total)
        for value in values:
            step[:, value:] += laws[:, value:value + 1] * total[:, :largest + 1 - value]
        total = step
    summed: npt.NDArray[np.float64] = total[:, lines:]
    return summed


def key_laws(keys: npt.NDArray[np.int64], values: Sequence[int], deck_size: int, lines: int,
             largest: int) -> npt.NDArray[np.float64]:
    """The law of the next sum (lines .. ``largest``) for holds keyed by the cards they keep and how
    many of their draws earn each multiplier in ``values`` above the smallest (a row a key)."""
    unseen = deck_size - HAND
    draws = np.array([comb(unseen, HAND - held) for held in range(HAND + 1)], dtype=np.float64)[keys[:, 0]]
    single = np.zeros((len(keys), max(values) + 1))
    for place, value in enumerate(values[1:], 1):
        single[:, value] = keys[:, place] / draws
    single[:, values[0]] = 1.0 - single.sum(axis=1)
    return sum_laws(single, lines, largest)


def analyze_ultimate_x(paytable: Paytable, lines: int | None = None,
                       progress: Progress = _quiet) -> UltimateXAnalysis:
    """Solve an Ultimate X table at ``lines`` hands a round (default: the most it offers)."""
    feature = paytable.feature
    if feature is None or not isinstance(feature, UltimateX):
        raise VideoPokerError(f"{paytable.name!r} is not an Ultimate X table")
    lines = check_lines(paytable, lines)
    base = analyze(paytable)
    earned = category_multipliers(paytable, feature.line_multipliers(lines))
    sums = tuple(range(lines, lines * int(earned.max()) + 1))
    pays = pay_vector(paytable, paytable.max_coins)
    file = cache_file("ultimate-x", paytable.game, "json", pays.tobytes(), earned.tobytes(), bytes([lines]))
    kept = _load(file, len(sums), len(paytable.game.categories))
    if kept is None:
        kept = _solve(paytable, lines, earned, sums, progress)
        save(file, json.dumps(kept).encode())
    progress(1.0, "done")
    return UltimateXAnalysis(paytable, feature, lines, sums, tuple(kept["relative"]), tuple(kept["probabilities"]),
                             kept["average_win"], kept["base_strategy_win"], base, tuple(kept["frequencies"]),
                             tuple(kept["paid_frequencies"]))


def check_lines(paytable: Paytable, lines: int | None) -> int:
    """``lines``, or the most hands a round the table's multipliers are given for; one line if not offered."""
    assert isinstance(paytable.feature, UltimateX)
    offered = paytable.feature.offered_lines
    if lines is None:
        return offered[-1]
    if lines not in offered:
        raise VideoPokerError(f"--multi {lines}: {paytable.name!r} gives its Ultimate X multipliers for "
                              f"{', '.join(map(str, offered))} hands a round; use one of those")
    return lines


@dataclass
class _Holds:
    """Every hold of every dealt-hand class: its EV (coins at max_coins) and which next-sum law it draws."""

    ev: npt.NDArray[np.float64]        # (32, classes)
    law: npt.NDArray[np.intp]          # (32, classes): a row of ``laws``
    laws: npt.NDArray[np.float64]      # (keys, sums)
    weights: npt.NDArray[np.float64]   # hands in each class


def _holds(paytable: Paytable, lines: int, earned: npt.NDArray[np.int64], largest: int,
           progress: Progress) -> _Holds:
    tables = draw_tables(paytable.game, lambda done, stage: progress(0.3 * done, stage))
    progress(0.3, "every hold's draws")
    values = sorted(set(earned.tolist()))
    paid = tables.paid(pay_vector(paytable, paytable.max_coins))
    by_value = [tables.paid((earned == value).astype(np.float64)) for value in values[1:]]
    draws = tables.draw_counts.astype(np.float64)
    classes = len(tables.class_hands)
    ev = np.empty((HOLDS, classes))
    keys = np.empty((HOLDS, classes, len(values)), dtype=np.int64)
    keys[:, :, 0] = HELD_COUNT[:, None]
    for chunk in tables.class_chunks():
        ev[:, chunk.classes] = paid.hold_values(chunk.ranks, chunk.dealt) / draws[:, None]
        for place, weighed in enumerate(by_value, 1):
            keys[:, chunk.classes, place] = np.rint(weighed.hold_values(chunk.ranks, chunk.dealt))
    progress(0.45, "the laws of the next sum")
    flat = np.ascontiguousarray(keys.reshape(-1, len(values)))
    unique, law = np.unique(flat.view(np.dtype((np.void, flat.itemsize * len(values)))).ravel(), return_inverse=True)
    keyed = unique.view(np.int64).reshape(-1, len(values))
    laws = key_laws(keyed, values, paytable.game.deck_size, lines, largest)
    return _Holds(ev, law.reshape(HOLDS, classes).astype(np.intp), laws, tables.class_weights.astype(np.float64))


def _solve(paytable: Paytable, lines: int, earned: npt.NDArray[np.int64], sums: tuple[int, ...],
           progress: Progress) -> dict[str, Any]:
    holds = _holds(paytable, lines, earned, sums[-1], progress)
    states = np.array(sums, dtype=np.float64)
    relative = np.zeros(len(sums))
    total = holds.weights.sum()
    for step in range(MOST_STEPS):
        progress(0.5 + 0.45 * min(step, 10) / 10, "relative value iteration")
        best_at, _ = _best(holds, states, relative)
        renewed = best_at / total
        renewed -= renewed[0]
        moved = float(np.abs(renewed - relative).max())
        relative = renewed
        if moved < TOLERANCE:
            break
    else:
        raise VideoPokerError(f"{paytable.name!r}: the Ultimate X values did not settle in {MOST_STEPS} steps")
    worth_at, chosen = _best(holds, states, relative)
    average_win = float(worth_at[0] / total - relative[0])
    # How often each sum comes: the chain of sums under the chosen holds, to its stationary law.
    stationary = stationary_law(np.stack([_next_sums(holds, row) for row in chosen]))
    progress(0.97, "how often each hand comes")
    by_sum = _category_laws(paytable, holds, chosen)
    plain = first_best(holds.ev)
    plain_next = _next_sums(holds, plain)
    plain_ev = float(holds.weights @ holds.ev[plain, np.arange(len(plain))] / total)
    return {"relative": relative.tolist(), "probabilities": stationary.tolist(), "average_win": average_win,
            "base_strategy_win": float(plain_next @ states) * plain_ev,
            "frequencies": (stationary @ by_sum).tolist(),
            "paid_frequencies": ((stationary * states / lines) @ by_sum).tolist()}


def _category_laws(paytable: Paytable, holds: _Holds, chosen: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Per sum, the chance a hand ends in each category when every deal plays its hold chosen at that
    sum: (sums, categories).  A deal whose hold never changes is counted once for all sums."""
    tables = draw_tables(paytable.game)
    steady = (chosen == chosen[0]).all(axis=0)
    laws = np.zeros((len(chosen), len(paytable.game.categories)))
    draws = tables.draw_counts.astype(np.float64)
    for chunk in tables.class_chunks():
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes]) / draws[:, None, None]
        weights = holds.weights[chunk.classes]
        columns = np.arange(len(weights))
        here = steady[chunk.classes]
        laws += (weights[here] @ outcomes[chosen[0, chunk.classes][here], columns[here]])[None, :]
        moving = np.flatnonzero(~here)
        for place, row in enumerate(chosen[:, chunk.classes]):
            laws[place] += weights[moving] @ outcomes[row[moving], moving]
    normed: npt.NDArray[np.float64] = laws / holds.weights.sum()
    return normed


def _best(holds: _Holds, states: npt.NDArray[np.float64],
          relative: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Per sum, the class-weighted total of every deal's best worth ``s·EV + E[H(next)]``, and the
    best hold of each deal at each sum (sums, classes)."""
    ahead = (holds.laws @ relative)[holds.law]
    columns = np.arange(ahead.shape[1])
    low, high = first_best(states[0] * holds.ev + ahead), first_best(states[-1] * holds.ev + ahead)
    steady = low == high
    chosen = np.repeat(low[None, :], len(states), axis=0)
    kept_ev, kept_ahead = holds.ev[low, columns], ahead[low, columns]
    weights = holds.weights * steady
    totals = states * float(weights @ kept_ev) + float(weights @ kept_ahead)
    switching = np.flatnonzero(~steady)
    ev, next_worth, switch_weights = holds.ev[:, switching], ahead[:, switching], holds.weights[switching]
    for place, state in enumerate(states):
        best = first_best(state * ev + next_worth)
        chosen[place, switching] = best
        totals[place] += switch_weights @ (state * ev[best, np.arange(len(switching))]
                                           + next_worth[best, np.arange(len(switching))])
    return totals, chosen


def _next_sums(holds: _Holds, chosen: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """The law of the next sum when every deal plays its ``chosen`` hold: the deals' laws, weighed."""
    keys = holds.law[chosen, np.arange(len(chosen))]
    weighed = np.bincount(keys, holds.weights, minlength=len(holds.laws)) / holds.weights.sum()
    law: npt.NDArray[np.float64] = weighed @ holds.laws
    return law


def _load(file: Path, states: int, categories: int) -> dict[str, Any] | None:
    """A cached solve, if whole: a value and a chance per sum, the chances a law, finite figures."""
    try:
        kept = json.loads(load(file) or b"null")
        relative, chances = kept["relative"], kept["probabilities"]
        frequencies, paid = kept["frequencies"], kept["paid_frequencies"]
        wins = float(kept["average_win"]), float(kept["base_strategy_win"])
    except (ValueError, KeyError, TypeError):
        return None
    figures = [relative, chances, frequencies, paid]
    if (not all(isinstance(figure, list) and all(isinstance(x, float) for x in figure) for figure in figures)
            or len(relative) != states or len(chances) != states or len(frequencies) != categories
            or len(paid) != categories or not all(np.isfinite([*relative, *chances, *frequencies, *paid, *wins]))
            or abs(sum(chances) - 1) > 1e-9 or abs(sum(frequencies) - 1) > 1e-9 or min(chances + frequencies) < 0
            or relative[0] != 0.0):
        return None
    return {"relative": relative, "probabilities": chances, "average_win": wins[0], "base_strategy_win": wins[1],
            "frequencies": frequencies, "paid_frequencies": paid}
