"""Bonus Streak timed: its cold solve at 3- and 5-play and its warm hint in a state.

    python tests/benchmarks/bonus_streak_speed.py [--runs 3] [--lines 3 5]

Targets (issue 42): a cold solve with a progress bar, 3-play ≤ 60 s and 5-play ≤ 5 min on this
machine; a warm hint ≤ 0.2 s.  A cold solve is a whole ``analyze`` command with a fresh cache (the
draw tables' cache kept, as a player who has played the game before has them; the first solve of a
new game builds them too, a few seconds more).  The warm hint is timed as a whole command and
in-process.  Prints the median and spread (min–max) of each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from feature_speed import spread  # beside this script: run it as python tests/benchmarks/bonus_streak_speed.py

TABLE = "bonus-streak-double-double-bonus-6-5"
HAND = "Ah Ad 5c 5s 9h"


def run(arguments: list[str], cache: str) -> float:
    started = time.perf_counter()
    subprocess.run(["videopoker", *arguments], check=True, stdout=subprocess.DEVNULL,
                   env=os.environ | {"VIDEOPOKER_CACHE": cache})
    return time.perf_counter() - started


def cold_solve(lines: int, tables: Path) -> float:
    """``analyze --multi lines`` on a cache holding only the game's draw tables."""
    cache = tempfile.mkdtemp(prefix="vp-cold-")
    try:
        for kept in tables.glob("draws-*"):
            shutil.copytree(kept, Path(cache) / kept.name) if kept.is_dir() else shutil.copy(kept, cache)
        return run(["analyze", TABLE, "--multi", str(lines)], cache)
    finally:
        shutil.rmtree(cache)


def in_process_hint(lines: int, runs: int) -> list[float]:
    from videopoker.analysis.features.bonus_streak.hint import streak_holds
    from videopoker.deck.cards import parse_hand
    from videopoker.paytable import resolve_paytable
    from videopoker.paytable.kinds.bonus_streak import Queues

    paytable, hand = resolve_paytable(TABLE), parse_hand(HAND)
    state = Queues(((2, 4, 8),) + ((),) * (lines - 1))
    streak_holds(paytable, hand, state)  # the solve read back, the chain built, the draw tables loaded
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        streak_holds(paytable, hand, state)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, nargs="+", default=[3, 5])
    args = parser.parse_args()
    warm = tempfile.mkdtemp(prefix="vp-warm-")
    try:
        run(["analyze", "double-double-bonus-6-5"], warm)  # the game's draw tables, built once
        for lines in args.lines:
            print(f"cold solve, {lines}-play: {spread([cold_solve(lines, Path(warm)) for _ in range(args.runs)])}")
            run(["analyze", TABLE, "--multi", str(lines)], warm)
            streaks = ",".join(["2-4-8"] + ["-"] * (lines - 1))
            hint = ["hint", TABLE, HAND, "--streaks", streaks]
            print(f"warm hint, {lines}-play, whole command: {spread([run(hint, warm) for _ in range(args.runs)])}")
            os.environ["VIDEOPOKER_CACHE"] = warm
            print(f"warm hint, {lines}-play, in-process: {spread(in_process_hint(lines, args.runs * 5))}")
    finally:
        shutil.rmtree(warm)


if __name__ == "__main__":
    main()
