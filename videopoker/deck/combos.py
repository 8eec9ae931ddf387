"""Card subsets as array rows, numbered in colexicographic order.

The colex rank of a sorted subset ``c_0 < c_1 < ... < c_{k-1}`` is ``sum C(c_i, i + 1)``: a dense
number from 0 to C(n, k) - 1, so a table indexed by it holds one row per subset with no hashing.
"""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

MAX_CARDS = 54
MAX_SUBSET = 5

#: ``BINOMIAL[j, c] = C(c, j)``: the term a card ``c`` at place ``j - 1`` of a subset adds to its rank.
BINOMIAL = np.array([[comb(c, j) for c in range(MAX_CARDS + 1)] for j in range(MAX_SUBSET + 2)],
                    dtype=np.int64)


def combinations_colex(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(n), each row sorted, rows in colex order (row i has rank i).

    >>> combinations_colex(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    rows = np.zeros((1, 0), dtype=np.uint8)
    for size in range(1, k + 1):
        blocks = []
        for top in range(size - 1, n):
            prefix = rows[: comb(top, size - 1)]
            block = np.empty((len(prefix), size), dtype=np.uint8)
            block[:, :-1] = prefix
            block[:, -1] = top
            blocks.append(block)
        rows = np.concatenate(blocks) if blocks else np.zeros((0, size), dtype=np.uint8)
    return rows


def colex_rank(subsets: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Ranks of sorted subsets given as rows.

    >>> colex_rank(np.array([[0, 1], [1, 3], [2, 3]])).tolist()
    [0, 4, 5]
    """
    rank = np.zeros(len(subsets), dtype=np.int64)
    for place in range(subsets.shape[1]):
        rank += BINOMIAL[place + 1].take(subsets[:, place].astype(np.intp))
    return rank


def drop_one_ranks(subsets: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """For sorted k-subsets (n, k): the ranks of their (k - 1)-subsets, shape (k, n).

    Row p is the subset without its card at place p: the cards before p keep their place and
    their term ``C(c, place + 1)``, the cards after it move down one place.

    >>> drop_one_ranks(np.array([[1, 2, 3]])).ravel().tolist()
    [5, 4, 2]
    """
    columns = [np.ascontiguousarray(subsets[:, place], dtype=np.intp) for place in range(subsets.shape[1])]
    k = len(columns)
    kept = [BINOMIAL[place + 1].take(columns[place]) for place in range(k)]
    moved = [BINOMIAL[place].take(columns[place]) for place in range(k)]
    ranks = np.empty((k, len(subsets)), dtype=np.int64)
    before = np.zeros(len(subsets), dtype=np.int64)
    for place in range(k):
        after = ranks[place]
        after[:] = 0
        for later in range(place + 1, k):
            after += moved[later]
        after += before
        before += kept[place]
    return ranks
