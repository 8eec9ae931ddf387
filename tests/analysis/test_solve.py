"""Solving a pay for a target return, and the difference between two tables."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from videopoker.analysis import analyze
from videopoker.analysis.tables.target import category_named, differences, priced, read_target, solve_pay
from videopoker.cli import main
from videopoker.errors import VideoPokerError
from videopoker.paytable import apply_settings, resolve_paytable

NINE_SIX = "jacks-or-better-9-6"


def test_the_full_house_for_98_5_percent_is_8_and_analyze_agrees() -> None:
    paytable = resolve_paytable(NINE_SIX)
    target = Fraction(985, 1000)
    solved = solve_pay(paytable, "full_house", target)
    assert solved.best.pay == 8
    assert solved.best.rtp == analyze(apply_settings(paytable, ["full_house=8"])).rtp
    assert round(float(solved.best.rtp), 6) == 0.983927
    assert solved.below is not None and solved.above is not None
    assert (solved.below.pay, solved.above.pay) == (7, 9)
    assert solved.below.rtp < solved.best.rtp < solved.above.rtp == analyze(paytable).rtp
    assert abs(solved.best.rtp - target) <= min(abs(solved.below.rtp - target), abs(solved.above.rtp - target))


def test_a_target_below_what_nothing_pays_gives_zero_and_the_royal_for_even_money() -> None:
    paytable = resolve_paytable(NINE_SIX)
    zero = solve_pay(paytable, "royal_flush", Fraction(1, 10))
    assert zero.best.pay == 0 and zero.below is None
    even = solve_pay(paytable, "royal_flush", Fraction(1))
    assert even.below is not None and even.above is not None
    assert even.below.rtp < 1 <= even.above.rtp or even.below.rtp < 1 <= even.best.rtp
    assert analyze(priced(paytable, "royal_flush", even.best.pay)).rtp == even.best.rtp


def test_every_family_solves_its_second_category() -> None:
    for name in ("bonus-poker-8-5", "deuces-wild-full-pay", "joker-poker-kings"):
        paytable = resolve_paytable(name)
        category = paytable.game.paying[1]
        now = analyze(paytable).rtp
        solved = solve_pay(paytable, category, now)
        assert solved.best.pay == paytable.pay(category, 1) and solved.best.rtp == now, name


@pytest.mark.parametrize(("text", "value"), [("0.985", Fraction(985, 1000)), ("98.5%", Fraction(985, 1000)),
                                             ("98.5", Fraction(985, 1000)), ("1", Fraction(1))])
def test_targets_read_as_fractions_or_percent(text: str, value: Fraction) -> None:
    assert read_target(text) == value


@pytest.mark.parametrize("text", ["abc", "0", "-1", "300%", "", "1/0"])
def test_impossible_targets_are_refused(text: str) -> None:
    with pytest.raises(VideoPokerError, match="--target"):
        read_target(text)


def test_an_unknown_category_names_the_games_categories() -> None:
    with pytest.raises(VideoPokerError, match="four_deuces"):
        category_named(resolve_paytable("deuces-wild-full-pay"), "two_pair")


def test_differences_between_tables() -> None:
    nine_six, eight_five = resolve_paytable(NINE_SIX), resolve_paytable("jacks-or-better-8-5")
    assert differences(nine_six, eight_five) == ["full_house", "flush"]
    assert differences(nine_six, nine_six) == []
    deuces = differences(nine_six, resolve_paytable("deuces-wild-full-pay"))
    assert "two_pair" in deuces and "four_deuces" in deuces


def test_the_commands_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paytable", "solve", NINE_SIX, "--category", "full_house", "--target", "98.5%", "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert {"paytable", "category", "target", "pay", "rtp", "below", "above"} <= set(solved)
    assert solved["pay"] == 8 and solved["below"]["pay"] == 7 and solved["above"]["pay"] == 9
    assert main(["paytable", "diff", NINE_SIX, "jacks-or-better-8-5", "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert [row["category"] for row in diff["rows"]] == ["full_house", "flush"]
    assert diff["rows"][0] == {"category": "full_house", "a": "9", "b": "8"}
    assert round(diff["a"]["rtp"], 6) == 0.995439 and round(diff["b"]["rtp"], 6) == 0.972984
    assert main(["paytable", "diff", NINE_SIX, "jacks-or-better-8-5"]) == 0
    text = capsys.readouterr().out
    assert "FULL HOUSE" in text and "-2.2455 points" in text and max(map(len, text.splitlines())) <= 80
