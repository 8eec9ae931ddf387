"""How the glass shows a wheel: its prize spins on the message line (:mod:`videopoker.tui.feature_view`),
the title names no multiplier, since a wheel has none to tell, and a fresh glass says what spins
it and what it can pay."""

from __future__ import annotations

from videopoker.machine.game import MachineState, Phase
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.wheel import Wheel
from videopoker.tui.kinds.base import KindView


def rule(paytable: Paytable) -> str:
    """The feature in one line: the hands that spin the wheel, its least and largest prize, the bet."""
    feature = paytable.feature
    assert isinstance(feature, Wheel)
    spins = " OR ".join(paytable.game.label(key) for key in feature.trigger)
    quads = {key for key in paytable.game.categories if is_quads(paytable.game.label(key))}
    if set(feature.trigger) == quads and len(quads) > 1:  # every four of a kind, however the table splits them
        spins = "FOUR OF A KIND"
    prizes = sorted(prize for prize, _ in feature.wheel)
    return f"AT {feature.coins} COINS {spins} SPINS THE WHEEL: {prizes[0]:,} TO {prizes[-1]:,} CREDITS"


def is_quads(label: str) -> bool:
    """Whether a hand's label names a four of a kind (``4 ACES``, ``4 2s-4s + A-4``, ``FOUR OF A KIND``)."""
    return label.startswith("4 ") or label == "FOUR OF A KIND"


class WheelView(KindView):
    tells_multiplier = False

    def message(self, state: MachineState) -> str | None:
        if state.phase is Phase.IDLE and state.last is None:
            return rule(state.paytable)  # a fresh glass says what the feature does
        return None
