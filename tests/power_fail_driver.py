"""A player that never stops: deals, holds by a fixed rule and draws, until it is killed.

Run as ``python tests/power_fail_driver.py HOME SEED HANDS [PAYTABLE]``: it plays rounds of HANDS
hands (one hand at a time when the credit left is less than HANDS, till the meter is empty and
refilled).  On a table with double-up it doubles every win up to twice, picking by a fixed rule,
then collects.
Every choice it makes is a function of the saved state alone (the deal and the draw of game n
are seeded by SEED and n), so a test can replay the same play in memory and know every state
the wallet may hold after a kill at any moment.  After each transition returns (saved, so the
player may see it) the driver prints the state as one JSON line: the last line printed is the
last thing the player saw.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from videopoker.deck.cards import Card
from videopoker.machine.feature_play import bets
from videopoker.machine.game import MachineState, Phase
from videopoker.paytable.kinds.multi_strike import Climb
from videopoker.paytable.kinds.ultimate_x import Lines
from videopoker.player.session import Session

BET = 5


def wanted_holds(hand: tuple[Card, ...]) -> tuple[bool, ...]:
    """Hold tens and better: a crude rule, but a fixed one."""
    return tuple(card.rank is not None and card.rank >= 10 for card in hand)


def seen(session: Session) -> list[Any]:
    """What the player sees: the meters, the hand, the holds, and the books behind the recall."""
    state, history = session.state(), session.history
    results = [] if state.last is None else [
        [[str(card) for card in result.final], result.win] for result in state.last.results]
    gamble = state.gamble
    doubling = None if gamble is None else [gamble.stake, gamble.at_risk, str(gamble.dealer), len(gamble.steps)]
    return [history.games, history.refills, history.total_bet, history.total_won, state.credits, state.bet,
            state.phase.value, [str(card) for card in state.hand], list(state.held), state.hands, results,
            doubling, None if state.meter is None else str(state.meter),
            *kind_state(state)]


def kind_state(state: MachineState) -> list[Any]:
    """What the glass shows of a kind's state: the lines' multipliers, the level in play, its free
    ride, and what the levels under it paid."""
    lines = state.state.multipliers if isinstance(state.state, Lines) else ()
    climb = state.state if isinstance(state.state, Climb) else Climb(0)
    return [list(lines), climb.level, climb.free_ride, [played.win for played in climb.below]]


def wanted_bet(session: Session, hands: int) -> int:
    """The feature's bet where the table sells one at these hands and the credit allows, else BET."""
    state = session.state()
    played = state.hands
    top = bets(state.paytable, played)[-1]
    return top if top > state.paytable.max_coins and state.credits >= top * played else \
        min(BET, state.credits // played)


def step(session: Session, seed: int, hands: int) -> None:
    """One saved transition: the next thing this player does from the state as saved."""
    state = session.state()
    gamble = state.gamble
    if gamble is not None and (gamble.at_risk or gamble.can_double):
        session.machine.rng = random.Random(seed * 1_000_003 + session.history.games * 16 + len(gamble.steps) * 2)
        if gamble.dealer is not None:
            session.pick(len(gamble.steps) % 4)
        elif gamble.can_double and len(gamble.steps) < 2:
            session.double()
        else:
            session.collect()
        return
    if state.phase is Phase.DEALT:
        wanted = wanted_holds(state.hand)
        for position in range(5):
            if state.held[position] != wanted[position]:
                session.toggle_hold(position)
                return
        level = state.state.level if isinstance(state.state, Climb) else 0
        session.machine.rng = random.Random(seed * 1_000_003 + session.history.games * 2 + 1 + 1_000 * level)
        session.draw()
    elif session.can_refill:
        session.refill()
    elif state.hands != (hands if state.credits >= hands else 1):
        session.set_hands(hands if state.credits >= hands else 1)
    elif state.bet != wanted_bet(session, hands):
        session.set_bet(wanted_bet(session, hands))
    else:
        session.machine.rng = random.Random(seed * 1_000_003 + session.history.games * 2)
        session.deal()


if __name__ == "__main__":
    home, seed, hands = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    player = Session.open(home, paytable=sys.argv[4] if len(sys.argv) > 4 else None)
    player.machine.paytable.game.evaluate_index(range(5))  # build the rules table before "ready"
    print("ready", json.dumps(seen(player)), flush=True)
    while True:
        step(player, seed, hands)
        print(json.dumps(seen(player)), flush=True)
