"""A session too long to work out exactly gets an answer, labelled approximate, that stays close to
the exact one where both can be had."""

from __future__ import annotations

import json
import math

import pytest

from videopoker.analysis import analyze
from videopoker.analysis.session import bankroll as exact_bankroll
from videopoker.analysis.session.diffusion import Diffusion
from videopoker.cli import main
from videopoker.paytable import resolve_paytable


def test_a_year_of_play_is_answered_and_says_it_is_approximate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bankroll", "jacks-or-better-9-6", "--credits", "100000", "--hands", "10000000"]) == 0
    out = capsys.readouterr().out
    assert "approximately, ±2.21%" in out and "Brownian" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 80  # the first, the title, wraps as prose
    assert main(["bankroll", "jacks-or-better-9-6", "--credits", "100000", "--hands", "10000000", "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert odds["method"] == "brownian motion" and odds["error_bound"] == pytest.approx(0.0221, abs=1e-4)
    # 10 M hands lose 0.456% of 50 M credits bet on average: ruin is nearly sure
    assert 0.95 < odds["ruin"] < 1 and odds["percentiles"]["50"] == 0
    assert main(["bankroll", "jacks-or-better-9-6", "--credits", "1000", "--hands", "2000", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == "exact"


@pytest.mark.parametrize(("name", "credits", "hands"), [
    ("jacks-or-better-9-6", 5000, 200_000), ("jacks-or-better-9-6", 100_000, 200_000),
    ("deuces-wild-full-pay", 3000, 100_000), ("double-double-bonus-9-6", 20_000, 200_000)])
def test_the_approximation_is_close_to_the_exact_odds(monkeypatch: pytest.MonkeyPatch, name: str, credits: int,
                                                      hands: int) -> None:
    """Measured where both run (the longest sessions the exact method does in seconds): within 4
    points on every chance and 4% of the bankroll on every percentile; it only gets closer as the
    session grows (the skew of the total fades as 1/√hands)."""
    analysis = analyze(resolve_paytable(name))
    exact = exact_bankroll.bankroll(analysis, credits, hands)
    monkeypatch.setattr(exact_bankroll, "MOST_WORK", 0)
    rough = exact_bankroll.bankroll(analysis, credits, hands)
    assert exact.error_bound is None and rough.error_bound is not None
    assert abs(rough.ruin - exact.ruin) < 0.04 and abs(rough.ahead - exact.ahead) < 0.04
    for p, value in exact.percentiles.items():
        assert abs(rough.percentiles[p] - value) <= 0.04 * credits + 1000, p
    assert rough.long_run_ruin == exact.long_run_ruin


def test_a_motion_without_drift_is_ruined_as_the_reflection_principle_says() -> None:
    motion = Diffusion(mean=0.0, variance=4.0, third=8.0)
    spread = math.sqrt(4.0 * 10_000)
    assert motion.ruin(300.0, 10_000) == pytest.approx(math.erfc(300 / spread / math.sqrt(2)))  # 2Φ(−d/s)
    _, alive = motion.survivors(300.0, 10_000)
    assert alive[-1] == pytest.approx(1 - motion.ruin(300.0, 10_000), abs=1e-9)
    assert motion.error_bound(10_000) == pytest.approx(0.4748 * 8 / (8 * 100))
