"""Feature games II timed: the Ultimate X solve and its warm hint, Multi-Strike against its base table.

    python tests/benchmarks/feature_states_speed.py [--runs 5]

Targets (issue 33): Ultimate X 10-play solved cold ≤ 60 s; a warm hint in a given state ≤ 0.1 s;
Multi-Strike cold ≤ 3× its base table's cold ``analyze``.  Whole commands (a fresh cache for every
cold run, Multi-Strike and its base taken in turn, the ratio pair by pair), and the warm hint both
as a whole command and in-process.  Prints the median and spread (min–max) of each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time

from feature_speed import spread  # beside this script: run it as python tests/benchmarks/feature_states_speed.py

ULTIMATE = "ultimate-x-jacks-or-better-8-6"
STRIKES = [("multi-strike-16x-bonus-poker-7-5", "bonus-poker-7-5"),
           ("multi-strike-deuces-wild-full-pay", "deuces-wild-full-pay")]
HINT = ["hint", ULTIMATE, "Ts 9h 8d Qc 4d", "--multipliers", "12,1,1,1,1,1,1,1,1,1"]


def run(arguments: list[str], cache: str) -> float:
    started = time.perf_counter()
    subprocess.run(["videopoker", *arguments], check=True, stdout=subprocess.DEVNULL,
                   env=os.environ | {"VIDEOPOKER_CACHE": cache})
    return time.perf_counter() - started


def cold(arguments: list[str]) -> float:
    cache = tempfile.mkdtemp(prefix="vp-cold-")
    try:
        return run(arguments, cache)
    finally:
        shutil.rmtree(cache)


def in_process_hint(runs: int) -> list[float]:
    """The warm hint's own work, the interpreter and the modules already loaded."""
    from videopoker.analysis.features.ultimate_x.hint import lines_holds as state_holds
    from videopoker.deck.cards import parse_hand
    from videopoker.paytable import resolve_paytable
    from videopoker.paytable.kinds.ultimate_x import Lines

    paytable, hand = resolve_paytable(ULTIMATE), parse_hand(HINT[2])
    state = Lines((12,) + (1,) * 9)
    state_holds(paytable, hand, state)  # the solve read back, the draw tables loaded
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        state_holds(paytable, hand, state)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    os.environ.setdefault("VIDEOPOKER_HOME", tempfile.mkdtemp(prefix="vp-home-"))
    solves = [cold(["analyze", ULTIMATE, "--multi", "10"]) for _ in range(max(1, runs // 2))]
    print(f"{ULTIMATE} 10-play cold analyze: {spread(solves)}")
    warm = tempfile.mkdtemp(prefix="vp-warm-")
    run(HINT, warm)
    hints = [run(HINT, warm) for _ in range(runs)]
    numpy = [run_python(warm) for _ in range(runs)]
    shutil.rmtree(warm)
    print(f"warm hint at 10 lines, whole command: {spread(hints)}; python -c 'import numpy': {spread(numpy)}")
    os.environ["VIDEOPOKER_CACHE"] = tempfile.mkdtemp(prefix="vp-inproc-")
    print(f"warm hint in-process: {spread([t * 1000 for t in in_process_hint(runs * 4)], ' ms')}")
    for strike, base in STRIKES:
        cold(["analyze", strike]), cold(["analyze", base])  # warm the disk and the interpreter's files
        pairs = [(cold(["analyze", strike]), cold(["analyze", base])) for _ in range(runs)]
        print(f"{strike}: cold {spread([a for a, _ in pairs])}, {base} cold {spread([b for _, b in pairs])}, "
              f"ratio {spread([a / b for a, b in pairs], '×')}")


def run_python(cache: str) -> float:
    started = time.perf_counter()
    subprocess.run(["python", "-c", "import numpy"], check=True, env=os.environ | {"VIDEOPOKER_CACHE": cache})
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
