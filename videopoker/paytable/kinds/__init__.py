"""The feature kinds a paytable can name, one module each: the data floor's registry.

Adding a kind is a module here with its :class:`~videopoker.paytable.feature.Feature` subclass
and one entry below; nothing else on this floor names a kind.
"""

from __future__ import annotations

from videopoker.paytable.feature import Feature
from videopoker.paytable.kinds.big_times_draw import BigTimesDraw
from videopoker.paytable.kinds.multi_strike import MultiStrike
from videopoker.paytable.kinds.times_pay import TimesPay
from videopoker.paytable.kinds.ultimate_x import UltimateX
from videopoker.paytable.kinds.wheel import Wheel

#: Every kind by the name a paytable file gives it, in the order the manual lists them.
KINDS: dict[str, type[Feature]] = {kind.kind: kind for kind in (
    BigTimesDraw,
    TimesPay,
    Wheel,
    MultiStrike,
    UltimateX,
)}
