"""The lookup table that serves every game: a hand's category by one table read, scalar or batch.

A game's definition (:mod:`videopoker.rules.definition`) is compiled once per possible rank
multiset into a table; the scalar evaluator used in play and the numpy batch evaluator used in
analysis both read that table, so they cannot disagree.  A hand is keyed by adding one integer per
card (``card_keys``): its rank weight (:data:`RANK_WEIGHTS`, chosen so that every multiset of five
ranks has its own sum) shifted past a field that counts cards per suit, wild cards and jokers.

Wild cards take whatever value makes the best hand: for each multiset of natural ranks, every
multiset of values for the wilds is tried (all at once, in numpy) and the best entry kept.  Jokers
are counted apart from the other wild cards only so that an entry can tell them apart (four
deuces, not three deuces and the joker).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import cast

import numpy as np
import numpy.typing as npt

from videopoker.deck.cards import FIFTH_ACE_INDEX, JOKER_INDEX, Card
from videopoker.deck.combos import combinations_colex
from videopoker.rules.definition import NOTHING, GameDefinition, HandSpec, Made, PayCategory
from videopoker.rules.hands import MadeHands, made_test, wild_cards_test
from videopoker.rules.order import Placed, placed_hands

#: Multiset-unique rank weights for ranks 2..A: no two multisets of at most five ranks (at most
#: four of each) share a sum.  Found by greedy search (each weight the least that keeps sums
#: unique); ``tests/test_evaluate.py`` checks the property, so the table below stays honest.
RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
RANK_KEYS = 4 * RANK_WEIGHTS[-1] + RANK_WEIGHTS[-2] + 1
#: A deck with a fifth ace deals five aces, whose sum lies past every other: the blocks grow to hold it.
FIVE_ACES_RANK_KEYS = 5 * RANK_WEIGHTS[-1] + 1
#: :attr:`Game.place_ranks` of a joker, past the ace's 12; :attr:`Game.place_suits` of a card of
#: none of the four suits (a joker, the fifth ace).
JOKER_RANK, NO_SUIT = 13, 4
SUIT_BITS = 3  # a suit's count (0..5) in three bits
WILD_SHIFT = 4 * SUIT_BITS     # wild cards in the hand, jokers included (0..5)
JOKER_SHIFT = WILD_SHIFT + 3   # jokers in the hand (0..2)
NAMED_SHIFT = JOKER_SHIFT + 2  # a bit per card a rule names by suit (Black Jack Bonus's Js, Jc), if any
RANK_SHIFT = NAMED_SHIFT       # where the rank weights start in a game that names no card
LOW_MASK = (1 << RANK_SHIFT) - 1
NO_CATEGORY = 255
HAND = 5
RANKS = 13
#: Most hand entries a game may have: every entry is a category index in a byte, and no real
#: game comes near it.
MAX_HANDS = 40

#: Tables filled (or adopted from the cache) in this process, by definition digest: the table
#: depends on nothing else, so a game checked for dead entries, then played and analysed under
#: another key or object, fills it once.
_TABLES: dict[str, npt.NDArray[np.uint8]] = {}


@dataclass(frozen=True, eq=False)
class Game:
    """A game compiled for play and analysis: its categories in paying order and its lookup table.

    ``key`` names it (a game file's stem, or a name made for an inline definition);
    ``categories`` is the hands' keys, best first, then ``nothing``.
    """

    key: str
    definition: GameDefinition
    #: Written in its paytable (not a game file's): the paytable's text is all there is of it.
    inline: bool = False

    @property
    def title(self) -> str:
        return self.definition.title

    @property
    def jokers(self) -> int:
        return self.definition.jokers

    @property
    def wild_ranks(self) -> frozenset[int]:
        return self.definition.wild_ranks

    @property
    def digest(self) -> str:
        return self.definition.digest

    @cached_property
    def categories(self) -> tuple[PayCategory, ...]:
        return (*self.definition.keys, NOTHING)

    @property
    def deck_size(self) -> int:
        return self.definition.deck_size

    def position(self, card: Card) -> int:
        """A card's place in the deck, which the evaluators read (:meth:`GameDefinition.position`)."""
        return self.definition.position(card)

    @cached_property
    def places(self) -> npt.NDArray[np.int64]:
        """:meth:`position` of every card index at once (an index not in the deck: -1), for arrays
        of cards as the ledger keeps them."""
        places = np.full(FIFTH_ACE_INDEX + 1, -1, dtype=np.int64)
        for place, card in enumerate(self.definition.deck):
            places[card.index] = place
        return places

    @cached_property
    def place_ranks(self) -> npt.NDArray[np.int64]:
        """Per place in the deck, its rank 0 (a deuce) .. 12 (an ace), :data:`JOKER_RANK` for a joker:
        what reads a card's rank from its place asks here, since the fifth ace's is not 4 × rank + suit."""
        return np.array([JOKER_RANK if card.rank is None else card.rank - 2 for card in self.definition.deck],
                        dtype=np.int64)

    @cached_property
    def place_suits(self) -> npt.NDArray[np.int64]:
        """Per place in the deck, its suit 0 (clubs) .. 3 (spades), :data:`NO_SUIT` for a joker or the
        fifth ace: a fifth ace is suited with no other card."""
        return np.array([NO_SUIT if card.suit is None else card.index % 4 for card in self.definition.deck],
                        dtype=np.int64)

    @property
    def rank_keys(self) -> int:
        """The size of a table block: one entry per rank key a hand of this deck can have."""
        return FIVE_ACES_RANK_KEYS if self.definition.fifth_ace else RANK_KEYS

    @property
    def named(self) -> tuple[int, ...]:
        """The single cards a rule names by suit, each with its own bit in a hand's key."""
        return self.definition.named_cards

    @property
    def rank_shift(self) -> int:
        """Where a key's rank weights start: past the suit counts, wild cards, jokers and named cards."""
        return NAMED_SHIFT + len(self.named)

    @property
    def low_mask(self) -> int:
        return (1 << self.rank_shift) - 1

    @property
    def max_wilds(self) -> int:
        """The most wild cards one hand can hold."""
        return min(HAND, len(self.definition.wild_card_indices))

    @property
    def max_deck_wilds(self) -> int:
        return min(HAND, self.definition.deck_wilds)

    @property
    def paying(self) -> tuple[PayCategory, ...]:
        """The categories a paytable must price: all but ``nothing``."""
        return self.categories[:-1]

    @property
    def top(self) -> PayCategory:
        """The best category: the jackpot whose cycle a return table quotes."""
        return self.categories[0]

    @property
    def hands(self) -> tuple[HandSpec, ...]:
        return self.definition.hands

    def spec(self, category: PayCategory) -> HandSpec | None:
        return self.definition.spec(category)

    def label(self, category: PayCategory) -> str:
        """The machine's name for a category (``4 ACES + 2-4``, ``NOTHING``)."""
        return self.definition.label(category)

    def short(self, category: PayCategory) -> str:
        """A column heading for a category where space is tight (``FH``)."""
        return self.definition.short(category)

    def category_index(self, category: PayCategory) -> int:
        return self.categories.index(category)

    def is_wild(self, card: int) -> bool:
        return card in self.definition.wild_card_indices

    def wild_mask(self, cards: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
        """:meth:`is_wild` for an array of card indices at once."""
        wild = np.zeros(self.deck_size, dtype=np.bool_)
        wild[sorted(self.definition.wild_card_indices)] = True
        return cast(npt.NDArray[np.bool_], wild[np.asarray(cards, dtype=np.intp)])

    @cached_property
    def card_keys(self) -> npt.NDArray[np.int64]:
        """Per card index, the integer it adds to a hand's key."""
        keys = np.zeros(self.deck_size, dtype=np.int64)
        for card in range(self.deck_size):
            if self.definition.deck[card].is_fifth_ace:  # an ace of no suit of the four: never in a flush
                keys[card] = RANK_WEIGHTS[-1] << self.rank_shift
            elif card >= JOKER_INDEX:
                keys[card] = (1 << WILD_SHIFT) | (1 << JOKER_SHIFT)
            elif self.is_wild(card):
                keys[card] = 1 << WILD_SHIFT
            else:
                keys[card] = (RANK_WEIGHTS[card // 4] << self.rank_shift) | (1 << (SUIT_BITS * (card % 4)))
                if card in self.named:
                    keys[card] |= 1 << (NAMED_SHIFT + self.named.index(card))
        return keys

    def _block(self, jokers: int, deck_wilds: int, suited: bool, named: int) -> int:
        """The table block of hands with these wild cards, suited or not, holding these named cards."""
        return (((jokers * (self.max_deck_wilds + 1) + deck_wilds) * 2 + suited) << len(self.named)) + named

    @property
    def _block_count(self) -> int:
        return (self.jokers + 1) * (self.max_deck_wilds + 1) * 2 << len(self.named)

    @cached_property
    def low_offsets(self) -> npt.NDArray[np.int64]:
        """Per value of a key's low field (suit counts, wilds, jokers), the table block to read.

        Every command that judges a hand builds this (131,072 entries): int32 and in place, about a
        millisecond, where the first way took six.
        """
        low = np.arange(self.low_mask + 1, dtype=np.int32)
        most = low & 7
        for suit in range(1, 4):
            np.maximum(most, (low >> (SUIT_BITS * suit)) & 7, out=most)
        wilds = (low >> WILD_SHIFT) & 7
        jokers = (low >> JOKER_SHIFT) & 3
        named = low >> NAMED_SHIFT
        flush = (most + wilds) == HAND
        deck_wilds = np.clip(wilds - jokers, 0, self.max_deck_wilds)
        np.minimum(jokers, self.jokers, out=jokers)
        block = (((jokers * (self.max_deck_wilds + 1) + deck_wilds) * 2 + flush) << len(self.named)) + named
        offsets: npt.NDArray[np.int64] = block.astype(np.int64) * self.rank_keys
        return offsets

    def _blocks(self) -> Iterator[tuple[int, int, bool, int, npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
        """Every (jokers, other wilds, suited, named cards held) block a hand can be in: its natural
        rank multisets and their rank keys."""
        natural_ranks = [r for r in range(RANKS) if r + 2 not in self.wild_ranks]
        weights = np.array(RANK_WEIGHTS, dtype=np.int64)
        for jokers in range(self.jokers + 1):
            for deck_wilds in range(min(self.max_deck_wilds, HAND - jokers) + 1):
                naturals = _multisets(natural_ranks, HAND - jokers - deck_wilds)
                if self.definition.fifth_ace and not jokers + deck_wilds:
                    naturals = np.concatenate([naturals, np.full((1, HAND), RANKS - 1)])  # five aces
                rank_keys = weights[naturals].sum(axis=1)
                distinct = (np.diff(naturals, axis=1) != 0).all(axis=1)
                for named in range(1 << len(self.named)):
                    held = [card for bit, card in enumerate(self.named) if named >> bit & 1]
                    fits = _holds_ranks(naturals, held)
                    yield jokers, deck_wilds, False, named, naturals[fits], rank_keys[fits]
                    if len({card % 4 for card in held}) <= 1:  # suited: no rank twice, one suit
                        yield jokers, deck_wilds, True, named, naturals[fits & distinct], rank_keys[fits & distinct]

    @cached_property
    def table(self) -> npt.NDArray[np.uint8]:
        """Category index for every (jokers, wilds, flush, natural rank multiset), filled from the hands."""
        known = _TABLES.get(self.digest)
        if known is not None:
            return known
        table = np.full(self.rank_keys * self._block_count, NO_CATEGORY, dtype=np.uint8)
        made = _MadeTable(self)
        for jokers, deck_wilds, suited, named, naturals, rank_keys in self._blocks():
            block = self._block(jokers, deck_wilds, suited, named)
            table[block * self.rank_keys + rank_keys] = made.best(naturals, jokers, deck_wilds, suited, named)
        _TABLES[self.digest] = table
        return table

    def adopt_table(self, table: npt.NDArray[np.uint8]) -> bool:
        """Take :attr:`table` from a cache instead of filling it from the hands.

        The caller names the cache file by the definition's digest and checks the file's own
        digest, so the table is the one the hands would fill; one of the wrong size or type is
        refused.  True if taken.
        """
        size = self.rank_keys * self._block_count
        if "table" in self.__dict__ or table.dtype != np.uint8 or table.shape != (size,):
            return False
        self.__dict__["table"] = _TABLES.setdefault(self.digest, table)  # where cached_property keeps it
        return True

    @cached_property
    def overlaps(self) -> npt.NDArray[np.bool_]:
        """``overlaps[i, j]``: some hand can make both paying categories i and j (it is paid the better).

        A paytable that pays j more than a better i it overlaps with pays such hands the smaller
        amount; categories no hand can both make (four aces and a straight flush) may pay in any order.
        """
        made = _MadeTable(self)
        entries = len(self.hands)
        both = np.zeros((entries, entries), dtype=np.int64)
        for jokers, deck_wilds, suited, named, naturals, _ in self._blocks():
            reached = made.reachable(naturals, jokers, deck_wilds, suited, named).astype(np.int64)
            both += reached.T @ reached
        if self.placed is not None:  # a hand in place is also the hand its cards make as a set
            np.add.at(both, (self.placed.entries, self.placed.bases), 1)
            np.add.at(both, (self.placed.bases, self.placed.entries), 1)
        return np.greater(both, 0)

    @cached_property
    def placed(self) -> Placed | None:
        """The hands in place its ordered entries pay (None: no entry asks for an order)."""
        return placed_hands(self) if self.definition.ordered else None

    @cached_property
    def _scalar(self) -> tuple[tuple[int, ...], tuple[int, ...], bytes, int, int, Placed | None]:
        return (tuple(int(k) for k in self.card_keys), tuple(int(o) for o in self.low_offsets),
                self.table.tobytes(), self.rank_shift, self.low_mask, self.placed)

    def evaluate_index(self, hand: Sequence[int]) -> int:
        """Category index (into ``categories``) of five card indices in their places on the glass,
        left to right (only an ordered entry reads the places): the scalar hot path."""
        keys, offsets, table, shift, mask, placed = self._scalar
        a, b, c, d, e = hand
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
        index = table[(key >> shift) + offsets[key & mask]]
        return index if placed is None else placed.entry_of((a, b, c, d, e), index)

    def evaluate_batch(self, hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """Category indices of many hands at once as sets of cards (an ordered entry never: the
        analysis adds the hands in place apart): ``hands`` has shape (n, 5) of card indices."""
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
        low = key & self.low_mask
        key >>= self.rank_shift
        key += self.low_offsets.take(low)
        return self.table.take(key)


def _holds_ranks(naturals: npt.NDArray[np.int64], cards: list[int]) -> npt.NDArray[np.bool_]:
    """Which natural rank multisets have room for ``cards`` (named cards held): each card's rank as
    often as the cards name it."""
    fits: npt.NDArray[np.bool_] = np.ones(len(naturals), dtype=bool)
    for rank in {card // 4 for card in cards}:
        needed = sum(1 for card in cards if card // 4 == rank)
        fits &= (naturals == rank).sum(axis=1) >= needed
    return fits


def _multisets(ranks: Iterable[int], size: int, most: int = 4) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` ranks (0..12) from ``ranks``, at most ``most`` of each, one sorted row each,
    in the order ``itertools.combinations_with_replacement`` gives them.

    A multiset of k picks from n is a k-subset of n + k - 1 with the i-th element lowered by i
    (stars and bars), so the rows come from :func:`combinations_colex` at numpy speed: every
    command that judges a hand fills its lookup table from these (a quarter of the time the
    Python generator took).
    """
    chosen = np.fromiter(ranks, dtype=np.int64)
    picks = combinations_colex(len(chosen) + size - 1, size).astype(np.int64) - np.arange(size)
    if size > 1:
        picks = picks[np.lexsort(picks.T[::-1])]
    if size > most:  # sorted rows: more than ``most`` alike puts one rank ``most`` places apart
        picks = picks[~(picks[:, most:] == picks[:, :size - most]).any(axis=1)]
    rows: npt.NDArray[np.int64] = chosen[picks].reshape(len(picks), size)
    return rows


class _MadeTable:
    """The entry of every made hand (five definite ranks, up to five alike) under one game."""

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
        hands = game.hands
        self.made = [(index, made_test(spec)) for index, spec in enumerate(hands)
                     if spec.made is not Made.WILD_CARDS and spec.order is None]  # order: see rules.order
        self.wild_entries = [(index, spec) for index, spec in enumerate(hands) if spec.made is Made.WILD_CARDS]
        self.nothing = len(hands)
        self._passes: dict[tuple[int, bool, int], npt.NDArray[np.bool_]] = {}
        self._best: dict[tuple[int, bool, int], npt.NDArray[np.uint8]] = {}

    def passes(self, wilds: int, suited: bool, named: int = 0) -> npt.NDArray[np.bool_]:
        """Per made hand (row of ``ranks``) and made entry, whether its test holds: (n, made entries).

        A test sees how many cards were wild (``natural``, ``count``) and which named cards the hand
        holds, so one set per count and named cards is kept.
        """
        if (wilds, suited, named) not in self._passes:
            n = len(self.counts)
            hands = MadeHands(self.counts, np.full(n, suited), np.full(n, wilds, dtype=np.int8),
                              np.full(n, named, dtype=np.int64), self.game.named)
            columns = [test(hands) for _, test in self.made] or [np.zeros(n, dtype=bool)]
            self._passes[wilds, suited, named] = np.stack(columns, axis=1)[:, :len(self.made)]
        return self._passes[wilds, suited, named]

    def categories(self, wilds: int, suited: bool, named: int = 0) -> npt.NDArray[np.uint8]:
        """Per made hand, the index of the first (best) made entry whose test holds, else ``nothing``."""
        passes = self.passes(wilds, suited, named)
        indices = np.array([index for index, _ in self.made] + [self.nothing], dtype=np.uint8)
        first = np.where(passes.any(axis=1), passes.argmax(axis=1), passes.shape[1])
        chosen: npt.NDArray[np.uint8] = indices[first]
        return chosen

    def _rows(self, naturals: npt.NDArray[np.int64], wilds: int) -> npt.NDArray[np.intp]:
        """Per natural multiset and per value the wilds can take, the made hand's row: (n, values)."""
        values = _multisets(range(RANKS), wilds, most=HAND)
        codes = _codes(naturals)[:, None] + _codes(values)[None, :]
        rows: npt.NDArray[np.intp] = self.order[np.searchsorted(self.codes, codes)]
        return rows

    def _made_best(self, naturals: npt.NDArray[np.int64], wilds: int, suited: bool,
                   named: int) -> npt.NDArray[np.uint8]:
        key = (wilds, suited, named)
        if key not in self._best:  # the same naturals in every split of the wilds into jokers and others
            self._best[key] = self.categories(wilds, suited, named)[self._rows(naturals, wilds)].min(axis=1)
        return self._best[key]

    def best(self, naturals: npt.NDArray[np.int64], jokers: int, deck_wilds: int,
             suited: bool, named: int = 0) -> npt.NDArray[np.uint8]:
        """For natural rank multisets (n, 5 - wilds): the best entry any values of the wilds make."""
        wilds = jokers + deck_wilds
        best: npt.NDArray[np.uint8] = self._made_best(naturals, wilds, suited, named)
        for index, spec in self.wild_entries:
            holds = wild_cards_test(spec, naturals, wilds, jokers)
            best = np.where(holds, np.minimum(best, index), best).astype(np.uint8)
        return best

    def reachable(self, naturals: npt.NDArray[np.int64], jokers: int, deck_wilds: int,
                  suited: bool, named: int = 0) -> npt.NDArray[np.bool_]:
        """For natural rank multisets: every entry some values of the wilds make, (n, entries)."""
        wilds = jokers + deck_wilds
        reached = np.zeros((len(naturals), self.nothing), dtype=bool)
        made = self.passes(wilds, suited, named)[self._rows(naturals, wilds)].any(axis=1)
        reached[:, [index for index, _ in self.made]] = made
        for index, spec in self.wild_entries:
            reached[:, index] = wild_cards_test(spec, naturals, wilds, jokers)
        return reached


def _codes(multisets: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """A number per rank multiset, additive over multiset union: a base-6 digit per rank's count."""
    powers = 6 ** np.arange(RANKS, dtype=np.int64)
    return powers[multisets].sum(axis=1) if multisets.shape[1] else np.zeros(len(multisets), dtype=np.int64)

