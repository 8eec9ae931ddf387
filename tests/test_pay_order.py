"""Pay-order warnings: a category paying more than a better one the same hand can make."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SHIPPED, game

from videopoker.cli import main
from videopoker.machine.pay_order import pay_order_warnings
from videopoker.paytable import resolve_paytable
from videopoker.rules.definition import PayCategory

DEUCES_WILD = game("deuces-wild")
JACKS_OR_BETTER = game("jacks-or-better")

C = PayCategory


def per_coin(pay: int, coins: int = 5) -> tuple[int, ...]:
    return tuple(pay * n for n in range(1, coins + 1))


def test_no_shipped_table_warns() -> None:
    for file in SHIPPED:
        assert pay_order_warnings(resolve_paytable(str(file))) == [], file.name


def test_a_lower_hand_paying_more_than_a_better_one_it_overlaps_warns() -> None:
    nine_six = resolve_paytable("jacks-or-better-9-6")
    [warning] = pay_order_warnings(nine_six.with_pays({"straight": per_coin(60)}))
    assert (warning.category, warning.above, warning.pays, warning.above_pays) == ("straight", "straight_flush", 60, 50)
    assert warning.every_bet and "straight pays 60 per coin, more than straight_flush" in str(warning)


def test_hands_no_hand_can_be_both_may_pay_in_any_order() -> None:
    """Bonus Poker pays four aces 80 over a straight flush's 50: no hand is both, so no warning."""
    index = JACKS_OR_BETTER.category_index
    assert not JACKS_OR_BETTER.overlaps[index("straight_flush"), index("four_of_a_kind")]
    assert JACKS_OR_BETTER.overlaps[index("flush"), index("straight")]  # a straight flush is both
    nine_six = resolve_paytable("jacks-or-better-9-6")
    assert pay_order_warnings(nine_six.with_pays({"four_of_a_kind": per_coin(60)})) == []


def test_wild_hands_overlap_through_the_wilds() -> None:
    """2-2-2-2-A is four deuces and could be a wild royal: their order matters."""
    wild_royal, four_deuces = DEUCES_WILD.category_index("wild_royal_flush"), DEUCES_WILD.category_index("four_deuces")
    assert DEUCES_WILD.overlaps[four_deuces, wild_royal]
    full_pay = resolve_paytable("deuces-wild-full-pay")
    [warning] = pay_order_warnings(full_pay.with_pays({"wild_royal_flush": per_coin(250)}))
    assert (warning.category, warning.above) == ("wild_royal_flush", "four_deuces")


def test_a_warning_on_some_bets_names_them() -> None:
    nine_six = resolve_paytable("jacks-or-better-9-6")
    [warning] = pay_order_warnings(nine_six.with_pays({"two_pair": (2, 4, 6, 8, 16)}))
    assert warning.bets == (5,) and not warning.every_bet and "on a bet of 5" in str(warning)


def test_validate_warns_and_still_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (SHIPPED[0].parent / "jacks-or-better-9-6.yaml").read_text().replace("two_pair: 2", "two_pair: 4")
    file = tmp_path / "odd.yaml"
    file.write_text(text)
    assert main(["paytable", "validate", str(file)]) == 0
    out, err = capsys.readouterr()
    assert ": ok" in out
    assert err.strip() == f"{file}: warning: two_pair pays 4 per coin, more than three_of_a_kind above it (3): " \
                          "check the order of the pays"
