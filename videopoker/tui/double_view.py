"""How the machine's glass shows double-up: the dealer's card and four face down, then all five
turned over with the pick's verdict under it; and the message line that says what to press.

Pure functions of the machine's state, so the app only places what they return.
"""

from __future__ import annotations

from videopoker.deck.cards import Card
from videopoker.machine.double_up import CHOICES, MOST_DOUBLES, DoubleStep
from videopoker.machine.game import MachineState, Phase


def shown_double(state: MachineState) -> DoubleStep | None:
    """The double whose cards are on the glass: the last pick, while the win is doubled or just lost."""
    gamble = state.gamble
    if gamble is not None and gamble.at_risk and gamble.dealer is None and gamble.steps:
        return gamble.steps[-1]
    last = state.last
    if state.phase is Phase.IDLE and gamble is None and last is not None and last.doubles and \
            not last.doubles[-1].stake_after:
        return last.doubles[-1]  # lost: the cards stay until the next deal
    return None


def double_cards(state: MachineState) -> list[tuple[Card | None, str]] | None:
    """The five places as (card or None for its back, caption under it), or ``None`` when the glass
    shows hands, not a double."""
    gamble = state.gamble
    if gamble is not None and gamble.dealer is not None:
        return [(gamble.dealer, "DEALER"), *[(None, f"PICK {place + 2}") for place in range(CHOICES)]]
    step = shown_double(state)
    if step is None:
        return None
    return [(step.dealer, "DEALER"), *[(card, step.verdict if place == step.picked else "")
                                       for place, card in enumerate(step.cards)]]


def double_message(state: MachineState) -> str | None:
    """The message line during double-up, or ``None`` for the usual one."""
    gamble = state.gamble
    if gamble is not None and gamble.dealer is not None:
        return f"DOUBLE {gamble.stake:,}: BEAT THE DEALER'S {gamble.dealer.label} — PICK A CARD, 2 TO 5"
    if gamble is not None and gamble.at_risk:
        verdict = f"{gamble.steps[-1].verdict}! " if gamble.steps else ""
        if gamble.can_double:
            return f"{verdict}{gamble.stake:,} AT RISK — D DOUBLES AGAIN, SPACE COLLECTS"
        return f"{verdict}{MOST_DOUBLES} DOUBLES IS THE MOST — SPACE COLLECTS {gamble.stake:,}"
    if gamble is not None:
        return f"WIN {gamble.stake:,} — D TO DOUBLE IT (CARD AGAINST CARD), OR PLAY ON"
    step = shown_double(state)
    if step is not None:
        return f"DOUBLE LOST: {step.card.label} AGAINST THE DEALER'S {step.dealer.label} — GAME OVER"
    return None


def at_stake(state: MachineState) -> int | None:
    """What the WIN meter shows while a win is being doubled (0 once it is lost), else ``None``."""
    gamble = state.gamble
    if gamble is not None and gamble.at_risk:
        return gamble.stake
    return 0 if shown_double(state) is not None else None
