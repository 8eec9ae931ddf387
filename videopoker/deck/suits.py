"""Hands equal up to renaming suits: one stands for all, weighted by how many it stands for.

Renaming suits changes no poker hand, so the analysis solves one dealt hand per class (134,459 of
2,598,960 for 52 cards) and the dead-entry check judges one.  Where single cards are wild
(one-eyed jacks: Js, Jh), only the renamings that keep the wild cards wild are symmetries of the
game, and the classes are finer (about 700,000).  A subset's suits are held as 13-bit rank masks.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Sequence
from math import factorial

import numpy as np
import numpy.typing as npt

from videopoker.deck.combos import combinations_colex

HAND = 5

Symmetries = tuple[tuple[int, ...], ...] | None


def suit_symmetries(*named: Collection[int]) -> Symmetries:
    """The renamings of suits (``sigma[s]`` is suit s's new name) that keep each set of ``named``
    single cards what it is (the wild cards wild: Js, Jh; a kicker's black jacks: Js, Jc), or None
    when every renaming does: only single cards named by a rule tell suits apart."""
    sets = [set(cards) for cards in named if cards]
    if not sets:
        return None
    kept = tuple(sigma for sigma in itertools.permutations(range(4))
                 if all({card // 4 * 4 + sigma[card % 4] for card in cards} == cards for cards in sets))
    return None if len(kept) == 24 else kept


#: A card's bit in 16-bit fields, one per suit: its rank's bit in its suit's 13, or (a joker) one
#: more in the count above the clubs.
_CARD_BITS = np.array([1 << (card // 4 + 16 * (card % 4)) if card < 52 else 1 << 13 for card in range(54)],
                      dtype=np.int64)


def suit_masks(subsets: npt.NDArray[np.uint8]) -> tuple[list[npt.NDArray[np.int64]], npt.NDArray[np.int64]]:
    """Per suit (clubs to spades), the 13-bit mask of the ranks each subset holds in it; and how
    many jokers it holds, in a key's top bits."""
    packed = np.zeros(len(subsets), dtype=np.int64)
    for place in range(subsets.shape[1]):
        packed += _CARD_BITS.take(subsets[:, place])
    return [(packed >> (16 * suit)) & 0x1FFF for suit in range(4)], (packed >> 13 & 3) << 52


def suit_class_keys(subsets: npt.NDArray[np.uint8], symmetries: Symmetries = None) -> npt.NDArray[np.int64]:
    """A number shared by exactly the subsets that are equal up to renaming suits (every renaming,
    or only ``symmetries``), and holding as many jokers (the two jokers are alike)."""
    if symmetries is not None:  # the least key over the renamings the game allows
        keys = np.full(len(subsets), np.iinfo(np.int64).max, dtype=np.int64)
        for renamed in _renamed_keys(subsets, symmetries):
            np.minimum(keys, renamed, out=keys)
        return keys
    (a, b, c, d), jokers = suit_masks(subsets)
    for low, high in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):  # a sorting network on 4 values
        pair = [a, b, c, d]
        pair[low], pair[high] = np.minimum(pair[low], pair[high]), np.maximum(pair[low], pair[high])
        a, b, c, d = pair
    return _packed((a, b, c, d), jokers)


def _packed(masks: Sequence[npt.NDArray[np.int64]], jokers: npt.NDArray[np.int64] | int = 0) -> npt.NDArray[np.int64]:
    """The four suits' rank masks, in the order given, and the number of jokers, as one number."""
    a, b, c, d = masks
    packed: npt.NDArray[np.int64] = (d << 39) | (c << 26) | (b << 13) | a | jokers
    return packed


def _renamed_keys(subsets: npt.NDArray[np.uint8], symmetries: Sequence[tuple[int, ...]]) -> list[npt.NDArray[np.int64]]:
    """Per renaming of suits in ``symmetries``, the key of each subset renamed so."""
    masks, jokers = suit_masks(subsets)
    return [_packed([masks[sigma[s]] for s in range(4)], jokers) for sigma in symmetries]


@functools.lru_cache(maxsize=4)
def suit_classes(deck: int, symmetries: Symmetries = None,
                 chunk: int = 1 << 16) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """One representative per class of hands equal up to renaming suits, and the class sizes.

    A hand's suits, as 13-bit rank masks, are a multiset; renaming suits permutes them.  Exactly
    one hand per class has masks that do not increase from clubs to spades, and the class has
    4! / (product of factorials of equal-mask runs) members.  With only some renamings allowed
    (``symmetries``), a hand stands for its class when its own key is the least.
    """
    hands = combinations_colex(deck, HAND)
    if symmetries is not None:
        return _restricted_classes(hands, symmetries, chunk)
    weight_of_pattern = np.array([_class_size(p) for p in range(8)], dtype=np.int64)
    representatives, weights = [], []
    for start in range(0, len(hands), chunk):
        block = hands[start:start + chunk]
        masks, _ = suit_masks(block)
        canonical = (masks[0] >= masks[1]) & (masks[1] >= masks[2]) & (masks[2] >= masks[3])
        pattern = sum((masks[s][canonical] == masks[s + 1][canonical]).astype(np.intp) << (2 - s)
                      for s in range(3))
        representatives.append(block[canonical])
        weights.append(weight_of_pattern.take(pattern))
    return np.concatenate(representatives), np.concatenate(weights)


def _restricted_classes(hands: npt.NDArray[np.uint8], symmetries: Sequence[tuple[int, ...]],
                        chunk: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """:func:`suit_classes` where only ``symmetries`` rename suits: a hand stands for its class when
    no allowed renaming gives a smaller key, and the class has as many members as the renamings
    give different hands (the group's size over the renamings that leave the hand as it is)."""
    others = [sigma for sigma in symmetries if sigma != tuple(range(4))]
    representatives, weights = [], []
    for start in range(0, len(hands), chunk):
        block = hands[start:start + chunk]
        masks, _ = suit_masks(block)  # renaming keeps the jokers: the keys compared need not hold them
        own = _packed(masks)
        canonical = np.ones(len(block), dtype=bool)
        fixing = np.ones(len(block), dtype=np.int64)
        for sigma in others:
            keys = _packed([masks[sigma[s]] for s in range(4)])
            canonical &= own <= keys
            fixing += keys == own
        representatives.append(block[canonical])
        weights.append(len(symmetries) // fixing[canonical])
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
