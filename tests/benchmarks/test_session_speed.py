"""Speed of simulate and bankroll (pytest-benchmark), outside the default test run.

    pytest tests/benchmarks/test_session_speed.py -s --benchmark-columns=min,median,max,rounds

Targets on the 2-core reference machine: ``simulate`` with the optimal strategy ≥ 1 M hands/s
(aim 5 M), the lookup already built; ``bankroll`` with B = 10,000 credits and H = 10,000 hands
≤ 1 s.  Each test prints its figure with the median and the spread of its rounds.  Measured on
2026-11-23: simulate 3.4–3.8 M hands/s (medians per family), bankroll 0.15–0.17 s.
"""

from __future__ import annotations

import pytest

from videopoker.analysis import analyze
from videopoker.analysis.play.simulate import simulate
from videopoker.analysis.play.strategies import strategy_named
from videopoker.analysis.session.bankroll import bankroll
from videopoker.paytable import resolve_paytable

FAMILIES = ["jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings"]


def spread(benchmark) -> str:
    stats = benchmark.stats.stats
    return f"median {stats.median:.3f} s (min {stats.min:.3f}, max {stats.max:.3f}, {stats.rounds} rounds)"


@pytest.mark.parametrize("name", FAMILIES)
def test_simulate_optimal(benchmark, name: str) -> None:
    paytable = resolve_paytable(name)
    strategy = strategy_named("optimal", paytable, 5)
    strategy.prepare()
    strategy.expected()
    hands = 2_000_000
    benchmark.pedantic(lambda: simulate(paytable, strategy, hands, seed=1), rounds=7, iterations=1)
    print(f"\nsimulate {name}: {hands / benchmark.stats.stats.median / 1e6:.2f} M hands/s at the median; "
          f"{spread(benchmark)}")


@pytest.mark.parametrize("name", FAMILIES)
def test_bankroll_ten_thousand(benchmark, name: str) -> None:
    analysis = analyze(resolve_paytable(name))
    benchmark.pedantic(lambda: bankroll(analysis, 10_000, 10_000), rounds=5, iterations=1)
    print(f"\nbankroll {name} B=10,000 H=10,000: {spread(benchmark)}")
