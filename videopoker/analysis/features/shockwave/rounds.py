"""Shockwave's hands as a Markov chain, for a bankroll: the states are regular mode and each count
of hands left in Shockwave mode (1..10), as the solve's (:mod:`~videopoker.analysis.features.shockwave.solve`).

In each state the best policy's integer counts say how often a hand ends in each category; a hand
pays the state's pays (the mode's for a four of a kind in it), and its category says the next
state: a trigger in regular mode starts the mode with its hands, a hand in the mode counts one
down, and a hand that ends the mode goes back to regular mode.
"""

from __future__ import annotations

import numpy as np

from videopoker.analysis.features.chain import ChainedRounds, RoundChain
from videopoker.analysis.features.shockwave.solve import ShockwaveAnalysis, analyze_shockwave, marks, mode_pays
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import _total
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import Shockwave

#: A Shockwave table's hands as a chain of modes (regular, then the hands left).
ShockwaveRounds = ChainedRounds[ShockwaveAnalysis]


def shockwave_rounds(paytable: Paytable, progress: Progress = _quiet) -> ShockwaveRounds:
    solved = analyze_shockwave(paytable, progress)
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    pays = [np.rint(pay).astype(np.int64) for pay in mode_pays(paytable)]
    starts, ends = marks(paytable, feature.starts) > 0, marks(paytable, feature.ends_on) > 0
    total = _total(paytable)
    origins, wins, targets, chances = [], [], [], []
    for state, counts in enumerate(solved.best.counts):
        for category, count in enumerate(counts):
            if not count:
                continue
            origins.append(state)
            wins.append(int(pays[state][category]))
            targets.append(_following(state, bool(starts[category]), bool(ends[category]), feature.hands))
            chances.append(count / total)
    labels = ("regular", *(f"{left} left" for left in range(1, feature.hands + 1)))
    chain = RoundChain(solved.coins, np.array(origins, dtype=np.intp), np.array(wins, dtype=np.int64),
                       np.array(targets, dtype=np.intp), np.array(chances), start=0, labels=labels)
    return ShockwaveRounds(solved, chain, hands=1, coins=solved.coins)


def _following(state: int, starts: bool, ends: bool, hands: int) -> int:
    """The state after a hand in ``state`` (0 regular, k hands left) that starts or ends the mode."""
    if state == 0:
        return hands if starts else 0
    return 0 if ends else state - 1
