"""A player that never stops: deals, holds by a fixed rule and draws, until it is killed.

Run as ``python tests/power_fail_driver.py HOME SEED``.  Every choice it makes is a function of
the saved state alone (the shuffle of game n is seeded by SEED and n), so a test can replay the
same play in memory and know every state the wallet may hold after a kill at any moment.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

from videopoker.cards import Card
from videopoker.game import Phase
from videopoker.session import Session

BET = 5


def wanted_holds(hand: tuple[Card, ...]) -> tuple[bool, ...]:
    """Hold tens and better: a crude rule, but a fixed one."""
    return tuple(card.rank is not None and card.rank >= 10 for card in hand)


def step(session: Session, seed: int) -> None:
    """One saved transition: the next thing this player does from the state as saved."""
    state = session.state()
    if state.phase is Phase.DEALT:
        wanted = wanted_holds(state.hand)
        for position in range(5):
            if state.held[position] != wanted[position]:
                session.toggle_hold(position)
                return
        session.draw()
    elif session.can_refill:
        session.refill()
    elif state.bet != min(BET, state.credits):
        session.set_bet(min(BET, state.credits))
    else:
        session.machine.rng = random.Random(seed * 1_000_003 + session.history.games)
        session.deal()


def play(session: Session, seed: int) -> Iterator[None]:
    while True:
        step(session, seed)
        yield


if __name__ == "__main__":
    home, seed = Path(sys.argv[1]), int(sys.argv[2])
    player = Session.open(home)
    player.machine.paytable.game.evaluate_index(range(5))  # build the rules table before "ready"
    print("ready", flush=True)
    for _ in play(player, seed):
        pass
