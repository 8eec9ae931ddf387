"""What a Bonus Streak machine found with streaks on its lines is worth to a player who plays it
only while that pays, then walks away: optimal stopping, the exact form of the vulture rules.

With ``U(s)`` the coins such a player expects to net from state ``s`` and ``B`` the round's bet::

    U(s) = max(0,  E over deals of  max over holds of  M(s)·EV + E[U(next)] − B)

A fresh machine is worth nothing to him (``U = 0``), so only states with enough multipliers on
their lines are worth a round.  Each line alone, with holds of its own and a stop of its own, can
only do better: the sum of the lines' own values bounds ``U`` from above, so the states where it
is 0 need no sweep.  Value iteration from ``U = 0`` over the rest, as many rounds as a player
could go on (a few), until nothing moves.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.bonus_streak.chain import Chain, build_chain
from videopoker.analysis.features.bonus_streak.holds import Holds
from videopoker.analysis.features.bonus_streak.solve import TOLERANCE, over_undominated, solve_chain, sweep
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak

Array = npt.NDArray[np.float64]
MOST_ROUNDS = 1000


@dataclass(frozen=True)
class Vulture:
    """Per state of ``chain``: what a player who stops when he should nets from it, in coins."""

    chain: Chain
    values: Array
    rounds: int      # rounds of value iteration it took: the longest a vulture plays, about


def vulture_values(paytable: Paytable, lines: int) -> Vulture:
    """Every state's value to a player who plays on only while it pays (see the module's docstring)."""
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    chain, category_class = solve_chain(paytable, lines)
    return over_undominated(paytable, chain, category_class, lambda holds: _stopping(chain, holds, feature.coins),
                            lambda found: found.values)


def _stopping(chain: Chain, holds: Holds, coins: int) -> Vulture:
    single = build_chain(chain.streaks, 1)
    own = _iterate(single, holds, coins, np.arange(len(single.states)))
    bound = own.values[chain.states].sum(axis=1)   # every line on its own: an upper bound
    return _iterate(chain, holds, coins * chain.lines, np.flatnonzero(bound > 0))


def _iterate(chain: Chain, holds: Holds, bet: int, worth_a_look: npt.NDArray[np.int64]) -> Vulture:
    """Policy iteration for the stop: the states played on and their holds from the values, then
    the values of playing on there exactly (a linear system: every path leaves them for a state
    not worth a round, where the value is 0), until the states played on stay."""
    sums = chain.multiplier_sums
    values = np.zeros(len(chain.states))
    playing = np.zeros(0, dtype=np.int64)
    for rounds in range(1, MOST_ROUNDS + 1):
        if not len(worth_a_look):
            return Vulture(chain, values, 0)
        swept = sweep(chain, holds, values, sums, states=worth_a_look)
        gain = swept.worth - bet
        renewed_playing = worth_a_look[gain > TOLERANCE]
        if np.array_equal(renewed_playing, playing) and rounds > 1:
            return Vulture(chain, values, rounds)
        playing = renewed_playing
        on = gain > TOLERANCE
        values = _played_on(chain, playing, swept.paid[on] - bet, swept.powers[on])
    raise VideoPokerError("the Bonus Streak vulture values did not settle")


def _played_on(chain: Chain, playing: npt.NDArray[np.int64], net: Array, powers: Array) -> Array:
    """The values of playing on in ``playing`` (netting ``net`` a round, drawing ``powers``) and
    stopping elsewhere: ``U = net + P U`` on the states played, 0 on the rest."""
    size = len(chain.states)
    place = np.full(size, -1, dtype=np.int64)
    place[playing] = np.arange(len(playing))
    moves = powers[:, chain.monomial_of]                        # (playing, tuples)
    reached = place[chain.following[playing]]                    # (playing, tuples): -1 where it stops
    inside = reached >= 0
    rows = np.repeat(np.arange(len(playing)), chain.following.shape[1])[inside.ravel()]
    system = np.eye(len(playing))
    np.subtract.at(system, (rows, reached[inside]), moves[inside])
    values = np.zeros(size)
    values[playing] = np.linalg.solve(system, net)
    return values
