"""What a five-card hand is worth: pay categories, game rules, and the two evaluators built on them.

The rules of a game are one function, ``classify(naturals, wilds, flush)``, of the hand's rank
multiset.  It runs once per possible multiset to fill a lookup table; the scalar evaluator used
in play and the numpy batch evaluator used in analysis both read that table, so they cannot
disagree.  A hand is keyed by adding one integer per card (:data:`CARD_KEYS`): its rank weight
(:data:`RANK_WEIGHTS`, chosen so that every multiset of five ranks has its own sum) shifted past a
field that counts cards per suit and wild cards.

>>> evaluate(parse_hand("Ah Kh Qh Jh Th"), JACKS_OR_BETTER)
<PayCategory.ROYAL_FLUSH: 'royal_flush'>
>>> evaluate(parse_hand("Tc Td 4s 8h 2c"), JACKS_OR_BETTER)
<PayCategory.NOTHING: 'nothing'>
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

import numpy as np
import numpy.typing as npt

from videopoker.cards import JOKER_INDEX, Card, Rank, parse_hand  # noqa: F401  (doctest)


class PayCategory(StrEnum):
    """A kind of final hand; the values are the keys of a paytable's ``pays``."""

    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    JACKS_OR_BETTER = "jacks_or_better"
    TENS_OR_BETTER = "tens_or_better"
    NOTHING = "nothing"

    @property
    def label(self) -> str:
        """As a machine shows it: ``FULL HOUSE``."""
        return self.value.replace("_", " ").upper()

    @property
    def short(self) -> str:
        """A column heading where space is tight: ``FH``."""
        return SHORT_NAMES.get(self, self.label)


C = PayCategory
SHORT_NAMES = {C.ROYAL_FLUSH: "RF", C.STRAIGHT_FLUSH: "SF", C.FOUR_OF_A_KIND: "4K", C.FULL_HOUSE: "FH",
               C.FLUSH: "FL", C.STRAIGHT: "ST", C.THREE_OF_A_KIND: "3K", C.TWO_PAIR: "2P",
               C.JACKS_OR_BETTER: "JB", C.TENS_OR_BETTER: "TB", C.NOTHING: "--"}
#: Multiset-unique rank weights for ranks 2..A: no two multisets of at most five ranks (at most
#: four of each) share a sum.  Found by greedy search (each weight the least that keeps sums
#: unique); ``tests/test_evaluate.py`` checks the property, so the table below stays honest.
RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
RANK_KEYS = 4 * RANK_WEIGHTS[-1] + RANK_WEIGHTS[-2] + 1
SUIT_BITS = 3  # a suit's count (0..5) in three bits
WILD_SHIFT = 4 * SUIT_BITS
RANK_SHIFT = WILD_SHIFT + 3
LOW_MASK = (1 << RANK_SHIFT) - 1
NO_CATEGORY = 255

Classifier = Callable[[tuple[int, ...], int, bool], PayCategory]


def is_straight(ranks: Sequence[int]) -> bool:
    """Five different ranks in a row; the ace also plays low (A-2-3-4-5), never around (Q-K-A-2-3)."""
    distinct = set(ranks)
    if len(distinct) != 5:
        return False
    return max(distinct) - min(distinct) == 4 or distinct == {14, 2, 3, 4, 5}


def high_pair_rules(lowest_pair: Rank) -> Classifier:
    """The natural 52-card rules of Jacks or Better and its kin, paying pairs from ``lowest_pair``."""

    def classify(naturals: tuple[int, ...], wilds: int, flush: bool) -> PayCategory:
        if wilds:
            raise ValueError("these rules have no wild cards")
        shape = sorted(Counter(naturals).values(), reverse=True)
        if is_straight(naturals):
            if flush:
                return C.ROYAL_FLUSH if min(naturals) == Rank.TEN else C.STRAIGHT_FLUSH
            return C.STRAIGHT
        if shape[0] == 4:
            return C.FOUR_OF_A_KIND
        if shape[:2] == [3, 2]:
            return C.FULL_HOUSE
        if flush:
            return C.FLUSH
        if shape[0] == 3:
            return C.THREE_OF_A_KIND
        if shape[:2] == [2, 2]:
            return C.TWO_PAIR
        if shape[0] == 2:
            pair = next(rank for rank, n in Counter(naturals).items() if n == 2)
            if pair >= lowest_pair:
                return C.JACKS_OR_BETTER if lowest_pair == Rank.JACK else C.TENS_OR_BETTER
        return C.NOTHING

    return classify


@dataclass(frozen=True, eq=False)
class Game:
    """A family of rules: which categories exist (best first, ``nothing`` last) and how to judge."""

    key: str
    title: str
    categories: tuple[PayCategory, ...]
    classify: Classifier = field(repr=False)
    jokers: int = 0
    wild_ranks: frozenset[int] = frozenset()

    @property
    def deck_size(self) -> int:
        return 52 + self.jokers

    @property
    def max_wilds(self) -> int:
        return self.jokers + 4 * len(self.wild_ranks)

    @property
    def paying(self) -> tuple[PayCategory, ...]:
        """The categories a paytable must price: all but ``nothing``."""
        return self.categories[:-1]

    def category_index(self, category: PayCategory) -> int:
        return self.categories.index(category)

    def is_wild(self, card: int) -> bool:
        return card == JOKER_INDEX or (card < JOKER_INDEX and card // 4 + 2 in self.wild_ranks)

    @cached_property
    def card_keys(self) -> npt.NDArray[np.int64]:
        """Per card index, the integer it adds to a hand's key."""
        keys = np.zeros(self.deck_size, dtype=np.int64)
        for card in range(self.deck_size):
            if self.is_wild(card):
                keys[card] = 1 << WILD_SHIFT
            else:
                keys[card] = (RANK_WEIGHTS[card // 4] << RANK_SHIFT) | (1 << (SUIT_BITS * (card % 4)))
        return keys

    @cached_property
    def low_offsets(self) -> npt.NDArray[np.int64]:
        """Per value of a key's low field (suit counts and wilds), the table block to read."""
        low = np.arange(LOW_MASK + 1)
        suit_counts = [(low >> (SUIT_BITS * s)) & 7 for s in range(4)]
        wilds = low >> WILD_SHIFT
        flush = (np.max(suit_counts, axis=0) + wilds) == 5
        offsets: npt.NDArray[np.int64] = ((wilds * 2 + flush) * RANK_KEYS).astype(np.int64)
        return offsets

    @cached_property
    def table(self) -> npt.NDArray[np.uint8]:
        """Category index for every (wilds, flush, rank multiset) block, filled from ``classify``."""
        table = np.full(RANK_KEYS * 2 * (self.max_wilds + 1), NO_CATEGORY, dtype=np.uint8)
        for wilds in range(self.max_wilds + 1):
            for naturals in itertools.combinations_with_replacement(range(2, 15), 5 - wilds):
                if max(Counter(naturals).values(), default=0) > 4:
                    continue
                rank_key = sum(RANK_WEIGHTS[r - 2] for r in naturals)
                flushes = (False, True) if len(set(naturals)) == len(naturals) else (False,)
                for flush in flushes:
                    category = self.classify(naturals[::-1], wilds, flush)
                    table[(wilds * 2 + flush) * RANK_KEYS + rank_key] = self.category_index(category)
        return table

    @cached_property
    def _scalar(self) -> tuple[tuple[int, ...], tuple[int, ...], bytes]:
        return (tuple(int(k) for k in self.card_keys), tuple(int(o) for o in self.low_offsets),
                self.table.tobytes())

    def evaluate_index(self, hand: Sequence[int]) -> int:
        """Category index (into ``categories``) of five card indices: the scalar hot path."""
        keys, offsets, table = self._scalar
        a, b, c, d, e = hand
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
        return table[(key >> RANK_SHIFT) + offsets[key & LOW_MASK]]

    def evaluate_batch(self, hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """Category indices of many hands at once: ``hands`` has shape (n, 5) of card indices."""
        cards = np.asarray(hands)
        if cards.ndim != 2 or cards.shape[1] != 5:
            raise ValueError(f"hands must have shape (n, 5), got {cards.shape}")
        keys = self.card_keys
        key = keys.take(cards[:, 0].astype(np.intp))
        for column in range(1, 5):
            key += keys.take(cards[:, column].astype(np.intp))
        return self.category_of_keys(key)

    def category_of_keys(self, key: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
        """Category indices of hands given by their summed card keys (consumes ``key``)."""
        low = key & LOW_MASK
        key >>= RANK_SHIFT
        key += self.low_offsets.take(low)
        return self.table.take(key)


#: The natural hands every high-pair game shares, best first, before its lowest paying pair.
HIGH_HANDS = (C.ROYAL_FLUSH, C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.FLUSH, C.STRAIGHT,
              C.THREE_OF_A_KIND, C.TWO_PAIR)


def high_pair_game(key: str, title: str, pair: PayCategory, lowest_pair: Rank) -> Game:
    return Game(key=key, title=title, categories=(*HIGH_HANDS, pair, C.NOTHING),
                classify=high_pair_rules(lowest_pair))


JACKS_OR_BETTER = high_pair_game("jacks-or-better", "Jacks or Better", C.JACKS_OR_BETTER, Rank.JACK)
TENS_OR_BETTER = high_pair_game("tens-or-better", "Tens or Better", C.TENS_OR_BETTER, Rank.TEN)
GAMES: dict[str, Game] = {game.key: game for game in (JACKS_OR_BETTER, TENS_OR_BETTER)}


def evaluate(hand: Sequence[Card], game: Game = JACKS_OR_BETTER) -> PayCategory:
    """The pay category of five cards under ``game``'s rules."""
    return game.categories[game.evaluate_index([card.index for card in hand])]
