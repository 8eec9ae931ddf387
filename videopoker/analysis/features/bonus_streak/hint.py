"""The best hold on Bonus Streak lines, a hold judged there, and what a machine found is worth.

A round pays each hand its line's next multiplier, so its expected win is ``M · EV`` (``M`` the sum
of the lines' next multipliers, EV the hold's at max_coins).  At the feature bet a hold's worth, in
coins of the round, is ``M · EV + E[V(next state)]``: what the streaks it earns and raises are
worth (:mod:`.solve`).  Below the feature bet a round earns nothing, and the base game's best hold
is the best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.bonus_streak.bounds import blind
from videopoker.analysis.features.bonus_streak.chain import build_chain
from videopoker.analysis.features.bonus_streak.solve import MOST_EXACT_LINES, analyze_bonus_streak, streak_rules
from videopoker.analysis.features.engine import Judgement
from videopoker.analysis.features.state_hint import PlainHolds, StateHint, judge_on_lines
from videopoker.analysis.solve.hint import HoldChoice, best_holds
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import (
    BonusStreak,
    Queues,
    fresh,
    line_multiplier,
    parse_queues,
    queues_text,
)


def feature_of(paytable: Paytable) -> BonusStreak:
    assert isinstance(paytable.feature, BonusStreak)
    return paytable.feature


def streaks_state(paytable: Paytable, options: Mapping[str, Any]) -> Queues:
    """``--streaks 2-3-4,12-12,-``: each line's queue, next hand first (default: the fewest lines
    offered, every queue empty)."""
    offered = feature_of(paytable).offered_lines
    written = options.get("streaks")
    if not written:
        return fresh(offered[0])
    lines = written.count(",") + 1
    if lines not in offered:
        raise VideoPokerError(f"--streaks: {lines} lines, but {paytable.name!r} plays Bonus Streak at "
                              f"{', '.join(map(str, offered))} hands a round; give one queue a line")
    try:
        queues = Queues(parse_queues(written, lines))
    except ValueError as error:
        raise VideoPokerError(f"--streaks: {error}") from None
    reachable(paytable, queues)
    return queues


def reachable(paytable: Paytable, queues: Queues) -> None:
    """Nothing, or one line naming a queue this table's streaks never leave on a line."""
    classes, _ = streak_rules(paytable, len(queues.queues))
    known = build_chain(classes, 1).queues
    for place, queue in enumerate(queues.queues, start=1):
        if queue not in known:
            said = ", ".join(queues_text([shown]) for shown in known[1:])
            raise VideoPokerError(f"--streaks: line {place}'s {queues_text([queue])} is not a queue "
                                  f"{paytable.name!r}'s streaks leave; they leave -, {said}")


def hold_laws(classes: int, category_class: npt.NDArray[np.int64],
              outcomes: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """(holds, classes): the law of a line's class for holds whose draws make each category as
    often as ``outcomes`` (holds, categories) say."""
    by_class = np.zeros((len(outcomes), classes))
    for category, streak_class in enumerate(category_class):
        by_class[:, streak_class] += outcomes[:, category]
    laws: npt.NDArray[np.float64] = by_class / by_class.sum(axis=1, keepdims=True)
    return laws


def streak_holds(paytable: Paytable, hand: Sequence[Card], state: Queues) -> StateHint:
    """Every hold of ``hand`` ranked by its worth on the lines' queues, at the feature bet.  Where
    the game is not solved exactly (10-play), by the strategy blind to the queues that bounds it
    from below, and the unit says so."""
    lines, bet = len(state.queues), paytable.max_coins
    stake = feature_of(paytable).coins * lines  # worths are said per coin of the round's bet
    reachable(paytable, state)
    classes, category_class = streak_rules(paytable, lines)
    plain = PlainHolds.of(paytable, hand)
    laws = hold_laws(len(classes), category_class, plain.outcomes)
    if lines > MOST_EXACT_LINES:
        weights = np.array(blind(paytable, lines).weights)
        worth = lines * (plain.evs * bet + laws @ weights) / stake
        unit = f"per coin bet, by the best queue-blind strategy ({lines}-play: not solved exactly)"
        return plain.ranked(state, worth, unit)
    solved = analyze_bonus_streak(paytable, lines)
    chain = solved.chain
    place = chain.index(state.queues)
    total = sum(line_multiplier(queue) for queue in state.queues)
    ahead = chain.powers(laws) @ chain.coefficients(np.array(solved.values), np.array([place]))[0]
    worth = (total * plain.evs * bet + ahead) / stake
    unit = f"per coin bet: ({total} × EV × {bet} + the streaks it earns or raises) / {stake} coins"
    return plain.ranked(state, worth, unit)


def streak_advice(paytable: Paytable, coins: int, dealt: Sequence[Card], state: Queues) -> list[HoldChoice]:
    """Every hold on the lines, best first: by worth in their state at the feature bet, else by the
    base game's EV at ``coins``."""
    if paytable.plays_feature(coins):
        return streak_holds(paytable, dealt, state).holds
    return best_holds(paytable, dealt, coins)


def judge_streaks(paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
                  state: Queues) -> Judgement:
    """A hold on the lines' queues, per coin of the round's bet (:func:`~..state_hint.judge_on_lines`),
    each line paid at the head of its queue."""
    multipliers = [line_multiplier(queue) for queue in state.queues]
    return judge_on_lines(paytable, coins, held, multipliers, streak_advice(paytable, coins, dealt, state))
