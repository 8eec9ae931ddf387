"""Multi-Strike solved exactly, for the whole game: backward induction over the levels.

The levels are hands of their own, each from a fresh deck, paying ``m`` times the pay column at
max_coins; a paying hand, or a free ride shown on the deal, opens the next level.  So a level's
best hold depends on what the levels above it are worth.  Per coin of one level's bet, from the
top down (``pay`` per coin, ``V'`` the value of reaching the next level)::

    top level:                 V = m · E[best pay]                      (the base game's holds)
    with a free ride:          VF = m · E[best pay] + V'                (the base game's holds)
    without one:               VN = E[max over holds of m · EV + V' · P(the draw pays)]
    reaching a level:          V = f · VF + (1 − f) · VN

The return is V(level 1) over the number of levels.  Each level's holds are tallied exactly
(:class:`~videopoker.analysis.solve.tally.HoldTally`), so the chance of reaching every level, how often
each hand comes and the variance of a whole round follow from counts.  Worths mix whole pays with
V', so holds are compared in floating point: two holds whose worths differ by less than about one
part in 10^15 count as the better-valued one, which moves no figure in the digits shown.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.along import best_hold_counts as _tally
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import Analysis, _total, analyze, pay_vector
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import Feature
from videopoker.paytable.kinds.multi_strike import MultiStrike
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class Level:
    """One level of the stack, solved: what reaching it is worth, per coin of one level's bet."""

    level: int                      # 1 for the bottom
    multiplier: int
    free_ride: Fraction | None      # the chance of a free ride on its deal; None on the top level
    value: float                    # expected coins won from reaching it on, free ride chance included
    value_without_free_ride: float  # the same when its deal shows no free ride (the top: its value)
    reach: float                    # the chance a round gets to it
    opens: float                    # without a free ride, the chance its best holds pay (open the next)
    #: Per category, the chance its final hand is that, free ride chance included.
    probabilities: tuple[float, ...]
    #: Per category, the same without a free ride (its own best holds; the top level: the base game's).
    without: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "multiplier": self.multiplier,
                "free_ride": None if self.free_ride is None else float(self.free_ride), "value": self.value,
                "value_without_free_ride": self.value_without_free_ride, "reach": self.reach}


@dataclass(frozen=True)
class StrikeRow:
    """One final hand over a whole round: how often it comes and its part of the return."""

    category: PayCategory
    pays: Fraction            # per coin at max_coins, before a level's multiplier
    per_round: float          # expected number of such final hands in a round
    probability: float        # the chance a hand played ends as this one
    base_return: float        # what this hand returns in the base game at max_coins
    feature_return: float     # its part of the multi-strike return, per coin of the whole bet

    @property
    def one_in(self) -> float:
        """Average rounds between two of these."""
        return 1 / self.per_round if self.per_round else float("inf")


@dataclass(frozen=True)
class MultiStrikeAnalysis:
    """A multi-strike table solved: every level's value and the game's exact return."""

    paytable: Paytable
    feature: Feature
    levels: tuple[Level, ...]
    rows: tuple[StrikeRow, ...]
    rtp: float               # per coin of the whole bet, all levels paid up front
    second_moment: float     # E[W²], W a round's win per coin of the whole bet
    base: Analysis           # the table played without the feature at max_coins

    def win_law(self) -> dict[int, Fraction]:
        """The law of a round's win in coins, over every level it may reach: from the top down,
        a level pays ``m · pay`` and, with a free ride or a paying hand, the levels above it."""
        paytable, bet = self.paytable, self.paytable.max_coins
        pays = [paytable.pay(category, bet) for category in paytable.game.categories]
        plain = [float(row.probability) for row in self.base.rows]
        law = np.zeros(sum(level.multiplier for level in self.levels) * max(pays) + 1)
        law[0] = 1.0  # above the top: nothing more
        for level in reversed(self.levels):
            above, law = law, np.zeros_like(law)
            ride = float(level.free_ride) if level.free_ride is not None else 0.0
            for pay, chance, alone in zip(pays, plain, level.without):
                win = level.multiplier * pay
                law[win:] += ride * chance * above[:len(law) - win]  # a free ride opens the next level
                if pay:
                    law[win:] += (1 - ride) * alone * above[:len(law) - win]
                else:
                    law[0] += (1 - ride) * alone
        return {int(win): Fraction(float(chance)) for win in np.flatnonzero(law) for chance in [law[win]]}

    @property
    def coins(self) -> int:
        return self.feature.coins

    @property
    def base_rtp(self) -> float:
        return float(self.base.rtp)

    @property
    def variance(self) -> float:
        return self.second_moment - self.rtp**2

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    def continuation(self, level: int) -> float:
        """What opening the level above ``level`` is worth, per coin of one level's bet (0 at the top)."""
        return self.levels[level].value if level < len(self.levels) else 0.0

    def to_json(self, hands: int = 1) -> dict[str, Any]:
        """``analyze --json``: ``rtp`` the game's, ``base_rtp`` the pay column's at max_coins (one
        hand a round, whatever ``hands`` says: a stack is one hand a level)."""
        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins, "multi": 1,
            "rtp": self.rtp, "base_rtp": self.base_rtp, "variance": self.variance,
            "standard_deviation": self.standard_deviation,
            "feature": self.feature.to_json() | {"coins": self.coins,
                                                 "levels": [level.to_json() for level in self.levels]},
            "rows": [{"category": row.category, "pays": float(row.pays), "per_round": row.per_round,
                      "probability": row.probability, "one_in": row.one_in, "return": row.feature_return,
                      "base_return": row.base_return} for row in self.rows],
        }


def worths(paytable: Paytable, multiplier: int, continuation: float) -> npt.NDArray[np.float64]:
    """Per category, a final hand's worth on a level of ``multiplier`` without a free ride, per
    coin of the level's bet: its pay times the multiplier, plus ``continuation`` if it pays at all."""
    pays = pay_vector(paytable, paytable.max_coins) / paytable.max_coins
    worth: npt.NDArray[np.float64] = multiplier * pays + continuation * (pays > 0)
    return worth


def analyze_multi_strike(paytable: Paytable, progress: Progress = _quiet) -> MultiStrikeAnalysis:
    """Solve a multi-strike table exactly, level by level from the top."""
    feature = paytable.feature
    if feature is None or not isinstance(feature, MultiStrike):
        raise VideoPokerError(f"{paytable.name!r} is not a multi-strike table")
    base = analyze(paytable, progress=lambda done, stage: progress(0.5 * done, stage))
    plain = np.array([float(row.probability) for row in base.rows])
    pays = pay_vector(paytable, paytable.max_coins) / paytable.max_coins
    plain_ev, plain_square = float(plain @ pays), float(plain @ pays**2)
    file = cache_file("multi-strike", paytable.game, "json", pays.tobytes(),
                      json.dumps(feature.to_json()).encode())
    kept = _load(file, paytable, feature)
    top = len(feature.levels)
    value, second = feature.levels[-1] * plain_ev, feature.levels[-1] ** 2 * plain_square
    solved: list[Level] = [Level(top, feature.levels[-1], None, value, value, 0.0, 1.0, tuple(plain.tolist()),
                                 tuple(plain.tolist()))]
    counted: list[list[int]] = []
    for index in range(top - 2, -1, -1):
        multiplier, ride = feature.levels[index], feature.free_ride[index]
        worth = worths(paytable, multiplier, value)
        progress(0.5 + 0.5 * (top - 2 - index) / (top - 1), f"level {index + 1}")
        counts = kept[index] if kept is not None else _tally(paytable, worth)
        counted.insert(0, counts)
        without = np.array(counts, dtype=np.float64) / _total(paytable)
        opens = float(without @ (pays > 0))
        value_without = float(without @ worth)
        with_ride = multiplier * plain_ev + value
        # E[(m·pay + open·W')²] from the level's own outcomes and the levels above.
        second_without = (multiplier**2 * float(without @ pays**2) + 2 * multiplier * value * float(without @ pays)
                          + opens * second)
        second_with = multiplier**2 * plain_square + 2 * multiplier * plain_ev * value + second
        chance = float(ride)
        value = chance * with_ride + (1 - chance) * value_without
        second = chance * second_with + (1 - chance) * second_without
        solved.insert(0, Level(index + 1, multiplier, ride, value, value_without, 0.0, opens,
                               tuple((chance * plain + (1 - chance) * without).tolist()), tuple(without.tolist())))
    if kept is None:
        save(file, json.dumps({"counts": counted}).encode())
    progress(1.0, "done")
    levels = _reached(solved)
    return MultiStrikeAnalysis(paytable, feature, levels, _rows(paytable, levels, base), levels[0].value / top,
                               second / top**2, base)


def _reached(levels: list[Level]) -> tuple[Level, ...]:
    """The levels with the chance a round reaches each: the one below reached, then opened."""
    reach, done = 1.0, []
    for level in levels:
        done.append(Level(level.level, level.multiplier, level.free_ride, level.value, level.value_without_free_ride,
                          reach, level.opens, level.probabilities, level.without))
        if level.free_ride is not None:
            chance = float(level.free_ride)
            reach *= chance + (1 - chance) * level.opens
    return tuple(done)


def _rows(paytable: Paytable, levels: tuple[Level, ...], base: Analysis) -> tuple[StrikeRow, ...]:
    bet, stack = paytable.max_coins, len(levels)
    played = sum(level.reach for level in levels)
    rows = []
    for index, category in enumerate(paytable.game.categories):
        pays = Fraction(paytable.pay(category, bet), bet)
        per_round = sum(level.reach * level.probabilities[index] for level in levels)
        paid = sum(level.reach * level.probabilities[index] * level.multiplier for level in levels) * float(pays)
        rows.append(StrikeRow(category, pays, per_round, per_round / played,
                              float(base.rows[index].contribution), paid / stack))
    return tuple(rows)


def _load(file: Path, paytable: Paytable, feature: MultiStrike) -> list[list[int]] | None:
    """A cached solve, if whole: per level but the top, one count per category summing to the denominator."""
    try:
        counts = json.loads(load(file) or b"null")["counts"]
    except (ValueError, KeyError, TypeError):
        return None
    categories, total = len(paytable.game.categories), _total(paytable)
    if (not isinstance(counts, list) or len(counts) != len(feature.levels) - 1
            or not all(isinstance(row, list) and len(row) == categories and all(type(n) is int and n >= 0 for n in row)
                       and sum(row) == total for row in counts)):
        return None
    return counts
