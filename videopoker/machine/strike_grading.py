"""A Multi-Strike stack graded for the ledger: what the holds made on every level played were
expected to win, and what the best holds on the same deals were.

Each level pays its multiplier times the pay column at max_coins, so a stack's expected win at
the holds made is ``Σ m · EV(hold)`` over the levels it reached, and its variance, the levels'
draws being independent, ``Σ m² · Var(pay | hold)``; per coin of the whole bet, as the ledger
keeps every round.  The best hold of a level is the one of the best worth in its state (the
level, its free ride), which may expect less this level: it plays for the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from videopoker.machine.multi_strike_levels import LevelPlayed, levels_of
from videopoker.machine.settled import Grade
from videopoker.paytable import Paytable


def strike_grade(paytable: Paytable, levels: Sequence[LevelPlayed]) -> Grade:
    """The stack's grade, per coin of its bet."""
    from videopoker.analysis.features.state_hint import FeatureState, state_holds
    from videopoker.analysis.solve.hint import best_holds

    assert paytable.feature is not None
    bet, column = paytable.feature.coins, paytable.max_coins
    ev = best_ev = variance = Fraction(0)
    for played in levels:
        multiplier = levels_of(paytable)[played.level - 1]
        choices = best_holds(paytable, played.dealt, column)
        yours = next(choice for choice in choices if choice.held == played.held)
        best = state_holds(paytable, played.dealt, FeatureState(played.level, played.free_ride)).holds[0]
        squares = sum(count * paytable.pay(category, column) ** 2 for category, count in yours.outcomes.items())
        ev += multiplier * yours.ev * column
        best_ev += multiplier * best.ev * column
        variance += multiplier**2 * (Fraction(squares, yours.draws) - (yours.ev * column) ** 2)
    return Grade(ev / bet, best_ev / bet, variance / bet**2)
