"""Dream Card played by the simulator: with the table's chance, drawn by the RNG, a round's deal is
its first four cards and the best fifth (:mod:`.cards`, the card the machine offers); then perfect
play of the hand, each hand of the round drawing from the deck without the five."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.holds import Strategy
from videopoker.analysis.deal.rounds import Deal
from videopoker.analysis.features.dream_card.cards import FOUR, dream_cards
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.dream_card import FINEST_CHANCE, DreamCard


class DreamPlayer:
    """Plays rounds at the dream card bet, many at once."""

    def __init__(self, paytable: Paytable, strategy: Strategy, multi: int) -> None:
        feature = paytable.feature
        assert isinstance(feature, DreamCard)
        self.paytable, self.strategy, self.multi = paytable, strategy, multi
        self.threshold = int(feature.chance * FINEST_CHANCE)  # a whole number of millionths
        self.cards = dream_cards(paytable)

    def play(self, n: int, rng: np.random.Generator, pays: npt.NDArray[np.int64],
             counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Deal and play ``n`` rounds; add their final hands to ``counts``; return each round's win."""
        game = self.paytable.game
        deal = Deal.shuffled(n, game.deck_size, rng)
        dreamt = np.flatnonzero(rng.integers(0, FINEST_CHANCE, size=n) < self.threshold)
        if len(dreamt):
            fours = deal.deck[dreamt, :FOUR].astype(np.intp)
            deal = deal.with_card(dreamt, self.cards.offered(fours))
        kept = deal.kept(self.strategy.holds(deal.hands, rng))
        round_wins = np.zeros(n, dtype=np.int64)
        for _ in range(self.multi):
            categories = deal.draw(game, kept, rng)
            counts += np.bincount(categories, minlength=len(counts))
            round_wins += pays.take(categories)
        return round_wins


def expected(paytable: Paytable) -> tuple[Fraction, ...]:
    """Each final hand's chance a hand, as the exact solve counts it."""
    from videopoker.analysis.features.dream_card.solve import analyze_dream_card

    return tuple(row.probability for row in analyze_dream_card(paytable).rows)
