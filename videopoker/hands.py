"""Made hands: five ranks with every wild card already given a value, and the tests rules apply to them.

A game's rules are a list of ``(category, test)`` pairs, best first (see :mod:`videopoker.families`).
A test is a function of :class:`MadeHands`, many made hands at once as numpy arrays, returning one
boolean per hand; the first category whose test holds names the hand.  Wild cards are not the tests'
business: :mod:`videopoker.lookup` tries every value the wilds can take and keeps the best category,
so a test only ever looks at five definite ranks (five of a kind included), whether the hand is
suited, and how many of its cards were wild.

>>> hands = MadeHands.of([(14, 13, 12, 11, 10), (9, 9, 9, 9, 9)], flush=[True, False], wilds=[1, 2])
>>> royal_flush(hands).tolist(), of_a_kind(5)(hands).tolist(), natural(royal_flush)(hands).tolist()
([True, False], [False, True], [False, False])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import cast

import numpy as np
import numpy.typing as npt

Mask = npt.NDArray[np.bool_]
Test = Callable[["MadeHands"], Mask]
ACE = 14


@dataclass(frozen=True)
class MadeHands:
    """Many made hands as arrays: rank counts (n, 13) for 2..A, suited flags and wild counts."""

    counts: npt.NDArray[np.int8]
    flush: Mask
    wilds: npt.NDArray[np.int8]

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

    def has(self, ranks: Iterable[int], at_least: int, exactly: bool = False) -> Mask:
        """Whether some rank of ``ranks`` has ``at_least`` cards (``exactly`` that many)."""
        counts = self.counts[:, [rank - 2 for rank in ranks]]
        found = (counts == at_least) if exactly else (counts >= at_least)
        return cast(Mask, found.any(axis=1))


# -- the tests the families are written in ----------------------------------------------------


def royal_flush(hands: MadeHands) -> Mask:
    return cast(Mask, straight_flush(hands) & (hands.lowest == 10))


def straight_flush(hands: MadeHands) -> Mask:
    return hands.straight & hands.flush


def of_a_kind(n: int) -> Test:
    """``n`` or more cards of one rank."""
    return lambda hands: hands.most >= n


def four_of(ranks: Iterable[int], kicker: Iterable[int] | None = None) -> Test:
    """Four cards of a rank in ``ranks``; with ``kicker``, the fifth card's rank is in it too."""
    quads, kickers = tuple(ranks), None if kicker is None else tuple(kicker)

    def test(hands: MadeHands) -> Mask:
        made = cast(Mask, (hands.most == 4) & hands.has(quads, 4))
        if kickers is not None:
            made &= hands.has(kickers, 1, exactly=True)  # the odd card, whatever the quads
        return made

    return test


def full_house(hands: MadeHands) -> Mask:
    return cast(Mask, (hands.most == 3) & (hands.second == 2))


def flush(hands: MadeHands) -> Mask:
    return hands.flush


def straight(hands: MadeHands) -> Mask:
    return hands.straight


def two_pair(hands: MadeHands) -> Mask:
    return (hands.most >= 2) & (hands.second >= 2)


def pair_of(lowest: int) -> Test:
    """A pair (or better) of ``lowest`` or a higher rank."""
    return lambda hands: hands.has(range(lowest, ACE + 1), 2)


def natural(test: Test) -> Test:
    """``test`` made without a wild card (a natural royal)."""
    return lambda hands: test(hands) & (hands.wilds == 0)


def wild(test: Test) -> Test:
    """``test`` made with at least one wild card (a wild royal)."""
    return lambda hands: test(hands) & (hands.wilds > 0)


def wild_cards(n: int) -> Test:
    """``n`` wild cards, whatever the rest (four deuces)."""
    return lambda hands: hands.wilds >= n
