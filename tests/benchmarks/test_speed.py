"""Speed benchmarks (pytest-benchmark), outside the default test run.

    pytest tests/benchmarks --benchmark-columns=min,mean,max,rounds

Targets on the 2-core reference machine: scalar evaluator ≥ 1 M hands/s, batch ≥ 40 M hands/s,
cold analysis of 9/6 ≤ 1 s, warm re-solve (new pays, family cached) ≤ 0.1 s, one hint ≤ 5 ms.
Each test prints its figure in the units of the target.
"""

from __future__ import annotations

import random
import shutil
import tempfile

import pytest

from videopoker.analysis import analyze, best_holds
from videopoker.analysis.solve import draws as draws_module
from videopoker.deck.cards import full_deck
from videopoker.deck.combos import combinations_colex
from videopoker.paytable import apply_settings, resolve_paytable
from videopoker.rules.evaluate import JACKS_OR_BETTER

ALL_HANDS = combinations_colex(52, 5)


def report(benchmark, count: int, unit: str) -> None:
    rate = count / benchmark.stats.stats.min
    print(f"\n{benchmark.name}: {rate / 1e6:.2f} M {unit}/s (best of {benchmark.stats.stats.rounds})")


def test_scalar_evaluator(benchmark) -> None:
    hands = ALL_HANDS[:: 10].tolist()
    evaluate = JACKS_OR_BETTER.evaluate_index

    def run() -> None:
        for hand in hands:
            evaluate(hand)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    report(benchmark, len(hands), "hands")


def test_batch_evaluator(benchmark) -> None:
    benchmark.pedantic(JACKS_OR_BETTER.evaluate_batch, args=(ALL_HANDS,), rounds=10, warmup_rounds=2)
    report(benchmark, len(ALL_HANDS), "hands")


def test_cold_analysis(benchmark, monkeypatch: pytest.MonkeyPatch) -> None:
    """No cache anywhere: rules table, draw tables, suit classes and the solve, all from nothing."""
    paytable = resolve_paytable("jacks-or-better-9-6")

    def setup() -> None:
        folder = tempfile.mkdtemp()
        monkeypatch.setenv("VIDEOPOKER_CACHE", folder)
        monkeypatch.setattr(draws_module, "_MEMORY", {})
        for name in ("table", "card_keys", "low_offsets", "_scalar"):
            JACKS_OR_BETTER.__dict__.pop(name, None)

    result = benchmark.pedantic(analyze, args=(paytable,), setup=setup, rounds=5)
    assert round(float(result.rtp), 8) == 0.99543904
    print(f"\ncold analysis: {benchmark.stats.stats.min:.3f} s best, {benchmark.stats.stats.mean:.3f} s mean")


def test_warm_resolve(benchmark) -> None:
    """The paytable editor's keystroke: new pays, the family's tables already in memory."""
    paytable = resolve_paytable("jacks-or-better-9-6")
    analyze(paytable)
    variants = [apply_settings(paytable, [f"full_house={fh}", f"flush={fl}"]) for fh in (7, 8, 9) for fl in (5, 6)]
    cycle = iter(variants * 100)
    benchmark.pedantic(lambda: analyze(next(cycle), remember=False), rounds=20, warmup_rounds=2)
    print(f"\nwarm re-solve: {benchmark.stats.stats.min * 1000:.1f} ms best, "
          f"{benchmark.stats.stats.mean * 1000:.1f} ms mean")


def test_disk_warm_analysis(benchmark, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process with the disk cache: what `videopoker analyze` pays after its first run."""
    folder = tempfile.mkdtemp()
    monkeypatch.setenv("VIDEOPOKER_CACHE", folder)
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    paytable = resolve_paytable("jacks-or-better-8-5")
    analyze(paytable)

    def setup() -> None:
        monkeypatch.setattr(draws_module, "_MEMORY", {})

    benchmark.pedantic(analyze, args=(paytable,), kwargs={"remember": False}, setup=setup, rounds=5)
    shutil.rmtree(folder)
    print(f"\ndisk-warm analysis: {benchmark.stats.stats.min * 1000:.1f} ms best")


def test_best_holds_warm(benchmark) -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    rng = random.Random(1)
    deck = full_deck()
    hands = [tuple(rng.sample(deck, 5)) for _ in range(200)]
    best_holds(paytable, hands[0])
    cycle = iter(hands * 100)
    benchmark.pedantic(lambda: best_holds(paytable, next(cycle)), rounds=200, warmup_rounds=5)
    stats = benchmark.stats.stats
    print(f"\nbest_holds: {stats.mean * 1000:.2f} ms mean, max {stats.max * 1000:.2f} ms")
