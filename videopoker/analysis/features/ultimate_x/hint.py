"""The best hold on Ultimate X lines, and a hold judged there.

Each hand pays its line's multiplier times the pay column (max_coins' at the feature bet), so a
round's expected win is ``s · EV`` for ``s`` the sum of the lines' multipliers.  At the feature bet
a hold's worth is ``s · EV · max_coins + E[H(next sum)]`` coins, what the multipliers it earns
are worth in (:meth:`~.solve.UltimateXAnalysis.next_worth`), said per coin of the round's bet as
every worth is.  Below it a round
earns none, and the base game's best hold is the best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from videopoker.analysis.features.engine import Judgement
from videopoker.analysis.features.state_hint import PlainHolds, StateHint, judge_on_lines
from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x
from videopoker.analysis.solve.hint import HoldChoice, best_holds
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.ultimate_x import Lines, UltimateX, fresh


def feature_of(paytable: Paytable) -> UltimateX:
    assert isinstance(paytable.feature, UltimateX)
    return paytable.feature


def lines_state(paytable: Paytable, options: Mapping[str, Any]) -> Lines:
    """``--multipliers``, one a line (default: the most lines offered, each at 1X)."""
    offered = feature_of(paytable).offered_lines
    multipliers = tuple(options.get("multipliers") or ())
    lines = len(multipliers) or offered[-1]
    if lines not in offered:
        raise VideoPokerError(f"--multipliers: {lines} lines, but {paytable.name!r} plays Ultimate X at "
                              f"{', '.join(map(str, offered))} hands a round; give one a line")
    return Lines(multipliers) if multipliers else fresh(lines)


def lines_holds(paytable: Paytable, hand: Sequence[Card], state: Lines) -> StateHint:
    """Every hold of ``hand`` ranked by its worth on the lines, at the feature bet."""
    plain = PlainHolds.of(paytable, hand)
    solved = analyze_ultimate_x(paytable, len(state.multipliers))
    total, stake = sum(state.multipliers), feature_of(paytable).coins * len(state.multipliers)
    worth = (total * plain.evs * paytable.max_coins + solved.next_worth(plain.outcomes)) / stake
    unit = f"per coin bet: ({total} × EV × {paytable.max_coins} + the multipliers it earns) / {stake} coins"
    return plain.ranked(state, worth, unit)


def lines_advice(paytable: Paytable, coins: int, dealt: Sequence[Card], state: Lines) -> list[HoldChoice]:
    """Every hold on the lines, best first: by worth in their state at the feature bet, else by the
    base game's EV at ``coins``."""
    if paytable.plays_feature(coins):
        return lines_holds(paytable, dealt, state).holds
    return best_holds(paytable, dealt, coins)


def judge_lines(paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
                state: Lines) -> Judgement:
    """A hold on the lines, per coin of the round's bet (:func:`~..state_hint.judge_on_lines`)."""
    return judge_on_lines(paytable, coins, held, state.multipliers, lines_advice(paytable, coins, dealt, state))


def found_value(paytable: Paytable, lines: Sequence[int]) -> Fraction:
    """What one round at max_coins a hand is worth, net of its bet, on lines found with these
    multipliers: it pays them and earns none, so it plays the base game's holds (exact, in coins)."""
    from videopoker.analysis.solve.exact import analyze

    bet = paytable.max_coins
    return sum(lines) * analyze(paytable).rtp * bet - len(lines) * bet
