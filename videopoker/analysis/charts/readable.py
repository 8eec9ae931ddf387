"""A chart people can learn from: the exact chart said in the concepts players learn.

The exact derivation (:mod:`~videopoker.analysis.charts.derive`) orders the fine patterns ("4 to an outside
straight flush, 1 high card"); played literally it is near perfect, but read as a chart it names the
variants of one idea on many lines, or strings them together with "or", often only because no hand
cares where a variant goes.  Published charts say each idea once ("4 to a straight flush"), in the
words players learn, and name an exception only where one matters.  This pass rewrites the order
that way, each step priced exactly:

* a line may be named by a concept (:func:`~videopoker.analysis.charts.patterns.concept_chains`); as a chart
  reads, the name takes every pattern of the concept that no line above took, so the variants of it
  that must stay higher stay as lines of their own above it: the exceptions ("QJ suited" above
  "2 to a royal without a ten");
* *gathering* a concept at a line names that line by the concept and empties the lines below that
  held its variants; *removing* a line leaves its patterns to a concept below, or to discarding;
  *joining* puts two lines on one where one line still says one thing: made hands ("flush or
  straight"), or cards of one kind said as a list ("AK, AQ, AJ unsuited");
* the step that saves a line for the least return is taken, while the chart costs at most its
  allowance more than the exact chart; steps that cost nothing and broaden a name are always taken.

A step changes the hold only of the dealt-hand classes that have a pattern whose line it changes, so
it is priced on those entries alone (:class:`Pricer`), and a step's price is kept while the lines it
changes stay as they were (lazy greedy: the cheapest step is priced again before it is taken, and
before the rewriting ends every step whose classes changed since is priced again).  The three
tables of the tests take 0.3-0.6 s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import NO_LINE, Vocabulary, listed
from videopoker.analysis.charts.entries import MADE_KINDS, TIE_ORDER_ARRAY, Entries
from videopoker.analysis.charts.patterns import Pattern
from videopoker.analysis.solve.draws import HOLDS, Progress, _quiet

#: A step whose price is below this share of the weighted total is free (a rounding error).
FREE = 1e-12
#: A line may join one of the nearest this many lines below it that it may join.
JOINS_BELOW = 3


@dataclass
class Line:
    """A line of the chart being rewritten: its names (concepts or patterns) and an identity that
    lasts while the line does (what says whether a pattern changed lines)."""

    ident: int
    names: list[int]


@dataclass
class State:
    """An order of lines, and the patterns each takes (the names' patterns no line above took)."""

    lines: list[Line]
    taken: list[list[int]] = field(default_factory=list)

    def copy(self) -> State:
        return State([Line(line.ident, list(line.names)) for line in self.lines])


@dataclass(frozen=True)
class Priced:
    """What a step does: the change in the weighted total, the classes whose hold changes, their
    new values and the patterns their holds now have, and the patterns the step moves."""

    change: float
    classes: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]
    patterns: npt.NDArray[np.int64]
    moved: list[int]


class Pricer:
    """The weighted total of a chart, kept per dealt-hand class with the pattern each class plays,
    so that a step is priced on the entries of the patterns it moves: a class switches to one of
    those if it now comes first, and a class that played one of them is played again."""

    def __init__(self, entries: Entries) -> None:
        self.entries = entries
        order = np.argsort(entries.pattern, kind="stable")
        bounds = np.searchsorted(entries.pattern[order], np.arange(len(entries.codes) + 1))
        self.entries_of = [order[bounds[p]:bounds[p + 1]] for p in range(len(entries.codes))]
        self.classes_of = [entries.klass[where] for where in self.entries_of]  # each class once: one entry a pattern
        self.ends = np.append(entries.starts[1:], len(entries.pattern))
        classes = len(entries.starts)
        self.values = np.zeros(classes)
        self.patterns = np.zeros(classes, dtype=np.int64)  # the pattern each class plays
        self.ties = np.zeros(classes, dtype=np.int64)      # ... and its hold's tie rank
        self.total = 0.0

    def _play(self, numbers: npt.NDArray[np.int64], classes: npt.NDArray[np.int64] | None
              ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The value, pattern and tie rank each of ``classes`` (all when None) plays."""
        entries = self.entries
        if classes is None:
            least = np.minimum.reduceat(numbers.take(entries.pattern) * HOLDS + entries.tie, entries.starts)
            rows = entries.rows
        else:
            lengths = self.ends[classes] - entries.starts[classes]
            offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
            where = np.repeat(entries.starts[classes] - offsets, lengths) + np.arange(int(lengths.sum()))
            least = np.minimum.reduceat(numbers.take(entries.pattern[where]) * HOLDS + entries.tie[where], offsets)
            rows = entries.rows[classes]
        tie = least % HOLDS
        holds = rows + TIE_ORDER_ARRAY.take(tie)
        return entries.by_class.take(holds), entries.pattern_by_class.take(holds), tie

    def reset(self, numbers: npt.NDArray[np.int64]) -> float:
        self.values, self.patterns, self.ties = self._play(numbers, None)
        self.total = self.entries.constant + float(np.dot(self.entries.weights, self.values))
        return self.total

    def change(self, numbers: npt.NDArray[np.int64], moved: list[int]) -> Priced:
        """What happens when the chart's line numbers become ``numbers``, of which only the patterns
        ``moved`` changed place among the others."""
        empty = np.zeros(0, dtype=np.int64)
        if not moved:
            return Priced(0.0, empty, np.zeros(0), empty, moved)
        entries = self.entries
        where = np.concatenate([self.entries_of[p] for p in moved])
        klass = entries.klass[where]
        is_moved = np.zeros(len(entries.codes), dtype=bool)
        is_moved[moved] = True
        lost = is_moved[self.patterns[klass]]  # classes that played a moved pattern: played again
        again = klass[lost & (entries.pattern[where] == self.patterns[klass])]  # each such class once
        where, klass = where[~lost], klass[~lost]
        score = numbers.take(entries.pattern[where]) * HOLDS + entries.tie[where]
        better = score < numbers.take(self.patterns[klass]) * HOLDS + self.ties[klass]
        where, klass, score = where[better], klass[better], score[better]
        order = np.lexsort((score, klass))
        first = order[np.concatenate(([True], klass[order][1:] != klass[order][:-1]))] if len(order) else order
        switch = where[first]
        values, patterns, ties = self._play(numbers, again) if len(again) else (np.zeros(0), empty, empty)
        classes = np.concatenate((klass[first], again))
        values = np.concatenate((entries.value[switch], values))
        patterns = np.concatenate((entries.pattern[switch], patterns))
        ties = np.concatenate((entries.tie[switch], ties))
        change = float(np.dot(entries.weights[classes], values - self.values[classes]))
        return Priced(change, classes, values, patterns * HOLDS + ties, moved)

    def take(self, priced: Priced) -> None:
        self.values[priced.classes] = priced.values
        self.patterns[priced.classes] = priced.patterns // HOLDS
        self.ties[priced.classes] = priced.patterns % HOLDS
        self.total += priced.change

    def changed_since(self, priced: Priced, touched: npt.NDArray[np.int64], since: int) -> bool:
        """Whether a class that has a pattern ``priced`` moves changed its play after step ``since``."""
        return any(len(self.classes_of[p]) and touched[self.classes_of[p]].max() > since for p in priced.moved)


class Rewriter:
    """The chart being rewritten, in names, and what its steps cost."""

    def __init__(self, entries: Entries, words: Vocabulary, progress: Progress = _quiet) -> None:
        self.entries, self.words, self.progress = entries, words, progress
        self.index = {int(code): place for place, code in enumerate(entries.codes)}
        self.members = {name: frozenset(fine) for name, fine in words.members.items()}
        self.pricer = Pricer(entries)
        self.idents = 0
        self.sorts: dict[int, str | None] = {}

    def sort(self, name: int) -> str | None:
        """What lines a name may share: "made" for made hands, a list's kind for cards said as a
        list, None for a name that is a line alone."""
        if name not in self.sorts:
            pattern = Pattern.unpack(name)
            self.sorts[name] = "made" if pattern.kind in MADE_KINDS else \
                f"{pattern.kind} {pattern.cards} {pattern.wilds}" if listed(name) else None
        return self.sorts[name]

    def fine(self, name: int) -> frozenset[int]:
        """The patterns a name holds (a pattern holds itself)."""
        return self.members.get(name, frozenset((name,)))

    def new_line(self, names: list[int]) -> Line:
        self.idents += 1
        return Line(self.idents, names)

    def expand(self, state: State) -> State:
        """The patterns each line takes; lines that take none are gone."""
        placed: set[int] = set()
        kept, taken = [], []
        for line in state.lines:
            codes = [code for name in line.names for code in sorted(self.fine(name)) if code not in placed]
            codes = list(dict.fromkeys(code for code in codes if code in self.index))
            if not codes:
                continue
            placed.update(codes)
            kept.append(line)
            taken.append(codes)
        return State(kept, taken)

    def numbers(self, state: State) -> npt.NDArray[np.int64]:
        """Each pattern's line (NO_LINE when no line takes it; discarding at the end at the latest)."""
        numbers = np.full(len(self.entries.codes), NO_LINE, dtype=np.int64)
        for rank, codes in enumerate(state.taken):
            numbers[[self.index[code] for code in codes]] = rank
        discard = self.entries.discard
        numbers[discard] = min(int(numbers[discard]), len(state.taken))
        return numbers

    def where(self, state: State) -> dict[int, int]:
        """Each placed pattern's line identity."""
        return {self.index[code]: line.ident for line, codes in zip(state.lines, state.taken) for code in codes}


def rewrite(entries: Entries, words: Vocabulary, lines: list[list[int]], allowance: float,
            progress: Progress = _quiet) -> list[list[int]]:
    """The chart of fine pattern ``lines`` (codes, best first) rewritten in concepts, costing at most
    ``allowance`` (a share of the weighted total) more than it does; its lines as pattern codes."""
    rewriter = Rewriter(entries, words, progress)
    state = rewriter.expand(State([rewriter.new_line([code]) for line in lines for code in line]))
    total = rewriter.pricer.reset(rewriter.numbers(state))
    floor = total - allowance * entries.scale
    state = _greedy(rewriter, state, floor)
    return [list(codes) for codes in state.taken]


Step = tuple[str, int, int, int]


def _steps(rewriter: Rewriter, state: State) -> dict[tuple[int, ...], Step]:
    """Every step from ``state``, by what it does to which lines (their identities): ("gather",
    line, name, concept), the same taking the variants above the line too ("gather all"),
    ("remove", line), ("join", upper, lower)."""
    words = rewriter.words
    steps: dict[tuple[int, ...], Step] = {}
    last = len(state.lines) - 1
    discard = [int(rewriter.entries.codes[rewriter.entries.discard])]
    for place, line in enumerate(state.lines):
        for name in line.names:
            for concept in (name, *words.above(name)):
                if concept != name:
                    steps[(0, line.ident, name, concept)] = ("gather", place, name, concept)
                inside = rewriter.fine(concept)
                if any(rewriter.fine(other) <= inside for upper in state.lines[:place] for other in upper.names):
                    steps[(3, line.ident, name, concept)] = ("gather all", place, name, concept)
        if not (place == last and line.names == discard):
            steps[(1, line.ident)] = ("remove", place, 0, 0)
    for i, upper in enumerate(state.lines):
        near = 0
        for j in range(i + 1, len(state.lines)):  # the nearest few lines below that it may join
            if near < JOINS_BELOW and _joinable(rewriter, upper.names, state.lines[j].names):
                steps[(2, upper.ident, state.lines[j].ident)] = ("join", i, j, 0)
                near += 1
    return steps


def _joinable(rewriter: Rewriter, upper: list[int], lower: list[int]) -> bool:
    """Two lines may be one when it still says one thing: made hands of different concepts, or cards
    of one kind said as one list."""
    names = upper + lower
    sorts = {rewriter.sort(name) for name in names}
    if len(sorts) != 1 or None in sorts:
        return False
    if sorts == {"made"}:  # each a different concept
        roots = [rewriter.words.above(name)[-1:] or (name,) for name in names]
        return len(set(roots)) == len(roots)
    return True


def _apply(rewriter: Rewriter, state: State, step: Step) -> State:
    """The state after ``step``: a gathered concept takes its variants' places on and below its line
    (and above it: "gather all", when an exception above is not worth its line)."""
    kind, a, b, c = step
    new = state.copy()
    lines = new.lines
    if kind.startswith("gather"):
        inside = rewriter.fine(c)
        line = lines[a]
        line.names = [c if name == b else name for name in line.names
                      if name == b or not rewriter.fine(name) <= inside]
        for other in lines[a + 1:] + (lines[:a] if kind == "gather all" else []):
            other.names = [name for name in other.names if not rewriter.fine(name) <= inside]
    elif kind == "remove":
        del lines[a]
    else:
        lines[a].names += lines[b].names
        del lines[b]
    new.lines = [line for line in lines if line.names]
    return rewriter.expand(new)


@dataclass
class Option:
    """A step priced: the new state, what it saves and costs, its ranking score, and the lines
    (identities) whose patterns it changes, so that it is priced again when one of them changes."""

    state: State
    priced: Priced
    saved: int
    score: float
    lines: frozenset[int]
    taken: int  # the steps taken when it was priced


def _price(rewriter: Rewriter, state: State, where_now: dict[int, int], step: Step, taken: int) -> Option:
    """A step's option; its score is infinite when it neither saves a line nor broadens a name for
    free."""
    new = _apply(rewriter, state, step)
    saved = len(state.lines) - len(new.lines)
    where = rewriter.where(new)
    moved = [p for p in set(where) | set(where_now) if where.get(p) != where_now.get(p)]
    lines = frozenset(ident for p in moved for ident in (where.get(p), where_now.get(p)) if ident is not None)
    priced = rewriter.pricer.change(rewriter.numbers(new), moved)
    cost = -priced.change
    if saved > 0:
        score = cost / saved
    elif step[0].startswith("gather") and cost <= FREE * rewriter.entries.scale:
        score = cost - 1.0  # a free broadening goes first
    else:
        score = np.inf
    return Option(new, priced, saved, score, lines, taken)


def _greedy(rewriter: Rewriter, state: State, floor: float) -> State:
    """Take the step that saves a line for least, while the total stays above ``floor``.  A step's
    price is kept until a line it changes changes; the step to take is priced again first, and a
    step not taken is priced again, before the rewriting ends, if a step taken since changed the
    play of one of its classes."""
    pricer = rewriter.pricer
    options: dict[tuple[int, ...], Option] = {}
    touched = np.zeros(len(pricer.values), dtype=np.int64)  # per class, the steps taken when it last changed
    taken = 0
    while True:
        rewriter.progress(0.95, "wording")  # also where a caller may stop the work (by raising)
        where_now = rewriter.where(state)
        steps = _steps(rewriter, state)
        while True:
            best_key, best = None, None
            for key, step in steps.items():
                if key not in options:
                    options[key] = _price(rewriter, state, where_now, step, taken)
                option = options[key]
                if option.score == np.inf or pricer.total + option.priced.change < floor:
                    continue
                if best is None or option.score < best.score:
                    best_key, best = key, option
            if best is None or best_key is None:
                stale = [key for key in steps if pricer.changed_since(options[key].priced, touched, options[key].taken)]
                if not stale:
                    return state
                for key in stale:
                    options[key] = _price(rewriter, state, where_now, steps[key], taken)
                continue
            if best.taken == taken:
                break
            options[best_key] = _price(rewriter, state, where_now, steps[best_key], taken)
        pricer.take(best.priced)
        taken += 1
        touched[best.priced.classes] = taken
        before = {line.ident: codes for line, codes in zip(state.lines, state.taken)}
        state = best.state
        after = {line.ident: codes for line, codes in zip(state.lines, state.taken)}
        changed = {ident for ident, codes in before.items() if after.get(ident) != codes}
        for key, option in list(options.items()):
            if changed & option.lines or changed.intersection(key[1:3] if key[0] == 2 else key[1:2]):
                del options[key]  # a step on a line that changed is another step now
