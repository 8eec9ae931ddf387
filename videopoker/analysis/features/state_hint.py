"""The best hold where state carried across rounds decides it: a Multi-Strike level, or the sum of
Ultimate X's multipliers on the lines.

Every hold keeps its base EV (the pay column's at max_coins); what ranks it is its *worth* in the
state: for Multi-Strike, per coin of one level's bet, ``m · EV + V' · P(the draw pays)`` below the
top without a free ride (else ``m · EV``); for Ultimate X, in coins of the round, ``s · EV +
E[H(next sum)]``.  Where the state makes another hold the best than the base game's, the hint says
so, naming both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from videopoker.analysis.solve.hint import HoldChoice, best_holds
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.multi_strike import MultiStrike
from videopoker.paytable.kinds.ultimate_x import UltimateX


@dataclass(frozen=True)
class FeatureState:
    """What the machine shows that decides a hold: a level and its free ride, or each line's multiplier."""

    level: int | None = None
    free_ride: bool = False
    multipliers: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.multipliers:
            return f"multipliers {','.join(map(str, self.multipliers))} (sum {sum(self.multipliers)})"
        return f"level {self.level}" + (" with a free ride" if self.free_ride else "")


@dataclass(frozen=True)
class StateHint:
    """The holds of a deal ranked by their worth in a state, and the base game's best hold beside them."""

    state: FeatureState
    holds: list[HoldChoice]        # best first by worth
    base_best: HoldChoice          # the base game's best hold, with its worth in the state
    unit: str                      # what a worth is counted in

    def to_json(self, paytable: Paytable, hand: Sequence[Card]) -> dict[str, Any]:
        """``hint --json`` in a state: the state, the base game's best hold, every hold by worth."""
        return {"hand": " ".join(str(card) for card in hand), "paytable": paytable.name,
                "state": self.state.describe(), "base_best": self.base_best.to_json()["hold"],
                "holds": [choice.to_json() for choice in self.holds]}

    @property
    def changed(self) -> bool:
        """Whether the state makes another hold the best than the base game's."""
        return self.holds[0].judged > self.base_best.judged


def check_state(paytable: Paytable, state: FeatureState, coins: int | None = None) -> FeatureState:
    """The state, if it is one the table's feature has at a bet of ``coins`` (default the top bet),
    else a one-line error saying what it has."""
    feature = paytable.feature
    if state.multipliers and not isinstance(feature, UltimateX):
        raise VideoPokerError(f"--multipliers: {paytable.name!r} is not an Ultimate X table")
    if (state.level is not None or state.free_ride) and not isinstance(feature, MultiStrike):
        raise VideoPokerError(f"--level/--free-ride: {paytable.name!r} is not a Multi-Strike table")
    if feature is None:
        return state
    if not paytable.plays_feature(coins):
        raise VideoPokerError(f"--coins {coins}: below the feature bet a round earns nothing for the next, so the "
                              f"base game's holds are best (hint without --level or --multipliers); the state "
                              f"decides the hold at {paytable.top_bet} coins a hand")
    if isinstance(feature, MultiStrike):
        level = 1 if state.level is None else state.level
        if level > len(feature.levels):
            raise VideoPokerError(f"--level {level}: {paytable.name!r} has {len(feature.levels)} levels")
        if state.free_ride and level == len(feature.levels):
            raise VideoPokerError(f"--free-ride: level {level} is the top, where no free ride comes")
        return replace(state, level=level)
    if isinstance(feature, UltimateX):
        lines = len(state.multipliers) or feature.offered_lines[-1]
        if lines not in feature.offered_lines:
            raise VideoPokerError(f"--multipliers: {lines} lines, but {paytable.name!r} plays Ultimate X at "
                                  f"{', '.join(map(str, feature.offered_lines))} hands a round; give one a line")
        return replace(state, multipliers=state.multipliers or (1,) * lines)
    return state


def state_holds(paytable: Paytable, hand: Sequence[Card], state: FeatureState) -> StateHint:
    """Every hold of ``hand`` ranked by its worth in ``state`` (checked by :func:`check_state`)."""
    state = check_state(paytable, state)
    feature = paytable.feature
    assert feature is not None
    plain = best_holds(paytable, hand, paytable.max_coins)
    categories = paytable.game.categories
    outcomes = np.array([[choice.outcomes.get(category, 0) for category in categories] for choice in plain])
    evs = np.array([float(choice.ev) for choice in plain])
    if isinstance(feature, MultiStrike):
        from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike

        assert state.level is not None
        solved = analyze_multi_strike(paytable)
        multiplier = feature.levels[state.level - 1]
        ahead = 0.0 if state.free_ride else solved.continuation(state.level)
        paying = np.array([paytable.pay(category, paytable.max_coins) > 0 for category in categories])
        worth = multiplier * evs + ahead * (outcomes @ paying) / outcomes.sum(axis=1)
        unit = f"per coin of the level's bet, {multiplier} × EV" + (f" + {ahead:.4f} (the next level) × Wins"
                                                                    if ahead else "")
    else:
        from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x

        solved_x = analyze_ultimate_x(paytable, len(state.multipliers))
        total = sum(state.multipliers)
        worth = total * evs * paytable.max_coins + solved_x.next_worth(outcomes)
        unit = f"coins a round, {total} × EV × {paytable.max_coins} + what the multipliers it earns are worth"
    valued = [replace(choice, worth=Fraction(float(value)), multiplier=Fraction(1))
              for choice, value in zip(plain, worth)]
    ordered = sorted(valued, key=lambda choice: -choice.judged)  # stable: equal worths keep the base order
    ranked: list[HoldChoice] = []
    for place, choice in enumerate(ordered):
        shared = bool(ranked) and ordered[place - 1].judged == choice.judged
        ranked.append(replace(choice, rank=ranked[-1].rank if shared else place + 1))
    base_best = next(choice for choice in ranked if choice.held == plain[0].held)
    return StateHint(state, ranked, base_best, unit)
