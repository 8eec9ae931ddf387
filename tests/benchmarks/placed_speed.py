"""Games of places, timed: a cold analysis of an order-dependent table (its tables built from
nothing, every order of every deal played) side by side with a cold 9/6 Jacks or Better, each
pair run back to back, and a hint in place (in-process).

    python tests/benchmarks/placed_speed.py [--runs 3]

Targets (issue 46): a cold analysis of an order-dependent table ≤ 30 s with a progress bar.
Prints median and spread (min–max) of each, and the ratio of each pair.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from games_speed import cold  # a whole `videopoker analyze` with an empty cache

TABLES = ("jacks-or-better-sequential-royal-9-6", "aces-bonus-8-5")
BASELINE = "jacks-or-better-9-6"


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f})"


def hint_in_place() -> float:
    """Milliseconds for the holds of one deal of ACE$ Bonus, its tables warm."""
    from videopoker.analysis.solve.hint import best_holds
    from videopoker.deck.cards import parse_hand
    from videopoker.paytable import resolve_paytable

    paytable = resolve_paytable("aces-bonus-8-5")
    hand = parse_hand("9c As Ac 2d Ad")
    best_holds(paytable, hand)
    start = time.perf_counter()
    for _ in range(20):
        best_holds(paytable, hand)
    return (time.perf_counter() - start) / 20 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    for table in TABLES:
        pairs = [(cold(table), cold(BASELINE)) for _ in range(runs)]
        mine, base = [pair[0] for pair in pairs], [pair[1] for pair in pairs]
        ratios = [a / b for a, b in pairs]
        print(f"cold {table}: {spread(mine)}; cold {BASELINE} beside it {spread(base)}; "
              f"ratio {statistics.median(ratios):.0f}× ({min(ratios):.0f}–{max(ratios):.0f})")
    with tempfile.TemporaryDirectory() as home:
        os.environ["VIDEOPOKER_HOME"] = home
        print(f"hint in place (ACE$ Bonus, warm): {hint_in_place():.1f} ms")


if __name__ == "__main__":
    main()
