"""What every draw can make, counted once per game family and reused for any pays.

For each card subset U of size 0..5, ``subset_counts[|U|][rank(U)]`` counts the five-card hands
of each category that contain U.  For a dealt hand H and a hold S ⊆ H, the final hands reachable
by drawing are those that contain S and none of H \\ S; inclusion–exclusion over the discards
gives their counts from the table without enumerating a single draw:

    outcomes(S) = sum over S ⊆ T ⊆ H of (-1)^|T \\ S| · subset_counts(T)

Done for all 32 holds at once, that sum is a Möbius transform over the subsets of H.  The dealt
hands are reduced to one per class of hands equal up to renaming suits (:mod:`videopoker.deck.suits`),
weighted by the size of the class.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb, lcm
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.cache import cache_file, load_arrays, save_arrays
from videopoker.deck.combos import BINOMIAL, combinations_colex, drop_one_ranks
from videopoker.deck.suits import suit_class_keys, suit_classes
from videopoker.errors import VideoPokerError
from videopoker.rules.evaluate import Game

HAND = 5
HOLDS = 1 << HAND

BINOMIAL32 = BINOMIAL.astype(np.int32)

#: Number of held cards for each hold mask (bit i set: the card at place i is kept).
HELD_COUNT = np.array([bin(mask).count("1") for mask in range(HOLDS)], dtype=np.int64)
#: Holds in the order ties are broken: more cards kept first, then by mask (bit p keeps the p-th
#: lowest card by index, 2c lowest, As highest), lowest first.  Hints rank ties the same way.
TIE_ORDER = tuple(sorted(range(HOLDS), key=lambda mask: (-int(HELD_COUNT[mask]), mask)))

Progress = Callable[[float, str], None]


def _quiet(fraction: float, stage: str) -> None:
    """The progress callback used when nobody listens."""


def sets_only(game: Game) -> None:
    """Refuse, in one line, to weigh a game of places as sets of cards: what plays one best hold per
    class of dealt hands (charts, simulation, sweeps) would pay its hands in place as sets."""
    if game.placed is not None:
        raise VideoPokerError(f"{game.title} pays some hands only in their places on the glass, and this "
                              "weighs the cards as sets; `analyze`, `hint`, `bankroll` and the machine read the places")


@dataclass
class DrawTables:
    """Pay-independent counts for one game family: the part worth caching."""

    game: Game
    subset_counts: list[npt.NDArray[np.int64]]   # k -> (C(deck, k), categories), k = 0..4
    class_hands: npt.NDArray[np.uint8]            # one sorted hand per suit class
    class_weights: npt.NDArray[np.int64]          # hands in each class
    _subset_floats: list[npt.NDArray[np.float64]] | None = None
    _class_categories: npt.NDArray[np.intp] | None = None

    @property
    def draw_counts(self) -> npt.NDArray[np.int64]:
        """Per hold mask, how many equally likely draws it has: C(deck - 5, 5 - held)."""
        unseen = self.game.deck_size - HAND
        return np.array([comb(unseen, HAND - int(n)) for n in HELD_COUNT], dtype=np.int64)

    @property
    def common_draws(self) -> int:
        """The lcm of the holds' draw counts: the common denominator every hold's value is put on,
        so that holds drawing different numbers of cards compare exactly."""
        return lcm(*self.draw_counts.tolist())

    @property
    def draw_scale(self) -> npt.NDArray[np.int64]:
        """Per hold mask, :attr:`common_draws` over its own draw count."""
        scale: npt.NDArray[np.int64] = self.common_draws // self.draw_counts
        return scale

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

    def class_chunks(self, size: int = 1 << 14) -> Iterator[ClassChunk]:
        """The dealt-hand classes a few thousand at a time, with each hold's ranks: the work on a
        chunk stays in the processor's cache, where all 700,000 classes of a suited-wild game at
        once would be 360 MB of ranks and values, built and read from memory."""
        sets_only(self.game)
        categories = self.class_categories
        for start in range(0, len(self.class_hands), size):
            hands = self.class_hands[start:start + size]
            yield ClassChunk(slice(start, start + len(hands)), hold_ranks(hands), categories[start:start + size])

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

    def paid(self, pays: npt.NDArray[np.float64]) -> PaidDraws:
        """The tables weighed by ``pays`` (total paid per category): once per solve, not per chunk."""
        return PaidDraws(pays, [counts @ pays for counts in self.subset_floats])


@dataclass(frozen=True)
class PaidDraws:
    """What every subset of up to four cards pays over the hands that hold it, for one pay vector.

    Pays are weighed in before the inclusion–exclusion, which is linear, so it runs on one number
    per subset instead of one per category: this is what makes a re-solve cheap.
    """

    pays: npt.NDArray[np.float64]
    subset_values: list[npt.NDArray[np.float64]]

    def hold_values(self, ranks: npt.NDArray[np.int32], dealt: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """Total pay over all draws of every hold, shape (32, n): exact integers in float64, for
        hands whose :func:`hold_ranks` are ``ranks`` and whose categories as dealt are ``dealt``."""
        values = np.empty(ranks.shape, dtype=np.float64)
        for mask in range(HOLDS - 1):
            self.subset_values[HELD_COUNT[mask]].take(ranks[mask], out=values[mask])
        values[HOLDS - 1] = self.pays.take(dealt)
        mobius_over_discards(values)
        return values


@dataclass(frozen=True)
class ClassChunk:
    """Some dealt-hand classes (consecutive ones, or a few picked out of them): which they are, their
    holds' ranks, their categories."""

    classes: slice | npt.NDArray[np.intp]
    ranks: npt.NDArray[np.int32]     # (32, n)
    dealt: npt.NDArray[np.intp]      # (n,)


def picked(chunk: ClassChunk, chosen: npt.NDArray[np.bool_] | npt.NDArray[np.intp]) -> ClassChunk:
    """The classes of ``chunk`` that ``chosen`` marks (or places, a class more than once if placed
    so), as a chunk of their own."""
    assert isinstance(chunk.classes, slice)
    classes = np.arange(chunk.classes.start, chunk.classes.stop)[chosen]
    return ClassChunk(classes, chunk.ranks[:, chosen], chunk.dealt[chosen])


def hold_ranks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """For sorted hands (n, 5), the colex rank of each hold's cards among subsets of its size.

    A hold's rank is the rank of the hold without its highest card plus that card's term, so each
    of the 31 ranks is one addition (int32: C(54, 5) < 2**31, and half the memory to stream).
    """
    columns = [hands[:, place].astype(np.intp) for place in range(HAND)]
    ranks = np.zeros((HOLDS, len(hands)), dtype=np.int32)
    for mask in range(1, HOLDS):
        top = mask.bit_length() - 1
        slot = int(HELD_COUNT[mask]) - 1
        np.add(ranks[mask ^ (1 << top)], BINOMIAL32[slot + 1].take(columns[top]), out=ranks[mask])
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
    class_hands, class_weights = suit_classes(game.deck_size, game.definition.symmetries)
    return DrawTables(game, counts, class_hands, class_weights)


def _four_card_counts(game: Game, progress: Progress) -> npt.NDArray[np.int64]:
    """Per four-card subset, the hands of each category made by adding each other card.

    Renaming suits (by the game's
    :attr:`~videopoker.rules.definition.GameDefinition.symmetries`) changes no category, so only one subset
    per suit class is counted (about one in fifteen); the others copy its row.  The counting makes
    one pass per added card: a hand's key is the subset's key plus the card's, so each hand is
    judged by a table lookup.
    """
    deck, categories = game.deck_size, len(game.categories)
    fours = combinations_colex(deck, 4)
    keys = suit_class_keys(fours, game.definition.symmetries)
    _, first, classes = np.unique(keys, return_index=True, return_inverse=True)
    reps = fours[first]
    keys = game.card_keys
    columns = [reps[:, place].astype(np.intp) for place in range(4)]
    rep_keys = keys.take(columns[0]) + keys.take(columns[1]) + keys.take(columns[2]) + keys.take(columns[3])
    slots = categories + 1  # the last slot takes the subsets that already hold the added card
    counts = np.zeros(len(reps) * slots, dtype=np.int64)
    row_base = np.arange(len(reps), dtype=np.int64) * slots
    some_hand = int(keys[:HAND].sum())  # looked up in place of a "hand" holding a card twice
    held = np.zeros(len(reps), dtype=np.int64)  # bit c: the subset holds card c
    for column in columns:
        held |= np.left_shift(1, column.astype(np.int64))
    for card in range(deck):
        twice = (held >> card & 1).astype(bool)
        category = game.category_of_keys(np.where(twice, some_hand, rep_keys + keys[card])).astype(np.int64)
        category[twice] = categories
        counts[row_base + category] += 1
        progress(0.4 * (card + 1) / deck, "four-card subsets")
    return counts.reshape(-1, slots)[:, :categories][classes]


def _shrink_counts(larger: npt.NDArray[np.int64], deck: int, size: int) -> npt.NDArray[np.int64]:
    """Counts for ``size``-subsets from those of (size + 1)-subsets.

    A hand that holds a k-subset holds 5 - k of its (k + 1)-supersets, hence the division.
    """
    categories = larger.shape[1]
    if size == 0:
        total: npt.NDArray[np.int64] = larger.sum(axis=0, keepdims=True) // HAND
        return total
    targets = drop_one_ranks(combinations_colex(deck, size + 1))  # per card dropped, the subset left
    subsets = comb(deck, size)
    columns = np.ascontiguousarray(larger.T, dtype=np.float64)  # a category's counts side by side
    summed = np.empty((categories, subsets), dtype=np.float64)
    for category, column in enumerate(columns):
        summed[category] = np.bincount(targets[0], weights=column, minlength=subsets)
        for dropped in targets[1:]:
            summed[category] += np.bincount(dropped, weights=column, minlength=subsets)
    return np.rint(summed.T).astype(np.int64) // (HAND - size)


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
    return DrawTables(game, [*counts, np.empty(0, np.int64)], arrays["class_hands"],
                      arrays["class_weights"].astype(np.int64))


def _save(tables: DrawTables, folder: Path) -> None:
    """Each count in the narrowest type that holds it (a four-card subset's counts fit a byte):
    a fifth of the bytes to write now, and to read and check in every later command."""
    arrays: dict[str, Any] = {f"counts{k}": counts.astype(np.min_scalar_type(int(counts.max(initial=0))))
                              for k, counts in enumerate(tables.subset_counts[:HAND])}
    arrays |= {"class_hands": tables.class_hands, "class_weights": tables.class_weights.astype(np.uint8),
               "table": tables.game.table}  # a class has at most 24 hands
    save_arrays(folder, arrays)
