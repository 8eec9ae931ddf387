"""The lookup table that serves every game: a hand's category by one table read, scalar or batch.

A game's rules (:mod:`videopoker.families`) run once per possible rank multiset to fill a table;
the scalar evaluator used in play and the numpy batch evaluator used in analysis both read that
table, so they cannot disagree.  A hand is keyed by adding one integer per card (``card_keys``):
its rank weight (:data:`RANK_WEIGHTS`, chosen so that every multiset of five ranks has its own sum)
shifted past a field that counts cards per suit and wild cards.

Wild cards take whatever value makes the best hand: for each multiset of natural ranks, every
multiset of values for the wilds is tried (all at once, in numpy) and the best category kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

import numpy as np
import numpy.typing as npt

from videopoker.cards import JOKER_INDEX
from videopoker.categories import PayCategory
from videopoker.hands import MadeHands, Test

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
HAND = 5
RANKS = 13

Rule = tuple[PayCategory, Test]


@dataclass(frozen=True, eq=False)
class Game:
    """A family of rules: its categories in paying order with the test for each, and its wild cards.

    ``categories`` is the rules' categories, best first, then ``nothing``.
    """

    key: str
    title: str
    rules: tuple[Rule, ...] = field(repr=False)
    jokers: int = 0
    wild_ranks: frozenset[int] = frozenset()

    @cached_property
    def categories(self) -> tuple[PayCategory, ...]:
        return (*(category for category, _ in self.rules), PayCategory.NOTHING)

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

    @property
    def top(self) -> PayCategory:
        """The best category: the jackpot whose cycle a return table quotes."""
        return self.categories[0]

    def category_index(self, category: PayCategory) -> int:
        return self.categories.index(category)

    def is_wild(self, card: int) -> bool:
        return card == JOKER_INDEX or (card < JOKER_INDEX and card // 4 + 2 in self.wild_ranks)

    def wild_mask(self, cards: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
        """:meth:`is_wild` for an array of card indices at once."""
        cards = np.asarray(cards)
        natural_wild = np.isin(cards // 4 + 2, list(self.wild_ranks)) & (cards < JOKER_INDEX)
        return np.asarray((cards == JOKER_INDEX) | natural_wild, dtype=np.bool_)

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
        flush = (np.max(suit_counts, axis=0) + wilds) == HAND
        offsets: npt.NDArray[np.int64] = ((wilds * 2 + flush) * RANK_KEYS).astype(np.int64)
        return offsets

    def _blocks(self) -> Iterator[tuple[int, bool, npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
        """Every (wilds, suited) block of the table: its natural rank multisets and their rank keys."""
        natural_ranks = [r for r in range(RANKS) if r + 2 not in self.wild_ranks]
        weights = np.array(RANK_WEIGHTS, dtype=np.int64)
        for wilds in range(self.max_wilds + 1):
            naturals = _multisets(natural_ranks, HAND - wilds)
            rank_keys = weights[naturals].sum(axis=1)
            distinct = (np.diff(naturals, axis=1) != 0).all(axis=1)
            yield wilds, False, naturals, rank_keys
            yield wilds, True, naturals[distinct], rank_keys[distinct]  # suited: no rank twice

    @cached_property
    def table(self) -> npt.NDArray[np.uint8]:
        """Category index for every (wilds, flush, natural rank multiset) block, filled from the rules."""
        table = np.full(RANK_KEYS * 2 * (self.max_wilds + 1), NO_CATEGORY, dtype=np.uint8)
        made = _MadeTable(self)
        for wilds, suited, naturals, rank_keys in self._blocks():
            table[(wilds * 2 + suited) * RANK_KEYS + rank_keys] = made.best(naturals, wilds, suited)
        return table

    def adopt_table(self, table: npt.NDArray[np.uint8]) -> bool:
        """Take :attr:`table` from a cache instead of filling it from the rules (0.1–0.2 s).

        The caller names the cache file by a digest of the rules' code, so the table is the one
        the rules would fill; a table of the wrong size or type is refused.  True if taken.
        """
        size = RANK_KEYS * 2 * (self.max_wilds + 1)
        if "table" in self.__dict__ or table.dtype != np.uint8 or table.shape != (size,):
            return False
        self.__dict__["table"] = table  # where cached_property keeps its value
        return True

    @cached_property
    def overlaps(self) -> npt.NDArray[np.bool_]:
        """``overlaps[i, j]``: some hand can make both paying categories i and j (it is paid the better).

        A paytable that pays j more than a better i it overlaps with pays such hands the smaller
        amount; categories no hand can both make (four aces and a straight flush) may pay in any order.
        """
        made = _MadeTable(self)
        both = np.zeros((len(self.rules), len(self.rules)), dtype=np.int64)
        for wilds, suited, naturals, _ in self._blocks():
            reached = made.reachable(naturals, wilds, suited).astype(np.int64)
            both += reached.T @ reached
        return np.greater(both, 0)

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
        if cards.ndim != 2 or cards.shape[1] != HAND:
            raise ValueError(f"hands must have shape (n, 5), got {cards.shape}")
        keys = self.card_keys
        key = keys.take(cards[:, 0].astype(np.intp))
        for column in range(1, HAND):
            key += keys.take(cards[:, column].astype(np.intp))
        return self.category_of_keys(key)

    def category_of_keys(self, key: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
        """Category indices of hands given by their summed card keys (consumes ``key``)."""
        low = key & LOW_MASK
        key >>= RANK_SHIFT
        key += self.low_offsets.take(low)
        return self.table.take(key)


def _multisets(ranks: Sequence[int], size: int, most: int = 4) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` ranks (0..12) from ``ranks``, at most ``most`` of each, one sorted row each."""
    rows = [r for r in itertools.combinations_with_replacement(ranks, size)
            if size == 0 or max(r.count(x) for x in set(r)) <= most]
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


class _MadeTable:
    """The category of every made hand (five definite ranks, up to five alike) under one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ranks = _multisets(range(RANKS), HAND, most=HAND)
        codes = _codes(self.ranks)
        self.order = np.argsort(codes)
        self.codes = codes[self.order]
        counts = np.zeros((len(self.ranks), RANKS), dtype=np.int8)
        for place in range(HAND):
            np.add.at(counts, (np.arange(len(self.ranks)), self.ranks[:, place]), 1)
        self.counts = counts
        self._passes: dict[tuple[int, bool], npt.NDArray[np.bool_]] = {}

    def passes(self, wilds: int, suited: bool) -> npt.NDArray[np.bool_]:
        """Per made hand (row of ``ranks``) and rule, whether the rule's test holds: (n, rules)."""
        if (wilds, suited) not in self._passes:
            n = len(self.counts)
            hands = MadeHands(self.counts, np.full(n, suited), np.full(n, wilds, dtype=np.int8))
            self._passes[wilds, suited] = np.stack([test(hands) for _, test in self.game.rules], axis=1)
        return self._passes[wilds, suited]

    def categories(self, wilds: int, suited: bool) -> npt.NDArray[np.uint8]:
        """Per made hand, the index of the first (best) category whose test holds, else ``nothing``."""
        passes = self.passes(wilds, suited)
        named: npt.NDArray[np.uint8] = np.where(passes.any(axis=1), passes.argmax(axis=1),
                                                passes.shape[1]).astype(np.uint8)
        return named

    def _rows(self, naturals: npt.NDArray[np.int64], wilds: int) -> npt.NDArray[np.intp]:
        """Per natural multiset and per value the wilds can take, the made hand's row: (n, values)."""
        values = _multisets(range(RANKS), wilds, most=HAND)
        codes = _codes(naturals)[:, None] + _codes(values)[None, :]
        rows: npt.NDArray[np.intp] = self.order[np.searchsorted(self.codes, codes)]
        return rows

    def best(self, naturals: npt.NDArray[np.int64], wilds: int, suited: bool) -> npt.NDArray[np.uint8]:
        """For natural rank multisets (n, 5 - wilds): the best category any values of the wilds make."""
        best: npt.NDArray[np.uint8] = self.categories(wilds, suited)[self._rows(naturals, wilds)].min(axis=1)
        return best

    def reachable(self, naturals: npt.NDArray[np.int64], wilds: int, suited: bool) -> npt.NDArray[np.bool_]:
        """For natural rank multisets: every category some values of the wilds make, (n, rules)."""
        return cast(npt.NDArray[np.bool_], self.passes(wilds, suited)[self._rows(naturals, wilds)].any(axis=1))


def _codes(multisets: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """A number per rank multiset, additive over multiset union: a base-6 digit per rank's count."""
    powers = 6 ** np.arange(RANKS, dtype=np.int64)
    return powers[multisets].sum(axis=1) if multisets.shape[1] else np.zeros(len(multisets), dtype=np.int64)
