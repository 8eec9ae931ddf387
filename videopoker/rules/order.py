"""Hands that pay only in an order on the glass, every one of them listed card by card in its places.

A final hand on the glass is five cards in five places.  Sequential Royal pays 10-J-Q-K-A of one
suit only left to right; ACE$ Bonus pays four aces whose marks spell A-C-E-$ from the first or the
second place.  An entry with ``order:`` is met by few hands, so they are all listed: every way of
putting cards in its places (and any cards in the places it leaves free) whose five cards make the
entry's hand as a set (``made``, ``ranks``) and are not paid better by an entry above it.  Judging a
hand in its places is then one dictionary read, and the analysis counts each listed hand as one
draw in place (:mod:`videopoker.analysis.solve.placed`).

>>> from videopoker.rules.catalog import load_game
>>> placed = load_game("jacks-or-better-sequential-royal").placed
>>> len(placed.sequences), [str(Card(int(card))) for card in placed.sequences[0]]
(4, ['Tc', 'Jc', 'Qc', 'Kc', 'Ac'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from videopoker.deck.cards import Card  # noqa: F401  (doctest)
from videopoker.rules.definition import HAND, HandSpec
from videopoker.rules.hands import MadeHands, made_test

if TYPE_CHECKING:
    from videopoker.rules.lookup import Game

#: Hands in place one entry may list: an order of three named ranks leaves two places free
#: (3 places x 4 suits, then 52 x 51, at three starts, both ways: about 1.3 million).
MOST_LISTED = 2_000_000


@dataclass(frozen=True)
class Placed:
    """Every hand in place that an ordered entry pays, and what the same cards pay as a set."""

    sequences: npt.NDArray[np.uint8]   # (n, 5): the card in each place, left to right
    entries: npt.NDArray[np.intp]      # the ordered entry each is paid as (an index into the categories)
    bases: npt.NDArray[np.intp]        # the entry the same five cards are paid as in any other order
    by_cards: dict[tuple[int, ...], int]
    #: Ordered entries no hand lands on, with the entry above that takes the hands it would make
    #: (None: no five cards make its hand in that order).
    dead: dict[int, int | None]

    def entry_of(self, hand: tuple[int, ...], unordered: int) -> int:
        """The category index of ``hand`` (card indices in places) paid as ``unordered`` as a set."""
        return self.by_cards.get(hand, unordered)


def _listed(spec: HandSpec, deck: int) -> npt.NDArray[np.int64]:
    """Every five cards in places that put ``spec.order`` side by side, either way if reversible,
    from every place it can start at: (n, 5), each card once."""
    assert spec.order is not None
    readings = [spec.order, spec.order[::-1]] if spec.reversible else [spec.order]
    blocks = []
    for reading in readings:
        for start in range(HAND - len(reading) + 1):
            choices = [np.arange(deck)] * HAND
            for offset, slot in enumerate(reading):
                choices[start + offset] = np.array(slot.cards())
            if np.prod([len(choice) for choice in choices], dtype=np.float64) > MOST_LISTED:
                raise ValueError(f"{spec.key}: its order leaves too many hands to list")
            grid = np.stack(np.meshgrid(*choices, indexing="ij"), axis=-1).reshape(-1, HAND)
            ordered = np.sort(grid, axis=1)
            blocks.append(grid[(np.diff(ordered, axis=1) != 0).all(axis=1)])
    listed = np.concatenate(blocks)
    _, first = np.unique(_codes(listed), return_index=True)
    return listed[np.sort(first)]


def _codes(sequences: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """One number per hand in places: six bits a card, the first place highest."""
    codes = np.zeros(len(sequences), dtype=np.int64)
    for place in range(HAND):
        codes = codes << 6 | sequences[:, place].astype(np.int64)
    return codes


def _made(spec: HandSpec, sequences: npt.NDArray[np.int64], named: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Whether the five cards of each hand make ``spec``'s hand as a set (no wild cards: none in an
    ordered game), the game's ``named`` cards told apart as the lookup tells them."""
    counts = np.zeros((len(sequences), 13), dtype=np.int8)
    for place in range(HAND):
        np.add.at(counts, (np.arange(len(sequences)), sequences[:, place] // 4), 1)
    suits = sequences % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    held = np.zeros(len(sequences), dtype=np.int64)
    for bit, card in enumerate(named):
        held |= (sequences == card).any(axis=1).astype(np.int64) << bit
    return made_test(spec)(MadeHands(counts, flush, np.zeros(len(sequences), dtype=np.int8), held, named))


def placed_hands(game: Game) -> Placed:
    """List the hands in place of ``game``'s ordered entries, best entry first."""
    sequences, entries, bases = [], [], []
    claimed: dict[int, int] = {}  # a hand's code: the better ordered entry that pays it
    dead: dict[int, int | None] = {}
    for index, spec in enumerate(game.hands):
        if spec.order is None:
            continue
        listed = _listed(spec, game.deck_size)
        listed = listed[_made(spec, listed, game.named)]
        key = game.card_keys.take(listed.astype(np.intp)).sum(axis=1)
        base = game.category_of_keys(key).astype(np.intp)
        codes = _codes(listed)
        taken = np.array([claimed.get(int(code), -1) for code in codes], dtype=np.intp)
        base = np.where(taken >= 0, taken, base)
        paid = base > index
        if not paid.any():
            takers = Counter(int(b) for b in base)
            dead[index] = takers.most_common(1)[0][0] if takers else None
            continue
        claimed.update((int(code), index) for code in codes[paid])
        sequences.append(listed[paid])
        entries.append(np.full(int(paid.sum()), index, dtype=np.intp))
        bases.append(base[paid])
    if not sequences:
        empty = np.zeros(0, dtype=np.intp)
        return Placed(np.zeros((0, HAND), dtype=np.uint8), empty, empty, {}, dead)
    cards = np.concatenate(sequences).astype(np.uint8)
    entry = np.concatenate(entries)
    by_cards = {tuple(int(card) for card in row): int(e) for row, e in zip(cards, entry)}
    return Placed(cards, entry, np.concatenate(bases), by_cards, dead)
