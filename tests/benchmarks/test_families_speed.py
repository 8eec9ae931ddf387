"""Every family against Jacks or Better, in the same process and the same run.

    pytest tests/benchmarks/test_families_speed.py -s

Targets: cold analysis of each family ≤ 1.5 × Jacks or Better's cold time (rounds interleaved,
so a busy machine slows both alike); warm re-solve ≤ 0.1 s; one hint ≤ 5 ms.  Each prints its
median and spread (min–max) over its rounds.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable

import pytest

from videopoker.analysis import analyze, best_holds
from videopoker.analysis.solve import draws as draws_module
from videopoker.deck.cards import full_deck
from videopoker.paytable import Paytable, apply_settings, resolve_paytable
from videopoker.rules.lookup import Game

TABLES = {"jacks-or-better": "jacks-or-better-9-6", "bonus-poker": "bonus-poker-8-5",
          "double-bonus": "double-bonus-10-7", "double-double-bonus": "double-double-bonus-9-6",
          "deuces-wild": "deuces-wild-full-pay", "joker-poker": "joker-poker-kings"}
ROUNDS = 5


def forget(game: Game) -> None:
    """Back to nothing: no rules table, no draw tables in memory (the disk cache is a fresh folder)."""
    draws_module._MEMORY.clear()
    for name in ("table", "card_keys", "low_offsets", "_scalar", "categories"):
        game.__dict__.pop(name, None)


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def spread(times: list[float], unit: float = 1.0, name: str = "s") -> str:
    scaled = [t / unit for t in times]
    return f"median {statistics.median(scaled):.3f} {name} ({min(scaled):.3f}–{max(scaled):.3f}, n={len(scaled)})"


def test_cold_analysis_of_every_family_within_one_and_a_half_jacks(monkeypatch: pytest.MonkeyPatch) -> None:
    paytables = {key: resolve_paytable(name) for key, name in TABLES.items()}
    times: dict[str, list[float]] = {key: [] for key in TABLES}
    for _ in range(ROUNDS):
        for key, paytable in paytables.items():
            monkeypatch.setenv("VIDEOPOKER_CACHE", tempfile.mkdtemp())
            forget(paytable.game)
            times[key].append(timed(lambda: analyze(paytable)))  # noqa: B023  (called at once)
    jacks = statistics.median(times["jacks-or-better"])
    print()
    for key, observed in times.items():
        ratio = statistics.median(observed) / jacks
        print(f"cold {key:20} {spread(observed)}  ×{ratio:.2f} of Jacks or Better")
        assert ratio <= 1.5, key


@pytest.mark.parametrize("key", list(TABLES))
def test_warm_resolve(key: str) -> None:
    paytable = resolve_paytable(TABLES[key])
    analyze(paytable)
    top, low = paytable.game.paying[0], paytable.game.paying[-1]
    variants: list[Paytable] = [apply_settings(paytable, [f"{top}={800 + n}", f"{low}={n % 2}"])
                                for n in range(20)]
    observed = [timed(lambda: analyze(variant, remember=False)) for variant in variants]  # noqa: B023
    print(f"\nwarm re-solve {key:20} {spread(observed, 1e-3, 'ms')}")
    assert statistics.median(observed) <= 0.1


@pytest.mark.parametrize("key", list(TABLES))
def test_hint(key: str) -> None:
    paytable = resolve_paytable(TABLES[key])
    rng = random.Random(1)
    deck = full_deck(paytable.game.jokers)
    hands = [tuple(rng.sample(deck, 5)) for _ in range(300)]
    best_holds(paytable, hands[0])
    observed = [timed(lambda: best_holds(paytable, hand)) for hand in hands]  # noqa: B023
    print(f"\nhint {key:20} {spread(observed, 1e-3, 'ms')}")
    assert statistics.median(observed) <= 0.005
