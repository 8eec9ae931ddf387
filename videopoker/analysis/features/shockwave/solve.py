"""Shockwave solved exactly, for the whole game: an average-reward Markov decision process over
the hands left in Shockwave mode.

The states are 0 (regular mode) and k = 1..K (k hands of the mode left, this one included).  In
coins of the bet, with g the average win a hand and H the relative value of a state (H(0) = 0)::

    regular:  g + H(0) = max over holds of  E[pay] + P(a trigger) · H(K)
    mode k:   g + H(k) = max over holds of  E[mode pay] + H(k−1) − P(an end) · (H(k−1) − H(0))

So each state's best holds are those of one worth per final hand, the table's pay plus (or, for a
hand that ends the mode, less) a constant: each state is solved as a base game is, a tally of every
deal's best hold (:mod:`~videopoker.analysis.solve.along`).  Policy iteration:
the holds from the values, then the values from the holds, exactly, as fractions of the tallies'
integer counts, until the holds stay; two or three rounds.  Worths mix whole pays with values, so
holds are compared in floating point, as Multi-Strike's are.

Beside the optimum it plays two fixed policies exactly: the plain table's holds in both modes (the
state ignored), and the Wizard of Odds' approach, which prices the mode as a fixed bonus on the
regular-mode trigger and plays the mode by its pays alone (never minding that a quad ends it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.along import Bracket, WorthLine, best_hold_counts, brackets
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import (
    Analysis,
    _total,
    analyze,
    moved_counts,
    pay_vector,
)
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import Shockwave
from videopoker.rules.definition import PayCategory

#: Policy iteration stops here at the latest (it stops when the holds stay, in two or three).
MOST_ROUNDS = 20


@dataclass(frozen=True)
class Policy:
    """Holds for every state, played exactly: each state's final-hand counts on the common
    denominator, and what they make of the game."""

    counts: tuple[tuple[int, ...], ...]   # per state (0: regular, k: hands left), per category
    rtp: Fraction                          # per coin of the bet
    values: tuple[Fraction, ...]           # H(state) in coins of the bet, H(0) = 0
    shares: tuple[Fraction, ...]           # how often a hand is played in each state, in the long run


@dataclass(frozen=True)
class ShockwaveAnalysis:
    """A Shockwave table solved for the whole game, and two fixed policies beside it."""

    paytable: Paytable
    feature: Shockwave
    best: Policy
    plain: Policy            # the plain table's holds in both modes
    fixed_bonus: Policy      # the mode priced as a fixed bonus on the trigger, the mode played by its pays
    bonus: Fraction          # that fixed bonus, in coins of the bet
    base: Analysis           # the table without the feature

    @property
    def coins(self) -> int:
        return self.paytable.max_coins

    @property
    def rtp(self) -> float:
        return float(self.best.rtp)

    @property
    def base_rtp(self) -> float:
        return float(self.base.rtp)

    def rows(self) -> list[dict[str, Any]]:
        """Each final hand: what it pays a coin (regular mode), how often it comes a hand in the
        long run, and its part of the return (at the pays of the mode it came in)."""
        paytable, bet, total = self.paytable, self.coins, _total(self.paytable)
        pays = mode_pays(paytable)
        rows = []
        for index, category in enumerate(paytable.game.categories):
            chance = sum(share * Fraction(counts[index], total) for share, counts in zip(self.best.shares,
                                                                                       self.best.counts))
            paid = sum(share * Fraction(counts[index], total) * Fraction(int(pays[state][index]), bet)
                       for state, (share, counts) in enumerate(zip(self.best.shares, self.best.counts)))
            rows.append({"category": category, "pays": paytable.pay(category, bet) / bet,
                         "probability": float(chance), "one_in": 1 / float(chance) if chance else float("inf"),
                         "return": float(paid)})
        return rows

    def to_json(self, hands: int = 1) -> dict[str, Any]:
        """``analyze --json``: ``rtp`` the game's under perfect play, per coin bet."""
        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins, "multi": 1,
            "rtp": self.rtp, "base_rtp": self.base_rtp, "rows": self.rows(),
            "feature": self.feature.to_json() | {
                "rtp_plain_holds": float(self.plain.rtp), "rtp_fixed_bonus": float(self.fixed_bonus.rtp),
                "fixed_bonus": float(self.bonus) / self.coins,
                "states": [{"hands_left": state, "probability": float(share), "value": float(value)}
                           for state, (share, value) in enumerate(zip(self.best.shares, self.best.values))]},
        }


def mode_pays(paytable: Paytable) -> list[npt.NDArray[np.float64]]:
    """Per state, what each final hand pays at max_coins: the table's in regular mode, the mode's in it."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    bet = paytable.max_coins
    regular = pay_vector(paytable, bet)
    listed = [feature.mode_pay(category) for category in paytable.game.categories]
    mode = np.array([float(pay * bet) if pay is not None else regular[index] for index, pay in enumerate(listed)])
    return [regular, *([mode] * feature.hands)]


def marks(paytable: Paytable, hands: Sequence[PayCategory]) -> npt.NDArray[np.float64]:
    """1 for each listed final hand, else 0."""
    return np.array([float(category in hands) for category in paytable.game.categories])


def evaluate(paytable: Paytable, counts: Sequence[Sequence[int]]) -> Policy:
    """The policy that makes ``counts`` in each state, played exactly: its return, values and shares."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    total, bet, top = _total(paytable), paytable.max_coins, feature.hands
    pays = mode_pays(paytable)
    starts, ends = marks(paytable, feature.starts), marks(paytable, feature.ends_on)
    won = [Fraction(sum(int(n) * int(pay) for n, pay in zip(state, pays[index])), total)
           for index, state in enumerate(counts)]
    start = Fraction(sum(int(n) for n, mark in zip(counts[0], starts) if mark), total)
    stay = [Fraction(1)] + [1 - Fraction(sum(int(n) for n, mark in zip(state, ends) if mark), total)
                            for state in counts[1:]]
    # H(k) = won(k) − g + stay(k)·H(k−1), H(0) = 0: H(k) = a(k) − b(k)·g; then g = won(0) + P(start)·H(K).
    a, b = [Fraction(0)], [Fraction(0)]
    for k in range(1, top + 1):
        a.append(won[k] + stay[k] * a[k - 1])
        b.append(1 + stay[k] * b[k - 1])
    gain = (won[0] + start * a[top]) / (1 + start * b[top])
    values = tuple(a[k] - b[k] * gain for k in range(top + 1))
    # In the long run: share(K) = share(0)·P(start), share(k−1) = share(k)·stay(k) for k < K.
    relative = [Fraction(1), start]
    for k in range(top, 1, -1):
        relative.append(relative[-1] * stay[k])
    relative = [relative[0], *reversed(relative[1:])]  # 0, then 1..K
    whole = sum(relative)
    return Policy(tuple(tuple(int(n) for n in state) for state in counts), gain / bet, values,
                  tuple(share / whole for share in relative))


#: How far about a round's steps the deals' holds are worked out, for the rounds after it.
SLACK = 0.25

#: The two lines every state's worth lies on (:func:`worth_lines`).
REGULAR, MODE = 0, 1


def worth_lines(paytable: Paytable) -> tuple[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]], ...]:
    """What every state's worth is made of: in regular mode the table's pays plus a constant on a
    trigger, in the mode its pays less a constant on an end (an origin and a direction each)."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    pays = mode_pays(paytable)
    return (pays[0], marks(paytable, feature.starts)), (pays[-1], marks(paytable, feature.ends_on))


def worth_steps(paytable: Paytable, values: Sequence[float], ignore_ends: bool = False) -> list[tuple[int, float]]:
    """Each state's worth as a step along one of :func:`worth_lines`: H(K) on a trigger in regular
    mode, −(H(k−1) − H(0)) on an end in mode k (``ignore_ends``: 0)."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    return [(REGULAR, float(values[feature.hands])),
            *((MODE, 0.0 if ignore_ends else -(values[k - 1] - values[0])) for k in range(1, feature.hands + 1))]


def worth_vectors(paytable: Paytable, values: Sequence[float],
                  ignore_ends: bool = False) -> list[npt.NDArray[np.float64]]:
    """Per state, what each final hand is worth in it: its pay, plus H(K) on a trigger in regular
    mode, less H(k−1) − H(0) on an end in mode k (``ignore_ends``: not)."""
    lines = worth_lines(paytable)
    return [lines[line][0] + step * lines[line][1] for line, step in worth_steps(paytable, values, ignore_ends)]


def reach(steps: Sequence[float]) -> tuple[float, float]:
    """A bracket of steps about ``steps``, with room for the next rounds' values to move in
    (:data:`SLACK` of its size each way), so that the deals are passed over once."""
    low, high = min(steps), max(steps)
    size = max(high - low, abs(low), abs(high), 1.0)
    return low - SLACK * size, high + SLACK * size


def solve_policies(paytable: Paytable, values: Sequence[float], rules: Sequence[bool], plain: Sequence[int],
                   progress: Progress) -> list[Policy]:
    """Policy iteration for each rule (``True``: the mode's holds by its pays alone) from the holds of
    ``values``, side by side until every policy's holds stay: a round works out every state's best
    holds of every policy in one pass over the deals, and tallies a state only where its holds
    moved from the nearest already tallied, the first from the base game's (``plain``, its counts)."""
    lines = worth_lines(paytable)
    policies: list[Policy | None] = [None] * len(rules)
    current = [list(values) for _ in rules]
    before: list[list[bytes]] = [[] for _ in rules]
    played: dict[bytes, tuple[list[int], npt.NDArray[np.int8]]] = {}
    held: list[Bracket] = []
    base_game = (REGULAR, 0.0)  # the table's pays alone: the base game's holds, whose counts are known
    for round_ in range(MOST_ROUNDS):
        progress(min(0.9, 0.3 + 0.2 * round_), f"policy round {round_ + 1}")
        steps = [worth_steps(paytable, current[index], ignore_ends) for index, ignore_ends in enumerate(rules)]
        distinct = list(dict.fromkeys([*([base_game] if not played else []), *(step for states in steps
                                                                               for step in states)]))
        wanted = [[step for on, step in distinct if on == line] for line in range(len(lines))]
        if not all(bracket.covers(want) for bracket, want in zip(held, wanted)) or not held:
            held = brackets(paytable, [WorthLine(origin, direction, *reach(want))
                                       for (origin, direction), want in zip(lines, wanted)])
        found = [iter(bracket.holds(want)) for bracket, want in zip(held, wanted)]
        holds = {key: next(found[key[0]]) for key in distinct}
        if not played:
            played[holds[base_game].tobytes()] = (list(plain), holds[base_game])
        keys = [[holds[step].tobytes() for step in states] for states in steps]
        moving = [index for index in range(len(rules)) if policies[index] is None or keys[index] != before[index]]
        if not moving:
            return [policy for policy in policies if policy is not None]
        new = {key: holds[step] for index in moving for key, step in zip(keys[index], steps[index])
               if key not in played}
        if new:
            nearest = min(played.values(), key=lambda known: int((known[1] != next(iter(new.values()))).sum()))
            counted = moved_counts(paytable, nearest, list(new.values()))
            played.update({key: (counts, new[key]) for key, counts in zip(new, counted)})
        for index in moving:
            policy = evaluate(paytable, [played[key][0] for key in keys[index]])
            policies[index], before[index] = policy, keys[index]
            current[index] = [float(value) for value in policy.values]
    raise VideoPokerError(f"{paytable.name!r}: Shockwave's holds did not settle in {MOST_ROUNDS} rounds")


def analyze_shockwave(paytable: Paytable, progress: Progress = _quiet) -> ShockwaveAnalysis:
    """Solve a Shockwave table exactly (and play the two fixed policies beside it)."""
    feature = paytable.feature
    if not isinstance(feature, Shockwave):
        raise VideoPokerError(f"{paytable.name!r} is not a Shockwave table")
    base = analyze(paytable, progress=lambda done, stage: progress(0.3 * done, stage))
    file = cache_file("shockwave", paytable.game, "json", pay_vector(paytable, paytable.max_coins).tobytes(),
                      json.dumps(feature.to_json()).encode())
    kept = _load(file, paytable)
    assert base.total_combinations == _total(paytable)  # the plain holds' counts, on the same denominator
    plain = evaluate(paytable, [[row.combinations for row in base.rows]] * (feature.hands + 1))  # the start
    if kept is None:
        best, fixed = solve_policies(paytable, [float(value) for value in plain.values], (False, True),
                                     plain.counts[0], progress)
        save(file, json.dumps({"best": best.counts, "fixed_bonus": fixed.counts}).encode())
    else:
        best, fixed = evaluate(paytable, kept["best"]), evaluate(paytable, kept["fixed_bonus"])
    progress(1.0, "done")
    return ShockwaveAnalysis(paytable, feature, best, plain, fixed, fixed.values[feature.hands], base)


def vulture_values(paytable: Paytable) -> list[Fraction]:
    """What a machine found with k hands of the mode left nets a player who plays it only while a
    hand is worth its bet and then walks away, in coins (k = 0..K; 0 in regular mode, where a hand
    of a table that returns less than its bet is not worth playing): optimal stopping, the mode's
    hands held for it, each state's holds tallied exactly."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    total, bet = _total(paytable), paytable.max_coins
    pays = mode_pays(paytable)[1]
    ends = marks(paytable, feature.ends_on)
    values = [Fraction(0)]
    for _ in range(feature.hands):
        counts = best_hold_counts(paytable, pays - float(values[-1]) * ends)
        won = Fraction(sum(n * int(pay) for n, pay in zip(counts, pays)), total)
        stay = 1 - Fraction(sum(n for n, mark in zip(counts, ends) if mark), total)
        values.append(max(Fraction(0), won - bet + stay * values[-1]))
    return values


def _load(file: Path, paytable: Paytable) -> dict[str, list[list[int]]] | None:
    """A cached solve, if whole: per policy, per state, one count per category summing to the denominator."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    try:
        kept = json.loads(load(file) or b"null")
        policies = {name: kept[name] for name in ("best", "fixed_bonus")}
    except (ValueError, KeyError, TypeError):
        return None
    total, categories = _total(paytable), len(paytable.game.categories)
    for counts in policies.values():
        if (not isinstance(counts, list) or len(counts) != feature.hands + 1
                or not all(isinstance(row, list) and len(row) == categories
                           and all(type(n) is int and n >= 0 for n in row) and sum(row) == total for row in counts)):
            return None
    return policies
