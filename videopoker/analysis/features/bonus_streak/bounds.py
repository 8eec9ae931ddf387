"""Bonus Streak where the exact solve does not reach (10-play: over a million states), bounded.

From above: a player of fewer lines can copy any play of more.  Give a 5-line machine five more
lines of his own imagining, each drawing from a deck he shuffles himself, and play the 10-line
policy on all ten; his five real lines then fare as any five of the ten (the optimal policy can be
taken symmetric in the lines), so the 5-play optimum is at least the 10-play one, per coin.

From below: any strategy played exactly.  A strategy that ignores the queues (the hold depends on
the cards alone) is played exactly line by line: each line's queue is a chain of its own, moved by
the law ``p`` of its class, and a line wins ``E[m] · EV`` a round (its multiplier is set before the
deal).  The best such strategy maximizes ``E[m](p) · EV``; at its best every deal's hold maximizes
``EV + λ·p`` with ``λ = EV · ∇E[m] / E[m]``, which is iterated to its fixed point.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.bonus_streak.chain import Chain, build_chain
from videopoker.analysis.features.bonus_streak.holds import Holds, candidate_holds
from videopoker.analysis.features.bonus_streak.solve import (
    MOST_EXACT_LINES,
    analyze_bonus_streak,
    line_stationary,
    solve_file,
    streak_rules,
)
from videopoker.analysis.solve.cache import load, save
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak

Array = npt.NDArray[np.float64]
#: Steps of the fixed-point iteration for the best strategy that ignores the queues.
STEPS = 40
#: The step of the finite differences of E[m] in a class's chance.
NUDGE = 1e-6


@dataclass(frozen=True)
class Bounds:
    """What is proved of a table's return at ``lines`` hands a round, per coin of the whole bet."""

    paytable: Paytable
    lines: int
    lower: float          # the best strategy that ignores the queues, played exactly
    upper: float          # the exact optimum at ``upper_lines`` hands a round
    upper_lines: int
    plain: float          # the base game's holds, played exactly

    def to_json(self) -> dict[str, Any]:
        feature = self.paytable.feature
        assert feature is not None
        return {"paytable": self.paytable.name, "game": self.paytable.game.key, "coins": feature.coins,
                "multi": self.lines, "rtp": None, "rtp_bounds": [self.lower, self.upper],
                "feature": feature.to_json() | {"lines": self.lines, "rtp_plain_holds": self.plain,
                                                "upper_from_lines": self.upper_lines}}


@dataclass(frozen=True)
class Blind:
    """The best strategy found that ignores the queues: a hold's rank is ``EV + weights · p``."""

    weights: tuple[float, ...]   # per class, coins at max_coins a line (class 0: none, 0)
    win: float                   # coins a line wins a round under it
    plain_win: float             # the same under the base game's holds


def blind(paytable: Paytable, lines: int) -> Blind:
    """The strategy blind to the queues at ``lines`` hands a round (cached: a 10-play hint ranks by it)."""
    classes, category_class = streak_rules(paytable, lines)
    file = solve_file("bonus-streak-blind", paytable, lines)
    try:
        kept = json.loads(load(file) or b"null")
        found = Blind(tuple(float(w) for w in kept["weights"]), float(kept["win"]), float(kept["plain_win"]))
        if len(found.weights) == len(classes) and all(np.isfinite([*found.weights, found.win, found.plain_win])):
            return found
    except (ValueError, KeyError, TypeError):
        pass
    chain = build_chain(classes, 1)
    holds = candidate_holds(paytable, category_class, chain.classes)
    weights, win = best_blind(chain, holds)
    plain = line_win(chain, holds.plain_law, holds.plain_ev)
    found = Blind(tuple(weights.tolist()), max(win, plain), plain)
    save(file, json.dumps({"weights": list(found.weights), "win": found.win, "plain_win": plain}).encode())
    return found


def blind_ready(paytable: Paytable, lines: int) -> bool:
    """Whether :func:`blind` is instant now (cached)."""
    return load(solve_file("bonus-streak-blind", paytable, lines)) is not None


def bounds(paytable: Paytable, lines: int, progress: Progress = _quiet) -> Bounds:
    """The bounds on the return at ``lines`` hands a round (more than are solved exactly)."""
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    upper_lines = max(offered for offered in feature.offered_lines if offered <= MOST_EXACT_LINES)
    upper = analyze_bonus_streak(paytable, upper_lines, lambda done, stage: progress(0.9 * done, stage)).rtp
    strategy = blind(paytable, lines)
    progress(1.0, "done")
    return Bounds(paytable, lines, strategy.win / feature.coins, upper, upper_lines, strategy.plain_win / feature.coins)


def line_win(chain: Chain, law: Array, ev: float) -> float:
    """Coins a line wins a round, in the long run, when its class has law ``law`` and its hold EV ``ev``."""
    return float(line_stationary(chain, law) @ chain.line_multipliers) * ev


def best_blind(chain: Chain, holds: Holds) -> tuple[Array, float]:
    """On a one-line ``chain``, the weights of the best strategy that ignores the queues found by
    the fixed-point iteration (the best of its steps), and coins a line wins a round under it."""
    weight = np.zeros(chain.classes)
    best, best_weight = 0.0, weight
    for _ in range(STEPS):
        ev, law = _blind_play(holds, weight)
        mean = float(line_stationary(chain, law) @ chain.line_multipliers)
        if mean * ev > best:
            best, best_weight = mean * ev, weight
        slopes = np.zeros(chain.classes)
        for streak_class in range(1, chain.classes):
            nudged = law.copy()
            nudged[streak_class] += NUDGE
            nudged[0] -= NUDGE
            slopes[streak_class] = (float(line_stationary(chain, nudged) @ chain.line_multipliers) - mean) / NUDGE
        renewed = ev * slopes / mean
        if np.allclose(renewed, weight, rtol=1e-12, atol=1e-12):
            break
        weight = renewed
    return best_weight, best


def _blind_play(holds: Holds, weight: Array) -> tuple[float, Array]:
    """EV and class law of the strategy holding, in every deal, the hold of most ``EV + weight·p``."""
    ev, law = 0.0, np.zeros(holds.laws.shape[1])
    bonus = holds.laws @ weight
    for group in holds.groups:
        best = (group.ev + bonus[group.key]).argmax(axis=1)
        rows = np.arange(len(best))
        ev += float(group.weight @ group.ev[rows, best])
        law += group.weight @ holds.laws[group.key[rows, best]]
    return ev / holds.total, law / holds.total
