"""The command line of the kinds that play round by round (Big Times Draw, Times Pay, Wheel,
Quick Quads): ``analyze`` gives the feature game's return table (:func:`~.base.show_feature_analysis`),
and ``hint`` says what the deal's multiplier, the wheel or the quick quads do to the worths it ranks."""

from __future__ import annotations

from fractions import Fraction

from videopoker.cli.kinds.base import ByRoundCommands, worth_words
from videopoker.paytable import Paytable


class BigTimesDrawCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        assert paytable.feature is not None
        return [f"{paytable.feature.kind.capitalize()}: every win of this deal pays {multiplier}X (its top card, "
                f"aces low)", f"{worth_words(paytable)}."]


class TimesPayCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}, at the mean multiplier ({float(multiplier):.4g}X);",
                "the machine shows the multiplier it draws before the hold."]


class QuickQuadsCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}: three of a kind whose two other cards add up",
                "to its rank (3-6-9-9-9) is paid as four of a kind."]


class WheelCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}, the wheel at its mean prize."]
