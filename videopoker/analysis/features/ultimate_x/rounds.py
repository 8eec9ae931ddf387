"""Ultimate X's rounds as a Markov chain, for a bankroll's lifetime figures.

The sum of the lines' multipliers decides the hold, but not the law of the round's win: a round
at 1X 1X 10X and one at 4X 4X 4X play the same holds and pay the same on average, yet only the first
can pay ten times a royal.  So the chain's state is the multiset of the lines' multipliers (84 of
them for 3 lines of 8/6 Jacks or Better's seven multiplier values), and a round's win and next
state come from the categories its lines make: ``Σ mᵢ·pay(cᵢ)`` and the multiset of the
multipliers ``cᵢ`` earns.

The lines share the dealt hand and the hold but draw from their own decks, so given the deal
they are independent, and over the deals the chance the three lines make ``(c₁, c₂, c₃)`` is
``M_s(c₁, c₂, c₃) = Σ_deals w · p(c₁)·p(c₂)·p(c₃)``, ``p`` the hold's law of categories at
the multiplier sum ``s``.  Those ``M_s`` tensors (ten categories cubed, one per sum) are the
whole round's law, worked out once for every deal's hold (once for the deals whose hold the sum
never changes); they grow as the categories to the power of the lines, so this is for 3 lines.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.chain import ChainedRounds, RoundChain, chain_lines
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.paytable import Paytable

if TYPE_CHECKING:
    from videopoker.analysis.features.ultimate_x.solve import UltimateXAnalysis

#: The lines a round's chain is worked out for: its law has categories³ outcomes a state.
CHAIN_LINES = 3


@dataclass(frozen=True)
class UltimateXRounds(ChainedRounds["UltimateXAnalysis"]):
    """An Ultimate X table at :data:`CHAIN_LINES` lines, its rounds as a chain of multiplier states."""

    states: tuple[tuple[int, ...], ...]   # each state's multipliers, smallest first


def ultimate_x_rounds(paytable: Paytable, lines: int | None = None, progress: Progress = _quiet) -> UltimateXRounds:
    """The chain of ``paytable``'s rounds at :data:`CHAIN_LINES` lines (the only count it is worked out for)."""
    from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x, check_lines

    if lines is None:
        lines = CHAIN_LINES
    lines = check_lines(paytable, lines)
    chain_lines(paytable, lines, CHAIN_LINES, "its rounds' law grows as the categories to the power of the lines")
    solved = analyze_ultimate_x(paytable, lines, lambda done, stage: progress(0.5 * done, stage))
    earned = np.array(list(solved.multipliers().get(category, 1) for category in paytable.game.categories))
    values = sorted(set(earned.tolist()))
    states = tuple(itertools.combinations_with_replacement(values, lines))
    pays = pay_vector(paytable, paytable.max_coins).astype(np.int64)
    file = cache_file("ultimate-x-rounds", paytable.game, "npy", pays.tobytes(), earned.tobytes(), bytes([lines]),
                      np.array(solved.relative).tobytes())
    tensors = _load(file, len(solved.sums), len(earned), lines)
    if tensors is None:
        tensors = _line_tensors(solved, lines, progress)
        save(file, tensors.tobytes())
    progress(1.0, "done")
    return UltimateXRounds(solved, _chain(states, tensors, pays, earned, lines, solved.coins), lines,
                           lines * solved.coins, states)


def _chain(states: tuple[tuple[int, ...], ...], tensors: npt.NDArray[np.float64], pays: npt.NDArray[np.int64],
           earned: npt.NDArray[np.int64], lines: int, coins: int) -> RoundChain:
    """Every state's rounds: each way the lines' categories fall, its win and the state it leaves,
    those alike merged."""
    categories = len(pays)
    outcomes = np.array(list(itertools.product(range(categories), repeat=lines)))   # (categories^lines, lines)
    index = {state: place for place, state in enumerate(states)}
    following = np.array([index[tuple(sorted(earned[row].tolist()))] for row in outcomes])
    origins, wins, targets, chances = [], [], [], []
    for place, state in enumerate(states):
        law = tensors[sum(state) - lines].ravel()
        won = pays[outcomes] @ np.array(state)
        key = won * len(states) + following
        merged, where = np.unique(key[law > 0], return_inverse=True)
        origins.append(np.full(len(merged), place))
        wins.append(merged // len(states))
        targets.append(merged % len(states))
        chances.append(np.bincount(where, law[law > 0]))
    return RoundChain(lines * coins, np.concatenate(origins), np.concatenate(wins), np.concatenate(targets),
                      np.concatenate(chances), start=0, labels=tuple(" ".join(f"{m}X" for m in s) for s in states))


def _line_tensors(solved: UltimateXAnalysis, lines: int, progress: Progress) -> npt.NDArray[np.float64]:
    """Per multiplier sum, the chance the lines make each tuple of categories: (sums, categories^lines)."""
    from videopoker.analysis.features.ultimate_x.solve import _best, _holds, category_multipliers

    paytable = solved.paytable
    earned = category_multipliers(paytable, solved.multipliers())
    holds = _holds(paytable, lines, earned, solved.sums[-1], lambda done, stage: progress(0.5 + 0.2 * done, stage))
    _, chosen = _best(holds, np.array(solved.sums, dtype=np.float64), np.array(solved.relative))
    tables = draw_tables(paytable.game)
    draws = tables.draw_counts.astype(np.float64)
    categories = len(paytable.game.categories)
    steady = (chosen == chosen[0]).all(axis=0)
    kept = np.zeros(categories**lines)
    moving = np.zeros((len(chosen), categories**lines))
    product = ",".join(f"d{letter}" for letter in "ijklmnop"[:lines])
    spec = f"d,{product}->{''.join('ijklmnop'[:lines])}"
    chunks = list(tables.class_chunks())
    for done, chunk in enumerate(chunks):
        progress(0.7 + 0.3 * done / len(chunks), "the lines' laws")
        outcomes = tables.hold_outcomes(tables.class_hands[chunk.classes]) / draws[:, None, None]
        weights = holds.weights[chunk.classes]
        columns = np.arange(len(weights))
        here = steady[chunk.classes]
        law = outcomes[chosen[0, chunk.classes][here], columns[here]]
        kept += np.einsum(spec, weights[here], *[law] * lines, optimize=True).ravel()
        switching = np.flatnonzero(~here)
        for place, row in enumerate(chosen[:, chunk.classes]):
            law = outcomes[row[switching], switching]
            moving[place] += np.einsum(spec, weights[switching], *[law] * lines, optimize=True).ravel()
    tensors: npt.NDArray[np.float64] = (moving + kept) / holds.weights.sum()
    return tensors


def _load(file: Path, sums: int, categories: int, lines: int) -> npt.NDArray[np.float64] | None:
    """Cached tensors, if whole: one law a sum, each summing to 1."""
    data = load(file)
    if data is None or len(data) != sums * categories**lines * 8:
        return None
    tensors = np.frombuffer(data, dtype=np.float64).reshape(sums, categories**lines).copy()
    if not np.isfinite(tensors).all() or tensors.min() < 0 or np.abs(tensors.sum(axis=1) - 1).max() > 1e-9:
        return None
    return tensors
