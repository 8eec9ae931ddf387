"""Rounds dealt and drawn for the simulator, vectorised: thousands of rounds per numpy step, never a
Python loop per hand.

Each batch deals its rounds by a partial Fisher–Yates shuffle of one deck row per round (the
first five places are the deal), sorts the dealt cards with a sorting network, asks the strategy
(:mod:`~videopoker.analysis.deal.holds`) for the holds, and then, for each hand of an N-play round,
shuffles five more places of the rest of the deck into that hand's draw.  Final hands are scored by
the same lookup table as play.  The players of the kinds that carry state or multiply a round
(:mod:`videopoker.analysis.features`) deal their rounds here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.deal.holds import Strategy
from videopoker.analysis.solve.draws import HAND
from videopoker.paytable import Paytable
from videopoker.rules.evaluate import Game

#: A sorting network for five values: nine compare-exchanges, no Python loop per hand.
SORT_FIVE = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))


def play_rounds(paytable: Paytable, strategy: Strategy, n: int, multi: int, rng: np.random.Generator,
                pays: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Deal and play ``n`` rounds of the base game; add their final hands to ``counts``; return each
    round's win (a feature's player deals its rounds the same way, :class:`Deal` by :class:`Deal`)."""
    game = paytable.game
    return played(Deal.shuffled(n, game.deck_size, rng), game, strategy, multi, rng, pays, counts)


def played(deal: Deal, game: Game, strategy: Strategy, multi: int, rng: np.random.Generator,
           pays: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Play the rounds ``deal`` dealt, ``multi`` hands each, at ``pays``; add their final hands to
    ``counts``; return each round's win (a deal a kind made its own, a dream card in it, too)."""
    kept = deal.kept(strategy.holds(deal.hands, rng))
    round_wins = np.zeros(len(deal.rows), dtype=np.int64)
    for _ in range(multi):
        categories = deal.draw(game, kept, rng)
        counts += np.bincount(categories, minlength=len(counts))
        round_wins += pays.take(categories)
    return round_wins


@dataclass(frozen=True)
class Deal:
    """Rounds dealt from one deck row each: the first five places are the deal, the next five a
    hand's draw.  Every hand of a multi-hand round draws from the same rest of the deck, afresh."""

    deck: npt.NDArray[np.uint8]          # (rounds, deck size)
    rows: npt.NDArray[np.int64]          # where each round's row starts in the flat deck
    dealt: list[npt.NDArray[np.intp]]    # the five dealt cards, sorted: one column per place

    @classmethod
    def shuffled(cls, n: int, size: int, rng: np.random.Generator) -> Deal:
        """Deal ``n`` rounds: five Fisher–Yates places of each row, sorted by a sorting network."""
        deck = np.empty((n, size), dtype=np.uint8)
        deck[:] = np.arange(size, dtype=np.uint8)
        rows = np.arange(n, dtype=np.int64) * size
        _shuffle_places(deck.reshape(-1), rows, range(HAND), size, rng)
        return cls(deck, rows, _sorted_deal(deck))

    def with_card(self, rounds: npt.NDArray[np.intp], cards: npt.NDArray[np.intp], place: int = HAND - 1) -> Deal:
        """The deal with each of ``cards`` dealt in ``place`` of its round in ``rounds`` (a dream
        card): swapped there from where it lies in the rest of the row, so the card it replaces goes
        back to the deck the draws come from."""
        deck = self.deck.copy()
        rows = deck[rounds]
        lying = np.argmax(rows == cards[:, None].astype(np.uint8), axis=1)
        taken = rows[np.arange(len(rounds)), place].copy()
        rows[np.arange(len(rounds)), lying] = taken
        rows[:, place] = cards
        deck[rounds] = rows
        return Deal(deck, self.rows, _sorted_deal(deck))

    @property
    def hands(self) -> npt.NDArray[np.uint8]:
        """The dealt hands, sorted (rounds, 5): what a strategy is asked to hold."""
        return np.stack(self.dealt, axis=1).astype(np.uint8)

    @staticmethod
    def kept(masks: npt.NDArray[np.integer[Any]]) -> list[npt.NDArray[np.bool_]]:
        """Per place of the sorted deal, whether each round's hold keeps that card."""
        return [(masks >> place & 1).astype(bool) for place in range(HAND)]

    def draw(self, game: Game, kept: list[npt.NDArray[np.bool_]], rng: np.random.Generator) -> npt.NDArray[np.uint8]:
        """One hand of every round: shuffle five fresh draw places from the rest of its deck, fill
        the discards from them, and return each final hand's category."""
        size = self.deck.shape[1]
        _shuffle_places(self.deck.reshape(-1), self.rows, range(HAND, 2 * HAND), size, rng)
        keys = game.card_keys
        key = np.zeros(len(self.rows), dtype=np.int64)
        for place in range(HAND):
            key += keys.take(np.where(kept[place], self.dealt[place], self.deck[:, HAND + place]))
        return game.category_of_keys(key)


def _sorted_deal(deck: npt.NDArray[np.uint8]) -> list[npt.NDArray[np.intp]]:
    """The first five places of each row, sorted by a sorting network: one column per place."""
    dealt = [deck[:, place].astype(np.intp) for place in range(HAND)]
    for a, b in SORT_FIVE:
        dealt[a], dealt[b] = np.minimum(dealt[a], dealt[b]), np.maximum(dealt[a], dealt[b])
    return dealt


def _shuffle_places(cards: npt.NDArray[np.uint8], rows: npt.NDArray[np.int64], places: range, size: int,
                    rng: np.random.Generator) -> None:
    """Fisher–Yates steps for ``places`` of every deck row: each place gets a uniform card from
    itself onwards.  A second call over the draw places gives a fresh, independent draw."""
    for place in places:
        here = rows + place
        there = rows + rng.integers(place, size, size=len(rows))
        swap = cards[here]
        cards[here] = cards[there]
        cards[there] = swap
