"""Charts in tiers: a ladder of charts for one table, beginner to perfect, each the one below it with
lines added, each with its exact cost.

Published strategies come in tiers (Dancer and Daily write four a game) because a player learns a
short chart first and refines it; a refinement that reorders what he learned would make him learn
it again.  So every tier is the one above it with lines taken out, down from the whole chart
``videopoker strategy`` derives (:func:`~videopoker.analysis.charts.derive.chart_for`):

* A line says names ("4 to a flush", "high pair"), and a name takes every pattern of it that no line
  above took.  Each line is named as broadly as it can be and still play as it does, so a line taken
  out gives its hands to the broad name below that holds them ("QJ suited" to "2 to a royal"), or,
  *joined*, its names go down onto a line below of the same kind of hand ("high pair" onto "flush
  or straight": "flush or straight or high pair").  Read upwards, a tier adds lines and moves none:
  the exceptions a better player learns, above the line that held their hands.
* Each step takes out or joins the line that costs least, played exactly (a few milliseconds a
  chart, :meth:`~videopoker.analysis.charts.entries.Entries.play`), down to a few lines.
* A tier is the shortest chart of that walk within its cost (:data:`TARGETS`), a beginner's at most
  :data:`BEGINNER_MOST_LINES` lines; the perfect tier is the whole chart.  Every tier's return is
  then worked out exactly, as ``strategy check`` reads the chart.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.chart import (
    NO_LINE,
    TIE_RANK,
    Chart,
    ChartLine,
    Vocabulary,
    class_patterns,
    vocabulary,
)
from videopoker.analysis.charts.derive import MOST_MADE_PARTS, MOST_PARTS, ChartReturn, chart_for, chart_return
from videopoker.analysis.charts.entries import Entries, kind_of_hand
from videopoker.analysis.charts.exceptions import CONDITIONS, LineException, conditions_met
from videopoker.analysis.charts.patterns import UNNAMED
from videopoker.analysis.solve.draws import HOLDS, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import class_values, pay_vector
from videopoker.analysis.solve.tally import first_best
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable

#: The tiers, lowest first, as ``strategy --tier`` names them.
TIERS = ("beginner", "intermediate", "advanced", "perfect")
#: Each tier below perfect is the shortest chart within this cost, a share of the bet (0.0015: 0.15%).
TARGETS = {"beginner": 1.5e-3, "intermediate": 3e-4, "advanced": 1e-4}
#: A beginner's chart has at most this many lines that keep cards, whatever it costs.
BEGINNER_MOST_LINES = 15
#: The walk down stops at this many lines that keep cards.
FEWEST_LINES = 6
#: A gain below this share of the weighted total is a rounding error, not a gain.
FREE = 1e-12
#: A line may join one of the nearest this many lines below it of its kind of hand.
JOINS_BELOW = 3

#: A chart as names: per line, its identity and the names it says.
Named = list[tuple[int, list[int]]]


@dataclass(frozen=True)
class Tier:
    """One rung of the ladder: its chart played exactly, and which of its lines are new at it."""

    name: str
    played: ChartReturn
    added: frozenset[int]   # its lines (from 0) that the tier below does not have

    @property
    def chart(self) -> Chart:
        return self.played.chart


_LADDERS: dict[tuple[str, bytes, int], list[Tier]] = {}


def ladder(paytable: Paytable, coins: int | None = None, progress: Progress = _quiet) -> list[Tier]:
    """The four tiers of ``paytable``'s chart at ``coins``, beginner first (kept in memory: the
    chart screen steps through them)."""
    bet = paytable.base_bet(coins)
    key = (paytable.game.digest, pay_vector(paytable, bet).tobytes(), bet)
    if key not in _LADDERS:
        _LADDERS[key] = _ladder(paytable, bet, progress)
    progress(1.0, "done")
    return _LADDERS[key]


def _ladder(paytable: Paytable, bet: int, progress: Progress) -> list[Tier]:
    game = paytable.game
    whole = chart_for(paytable, bet, progress=lambda done, stage: progress(done * 0.3, stage))
    assert whole is not None
    words = vocabulary(game)
    values = class_values(paytable, bet)
    entries = Entries(class_patterns(game), values, draw_tables(game).class_weights, words)
    walk = _walk(entries, words, _broadest(words, whole),
                 lambda done, stage: progress(0.3 + 0.6 * done, stage))
    perfect = float(chart_return(whole, paytable, bet, values).optimal.rtp)
    chosen: dict[str, Named] = {"perfect": walk[0][1]}
    for name, target in reversed(TARGETS.items()):
        fitting = [named for cost, named in walk if cost * perfect <= target]
        if name == "beginner":
            short = [named for cost, named in walk if _holding(words, named) <= BEGINNER_MOST_LINES]
            fitting = [named for named in fitting if named in short] or short[:1]
        chosen[name] = fitting[-1] if fitting else chosen[TIERS[TIERS.index(name) + 1]]
    tiers: list[Tier] = []
    known: set[int] = set()
    for name in TIERS:
        named = chosen[name]
        chart = _chart(game, words, named)
        played = chart_return(chart, paytable, bet, values)
        if name == TIERS[-1]:
            progress(0.9, "exceptions")
            played = excepted(played, paytable, bet, values)
        tiers.append(Tier(name, played, frozenset(rank for rank, (ident, _) in enumerate(named)
                                                  if ident not in known and name != TIERS[0])))
        known = {ident for ident, _ in named}
    return tiers


def tier_named(name: str) -> int:
    """Where tier ``name`` is on the ladder (0 the beginner's), or one line naming the tiers there are."""
    if name not in TIERS:
        raise VideoPokerError(f"no tier {name!r}; the tiers are {', '.join(TIERS)}")
    return TIERS.index(name)


def _broadest(words: Vocabulary, chart: Chart) -> Named:
    """``chart`` as names, each line's as broad as they can be and take what the line takes."""
    placed: set[int] = set()
    named: Named = []
    for ident, line in enumerate(chart.lines):
        patterns = set(line.patterns)
        names, left = [], set(patterns)
        for code in line.patterns:
            if code not in left:
                continue
            name, taken = code, {code}
            for concept in words.chains.get(code, ()):  # finest first: the broadest that fits wins
                rest = set(words.members[concept]) - placed
                if rest <= patterns:
                    name, taken = concept, rest
            names.append(name)
            left -= taken
        named.append((ident, names))
        placed |= patterns
    return named


def _lines(words: Vocabulary, named: Named) -> list[list[int]]:
    """The patterns each line takes: its names' patterns that no line above took (a line left with
    none is no line)."""
    placed: set[int] = set()
    lines = []
    for _, names in named:
        taken = [code for name in names for code in words.members.get(name, (name,)) if code not in placed]
        placed.update(taken)
        if taken:
            lines.append(list(dict.fromkeys(taken)))
    return lines


def _chart(game: object, words: Vocabulary, named: Named) -> Chart:
    return Chart(game, tuple(ChartLine(tuple(line)) for line in _lines(words, named)))  # type: ignore[arg-type]


def _holding(words: Vocabulary, named: Named) -> int:
    discard = words.words["discard everything"][0]
    return sum(names != [discard] for _, names in named)


def _walk(entries: Entries, words: Vocabulary, named: Named, progress: Progress) -> list[tuple[float, Named]]:
    """The charts from ``named`` down, each with a line taken out or joined below, the cheapest
    each step; each with its cost as a share of perfect play's return."""
    index = {int(code): place for place, code in enumerate(entries.codes)}

    def cost(trial: Named) -> float:
        numbers = np.full(len(entries.codes), NO_LINE, dtype=np.int64)
        lines = _lines(words, trial)
        for rank, line in enumerate(lines):
            numbers[[index[code] for code in line]] = rank
        numbers[entries.discard] = min(int(numbers[entries.discard]), len(lines))
        return (entries.scale - entries.play(numbers)[1]) / entries.scale

    walk = [(cost(named), named)]
    start = _holding(words, named)
    while _holding(words, named) > FEWEST_LINES:
        progress((start - _holding(words, named)) / max(start - FEWEST_LINES, 1), "taking out lines")
        trials = [trial for place in range(1, len(named) - 1) for trial in _steps(words, named, place)]
        if not trials:
            break
        priced = min(((cost(trial), trial) for trial in trials), key=lambda pair: pair[0])
        walk.append(priced)
        named = priced[1]
    return walk


def _steps(words: Vocabulary, named: Named, place: int) -> list[Named]:
    """Line ``place`` taken out, or its names joined onto one of the nearest lines below it that
    say the same kind of hand (the last line, discarding everything, stays alone)."""
    names = named[place][1]
    steps = [named[:place] + named[place + 1:]]
    kinds = {kind_of_hand(code) for code in names}
    if len(kinds) != 1:
        return steps
    most = MOST_MADE_PARTS if kinds == {"made"} else MOST_PARTS
    for below in range(place + 1, len(named) - 1):
        other, others = named[below]
        if {kind_of_hand(code) for code in others} == kinds and len(others) + len(names) <= most:
            steps.append([*named[:place], *named[place + 1:below], (other, others + names), *named[below + 1:]])
            if len(steps) > JOINS_BELOW:
                break
    return steps


#: The most exceptions the perfect tier says (no table needs as many).
MOST_EXCEPTIONS = 60
#: An exception is said only when it is worth this share of the return (a ten-millionth): below it,
#: they multiply (full-pay Deuces Wild would say 44, the last eighteen worth 0.00006% together).
EXCEPTION_WORTH = 1e-7
#: Every choice of one, two or three conditions, as indices into CONDITIONS.
_COMBINED = tuple(np.array(list(itertools.combinations(range(len(CONDITIONS)), size))) for size in (1, 2, 3))


@dataclass(frozen=True)
class _Candidate:
    """The hands one line plays (no exception of it taking them yet) that have a hold of pattern
    ``wanted``: their first such hold, and what each would gain by it, weighted."""

    line: int
    wanted: int
    at: npt.NDArray[np.int64]
    switch: npt.NDArray[np.int64]
    gains: npt.NDArray[np.float64]

    @property
    def most(self) -> float:
        """What no condition can beat: every gaining hand taken, no losing one."""
        return float(self.gains[self.gains > 0].sum())


def excepted(played: ChartReturn, paytable: Paytable, bet: int, values: npt.NDArray[np.float64]) -> ChartReturn:
    """``played``'s chart (of lines alone) with exceptions under its lines, penalty-card style, while one is worth
    :data:`EXCEPTION_WORTH` of the return.

    Where the chart plays line L and perfect play keeps pattern b, the hands of that line (no
    exception of it taking them yet) which have a hold of b are the candidates; each would gain its
    weight times the difference of the two holds' values, its first hold of b against the line's.
    The exception is the condition on what the line's hold throws (none, or up to three of
    :data:`~videopoker.analysis.charts.exceptions.CONDITIONS`) whose hands gain most in all, exactly;
    the best of every (L, b) is added under L, last, so it takes only hands no exception took, and
    the hold of each hand it takes changes, nothing else; the chart is played once at the end.
    """
    chart, game = played.chart, paytable.game
    tables = draw_tables(game)
    patterns, weights = class_patterns(game), tables.class_weights.astype(np.float64)
    classes = np.arange(values.shape[1])
    best = first_best(values)
    scale = float(weights @ values[best, classes])
    assert not any(line.exceptions for line in chart.lines), "exceptions are found over a chart of lines alone"
    line_holds, lines = played.holds, played.lines  # each hand's line's hold, before any exception
    met = conditions_met(game, tables.class_hands, line_holds)
    holds = played.holds.copy()
    for _ in range(MOST_EXCEPTIONS):
        open_ = (holds == line_holds) & (values[holds, classes] < values[best, classes])
        found: tuple[float, _Candidate, tuple[int, ...]] | None = None
        for line, wanted in np.unique(np.stack((lines[open_], patterns[best[open_], classes[open_]])), axis=1).T:
            if wanted == UNNAMED:
                continue
            has = patterns == wanted
            at = np.flatnonzero((lines == line) & (holds == line_holds) & has.any(axis=0))
            switch = np.where(has[:, at], TIE_RANK[:, None], HOLDS).argmin(axis=0)
            candidate = _Candidate(int(line), int(wanted), at, switch,
                                   weights[at] * (values[switch, at] - values[line_holds[at], at]))
            if found is None or candidate.most > found[0]:  # else no condition can win it
                gain, chosen = _best_conditions(met[:, at], candidate.gains)
                if found is None or gain > found[0]:
                    found = (gain, candidate, chosen)
        if found is None or found[0] <= EXCEPTION_WORTH * scale:
            break
        _, candidate, chosen = found
        taken = np.logical_and.reduce([met[code, candidate.at] for code in chosen]) if chosen else slice(None)
        holds[candidate.at[taken]] = candidate.switch[taken]
        exception = LineException(tuple(CONDITIONS[code] for code in chosen), (candidate.wanted,))
        chart = _with_exceptions(chart, candidate.line, [*chart.lines[candidate.line].exceptions, exception])
    return chart_return(_merged(chart, patterns, tables.class_hands, holds), paytable, bet, values)


def _with_exceptions(chart: Chart, place: int, exceptions: list[LineException]) -> Chart:
    lines = list(chart.lines)
    lines[place] = ChartLine(lines[place].patterns, tuple(exceptions))
    return Chart(chart.game, tuple(lines))


def _merged(chart: Chart, patterns: npt.NDArray[np.int64], hands: npt.NDArray[np.uint8],
            holds: npt.NDArray[np.int64]) -> Chart:
    """``chart`` with the exceptions of a line that say the same conditions said as one ("except
    with a card of its suit thrown: AQ unsuited or KJ unsuited"), where that changes no hold."""
    for place in range(len(chart.lines)):
        exceptions = list(chart.lines[place].exceptions)
        at = 1
        while at < len(exceptions):
            upper, lower = exceptions[at - 1], exceptions[at]
            if upper.conditions == lower.conditions:
                joined = [*exceptions[:at - 1], LineException(upper.conditions, upper.patterns + lower.patterns),
                          *exceptions[at + 1:]]
                trial = _with_exceptions(chart, place, joined)
                if np.array_equal(trial.play(patterns, hands)[0], holds):
                    chart, exceptions = trial, joined
                    continue
            at += 1
    return chart


def _best_conditions(fits: npt.NDArray[np.bool_], gains: npt.NDArray[np.float64]) -> tuple[float, tuple[int, ...]]:
    """Of no condition and every one, two or three of them, what the hands meeting them gain in all
    at most, and those conditions (the fewest, of equal gains)."""
    options: list[tuple[float, tuple[int, ...]]] = [(float(gains.sum()), ())]
    for combined in _COMBINED:
        sums = np.logical_and.reduce([fits[combined[:, place]] for place in range(combined.shape[1])]) @ gains
        options.append((float(sums.max()), tuple(int(code) for code in combined[int(sums.argmax())])))
    return max(options, key=lambda option: (option[0], -len(option[1])))
