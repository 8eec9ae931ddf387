"""The best hold where state carried across deals decides it, and what every kind's hint in a
state shares.

Every hold keeps its base EV (the pay column's at max_coins); what ranks it is its *worth* in the
state, which each kind works out (:mod:`.multi_strike.hint`, :mod:`.ultimate_x.hint`).  Where the
state makes another hold the best than the base game's, the hint says so, naming both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.engine import Judgement
from videopoker.analysis.solve.hint import HoldChoice, best_holds
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class StateHint:
    """The holds of a deal ranked by their worth in a state, and the base game's best hold beside them."""

    state: PlayState
    holds: list[HoldChoice]        # best first by worth
    base_best: HoldChoice          # the base game's best hold, with its worth in the state
    unit: str                      # what a worth is counted in

    def to_json(self, paytable: Paytable, hand: Sequence[Card]) -> dict[str, Any]:
        """``hint --json`` in a state: the state, the base game's best hold, every hold by worth (its unit)."""
        return {"hand": " ".join(str(card) for card in hand), "paytable": paytable.name,
                "state": self.state.describe(), "base_best": self.base_best.to_json()["hold"],
                "worth_unit": self.unit, "holds": [choice.to_json() for choice in self.holds]}

    @property
    def changed(self) -> bool:
        """Whether the state makes another hold the best than the base game's."""
        return self.holds[0].judged > self.base_best.judged


@dataclass(frozen=True)
class PlainHolds:
    """Every hold of a deal at max_coins, base game's best first, as a kind's worth is built on:
    each hold's EV and how many of its draws make each hand of the game."""

    holds: list[HoldChoice]
    outcomes: npt.NDArray[np.int64]   # (holds, categories)
    evs: npt.NDArray[np.float64]

    @classmethod
    def of(cls, paytable: Paytable, hand: Sequence[Card]) -> PlainHolds:
        plain = best_holds(paytable, hand, paytable.max_coins)
        categories = paytable.game.categories
        outcomes = np.array([[choice.outcomes.get(category, 0) for category in categories] for choice in plain])
        return cls(plain, outcomes, np.array([float(choice.ev) for choice in plain]))

    def ranked(self, state: PlayState, worth: npt.NDArray[np.float64], unit: str) -> StateHint:
        """The holds ranked by ``worth`` (one a hold, in the order of :attr:`holds`) in ``state``."""
        valued = [replace(choice, worth=Fraction(float(value)), multiplier=Fraction(1))
                  for choice, value in zip(self.holds, worth)]
        ordered = sorted(valued, key=lambda choice: -choice.judged)  # stable: equal worths keep the base order
        ranked: list[HoldChoice] = []
        for place, choice in enumerate(ordered):
            shared = bool(ranked) and ordered[place - 1].judged == choice.judged
            ranked.append(replace(choice, rank=ranked[-1].rank if shared else place + 1))
        base_best = next(choice for choice in ranked if choice.held == self.holds[0].held)
        return StateHint(state, ranked, base_best, unit)


# -- what the kinds whose lines each carry a multiplier share (Ultimate X, Bonus Streak) -----------

def judge_on_lines(paytable: Paytable, coins: int, held: Sequence[bool], multipliers: Sequence[int],
                   hint: list[HoldChoice]) -> Judgement:
    """A hold on lines paid at ``multipliers`` (one a line), per coin of the round's bet, against the
    best of ``hint`` (the holds ranked in the state): ``ev`` what the round expects to pay, the worth
    (at the feature bet) what ranks the holds, what the lines earn included."""
    yours = next(choice for choice in hint if choice.held == tuple(held))
    best, stake, total = hint[0], coins * len(multipliers), sum(multipliers)
    column = paytable.max_coins if paytable.plays_feature(coins) else coins
    ev, best_ev = total * yours.ev * column / stake, total * best.ev * column / stake
    squares = sum(count * paytable.pay(category, column) ** 2 for category, count in yours.outcomes.items())
    pay_variance = Fraction(squares, yours.draws) - (yours.ev * column) ** 2  # one hand's pay, in coins
    variance = sum(m * m for m in multipliers) * pay_variance / (coins * coins * len(multipliers))
    worths = (None, None) if yours.worth is None else (yours.judged, best.judged)  # a coin bet already
    return Judgement(coins, len(multipliers), best.held, ev, best_ev, variance, *worths)


def line_rows(paytable: Paytable, frequencies: Sequence[float], paid_frequencies: Sequence[float],
              coins: int) -> list[dict[str, Any]]:
    """The return table of a game paid at its lines' multipliers: each final hand's chance a hand
    and its part of the return, per coin of the whole bet (``coins`` a hand), from E[m · 1(hand)]."""
    bet = paytable.max_coins
    categories: Sequence[PayCategory] = paytable.game.categories
    return [{"category": category, "pays": paytable.pay(category, bet) / bet, "probability": chance,
             "one_in": 1 / chance if chance else float("inf"), "return": paid * paytable.pay(category, bet) / coins}
            for category, chance, paid in zip(categories, frequencies, paid_frequencies)]
