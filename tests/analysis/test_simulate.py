"""Monte Carlo play: the optimal lookup agrees with the exact engine, runs reproduce, and every
strategy's return lands within four standard errors of its exact value, in every family."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from videopoker.analysis import analyze, best_holds
from videopoker.analysis.deal.holds import Optimal
from videopoker.analysis.play.simulate import check_hands, running, simulate
from videopoker.analysis.play.strategies import strategy_named
from videopoker.deck.cards import Card
from videopoker.deck.combos import colex_rank
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable, resolve_paytable

FAMILIES = ["jacks-or-better-9-6", "bonus-poker-8-5", "double-double-bonus-9-6", "deuces-wild-full-pay",
            "joker-poker-kings"]


def exact_rtp(expected: tuple[Fraction, ...], paytable: Paytable, coins: int) -> float:
    return float(sum(p * paytable.pay(c, coins) for c, p in zip(paytable.game.categories, expected)) / coins)


@pytest.mark.parametrize("name", FAMILIES)
def test_the_lookup_holds_what_the_exact_engine_ranks_first(name: str) -> None:
    paytable = resolve_paytable(name)
    lookup = Optimal(paytable, paytable.max_coins).lookup()
    rng = random.Random(7)
    for _ in range(60):
        cards = sorted(rng.sample(range(paytable.game.deck_size), 5))
        mask = int(lookup[colex_rank(np.array([cards]))[0]])
        holds = best_holds(paytable, [Card(c) for c in cards])
        chosen = next(h for h in holds if h.held == tuple(bool(mask >> p & 1) for p in range(5)))
        assert chosen.ev == holds[0].ev, (name, cards, chosen.label, holds[0].label)


@pytest.mark.parametrize("name", FAMILIES)
def test_optimal_play_lands_within_four_standard_errors_of_the_exact_return(name: str) -> None:
    paytable = resolve_paytable(name)
    result = simulate(paytable, strategy_named("optimal", paytable, 5), 400_000, seed=20261123)
    exact = float(analyze(paytable).rtp)
    assert exact_rtp(result.expected, paytable, 5) == pytest.approx(exact, abs=1e-12)
    assert abs(result.rtp - exact) < 4 * result.standard_error, (result.rtp, exact, result.standard_error)
    assert sum(result.counts) == 400_000
    assert 0.002 < result.standard_error < 0.02


@pytest.mark.parametrize("strategy", ["hold-nothing", "random"])
def test_card_blind_play_makes_the_census_of_the_deck(strategy: str) -> None:
    """Whatever a player who never looks keeps, the final hand is five random cards: a chi-square
    test of every category against the census."""
    paytable = resolve_paytable("jacks-or-better-9-6")
    result = simulate(paytable, strategy_named(strategy, paytable, 5), 300_000, seed=5)
    expected = np.array([float(p) for p in result.expected]) * result.hands
    seen = np.array(result.counts)
    common = expected > 20
    chi2 = float((((seen - expected) ** 2) / expected)[common].sum())
    assert chi2 < 40, (chi2, seen, expected)  # 9 degrees of freedom: p ≈ 5e-6
    assert abs(result.rtp - exact_rtp(result.expected, paytable, 5)) < 4 * result.standard_error


def test_a_seed_plays_the_same_hands_again_and_another_seed_does_not() -> None:
    paytable = resolve_paytable("deuces-wild-full-pay")
    strategy = strategy_named("optimal", paytable, 5)
    first, again = (simulate(paytable, strategy, 50_000, seed=11) for _ in range(2))
    other = simulate(paytable, strategy, 50_000, seed=12)
    assert first.counts == again.counts and first.won == again.won
    assert first.counts != other.counts
    assert first.seed == 11 and first.to_json()["seed"] == 11


def test_a_run_without_a_seed_reports_one_that_repeats_it() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    strategy = strategy_named("random", paytable, 5)
    first = simulate(paytable, strategy, 20_000)
    assert simulate(paytable, strategy, 20_000, seed=first.seed).counts == first.counts


def test_multi_hand_rounds_share_the_deal_and_count_every_hand() -> None:
    """Ten-play rounds: hands counted one by one, and the standard error from the rounds (which
    share a deal) is wider than ten times as many independent hands would give."""
    paytable = resolve_paytable("jacks-or-better-9-6")
    strategy = strategy_named("optimal", paytable, 5)
    ten = simulate(paytable, strategy, 300_000, seed=3, multi=10)
    one = simulate(paytable, strategy, 300_000, seed=3)
    exact = analyze(paytable)
    assert ten.hands == 300_000 and ten.rounds == 30_000 and sum(ten.counts) == 300_000
    assert abs(ten.rtp - float(exact.rtp)) < 4 * ten.standard_error
    predicted = exact.multi_standard_deviation(10) / math.sqrt(300_000)
    assert ten.standard_error == pytest.approx(predicted, rel=0.15)
    assert ten.standard_error > 1.1 * one.standard_error


def test_the_running_result_grows_batch_by_batch() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    steps = list(running(paytable, strategy_named("random", paytable, 5), 40_000, seed=1))
    assert [s.hands for s in steps] == [16_384, 32_768, 40_000]
    assert all(a.won <= b.won for a, b in itertools.pairwise(steps))


def test_simulation_json_has_the_contract_keys() -> None:
    paytable = resolve_paytable("joker-poker-kings")
    data = simulate(paytable, strategy_named("random", paytable, 5), 10_000, seed=1).to_json()
    assert {"paytable", "game", "coins", "strategy", "hands", "seed", "rtp", "standard_error", "seconds",
            "rows"} <= set(data)
    assert [row["category"] for row in data["rows"]][-1] == "nothing"
    assert sum(row["count"] for row in data["rows"]) == 10_000
    assert sum(row["expected"] for row in data["rows"]) == pytest.approx(1.0)


def test_a_table_that_pays_nothing_simulates_with_no_spread(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Every round pays the same (0): the standard error is 0 and there is no distance in SE to
    divide out; the command prints its table and that line, exit 0."""
    from videopoker.cli import main

    nine_six = resolve_paytable("jacks-or-better-9-6")
    table = tmp_path / "nothing-pays.yaml"
    table.write_text("name: Nothing Pays\ngame: jacks-or-better\nmax_coins: 5\npays: {"
                     + ", ".join(f"{category}: 0" for category in nine_six.game.paying) + "}\n")
    assert main(["simulate", str(table), "--hands", "1000", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Return 0.0000% ± 0.0000 (1 SE); exact 0.0000%, as every round paid the same" in out
    result = simulate(resolve_paytable(str(table)), strategy_named("optimal", nine_six, 5), 1000, seed=1)
    assert result.standard_error == 0.0 and result.to_json()["standard_error"] == 0.0


def test_a_run_of_losses_has_no_spread_and_says_so() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    lost = simulate(paytable, strategy_named("hold-nothing", paytable, 5), 3, seed=1)
    lost = dataclasses.replace(lost, won=0, won_squared=0)
    assert lost.standard_error == 0.0
    assert lost.summary() == ("Return 0.0000% ± 0.0000 (1 SE); exact 33.6867%, every round paid the same "
                              "(no spread to measure the gap in SE)")


def test_impossible_requests_are_refused_with_what_would_work() -> None:
    with pytest.raises(VideoPokerError, match="ask for 9 or 12"):
        check_hands(10, 3)
    with pytest.raises(VideoPokerError, match="1 to"):
        check_hands(0, 1)
    with pytest.raises(VideoPokerError, match="optimal, hold-nothing, random"):
        strategy_named("perfect", resolve_paytable("jacks-or-better-9-6"), 5)
