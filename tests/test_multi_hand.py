"""Multi-hand rounds in the engine: one dealt hand, its holds on N hands, each drawn from its own deck."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from videopoker.deck.cards import parse_hand
from videopoker.errors import GameError, InsufficientCredit
from videopoker.machine.game import PLAY_LINES, Machine, Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable

NINE_SIX = resolve_paytable("jacks-or-better-9-6")


def test_each_hand_keeps_the_holds_and_draws_from_its_own_deck_without_the_dealt_cards() -> None:
    dealt = parse_hand("Ah Kd 7c 7s 2h")
    played = Round(NINE_SIX, 1, dealt, (False, False, True, True, False), hands=10)
    finals = played.draw(random.Random(4))
    assert len(finals) == 10
    for final in finals:
        assert final[2:4] == dealt[2:4]
        assert len(set(final)) == 5 and not {final[0], final[1], final[4]} & set(dealt)


def test_the_hands_are_drawn_independently() -> None:
    """Two hands share a replacement card as often as independent draws from 47 do (4 cards each)."""
    played = Round(NINE_SIX, 1, parse_hand("Ah Kd 7c 7s 2h"), (True, False, False, False, False), hands=3)
    rng = random.Random(8)
    shared = Counter()
    rounds = 4000
    for _ in range(rounds):
        first, second, _ = (set(final[1:]) for final in played.draw(rng))
        shared[len(first & second)] += 1
    # P(no common card) between two independent 4-card draws from 47 = C(43,4)/C(47,4) = 0.6979
    expected = rounds * 0.69789
    assert abs(shared[0] - expected) < 4 * (rounds * 0.69789 * 0.30211) ** 0.5
    assert shared[4] < 5  # identical hands would be a copied deck


def test_a_ten_play_round_takes_ten_bets_and_pays_each_hand_on_its_own() -> None:
    machine = Machine(NINE_SIX, credits=1000, rng=random.Random(2), hands=10)
    machine.start(Round(NINE_SIX, 5, parse_hand("Ah Ad Qh Jh 2c"), hands=10))
    assert machine.credits == 950
    machine.toggle_hold(0)
    machine.toggle_hold(1)
    state = machine.draw()
    outcome = state.last
    assert outcome is not None and outcome.hands == 10 and outcome.stake == 50
    for result in outcome.results:
        category = NINE_SIX.game.categories[NINE_SIX.game.evaluate_index([c.index for c in result.final])]
        assert (result.category, result.win) == (category, NINE_SIX.pay(category, 5))
    assert outcome.win == sum(result.win for result in outcome.results)
    assert state.credits == 950 + outcome.win == outcome.credits_after
    assert all(result.category != "nothing" for result in outcome.results)  # aces held
    assert len({result.final for result in outcome.results}) > 1


def test_bet_max_bets_what_the_credit_allows_on_every_hand() -> None:
    machine = Machine(NINE_SIX, credits=23, rng=random.Random(2), hands=5)
    state = machine.bet_max()
    assert (state.bet, state.hands, state.credits) == (4, 5, 3)
    machine.draw()
    machine.credits = 3
    with pytest.raises(InsufficientCredit, match="5 hands at 1 coin need 5 credits, 3 left; play fewer hands"):
        machine.bet_max()
    machine.set_bet(2)
    machine.credits = 9
    with pytest.raises(InsufficientCredit, match="5 hands at 2 coins need 10 credits, 9 left; bet less"):
        machine.deal()
    assert machine.phase is Phase.IDLE and machine.credits == 9


def test_the_hands_change_only_between_rounds_and_cycle_through_the_choices() -> None:
    machine = Machine(NINE_SIX, credits=1000, rng=random.Random(2))
    assert [machine.next_hands().hands for _ in PLAY_LINES] == [*PLAY_LINES[1:], 1]
    with pytest.raises(GameError, match="plays 1, 3, 5, 10, 50, 100 hands, got 7"):
        machine.set_hands(7)
    machine.set_hands(3)
    machine.deal()
    with pytest.raises(GameError, match="cannot change the number of hands until the hand is drawn"):
        machine.next_hands()
    assert machine.snapshot().stake == 15


@pytest.mark.parametrize("hands", PLAY_LINES)
def test_a_round_of_any_size_settles_to_the_meter(hands: int) -> None:
    machine = Machine(NINE_SIX, credits=10_000, rng=random.Random(hands), hands=hands)
    for _ in range(5):
        before = machine.credits
        machine.bet_max()
        machine.toggle_hold(0)
        outcome = machine.draw().last
        assert outcome is not None and len(outcome.results) == hands
        assert machine.credits == before - 5 * hands + outcome.win


def test_a_new_number_of_hands_clears_the_last_round_off_the_glass() -> None:
    machine = Machine(NINE_SIX, credits=1000, rng=random.Random(2), hands=3)
    machine.bet_max()
    machine.draw()
    assert machine.set_hands(3).last is not None, "the same number keeps it"
    assert machine.set_hands(10).last is None and machine.hand == ()
