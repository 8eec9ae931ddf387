"""The engine of the kinds that play round by round (Big Times Draw, Times Pay, Wheel): one model
of a round's win (:mod:`videopoker.paytable.feature`), solved by :mod:`.feature` and played by
:mod:`.feature_play`, whatever multiplier or prize the kind brings."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from videopoker.analysis.features.engine import Engine, Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.feature import FeatureAnalysis
    from videopoker.analysis.solve.spectra import RoundLaw


class RoundByRound(Engine):
    def solved(self, paytable: Paytable, hands: int | None = None, progress: Progress = _quiet) -> FeatureAnalysis:
        from videopoker.analysis.features.feature import analyze_feature

        return analyze_feature(paytable, progress)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        return [(row.category, float(row.probability)) for row in self.solved(paytable).rows]

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> FeatureAnalysis | RoundLaw:
        """A hand's law, or at several hands a round the round's, the deal's multiplier on every hand."""
        if hands is None or hands == 1:
            return self.solved(paytable, progress=progress)
        assert paytable.feature is not None
        if hands not in paytable.feature.played_hands:
            raise VideoPokerError(f"--multi {hands}: {paytable.name!r} plays its feature at "
                                  f"{', '.join(map(str, paytable.feature.played_hands))} hands a round")
        from videopoker.analysis.features.hands import feature_round_law

        return feature_round_law(paytable, hands)

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.feature import analyze_feature
        from videopoker.analysis.features.feature_play import FeaturePlayer

        assert paytable.feature is not None
        strategy.prepare(progress)
        exact = strategy.expected()
        return Playing(FeaturePlayer(paytable, paytable.feature, strategy, hands).play, analyze_feature(paytable).rtp,
                       tuple(exact.get(category, Fraction(0)) for category in paytable.as_played(None).game.categories))


#: One engine serves every kind that plays round by round.
ROUND_BY_ROUND = RoundByRound()
