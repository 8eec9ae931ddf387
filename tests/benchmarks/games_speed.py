"""Games as data, timed: a cold analysis of a game never seen before against a cold 9/6 Jacks or
Better (whole processes, a fresh cache each), a warm re-solve and a best hold (in-process), and how
fast hostile definitions are refused.

    python tests/benchmarks/games_speed.py [--runs 5]

Targets (issue 19): cold ≤ 1.5× cold 9/6 Jacks or Better for any definition (two jokers, a wild
rank and a joker, suited wild cards; issue 46: a fifth ace), warm re-solve ≤ 0.1 s, best hold ≤ 5 ms; hostile files
refused well under a second.  Prints median and spread (min–max) of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "rules"))

PAYS = {
    "double-joker": "{natural_royal_flush: [250, 500, 750, 1000, 4000], wild_royal_flush: 100, five_of_a_kind: 50, "
                    "straight_flush: 25, four_of_a_kind: 9, full_house: 5, flush: 4, straight: 3, three_of_a_kind: 2, "
                    "two_pair: 1}",
    "deuces-and-joker": "{five_wilds: [9, 18, 27, 36, 10000], natural_royal_flush: [250, 500, 750, 1000, 4000], "
                        "four_deuces: 25, wild_royal_flush: 12, five_of_a_kind: 9, straight_flush: 6, "
                        "four_of_a_kind: 3, full_house: 3, flush: 3, straight: 2, three_of_a_kind: 1}",
    "one-eyed-jacks": "{natural_royal_flush: [250, 500, 750, 1000, 4000], five_of_a_kind: 100, wild_royal_flush: 50, "
                      "straight_flush: 50, four_of_a_kind: 10, full_house: 5, flush: 4, straight: 3, "
                      "three_of_a_kind: 2, two_pair: 1, kings_or_better: 1}",
}


def write_tables(folder: Path) -> dict[str, Path]:
    from test_games import NEVER_SHIPPED

    files = {}
    for key, pays in PAYS.items():
        game = "\n".join("  " + line for line in NEVER_SHIPPED[key].strip().splitlines())
        files[key] = folder / f"{key}.yaml"
        files[key].write_text(f"name: {key}\ngame:\n{game}\nmax_coins: 5\npays: {pays}\n")
    return files


def cold(table: str) -> float:
    """One whole `videopoker analyze` with an empty cache: the game's tables built from nothing."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "VIDEOPOKER_HOME": home}
        env.pop("VIDEOPOKER_CACHE", None)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "videopoker", "analyze", table], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


def figures(times: list[float], unit: str = "s") -> str:
    return f"median {statistics.median(times):.3f} {unit} (spread {min(times):.3f}–{max(times):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    folder = Path(tempfile.mkdtemp())
    tables = {"jacks-or-better-9-6": "jacks-or-better-9-6", **{k: str(v) for k, v in write_tables(folder).items()},
              "five-aces-ddb-9-6": "five-aces-double-double-bonus-9-6"}  # 53 cards: a fifth ace
    print("cold analysis, whole command, fresh cache (paired rounds)")
    results: dict[str, list[float]] = {name: [] for name in tables}
    ratios: dict[str, list[float]] = {name: [] for name in tables}
    for _ in range(runs):
        base = cold(tables["jacks-or-better-9-6"])
        results["jacks-or-better-9-6"].append(base)
        for name, table in tables.items():
            if name != "jacks-or-better-9-6":
                seconds = cold(table)
                results[name].append(seconds)
                ratios[name].append(seconds / base)
    for name, times in results.items():
        ratio = (f", {statistics.median(ratios[name]):.2f}× ({min(ratios[name]):.2f}–{max(ratios[name]):.2f})"
                 if ratios[name] else "")
        print(f"  {name:22} {figures(times)}{ratio}")

    os.environ["VIDEOPOKER_HOME"] = tempfile.mkdtemp()
    from videopoker.analysis.solve.exact import analyze
    from videopoker.analysis.solve.hint import best_holds
    from videopoker.deck.cards import parse_hand
    from videopoker.paytable import load_paytable, resolve_paytable

    print("in-process, tables loaded")
    for name, table in tables.items():
        paytable = load_paytable(Path(table)) if table.endswith(".yaml") else resolve_paytable(table)
        analyze(paytable, remember=False)
        solves, holds = [], []
        for pay in range(runs * 2):
            changed = paytable.with_pays({paytable.game.paying[-1]: tuple(n * (pay % 3) for n in range(1, 6))})
            start = time.perf_counter()
            analyze(changed, remember=False)
            solves.append(time.perf_counter() - start)
            start = time.perf_counter()
            best_holds(paytable, parse_hand("Ah Kh Qh Jh 9c"))
            holds.append(time.perf_counter() - start)
        hold_ms = figures([t * 1000 for t in holds], "ms")
        print(f"  {name:22} re-solve {figures(solves)}; best hold {hold_ms}")

    print("hostile definitions refused (in-process)")
    from test_games import test_hostile_definitions_are_refused_not_worked_through as hostile

    for kind in ("many-hands", "alias-bomb", "huge-list", "deep"):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            hostile(Path(tempfile.mkdtemp()), kind)
            times.append(time.perf_counter() - start)
        print(f"  {kind:22} {figures(times)}")


if __name__ == "__main__":
    main()
