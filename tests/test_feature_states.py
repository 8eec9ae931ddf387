"""Feature games II: Multi-Strike and Ultimate X, whose right hold depends on state carried across
rounds, solved exactly for the whole game.

The shipped tables' published returns and level values are asserted in test_catalog; here: the
Wizard of Odds' published counts of a level's holds, identities the solve must keep, the hint in a
state that changes the hold, the command line, and the cache.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import numpy as np
import pytest

from videopoker.analysis import analyze
from videopoker.analysis.features.multi_strike import solve as strike_module
from videopoker.analysis.features.multi_strike.hint import level_holds
from videopoker.analysis.features.multi_strike.solve import _tally, analyze_multi_strike, worths
from videopoker.analysis.features.ultimate_x import solve as ultimate_module
from videopoker.analysis.features.ultimate_x.hint import lines_holds
from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x, line_laws, sum_laws
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import VideoPokerError
from videopoker.machine.feature_play import bets
from videopoker.paytable import resolve_paytable
from videopoker.paytable.kinds.multi_strike import Climb
from videopoker.paytable.kinds.ultimate_x import Lines

STRIKE_16X = "multi-strike-16x-bonus-poker-7-5"
STRIKE_DEUCES = "multi-strike-deuces-wild-full-pay"
ULTIMATE_JACKS = "ultimate-x-jacks-or-better-8-6"


def test_a_level_without_a_free_ride_holds_what_the_wizard_counts() -> None:
    """WoO's 7/5 Bonus Poker 16X, level 4 without a free ride: the first rows of its return table,
    counted on the common denominator 19,933,230,517,200, hold for hold."""
    paytable = resolve_paytable(STRIKE_16X)
    solved = analyze_multi_strike(paytable)
    counts = _tally(paytable, worths(paytable, 8, solved.levels[4].value))
    assert counts[:3] == [489_518_136, 1_503_601_272, 3_938_392_188]
    assert sum(counts) == 19_933_230_517_200


def test_the_top_level_plays_the_base_game_and_the_return_adds_up() -> None:
    paytable = resolve_paytable(STRIKE_16X)
    solved = analyze_multi_strike(paytable)
    base = analyze(paytable)
    assert solved.levels[-1].value == pytest.approx(16 * float(base.rtp), rel=1e-14)
    assert solved.rtp == pytest.approx(solved.levels[0].value / 5, rel=1e-14)
    assert sum(row.feature_return for row in solved.rows) == pytest.approx(solved.rtp, rel=1e-12)
    reach = [level.reach for level in solved.levels]
    assert reach[0] == 1 and all(a > b > 0 for a, b in itertools.pairwise(reach))
    assert solved.variance > 0


def test_a_level_is_worth_at_least_what_either_way_of_holding_gives() -> None:
    """Backward induction: without a free ride the level's best holds are worth at least the base
    game's holds in the same worth, and a free ride is worth more than none."""
    paytable = resolve_paytable(STRIKE_DEUCES)
    solved = analyze_multi_strike(paytable)
    base = analyze(paytable)
    plain = np.array([float(row.probability) for row in base.rows])
    for level in solved.levels[:-1]:
        ahead = solved.continuation(level.level)
        base_holds = float(plain @ worths(paytable, level.multiplier, ahead))
        assert level.value_without_free_ride >= base_holds
        with_ride = level.multiplier * float(base.rtp) + ahead
        assert with_ride > level.value_without_free_ride


def test_ultimate_x_with_every_multiplier_one_returns_half_the_base_game() -> None:
    """No line ever earns more than 1X: every sum is the number of lines, the holds are the base
    game's, and ten coins a hand buy the five-coin column's wins: exactly half the base return."""
    paytable = resolve_paytable(ULTIMATE_JACKS)
    assert paytable.feature is not None
    flat = replace(paytable.feature, line_tables=((3, (("full_house", 1),)),))
    solved = analyze_ultimate_x(replace(paytable, feature=flat), 3)
    assert solved.sums == (3,)
    assert solved.rtp == pytest.approx(float(analyze(paytable).rtp) / 2, rel=1e-12)


def test_ultimate_x_three_and_five_play_are_what_the_wizard_gives() -> None:
    """8/6 Jacks or Better: about 99.30% at 3-play and 99.40% at 5-play; the base game's holds at
    every sum give up about 0.7% at 10-play."""
    paytable = resolve_paytable(ULTIMATE_JACKS)
    assert round(analyze_ultimate_x(paytable, 3).rtp * 100, 2) == 99.30
    assert round(analyze_ultimate_x(paytable, 5).rtp * 100, 2) == 99.40
    ten = analyze_ultimate_x(paytable, 10)
    assert 0.005 < ten.rtp - ten.rtp_base_strategy < 0.009
    assert sum(ten.probabilities) == pytest.approx(1.0)
    assert ten.relative[0] == 0.0 and all(a < b for a, b in itertools.pairwise(ten.relative))


def test_the_law_of_the_next_sum_is_the_lines_convolved() -> None:
    """Two lines, each earning 2X with chance 1/4 (else 1X): sums 2, 3, 4 with 9/16, 6/16, 1/16."""
    outcomes = np.array([[1, 3]])          # categories: a 2X hand once, a losing hand three times
    laws = line_laws(outcomes, np.array([2, 1]))
    assert sum_laws(laws, 2, 4).tolist() == [[9 / 16, 6 / 16, 1 / 16]]


@pytest.mark.parametrize(("state", "best"), [(Climb(1), "Jh Qs"),
                                             (Climb(2), "Jh Qs"),
                                             (Climb(1, free_ride=True), "6c 6d"),
                                             (Climb(5), "6c 6d")])
def test_a_multi_strike_level_changes_the_hold(state: Climb, best: str) -> None:
    """Low on the stack, anything that pays opens the next level: two high cards beat a low pair."""
    hint = level_holds(resolve_paytable(STRIKE_16X), parse_hand("6c 6d Jh Qs 8c"), state)
    assert hint.holds[0].label == best
    assert hint.changed == (best != "6c 6d")


def test_ultimate_x_multipliers_change_the_hold() -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    hand = parse_hand("Ts 9h 8d Qc 4d")
    low = lines_holds(paytable, hand, Lines((1, 1, 1)))
    high = lines_holds(paytable, hand, Lines((12, 12, 12)))
    assert (low.holds[0].label, high.holds[0].label) == ("Ts 9h 8d Qc", "Qc")
    assert low.changed and not high.changed
    assert high.holds[0].ev == high.base_best.ev  # the EV stays the base game's


def test_a_state_the_table_has_not_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in [(["hint", "jacks-or-better-9-6", "Ah Kh Qh Jh 9c", "--level", "2"], "not a Multi-Strike"),
                        (["hint", STRIKE_DEUCES, "Ah Kh Qh Jh 9c", "--level", "4", "--free-ride"], "the top"),
                        (["hint", ULTIMATE_JACKS, "Ah Kh Qh Jh 9c", "--multipliers", "2,2"], "give one a line"),
                        (["analyze", STRIKE_16X, "--multipliers", "1,1,1"], "not an Ultimate X"),
                        (["analyze", ULTIMATE_JACKS, "--multi", "50"], "3, 5, 10 hands a round"),
                        (["hint", ULTIMATE_JACKS, "Ah Kh Qh Jh 9c", "--coins", "5", "--multipliers", "2,1,1"],
                         "the base game's holds are best")]:
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1, err
    with pytest.raises(SystemExit) as usage:
        main(["hint", ULTIMATE_JACKS, "Ah Kh Qh Jh 9c", "--multipliers", "2,x"])
    assert usage.value.code == 2 and "multipliers are one a line" in capsys.readouterr().err


def test_analyze_json_of_multi_strike(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", STRIKE_16X, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["coins"] == 25 and data["feature"]["kind"] == "multi-strike"
    assert round(data["base_rtp"], 6) == 0.980147
    assert [level["multiplier"] for level in data["feature"]["levels"]] == [1, 2, 4, 8, 16]
    assert set(data["feature"]["levels"][0]) >= {"level", "multiplier", "free_ride", "value", "value_without_free_ride"}
    assert round(data["feature"]["levels"][4]["value"], 6) == 15.682351
    assert data["rtp"] == pytest.approx(data["feature"]["levels"][0]["value"] / 5)


def test_analyze_json_of_ultimate_x_and_a_machine_found(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", ULTIMATE_JACKS, "--multipliers", "12,1,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    feature = data["feature"]
    assert data["multi"] == 3 and feature["lines"] == 3 and round(data["rtp"] * 100, 2) == 99.30
    assert feature["rtp_base_strategy"] < data["rtp"]
    assert [state["multiplier_sum"] for state in feature["states"]] == list(range(3, 37))
    found = data["found"]
    assert found["multiplier_sum"] == 14
    assert found["one_round_at_max_coins"] == pytest.approx(14 * data["base_rtp"] * 5 - 15)


@pytest.mark.parametrize("argv", [["analyze", STRIKE_16X], ["analyze", ULTIMATE_JACKS, "--multipliers", "12,1,1"],
                                  ["hint", STRIKE_16X, "6c 6d Jh Qs 8c", "--level", "2"],
                                  ["hint", ULTIMATE_JACKS, "Ts 9h 8d Qc 4d", "--multipliers", "1,1,1"]])
def test_feature_state_commands_fit_80_columns(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out and all(len(line) <= 80 for line in out.splitlines()), out


def test_solves_are_read_back_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    first, strike = analyze_ultimate_x(paytable, 3), analyze_multi_strike(resolve_paytable(STRIKE_DEUCES))

    def refuse(*args: object) -> None:
        raise AssertionError("a warm analysis solved again")

    monkeypatch.setattr(ultimate_module, "_solve", refuse)
    monkeypatch.setattr(strike_module, "_tally", refuse)
    assert analyze_ultimate_x(paytable, 3) == first
    assert analyze_multi_strike(resolve_paytable(STRIKE_DEUCES)).rtp == strike.rtp


def test_a_feature_of_state_survives_the_cache_and_the_wallet() -> None:
    from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json

    for name in (STRIKE_16X, ULTIMATE_JACKS):
        paytable = resolve_paytable(name)
        kept = json.loads(json.dumps(paytable_to_json(paytable)))
        assert paytable_from_json(kept, "round.paytable").feature == paytable.feature


def test_the_machine_offers_the_feature_bet_at_the_hands_it_is_played_at() -> None:
    strike = resolve_paytable(STRIKE_16X)
    assert bets(strike, 1) == (1, 2, 3, 4, 5, 25) and bets(strike, 3)[-1] == 5
    assert bets(resolve_paytable(ULTIMATE_JACKS), 3)[-1] == 10 and bets(resolve_paytable(ULTIMATE_JACKS), 1)[-1] == 5
    assert bets(resolve_paytable("big-times-draw-jacks-or-better-8-6"), 100)[-1] == 10


def test_a_feature_without_its_solver_is_refused() -> None:
    with pytest.raises(VideoPokerError, match="not an Ultimate X"):
        analyze_ultimate_x(resolve_paytable("jacks-or-better-9-6"))
    with pytest.raises(VideoPokerError, match="not a multi-strike"):
        analyze_multi_strike(resolve_paytable("wheel-poker-bonus-poker-8-5"))


@pytest.mark.parametrize("name", [STRIKE_16X, STRIKE_DEUCES])
def test_simulated_multi_strike_agrees_with_the_exact_return(name: str) -> None:
    """Rounds climb the stack with the RNG's free rides and each level's holds; the return is
    within four standard errors of the solve, and every level's hands are counted."""
    from videopoker.analysis.play.simulate import simulate
    from videopoker.analysis.play.strategies import strategy_named

    paytable = resolve_paytable(name)
    result = simulate(paytable, strategy_named("optimal", paytable, None), 400_000, None, seed=7)
    solved = analyze_multi_strike(paytable)
    assert result.coins == solved.coins and result.exact_rtp == pytest.approx(solved.rtp)
    assert abs(result.rtp - solved.rtp) <= 4 * result.standard_error
    per_round = sum(result.counts) / result.rounds
    assert per_round == pytest.approx(sum(row.per_round for row in solved.rows), rel=0.01)


def test_a_stacks_win_law_has_the_solves_mean_and_variance() -> None:
    """The law of a whole stack's win, level by level from the top, against the return and the
    second moment worked out separately by backward induction."""
    solved = analyze_multi_strike(resolve_paytable(STRIKE_16X))
    law = solved.win_law()
    assert float(sum(law.values())) == pytest.approx(1.0, abs=1e-12)
    mean = sum(win * float(p) for win, p in law.items()) / solved.coins
    square = sum(win * win * float(p) for win, p in law.items()) / solved.coins**2
    assert mean == pytest.approx(solved.rtp, rel=1e-12) and square == pytest.approx(solved.second_moment, rel=1e-12)


def test_bankroll_of_a_multi_strike_session_agrees_with_playing_it_out() -> None:
    """Sessions of whole stacks drawn from the law: the share broke within 4 standard errors."""
    from videopoker.analysis.session.bankroll import bankroll

    solved = analyze_multi_strike(resolve_paytable(STRIKE_DEUCES))
    odds = bankroll(solved, 200, 60)
    law = solved.win_law()
    wins, chances = np.array(list(law)), np.array([float(p) for p in law.values()])
    rng, sessions, broke = np.random.default_rng(5), 20_000, 0
    credits = np.full(sessions, 200)
    alive = np.ones(sessions, dtype=bool)
    for _ in range(60):
        playing = alive & (credits >= solved.coins)
        credits[playing] += rng.choice(wins, size=int(playing.sum()), p=chances / chances.sum()) - solved.coins
        alive &= credits >= solved.coins
    broke = float((credits < solved.coins).mean())
    assert abs(broke - odds.ruin) <= 4 * (odds.ruin * (1 - odds.ruin) / sessions) ** 0.5


def test_bankroll_of_ultimate_x_answers_at_three_hands_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bankroll", ULTIMATE_JACKS, "--credits", "300", "--hands", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["multi"] == 3 and data["coins"] == 30 and 0 < data["ruin"] < 1
    whole = sum(chance for _, chance in data["ending"]) + data["ending_beyond"]["chance"]
    assert whole == pytest.approx(1, abs=1e-9)
    assert main(["bankroll", ULTIMATE_JACKS, "--credits", "300", "--hands", "50"]) == 0
    assert "30 coins a round of 3 hands" in capsys.readouterr().out
    assert main(["bankroll", ULTIMATE_JACKS, "--multi", "10"]) == 1
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["bankroll", ULTIMATE_JACKS, "--credits", "1000", "--hands", "50000"]) == 1  # refused at once
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "or fewer works" in said


def test_bankroll_of_a_round_by_round_feature_at_several_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """Hot Roll at 3 hands a round: the round's law (the dice on every hand), said in rounds."""
    assert main(["bankroll", "hot-roll-jacks-or-better-9-6", "--multi", "3", "--credits", "600", "--hands", "50",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["multi"] == 3 and data["coins"] == 30 and 0 < data["ruin"] < 1
    assert main(["bankroll", "hot-roll-jacks-or-better-9-6", "--multi", "3", "--credits", "600", "--hands", "50"]) == 0
    assert "30 coins a round of 3 hands" in capsys.readouterr().out
