"""``analyze --plot`` of a Bonus Streak table: the law of the next hands' multiplier sum, gathered
from the states of ``analyze --json``, and every state's worth against that sum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_history_command import run
from test_plots import one_line, svg_text

from videopoker.plots.feature import draw_analysis
from videopoker.plots.kinds.bonus_streak import next_sum


def test_analyze_draws_the_sums_law_and_the_states_worth(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "streaks.svg"
    code, out, err = run(capsys, "analyze", "bonus-streak-jacks-or-better-8-6", "--multi", "3", "--json", "--plot",
                         str(target))
    assert code == 0 and one_line(err) == f"plot written to {target}"
    feature = json.loads(out)["feature"]
    chance = sum(state["probability"] for state in feature["states"])
    mean = sum(state["probability"] * next_sum(state["streaks"]) for state in feature["states"]) / chance
    text = svg_text(target)
    for words in ("Bonus Streak Jacks or Better 8/6: return", "a hand, 3-play",
                  f"The next hands' multiplier sum in play: {mean:.2f} on average",
                  "sum of the 3 lines' next multipliers", f"What each state of the queues is worth "
                  f"({len(feature['states'])} states)", "coins of the round, beside no streaks"):
        assert words in text, words


def test_the_picture_is_drawn_from_the_json_alone(tmp_path: Path) -> None:
    """Three made-up states: 1X, 1X, 1X (half the time), and two with 2X on a line (a sum of 4)."""
    data = {"paytable": "Made Up", "rtp": 0.99, "coins": 10, "rows": [],
            "feature": {"kind": "bonus streak", "lines": 3, "rtp_plain_holds": 0.98, "rtp_bounds": [0.99, 0.99],
                        "states": [{"streaks": "-,-,-", "probability": 0.5, "value": 0.0},
                                   {"streaks": "2-4,-,-", "probability": 0.3, "value": 40.0},
                                   {"streaks": "2,-,-", "probability": 0.2, "value": 20.0}]}}
    text = svg_text(draw_analysis(data, tmp_path / "made-up.svg"))
    assert "multiplier sum in play: 3.50 on average" in text and "(3 states)" in text


def test_a_queue_sum_is_its_heads_and_1x_for_an_empty_line() -> None:
    assert [next_sum(text) for text in ("-,-,-", "2-4,12-12,-", "12,12,12,12,12")] == [3, 15, 60]
