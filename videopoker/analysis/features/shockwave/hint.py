"""The best hold in a Shockwave state, and a hold judged there.

A hold's worth, per coin bet, is its expected pay at the state's pays plus what the state it leads
to is worth: in regular mode ``EV + P(a trigger) · H(K)``, in mode k ``EV(mode pays) − P(an end) ·
(H(k−1) − H(0))``, H in coins of the bet over the coins (:mod:`.solve`).  The EV stays the table's,
per coin bet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from videopoker.analysis.features.engine import Judgement
from videopoker.analysis.features.shockwave.solve import analyze_shockwave, worth_vectors
from videopoker.analysis.features.state_hint import PlainHolds, StateHint
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import HandsLeft, Shockwave


def feature_of(paytable: Paytable) -> Shockwave:
    assert isinstance(paytable.feature, Shockwave)
    return paytable.feature


def mode_state(paytable: Paytable, options: Mapping[str, Any]) -> HandsLeft:
    """``--shockwave-left K`` (default 0: regular mode), if the mode lasts that long."""
    left = int(options.get("shockwave_left") or 0)
    if left > feature_of(paytable).hands:
        raise VideoPokerError(f"--shockwave-left {left}: {paytable.name!r}'s Shockwave mode lasts "
                              f"{feature_of(paytable).hands} hands")
    return HandsLeft(left)


def mode_holds(paytable: Paytable, hand: Sequence[Card], state: HandsLeft) -> StateHint:
    """Every hold of ``hand`` ranked by its worth in the state, per coin bet."""
    plain = PlainHolds.of(paytable, hand)
    values = [float(value) for value in analyze_shockwave(paytable).best.values]
    worth = worth_vectors(paytable, values)[state.left]
    unit = ("per coin bet, EV + what a trigger's mode is worth" if not state.left
            else "per coin bet, EV at the mode's pays, less what an early end gives up")
    coins = paytable.max_coins
    return plain.ranked(state, (plain.outcomes @ worth) / plain.outcomes.sum(axis=1) / coins, unit)


def judge_mode(paytable: Paytable, dealt: Sequence[Card], held: Sequence[bool], state: HandsLeft) -> Judgement:
    """A hold in the state, per coin of the bet: ``ev`` what it pays there, the worth what ranks it."""
    hint = mode_holds(paytable, dealt, state).holds
    yours = next(choice for choice in hint if choice.held == tuple(held))
    best, bet = hint[0], paytable.max_coins
    feature = feature_of(paytable)

    def paid(category: str) -> int:
        return feature.state_pay(state, category, paytable.pay(category, bet), bet)

    def expected(choice: Any) -> Fraction:
        return Fraction(sum(count * paid(category) for category, count in choice.outcomes.items()),
                        choice.draws * bet)

    squares = Fraction(sum(count * paid(category) ** 2 for category, count in yours.outcomes.items()),
                       yours.draws * bet**2)
    ev = expected(yours)
    return Judgement(bet, 1, best.held, ev, expected(best), squares - ev**2, yours.judged, best.judged)
