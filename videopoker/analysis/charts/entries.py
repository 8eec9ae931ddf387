"""What a chart can play, shared by the derivation (:mod:`~videopoker.analysis.charts.derive`) and
the wording (:mod:`~videopoker.analysis.charts.readable`): per dealt-hand class, the first hold of each
pattern it has (:class:`Entries`), the holds in the chart's tie order, and the kinds of pattern that
are made hands."""

from __future__ import annotations

import copy
from collections import Counter

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import CHART_TIE_ORDER, TIE_RANK, Vocabulary
from videopoker.analysis.charts.patterns import UNNAMED, Kind, Pattern
from videopoker.analysis.solve.draws import HOLDS

#: The holds in the chart's tie order (a tie rank is an index into it).
TIE_ORDER_ARRAY = np.array(CHART_TIE_ORDER, dtype=np.int64)

#: Kinds of pattern that are made hands, which one line may list ("flush or straight").
MADE_KINDS = (Kind.MADE, Kind.OF_A_KIND, Kind.TWO_PAIR)


class Entries:
    """Per class, the first hold (in the chart's tie order) of each pattern the class has.

    Arrays run over entries sorted by class: ``klass``, ``pattern`` (an index into ``codes``),
    ``hold``, ``value``; ``starts`` is where each class begins.
    """

    def __init__(self, patterns: npt.NDArray[np.int64], values: npt.NDArray[np.float64],
                 weights: npt.NDArray[np.int64], words: Vocabulary | None = None) -> None:
        #: the family's broad names, when the patterns are the fine ones (to count a line's names)
        self.words = words
        #: the weighted total of the classes no chart of the kept patterns can change
        self.constant = 0.0
        self._group_of: dict[int, str] = {}
        classes = patterns.shape[1]
        self.codes, ids = np.unique(patterns, return_inverse=True)
        ids = ids.reshape(patterns.shape)
        named = patterns != UNNAMED
        holds, klass = np.nonzero(named)
        pattern_ids = ids[holds, klass]
        # The first hold of each (class, pattern) in tie order: sort by class, pattern, tie rank.
        order = np.lexsort((TIE_RANK[holds], pattern_ids, klass))
        holds, klass, pattern_ids = holds[order], klass[order], pattern_ids[order]
        first = run_starts(klass, pattern_ids)
        klass, pattern_ids, holds = klass[first], pattern_ids[first], holds[first]
        by_tie = np.lexsort((TIE_RANK[holds], klass))  # within a class, in tie order (see _step_costs)
        self.klass, self.pattern, self.hold = klass[by_tie], pattern_ids[by_tie], holds[by_tie]
        self.value = values[self.hold, self.klass]
        self.weights = weights.astype(np.float64)
        self.entry_weights = self.weights[self.klass]
        self.tie = TIE_RANK[self.hold]
        self.starts = np.searchsorted(self.klass, np.arange(classes))
        self.best = values.max(axis=0)
        #: the weighted total of perfect play, to which small changes are compared
        self.scale = float(np.dot(self.weights, self.best))
        self.by_class = np.ascontiguousarray(values.T).ravel()
        self.rows = np.arange(classes) * HOLDS
        self.pattern_by_class = np.ascontiguousarray(ids.T).ravel()
        self.discard = int(np.searchsorted(self.codes, patterns[0, 0]))

    def play(self, lines: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], float]:
        """For a line number per pattern (``len(codes)`` long; large for patterns not in the chart),
        the hold each class plays and the total of its weighted values.  A class's least score
        ``line × 32 + tie rank`` names its hold through the tie rank, so no entry is looked up."""
        least = np.minimum.reduceat(lines.take(self.pattern) * HOLDS + self.tie, self.starts)
        holds = TIE_ORDER_ARRAY.take(least % HOLDS)
        return holds, self.constant + float(np.dot(self.weights, self.by_class.take(self.rows + holds)))

    def group(self, pattern: int) -> str:
        if pattern not in self._group_of:
            self._group_of[pattern] = kind_of_hand(int(self.codes[pattern]))
        return self._group_of[pattern]

    def parts(self, line: list[int]) -> int:
        """How many names a line's patterns take: one for a broad name whose patterns are all there."""
        if self.words is None:
            return len(line)
        broad = self.words.broad
        covers = Counter(broad.get(code, code) for code in {int(self.codes[p]) for p in line})
        return sum(1 if count == len(self.words.members.get(cover, (cover,))) else count
                   for cover, count in covers.items())

    def keeping(self, patterns: list[int]) -> Entries:
        """The entries of ``patterns`` and of discarding only: all a chart of them can play.  A class
        left with one entry plays it whatever the chart, so it leaves the search as a constant."""
        kept = np.zeros(len(self.codes), dtype=bool)
        kept[patterns] = True
        kept[self.discard] = True
        where = kept.take(self.pattern)
        entries = np.bincount(self.klass[where], minlength=len(self.starts))
        open_classes = entries > 1
        where &= open_classes.take(self.klass)
        subset = copy.copy(self)
        single = np.flatnonzero(~open_classes)
        # a class left with one entry keeps it: discarding everything, the hold of mask 0
        discard_value = self.by_class.take(self.rows[single])
        subset.constant = self.constant + float(np.dot(self.weights[single], discard_value))
        renumber = np.cumsum(open_classes) - 1
        for name in ("klass", "pattern", "hold", "value", "tie", "entry_weights"):
            setattr(subset, name, getattr(self, name)[where])
        subset.klass = renumber.take(subset.klass)
        subset.rows, subset.weights = self.rows[open_classes], self.weights[open_classes]
        subset.best = self.best[open_classes]
        subset.starts = np.searchsorted(subset.klass, np.arange(int(open_classes.sum())))
        return subset


def kind_of_hand(code: int) -> str:
    """Lines of one kind of hand may be joined: made hands; draws to a royal or straight flush;
    flush draws; straight draws; high cards; pairs; wild cards alone."""
    pattern = Pattern.unpack(code)
    if pattern.kind in MADE_KINDS:
        return "made"
    if pattern.kind in (Kind.ROYAL, Kind.STRAIGHT_FLUSH):
        return "straight flush draw"
    return pattern.kind.name


def run_starts(*keys: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Over rows sorted by ``keys``, where each run of equal keys begins."""
    starts = np.ones(len(keys[0]), dtype=bool)
    if len(starts) > 1:
        starts[1:] = ~np.logical_and.reduce([key[1:] == key[:-1] for key in keys])
    return starts
