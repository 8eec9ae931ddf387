"""The fifth card a dream deal is made of: of every card the four dealt leave in the deck, the one
that makes the hand of the highest expected pay under perfect play.

A hand's worth depends only on its suit class (renaming suits changes nothing), so the best hold's
value is worked out once per class (134,459 for 52 cards), exactly, on the common denominator of
the draws; any five cards find their class by its key.  Of cards of equal worth the machine offers
the one whose hand has the first class, then the lowest card: the analysis counts the same choice,
so its frequencies are the machine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HAND, draw_tables
from videopoker.analysis.solve.exact import class_values, pay_vector
from videopoker.deck.combos import combinations_colex
from videopoker.deck.suits import suit_class_keys
from videopoker.paytable import Paytable

FOUR = HAND - 1


@dataclass(frozen=True)
class DreamCards:
    """Per dealt-hand class, its best hold's value (pay times the lcm of the draw counts, at the
    top of the pay column), and the classes' keys sorted, to find the class of any five cards."""

    paytable: Paytable
    best: npt.NDArray[np.float64]
    keys: npt.NDArray[np.int64]       # the classes' keys, sorted
    classes: npt.NDArray[np.intp]     # the class of each sorted key
    common: int                       # the lcm of the draw counts: a value over it is an expected pay
    deck: int

    def classes_of(self, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.intp]:
        """The class of each hand (n, 5), in any order of its cards."""
        keys = suit_class_keys(hands, self.paytable.game.definition.symmetries)
        found: npt.NDArray[np.intp] = self.classes.take(np.searchsorted(self.keys, keys))
        return found

    def fifths(self, fours: npt.NDArray[np.intp]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
        """For each row of ``fours`` (m, 4) and each card of the deck as its fifth, the class of the
        hand and its best hold's value, (m, deck) each; -1 for a card among the four."""
        deck = np.arange(self.deck, dtype=np.intp)
        free = ~(fours[:, :, None] == deck[None, None, :]).any(axis=1)
        hands = np.concatenate([np.repeat(fours, self.deck, axis=0), np.tile(deck, len(fours))[:, None]], axis=1)
        classes = np.full(free.size, -1, dtype=np.intp)
        classes[free.ravel()] = self.classes_of(hands[free.ravel()].astype(np.uint8))
        classes = classes.reshape(free.shape)
        values = np.where(free, self.best.take(np.maximum(classes, 0)), -1.0)
        return classes, values

    def offered(self, fours: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        """The card the machine offers beside each row of ``fours`` (m, 4): of the best worth, the
        hand of the first class, then the lowest card (:meth:`ranked`'s first)."""
        return _first_best(*self.fifths(fours))

    def ranked(self, four: tuple[int, ...]) -> list[tuple[int, Fraction]]:
        """Every card the deck holds beside ``four`` (card indices), with the expected pay at the
        top of the pay column of the hand it makes played perfectly, best first: of equal worth,
        the hand of the first class, then the lowest card (the one the machine offers)."""
        (classes,), (values,) = self.fifths(np.array([four], dtype=np.intp))
        cards = np.flatnonzero(classes >= 0)
        order = np.lexsort((cards, classes[cards], -values[cards]))
        return [(int(cards[i]), Fraction(int(values[cards[i]]), self.common)) for i in order]


def _first_best(classes: npt.NDArray[np.intp], values: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """Per row of :meth:`DreamCards.fifths`, the card of the best worth; of equal worth, the hand of
    the first class, then the lowest card: the machine's tie rule, which the analysis counts."""
    top = values.max(axis=1)
    deck = np.arange(values.shape[1])
    order = np.where(values == top[:, None], classes * len(deck) + deck, np.iinfo(np.intp).max)
    first: npt.NDArray[np.intp] = order.argmin(axis=1).astype(np.intp)
    return first


#: Worked out in this process, by the game's digest and the pays: the machine asks at every dream deal.
_MEMORY: dict[tuple[str, bytes], DreamCards] = {}


def dream_cards(paytable: Paytable, values: npt.NDArray[np.float64] | None = None) -> DreamCards:
    """The table's :class:`DreamCards` (about half a second once the draw tables are in), from
    every hold's ``values`` per class (:func:`class_values`) where the caller has them."""
    pays = pay_vector(paytable, paytable.max_coins)
    key = (paytable.game.digest, pays.tobytes())
    if key not in _MEMORY:
        tables = draw_tables(paytable.game)
        best = (class_values(paytable, paytable.max_coins) if values is None else values).max(axis=0)
        keys = suit_class_keys(tables.class_hands, paytable.game.definition.symmetries)
        order = np.argsort(keys, kind="stable")
        _MEMORY[key] = DreamCards(paytable, best, keys[order], order.astype(np.intp), tables.common_draws,
                                  paytable.game.deck_size)
    return _MEMORY[key]


@dataclass(frozen=True)
class DreamDeals:
    """Every four cards a dream deal can start with, by class: how many deals each class is, the
    class of the hand its best fifth card makes, and that hand's value."""

    weights: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.intp]
    values: npt.NDArray[np.float64]


def dream_deals(cards: DreamCards) -> DreamDeals:
    """The best fifth card of every four cards the deck can deal, four-card class by class."""
    fours = combinations_colex(cards.deck, FOUR)
    keys = suit_class_keys(fours, cards.paytable.game.definition.symmetries)
    _, first, weights = np.unique(keys, return_index=True, return_counts=True)
    classes, values = cards.fifths(fours[first].astype(np.intp))
    offered = _first_best(classes, values)
    rows = np.arange(len(offered))
    return DreamDeals(weights.astype(np.int64), classes[rows, offered], values[rows, offered])
