"""A strategy chart derived from the exact solution, for any paytable, and what following it costs.

Every hold of every dealt-hand class has a pattern (:mod:`~videopoker.analysis.charts.patterns`) and an
exact value (:func:`~videopoker.analysis.solve.tally.common_values`).  A chart is an order of patterns;
a class plays the first pattern of the order that one of its holds has.  The derivation:

1. For each class, the pattern of its best named hold; putting any other of its patterns above
   that one would cost the class ``weight × (best − that pattern's value)``.  Summed over classes
   these costs form a matrix ``W[best, other]``.
2. An order of the patterns that keeps the total cost of the pairs it puts the wrong way round
   small (a weighted feedback arc set): patterns moved one at a time to their best place until no
   move helps, each move priced in O(patterns) from prefix sums of ``W``.
3. The order is then played exactly and mended by moving single lines up while that raises the
   exact return (every move is priced at once from one pass over the classes), or, when no single
   move helps, a line with the lines it must not pass (:func:`_drag`).  Lines that never decide a
   hand go.
4. The whole chart is then said as people learn it (:mod:`~videopoker.analysis.charts.readable`): each
   line one concept in a player's words ("4 to a straight flush"), its exceptions as lines above
   it, for at most READABLE_ALLOWANCE of return.
5. For a chart of at most N lines, lines whose removal or joining costs nothing go or are joined,
   then the removal or join (two lines of one kind of hand, the lower moving up into the higher)
   that costs least is made, a few mending moves after each, until N are left.  Short charts are
   derived over the broad names ("4 to a flush"), which cut better.

A chart is played on the classes as a sparse list: per class, the first hold (in the chart's tie
order) of each pattern it has, about 770,000 entries for 52 cards.  A chart's exact return is a
minimum per class over them, a few milliseconds, which is what makes the search affordable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import NO_LINE, Chart, ChartLine, Vocabulary, class_patterns, vocabulary
from videopoker.analysis.charts.entries import MADE_KINDS, TIE_ORDER_ARRAY, Entries, run_starts
from videopoker.analysis.charts.patterns import UNNAMED, Kind, Pattern, describe
from videopoker.analysis.charts.readable import rewrite
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import HAND, HOLDS, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import (
    Analysis,
    analyze,
    class_values,
    holds_analysis,
    pay_vector,
)
from videopoker.analysis.solve.tally import first_best
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable

#: A removal or a join that changes the return by less than this (a rounding error) is free.
FREE = 1e-12
#: What the whole chart may cost beyond the exact order it is worded from, as a share of perfect
#: play's return, for lines that each say one thing in a player's words (:mod:`readable`): 0.001%.
READABLE_ALLOWANCE = 1e-5
#: At most this many single-line moves when polishing an order (each one exact).
MOST_MOVES = 30
#: ... and after each line is cut or joined.
MOVES_AFTER_CUT = 5


@dataclass(frozen=True, eq=False)
class ChartReturn:
    """A chart and its exact return table, beside perfect play's, and how it played each dealt-hand
    class: what :func:`departures` reads, so a check solves the chart once."""

    chart: Chart
    analysis: Analysis
    optimal: Analysis
    values: npt.NDArray[np.float64]   # every hold's common value, per class
    holds: npt.NDArray[np.int64]      # the hold the chart keeps, per class
    lines: npt.NDArray[np.int64]      # its line, from 0 (len(lines) when no line fits), per class

    @property
    def rtp(self) -> Fraction:
        return self.analysis.rtp

    @property
    def cost(self) -> Fraction:
        return self.optimal.rtp - self.rtp


def chart_return(chart: Chart, paytable: Paytable, coins: int | None = None,
                 values: npt.NDArray[np.float64] | None = None) -> ChartReturn:
    """The exact return of playing ``chart`` literally on every dealt hand of ``paytable``
    (``values``: the classes' :func:`~videopoker.analysis.solve.exact.class_values`, when already known)."""
    bet = paytable.base_bet(coins)
    if chart.game is not paytable.game:
        raise VideoPokerError(f"the chart is for {chart.game.title}; {paytable.name!r} is {paytable.game.title}")
    values = class_values(paytable, bet) if values is None else values
    holds, lines = chart.play(class_patterns(paytable.game), draw_tables(paytable.game).class_hands)
    return ChartReturn(chart, holds_analysis(paytable, bet, values, holds), analyze(paytable, bet), values, holds,
                       lines)


def derive_chart(paytable: Paytable, coins: int | None = None, most_lines: int | None = None,
                 progress: Progress = _quiet) -> ChartReturn:
    """The chart for ``paytable``: every line that matters, or the best of at most ``most_lines``
    lines that keep cards (the closing "discard everything" is not counted)."""
    bet = paytable.base_bet(coins)
    game = paytable.game
    tables = draw_tables(game, progress)
    progress(0.5, "patterns")
    patterns = class_patterns(game)
    values = class_values(paytable, bet)
    vocabulary_ = vocabulary(game)
    candidates: list[tuple[float, list[list[int]]]] = []

    def derive(entries: Entries, step: float) -> int:
        """Order and mend over ``entries``' patterns, then word the whole chart or shorten it; the
        length before anything is cut."""
        progress(step, "ordering")
        lines = _refine(entries, [[pattern] for pattern in _pairwise_order(entries)], MOST_MOVES, progress)
        if most_lines is None:  # the whole chart, said as people learn it
            progress(0.9, "wording")
            coded = rewrite(entries, vocabulary_, [[int(entries.codes[p]) for p in line] for line in lines],
                            READABLE_ALLOWANCE, progress)
            candidates.append((0.0, coded))
            return len(coded)
        entries = entries.keeping([pattern for line in lines for pattern in line])
        lines = _shorten(entries, lines, None, progress)
        free = _holding(entries, lines)
        lines = _shorten(entries, lines, most_lines, progress)
        coded = [[int(entries.codes[p]) for p in line] for line in lines]
        candidates.append((_total(entries, lines), [[fine for code in line for fine in
                                                     vocabulary_.members.get(code, (code,))] for line in coded]))
        return free

    # A short chart is derived over the broad names ("4 to a flush"); the fine patterns are tried too
    # when the chart may be at least as long as the broad chart is before any cut (below that, cutting
    # fine lines one by one does worse: 1.0% against 0.1% at 12 lines for 9/6 Jacks or Better).
    broad_length = derive(Entries(vocabulary_.broad_patterns(patterns), values, tables.class_weights), 0.6) \
        if most_lines is not None else 0
    if most_lines is None or most_lines >= broad_length:
        derive(Entries(patterns, values, tables.class_weights, vocabulary_), 0.8)
    best = max(candidates, key=lambda candidate: candidate[0])
    discard = int(vocabulary_.words["discard everything"][0])
    if not any(discard in line for line in best[1]):
        best[1].append([discard])  # the last line says what to do when nothing fits
    # The game's top hand kept whole as dealt goes on the first line: a short chart may have cut it
    # or put "4 to a royal" above it (a dealt royal is four hands in 2.6 million), but no chart
    # should tell a player to break up a royal; on one line the hold of more cards wins.
    top = _top_hand(vocabulary_)
    lines = [kept for line in best[1] if (kept := [code for code in line if code not in top])]
    if most_lines is None and not all(Pattern.unpack(code).kind in MADE_KINDS for code in lines[0]):
        lines.insert(0, top)  # the whole chart's first line of draws keeps its one thought
    else:
        lines[0] = [*top, *lines[0]]
    chart = Chart(game, tuple(ChartLine(tuple(line)) for line in lines))
    progress(1.0, "done")
    return chart_return(chart, paytable, bet, values)


def _top_hand(words: Vocabulary) -> list[int]:
    """The patterns that keep the game's first hand (the royal, its jackpot) whole as dealt."""
    return [code for code in words.codes if (pattern := Pattern.unpack(code)).kind is Kind.MADE
            and pattern.cards == HAND and pattern.detail == 0]


def _pairwise_order(entries: Entries) -> list[int]:
    """Patterns ordered so that each class's best pattern tends to come before its others."""
    count = len(entries.codes)
    top = np.maximum.reduceat(entries.value, entries.starts)
    ends = np.diff(np.append(entries.starts, len(entries.value)))
    best_value = top.repeat(ends)
    is_best = entries.value == best_value
    # each class's best pattern: the first entry of the class reaching its top
    first_best = np.minimum.reduceat(np.where(is_best, np.arange(len(is_best)), len(is_best)), entries.starts)
    best_pattern = entries.pattern[first_best].repeat(ends)
    loss = entries.entry_weights * (best_value - entries.value)
    matrix = np.bincount(best_pattern * count + entries.pattern, weights=loss,
                         minlength=count * count).reshape(count, count)
    np.fill_diagonal(matrix, 0.0)
    # W[b, k]: the cost of putting k above b.  Start with the patterns that lose most when passed.
    order = list(np.argsort(-(matrix.sum(axis=1) - matrix.sum(axis=0)), kind="stable"))
    improved = True
    while improved:
        improved = False
        for x in list(order):
            place = order.index(x)
            rest = np.array(order[:place] + order[place + 1:])
            # D[s] = W[s, x] - W[x, s]: the change when x moves from below s to above it
            change = matrix[rest, x] - matrix[x, rest]
            # cost of x at slot q (0..len(rest)) relative to x at the very bottom: moving x above
            # rest[q:] changes the cost by the sum of D over them
            above = np.concatenate((np.cumsum(change[::-1])[::-1], [0.0]))
            slot = int(np.argmin(above))
            if above[slot] < above[place] - 1e-6:
                order = [*rest[:slot].tolist(), x, *rest[slot:].tolist()]
                improved = True
    return [int(p) for p in order]


def _numbers(entries: Entries, lines: list[list[int]]) -> npt.NDArray[np.int64]:
    numbers = np.full(len(entries.codes), NO_LINE, dtype=np.int64)
    for rank, line in enumerate(lines):
        numbers[line] = rank
    numbers[entries.discard] = min(int(numbers[entries.discard]), len(lines))
    return numbers


def _holding(entries: Entries, lines: list[list[int]]) -> int:
    """The lines that keep cards: all but a line that only discards everything."""
    return sum(line != [entries.discard] for line in lines)


def _total(entries: Entries, lines: list[list[int]]) -> float:
    return entries.play(_numbers(entries, lines))[1]


def _refine(entries: Entries, lines: list[list[int]], most_moves: int = MOST_MOVES,
            progress: Progress = _quiet) -> list[list[int]]:
    """Drop the lines no class plays, then move single lines up while the exact return rises."""
    lines = _used(entries, lines)
    scale = entries.scale
    for _ in range(most_moves):
        progress(0.7, "ordering")  # also where a caller may stop the work (by raising)
        costs = _step_costs(entries, lines)
        moves = np.triu(costs.passing_up, 1)  # moves[i, j]: line j moved up to i
        i, j = np.unravel_index(int(np.argmin(moves)), moves.shape)
        if moves[i, j] >= -FREE * scale or j >= len(lines):
            dragged = _drag(entries, lines, costs.passing)
            if dragged is None:
                break
            lines = dragged
            continue
        lines = [*lines[:i], lines[j], *lines[i:j], *lines[j + 1:]]
    return _used(entries, lines)


#: How many of the most promising moves that drag lines along are priced exactly, when no single
#: move helps.
DRAGS_PRICED = 6


def _drag(entries: Entries, lines: list[list[int]], passing: npt.NDArray[np.float64]) -> list[list[int]] | None:
    """A better order, when one line should pass lines that others must stay below: "three aces"
    belongs above "full house" (aces full is broken up in Double Double Bonus) but below "four
    aces", which sits lower, harmless, where no hand minds.  Moving one line at a time never gets
    there; moving line j up to i with the lines it must not pass (and the ones those must not pass)
    does.  The moves whose passes gain most are priced exactly; the best that helps is made."""
    scale, size = entries.scale, len(lines)
    found: list[tuple[float, int, int]] = []
    for j in range(1, size):
        column = passing[:j, j]
        blocked = column > FREE * scale
        if not blocked.any():
            continue
        gain = np.cumsum(np.minimum(column, 0.0)[::-1])[::-1]  # from passing every line from i down
        last_block = int(np.flatnonzero(blocked)[-1])
        for i in range(last_block + 1):
            if gain[i] < -FREE * scale:
                found.append((float(gain[i]), i, j))
    best, best_total = None, _total(entries, lines) + FREE * scale
    for _, i, j in sorted(found)[:DRAGS_PRICED]:
        along = {j}
        for k in range(j, i - 1, -1):  # a line goes along when one going along must not pass it
            if k not in along and any(passing[k, m] > FREE * scale for m in along):
                along.add(k)
        order = [*lines[:i], *(lines[k] for k in sorted(along)), *(lines[k] for k in range(i, j) if k not in along),
                 *lines[j + 1:]]
        total = _total(entries, order)
        if total > best_total:
            best, best_total = order, total
    return best


@dataclass(frozen=True)
class StepCosts:
    """What each change to a chart would cost, exactly, from one pass over the classes.

    ``passing[f, j]``: the fall in the weighted total when line j is put above line f, over the
    classes that play line f (each then keeps its hold of line j); ``sharing[f, j]``: the same when
    line j joins line f, where a class switches only if the tie rule prefers its hold of line j;
    ``removal[f]``: when line f goes, and the classes that play it keep their hold of the next line
    they have.  Line ``len(lines)`` stands for discarding when nothing fits.
    """

    passing: npt.NDArray[np.float64]
    sharing: npt.NDArray[np.float64]
    removal: npt.NDArray[np.float64]

    @property
    def passing_up(self) -> npt.NDArray[np.float64]:
        """``[i, j]``: the sum of ``passing[f, j]`` for f ≥ i, what putting line j above every line
        from i down to it costs."""
        return np.cumsum(self.passing[::-1], axis=0)[::-1]


def _step_costs(entries: Entries, lines: list[list[int]]) -> StepCosts:
    size = len(lines) + 1
    numbers = _numbers(entries, lines)
    line = numbers.take(entries.pattern)
    ends = np.diff(np.append(entries.starts, len(line)))
    least = np.minimum.reduceat(line * HOLDS + entries.tie, entries.starts)
    played, first_tie = least // HOLDS, least % HOLDS
    first_value = entries.by_class.take(entries.rows + TIE_ORDER_ARRAY.take(first_tie))
    below = np.flatnonzero((line < NO_LINE) & (line > played.repeat(ends)))
    # the best tie of each (class, line): entries run in tie order within each class, so a stable
    # sort by cell (nearly sorted already: a merge of short runs) puts each cell's best first
    cells = entries.klass[below] * size + line[below]
    order = np.argsort(cells, kind="stable")
    cells, below = cells[order], below[order]
    first = run_starts(cells)
    cells, below = cells[first], below[first]
    klass, where, tie = cells // size, cells % size, entries.tie[below]
    loss = entries.entry_weights[below] * (first_value[klass] - entries.value[below])
    cell = played[klass] * size + where
    passing = np.bincount(cell, weights=loss, minlength=size * size).astype(np.float64).reshape(size, size)
    preferred = tie < first_tie[klass]
    sharing = np.bincount(cell[preferred], weights=loss[preferred], minlength=size * size).astype(np.float64)
    runner = run_starts(klass)  # a class's next line is its first cell below the one it plays
    removal = np.bincount(played[klass[runner]], weights=loss[runner], minlength=size).astype(np.float64)
    return StepCosts(passing, sharing.reshape(size, size), removal[:len(lines)])


def _used(entries: Entries, lines: list[list[int]]) -> list[list[int]]:
    holds, _ = entries.play(_numbers(entries, lines))
    played = set(np.unique(entries.pattern_by_class.take(entries.rows + holds)).tolist()) | {entries.discard}
    return [kept for line in lines if (kept := [p for p in line if p in played])]


#: Most patterns a line names (after broad names), so that a line stays one thought; made hands
#: ("three of a kind, straight, flush or full house") may list more.
MOST_PARTS = 3
MOST_MADE_PARTS = 10


def _joinable(entries: Entries, a: list[int], b: list[int]) -> bool:
    """Whether two lines may become one and still read as one line."""
    groups = {entries.group(p) for p in a + b}
    if len(groups) > 1:
        return False
    return entries.parts(a + b) <= (MOST_MADE_PARTS if groups == {"made"} else MOST_PARTS)


def _shorten(entries: Entries, lines: list[list[int]], most: int | None,
             progress: Progress = _quiet) -> list[list[int]]:
    """Drop and join lines: the free ones always, then the cheapest until ``most`` that keep cards
    are left.

    Joining line j into line i above it puts j's patterns at i: the classes that play a line
    between them switch to their hold of line j, and those that play line i to whichever hold of
    the two the tie rule prefers.
    """
    scale = entries.scale
    while len(lines) > 1:
        progress(0.9, "shortening")
        costs = _step_costs(entries, lines)
        removal, sharing, between = costs.removal, costs.sharing, costs.passing_up
        if lines[-1] == [entries.discard]:
            removal[-1] = np.inf  # the last line says what to do when nothing fits
        size = len(lines)
        # joins[i, j] = sharing[i, j] + sum of passing[f, j] for i < f < j
        joins = np.full((size, size), np.inf)
        for i in range(size):
            for j in range(i + 1, size):
                if _joinable(entries, lines[i], lines[j]):
                    joins[i, j] = sharing[i, j] + between[i + 1, j]
        free = [place for place in range(size) if removal[place] <= FREE * scale]
        if len(free) > 1:  # lines that are each free to remove are usually free together: check
            trial = [line for place, line in enumerate(lines) if place not in free]
            if abs(_total(entries, trial) - _total(entries, lines)) <= FREE * scale:
                lines = _used(entries, trial)
                continue
        remove_at = int(np.argmin(removal))
        join_i, join_j = np.unravel_index(int(np.argmin(joins)), joins.shape)
        cost = min(removal[remove_at], joins[join_i, join_j])
        if not np.isfinite(cost) or (cost > FREE * scale and (most is None or _holding(entries, lines) <= most)):
            break
        if joins[join_i, join_j] <= removal[remove_at]:
            lines = [*lines[:join_i], lines[join_i] + lines[join_j], *lines[join_i + 1:join_j], *lines[join_j + 1:]]
        else:
            lines = lines[:remove_at] + lines[remove_at + 1:]
        # a free step leaves the order as good as it was; after a costly one, a few moves may mend it
        lines = _used(entries, lines) if cost <= FREE * scale else _refine(entries, lines, MOVES_AFTER_CUT, progress)
    return lines


@dataclass(frozen=True)
class Departure:
    """A kind of dealt hand where the chart keeps less than the best hold: the chart's pattern and
    line, the best hold's pattern, and the costliest hand of the kind as the example."""

    hand: npt.NDArray[np.uint8]   # the example, sorted
    chart_hold: int               # mask over the sorted hand
    line: int                     # the chart's line, from 1 (0: no line fits)
    best_hold: int
    best_pattern: str             # the best hold's pattern in words ("" when it has none)
    cost: Fraction                # EV per coin the example loses when dealt
    dealt: int                    # dealt hands of this kind where the chart loses
    share: Fraction               # of the chart's whole cost


def departures(played: ChartReturn, most: int = 10) -> list[Departure]:
    """The ``most`` kinds of hand (chart's pattern, best hold's pattern) that cost most in all."""
    game, bet = played.chart.game, played.analysis.coins
    tables = draw_tables(game)
    values, holds, lines = played.values, played.holds, played.lines
    patterns = class_patterns(game)
    classes = np.arange(values.shape[1])
    best = first_best(values)
    loss = values[best, classes] - values[holds, classes]
    weighted = loss * tables.class_weights
    whole = float(weighted.sum())
    losing = np.flatnonzero(loss > 0)
    if not len(losing):
        return []
    kinds, kind_of = np.unique(np.stack((patterns[holds[losing], losing], patterns[best[losing], losing])),
                               axis=1, return_inverse=True)
    kind_of = kind_of.ravel()
    totals = np.bincount(kind_of, weights=weighted[losing])
    counts = np.bincount(kind_of, weights=tables.class_weights[losing].astype(np.float64))
    common = tables.common_draws
    found = []
    for kind in np.argsort(-totals, kind="stable")[:most]:
        members = losing[kind_of == kind]
        example = int(members[np.argmax(weighted[members])])
        best_code = int(kinds[1, kind])
        found.append(Departure(
            tables.class_hands[example], int(holds[example]), played.chart.number(int(lines[example])),
            int(best[example]),
            describe(game, best_code) if best_code != UNNAMED else "", Fraction(int(loss[example]), common * bet),
            int(counts[kind]), Fraction(totals[kind] / whole)))
    return found


_CHARTS: dict[tuple[str, bytes, int], Chart] = {}


def chart_for(paytable: Paytable, coins: int, derive: bool = True, progress: Progress = _quiet) -> Chart | None:
    """The full derived chart of ``paytable`` at ``coins``: from memory, from the analysis cache, or
    derived now (a few seconds) and kept in both; with ``derive=False``, None when not yet known.
    The trainer names the line of this chart that plays a dealt hand.  None for a game that pays
    hands by their places: a chart's patterns read the cards as sets."""
    if paytable.game.placed is not None:
        return None
    bet = paytable.base_bet(coins)
    game = paytable.game
    pays = pay_vector(paytable, bet).tobytes()
    key = (game.digest, pays, bet)
    if key in _CHARTS:
        return _CHARTS[key]
    file = cache_file("chart", game, "json", pays, bytes([bet]))
    chart = _load_chart(file, paytable)
    if chart is None:
        if not derive:
            return None
        chart = derive_chart(paytable, bet, progress=progress).chart
        text = json.dumps({"lines": [list(line.patterns) for line in chart.lines]}).encode()
        save(file, text)
    _CHARTS[key] = chart
    return chart


def _load_chart(file: Path, paytable: Paytable) -> Chart | None:
    """A cached chart, if whole and made of patterns the family has."""
    try:
        lines = json.loads(load(file) or b"null")["lines"]
        known = set(vocabulary(paytable.game).codes)
        if not lines or not all(isinstance(line, list) and line and set(line) <= known for line in lines):
            return None
        return Chart(paytable.game, tuple(ChartLine(tuple(int(code) for code in line)) for line in lines))
    except (OSError, ValueError, KeyError, TypeError):
        return None
