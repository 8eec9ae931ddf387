"""The glass's words for a feature, as pure functions of the machine's state."""

from __future__ import annotations

import random

from videopoker.deck.cards import parse_hand
from videopoker.machine.game import Machine
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.tui.feature_view import SPIN_FRAMES, WheelSpin, feature_message, feature_tag, prize_of


def test_a_spin_passes_the_prizes_and_stops_on_the_one_won() -> None:
    spin = WheelSpin([100, 150, 200, 2000], 150)
    texts = [spin.next_text() for _ in range(SPIN_FRAMES)]
    assert spin.done and texts[-1] == "WHEEL  ★ 150 ★"
    assert all(text.startswith("WHEEL  ▶ ") for text in texts[:-1]) and len(set(texts)) == 5
    stopped = WheelSpin([100, 150], 100)
    stopped.stop()
    assert stopped.done


def test_the_title_says_how_to_play_the_feature_then_the_multiplier_in_play() -> None:
    paytable = resolve_paytable("big-times-draw-jacks-or-better-8-6")
    machine = Machine(paytable, credits=100, rng=random.Random(1), bet=5)
    assert feature_tag(machine.snapshot()) == "BET 10 FOR BIG TIMES DRAW"
    machine.set_bet(10)
    assert feature_tag(machine.snapshot()) is None  # the table's name says it already
    machine.start(Round(paytable, 10, parse_hand("9h 9d 9c 9s 2c"), (True,) * 5, multiplier=3))
    assert feature_tag(machine.snapshot()) == "3X"
    state = machine.draw()
    assert feature_tag(state) == "3X" and feature_message(state) == "FOUR OF A KIND × 3   WIN 375"


def test_a_round_that_spun_says_its_prize() -> None:
    paytable = resolve_paytable("wheel-poker-bonus-poker-8-5")
    machine = Machine(paytable, credits=100, rng=random.Random(2), bet=6)
    machine.start(Round(paytable, 6, parse_hand("9h 9d 9c 9s 2c"), (True,) * 4 + (False,), hands=3))
    state = machine.draw()
    prize = prize_of(state.last)
    assert prize >= 300 and feature_message(state) == f"WHEEL {prize:,} ON 3 OF 3 HANDS   WIN {375 + prize:,}"


def test_hot_roll_shows_the_two_dice_that_made_its_multiplier() -> None:
    from videopoker.tui.kinds import view_of
    from videopoker.tui.kinds.times_pay import dice

    paytable = resolve_paytable("hot-roll-jacks-or-better-9-6")
    machine = Machine(paytable, credits=100, rng=random.Random(1), bet=5)
    assert feature_tag(machine.snapshot()) == "BET 10 TO ROLL THE DICE"
    assert view_of(paytable).message(machine.snapshot()) == \
        "AT 10 COINS ONE DEAL IN 6 ROLLS TWO DICE: 2X TO 12X ON EVERY HAND"  # a fresh glass says the rule
    machine.set_bet(10)
    assert feature_tag(machine.snapshot()) == "TWO DICE"  # nothing rolled yet
    machine.start(Round(paytable, 10, parse_hand("9h 9d 9c 9s 2c"), (True,) * 5, multiplier=7))
    dealt = feature_tag(machine.snapshot())
    assert dealt is not None and dealt.startswith("DICE ") and dealt.endswith(" = 7X")
    one, _, other = dealt.removeprefix("DICE ").removesuffix(" = 7X").partition(" + ")
    assert int(one) + int(other) == 7
    state = machine.draw()
    assert feature_tag(state) == dealt  # the same dice after the draw as on the deal
    assert view_of(paytable).message(state) is None
    machine.start(Round(paytable, 10, parse_hand("9h 8d 7c 3s 2c"), (False,) * 5, multiplier=1))
    assert feature_tag(machine.snapshot()) == "NO ROLL"
    for total in range(2, 13):
        pairs = {dice(total, key) for key in range(40)}
        assert all(a + b == total and 1 <= a <= 6 and 1 <= b <= 6 for a, b in pairs)
        assert len(pairs) == 6 - abs(total - 7)  # every way the dice make it comes up
