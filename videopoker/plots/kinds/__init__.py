"""The pictures' registry: each feature kind's ``analyze --plot`` picture, by the name a paytable
gives the kind; adding a kind is its module beside the others and one line below."""

from __future__ import annotations

from videopoker.plots.kinds.base import Picture
from videopoker.plots.kinds.bonus_streak import streaks_picture
from videopoker.plots.kinds.by_round import multiplier_law, top_card_law, wheel_law
from videopoker.plots.kinds.dream_card import dream_deals
from videopoker.plots.kinds.multi_strike import levels_picture
from videopoker.plots.kinds.quick_quads import quick_quads_returns
from videopoker.plots.kinds.shockwave import modes_picture
from videopoker.plots.kinds.ultimate_x import sums_picture

PICTURES: dict[str, Picture] = {
    "big times draw": top_card_law,
    "times pay": multiplier_law,
    "wheel": wheel_law,
    "quick quads": quick_quads_returns,
    "dream card": dream_deals,
    "multi-strike": levels_picture,
    "ultimate x": sums_picture,
    "shockwave": modes_picture,
    "bonus streak": streaks_picture,
}
