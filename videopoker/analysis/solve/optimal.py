"""The best hold of every possible dealt hand, one byte per hand: what makes optimal play a lookup.

A simulation cannot afford a solve per hand (0.8 ms each), so every dealt hand of the deck —
2,598,960 for 52 cards, 2,869,685 with a joker — is solved once, in chunks, with the same exact
values and the same tie rule as the return table (:func:`~videopoker.analysis.solve.tally.first_best`).
The table is indexed by the colex rank of the sorted hand; bit p of a byte keeps the p-th lowest
card by index.  It depends only on the family and the pays at the bet, so it is cached on disk by
their digest (about 2.6 MB) and a second simulation of the same table starts at once.
"""

from __future__ import annotations

import io
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import HAND, Progress, _quiet, draw_tables, hold_ranks, sets_only
from videopoker.analysis.solve.tally import common_values, first_best
from videopoker.deck.combos import combinations_colex
from videopoker.rules.evaluate import Game

CHUNK = 1 << 16

_MEMORY: dict[tuple[str, bytes], npt.NDArray[np.uint8]] = {}


def best_hold_table(game: Game, pays: npt.NDArray[np.float64],
                    progress: Progress = _quiet) -> npt.NDArray[np.uint8]:
    """Per dealt hand (by colex rank of its sorted cards), the hold mask perfect play keeps.

    ``pays`` is the total paid per category at the bet (:func:`~videopoker.analysis.solve.exact.pay_vector`).
    """
    sets_only(game)
    key = (game.digest, pays.astype(np.float64).tobytes())
    if key in _MEMORY:
        return _MEMORY[key]
    file = _cache_file(game, key[1])
    table = _load(file, game)
    if table is None:
        table = _solve_every_hand(game, pays, progress)
        _save(table, file)
    _MEMORY[key] = table
    return table


def _solve_every_hand(game: Game, pays: npt.NDArray[np.float64], progress: Progress) -> npt.NDArray[np.uint8]:
    tables = draw_tables(game, progress)
    hands = combinations_colex(game.deck_size, HAND)
    best = np.empty(len(hands), dtype=np.uint8)
    paid = tables.paid(pays)
    for start in range(0, len(hands), CHUNK):
        chunk = hands[start:start + CHUNK]
        dealt = game.evaluate_batch(chunk).astype(np.intp)
        best[start:start + CHUNK] = first_best(common_values(tables, paid, hold_ranks(chunk), dealt))
        progress(start / len(hands), "best hold of every hand")
    return best


def _cache_file(game: Game, pays: bytes) -> Path:
    return cache_file("holds", game, "npy", pays)


def _load(file: Path, game: Game) -> npt.NDArray[np.uint8] | None:
    data = load(file)
    try:
        table: npt.NDArray[np.uint8] = np.load(io.BytesIO(data or b""), allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None  # no cache yet, or a damaged one: solve again, it is only a cache
    if table.dtype != np.uint8 or table.shape != (comb(game.deck_size, HAND),) or table.max(initial=0) >= 1 << HAND:
        return None
    return table


def _save(table: npt.NDArray[np.uint8], file: Path) -> None:
    buffer = io.BytesIO()
    np.save(buffer, table, allow_pickle=False)
    save(file, buffer.getvalue())
