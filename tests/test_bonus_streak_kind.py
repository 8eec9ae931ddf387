"""Ultimate X Bonus Streak on the data floor: its feature read from a file with every mistake told
at its place, each line's queue after a hand by every rule, and its state kept as JSON exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from support import assert_one_problem

from videopoker.deck.cards import parse_hand
from videopoker.errors import GameError
from videopoker.machine.game import Machine
from videopoker.machine.round import Round
from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json
from videopoker.paytable import resolve_paytable
from videopoker.paytable.feature import Drawn
from videopoker.paytable.kinds import KINDS, read_kept, read_played, read_state
from videopoker.paytable.kinds.bonus_streak import (
    RAISED,
    BonusStreak,
    Queues,
    fresh,
    line_multiplier,
    next_queue,
    parse_queues,
)
from videopoker.paytable.kinds.shockwave import HandsLeft
from videopoker.paytable.kinds.ultimate_x import Lines

JACKS = "bonus-streak-jacks-or-better-8-6"
DOUBLE_DOUBLE = "bonus-streak-double-double-bonus-6-5"
BIG, SMALL = (2, 3, 4, 7, 12), (2, 3, 4)  # 8/6 Jacks or Better: full house or better; flush, straight, trips
HAND = parse_hand("Ah Ad Ac Ks 2c")

GOOD = """\
name: Streaks
game: jacks-or-better
max_coins: 5
pays:
  royal_flush: [250, 500, 750, 1000, 4000]
  straight_flush: 50
  four_of_a_kind: 25
  full_house: 8
  flush: 6
  straight: 4
  three_of_a_kind: 3
  two_pair: 2
  jacks_or_better: 1
feature:
  kind: bonus streak
  coins: 10
  streaks:
    3: {full_house: [2, 3, 4, 7, 12], flush: [2, 3, 4]}
"""


def feature(name: str = JACKS) -> BonusStreak:
    found = resolve_paytable(name).feature
    assert isinstance(found, BonusStreak)
    return found


def drawn(*categories: str) -> tuple[Drawn, ...]:
    """Hands after the draw that made ``categories`` (their cards and wins do not matter here)."""
    return tuple((HAND, category, 0) for category in categories)


# -- reading --------------------------------------------------------------------------------------

def test_a_good_file_reads_its_streaks_in_the_games_order(tmp_path: Path) -> None:
    path = tmp_path / "streaks.yaml"
    path.write_text(GOOD)
    read = resolve_paytable(str(path)).feature
    assert read == BonusStreak(10, streak_tables=((3, (("full_house", BIG), ("flush", SMALL))),))
    assert read.settings_json() == {"streaks": {"3": {"full_house": list(BIG), "flush": list(SMALL)}}}
    assert read.played_hands == read.offered_lines == (3,) and read.carries_state


def test_the_shipped_tables_read_and_say_what_they_sell() -> None:
    jacks, double_double = feature(), feature(DOUBLE_DOUBLE)
    assert jacks.offered_lines == double_double.offered_lines == (3, 5, 10)
    assert jacks.streaks(10) == {"royal_flush": BIG, "straight_flush": BIG, "four_of_a_kind": BIG,
                                 "full_house": BIG, "flush": SMALL, "straight": SMALL, "three_of_a_kind": SMALL}
    streaks = double_double.streaks(3)
    assert streaks["three_of_a_kind"] == (2, 4) and streaks["flush"] == streaks["straight"] == (2, 4, 8)
    assert {streaks[key] for key in streaks if key.startswith("four")} == {(2, 4, 8, 10, 12)}
    assert "two_pair" not in streaks and "jacks_or_better" not in streaks
    for said in (jacks.lines(), double_double.lines()):
        assert all(len(line) <= 80 for line in said)
        assert said[-1] == "a streak hand on a line with multipliers left raises them all to 12X"
    assert "3-, 5- and 10-play: royal_flush, straight_flush, four_of_a_kind, full_house earn 2-3-4-7-12; flush, " \
        "straight, three_of_a_kind earn 2-3-4" in " ".join(line.strip() for line in jacks.lines())


@pytest.mark.parametrize("name", [JACKS, DOUBLE_DOUBLE])
def test_the_feature_survives_the_cache_and_the_wallet(name: str) -> None:
    first = resolve_paytable(name)
    assert resolve_paytable(name).feature == first.feature  # the second read is the remembered one
    kept = paytable_from_json(json.loads(json.dumps(paytable_to_json(first))), "round.paytable")
    assert kept.feature == first.feature and kept.pays == first.pays


#: A mistake in the feature of GOOD (text replaced), the place of its one problem and its words.
BAD = {
    "streaks-missing": ("  streaks:\n    3: {full_house: [2, 3, 4, 7, 12], flush: [2, 3, 4]}\n", "",
                        "15:3", ("streaks must map hands a round (3, 5, 10)", "got nothing")),
    "key-another-kind-has": ("  streaks:", "  multipliers: {3: {flush: 2}}\n  streaks:", "17:3",
                             ("unknown key 'multipliers' in a bonus streak feature", "kind, coins, streaks")),
    "hands-not-offered": ("    3: {", "    4: {", "18:5", ("4 is not a number of hands a round", "use 3, 5, 10")),
    "hand-not-paying": ("flush: [2, 3, 4]}", "flash: [2, 3, 4]}", "18:39",
                        ("'flash' is not a paying hand of Jacks or Better", "did you mean 'flush'?")),
    "given-twice": ("flush: [2, 3, 4]}\n", "flush: [2, 3, 4]}\n    '3': {flush: [2]}\n", "19:5",
                    ("3-play is given twice", "give it once")),
    "not-a-list": ("flush: [2, 3, 4]}", "flush: 2}", "18:46", ("streak for 'flush' must list 1..10 multipliers",
                                                               "like [2, 3, 4]", "got 2")),
    "empty-streak": ("flush: [2, 3, 4]}", "flush: []}", "18:46", ("must list 1..10 multipliers", "got a list")),
    "too-long": ("flush: [2, 3, 4]}", "flush: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}", "18:46",
                 ("must list 1..10 multipliers", "got a list of 11")),
    "too-big": ("flush: [2, 3, 4]}", "flush: [2, 99, 4]}", "18:50",
                ("streak for 'flush': each multiplier must be a whole number 1..50", "got 99")),
    "not-whole": ("flush: [2, 3, 4]}", "flush: [2, 3.5]}", "18:50", ("a whole number 1..50", "got 3.5")),
    "zero": ("flush: [2, 3, 4]}", "flush: [0]}", "18:47", ("a whole number 1..50", "got 0")),
    "table-not-a-mapping": ("3: {full_house: [2, 3, 4, 7, 12], flush: [2, 3, 4]}", "3: [2, 3]", "18:8",
                            ("streaks for 3-play must map hands to the streaks they earn", "got a list")),
    "streaks-not-a-mapping": ("  streaks:\n    3: {full_house: [2, 3, 4, 7, 12], flush: [2, 3, 4]}",
                              "  streaks: [2, 3]", "17:12", ("streaks must map hands a round (3, 5, 10)",
                                                             "like {3: {full_house: [2, 3, 4, 7, 12]")),
    "coins-too-few": ("coins: 10", "coins: 5", "16:10", ("feature coins must be", "above max_coins (5)")),
}


@pytest.mark.parametrize("fault", sorted(BAD))
def test_each_mistake_is_one_line_with_its_place_and_fix(fault: str, tmp_path: Path) -> None:
    old, new, place, words = BAD[fault]
    assert old in GOOD
    path = tmp_path / f"{fault}.yaml"
    path.write_text(GOOD.replace(old, new))
    assert_one_problem(path, place, words)


# -- a line's queue after a hand ---------------------------------------------------------------------

def test_a_hand_is_paid_its_lines_next_multiplier_or_1x() -> None:
    assert line_multiplier((7, 12)) == 7 and line_multiplier(()) == 1
    state = Queues(((2, 3, 4), (12, 12), ()))
    assert [state.line(place) for place in range(3)] == [2, 12, 1]


def test_next_queue_by_every_rule() -> None:
    assert next_queue((2, 3, 4), None) == (3, 4)            # a hand uses its multiplier up
    assert next_queue((), None) == ()                       # 1X on an empty queue uses nothing
    assert next_queue((), SMALL) == SMALL                   # a streak hand on an empty line earns its streak
    assert next_queue((2, 3, 4), BIG) == (RAISED, RAISED)   # with multipliers left: all raised, none added
    assert next_queue((3, 4, 7, 12), SMALL) == (12, 12, 12)
    assert next_queue((12,), BIG) == BIG                    # on the line's last multiplier: a streak anew
    assert RAISED == 12


def test_after_draw_at_the_feature_bet_earns_raises_and_uses_up() -> None:
    jacks = feature()
    state = Queues(((2, 3, 4), (12,), (), (7, 12), ()))
    done = jacks.after_draw(state, HAND, (True,) * 5,
                            drawn("full_house", "flush", "two_pair", "nothing", "three_of_a_kind"), True)
    left = ((12, 12), SMALL, (), (12,), SMALL)
    assert done.played == Queues(state.queues, left) and done.again is None and done.kept == Queues(left)


def test_below_the_feature_bet_a_round_uses_its_multipliers_up_and_earns_nothing() -> None:
    jacks = feature()
    state = Queues(((2, 3, 4), (12,), ()))
    done = jacks.after_draw(state, HAND, (True,) * 5, drawn("full_house", "full_house", "flush"), False)
    assert done.played == Queues(state.queues, ((3, 4), (), ())) and done.kept == Queues(((3, 4), (), ()))
    spent = jacks.after_draw(Queues(((12,), (), ())), HAND, (True,) * 5, drawn("nothing", "flush", "flush"), False)
    assert spent.kept is None and spent.played == Queues(((12,), (), ()), ((), (), ()))  # every queue empty


def test_the_machine_pays_each_line_at_the_5_coin_column_times_its_multiplier() -> None:
    paytable = resolve_paytable(JACKS)
    machine = Machine(paytable, credits=1000, rng=random.Random(2), hands=3)
    machine.start(Round(paytable, 10, HAND, (True,) * 3 + (False, False), hands=3,
                        state=Queues(((2, 3, 4), (12, 12), ()))))
    state = machine.draw()
    outcome = state.last
    assert outcome is not None
    for result, line in zip(outcome.results, (2, 12, 1)):
        assert result.win == line * paytable.pay(result.category, 5)
    assert state.state == Queues(tuple(next_queue(queue, feature().streaks(3).get(result.category))
                                       for queue, result in zip(((2, 3, 4), (12, 12), ()), outcome.results)))


def test_carried_and_checked() -> None:
    jacks = feature()
    assert jacks.carried(None, 3) == fresh(3) == Queues(((), (), ()))
    assert jacks.carried(Queues(((2,), (), ())), 5) == fresh(5)  # another cabinet's lines
    assert jacks.carried(Queues(((2,), (), ()), ((), (), ())), 3) == Queues(((2,), (), ()))
    assert jacks.carried(None, 1) is None
    assert jacks.deal_state(fresh(3), 3, False, random.Random(1)) == fresh(3)
    jacks.check_state(Queues(((2, 3, 4), (12,), ())), 3, True)
    jacks.check_state(None, 3, True)
    for state, hands, words in ((Queues(((),)), 1, "no lines at 1 hands"), (Lines((1, 1, 1)), 3, "no lines at 3"),
                                (fresh(5), 3, "3 queues"), (Queues(((0,), (), ())), 3, "1..50X"),
                                (Queues(((2,) * 11, (), ())), 3, "at most 10 multipliers")):
        with pytest.raises(GameError, match=words):
            jacks.check_state(state, hands, True)


# -- its state kept as JSON ---------------------------------------------------------------------

def test_the_state_goes_to_json_and_back() -> None:
    dealt = Queues(((2, 3, 4), (12, 12), ()))
    assert dealt.describe() == "streaks 2-3-4,12-12,-"
    assert dealt.to_json() == {"streaks": [[2, 3, 4], [12, 12], []]}
    assert read_state({"bet": 10, **dealt.to_json()}, 3, "round") == dealt
    played = Queues(dealt.queues, ((12, 12), (12,), SMALL))
    assert played.to_json() == {"streaks": [[2, 3, 4], [12, 12], []], "streaks_left": [[12, 12], [12], [2, 3, 4]]}
    assert read_played({"bet": 10, **played.to_json()}, drawn("flush", "flush", "flush"), "last") == played
    kept = Queues(played.left)
    assert kept.kept_json() == {"streaks": [[12, 12], [12], [2, 3, 4]]}
    assert read_kept(kept.kept_json(), "wallet.lines['x']") == kept
    assert read_state({"bet": 10}, 3, "round") is None and read_played({"bet": 10}, drawn("flush"), "last") is None


def test_the_kinds_kept_states_are_never_mistaken_whatever_their_order() -> None:
    """Ultimate X keeps a list, Shockwave a number, Bonus Streak a mapping: each reader takes its own."""
    kept = (Lines((2, 1, 12)), HandsLeft(4), Queues(((2,), (), (12, 12))))
    for kind in KINDS.values():
        for state in kept:
            read = kind.kept_of_json(state.kept_json(), "wallet.lines['x']")
            assert read is None or read == state
    assert [read_kept(state.kept_json(), "x") for state in kept] == list(kept)


@pytest.mark.parametrize(("data", "words"), [
    ({"streaks": [[2], []]}, r"round.streaks has 2 lines for 3 hands"),
    ({"streaks": "2-3-4"}, r"round.streaks is not a list of at most 10"),
    ({"streaks": [[2], [], 3]}, r"round.streaks\[2\] is not a queue of at most 10 multipliers"),
    ({"streaks": [[2], [], [0]]}, r"round.streaks\[2\]\[0\].multiplier 0 outside 1..50"),
    ({"streaks": [[2], [], [True]]}, r"round.streaks\[2\]\[0\].multiplier is not a whole number"),
    ({"streaks": [[2], [], [1] * 11]}, r"round.streaks\[2\] is not a queue of at most 10"),
])
def test_a_damaged_round_is_a_value_error_naming_its_place(data: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        read_state(data, 3, "round")


def test_a_damaged_outcome_or_kept_state_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="last: Bonus Streak queues and what they left come together"):
        read_played({"streaks": [[], [], []]}, drawn("flush", "flush", "flush"), "last")
    with pytest.raises(ValueError, match="last.streaks_left has 2 lines for 3 hands"):
        read_played({"streaks": [[], [], []], "streaks_left": [[], []]}, drawn("flush", "flush", "flush"), "last")
    with pytest.raises(ValueError, match=r"wallet.lines\['x'\].streaks has 4 lines, not 3, 5, 10"):
        read_kept({"streaks": [[], [], [], []]}, "wallet.lines['x']")
    with pytest.raises(ValueError, match=r"wallet.lines\['x'\].streaks\[0\]\[0\].multiplier 51 outside 1..50"):
        read_kept({"streaks": [[51], [], []]}, "wallet.lines['x']")
    with pytest.raises(ValueError, match=r"wallet.lines\['x'\] is not a state a machine keeps"):
        read_kept({"queues": [[], [], []]}, "wallet.lines['x']")


# -- the hint's syntax ------------------------------------------------------------------------------

def test_parse_queues_reads_the_hints_syntax() -> None:
    assert parse_queues("2-3-4,12-12,-", 3) == ((2, 3, 4), (12, 12), ())
    assert parse_queues(" 2 , - ,-,-,12-12-12-12", 5) == ((2,), (), (), (), (12, 12, 12, 12))
    state = Queues(parse_queues("2-3-4,12-12,-", 3))
    assert Queues(parse_queues(state.describe().removeprefix("streaks "), 3)) == state


@pytest.mark.parametrize(("text", "words"), [
    ("2-3-4,12-12", r"'2-3-4,12-12' gives 2 queues; a round of 3 hands has 3, one a line, like 2-3-4,12-12,-"),
    ("2-3-4,12-12,-,-", r"gives 4 queues"),
    ("2-x,-,-", r"line 1's queue '2-x' is not up to 10 multipliers 1..50 joined by '-', like 2-3-4, or - for none"),
    ("-,0,-", r"line 2's queue '0'"),
    ("-,-,51", r"line 3's queue '51'"),
    ("-,,-", r"line 2's queue ''"),
    ("-,2--3,-", r"line 2's queue '2--3'"),
    ("-,-," + "-".join(["2"] * 11), r"line 3's queue"),
])
def test_parse_queues_refuses_with_one_line(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as caught:
        parse_queues(text, 3)
    assert "\n" not in str(caught.value)
