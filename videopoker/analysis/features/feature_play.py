"""The kinds that multiply a round or spin a wheel (Big Times Draw, times pay, wheel) played by the
simulator: perfect play holds each deal's best hold of its worth
(:func:`~videopoker.analysis.features.feature.worth_vector`), and every hand is paid its pay and
its wheel prize times the deal's multiplier, drawn by the RNG as the machine draws them.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.holds import Masks, Optimal, Strategy
from videopoker.analysis.deal.rounds import Deal
from videopoker.analysis.features.feature import TOP_GROUPS, analyze_feature, top_ranks, worth_vector
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.optimal import best_hold_table
from videopoker.paytable import Paytable
from videopoker.paytable.feature import ACE_LOW, Feature, Weights
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game


class FeatureOptimal(Optimal):
    """Perfect play of a feature game: the best hold of each deal's worth, a wheel's mean prize in
    (a multiplier never changes a hold); its frequencies are the feature's exact return table."""

    name = "optimal"

    def lookup(self, progress: Progress = _quiet) -> Masks:
        if self._table is None:
            self._table = best_hold_table(self.paytable.as_played(None).game, worth_vector(self.paytable)[0], progress)
        return self._table

    def expected(self) -> dict[PayCategory, Fraction]:
        return {row.category: row.probability for row in analyze_feature(self.paytable).rows}


class FeaturePlayer:
    """Plays rounds at the feature's bet, many at once: the deal's multiplier (read from its cards,
    or drawn after the hold) times each hand's pay and, on a trigger hand, the wheel's prize."""

    def __init__(self, paytable: Paytable, feature: Feature, strategy: Strategy, multi: int) -> None:
        paytable = paytable.as_played(None)  # its hands as the feature bet judges them
        self.paytable, self.feature, self.strategy, self.multi = paytable, feature, strategy, multi
        categories = paytable.game.categories
        self.triggers = np.array([categories.index(key) for key in feature.trigger], dtype=np.intp)

    def play(self, n: int, rng: np.random.Generator, pays: npt.NDArray[np.int64],
             counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Deal and play ``n`` rounds; add their final hands to ``counts``; return each round's win."""
        game = self.paytable.game
        deal = Deal.shuffled(n, game.deck_size, rng)
        hands = deal.hands
        masks = self.strategy.holds(hands, rng)
        multipliers = deal_multipliers(game, self.feature, hands, rng)
        kept = deal.kept(masks)
        round_wins = np.zeros(n, dtype=np.int64)
        for _ in range(self.multi):
            categories = deal.draw(game, kept, rng)
            counts += np.bincount(categories, minlength=len(counts))
            won = pays.take(categories)
            if len(self.triggers):
                won += prizes(self.feature, categories, self.triggers, rng)
            round_wins += multipliers * won
        return round_wins


def drawn(slices: Weights, size: int, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """``size`` values of ``slices`` drawn by weight, each a stop of a wheel of ``sum(weights)`` stops."""
    values = np.array([value for value, _ in slices], dtype=np.int64)
    ends = np.cumsum([weight for _, weight in slices])
    stops = rng.integers(0, int(ends[-1]), size=size)
    picked: npt.NDArray[np.int64] = values[np.searchsorted(ends, stops, side="right")]
    return picked


def deal_multipliers(game: Game, feature: Feature, dealt: npt.NDArray[np.uint8],
                     rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """The multiplier of each deal (n, 5): read from its top card, or drawn."""
    if feature.depends_on_cards:
        by_rank = np.zeros(TOP_GROUPS, dtype=np.int64)
        for rank in range(ACE_LOW, TOP_GROUPS):
            (by_rank[rank], _), = feature.deal_multipliers(rank)
        chosen: npt.NDArray[np.int64] = by_rank[top_ranks(game, dealt)]
        return chosen
    return drawn(feature.deal_multipliers(None), len(dealt), rng)


def prizes(feature: Feature, categories: npt.NDArray[np.uint8], triggers: npt.NDArray[np.intp],
           rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """The wheel's prize for each final hand whose category (an index) is in ``triggers``, else 0."""
    spun = np.isin(categories, triggers)
    won = np.zeros(len(categories), dtype=np.int64)
    won[spun] = drawn(feature.prizes, int(spun.sum()), rng)
    return won
