"""The ledger's costs: what recording adds to a draw, and `history` on a million hands.

    python tests/benchmarks/ledger_speed.py draw [--rounds 300]
    python tests/benchmarks/ledger_speed.py history [--hands 1000000] [--runs 7]

``draw`` times ``Session.draw`` in-process (median and spread, milliseconds) for one-hand and
100-hand rounds, the hint engine warm as in the game.  Run it on this tree and on a tree before
the ledger (the same script, with that tree first on PYTHONPATH): the difference is what
recording adds (targets: ≤ 2 ms a one-hand draw, ≤ 20 ms a 100-hand round).

``history`` builds a ledger of that many hands by playing 100-hand rounds through the engine
(a minute or two), then times the whole command ``videopoker history --json`` and reports the
file's bytes a hand (targets: ≤ 0.5 s, ≤ 100 bytes).  It also plays 20,000 one-hand rounds into
another home for their bytes a hand.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from videopoker.machine.training import warm
from videopoker.player.session import Session


def _spread(times: list[float]) -> str:
    ordered = sorted(times)
    low, high = ordered[len(ordered) // 10], ordered[-len(ordered) // 10 - 1]
    return f"median {statistics.median(times) * 1000:.2f} ms (10th–90th percentile {low * 1000:.2f}–{high * 1000:.2f})"


def time_draws(rounds: int) -> None:
    for hands in (1, 100):
        with tempfile.TemporaryDirectory() as folder, Session.open(Path(folder), random.Random(1),
                                                                   hands=hands) as session:
            warm(session.machine.paytable)
            session.machine.credits = 10**9
            times = []
            for _ in range(rounds):
                session.bet_max()
                session.toggle_hold(0)
                start = time.perf_counter()
                session.draw()
                times.append(time.perf_counter() - start)
            print(f"{hands:>3}-hand draw: {_spread(times)}")


def ledger_bytes(home: Path, hands: int) -> float:
    import sqlite3

    with sqlite3.connect(home / "ledger.sqlite") as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (home / "ledger.sqlite").stat().st_size / hands


def play_into(home: Path, hands: int, per_round: int) -> None:
    with Session.open(home, random.Random(2), hands=per_round) as session:
        session.machine.credits = 10**12  # enough for every round
        session._save()
    for name in ("ledger.sqlite", "ledger.sqlite-wal", "ledger.sqlite-shm"):  # its books begin at those credits
        (home / name).unlink(missing_ok=True)
    with Session.open(home, random.Random(2), hands=per_round) as session:
        warm(session.machine.paytable)
        for _ in range(hands // per_round):
            session.bet_max()
            session.toggle_hold(0)
            session.draw()


def time_history(hands: int, runs: int) -> None:
    home = Path(tempfile.mkdtemp())
    start = time.perf_counter()
    play_into(home, hands, 100)
    print(f"built {hands:,} hands in 100-hand rounds in {time.perf_counter() - start:.0f} s")
    env = {**os.environ, "VIDEOPOKER_HOME": str(home)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    argv = [sys.executable, "-m", "videopoker", "history", "--json"]
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)  # disk-warm, caches built
    times = []
    for _ in range(runs):
        begun = time.perf_counter()
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - begun)
    print(f"history --json, whole command: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}) over {runs} runs")
    print(f"100-hand rounds: {ledger_bytes(home, hands):.1f} bytes a hand")
    single = Path(tempfile.mkdtemp())
    play_into(single, 20_000, 1)
    print(f"one-hand rounds: {ledger_bytes(single, 20_000):.1f} bytes a hand")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["draw", "history"])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if args.what == "draw":
        time_draws(args.rounds)
    else:
        time_history(args.hands, args.runs)


if __name__ == "__main__":
    main()
