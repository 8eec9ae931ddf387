"""The N-play standard deviation, √(v + (N−1)·c), against play: rounds of N hands dealt, held by the
hint engine (a separate path from the exact analysis) and drawn by the game's own round.

The royal is repriced to 50 per coin for the simulations, so that a few thousand rounds estimate
the second moments well (with a 4,000-coin royal they would hinge on hands never seen).
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pytest

from videopoker.analysis import analyze, best_holds
from videopoker.deck.cards import full_deck
from videopoker.machine.round import PLAY_LINES, Round
from videopoker.paytable import apply_settings, resolve_paytable

TAMED = apply_settings(resolve_paytable("jacks-or-better-9-6"), ["royal_flush=50"])


def mean_and_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, spread / math.sqrt(len(values))


def test_the_covariance_is_the_variance_of_the_dealt_hands_best_ev() -> None:
    """c from the exact analysis against the hint engine's best EV of random dealt hands."""
    analysis = analyze(TAMED)
    rng = random.Random(12)
    deck = full_deck(0)
    evs = [float(best_holds(TAMED, rng.sample(deck, 5))[0].ev) for _ in range(3000)]
    mean, mean_error = mean_and_error(evs)
    second, second_error = mean_and_error([ev * ev for ev in evs])
    assert abs(mean - float(analysis.rtp)) < 4 * mean_error
    assert abs(second - analysis.dealt_second_moment) < 4 * second_error
    assert 0 < analysis.covariance < float(analysis.variance)


@pytest.mark.slow
def test_the_multi_hand_deviation_matches_ten_play_rounds() -> None:
    hands, rounds = 10, 2500
    analysis = analyze(TAMED)
    rng = random.Random(3)
    totals = []
    for _ in range(rounds):
        dealt = Round.deal(TAMED, 5, rng, hands)
        best = best_holds(TAMED, dealt.dealt)[0]
        played = Round(TAMED, 5, dealt.dealt, best.held, hands)
        totals.append(sum(played.settle(final)[1] for final in played.draw(rng)) / 5)  # per coin
    mean, mean_error = mean_and_error(totals)
    assert abs(mean / hands - float(analysis.rtp)) < 4 * mean_error / hands
    # Var(round total) / N estimates v + (N−1)c; its error from the fourth moment of the totals.
    centred = [(t - mean) ** 2 for t in totals]
    variance, variance_error = mean_and_error(centred)
    expected = analysis.multi_standard_deviation(hands) ** 2
    assert abs(variance / hands - expected) < 4 * variance_error / hands
    single = float(analysis.variance)
    assert abs(variance / hands - single) > 4 * variance_error / hands, "and the covariance shows"


def test_the_deviation_grows_with_the_hands_and_one_hand_is_the_plain_deviation() -> None:
    analysis = analyze(resolve_paytable("jacks-or-better-9-6"))
    deviations = [analysis.multi_standard_deviation(n) for n in PLAY_LINES]
    assert deviations[0] == pytest.approx(analysis.standard_deviation, rel=1e-12)
    assert deviations == sorted(deviations)
    assert deviations[-1] ** 2 == pytest.approx(float(analysis.variance) + 99 * analysis.covariance)


def test_analyze_multi_on_the_command_line() -> None:
    run = subprocess.run([sys.executable, "-m", "videopoker", "analyze", "jacks-or-better-9-6", "--multi", "10",
                          "--json"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    analysis = analyze(resolve_paytable("jacks-or-better-9-6"))
    assert data["multi"] == 10
    assert data["standard_deviation"] == pytest.approx(analysis.multi_standard_deviation(10), rel=1e-12)
    assert data["rtp"] == pytest.approx(0.995439, abs=5e-7)
    text = subprocess.run([sys.executable, "-m", "videopoker", "analyze", "jacks-or-better-9-6", "--multi", "3"],
                          capture_output=True, text=True, timeout=120).stdout
    assert f"3-play: SD {analysis.multi_standard_deviation(3):.4f} per hand" in text
    refused = subprocess.run([sys.executable, "-m", "videopoker", "analyze", "jacks-or-better-9-6", "--multi", "4"],
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert refused.stderr.strip() == ("videopoker: argument --multi: a machine deals 1, 3, 5, 10, 50 or 100 hands, "
                                      "got '4' (see `videopoker analyze --help`)")
