"""Dream Card played by the simulator: with the table's chance, drawn by the RNG, a round's deal is
its first four cards and the best fifth (:mod:`.cards`, the card the machine offers); then perfect
play of the hand, each hand of the round drawing from the deck without the five."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.holds import Strategy
from videopoker.analysis.deal.rounds import Deal, played
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
        return played(deal, game, self.strategy, self.multi, rng, pays, counts)
