"""How the glass shows a wheel: its prize spins on the message line (:mod:`videopoker.tui.feature_view`),
and the title names no multiplier, since a wheel has none to tell."""

from __future__ import annotations

from videopoker.tui.kinds.base import KindView


class WheelView(KindView):
    tells_multiplier = False
