"""Feature games I: a bet above max_coins that buys a multiplier or a wheel, checked, solved exactly.

The returns of the shipped feature tables against their published figures are in test_catalog;
here: the checks, Hot Roll against every base table, the solve against a second computation that
shares none of its counting, the hint, the command line, and what a cache or a wallet keeps.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from support import SHIPPED, assert_one_problem

from videopoker.analysis import analyze
from videopoker.analysis.features.feature import analyze_feature, worth_vector
from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.hint import best_holds
from videopoker.analysis.solve.tally import common_values
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import PaytableError
from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json
from videopoker.paytable import load_paytable, resolve_paytable
from videopoker.paytable.feature import top_rank
from videopoker.paytable.kinds.big_times_draw import BigTimesDraw
from videopoker.paytable.kinds.times_pay import TimesPay

BAD_FEATURES = Path(__file__).parent / "paytables" / "bad-features"
HOT_ROLL = ((1, 180), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 5), (9, 4), (10, 3), (11, 2), (12, 1))

#: Each bad feature, named for its fault: the place and the words its one error must have.
BAD_FILES = {
    "unknown-kind.yaml": ("7:9", "unknown feature kind 'big time draw'", "did you mean 'big times draw'?"),
    "ultimate-x-without-multipliers.yaml": ("7:3", "ultimate x multipliers must map hands a round (1, 3, 5, 10)",
                                            "got nothing"),
    "ultimate-x-lines-not-offered.yaml": ("9:17", "4 is not a number of hands a round", "use 1, 3, 5, 10"),
    "ultimate-x-hand-not-paying.yaml": ("9:21", "'four_aces' is not a paying hand of Jacks or Better",
                                        "four_of_a_kind"),
    "ultimate-x-multiplier-too-big.yaml": ("9:33", "multiplier for 'full_house' must be a whole number 1..50",
                                           "got 99"),
    "multi-strike-one-level.yaml": ("8:11", "levels must list 2..5 pay multipliers", "like [1, 2, 4, 8]"),
    "multi-strike-free-ride-on-the-top.yaml": ("9:14", "on each level but the top (3 for 4 levels)", ""),
    "multi-strike-certain-free-ride.yaml": ("9:21", "level 2's chance must be a number from 0 up to but not 1",
                                            "got 1"),
    "multi-strike-with-coins.yaml": ("8:3", "unknown key 'coins' in a multi-strike feature", "kind, levels, free_ride"),
    "coins-not-above-max-coins.yaml": ("8:10", "feature coins must be", "above max_coins (5)", "got 5"),
    "multiplier-misses-a-rank.yaml": ("9:16", "multipliers miss K", "every rank that can be the highest card"),
    "multiplier-repeats-a-rank.yaml": ("9:73", "rank 10 is given twice (10 and 'T')", "give each rank once"),
    "ace-never-on-top.yaml": ("9:17", "A is never the highest card dealt", "remove it"),
    "negative-weight.yaml": ("9:28", "the weight of 2 must be a whole number", "got -1"),
    "weights-total-zero.yaml": ("9:16", "the weights total 0", "give at least one a weight above 0"),
    "fractional-weight.yaml": ("10:24", "the weight of 150 must be a whole number", "got 2.5"),
    "trigger-not-a-hand.yaml": ("9:13", "wheel trigger 'four_aces' is not a hand of Jacks or Better",
                                "four_of_a_kind"),
    "key-another-kind-has.yaml": ("11:3", "unknown key 'multipliers' in a wheel feature", "trigger, wheel"),
    "feature-not-a-mapping.yaml": ("6:10", "feature must be a mapping", "got the text 'big times draw'"),
    "dice-that-do-not-exist.yaml": ("9:16", "two dice total 2 to 12", "every multiplier is 1 (no roll) or 2..12"),
    "feature-on-a-game-of-places.yaml": ("8:3", "pays some hands only in their places",
                                         "drop `feature:` or choose a game without `order:`"),
    "look-the-glass-has-not.yaml": ("10:13", "shown_as 'three dice' is not a look the glass has",
                                    "write shown_as: two dice (Hot Roll) or leave it out"),
}


def test_every_bad_feature_fixture_is_covered() -> None:
    assert {file.name for file in BAD_FEATURES.glob("*.yaml")} == set(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_feature_gives_one_line_with_file_line_and_fix(name: str) -> None:
    place, *words = BAD_FILES[name]
    assert_one_problem(BAD_FEATURES / name, place, words)


def test_a_bad_feature_on_the_command_line_is_one_line_and_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(BAD_FEATURES / "unknown-kind.yaml")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown-kind.yaml:7:9: unknown feature kind" in err


def test_a_progressive_table_cannot_sell_a_feature_too(tmp_path: Path) -> None:
    text = (SHIPPED[0].parent / "bonus-poker-8-5-progressive.yaml").read_text()
    file = tmp_path / "both.yaml"
    file.write_text(text + "feature: {kind: times pay, coins: 10, multipliers: {1: 5, 2: 1}}\n")
    with pytest.raises(PaytableError, match="a progressive meter or sells a feature, not both"):
        load_paytable(file)


def test_top_rank_counts_aces_low_and_jokers_not_at_all() -> None:
    assert top_rank(parse_hand("Ah Kd 2c 3s 4h")) == 13
    assert top_rank(parse_hand("Ah 2d 3c 4s 5h")) == 5
    assert top_rank(parse_hand("Ah Ad Ac As 2h")) == 2
    assert top_rank(parse_hand("Ah Ad Ac As Jk")) == 1


@pytest.mark.slow
@pytest.mark.parametrize("path", [path for path in SHIPPED if "feature:" not in path.read_text()
                                  and "progressive:" not in path.read_text()
                                  and not load_paytable(path).game.definition.ordered],  # no feature in place yet
                         ids=lambda path: path.stem)
def test_hot_roll_returns_exactly_the_base_table(path: Path) -> None:
    base = load_paytable(path)
    hot = replace(base, feature=TimesPay(2 * base.max_coins, multipliers=HOT_ROLL))
    solved = analyze_feature(hot)
    assert solved.rtp == analyze(base).rtp == solved.base.rtp


def _second_computation(paytable_name: str) -> Fraction:
    """The feature return from every deal's best hold value (no final-hand counting at all)."""
    paytable = resolve_paytable(paytable_name)
    feature = paytable.feature
    assert feature is not None
    tables = draw_tables(paytable.game)
    worth, scale = worth_vector(paytable)
    paid = tables.paid(worth)
    total = Fraction(0)
    for chunk in tables.class_chunks():
        best = common_values(tables, paid, chunk.ranks, chunk.dealt).max(axis=0)
        hands = tables.class_hands[chunk.classes]
        weights = tables.class_weights[chunk.classes]
        for hand, weight, value in zip(hands, weights, best):
            mean, _ = feature.multiplier_moments(top_rank([paytable.game.definition.deck[card] for card in hand]))
            total += mean * int(weight) * int(value)
    deals = comb(paytable.game.deck_size, 5)
    return total / (tables.common_draws * scale * deals * feature.coins)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["big-times-draw-jacks-or-better-8-6", "big-times-draw-deuces-wild-400-15-9",
                                  "wheel-poker-double-double-bonus-9-6"])
def test_the_return_agrees_with_a_second_computation_from_hold_values(name: str) -> None:
    assert analyze_feature(resolve_paytable(name)).rtp == _second_computation(name)


def test_every_group_of_deals_is_whole_and_the_variance_is_a_variance() -> None:
    solved = analyze_feature(resolve_paytable("big-times-draw-jacks-or-better-8-6"))
    assert sum(row.combinations for row in solved.rows) == solved.total_combinations
    assert sum(row.probability for row in solved.rows) == 1
    assert solved.base.rtp == analyze(resolve_paytable("jacks-or-better-8-6")).rtp
    assert 0 < solved.covariance < solved.variance
    # A times-pay multiplier scales the win, so the round's variance is E[M²]·E[v²] - (E[M]·rtp)².
    hot = analyze_feature(resolve_paytable("hot-roll-jacks-or-better-9-6"))
    mean_square = Fraction(sum(m * m * w for m, w in HOT_ROLL), 216)
    base = hot.base
    expected = mean_square * (base.variance + base.rtp**2) / 4 - hot.rtp**2  # per coin of twice the bet
    assert hot.variance == expected


def test_a_wheel_changes_the_best_hold_where_the_quad_is_worth_more() -> None:
    wheel = resolve_paytable("wheel-poker-bonus-poker-8-5")
    hand = parse_hand("3c 3h Jh Th 2h")
    feature, base = best_holds(wheel, hand), best_holds(wheel, hand, 5)
    assert feature[0].label == "3c 3h" and base[0].label == "3h Jh Th 2h"
    assert feature[0].worth is not None and base[0].worth is None
    assert feature[0].ev < next(choice.ev for choice in feature if choice.label == "3h Jh Th 2h")


def test_the_hint_of_big_times_draw_says_the_deals_multiplier(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "big-times-draw-jacks-or-better-8-6", "9h 8h 7h 6h 2c", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["multiplier"] == 3.0
    top = shown["holds"][0]
    assert top["hold"] == "9h 8h 7h 6h" and top["worth"] == pytest.approx(3 * top["ev"] * 5 / 10)
    assert main(["hint", "big-times-draw-jacks-or-better-8-6", "9h 8h 7h 6h 2c"]) == 0
    out = capsys.readouterr().out
    assert "every win of this deal pays 3X" in out and max(map(len, out.splitlines())) <= 80


def test_analyze_json_of_a_feature_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "wheel-poker-bonus-poker-8-5", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["coins"] == 6 and round(shown["rtp"], 4) == 0.9959 and round(shown["base_rtp"], 6) == 0.99166
    assert shown["feature"]["kind"] == "wheel" and shown["feature"]["trigger"] == ["four_aces", "four_2_4", "four_5_k"]
    assert sum(row["return"] for row in shown["rows"]) == pytest.approx(shown["rtp"])
    assert main(["analyze", "wheel-poker-bonus-poker-8-5", "--coins", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rtp"] == pytest.approx(shown["base_rtp"])
    assert main(["analyze", "wheel-poker-bonus-poker-8-5", "--coins", "7"]) == 1
    assert "takes 1..5 coins, or 6 to play its wheel" in capsys.readouterr().err


def test_analyze_of_a_feature_table_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ["big-times-draw-double-double-bonus-9-6", "wheel-poker-double-double-bonus-9-6",
                 "hot-roll-deuces-wild-nsu"]:
        assert main(["analyze", name, "--multi", "5"]) == 0
        out = capsys.readouterr().out
        assert "Return" in out and "5-play: SD" in out
        assert max(map(len, out.splitlines())) <= 80, out


def test_a_warm_feature_analysis_is_read_back_not_solved() -> None:
    paytable = resolve_paytable("big-times-draw-bonus-poker-7-5")
    first = analyze_feature(paytable)
    steps: list[str] = []
    again = analyze_feature(paytable, lambda _done, step: steps.append(step))
    assert again == first and steps == ["done"], steps  # no tables drawn, no holds weighed: read back


@pytest.mark.parametrize("name", ["big-times-draw-deuces-wild-400-16-13", "hot-roll-bonus-poker-8-5",
                                  "wheel-poker-bonus-poker-deluxe-8-6"])
def test_a_feature_survives_the_cache_and_the_wallet(name: str) -> None:
    first = resolve_paytable(name)
    assert resolve_paytable(name).feature == first.feature  # the second read is the remembered one
    kept = paytable_from_json(json.loads(json.dumps(paytable_to_json(first))), "round.paytable")
    assert kept.feature == first.feature and kept.pays == first.pays


def test_a_damaged_feature_in_a_wallet_is_a_value_error() -> None:
    kept = paytable_to_json(resolve_paytable("hot-roll-bonus-poker-8-5"))
    kept["feature"]["multipliers"] = {"1": -5}
    with pytest.raises(ValueError, match="round.paytable.feature: multipliers: the weight of '1'"):
        paytable_from_json(kept, "round.paytable")


def test_worth_is_pay_plus_the_mean_prize_in_whole_numbers() -> None:
    paytable = resolve_paytable("wheel-poker-bonus-poker-8-5")
    worth, scale = worth_vector(paytable)
    assert scale == 77  # 65,900 / 154 = 32,950 / 77
    quads = paytable.game.categories.index("four_5_k")
    assert worth[quads] == 125 * 77 + 32_950 and np.all(worth == np.rint(worth))


@pytest.mark.parametrize("game_key", ["jacks-or-better", "joker-poker", "double-joker",
                                      "five-aces-double-double-bonus"])
def test_the_deal_groups_read_every_class_as_top_rank_does(game_key: str) -> None:
    from support import game

    from videopoker.analysis.features.feature import deal_groups

    tables = draw_tables(game(game_key))
    feature = BigTimesDraw(10, by_top_rank=tuple((rank, rank) for rank in range(1, 14)))
    groups = deal_groups(tables, feature)
    assert groups is not None
    deck = tables.game.definition.deck
    assert groups.tolist() == [top_rank([deck[card] for card in hand]) for hand in tables.class_hands]


def test_paytable_show_and_diff_say_what_a_feature_sells(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["paytable", "show", "big-times-draw-jacks-or-better-8-6"]) == 0
    assert "2:10X  3:9X" in capsys.readouterr().out
    assert main(["paytable", "diff", "hot-roll-jacks-or-better-9-6", "jacks-or-better-9-6"]) == 0
    out = capsys.readouterr().out
    assert "their pay columns are alike" in out and "sells times pay at 10 coins" in out
    assert "Jacks or Better 9/6 has no feature" in out


def test_every_hold_at_a_feature_bet_shows_its_worth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "wheel-poker-bonus-poker-8-5", "3c 3h Jh Th 2h", "--all"]) == 0
    out = capsys.readouterr().out
    assert "Worth" in out and out.index("3c 3h ") < out.index("3h Jh Th 2h")
