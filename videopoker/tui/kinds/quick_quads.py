"""How the glass shows Quick Quads: no multiplier to name, and a fresh glass says what the extra
coin buys.  The panel shows the quick quads' rows at the feature bet, since the machine shows the
table as the bet in play judges it (:meth:`~videopoker.paytable.Paytable.as_played`)."""

from __future__ import annotations

from videopoker.machine.game import MachineState, Phase
from videopoker.tui.kinds.base import KindView


class QuickQuadsView(KindView):
    tells_multiplier = False

    def message(self, state: MachineState) -> str | None:
        feature = state.paytable.feature
        if feature is not None and state.phase is Phase.IDLE and state.last is None:
            return f"AT {feature.coins} COINS QUICK QUADS: 3-6-9-9-9 PAYS AS FOUR 9s (ACES COUNT 1)"
        return None
