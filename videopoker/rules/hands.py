"""Made hands: five ranks with every wild card already given a value, and the test each entry makes.

A game's hands (:mod:`videopoker.rules.definition`) are a list of entries, best first; each
compiles here to a test, a function of :class:`MadeHands` (many made hands at once as numpy
arrays) returning one boolean per hand.  Wild cards are not the tests' business:
:mod:`videopoker.rules.lookup` tries every value the wilds can take and keeps the best entry, so a test
only looks at five definite ranks (five of a kind included), whether the hand is suited, and how
many of its cards were wild.  ``wild cards`` entries look at the cards as dealt instead
(:func:`wild_cards_test`): they do not depend on what the wilds are taken for.

>>> hands = MadeHands.of([(14, 13, 12, 11, 10), (9, 9, 9, 9, 9)], flush=[True, False], wilds=[1, 2])
>>> royal = made_test(HandSpec("royal_flush", Made.ROYAL_FLUSH))
>>> royal(hands).tolist(), made_test(HandSpec("five", Made.FIVE_OF_A_KIND))(hands).tolist()
([True, False], [False, True])
>>> made_test(HandSpec("natural_royal_flush", Made.ROYAL_FLUSH, natural=True))(hands).tolist()
[False, False]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import cast

import numpy as np
import numpy.typing as npt

from videopoker.rules.definition import GROUP_SIZE, HandSpec, Made

Mask = npt.NDArray[np.bool_]
Test = Callable[["MadeHands"], Mask]
ACE = 14
ALL_RANKS = frozenset(range(2, ACE + 1))
FACES = (11, 12, 13)
#: What each rank 2..A adds up to where cards are added (Quick Quads): its number, an ace 1, a face
#: nothing (a hand with a face beside the trips never adds up: :meth:`MadeHands.sides_add_up`).
SIDE_VALUES = np.array([*range(2, 11), 0, 0, 0, 1], dtype=np.int64)


@dataclass(frozen=True)
class MadeHands:
    """Many made hands as arrays: rank counts (n, 13) for 2..A, suited flags and wild counts."""

    counts: npt.NDArray[np.int8]
    flush: Mask
    wilds: npt.NDArray[np.int8]
    #: Which of the game's ``named_cards`` (single cards a rule names by suit) each hand holds, a bit each.
    named: npt.NDArray[np.int64] | None = None
    named_cards: tuple[int, ...] = ()

    def _named_held(self, cards: frozenset[int]) -> Iterator[tuple[Mask, int]]:
        """For each of ``cards`` that the game names: whether each hand holds it, and the card."""
        if self.named is None:
            return
        for bit, card in enumerate(self.named_cards):
            if card in cards:
                yield (self.named >> bit & 1).astype(bool), card

    def holds_named(self, cards: frozenset[int]) -> Mask:
        """Whether each hand holds one of ``cards`` (named cards of the game)."""
        found: Mask = np.zeros(len(self.counts), dtype=bool)
        for held, _ in self._named_held(cards):
            found |= held
        return found

    def kicker_named(self, cards: frozenset[int]) -> Mask:
        """Whether the odd card of each hand (its only card of a rank) is one of ``cards``."""
        found: Mask = np.zeros(len(self.counts), dtype=bool)
        for held, card in self._named_held(cards):
            found |= held & (self.counts[:, card // 4] == 1)
        return found

    @classmethod
    def of(cls, ranks: Iterable[Sequence[int]], flush: Sequence[bool], wilds: Sequence[int]) -> MadeHands:
        """Build from rank lists (2..14, five each); for doctests and small checks."""
        rows = [np.bincount(np.asarray(r) - 2, minlength=13) for r in ranks]
        return cls(np.array(rows, dtype=np.int8), np.asarray(flush, dtype=bool), np.asarray(wilds, dtype=np.int8))

    @cached_property
    def most(self) -> npt.NDArray[np.int8]:
        """Cards of the commonest rank."""
        most: npt.NDArray[np.int8] = self.counts.max(axis=1)
        return most

    @cached_property
    def second(self) -> npt.NDArray[np.int8]:
        """Cards of the second commonest rank (a full house has 3 and 2)."""
        second: npt.NDArray[np.int8] = np.sort(self.counts, axis=1)[:, -2]
        return second

    @cached_property
    def straight(self) -> Mask:
        """Five ranks in a row; the ace also plays low (A-2-3-4-5), never around (Q-K-A-2-3)."""
        present = self.counts > 0
        ace_low = np.concatenate([present[:, -1:], present], axis=1)  # rank order A,2,..,K,A
        runs: Mask = np.zeros(len(present), dtype=bool)
        for start in range(ace_low.shape[1] - 4):
            runs |= ace_low[:, start:start + 5].all(axis=1)
        return runs

    @cached_property
    def lowest(self) -> npt.NDArray[np.int64]:
        """The lowest rank present (2..14)."""
        lowest: npt.NDArray[np.int64] = np.argmax(self.counts > 0, axis=1) + 2
        return lowest

    def sides_add_up(self, ranks: Iterable[int]) -> Mask:
        """Whether each hand is three of a kind of one of ``ranks`` (2..10 count) whose two other
        cards' ranks add up to its own, aces as 1 and no face card among them (3-6-9-9-9)."""
        counted = sorted(set(ranks) & set(range(2, 11)))
        if not counted:
            return np.zeros(len(self.counts), dtype=bool)
        trips = self.has(counted, 3, exactly=True) & (self.most == 3)
        faces = self.counts[:, [rank - 2 for rank in FACES]].sum(axis=1) > 0
        trips_rank = np.argmax(self.counts == 3, axis=1) + 2
        total = self.counts.astype(np.int64) @ SIDE_VALUES   # the trips' three cards and the two sides
        return cast(Mask, trips & ~faces & (total == 4 * trips_rank))

    def has(self, ranks: Iterable[int], at_least: int, exactly: bool = False) -> Mask:
        """Whether some rank of ``ranks`` has ``at_least`` cards (``exactly`` that many)."""
        counts = self.counts[:, [rank - 2 for rank in sorted(ranks)]]
        found = (counts == at_least) if exactly else (counts >= at_least)
        return cast(Mask, found.any(axis=1))


def _shape_test(spec: HandSpec) -> Test:
    """The test of ``spec``'s made hand, before ``natural``."""
    made, ranks = spec.made, spec.ranks if spec.ranks is not None else ALL_RANKS
    if made is Made.ROYAL_FLUSH:
        return lambda hands: hands.straight & hands.flush & (hands.lowest == 10)
    if made is Made.STRAIGHT_FLUSH:
        return lambda hands: hands.straight & hands.flush
    if made is Made.FLUSH:
        return lambda hands: hands.flush
    if made is Made.STRAIGHT:
        return lambda hands: hands.straight
    if made is Made.TWO_PAIR:
        return lambda hands: (hands.most >= 2) & (hands.second >= 2)
    if made is Made.FULL_HOUSE:
        return lambda hands: (hands.most == 3) & (hands.second == 2) & hands.has(ranks, 3, exactly=True)
    if spec.sides_add_up:
        return lambda hands: hands.sides_add_up(ranks)
    size = GROUP_SIZE[made]
    if spec.kicker is None and spec.kicker_cards is None:
        return lambda hands: hands.has(ranks, size)
    kickers, named = spec.kicker or frozenset(), spec.kicker_cards or frozenset()
    # four of a kind: the odd card by its rank, or as one of the cards named, whatever the quads'
    return lambda hands: (hands.most == 4) & hands.has(ranks, 4, exactly=True) & \
        (hands.has(kickers, 1, exactly=True) | hands.kicker_named(named))


def made_test(spec: HandSpec) -> Test:
    """Whether made hands are ``spec`` (any entry but ``wild cards``)."""
    shape = _with_named(spec, _shape_test(spec))
    wilds = 0 if spec.natural else spec.count  # natural is a count of no wild cards
    if wilds is None:
        return shape
    return lambda hands: shape(hands) & (hands.wilds == wilds)


def _with_named(spec: HandSpec, shape: Test) -> Test:
    """``shape``, and the hand holds one of the cards ``holding`` names, where it names any."""
    holding = spec.holding
    if holding is None:
        return shape
    return lambda hands: shape(hands) & hands.holds_named(holding)


def wild_cards_test(spec: HandSpec, naturals: npt.NDArray[np.int64], wilds: int,
                    jokers: int) -> npt.NDArray[np.bool_]:
    """Whether hands of natural rank multisets ``naturals`` (n, 5 - wilds; rank indices 0..12) with
    ``wilds`` wild cards, ``jokers`` of them jokers, are the ``wild cards`` entry ``spec``.

    ``ranks`` counts only the wild cards of those ranks (not the jokers); ``kicker`` names the
    rank of the one natural card beside them.
    """
    counted = wilds - jokers if spec.ranks is not None else wilds
    holds = np.full(len(naturals), counted == spec.count, dtype=bool)
    if spec.kicker is not None:
        if naturals.shape[1] != 1:
            return np.zeros(len(naturals), dtype=bool)
        holds &= np.isin(naturals[:, 0] + 2, sorted(spec.kicker))
    return holds
