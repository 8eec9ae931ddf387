"""What every draw can make, counted once per game family and reused for any pays.

For each card subset U of size 0..5, ``subset_counts[|U|][rank(U)]`` counts the five-card hands
of each category that contain U.  For a dealt hand H and a hold S ⊆ H, the final hands reachable
by drawing are those that contain S and none of H \\ S; inclusion–exclusion over the discards
gives their counts from the table without enumerating a single draw:

    outcomes(S) = sum over S ⊆ T ⊆ H of (-1)^|T \\ S| · subset_counts(T)

Done for all 32 holds at once, that sum is a Möbius transform over the subsets of H.  The dealt
hands are reduced to one per class of hands equal up to renaming suits (134,459 for 52 cards),
weighted by the size of the class.  Where single cards are wild (one-eyed jacks: Js, Jh), only the
renamings that keep the wild cards wild are symmetries of the game, and the classes are finer.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from math import comb, factorial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.cache import cache_file, load_arrays, save_arrays
from videopoker.combos import BINOMIAL, combinations_colex, drop_one_ranks
from videopoker.evaluate import Game

HAND = 5
HOLDS = 1 << HAND

#: Number of held cards for each hold mask (bit i set: the card at place i is kept).
HELD_COUNT = np.array([bin(mask).count("1") for mask in range(HOLDS)], dtype=np.int64)

Progress = Callable[[float, str], None]


def _quiet(fraction: float, stage: str) -> None:
    """The progress callback used when nobody listens."""


@dataclass
class DrawTables:
    """Pay-independent counts for one game family: the part worth caching."""

    game: Game
    subset_counts: list[npt.NDArray[np.int64]]   # k -> (C(deck, k), categories), k = 0..4
    class_hands: npt.NDArray[np.uint8]            # one sorted hand per suit class
    class_weights: npt.NDArray[np.int64]          # hands in each class
    _class_ranks: npt.NDArray[np.int64] | None = None
    _subset_floats: list[npt.NDArray[np.float64]] | None = None
    _class_categories: npt.NDArray[np.intp] | None = None

    @property
    def draw_counts(self) -> npt.NDArray[np.int64]:
        """Per hold mask, how many equally likely draws it has: C(deck - 5, 5 - held)."""
        unseen = self.game.deck_size - HAND
        return np.array([comb(unseen, HAND - int(n)) for n in HELD_COUNT], dtype=np.int64)

    @property
    def subset_floats(self) -> list[npt.NDArray[np.float64]]:
        """The subset counts as float64, ready for a BLAS product with pays (exact below 2**53)."""
        if self._subset_floats is None:
            self._subset_floats = [counts.astype(np.float64) for counts in self.subset_counts[:HAND]]
        return self._subset_floats

    @property
    def class_categories(self) -> npt.NDArray[np.intp]:
        """The category of every class representative as dealt (the hold-everything outcome)."""
        if self._class_categories is None:
            self._class_categories = self.game.evaluate_batch(self.class_hands).astype(np.intp)
        return self._class_categories

    @property
    def class_ranks(self) -> npt.NDArray[np.int64]:
        """Ranks of every hold of every class representative, shape (32, classes)."""
        if self._class_ranks is None:
            self._class_ranks = hold_ranks(self.class_hands)
        return self._class_ranks

    def hold_outcomes(self, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        """For sorted dealt hands (n, 5): outcome counts (32, n, categories) of every hold."""
        ranks = hold_ranks(hands)
        outcomes = np.empty((HOLDS, len(hands), len(self.game.categories)), dtype=np.int64)
        for mask in range(HOLDS - 1):
            outcomes[mask] = self.subset_counts[HELD_COUNT[mask]][ranks[mask]]
        outcomes[HOLDS - 1] = 0
        outcomes[HOLDS - 1, np.arange(len(hands)), self.game.evaluate_batch(hands)] = 1
        mobius_over_discards(outcomes)
        return outcomes

    def hold_values(self, pays: npt.NDArray[np.float64], hands: npt.NDArray[np.uint8],
                    ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """Total pay over all draws of every hold, shape (32, n): exact integers in float64.

        Pays are weighed in before the inclusion–exclusion, which is linear, so it runs on one
        number per subset instead of one per category: this is what makes a re-solve cheap.
        """
        subset_values = [counts @ pays for counts in self.subset_floats]
        values = np.empty((HOLDS, len(hands)), dtype=np.float64)
        for mask in range(HOLDS - 1):
            values[mask] = subset_values[HELD_COUNT[mask]].take(ranks[mask])
        dealt = self.class_categories if hands is self.class_hands else self.game.evaluate_batch(hands)
        values[HOLDS - 1] = pays.take(dealt.astype(np.intp))
        mobius_over_discards(values)
        return values


def hold_ranks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """For sorted hands (n, 5), the colex rank of each hold's cards among subsets of its size."""
    columns = [hands[:, place].astype(np.intp) for place in range(HAND)]
    terms = {(place, slot): BINOMIAL[slot + 1].take(columns[place])
             for place in range(HAND) for slot in range(place + 1)}
    ranks = np.zeros((HOLDS, len(hands)), dtype=np.int64)
    for mask in range(HOLDS):
        places = [p for p in range(HAND) if mask >> p & 1]
        for slot, place in enumerate(places):
            ranks[mask] += terms[place, slot]
    return ranks


def mobius_over_discards(by_hold: npt.NDArray[np.int64] | npt.NDArray[np.float64]) -> None:
    """Turn "hands containing S" into "hands containing S and no other dealt card", in place.

    ``by_hold`` has the 32 holds first; a hold's bit p keeps the card at place p.
    """
    cube = by_hold.reshape((2,) * HAND + by_hold.shape[1:])
    for axis in range(HAND):
        dropped: list[int | slice] = [slice(None)] * cube.ndim
        kept: list[int | slice] = [slice(None)] * cube.ndim
        dropped[axis], kept[axis] = 0, 1
        cube[tuple(dropped)] -= cube[tuple(kept)]


def build_draw_tables(game: Game, progress: Progress = _quiet) -> DrawTables:
    """Count, from scratch, what every subset of up to five cards can become."""
    progress(0.0, "four-card subsets")
    counts: list[npt.NDArray[np.int64]] = [np.empty(0, np.int64)] * (HAND + 1)
    counts[4] = _four_card_counts(game, progress)
    progress(0.4, "smaller subsets")
    for size in range(3, -1, -1):
        counts[size] = _shrink_counts(counts[size + 1], game.deck_size, size)
    progress(0.5, "suit classes")
    class_hands, class_weights = suit_classes(game.deck_size, suit_symmetries(game))
    return DrawTables(game, counts, class_hands, class_weights)


def _four_card_counts(game: Game, progress: Progress) -> npt.NDArray[np.int64]:
    """Per four-card subset, the hands of each category made by adding each other card.

    Renaming suits (by the game's :func:`suit_symmetries`) changes no category, so only one subset
    per suit class is counted (about one in fifteen); the others copy its row.  The counting makes
    one pass per added card: a hand's key is the subset's key plus the card's, so each hand is
    judged by a table lookup.
    """
    deck, categories = game.deck_size, len(game.categories)
    fours = combinations_colex(deck, 4)
    _, first, classes = np.unique(suit_class_keys(fours, suit_symmetries(game)), return_index=True,
                                  return_inverse=True)
    reps = fours[first]
    keys = game.card_keys
    columns = [reps[:, place].astype(np.intp) for place in range(4)]
    rep_keys = keys.take(columns[0]) + keys.take(columns[1]) + keys.take(columns[2]) + keys.take(columns[3])
    slots = categories + 1  # the last slot takes the subsets that already hold the added card
    counts = np.zeros(len(reps) * slots, dtype=np.int64)
    row_base = np.arange(len(reps), dtype=np.int64) * slots
    some_hand = int(keys[:HAND].sum())  # looked up in place of a "hand" holding a card twice
    for card in range(deck):
        twice = (reps == card).any(axis=1)
        category = game.category_of_keys(np.where(twice, some_hand, rep_keys + keys[card])).astype(np.int64)
        category[twice] = categories
        counts[row_base + category] += 1
        progress(0.4 * (card + 1) / deck, "four-card subsets")
    return counts.reshape(-1, slots)[:, :categories][classes]


Symmetries = tuple[tuple[int, ...], ...] | None


def suit_symmetries(game: Game) -> Symmetries:
    """The renamings of suits that leave the game as it is (``sigma[s]`` is suit s's new name), or
    None when every renaming does: only single wild cards (Js, Jh) can tell suits apart."""
    wild = game.definition.wild_cards
    if not wild:
        return None
    kept = tuple(sigma for sigma in itertools.permutations(range(4))
                 if {card // 4 * 4 + sigma[card % 4] for card in wild} == set(wild))
    return None if len(kept) == 24 else kept


def suit_masks(subsets: npt.NDArray[np.uint8]) -> list[npt.NDArray[np.int64]]:
    """Per suit (clubs to spades), the 13-bit mask of the ranks each subset holds in it."""
    bits = np.array([1 << (card // 4 + 16 * (card % 4)) if card < 52 else 0 for card in range(54)],
                    dtype=np.int64)
    packed = np.zeros(len(subsets), dtype=np.int64)
    for place in range(subsets.shape[1]):
        packed += bits.take(subsets[:, place].astype(np.intp))
    return [(packed >> (16 * suit)) & 0xFFFF for suit in range(4)]


def suit_class_keys(subsets: npt.NDArray[np.uint8], symmetries: Symmetries = None) -> npt.NDArray[np.int64]:
    """A number shared by exactly the subsets that are equal up to renaming suits (every renaming,
    or only ``symmetries``), and holding as many jokers (the two jokers are alike)."""
    masks = suit_masks(subsets)
    jokers = (subsets >= 52).sum(axis=1).astype(np.int64) << 52

    def key(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64], c: npt.NDArray[np.int64],
            d: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        packed: npt.NDArray[np.int64] = jokers | (d << 39) | (c << 26) | (b << 13) | a
        return packed

    if symmetries is not None:  # the least key over the renamings the game allows
        keys = np.full(len(subsets), np.iinfo(np.int64).max, dtype=np.int64)
        for sigma in symmetries:
            np.minimum(keys, key(*(masks[sigma[s]] for s in range(4))), out=keys)
        return keys
    a, b, c, d = masks
    for low, high in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):  # a sorting network on 4 values
        pair = [a, b, c, d]
        pair[low], pair[high] = np.minimum(pair[low], pair[high]), np.maximum(pair[low], pair[high])
        a, b, c, d = pair
    return key(a, b, c, d)


def _shrink_counts(larger: npt.NDArray[np.int64], deck: int, size: int) -> npt.NDArray[np.int64]:
    """Counts for ``size``-subsets from those of (size + 1)-subsets.

    A hand that holds a k-subset holds 5 - k of its (k + 1)-supersets, hence the division.
    """
    categories = larger.shape[1]
    if size == 0:
        total: npt.NDArray[np.int64] = larger.sum(axis=0, keepdims=True) // HAND
        return total
    targets = drop_one_ranks(combinations_colex(deck, size + 1)).ravel()
    summed = np.stack([np.bincount(targets, weights=np.tile(larger[:, c], size + 1),
                                   minlength=comb(deck, size)) for c in range(categories)], axis=1)
    return np.rint(summed).astype(np.int64) // (HAND - size)


def suit_classes(deck: int, symmetries: Symmetries = None,
                 chunk: int = 1 << 16) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """One representative per class of hands equal up to renaming suits, and the class sizes.

    A hand's suits, as 13-bit rank masks, are a multiset; renaming suits permutes them.  Exactly
    one hand per class has masks that do not increase from clubs to spades, and the class has
    4! / (product of factorials of equal-mask runs) members.  With only some renamings allowed
    (``symmetries``), hands are grouped by their least key instead.
    """
    hands = combinations_colex(deck, HAND)
    if symmetries is not None:
        keys = np.concatenate([suit_class_keys(hands[start:start + chunk], symmetries)
                               for start in range(0, len(hands), chunk)])
        _, first, sizes = np.unique(keys, return_index=True, return_counts=True)
        return hands[first], sizes.astype(np.int64)
    weight_of_pattern = np.array([_class_size(p) for p in range(8)], dtype=np.int64)
    representatives, weights = [], []
    for start in range(0, len(hands), chunk):
        block = hands[start:start + chunk]
        masks = suit_masks(block)
        canonical = (masks[0] >= masks[1]) & (masks[1] >= masks[2]) & (masks[2] >= masks[3])
        pattern = sum((masks[s][canonical] == masks[s + 1][canonical]).astype(np.intp) << (2 - s)
                      for s in range(3))
        representatives.append(block[canonical])
        weights.append(weight_of_pattern.take(pattern))
    return np.concatenate(representatives), np.concatenate(weights)


def _class_size(pattern: int) -> int:
    """Distinct suit renamings of a hand whose sorted masks tie where ``pattern``'s bits say."""
    runs, run = [], 1
    for bit in (4, 2, 1):
        if pattern & bit:
            run += 1
        else:
            runs.append(run)
            run = 1
    runs.append(run)
    size = factorial(4)
    for length in runs:
        size //= factorial(length)
    return size


# -- caching: in memory for the process, on disk across runs ------------------------------------

_MEMORY: dict[str, DrawTables] = {}


def _cache_folder(game: Game) -> Path:
    return cache_file("draws", game, "d")


ARRAYS = [*(f"counts{k}" for k in range(HAND)), "class_hands", "class_weights", "table"]


def tables_ready(game: Game) -> bool:
    """Whether the family's tables are in memory, so a hint or a judged hold takes a millisecond."""
    return game.digest in _MEMORY


def draw_tables(game: Game, progress: Progress = _quiet) -> DrawTables:
    """The family's tables: from memory, else from the disk cache, else built (and saved)."""
    if game.digest in _MEMORY:
        return _MEMORY[game.digest]
    folder = _cache_folder(game)
    tables = _load(game, folder)
    if tables is None:
        tables = build_draw_tables(game, progress)
        _save(tables, folder)
    _MEMORY[game.digest] = tables
    return tables


def _load(game: Game, folder: Path) -> DrawTables | None:
    """The cached tables, memory-mapped (a hint reads a few pages of them, not 10–30 MB), and the
    game's lookup table with them, so it is not filled again."""
    arrays = load_arrays(folder, ARRAYS)
    if arrays is None:
        return None  # no cache yet, or a damaged one: rebuild, it is only a cache
    counts = [arrays[f"counts{k}"] for k in range(HAND)]
    shapes = [(comb(game.deck_size, k), len(game.categories)) for k in range(HAND)]
    if [c.shape for c in counts] != shapes or arrays["class_hands"].shape[1:] != (HAND,):
        return None
    game.adopt_table(np.asarray(arrays["table"]))
    return DrawTables(game, [*counts, np.empty(0, np.int64)], arrays["class_hands"], arrays["class_weights"])


def _save(tables: DrawTables, folder: Path) -> None:
    arrays: dict[str, Any] = {f"counts{k}": tables.subset_counts[k].astype(np.int32) for k in range(HAND)}
    arrays |= {"class_hands": tables.class_hands, "class_weights": tables.class_weights, "table": tables.game.table}
    save_arrays(folder, arrays)
