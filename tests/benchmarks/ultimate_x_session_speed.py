"""An Ultimate X 3-play session's exact odds as a whole command, cold: 1,000 credits for 2,000
rounds of 8/6 Jacks or Better (target: < 60 s), each run with an empty analysis cache (the solve,
the lines' laws and the session all worked out), beside a cold 9/6 Jacks or Better ``analyze``.

    python tests/benchmarks/ultimate_x_session_speed.py [--runs 3]

Prints the median and spread (min–max) of each and of their ratio, pair by pair, and the peak
memory of the session command (its children's maximum resident set).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time

SESSION = ["videopoker", "bankroll", "ultimate-x-jacks-or-better-8-6", "--multi", "3", "--credits", "1000",
           "--hands", "2000"]
BASELINE = ["videopoker", "analyze", "jacks-or-better-9-6"]


def cold(command: list[str]) -> float:
    """``command``'s wall time with a cache and home of its own, emptied after."""
    with tempfile.TemporaryDirectory() as room:
        environment = os.environ | {"VIDEOPOKER_CACHE": room, "VIDEOPOKER_HOME": os.path.join(room, "home")}
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=environment)
        return time.perf_counter() - started


def spread(values: list[float], unit: str = " s") -> str:
    return f"{statistics.median(values):.2f}{unit} ({min(values):.2f}–{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    pairs = [(cold(SESSION), cold(BASELINE)) for _ in range(runs)]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"Ultimate X 3-play session, cold: {spread([a for a, _ in pairs])}; cold 9/6 analyze: "
          f"{spread([b for _, b in pairs])}; ratio {spread([a / b for a, b in pairs], '×')}; "
          f"peak memory {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
