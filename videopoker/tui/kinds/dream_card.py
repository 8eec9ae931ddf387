"""How the glass shows Dream Card: the dream card marked under it, and on the message line the
card's expected pay beside the best card's, so the best one is never in doubt (the "dream card
controversy" of cabinets that offer a worse one); ``o`` puts the next best in its place."""

from __future__ import annotations

from videopoker.analysis.features.registry import engine_of
from videopoker.machine.game import MachineState, Phase
from videopoker.paytable.kinds.dream_card import DreamCard, Dreamt
from videopoker.tui.kinds.base import KindView


def dreamt(state: MachineState) -> Dreamt | None:
    """The dream deal in play, if the glass shows one."""
    return state.state if state.phase is Phase.DEALT and isinstance(state.state, Dreamt) else None


class DreamCardView(KindView):
    tells_multiplier = False

    def caption(self, state: MachineState, position: int) -> str:
        dream = dreamt(state)
        if dream is None or position != dream.place:
            return ""
        return "HELD·DREAM" if state.held[position] else "DREAM"

    def message(self, state: MachineState) -> str | None:
        dream = dreamt(state)
        feature = state.paytable.feature
        if not isinstance(feature, DreamCard):
            return None
        if dream is None:
            if state.phase is Phase.IDLE and state.last is None:
                return (f"AT {feature.coins} COINS {float(feature.chance):.0%} OF DEALS GIVE A DREAM CARD, "
                        "THE BEST FIFTH")
            return None
        choices = engine_of(feature).choices(state.paytable, state.hand, dream)
        (best, top), mine = choices[0], state.hand[dream.place]
        ev = next(value for card, value in choices if card == mine)
        coins = state.paytable.max_coins  # the win is the 5-coin column's: an expectation in credits
        if ev == top:
            return f"DREAM CARD {mine.label}: THE BEST, {float(ev * coins):,.2f} CREDITS EXPECTED · O: ANOTHER"
        return (f"DREAM CARD {mine.label}: {float(ev * coins):,.2f} CREDITS EXPECTED · BEST {best.label} "
                f"{float(top * coins):,.2f} · O: ANOTHER")
