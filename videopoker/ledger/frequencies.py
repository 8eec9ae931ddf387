"""Your hands against the odds of your holds: for each paying hand of a table, how many you made,
how many the holds you made were due, and how surprising the difference is, as an exact tail
probability ("Straight flush: 3 made, 0.412 due, too often: 1 in 16 (0.062)": three or more come
once in 16 such sessions), the most surprising first (``history --leaks``, the ledger screen).

Due at *your* holds, not at perfect play's: each hand drawn from the held cards ends in a category
with the exact chance of that hold's draw (its outcome count over the equally likely draws), so the
count made is the luck of the draw alone, whatever the play; a mistake shows in the leaks instead.
A round of N hands is N independent draws from the one hold (each hand draws from its own deck).
The count made is then a sum of independent draws of different chances (a Poisson-binomial law),
whose tail is computed exactly, to float rounding (:func:`count_law`, :func:`tail`).

Rounds at a feature's bet (above ``max_coins``) are left out, and counted: a multi-strike round
deals several hands with a hold each and keeps one on record.  A category means something per
game, so each table is counted on its own.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.ledger.report import chosen_tables, open_ledger, round_filter
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


#: Rounds whose draws are counted at once: the 32 holds' outcome counts of this many deals are a
#: few megabytes, where a million rounds at once would be gigabytes.
CHUNK = 4096
#: Sides of a count against what was due.
TOO_OFTEN, TOO_RARELY, AS_DUE = "too often", "too rarely", "as due"


@dataclass(frozen=True)
class Frequency:
    """One paying hand on one table: how many were made, how many the holds made were due, and the
    chance of a count at least that far from due on its side."""

    table: int                # the table's id in the ledger: an edited table is another table
    paytable: str             # its name
    reference: str            # the name it was played by (a shipped table's stem, else its file)
    category: PayCategory
    label: str                # the machine's name (``STRAIGHT FLUSH``)
    made: int
    expected: float
    tail: float               # P(X ≥ made) when too often, P(X ≤ made) when too rarely, 1 as due

    @property
    def side(self) -> str:
        return TOO_OFTEN if self.made > self.expected else TOO_RARELY if self.made < self.expected else AS_DUE

    @property
    def expected_text(self) -> str:
        """As players say it ("1.3 due"), a rare hand's to three figures: as the history's counts."""
        return f"{self.expected:,.1f}" if self.expected >= 1 else f"{self.expected:.3g}"

    def text(self) -> str:
        """``Straight flush: 3 made, 0.412 due, too often: 1 in 16 (0.062)``: the chance of a count
        this far from due or further on its side, as "1 in N" and as it is."""
        said = f"{self.label.capitalize()}: {self.made:,} made"
        if self.side == AS_DUE:
            return f"{said}, as due"
        odds = f"1 in {one_in_text(self.tail)} ({chance_text(self.tail)})"
        return f"{said}, {self.expected_text} due, {self.side}: {odds}"

    def to_json(self) -> dict[str, Any]:
        return {"paytable": self.paytable, "reference": self.reference, "hand": self.category, "label": self.label,
                "made": self.made, "expected": self.expected, "side": self.side, "tail": self.tail,
                "one_in": 1 / self.tail if self.tail else None}


@dataclass(frozen=True)
class Frequencies:
    """Every table's paying hands against the odds of the holds made, the most surprising first."""

    frequencies: list[Frequency]
    hands: int                # hands counted
    feature_rounds: int       # rounds at a feature's bet, left out

    def to_json(self) -> dict[str, Any]:
        return {"frequencies": [frequency.to_json() for frequency in self.frequencies],
                "feature_rounds": self.feature_rounds}


def chance_text(tail: float) -> str:
    """A tail as a chance, to two figures (``0.062``, ``3.1e-07``): how surprising, not a measure."""
    return f"{tail:.2g}" if tail else "<1e-308"


def one_in_text(tail: float) -> str:
    """A tail as "1 in N": ``1.6``, ``16``, ``2,581``, ``3.2e+12`` (past a million)."""
    if not tail:
        return ">1e308"
    odds = 1 / tail
    return f"{odds:.1f}" if odds < 9.95 else f"{odds:,.0f}" if odds < 999_999.5 else f"{odds:.2g}"


# -- the ledger's counts ------------------------------------------------------------------------

def frequencies(home: Path, paytable: str | None = None, since: datetime | None = None) -> Frequencies:
    """The paying hands of ``home``'s ledger against the odds of the holds made (of one table,
    since a time, where asked)."""
    opened = open_ledger(home)
    if opened is None:
        return Frequencies([], 0, 0)
    ledger = opened[0]
    try:
        tables = ledger.tables()
        chosen = chosen_tables(tables, paytable)
        where, parameters = round_filter(chosen, since)
        rounds = ledger.query(f"SELECT paytable, bet, hands, dealt, held FROM rounds WHERE {where}", parameters)
        joined, joined_parameters = round_filter(chosen, since, "r.")
        made = ledger.query("SELECT r.paytable, r.bet, h.category, count(*) FROM rounds r JOIN hands h "
                            f"ON h.round = r.id WHERE {joined} GROUP BY r.paytable, r.bet, h.category",
                            joined_parameters)
    finally:
        ledger.close()
    played: dict[int, list[tuple[int, int, int]]] = defaultdict(list)  # (hands, dealt, held) of each table
    feature_rounds = 0
    for table_id, bet, hands, dealt, held in rounds:
        if bet > tables[table_id][1].max_coins:
            feature_rounds += 1
        else:
            played[table_id].append((hands, dealt, held))
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for table_id, bet, category, n in made:
        if bet <= tables[table_id][1].max_coins:
            counts[(table_id, category)] += n
    found = [frequency for table_id, rows in sorted(played.items())
             for frequency in _table_frequencies(table_id, *tables[table_id], rows,
                                                 [counts[(table_id, place)] for place in
                                                  range(len(tables[table_id][1].game.categories))])]
    found.sort(key=lambda frequency: frequency.tail)  # stable: a table's hands stay in paying order
    return Frequencies(found, sum(hands for rows in played.values() for hands, _, _ in rows), feature_rounds)


def _table_frequencies(table: int, reference: str, paytable: Paytable, rows: Sequence[tuple[int, int, int]],
                       made: Sequence[int]) -> list[Frequency]:
    """Each paying hand of one table: made (``made`` by category place) against the odds of the
    holds of ``rows`` (hands, dealt, held)."""
    import numpy as np

    game = paytable.game
    hands = np.array([row[0] for row in rows], dtype=np.int64)
    chances, denominator = draw_chances(paytable, np.array([row[1] for row in rows], dtype=np.int64),
                                        np.array([row[2] for row in rows], dtype=np.int64))
    found = []
    for place, category in enumerate(game.categories):
        if category not in game.paying or not any(paytable.pays.get(category, ())):
            continue  # nothing, or a hand this table does not pay
        numerators, inverse = np.unique(chances[:, place], return_inverse=True)
        drawn = np.bincount(inverse.ravel(), weights=hands, minlength=len(numerators))
        groups = [(round(m), Fraction(int(numerator), denominator))
                  for numerator, m in zip(numerators.tolist(), drawn.tolist()) if m]
        expected = sum((m * chance for m, chance in groups), Fraction(0))
        count = made[place]
        side = 1 if count > expected else -1 if count < expected else 0
        found.append(Frequency(table, paytable.name, reference, category, game.label(category), count, float(expected),
                               tail(groups, count, side > 0) if side else 1.0))
    return found


def draw_chances(paytable: Paytable, dealt: npt.NDArray[np.int64], held: npt.NDArray[np.int64]
                 ) -> tuple[npt.NDArray[np.int64], int]:
    """For rounds dealt ``dealt`` (five card indexes packed six bits each, as the ledger keeps them)
    and held ``held`` (bit p: the card dealt in place p), each category's exact chance at the hold
    made, as numerators (rounds, categories) over one common denominator, which is returned too.

    Whole arrays, from the draw tables (a few thousand deals at once), not a hint per round: the
    same counts :func:`~videopoker.analysis.solve.hint.best_holds` gives, for a few microseconds a
    round instead of about a millisecond.
    """
    import numpy as np

    from videopoker.analysis.solve.draws import draw_tables

    draws = draw_tables(paytable.game)
    places = np.arange(5)
    cards = paytable.game.places[(dealt[:, None] >> (6 * places)) & 63]  # places in the deck, as analysed
    order = np.argsort(cards, axis=1, kind="stable")  # the analysis reads a hand sorted by place
    kept = (held[:, None] >> order) & 1  # the sorted hand's p-th card held: bit p of its mask
    masks = (kept << places).sum(axis=1)
    sorted_cards = np.take_along_axis(cards, order, axis=1).astype(np.uint8)
    counts = np.empty((len(dealt), len(paytable.game.categories)), dtype=np.int64)
    for start in range(0, len(dealt), CHUNK):
        chunk = slice(start, start + CHUNK)
        outcomes = draws.hold_outcomes(sorted_cards[chunk])
        counts[chunk] = outcomes[masks[chunk], np.arange(outcomes.shape[1])]
        if paytable.game.placed is not None:
            _turn_in_place(paytable, outcomes, cards[chunk], masks[chunk], counts[chunk])
    if paytable.game.placed is not None:
        from videopoker.analysis.solve.placed import ordered_draws

        return counts, ordered_draws(paytable.game)[-1]  # drawing five: a multiple of every other's count
    scale: npt.NDArray[np.int64] = draws.draw_scale[masks]
    return counts * scale[:, None], draws.common_draws


def _turn_in_place(paytable: Paytable, outcomes: npt.NDArray[np.int64], cards: npt.NDArray[np.int64],
                   masks: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]) -> None:
    """For a game that pays hands by their places: each round's counts of ``counts`` made the hint's,
    in ordered draws, over the ordered draws of five cards (``outcomes``: the rounds' counts as sets)."""
    from videopoker.analysis.solve.placed import ordered_draws, outcomes_in_place

    most = ordered_draws(paytable.game)[-1]
    for row, mask in enumerate(masks):
        in_place, ordered = outcomes_in_place(paytable.game, tuple(int(card) for card in cards[row]),
                                              outcomes[:, row, :])
        counts[row] = in_place[mask] * (most // int(ordered[mask]))


# -- the exact law of a count of independent draws -------------------------------------------------

def count_law(groups: Iterable[tuple[int, Fraction]]) -> tuple[int, npt.NDArray[np.float64]]:
    """The law of the number of successes of independent draws, ``m`` at chance ``p`` for each
    ``(m, p)`` of ``groups``: ``(first, pmf)``, ``pmf[i]`` the chance of ``first + i`` successes.

    Each group is a binomial law, its pmf from log-gamma (relative error about m·log m times the
    float epsilon: 1e-11 at m = 10,000); the groups are convolved directly (``numpy.convolve``), the
    entries that underflow to zero trimmed off the ends.  Direct, not by FFT: every term is positive,
    so each entry keeps its relative precision far out in the tails, where the surprising counts
    are; an FFT's error is absolute, about 1e-16 of the largest entry, and would wipe out a tail
    below that.  The ledger's few thousand rounds take milliseconds.

    >>> first, pmf = count_law([(2, Fraction(1, 2)), (1, Fraction(1))])
    >>> first, [round(float(chance), 12) for chance in pmf]
    (1, [0.25, 0.5, 0.25])
    """
    import numpy as np

    listed = [(m, Fraction(p)) for m, p in groups if m and p]
    top = max((m for m, p in listed if p < 1), default=0)
    log_factorials = np.array([math.lgamma(n + 1.0) for n in range(top + 1)])
    first, law = 0, np.ones(1)
    for m, p in sorted(listed, key=lambda group: group[0]):
        if p == 1:
            first += m  # a sure draw
            continue
        k = np.arange(m + 1)
        logs = (log_factorials[m] - log_factorials[k] - log_factorials[m - k]
                + k * math.log(float(p)) + (m - k) * math.log(float(1 - p)))
        law = np.convolve(law, np.exp(logs))
        kept = np.flatnonzero(law)
        first += int(kept[0])
        law = law[kept[0]:kept[-1] + 1]
    return first, law


def tail(groups: Iterable[tuple[int, Fraction]], made: int, upper: bool) -> float:
    """The chance that independent draws (``m`` at chance ``p`` for each ``(m, p)`` of ``groups``)
    succeed at least ``made`` times (``upper``), else at most ``made`` times: summed on its own side
    from the exact law, never one less the other side (which would cancel to nothing where it is
    most surprising).

    >>> round(tail([(3, Fraction(1, 2))], 3, upper=True), 12), round(tail([(3, Fraction(1, 2))], 0, upper=False), 12)
    (0.125, 0.125)
    """
    first, law = count_law(groups)
    place = made - first
    if upper:
        side = law[max(place, 0):] if place < len(law) else law[:0]
    else:
        side = law[:place + 1] if place >= 0 else law[:0]
    return min(1.0, float(side.sum()))  # the whole law sums to 1 to rounding, which may be above it
