"""`videopoker sweep`: the exact returns of a grid of paytables, on this process, every core, or a
Dask cluster.

The grid goes out in chunks of tables (:data:`~videopoker.analysis.sweeps.sweep.CHUNK_TABLES`), each
solved in one batch; rows are written to ``-o FILE`` as each chunk finishes, so ``--resume``
after a kill skips what is on file.  With ``--workers N`` a local Dask cluster of N processes
solves the chunks, a few to a task (:data:`TASK_CHUNKS`); with ``--scheduler ADDRESS`` an
existing cluster does.  A worker that dies loses only its task, which Dask runs again
elsewhere.  Dask is imported only here, when a sweep runs with workers, so no other command
starts slower for it.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import itertools
import json
import logging
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from videopoker.analysis.sweeps.sweep import (
    CHUNK_TABLES,
    FIGURES,
    PROMOTED,
    Grid,
    check_size,
    check_time,
    chunk_order,
    forget_solver,
    parse_vary,
    parse_where,
    portable,
    promoted,
    rows_of,
    solve_tables,
)
from videopoker.cli.output import Column, complain, say, show
from videopoker.cli.output import Grid as Table
from videopoker.cli.plotting import check_plot, draw_plot, plot_written
from videopoker.cli.promotions import promotions_of
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable
from videopoker.storage.usertext import counted

Row = dict[str, float | int]
#: Chunks a cluster's task solves: a quarter of a second's work or so, few enough tasks that the
#: few milliseconds Dask spends on each stay small beside it, and four tasks a worker at least.
TASK_CHUNKS = 4
#: Without --workers, a local worker is started for each this many tables, up to every core: it
#: saves more than the two seconds or so a cluster takes to start.
TABLES_A_WORKER = 10_000
#: A local worker is one process on one core: numpy's BLAS must not spread it over the others.
ONE_THREAD = {name: "1" for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
#: A local cluster's workers only solve.  Dask's profiler (a stack sample every 10 ms), its 20 ms
#: event-loop tick and its 100 ms memory and system checks each take the interpreter from the
#: solving thread; with no core to spare, two workers lost 5% to them.
QUIET = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
         "distributed.worker.memory.monitor-interval": "1s", "distributed.admin.system-monitor.interval": "2s"}


def run_sweep(args: argparse.Namespace) -> int:
    check_plot(args.plot)
    paytable = resolve_paytable(args.paytable)
    grid = Grid(paytable, [parse_vary(text, paytable) for text in args.vary], paytable.base_bet(args.coins))
    promotions = promotions_of(args)
    columns = [*grid.columns, *([PROMOTED] if promotions else [])]
    keep = parse_where(args.where, columns) if args.where else (lambda row: True)
    order = args.sort.lstrip("-")
    if order not in columns:
        raise VideoPokerError(f"--sort {args.sort!r}: sort by one of {', '.join(columns)} (-COL for largest first)")
    check_size(grid, args.yes, "add --yes")
    if args.resume and args.output is None:
        raise VideoPokerError("--resume continues the rows in -o FILE; give the file")
    done = _rows_on_file(args.output, grid) if args.resume else []
    skip = {_key(grid, row) for row in done}
    workers = _workers(grid, skip, args.workers, args.scheduler)
    try:
        sampled = [row for lines in check_time(grid, skip, None if workers is None else max(1, workers), args.yes,
                                               "add --yes", _note_sample) for row in rows_of(grid.keys, lines)]
    finally:  # the note goes before any refusal is said
        _progress_done()
    skip |= {_key(grid, row) for row in sampled}
    kept = [row for row in (promoted(row, promotions) for row in [*done, *sampled]) if keep(row)]
    with RowFile(args.output, columns, resume=args.resume) as write:
        write(sampled)  # solved to time the sweep: kept, as a resumed file's rows are
        done += sampled
        started, solved = time.perf_counter(), 0
        try:
            for rows in _solved(grid, skip, workers, args.scheduler):
                write(rows)
                kept.extend(row for row in (promoted(row, promotions) for row in rows) if keep(row))
                solved += len(rows)
                _progress(solved, len(grid) - len(done), time.perf_counter() - started)
        except KeyboardInterrupt:
            _progress_done()
            if args.output is not None:
                complain(f"stopped: {len(done) + solved:,} of {len(grid):,} tables are in {args.output}; the same "
                         "command with --resume goes on")
            raise
    _progress_done()
    descending = args.sort.startswith("-")
    kept.sort(key=lambda row: row[order], reverse=descending)
    # every row kept, not only the --top shown: the dict vp.sweep gives
    draw_plot(args.plot, "sweep", {"paytable": paytable.name, "rows": kept})
    _show(grid, kept[:args.top], len(kept), args)
    if promotions:
        say(f"Promotions: {', '.join(promotions.parts())} (With promos: the return a coin played, theirs in)")
    plot_written(args.plot, json=False)
    return 0


def _key(grid: Grid, row: Row) -> tuple[int, ...]:
    return tuple(int(row[key]) for key in grid.keys)


# -- where the chunks are solved -----------------------------------------------------------------

def _workers(grid: Grid, done: set[tuple[int, ...]], workers: int | None, scheduler: str | None) -> int | None:
    """The local workers the sweep starts: as asked (:func:`_local_workers`), else one for each
    :data:`TABLES_A_WORKER` tables up to every core, 0 when that is fewer than two (the chunks are
    solved in this process, as they are without the cluster extra); None on a cluster (``scheduler``),
    whose workers are not known."""
    if scheduler is not None:
        return None
    if workers is not None:
        return _local_workers(workers, grid, done)
    workers = min(os.cpu_count() or 1, (len(grid) - len(done)) // TABLES_A_WORKER)
    return workers if workers >= 2 and cluster_installed() else 0  # without the cluster extra: here


def cluster_installed() -> bool:
    """Whether dask.distributed is installed (``pip install 'videopoker[cluster]'``)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def _solved(grid: Grid, done: set[tuple[int, ...]], workers: int | None,
            scheduler: str | None) -> Iterator[list[Row]]:
    """The rows, a chunk or a task at a time: on the cluster asked for (``scheduler``), on
    ``workers`` local ones, or here when that is 0 (see :func:`_workers`)."""
    if scheduler is None and workers == 0:
        data = portable(grid)
        for chunk in grid.chunks(done, chunk_order(data)):
            yield rows_of(grid.keys, solve_tables(data, chunk))
        return
    forget_solver()  # the sample's, if one was timed: the workers build their own
    yield from _on_dask(grid, done, workers, scheduler)


def _local_workers(asked: int, grid: Grid, done: set[tuple[int, ...]]) -> int:
    """The local workers to start: as many as asked, but never more than this machine has cores
    or the grid has chunks of work (a worker more only waits, and costs a process); said when cut."""
    cores = os.cpu_count() or 1
    chunks = max(1, -(-(len(grid) - len(done)) // CHUNK_TABLES))
    most = min(cores, chunks)
    if asked > most:
        why = f"this machine has {counted(cores, 'core')}" if cores <= chunks else \
            f"the grid is {counted(chunks, 'chunk')} of work"
        complain(f"--workers {asked}: {why}; starting {counted(most, 'worker')}")
    return min(asked, most)


def _on_dask(grid: Grid, done: set[tuple[int, ...]], workers: int | None,
             scheduler: str | None) -> Iterator[list[Row]]:
    """The chunks as tasks.  Every worker builds its solver at once, each measuring the chunks'
    order while it is at it (a tenth of a second, the same on each), so no worker starts late;
    this process only hands out work and writes rows.  Ctrl-C is heard as a flag (see
    :func:`_ctrl_c_as_flag`) and the cluster is closed quietly before the one line is said."""
    try:
        import numpy as np
        from distributed import Client
    except ImportError:
        raise VideoPokerError("--workers and --scheduler solve on a Dask cluster, which is an extra: "
                              "pip install 'videopoker[cluster]'") from None
    with _ctrl_c_as_flag() as stop:
        cluster = None
        try:
            if scheduler is not None:
                client = Client(scheduler, timeout="10s")
            else:
                cluster = _local_cluster(workers or 1)
                client = Client(cluster)
        except (OSError, TimeoutError) as error:
            raise VideoPokerError(f"--scheduler {scheduler}: cannot reach the cluster ({error}); start one with "
                                  "`dask scheduler` and `dask worker ADDRESS`") from None
        futures: list[Any] = []
        try:
            data = portable(grid)  # sent with each task: no worker holds what another needs
            everyone = list(client.scheduler_info()["workers"]) or [None]
            if everyone == [None]:
                complain(f"the cluster at {scheduler} has no workers yet; waiting for one (`dask worker {scheduler}`)")
            futures += [client.submit(chunk_order, data, workers=worker, allow_other_workers=worker is not None,
                                      pure=False, retries=3) for worker in everyone]  # None: none has joined yet
            order = next(_completed(futures, stop)).result()
            chunks = grid.chunks(done, order)
            per_task = max(1, min(TASK_CHUNKS, (len(grid) - len(done)) // (CHUNK_TABLES * 4 * len(everyone))))
            tasks = iter(lambda: list(itertools.chain.from_iterable(itertools.islice(chunks, per_task))), [])
            solving = [client.submit(solve_tables, data, np.array(task), pure=False, retries=3)
                       for task in tasks]  # an array: Dask looks into lists of tuples for keys, item by item
            futures += solving
            for future in _completed(solving, stop):
                yield rows_of(grid.keys, future.result())
        finally:
            _close(client, cluster, futures, interrupted=stop.is_set())


#: How often the sweep looks for a Ctrl-C while no task has finished (it wakes at once on one).
POLL_SECONDS = 0.1


def _completed(futures: list[Any], stop: threading.Event) -> Iterator[Any]:
    """The futures as they finish, or KeyboardInterrupt as soon as ``stop`` is set."""
    from distributed import as_completed

    if stop.is_set():
        raise KeyboardInterrupt
    pending = as_completed(futures)
    while not pending.is_empty():
        if stop.is_set():
            raise KeyboardInterrupt
        if pending.has_ready():
            yield next(pending)
        else:
            stop.wait(POLL_SECONDS)
    if stop.is_set():
        raise KeyboardInterrupt


@contextlib.contextmanager
def _ctrl_c_as_flag() -> Iterator[threading.Event]:
    """Ctrl-C sets a flag the sweep's loop looks at, instead of raising wherever this thread is:
    raised inside Dask's ``Future.__del__`` it is "ignored" with a traceback on stderr, and the
    sweep went on."""
    stop = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _close(client: Any, cluster: Any, futures: list[Any], *, interrupted: bool) -> None:
    """Client and cluster closed; after a Ctrl-C, the tasks cancelled first and Dask's loggers
    silenced meanwhile, here and on the local workers (a worker's heartbeat to a scheduler that
    has just closed logs an error with its traceback, and a future released after its client
    closed logs "cannot schedule new futures after shutdown")."""
    quiet = logging.getLogger("distributed")
    level = quiet.level
    if interrupted:
        quiet.setLevel(logging.CRITICAL + 1)
        with contextlib.suppress(Exception):
            client.cancel(futures)
        if cluster is not None:
            with contextlib.suppress(Exception):
                client.run(_silence_dask)
    futures.clear()  # released while the client can still hear it
    try:
        client.close()
        if cluster is not None:
            cluster.close()
    finally:
        quiet.setLevel(level)


def _silence_dask() -> None:
    """On a local worker about to be closed: nothing more on the terminal's stderr."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)


def _local_cluster(workers: int) -> Any:
    """A Dask cluster on this machine: ``workers`` processes of one core each, quiet (see
    :data:`QUIET`), deaf to the terminal's Ctrl-C, their HTTP server on any free port (8787, the
    usual, may be a running scheduler's) and logging only errors (not the tasks Ctrl-C cancels)."""
    import dask
    from distributed import LocalCluster

    with dask.config.set(QUIET), _deaf_to_ctrl_c():
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, env=ONE_THREAD,
                            dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR)


@contextlib.contextmanager
def _deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started in here ignore SIGINT.  Ctrl-C at a terminal reaches every process of
    the foreground group, and each local worker would print Dask's tracebacks; only this one
    should stop, closing the cluster and saying what is on file."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


# -- the output file -----------------------------------------------------------------------------

def _rows_on_file(path: Path | None, grid: Grid) -> list[Row]:
    """The rows a previous run wrote (CSV or JSON lines), the last partial line dropped."""
    if path is None or not path.exists():
        return []
    columns = grid.columns
    rows: list[Row] = []
    try:
        with path.open(newline="") as file:
            if path.suffix == ".csv":
                reader = csv.DictReader(file)
                if reader.fieldnames != columns:
                    raise VideoPokerError(f"--resume: {path} has the columns {reader.fieldnames}, not this grid's")
                rows = [_numbers(line) for line in reader if None not in line.values()]
            else:
                rows = [_numbers(json.loads(text)) for text in file if text.endswith("\n")]
    except (ValueError, KeyError) as error:
        raise VideoPokerError(f"--resume: {path} is not rows of this sweep ({error})") from None
    return rows


def _numbers(line: dict[str, Any]) -> Row:
    """A row as read back: pays whole, figures floats (an infinite top cycle is written "inf")."""
    return {key: float(value) if key in FIGURES else int(value) for key, value in line.items()}


class RowFile:
    """Rows appended to ``path`` as each chunk comes (CSV by its suffix, else JSON lines), flushed
    each time."""

    def __init__(self, path: Path | None, columns: list[str], *, resume: bool) -> None:
        self.path, self.columns, self.resume = path, columns, resume
        self.file: TextIO | None = None
        self.writer: Any = None

    def __enter__(self) -> Any:
        if self.path is None:
            return lambda rows: None
        appending = self.resume and self.path.exists()
        if appending:  # a line cut short by a kill goes; its row is solved again
            whole = self.path.read_bytes()
            with self.path.open("r+b") as file:
                file.truncate(whole.rfind(b"\n") + 1)
        self.file = self.path.open("a" if appending else "w", newline="")
        if self.path.suffix == ".csv":
            self.writer = csv.DictWriter(self.file, self.columns, lineterminator="\n")
            if not appending:
                self.writer.writeheader()
        return self._write

    def _write(self, rows: list[Row]) -> None:
        assert self.file is not None
        if self.writer is not None:
            self.writer.writerows(rows)  # csv writes an infinite top cycle as inf
        else:
            self.file.write("".join(_json_line(row) for row in rows))
        self.file.flush()

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def _json_line(row: Row) -> str:
    """The row as a line of JSON: a top hand never made has an infinite cycle, written "inf"."""
    return json.dumps({**row, "top_cycle": "inf"} if math.isinf(row["top_cycle"]) else row) + "\n"


# -- what the terminal shows ---------------------------------------------------------------------

def _progress(done: int, total: int, seconds: float) -> None:
    """Tables done, tables a second and time left, on stderr when it is a terminal."""
    if not sys.stderr.isatty() or not done:
        return
    rate = done / seconds if seconds else 0.0
    left = (total - done) / rate if rate else 0.0
    sys.stderr.write(f"\r{done:,}/{total:,} tables · {rate:,.0f} tables/s · {left:,.0f} s left ")
    sys.stderr.flush()


def _note_sample(tables: int) -> None:
    """On a terminal, while a large grid's sample is timed (seconds, on a slow grid)."""
    if sys.stderr.isatty():
        sys.stderr.write(f"timing the sweep on {tables:,} of its tables… ")
        sys.stderr.flush()


def _progress_done() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _show(grid: Grid, rows: list[Row], kept: int, args: argparse.Namespace) -> None:
    base = f" ({grid.paytable.base_game_words})" if grid.paytable.feature is not None else ""
    title = (f"{grid.paytable.name}{base}: {counted(len(grid), 'table')}, {counted(kept, 'row')} kept; "
             f"the best {min(args.top, kept)} by {args.sort}")
    priced = bool(rows) and PROMOTED in rows[0]
    table = Table(title, [*(Column(key) for key in grid.keys), Column("Return"),
                          *([Column("With promos")] if priced else []), Column("SD"), Column("Hit %"),
                          Column("Top every")], keys=len(grid.keys))
    for row in rows:
        table.rows.append([*(f"{row[key]:g}" for key in grid.keys), f"{row['rtp'] * 100:.4f}%",
                           *([f"{row[PROMOTED] * 100:.4f}%"] if priced else []),
                           f"{row['standard_deviation']:.3f}", f"{row['hit_frequency'] * 100:.2f}",
                           f"{row['top_cycle']:,.0f}"])
    show(table)
    if args.output is not None:
        say(f"every row is in {args.output}")
