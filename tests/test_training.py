"""The trainer's judgement of a hold, the session's grades, and their life in the wallet."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import parse_hand
from videopoker.errors import GameError
from videopoker.machine.training import KEPT_MISTAKES, MAJOR_COST, Decision, Training, judge
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session
from videopoker.storage.wallet import DamagedWallet, checksum

NINE_SIX = resolve_paytable("jacks-or-better-9-6")


def flags(text: str) -> tuple[bool, ...]:
    return tuple(char == "x" for char in text)


def test_the_best_hold_is_right_and_another_costs_the_ev_difference() -> None:
    hand = parse_hand("Ah Kh Qh Jh 9c")
    choices = {choice.held: choice.ev for choice in best_holds(NINE_SIX, hand)}
    right = judge(NINE_SIX, 5, 1, hand, flags("xxxx."))
    assert right.right and right.cost == 0 and not right.major
    nothing = judge(NINE_SIX, 5, 1, hand, flags("....."))
    assert not nothing.right and nothing.major
    assert nothing.cost == choices[flags("xxxx.")] - choices[flags(".....")]
    assert nothing.warning() == (f"BEST: HOLD A♥ K♥ Q♥ J♥ — EV {float(right.best_ev):.4f}; "
                                 f"YOURS {float(nothing.ev):.4f} (COSTS {float(nothing.cost):.4f})")


def test_a_hold_as_good_as_the_best_is_never_a_mistake() -> None:
    """10♣ J♠ K♦ Q♣ 10♦: either ten makes the same open-ended straight draw, EV 41/47 both."""
    hand = parse_hand("Tc Js Kd Qc Td")
    first, second = judge(NINE_SIX, 5, 1, hand, flags("xxxx.")), judge(NINE_SIX, 5, 1, hand, flags(".xxxx"))
    assert first.ev == second.ev == first.best_ev == Fraction(41, 47)
    assert first.right and second.right and second.cost == 0


def test_a_slip_below_the_threshold_is_minor() -> None:
    """Q♥ J♣ 3♦ 5♠ 8♣: keeping both high cards is best; keeping only the queen costs about 0.04."""
    hand = parse_hand("Qh Jc 3d 5s 8c")
    slip = judge(NINE_SIX, 5, 1, hand, flags("x...."))
    assert not slip.right and 0 < slip.cost < MAJOR_COST and not slip.major


def test_grades_add_up_in_credits_and_keep_the_costliest_mistakes() -> None:
    training = Training()
    hand = parse_hand("Ah Kh Qh Jh 9c")
    best = judge(NINE_SIX, 5, 3, hand, flags("xxxx."))
    training.record(best, won=0)
    mistakes = [judge(NINE_SIX, coins, 1, hand, flags(held))
                for coins in (1, 5) for held in (".....", "x....", "xx...", "xxx..", "....x", "x...x")]
    for decision in mistakes:
        training.record(decision, won=1)
    assert (training.decisions, training.right, training.hands) == (13, 1, 15)
    assert training.staked == 15 + sum(d.coins for d in mistakes)
    assert training.won == 12
    assert training.worth == best.ev * 15 + sum(d.ev * d.coins for d in mistakes)
    assert training.lost == sum(d.cost * d.coins for d in mistakes)
    assert len(training.mistakes) == KEPT_MISTAKES
    costs = [d.cost * d.stake for d in training.mistakes]
    assert costs == sorted(costs, reverse=True)
    assert min(costs) >= sorted(d.cost * d.coins for d in mistakes)[len(mistakes) - KEPT_MISTAKES]


def test_a_judged_draw_is_graded_in_the_same_save_and_read_back_exactly(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(3)) as session:
        session.set_trainer(True)
        for _ in range(4):
            session.deal()
            session.toggle_hold(0)
            session.draw(session.judge())
        session.deal()
        session.draw()  # not judged (the hint engine was not ready): played, not graded
        graded = session.training
        assert graded.decisions == 4 and session.history.games == 5
    with Session.open(isolated_home) as session:
        assert session.training == graded and session.training.trainer
        assert isinstance(session.training.worth, Fraction)


def test_a_decision_about_another_hold_is_refused(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(3)) as session:
        session.deal()
        decision = session.judge()
        session.toggle_hold(2)
        with pytest.raises(GameError, match="judge it again"):
            session.draw(decision)
        assert session.training.decisions == 0


def _rewrite_training(home: Path, change: dict[str, object]) -> None:
    file = home / "wallet.json"
    document = json.loads(file.read_text())
    document["content"]["training"].update(change)
    document["checksum"] = checksum(document["content"])
    file.write_text(json.dumps(document))


@pytest.mark.parametrize("change", [
    {"worth": "1/0"}, {"worth": "x"}, {"worth": 3}, {"right": 5}, {"trainer": "yes"}, {"decisions": -1},
    {"worth": "9/1", "best_worth": "1/1"}, {"mistakes": [{"paytable": "x"}]}, {"mistakes": [0] * 11},
    {"best_worth": "1" * 50 + "/1"},
])
def test_hostile_grades_are_damage_not_a_crash(isolated_home: Path, change: dict[str, object]) -> None:
    with Session.open(isolated_home, random.Random(3)) as session:
        session.deal()
        session.draw(session.judge())
    _rewrite_training(isolated_home, change)
    with pytest.raises(DamagedWallet, match="training"):
        Session.open(isolated_home)


def test_a_kept_mistake_is_checked_like_the_rest(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(3)) as session:
        session.deal()
        held = session.judge()
        worst = next(flag for flag in ([False] * 5, [True] * 5) if tuple(flag) != held.best)
        for position, keep in enumerate(worst):
            if keep != session.state().held[position]:
                session.toggle_hold(position)
        session.draw(session.judge())
        assert len(session.training.mistakes) == 1
    file = isolated_home / "wallet.json"
    document = json.loads(file.read_text())
    mistake = document["content"]["training"]["mistakes"][0]
    mistake["ev"], mistake["best_ev"] = mistake["best_ev"], mistake["ev"]  # a hold better than the best
    document["checksum"] = checksum(document["content"])
    file.write_text(json.dumps(document))
    with pytest.raises(DamagedWallet, match="best EV"):
        Session.open(isolated_home)


def test_decision_is_a_value() -> None:
    hand = parse_hand("Ah Kh Qh Jh 9c")
    assert judge(NINE_SIX, 5, 1, hand, flags("xxxx.")) == judge(NINE_SIX, 5, 1, hand, flags("xxxx."))
    assert isinstance(judge(NINE_SIX, 5, 1, hand, flags("xxxx.")), Decision)
