"""Real hands of one strategy-chart line, dealt at random among them: what a drill puts in front of you.

A drill of "4 to a flush" must deal a hand that line plays, and any of them as often as a real
deal would: not the example on record again, not the same few.  Dealing at random and throwing
away the hands of other lines is too slow for the rare lines (4 to a royal is 936 deals of
2,598,960: thousands of tries), so the deal goes through the solver's suit classes instead.  The
chart plays every class once (a quarter of a second, then kept per chart); a class of the line is
picked with the chance of its weight (the hands it stands for), its suits renamed at random by one
of the renamings the game allows, and its cards put in a random order.  Every hand of the line is
then dealt with the same chance, the chance a real deal gives it among them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import Chart, class_patterns
from videopoker.analysis.solve.draws import draw_tables
from videopoker.deck.cards import JOKER_INDEX, MOST_JOKERS, Card, RandomLike, full_deck, shuffled
from videopoker.deck.suits import Symmetries

#: Per chart (kept alive beside its key, so an id is never reused while it is here): the line,
#: from 0, that plays each dealt-hand class.
_LINES: dict[int, tuple[Chart, npt.NDArray[np.int64]]] = {}
#: Per chart and line (from 0): the classes it plays and their running weights.
_CLASSES: dict[tuple[int, int], tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}


def class_lines(chart: Chart) -> npt.NDArray[np.int64]:
    """The line (from 0; ``len(chart.lines)`` where none fits) that plays each dealt-hand class."""
    kept = _LINES.get(id(chart))
    if kept is None or kept[0] is not chart:
        _, lines = chart.play(class_patterns(chart.game), draw_tables(chart.game).class_hands)
        kept = _LINES[id(chart)] = (chart, lines)
    return kept[1]


def line_index(chart: Chart, number: int) -> int:
    """A line as :meth:`Chart.play` counts it (from 0) from a player's number (from 1; 0: none fits)."""
    return number - 1 if number else len(chart.lines)


def hands_of_line(chart: Chart, number: int) -> int:
    """How many of the deck's dealt hands line ``number`` plays (0: a line no hand reaches)."""
    _, running = _line_classes(chart, line_index(chart, number))
    return int(running[-1]) if len(running) else 0


def _line_classes(chart: Chart, line: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    key = (id(chart), line)
    if key not in _CLASSES:
        members = np.flatnonzero(class_lines(chart) == line)
        weights = draw_tables(chart.game).class_weights[members]
        _CLASSES[key] = (members, np.cumsum(weights, dtype=np.int64))
    return _CLASSES[key]


def deal_of_line(chart: Chart, number: int, rng: RandomLike) -> tuple[Card, ...] | None:
    """A dealt hand that line ``number`` of ``chart`` plays, each of them as likely as the next;
    None where the line plays no hand at all.

    >>> from random import Random
    >>> from videopoker.analysis.charts.derive import chart_for
    >>> from videopoker.machine.training import chart_line_of
    >>> from videopoker.paytable import resolve_paytable
    >>> table = resolve_paytable("jacks-or-better-9-6")
    >>> chart = chart_for(table, 5)
    >>> dealt = deal_of_line(chart, 7, Random(1))
    >>> chart_line_of(chart, table, dealt).words
    '4 to a flush'
    """
    members, running = _line_classes(chart, line_index(chart, number))
    if not len(members):
        return None
    pick = rng.randrange(int(running[-1]))
    chosen = int(members[int(np.searchsorted(running, pick, side="right"))])
    hand = draw_tables(chart.game).class_hands[chosen]
    definition = chart.game.definition
    return tuple(shuffled(renamed(hand, _renamings(definition.symmetries), rng, definition.deck), rng))


def _renamings(allowed: Symmetries) -> Sequence[tuple[int, ...]]:
    """The suit renamings the game allows (every one, unless single cards are wild or named)."""
    return allowed if allowed is not None else tuple(itertools.permutations(range(4)))


def renamed(hand: Sequence[int] | npt.NDArray[np.uint8], renamings: Sequence[tuple[int, ...]],
            rng: RandomLike, deck: Sequence[Card] = full_deck(MOST_JOKERS)) -> list[Card]:
    """The cards of ``hand`` (places in ``deck``) with their suits renamed by one of ``renamings``, at
    random (a joker and the fifth ace have no suit of the four to rename)."""
    sigma = renamings[rng.randrange(len(renamings))]
    return [deck[card] if card >= JOKER_INDEX else Card(int(card) - int(card) % 4 + sigma[int(card) % 4])
            for card in hand]
