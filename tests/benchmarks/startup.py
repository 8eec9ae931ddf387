"""Start-up of whole commands, paired against a bare ``python -c "import numpy"``.

    python tests/benchmarks/startup.py [--runs 15]

Each round runs the baseline and every command once, in turn, disk-warm (the analysis cache is
built first), so a busy moment of a shared machine slows both sides of a pair.  Prints per command
the median ratio to the baseline of its round, the spread of the ratios, and median seconds.
Targets (issue 8): analyze ≤ 2.0×, hint ≤ 1.6×.  Compiled modules are kept, as on a player's
machine (PYTHONDONTWRITEBYTECODE is removed from the environment of the runs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "analyze": ["analyze", "jacks-or-better-9-6"],
    "hint": ["hint", "jacks-or-better-9-6", "Ah", "Kh", "Qh", "Jh", "9c"],
    "paytable show": ["paytable", "show", "jacks-or-better-9-6"],
}


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    home = tempfile.mkdtemp()
    env = {**os.environ, "VIDEOPOKER_HOME": home}
    env.pop("VIDEOPOKER_CACHE", None)
    # As on a player's machine: Python keeps compiled modules (__pycache__).  Some shells here set
    # PYTHONDONTWRITEBYTECODE, which makes every run compile the whole package again (~0.07 s).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    program = [sys.executable, "-m", "videopoker"]
    for argv in COMMANDS.values():  # disk-warm: the caches exist
        subprocess.run(program + argv, env=env, check=True, stdout=subprocess.DEVNULL)
    baseline = [sys.executable, "-c", "import numpy"]
    ratios: dict[str, list[float]] = {name: [] for name in COMMANDS}
    seconds: dict[str, list[float]] = {name: [] for name in ["import numpy", *COMMANDS]}
    for _ in range(runs):
        base = timed(baseline, env)
        seconds["import numpy"].append(base)
        for name, argv in COMMANDS.items():
            took = timed(program + argv, env)
            seconds[name].append(took)
            ratios[name].append(took / base)
    print(f"{runs} paired rounds, whole processes, disk-warm")
    print(f"  {'import numpy':14} median {statistics.median(seconds['import numpy']):.3f} s")
    for name in COMMANDS:
        r = ratios[name]
        print(f"  {name:14} median {statistics.median(seconds[name]):.3f} s, "
              f"{statistics.median(r):.2f}× numpy (spread {min(r):.2f}–{max(r):.2f})")


if __name__ == "__main__":
    main()
