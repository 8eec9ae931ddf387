"""Sweep speed: exact tables a second on one core against the warm `analyze` loop, and two Dask
workers against one.

    python tests/benchmarks/sweep_speed.py [--runs 3]

One core, in-process: the issue's 9/6 grid widened to 2,080 tables (full house 5..14, flush 4..11,
quads 15..40), solved by the batch solver, against `analyze` re-solving tables of the same grid one
at a time, measured side by side in this run.  Then the whole command on a wider grid (99,840
tables: straight 2..9 and two pair 1..6 too, half a minute on one core) with `--workers 1` and
`--workers 2` (a local Dask cluster of that many processes), paired run by run; and the rate once
the cluster is up, from the time the wide grid takes beyond a narrower one (16,640 tables).
Targets (issue 21): ≥ 100 tables/s on one core, ≥ 10× the analyze loop; two workers ≥ 1.7× one.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core means one core: numpy's BLAS may not spread
import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from videopoker.analysis.solve.exact import analyze
from videopoker.analysis.sweeps.sweep import Grid, chunk_order, parse_vary, portable, solve_tables
from videopoker.paytable import resolve_paytable

VARY = ["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40"]
#: For the workers: long enough (99,840 tables) that starting a cluster (about 2 s) is a small part;
#: the narrow grid (16,640) beside it gives the rate once started, without the start.
WIDE = [*VARY, "straight=2..9", "two_pair=1..6"]
NARROW = [*VARY, "straight=2..9"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    table = resolve_paytable("jacks-or-better-9-6")
    grid = Grid(table, [parse_vary(text, table) for text in VARY], 5)
    data = portable(grid)
    order = chunk_order(data)  # the solver built (once per process, as on a worker)
    batch, loop = [], []
    for _ in range(runs):
        start = time.perf_counter()
        solved = sum(len(solve_tables(data, chunk)) for chunk in grid.chunks(order=order))
        batch.append(solved / (time.perf_counter() - start))
        combinations = list(grid.combinations())[:40]
        start = time.perf_counter()
        for pays in combinations:
            analyze(grid.table(pays), remember=False)
        loop.append(len(combinations) / (time.perf_counter() - start))
    print(f"one core, in-process: batch {statistics.median(batch):.0f} tables/s "
          f"({min(batch):.0f}–{max(batch):.0f}); analyze loop {statistics.median(loop):.1f} tables/s "
          f"({min(loop):.1f}–{max(loop):.1f}); ratio {statistics.median(batch) / statistics.median(loop):.1f}×")
    whole: dict[int, list[float]] = {1: [], 2: []}
    rate: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(runs):
        for workers in (1, 2):
            small, wide = (_seconds(grid, workers) for grid in (NARROW, WIDE))
            whole[workers].append(wide)
            rate[workers].append((99_840 - 16_640) / (wide - small))
    _say("whole command, 99,840 tables", whole, "s", lambda one, two: one / two)
    _say("throughput once started (99,840 less 16,640 tables)", rate, "tables/s", lambda one, two: two / one)


def _seconds(vary: list[str], workers: int) -> float:
    """The whole `videopoker sweep` over ``vary`` on a local cluster of ``workers``, rows to a file."""
    command = [str(Path(sys.executable).parent / "videopoker"), "sweep", "jacks-or-better-9-6", "--vary", *vary,
               "--workers", str(workers)]
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        subprocess.run([*command, "-o", f"{folder}/rows.jsonl"], check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


def _say(what: str, figures: dict[int, list[float]], unit: str, speed_up: Callable[[float, float], float]) -> None:
    ratios = [speed_up(one, two) for one, two in zip(figures[1], figures[2])]
    print(f"{what}: --workers 1 {statistics.median(figures[1]):,.1f} {unit}, --workers 2 "
          f"{statistics.median(figures[2]):,.1f} {unit}; speed-up {statistics.median(ratios):.2f}× "
          f"({min(ratios):.2f}–{max(ratios):.2f})")


if __name__ == "__main__":
    main()
