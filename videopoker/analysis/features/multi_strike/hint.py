"""The best hold on a Multi-Strike level, and a hold judged there.

A hold's worth, per coin of one level's bet, is ``m · EV + V' · P(the draw pays)`` below the top
without a free ride (else ``m · EV``): the level's pay and what opening the next level is worth
(:meth:`~.solve.MultiStrikeAnalysis.continuation`).  A stack is graded for the ledger when it
ends: what the holds made on every level played were expected to win, and what the best holds on
the same deals were.  Each level pays its multiplier times the pay column at max_coins, so a
stack's expected win at the holds made is ``Σ m · EV(hold)`` over the levels it reached, and its
variance, the levels' draws being independent, ``Σ m² · Var(pay | hold)``; per coin of the whole
bet, as the ledger keeps every round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from videopoker.analysis.features.engine import Judgement
from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike
from videopoker.analysis.features.state_hint import PlainHolds, StateHint
from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.multi_strike import Climb, MultiStrike, Stack


def feature_of(paytable: Paytable) -> MultiStrike:
    assert isinstance(paytable.feature, MultiStrike)
    return paytable.feature


def level_state(paytable: Paytable, options: Mapping[str, Any]) -> Climb:
    """``--level`` (default the bottom) and ``--free-ride``, if the table has that level."""
    feature = feature_of(paytable)
    level = 1 if options.get("level") is None else int(options["level"])
    if level > len(feature.levels):
        raise VideoPokerError(f"--level {level}: {paytable.name!r} has {len(feature.levels)} levels")
    if options.get("free_ride") and level == len(feature.levels):
        raise VideoPokerError(f"--free-ride: level {level} is the top, where no free ride comes")
    return Climb(level, bool(options.get("free_ride")))


def level_holds(paytable: Paytable, hand: Sequence[Card], state: Climb) -> StateHint:
    """Every hold of ``hand`` ranked by its worth on the level."""
    plain = PlainHolds.of(paytable, hand)
    multiplier = feature_of(paytable).levels[state.level - 1]
    ahead = 0.0 if state.free_ride else analyze_multi_strike(paytable).continuation(state.level)
    paying = np.array([paytable.pay(category, paytable.max_coins) > 0 for category in paytable.game.categories])
    worth = multiplier * plain.evs + ahead * (plain.outcomes @ paying) / plain.outcomes.sum(axis=1)
    unit = f"per coin of the level's bet, {multiplier} × EV" + (f" + {ahead:.4f} (the next level) × Wins"
                                                                if ahead else "")
    return plain.ranked(state, worth, unit)


def judge_level(paytable: Paytable, dealt: Sequence[Card], held: Sequence[bool], state: Climb) -> Judgement:
    """A hold on a Multi-Strike level, per coin of the level's bet (``max_coins``): ranked by its
    worth, the level's pay plus what opening the next level is worth; ``ev`` this level's pay."""
    hint = level_holds(paytable, dealt, state).holds
    yours = next(choice for choice in hint if choice.held == tuple(held))
    best, multiplier = hint[0], feature_of(paytable).levels[state.level - 1]
    column = paytable.max_coins
    squares = sum(count * paytable.pay(category, column) ** 2 for category, count in yours.outcomes.items())
    variance = multiplier**2 * (Fraction(squares, yours.draws * column**2) - yours.ev**2)
    return Judgement(column, 1, best.held, multiplier * yours.ev, multiplier * best.ev, variance, yours.judged,
                     best.judged)


def stack_grade(paytable: Paytable, stack: Stack) -> tuple[Fraction, Fraction, Fraction]:
    """The stack's (EV, best EV, variance), per coin of its bet."""
    feature = feature_of(paytable)
    bet, column = feature.coins, paytable.max_coins
    ev = best_ev = variance = Fraction(0)
    for played in stack.levels:
        multiplier = feature.levels[played.level - 1]
        choices = best_holds(paytable, played.dealt, column)
        yours = next(choice for choice in choices if choice.held == played.held)
        best = level_holds(paytable, played.dealt, Climb(played.level, played.free_ride)).holds[0]
        squares = sum(count * paytable.pay(category, column) ** 2 for category, count in yours.outcomes.items())
        ev += multiplier * yours.ev * column
        best_ev += multiplier * best.ev * column
        variance += multiplier**2 * (Fraction(squares, yours.draws) - (yours.ev * column) ** 2)
    return ev / bet, best_ev / bet, variance / bet**2
