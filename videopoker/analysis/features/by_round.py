"""The engine of the kinds that play round by round (Big Times Draw, Times Pay, Wheel): one model
of a round's win (:mod:`videopoker.paytable.feature`), solved by :mod:`.feature` and played by
:mod:`.feature_play`, whatever multiplier or prize the kind brings."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from videopoker.analysis.features.engine import Engine, Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.feature import FeatureAnalysis


class RoundByRound(Engine):
    def solved(self, paytable: Paytable, hands: int | None = None, progress: Progress = _quiet) -> FeatureAnalysis:
        from videopoker.analysis.features.feature import analyze_feature

        return analyze_feature(paytable, progress)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        return [(row.category, float(row.probability)) for row in self.solved(paytable).rows]

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> FeatureAnalysis:
        self.one_hand(paytable, hands)
        return self.solved(paytable, progress=progress)

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.feature import analyze_feature
        from videopoker.analysis.features.feature_play import FeaturePlayer

        assert paytable.feature is not None
        strategy.prepare(progress)
        exact = strategy.expected()
        return Playing(FeaturePlayer(paytable, paytable.feature, strategy, hands).play, analyze_feature(paytable).rtp,
                       tuple(exact.get(category, Fraction(0)) for category in paytable.game.categories))


#: One engine serves every kind that plays round by round.
ROUND_BY_ROUND = RoundByRound()
