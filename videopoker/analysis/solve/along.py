"""Every deal's best hold for worths along a line: ``origin + step · direction`` per final hand.

The states of a feature often differ only by a constant on a few final hands (Shockwave: in
regular mode what a trigger's mode is worth, in the mode what an end gives up), and policy iteration
asks for the best holds of every state again each round, at steps that move a little.  A hold's
value is linear in the worth, and a deal's best value, the upper envelope of its 32 holds' values,
is convex along a line: a hold best at two steps is best at every step between.  So one pass over
the deals finds each deal's best holds at the two ends of a bracket of steps, and keeps the values
of the few deals whose holds differ there (a few per cent); the holds at any steps inside the
bracket are then worked out on those deals alone, with no pass over the deals at all.

Worths that mix whole pays with values are compared in floating point, as any such mix is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.exact import hold_counts
from videopoker.analysis.solve.tally import common_values, first_best
from videopoker.paytable import Paytable

Worth = npt.NDArray[np.float64]
Holds = npt.NDArray[np.int8]


@dataclass(frozen=True)
class WorthLine:
    """The worths ``origin + step · direction`` of the final hands (per category), for steps from
    ``low`` to ``high``."""

    origin: Worth
    direction: Worth
    low: float
    high: float


@dataclass(frozen=True)
class Bracket:
    """Every deal's best holds at a line's two ends, and the values of the deals that differ there."""

    line: WorthLine
    at_low: Holds
    at_high: Holds
    open: npt.NDArray[np.intp]    # the deals whose holds differ at the two ends
    origin: Worth                 # their holds' values of the origin, (32, open)
    direction: Worth              # and of the direction

    def covers(self, steps: Sequence[float]) -> bool:
        return all(self.line.low <= step <= self.line.high for step in steps)

    def holds(self, steps: Sequence[float]) -> list[Holds]:
        """Every deal's best hold at each of ``steps`` (within the bracket), as :func:`first_best`
        would find it there: where the ends agree, their hold; elsewhere halving the steps."""
        assert self.covers(steps), "a step outside the bracket"
        order = sorted(range(len(steps)), key=lambda index: steps[index])
        ladder = [self.line.low, *(steps[index] for index in order), self.line.high]
        found = [np.empty(0, dtype=np.int8) for _ in ladder]
        found[0], found[-1] = self.at_low[self.open], self.at_high[self.open]
        for position in range(1, len(ladder) - 1):
            found[position] = np.empty(len(self.open), dtype=np.int8)

        def between(low: int, high: int, columns: npt.NDArray[np.intp], at_low: npt.NDArray[Any],
                    at_high: npt.NDArray[Any]) -> None:
            if high - low < 2:
                return
            alike = at_low == at_high
            for position in range(low + 1, high):
                found[position][columns[alike]] = at_low[alike]
            differ = ~alike
            if differ.any():
                middle, rest = (low + high) // 2, columns[differ]
                values = self.origin[:, rest] + ladder[middle] * self.direction[:, rest]
                at_middle = found[middle][rest] = first_best(values).astype(np.int8)
                between(low, middle, rest, at_low[differ], at_middle)
                between(middle, high, rest, at_middle, at_high[differ])

        between(0, len(ladder) - 1, np.arange(len(self.open)), found[0], found[-1])
        result = [np.empty(0, dtype=np.int8)] * len(steps)
        for position, index in enumerate(order, start=1):
            holds = self.at_low.copy()
            holds[self.open] = found[position]
            result[index] = holds
        return result


def brackets(paytable: Paytable, lines: Sequence[WorthLine]) -> list[Bracket]:
    """Each line's :class:`Bracket`, in one pass over the deals: the values of a few independent
    vectors spanning the lines are worked out once a chunk, and each line's are a few additions."""
    tables = draw_tables(paytable.game)
    vectors = [vector for line in lines for vector in (line.origin, line.direction)]
    spanning, coordinates = independent(vectors)
    paid = [tables.paid(vector) for vector in spanning]
    parts: list[list[list[npt.NDArray[Any]]]] = [[[] for _ in range(5)] for _ in lines]  # Bracket's fields
    for chunk in tables.class_chunks():
        values = [common_values(tables, weighed, chunk.ranks, chunk.dealt) for weighed in paid]
        start = chunk.classes.start if isinstance(chunk.classes, slice) else 0
        for number, (line, kept) in enumerate(zip(lines, parts)):
            origin, direction = (mixed(values, coordinates[2 * number + side]) for side in (0, 1))
            at_low = first_best(origin + line.low * direction).astype(np.int8)
            at_high = first_best(origin + line.high * direction).astype(np.int8) if line.high != line.low else at_low
            open_ = np.flatnonzero(at_low != at_high)
            fields: tuple[npt.NDArray[Any], ...] = (at_low, at_high, open_ + start, origin[:, open_],
                                                    direction[:, open_])
            for store, part in zip(kept, fields):
                store.append(part)
    return [Bracket(line, *(np.concatenate(part, axis=-1) for part in kept))
            for line, kept in zip(lines, parts)]


def best_hold_counts(paytable: Paytable, worth: Worth) -> list[int]:
    """The final-hand counts (on the common denominator) of every deal's best hold of ``worth`` (per
    category, in any unit: a feature's state solved as a base game with pays of its own)."""
    line = WorthLine(worth, np.zeros_like(worth), 0.0, 0.0)
    return hold_counts(paytable, brackets(paytable, [line])[0].at_low)


def mixed(parts: Sequence[Worth], mix: Sequence[float]) -> Worth:
    """``Σ mix[j] · parts[j]``: a part alone with weight 1 is itself, so whole values stay whole."""
    weighed = [(weight, part) for weight, part in zip(mix, parts) if weight]
    if len(weighed) == 1 and weighed[0][0] == 1.0:
        return weighed[0][1]
    total = np.zeros_like(parts[0])
    for weight, part in weighed:
        total += weight * part
    return total


def independent(vectors: Sequence[Worth]) -> tuple[list[Worth], list[list[float]]]:
    """The vectors that no earlier ones make, and every vector's coordinates over them (a kept
    vector's exactly 1 and 0, so its values are its own, whole)."""
    kept: list[int] = []
    for index in range(len(vectors)):
        if np.linalg.matrix_rank(np.stack([vectors[k] for k in (*kept, index)])) > len(kept):
            kept.append(index)
    spanning = [vectors[k] for k in kept]
    if not spanning:  # every vector zero
        return [vectors[0]], [[0.0] for _ in vectors]
    coordinates = np.linalg.lstsq(np.stack(spanning).T, np.stack(vectors).T, rcond=None)[0]  # kept × vectors
    coordinates[:, kept] = np.eye(len(kept))
    return spanning, [list(column) for column in coordinates.T]
