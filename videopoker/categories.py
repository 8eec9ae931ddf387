"""Pay categories: the kinds of final hand a game can pay, named as paytables and machines name them.

The values are the YAML keys of a paytable's ``pays`` and are stored in saved wallets, so a value
never changes once shipped; new categories are only ever added.

>>> PayCategory.FOUR_ACES_WITH_2_4.label, PayCategory.FOUR_ACES_WITH_2_4.short
('4 ACES + 2-4', '4A+')
"""

from __future__ import annotations

from enum import StrEnum


class PayCategory(StrEnum):
    """A kind of final hand; the values are the keys of a paytable's ``pays``."""

    NATURAL_ROYAL_FLUSH = "natural_royal_flush"
    ROYAL_FLUSH = "royal_flush"
    FOUR_DEUCES = "four_deuces"
    WILD_ROYAL_FLUSH = "wild_royal_flush"
    FIVE_OF_A_KIND = "five_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_ACES_WITH_2_4 = "four_aces_with_2_4"
    FOUR_2_4_WITH_A_4 = "four_2_4_with_a_4"
    FOUR_ACES = "four_aces"
    FOUR_2_4 = "four_2_4"
    FOUR_5_K = "four_5_k"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    KINGS_OR_BETTER = "kings_or_better"
    JACKS_OR_BETTER = "jacks_or_better"
    TENS_OR_BETTER = "tens_or_better"
    NOTHING = "nothing"

    @property
    def label(self) -> str:
        """As a machine's paytable shows it (at most 15 characters): ``4 ACES + 2-4``."""
        return LABELS[self]

    @property
    def short(self) -> str:
        """A column heading where space is tight: ``FH``."""
        return SHORT_NAMES[self]


C = PayCategory
#: Machine labels, short enough for a paytable panel at 80 columns.
LABELS = {
    C.NATURAL_ROYAL_FLUSH: "NATURAL ROYAL", C.ROYAL_FLUSH: "ROYAL FLUSH", C.FOUR_DEUCES: "4 DEUCES",
    C.WILD_ROYAL_FLUSH: "WILD ROYAL", C.FIVE_OF_A_KIND: "5 OF A KIND", C.STRAIGHT_FLUSH: "STRAIGHT FLUSH",
    C.FOUR_ACES_WITH_2_4: "4 ACES + 2-4", C.FOUR_2_4_WITH_A_4: "4 2s-4s + A-4", C.FOUR_ACES: "4 ACES",
    C.FOUR_2_4: "4 2s-4s", C.FOUR_5_K: "4 5s-Ks", C.FOUR_OF_A_KIND: "FOUR OF A KIND", C.FULL_HOUSE: "FULL HOUSE",
    C.FLUSH: "FLUSH", C.STRAIGHT: "STRAIGHT", C.THREE_OF_A_KIND: "THREE OF A KIND", C.TWO_PAIR: "TWO PAIR",
    C.KINGS_OR_BETTER: "KINGS OR BETTER", C.JACKS_OR_BETTER: "JACKS OR BETTER",
    C.TENS_OR_BETTER: "TENS OR BETTER", C.NOTHING: "NOTHING",
}
SHORT_NAMES = {
    C.NATURAL_ROYAL_FLUSH: "NRF", C.ROYAL_FLUSH: "RF", C.FOUR_DEUCES: "4D", C.WILD_ROYAL_FLUSH: "WRF",
    C.FIVE_OF_A_KIND: "5K", C.STRAIGHT_FLUSH: "SF", C.FOUR_ACES_WITH_2_4: "4A+", C.FOUR_2_4_WITH_A_4: "4L+",
    C.FOUR_ACES: "4A", C.FOUR_2_4: "4L", C.FOUR_5_K: "4M", C.FOUR_OF_A_KIND: "4K", C.FULL_HOUSE: "FH",
    C.FLUSH: "FL", C.STRAIGHT: "ST", C.THREE_OF_A_KIND: "3K", C.TWO_PAIR: "2P", C.KINGS_OR_BETTER: "KB",
    C.JACKS_OR_BETTER: "JB", C.TENS_OR_BETTER: "TB", C.NOTHING: "--",
}
