"""A grid of paytables and its rows: ``videopoker sweep``'s engine, apart from where it runs.

A grid varies some pays per coin (``full_house=5..10``, ``four_of_a_kind=20..30:5``) of one table;
every combination is a table, solved exactly by :mod:`videopoker.analysis.sweeps.batch` in chunks.  A
row is the varied pays by key, then ``rtp``, ``variance``, ``standard_deviation``,
``hit_frequency``, ``top_cycle``.  ``--where`` is a small language over those columns — numbers,
comparisons, ``and``/``or``/``not``, parentheses — parsed here, never evaluated as Python.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import math
import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from videopoker.errors import VideoPokerError
from videopoker.paytable import MAX_PAY, Paytable, per_coin_totals
from videopoker.paytable.promotions import Promotions
from videopoker.rules.definition import PayCategory
from videopoker.storage.usertext import counted

if TYPE_CHECKING:  # numpy and the solver load only when a chunk is solved
    from videopoker.analysis.sweeps.batch import Figures

FIGURES = ("rtp", "variance", "standard_deviation", "hit_frequency", "top_cycle")
#: Tables solved in one batch: neighbours, whose small box of pays leaves few classes open.
CHUNK_TABLES = 256
#: A grid this large is asked about first (``--yes``): hours even on a cluster.
LARGE_GRID = 10_000_000
#: A sweep its estimate says takes longer than this (seconds) is asked about first, as a large
#: grid is (:func:`check_time`).
LONG_SWEEP = 600.0
#: From this many tables left a core a sweep is timed on a sample before it starts: fewer take
#: less than :data:`LONG_SWEEP` even at the slowest rate measured, 68 tables a second a core
#: (9/6 with five pays varied widely, 1..30 three of them, on this loaded 2-core machine: 370 s).
ESTIMATED_FROM = 25_000
#: The sample: this many runs of :data:`CHUNK_TABLES` neighbouring tables, one from a random place
#: in each equal part of the walk.  A chunk's cost varies tenfold along the walk (one that spans
#: a step of the slowest key opens many more classes), so no fixed place, the first chunk least,
#: stands for the rest.
SAMPLE_CHUNKS = 4
#: The estimate's margin: a small sample mostly misses the rare slow chunks (1.3 times too quick
#: on the grid above), and two workers solve 1.76 times what one does, not twice.
MARGIN = 1.5

_RANGE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([0-9]{1,7})\s*\.\.\s*([0-9]{1,7})\s*(?::\s*([0-9]{1,7}))?\s*")


@dataclass(frozen=True)
class Vary:
    """One varied pay: a category and its pays per coin, LO..HI by STEP."""

    key: PayCategory
    pays: tuple[int, ...]


def parse_vary(text: str, paytable: Paytable) -> Vary:
    """``KEY=LO..HI[:STEP]``, pays per coin; a bad one is one line naming the fix."""
    match = _RANGE.fullmatch(text)
    if match is None:
        raise VideoPokerError(f"--vary {text[:40]!r}: write KEY=LO..HI or KEY=LO..HI:STEP, pays per coin "
                              "(full_house=5..10, four_of_a_kind=20..30:5)")
    key, low, high, step = match[1], int(match[2]), int(match[3]), int(match[4] or 1)
    if key not in paytable.game.paying:
        raise VideoPokerError(f"--vary {text[:40]!r}: {key!r} is not a hand of {paytable.game.title}; its "
                              f"hands are {', '.join(paytable.game.paying)}")
    if low > high or step < 1 or high > MAX_PAY:
        raise VideoPokerError(f"--vary {text[:40]!r}: give LO ≤ HI ≤ {MAX_PAY:,} and a STEP of 1 or more")
    return Vary(key, tuple(range(low, high + 1, step)))


class Grid:
    """Every combination of the varied pays, in a fixed order, on ``paytable`` at ``coins``."""

    def __init__(self, paytable: Paytable, varied: Sequence[Vary], coins: int) -> None:
        keys = [vary.key for vary in varied]
        if len(set(keys)) != len(keys):
            raise VideoPokerError("--vary: each hand once")
        from videopoker.analysis.solve.draws import sets_only

        sets_only(paytable.game)  # a sweep solves the tables of a grid as sets of cards
        self.paytable, self.varied, self.coins = paytable, tuple(varied), coins

    @property
    def keys(self) -> tuple[PayCategory, ...]:
        return tuple(vary.key for vary in self.varied)

    @property
    def columns(self) -> list[str]:
        """A row's columns: the varied pays, then :data:`FIGURES`."""
        return [*self.keys, *FIGURES]

    def __len__(self) -> int:
        return math.prod(len(vary.pays) for vary in self.varied)

    def combinations(self) -> Iterator[tuple[int, ...]]:
        return itertools.product(*(vary.pays for vary in self.varied))

    def table(self, pays: tuple[int, ...]) -> Paytable:
        changes = {key: per_coin_totals(pay, self.paytable.max_coins) for key, pay in zip(self.keys, pays)}
        return self.paytable.with_pays(changes, name=" ".join(f"{k}={p}" for k, p in zip(self.keys, pays)))

    def pay_vectors(self, combinations: Sequence[Sequence[int]]) -> Any:
        """The totals each table pays per category at the grid's bet, (tables, categories): the
        table's own :func:`~videopoker.analysis.solve.exact.pay_vector`, the varied pays put straight in
        (a pay per coin pays that times the bet) instead of a table built for each."""
        import numpy as np

        from videopoker.analysis.solve.exact import pay_vector

        categories = self.paytable.game.categories
        pays = np.repeat(pay_vector(self.paytable, self.coins).astype(np.int64)[None, :], len(combinations), axis=0)
        pays[:, [categories.index(key) for key in self.keys]] = np.array(combinations, dtype=np.int64) * self.coins
        return pays

    def chunks(self, done: frozenset[tuple[int, ...]] | set[tuple[int, ...]] = frozenset(),
               order: Sequence[int] | None = None) -> Iterator[list[tuple[int, ...]]]:
        """The combinations not yet ``done``, :data:`CHUNK_TABLES` at a time, walking the varied
        keys in ``order`` (slowest first; default as given): neighbouring tables in a chunk differ
        in the keys that change few best holds, so the solver settles most classes once a chunk."""
        walk = list(order) if order is not None else list(range(len(self.varied)))
        back = [walk.index(place) for place in range(len(walk))]  # where each key is in the walk
        chunk: list[tuple[int, ...]] = []
        for walked in itertools.product(*(self.varied[place].pays for place in walk)):
            pays = tuple(walked[at] for at in back)
            if pays in done:
                continue
            chunk.append(pays)
            if len(chunk) == CHUNK_TABLES:
                yield chunk
                chunk = []
        if chunk:
            yield chunk


def check_size(grid: Grid, yes: bool, go_ahead: str) -> None:
    """A grid of over :data:`LARGE_GRID` tables goes ahead only when asked to (``yes``);
    ``go_ahead`` says how, as the caller takes it (``add --yes``, ``pass yes=True``)."""
    if len(grid) > LARGE_GRID and not yes:
        raise VideoPokerError(f"the grid has {len(grid):,} tables, more than {LARGE_GRID:,}: hours of work; "
                              f"{go_ahead} to go ahead")


def check_time(grid: Grid, done: set[tuple[int, ...]], cores: int | None, yes: bool, go_ahead: str,
               sampling: Callable[[int], None] = lambda tables: None) -> list[Any]:
    """The grid's sample, solved (:func:`solve_tables`' lines, to be kept, not solved again), after
    a sweep its estimate says takes over :data:`LONG_SWEEP` on ``cores`` is refused unless ``yes``;
    ``go_ahead`` says how to go on, as :func:`check_size`'s does.  Nothing is sampled for fewer
    than :data:`ESTIMATED_FROM` tables left a core, or on a cluster of workers not known (``cores`` None):
    there only the count is asked about.  ``sampling`` hears how many tables the sample has, as it
    starts (seconds, on a slow grid)."""
    left = len(grid) - len(done)
    if yes or cores is None or left < ESTIMATED_FROM * cores:
        return []
    data = portable(grid)
    order = chunk_order(data)  # builds the solver, untimed: it is built once whatever runs
    sample = _sample(grid, done, order, data)
    sampling(sum(len(part) for part in sample))
    started = _clock()
    lines = [solve_tables(data, tables) for tables in sample]
    seconds = _clock() - started
    tables = sum(len(part) for part in sample)
    estimate = seconds / tables * (left - tables) / cores * MARGIN
    if estimate > LONG_SWEEP:
        raise VideoPokerError(f"the grid's {left:,} tables would take about {_duration(estimate)} at this machine's "
                              f"speed on {counted(cores, 'core')} (timed on {tables:,} of them); {go_ahead} to run it")
    return lines


_clock = time.perf_counter  # the sample's timer (a test's fake clock)


def _sample(grid: Grid, done: set[tuple[int, ...]], order: Sequence[int],
            data: Portable) -> list[list[tuple[int, ...]]]:
    """:data:`SAMPLE_CHUNKS` runs of neighbouring tables not yet ``done``, each from a place in its
    part of the walk (``order``, as :meth:`Grid.chunks` takes it) drawn by a generator seeded with
    the grid: the same grid, the same sample."""
    walk = list(order)
    sizes = [len(grid.varied[place].pays) for place in walk]
    draw = random.Random(data)
    part = len(grid) // SAMPLE_CHUNKS
    runs, taken = [], set(done)
    for n in range(SAMPLE_CHUNKS):
        start = n * part + draw.randrange(max(1, part - CHUNK_TABLES))
        run = []
        for at in range(start, min(start + CHUNK_TABLES, len(grid))):
            pays = _walked(grid, walk, sizes, at)
            if pays not in taken:  # parts shorter than a run overlap
                taken.add(pays)
                run.append(pays)
        if run:
            runs.append(run)
    return runs


def _walked(grid: Grid, walk: list[int], sizes: list[int], at: int) -> tuple[int, ...]:
    """The combination at place ``at`` of the walk (the last key walked fastest), its pays in the
    grid's order of keys."""
    pays = [0] * len(walk)
    for place, size in zip(reversed(walk), reversed(sizes)):
        at, index = divmod(at, size)
        pays[place] = grid.varied[place].pays[index]
    return tuple(pays)


def _duration(seconds: float) -> str:
    """``7 h 20 min``, ``12 min``, ``40 s``."""
    minutes = round(seconds / 60)
    if minutes >= 60:
        return f"{minutes // 60} h {minutes % 60} min"
    return f"{minutes} min" if minutes else f"{seconds:.0f} s"


def figure_values(figures: Figures) -> tuple[float, ...]:
    """A table's :data:`FIGURES`, each the float nearest its exact value."""
    variance = float(figures.variance)
    cycle = figures.top_cycle
    return (float(figures.rtp), variance, math.sqrt(variance), float(figures.hit_frequency),
            math.inf if cycle is None else float(cycle))


#: The column a sweep with promotions adds: each table's return a coin played, promotions in.
PROMOTED = "rtp_with_promotions"


def promoted(row: dict[str, float | int], promotions: Promotions) -> dict[str, float | int]:
    """``row`` with :data:`PROMOTED` beside its return (the row itself where there are none)."""
    if not promotions:
        return row
    rtp = float(row["rtp"])
    return row | {PROMOTED: rtp + float(promotions.rate(rtp))}


def rows_of(keys: Sequence[str], lines: Any) -> list[dict[str, float | int]]:
    """Rows by column from :func:`solve_tables`' numbers: the varied pays (whole again), then the
    figures."""
    return [{**{key: int(pay) for key, pay in zip(keys, line)}, **dict(zip(FIGURES, line[len(keys):]))}
            for line in lines.tolist()]


# -- --where -------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<number>[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?%?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                    r"|(?P<op><=|>=|==|!=|<|>|\(|\)))")
_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
Condition = Callable[[dict[str, float | int]], bool]
#: The longest ``--where`` and its deepest nesting of ``not`` and ``(``: far beyond any filter a
#: person writes, and well inside Python's recursion limit, which the parser's descent spends.
WHERE_LENGTH = 10_000
WHERE_DEPTH = 100


def parse_where(text: str, columns: Sequence[str]) -> Condition:
    """``rtp >= 0.97 and not (variance > 30)`` as a test of a row; a bad expression is one line
    naming the bad token and where it is."""
    if len(text) > WHERE_LENGTH:
        raise VideoPokerError(f"--where: {len(text):,} characters is too long an expression; write at most "
                              f"{WHERE_LENGTH:,}")
    tokens: list[tuple[str, str, int]] = []
    place = 0
    while place < len(text):
        if not text[place:].strip():
            break
        match = _TOKEN.match(text, place)
        if match is None or match.end() == place:
            bad = text[place:].strip().split()[0][:20]
            raise VideoPokerError(f"--where: {bad!r} at character {place + 1} is not a column, a number or an "
                                  f"operator; columns are {', '.join(columns)}")
        kind = match.lastgroup or ""
        tokens.append((kind, match[kind], match.start(kind) + 1))
        place = match.end()
    parser = _Parser(tokens, columns, text)
    condition = parser.either()
    if parser.at < len(tokens):
        _, value, where = tokens[parser.at]
        raise VideoPokerError(f"--where: unexpected {value!r} at character {where}")
    return condition


class _Parser:
    """Recursive descent: either := both ('or' both)*; both := negated ('and' negated)*;
    negated := 'not' negated | '(' either ')' | value op value."""

    def __init__(self, tokens: list[tuple[str, str, int]], columns: Sequence[str], text: str) -> None:
        self.tokens, self.columns, self.text, self.at = tokens, columns, text, 0
        self.depth = 0  # the 'not's and '('s the descent is inside

    def _peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def _next(self, wanted: str) -> tuple[str, str, int]:
        token = self._peek()
        if token is None:
            raise VideoPokerError(f"--where: {self.text[:60]!r} ends where {wanted} was wanted")
        self.at += 1
        return token

    def either(self) -> Condition:
        return self._joined("or", self.both, any)

    def both(self) -> Condition:
        return self._joined("and", self.negated, all)

    def _joined(self, word: str, part: Callable[[], Condition],
                combine: Callable[[Iterator[bool]], bool]) -> Condition:
        """``part (word part)*``: one part as it is, several combined (``any`` for or, ``all`` for and)."""
        parts = [part()]
        while (token := self._peek()) is not None and token[:2] == ("name", word):
            self.at += 1
            parts.append(part())
        return parts[0] if len(parts) == 1 else (lambda row: combine(each(row) for each in parts))

    def negated(self) -> Condition:
        token = self._peek()
        if token is not None and token[:2] in (("name", "not"), ("op", "(")):
            if self.depth == WHERE_DEPTH:
                raise VideoPokerError(f"--where: {token[1]!r} at character {token[2]} nests deeper than "
                                      f"{WHERE_DEPTH} 'not's and '('s; write a flatter expression")
            self.at += 1
            self.depth += 1
            inner = self._inside(token[1])
            self.depth -= 1
            return inner
        left = self._value()
        _, op, where = self._next("a comparison")
        if op not in _COMPARE:
            raise VideoPokerError(f"--where: {op!r} at character {where} is not a comparison (<, <=, >, >=, ==, !=)")
        right = self._value()
        compare = _COMPARE[op]
        return lambda row: compare(left(row), right(row))

    def _inside(self, opened: str) -> Condition:
        """What follows a ``not`` (negated) or a ``(`` (up to its ``)``)."""
        if opened == "not":
            inner = self.negated()
            return lambda row: not inner(row)
        inner = self.either()
        _, value, where = self._next("')'")
        if value != ")":
            raise VideoPokerError(f"--where: {value!r} at character {where} where ')' was wanted")
        return inner

    def _value(self) -> Callable[[dict[str, float | int]], float]:
        kind, value, where = self._next("a column or a number")
        if kind == "number":
            number = float(value.rstrip("%")) / (100 if value.endswith("%") else 1)
            return lambda row: number
        if kind == "name" and value in self.columns:
            return lambda row: float(row[value])
        raise VideoPokerError(f"--where: {value!r} at character {where} is not a column; columns are "
                              f"{', '.join(self.columns)}")


# -- solving a chunk, here or on a cluster's worker ---------------------------------------------

#: A grid as JSON text: a kilobyte, sent with every task, and opaque to Dask (which would look
#: through nested tuples and dicts for keys of other tasks, task by task).
Portable = str
_SOLVERS: dict[str, tuple[Grid, Any]] = {}
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt's parameters (malloc.h)


def portable(grid: Grid) -> Portable:
    """The grid as :data:`Portable` text (the game as its definition)."""
    table = grid.paytable
    return json.dumps([table.name, table.game.key, table.game.definition.data(), table.max_coins, dict(table.pays),
                       [[vary.key, vary.pays] for vary in grid.varied], grid.coins])  # keys unsorted: hands in order


def _keep_freed_memory() -> None:
    """Let glibc keep the memory a chunk frees for the next chunk, as it does by default.

    Each chunk allocates and frees the same few tens of MB.  Dask starts its workers with
    ``MALLOC_TRIM_THRESHOLD_`` set, which pins glibc's mmap threshold at 128 KB, so every such
    array is mapped afresh and its pages faulted in again: chunks ran 2.8 times slower on a
    worker than in this process.  Raising both thresholds on the worker restores the default's
    reuse whoever started it; where there is no glibc this does nothing."""
    try:
        mallopt = ctypes.CDLL(None).mallopt  # this process's C library
    except (OSError, AttributeError):
        return
    mallopt(_M_TRIM_THRESHOLD, 128 << 20)
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)  # glibc's largest on 64 bits


def _solver_for(data: Portable) -> tuple[Grid, Any]:
    """The grid and its batch solver, built once per process (a worker keeps it between chunks)."""
    if data not in _SOLVERS:
        _keep_freed_memory()
        from videopoker.analysis.sweeps.batch import BatchSolver
        from videopoker.rules.catalog import game_of_data

        name, game, definition, max_coins, pays, varied, coins = json.loads(data)
        grid = Grid(Paytable(name, game_of_data(game, definition), max_coins,
                             {key: tuple(totals) for key, totals in pays.items()}),
                    [Vary(key, tuple(values)) for key, values in varied], coins)
        low, high = grid.pay_vectors([[vary.pays[0] for vary in grid.varied],
                                      [vary.pays[-1] for vary in grid.varied]])
        _SOLVERS.clear()  # one grid at a time: a solver holds a few hundred MB
        _SOLVERS[data] = (grid, BatchSolver(grid.paytable.game, low, high))
    return _SOLVERS[data]


def forget_solver() -> None:
    """This process's solver let go (a few hundred MB), as when the chunks are solved elsewhere."""
    _SOLVERS.clear()


def solve_tables(data: Portable, tables: Any) -> Any:
    """Every table solved exactly: ``tables`` is combinations of the varied pays, one a line, an
    array as a worker is sent it; each :data:`CHUNK_TABLES` lines of it are one batch.  The answer
    is one line of numbers a table, its varied pays then :data:`FIGURES` — an array, compact for
    a worker to send back (:func:`rows_of` names the columns)."""
    import numpy as np

    grid, solver = _solver_for(data)
    combinations = [tuple(line) for line in np.asarray(tables, dtype=np.int64).reshape(-1, len(grid.keys)).tolist()]
    lines: list[tuple[float, ...]] = []
    for start in range(0, len(combinations), CHUNK_TABLES):
        chunk = combinations[start:start + CHUNK_TABLES]
        pays = grid.pay_vectors(chunk)
        lines.extend((*combination, *figure_values(figures))
                     for combination, figures in zip(chunk, solver.figures(pays, grid.coins)))
    return np.array(lines, dtype=np.float64).reshape(len(lines), len(grid.keys) + len(FIGURES))


def chunk_order(data: Portable) -> tuple[int, ...]:
    """The varied keys, those that change the most classes' best hold first (they vary slowest):
    measured along each key alone across its range, the others at their middle."""
    grid, solver = _solver_for(data)
    middle = [vary.pays[len(vary.pays) // 2] for vary in grid.varied]
    opened = []
    for place, vary in enumerate(grid.varied):
        line = [tuple(pay if n == place else middle[n] for n in range(len(middle))) for pay in vary.pays]
        pays = grid.pay_vectors(line)
        opened.append(solver.open_classes(pays.min(axis=0), pays.max(axis=0)))
    return tuple(sorted(range(len(grid.varied)), key=lambda place: -opened[place]))
