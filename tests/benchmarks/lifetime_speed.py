"""A bankroll's lifetime figures as a whole command: the lifetime risk from 5,000 credits and the
bankroll for a 1, 2, 5 and 10% risk of 9/6 Jacks or Better with 0.5% cash back (target: < 1 s),
beside ``python -c "import numpy"`` taken in turn, the analysis cache warm.

    python tests/benchmarks/lifetime_speed.py [--runs 10]

Prints the median and spread (min–max) of each and of their ratio, pair by pair.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

COMMAND = ["videopoker", "bankroll", "jacks-or-better-9-6", "--credits", "5000", "--cashback", "0.5%"]
BASELINE = [sys.executable, "-c", "import numpy"]


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def spread(values: list[float], unit: str = " s") -> str:
    return f"{statistics.median(values):.3f}{unit} ({min(values):.3f}–{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    timed(COMMAND)  # the table's solve cached, the interpreter's files read
    pairs = [(timed(COMMAND), timed(BASELINE)) for _ in range(runs)]
    print(f"lifetime figures: {spread([a for a, _ in pairs])}; import numpy: {spread([b for _, b in pairs])}; "
          f"ratio {spread([a / b for a, b in pairs], '×')}")


if __name__ == "__main__":
    main()
