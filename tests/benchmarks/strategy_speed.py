"""How long a strategy chart takes to derive and to check, and how close it comes to perfect play.

Run: ``python tests/benchmarks/strategy_speed.py [RUNS]``.  In-process, with the family's draw
tables already loaded (as after the first command of a family), each figure the median and the
range of RUNS runs (default 3); then the whole commands, Python start-up included, once each.
Targets (issue #10): deriving ≤ 10 s, checking ≤ 2 s; 9/6 Jacks or Better ≤ 40 lines at
≥ 0.99524 and ≤ 12 lines (`--lines 11` and discard everything) within 0.15% of perfect play.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from videopoker.analysis.charts.chart import chart_file, class_patterns, read_chart
from videopoker.analysis.charts.derive import ChartReturn, chart_return, derive_chart
from videopoker.analysis.solve.draws import draw_tables
from videopoker.paytable import Paytable, resolve_paytable

T = TypeVar("T")

TABLES = ("jacks-or-better-9-6", "bonus-poker-8-5", "deuces-wild-full-pay", "double-double-bonus-9-6",
          "joker-poker-kings")


def timed(work: Callable[[], T], runs: int) -> tuple[T, list[float]]:
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - start)
    return result, seconds


def check(file: Path, paytable: Paytable) -> ChartReturn:
    """What `strategy check` does: read the file, solve the chart exactly."""
    return chart_return(read_chart(file, paytable.game), paytable)


def spread(seconds: list[float]) -> str:
    return f"{statistics.median(seconds):5.2f} s ({min(seconds):.2f}–{max(seconds):.2f})"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    folder = Path(tempfile.mkdtemp())
    for stem in TABLES:
        paytable = resolve_paytable(stem)
        draw_tables(paytable.game)
        class_patterns(paytable.game)
        for lines in (None, 11):
            result, seconds = timed(partial(derive_chart, paytable, most_lines=lines), runs)
            file = folder / f"{stem}-{lines}.txt"
            file.write_text(chart_file(result.chart, []), encoding="utf-8")
            checked, check_seconds = timed(partial(check, file, paytable), runs)
            print(f"{stem:25} {'all' if lines is None else lines:>3} lines: {len(result.chart.lines):2} "
                  f"return {float(result.rtp):.6f} cost {float(result.cost) * 100:.4f}%  "
                  f"derive {spread(seconds)}  check {spread(check_seconds)}")
            assert checked.rtp == result.rtp
    for argv in (["strategy", "jacks-or-better-9-6"], ["strategy", "jacks-or-better-9-6", "--lines", "11"],
                 ["strategy", "check", str(folder / "jacks-or-better-9-6-11.txt"), "jacks-or-better-9-6"]):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "videopoker", *argv], check=True, capture_output=True)
        print(f"whole command `videopoker {' '.join(argv[:2])}{' --lines 11' if '--lines' in argv else ''}`: "
              f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
