"""The trainer's answer for one dealt hand: all 32 holds ranked by expected value.

>>> from videopoker.paytable import resolve_paytable
>>> from videopoker.deck.cards import parse_hand
>>> best = best_holds(resolve_paytable("jacks-or-better-9-6"), parse_hand("Ah Kh Qh Jh 9c"))[0]
>>> best.label, round(float(best.ev), 4)
('Ah Kh Qh Jh', 18.5532)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HOLDS, TIE_ORDER, draw_tables
from videopoker.deck.cards import Card, check_deck, check_hand, format_cards
from videopoker.paytable import Paytable
from videopoker.paytable.feature import top_rank
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game


@dataclass(frozen=True)
class HoldChoice:
    """One way to play a dealt hand, with what its draw can make."""

    held: tuple[bool, ...]           # per position of the hand as dealt
    cards: tuple[Card, ...]          # the held cards, in dealt order
    ev: Fraction                     # expected pay per coin bet
    draws: int                       # equally likely draws
    outcomes: dict[PayCategory, int]  # final hands of each category among the draws
    rank: int                        # 1 for the best; equal worths share a rank
    #: At a feature bet: the expected win per coin of the whole bet, multiplier and mean prize in
    #: (what ranks the holds); None at a plain bet, where the EV ranks them.
    worth: Fraction | None = None
    multiplier: Fraction = Fraction(1)  # the multiplier the worth is at
    #: The game pays some hands only in their places: the hold is shown place by place.
    placed: bool = False

    @property
    def label(self) -> str:
        """The held cards (``Ah Kh``); in a game of places, every place (``Th Jh Qh -- --``)."""
        if self.placed:
            cards = iter(self.cards)
            return " ".join(str(next(cards)) if keep else "--" for keep in self.held)
        return format_cards(self.cards) if self.cards else "(discard all)"

    @property
    def places(self) -> tuple[int, ...]:
        """The places (1 to 5, left to right) of the held cards."""
        return tuple(place + 1 for place, keep in enumerate(self.held) if keep)

    @property
    def judged(self) -> Fraction:
        """What ranks the hold: its worth at a feature bet, else its EV."""
        return self.ev if self.worth is None else self.worth

    def probability(self, category: PayCategory) -> Fraction:
        return Fraction(self.outcomes.get(category, 0), self.draws)

    def to_json(self) -> dict[str, Any]:
        worth = {} if self.worth is None else {"worth": float(self.worth)}
        places = {"places": list(self.places)} if self.placed else {}
        return {"hold": format_cards(self.cards), "held": list(self.held), **places, "ev": float(self.ev), **worth,
                "rank": self.rank, "draws": self.draws,
                "outcomes": {category: n for category, n in self.outcomes.items()}}


@dataclass(frozen=True)
class SortedHand:
    """A dealt hand as the analysis reads it, sorted by place in the game's deck (its card index but
    for a fifth ace), and the way back to the places the cards were dealt in (a hold mask's bit p
    keeps the p-th lowest card)."""

    order: tuple[int, ...]            # dealt place of the sorted hand's p-th card
    cards: npt.NDArray[np.uint8]      # shape (1, 5)

    @classmethod
    def of(cls, game: Game, hand: Sequence[Card]) -> SortedHand:
        positions = [game.position(card) for card in hand]
        order = tuple(sorted(range(len(hand)), key=positions.__getitem__))
        return cls(order, np.array([[positions[place] for place in order]], dtype=np.uint8))

    def held(self, mask: int) -> tuple[bool, ...]:
        """A mask over the sorted hand as hold flags over the hand as dealt."""
        keep = [False] * len(self.order)
        for slot, place in enumerate(self.order):
            keep[place] = bool(mask >> slot & 1)
        return tuple(keep)


def hint_json(paytable: Paytable, hand: Sequence[Card], holds: Sequence[HoldChoice]) -> dict[str, Any]:
    """``hint --json``: the hand, the table, the multiplier the worths are at (a feature bet's), every hold."""
    known = {"multiplier": float(holds[0].multiplier)} if holds[0].worth is not None else {}
    return {"hand": " ".join(str(card) for card in hand), "paytable": paytable.name, **known,
            "holds": [choice.to_json() for choice in holds]}


def deal_multiplier(paytable: Paytable, hand: Sequence[Card]) -> Fraction:
    """The multiplier a deal of ``hand`` plays under at the feature bet, as far as the cards say:
    Big Times Draw's is fixed by them; a times-pay multiplier is drawn, so its mean stands in."""
    assert paytable.feature is not None
    mean, _ = paytable.feature.multiplier_moments(top_rank(hand))
    return mean


def best_holds(paytable: Paytable, hand: Sequence[Card], coins: int | None = None,
               multiplier: int | None = None) -> list[HoldChoice]:
    """Every hold of ``hand``, best first, EVs per coin bet at ``coins`` (default the top bet).

    At a feature bet the EV is the pay column's at max_coins, and the holds are ranked by their
    worth (:attr:`HoldChoice.worth`), at ``multiplier`` (the one the machine drew) or the deal's
    (:func:`deal_multiplier`).  Of equal worths, the hold keeping more cards comes first,
    then as :data:`~videopoker.analysis.solve.exact.TIE_ORDER` says over the hand sorted by card: the
    same choice the return table counts.
    """
    check_hand(hand)
    paytable = paytable.as_played(coins)  # the hands as this bet judges them
    game = paytable.game
    check_deck(hand, game.definition.deck, game.title)
    feature = paytable.feature if paytable.plays_feature(coins) else None
    bet = paytable.max_coins if feature else paytable.base_bet(coins)
    tables = draw_tables(game)
    sorted_hand = SortedHand.of(game, hand)
    outcomes = tables.hold_outcomes(sorted_hand.cards)[:, 0, :]
    pays = [paytable.pay(category, bet) for category in game.categories]
    worths: list[Fraction] = []
    if feature is not None:
        prize, _ = feature.prize_moments()
        worths = [pay + prize * (category in feature.trigger) for pay, category in zip(pays, game.categories)]
        factor = deal_multiplier(paytable, hand) if multiplier is None else Fraction(multiplier)
    draws = tables.draw_counts
    if game.placed is not None:  # the places count: ordered draws, the hands in place moved to their entries
        from videopoker.analysis.solve.placed import outcomes_in_place

        outcomes, draws = outcomes_in_place(game, tuple(game.position(card) for card in hand), outcomes)
    choices = []
    for mask in range(HOLDS):
        counts = [int(n) for n in outcomes[mask]]
        ev = Fraction(sum(n * pay for n, pay in zip(counts, pays)), int(draws[mask]) * bet)
        worth = None if feature is None else \
            factor * sum(n * w for n, w in zip(counts, worths)) / (int(draws[mask]) * feature.coins)
        choices.append((ev if worth is None else worth, TIE_ORDER.index(mask), sorted_hand.held(mask),
                        counts, int(draws[mask]), ev, worth))
    choices.sort(key=lambda choice: (-choice[0], choice[1]))  # best first, ties as the analysis
    ranked: list[HoldChoice] = []
    for place, (value, _, held, counts, n, ev, worth) in enumerate(choices):
        rank = ranked[-1].rank if ranked and choices[place - 1][0] == value else len(ranked) + 1
        ranked.append(HoldChoice(held, tuple(c for c, h in zip(hand, held) if h), ev, n,
                                 {c: k for c, k in zip(game.categories, counts) if k}, rank, worth,
                                 factor if feature is not None else Fraction(1), game.placed is not None))
    return ranked
