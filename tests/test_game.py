from __future__ import annotations

import random

import pytest

from videopoker.deck.cards import Card, parse_hand
from videopoker.errors import CardError, GameError, InsufficientCredit
from videopoker.machine.game import Machine, Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.rules.evaluate import evaluate


@pytest.fixture
def machine() -> Machine:
    return Machine(resolve_paytable("jacks-or-better-9-6"), credits=100, rng=random.Random(1))


def rig(machine: Machine, hand: str, bet: int = 5) -> None:
    """Deal a known hand: a round built as a value, put in play through the machine's own door."""
    machine.start(Round(machine.paytable, bet, parse_hand(hand)))


def test_bet_one_cycles_through_the_coins(machine: Machine) -> None:
    machine.set_bet(1)
    assert [machine.bet_one().bet for _ in range(6)] == [2, 3, 4, 5, 1, 2]


def test_deal_takes_the_bet_and_draw_pays_the_win(machine: Machine) -> None:
    machine.set_bet(5)
    state = machine.deal()
    assert state.phase is Phase.DEALT and state.credits == 95 and len(set(state.hand)) == 5
    credits = machine.draw().credits
    rig(machine, "Ah Kh Qh Jh Th")
    assert machine.credits == credits - 5
    for position in range(5):
        machine.toggle_hold(position)
    state = machine.draw()
    assert state.phase is Phase.IDLE
    assert state.hand == parse_hand("Ah Kh Qh Jh Th")
    assert state.last is not None and state.last.category == "royal_flush"
    assert state.last.win == 4000 and state.credits == credits - 5 + 4000  # the max-coin column


def test_a_win_at_fewer_coins_uses_that_column(machine: Machine) -> None:
    rig(machine, "Ah Kh Qh Jh Th", bet=4)
    for position in range(5):
        machine.toggle_hold(position)
    assert machine.draw().last.win == 1000  # type: ignore[union-attr]


def test_held_cards_stay_and_the_rest_come_from_the_deck_without_the_dealt_cards(machine: Machine) -> None:
    dealt = parse_hand("9c 9d 2h 5s 7c")
    for seed in range(200):
        machine.rng = random.Random(seed)
        rig(machine, "9c 9d 2h 5s 7c", bet=1)
        machine.toggle_hold(0)
        machine.toggle_hold(1)
        machine.toggle_hold(4)
        machine.toggle_hold(4)  # released again
        state = machine.draw()
        assert state.hand[:2] == dealt[:2] and len(set(state.hand)) == 5
        assert not set(state.hand[2:]) & set(dealt), "a discarded card never comes back"
        assert state.last is not None and state.last.held == (True, True, False, False, False)
        assert state.last.category == evaluate(state.hand, machine.paytable.game)
        assert state.last.win == machine.paytable.pay(state.last.category, 1)


def test_bet_max_deals_at_once(machine: Machine) -> None:
    machine.set_bet(1)
    state = machine.bet_max()
    assert state.phase is Phase.DEALT and state.bet == 5 and state.credits == 95


def test_the_machine_refuses_what_a_real_one_refuses(machine: Machine) -> None:
    with pytest.raises(GameError, match="cannot hold a card before the deal"):
        machine.toggle_hold(0)
    with pytest.raises(GameError, match="cannot draw before the deal"):
        machine.draw()
    with pytest.raises(GameError, match="a bet is 1..5 coins, got 6"):
        machine.set_bet(6)
    machine.deal()
    before = machine.snapshot()
    with pytest.raises(GameError, match="cannot deal until the hand is drawn"):
        machine.deal()
    with pytest.raises(GameError, match="cannot change the bet until the hand is drawn"):
        machine.bet_one()
    with pytest.raises(GameError, match="card positions are 1..5, got 6"):
        machine.toggle_hold(5)
    assert machine.snapshot() == before  # a refusal changes nothing
    machine.draw()
    with pytest.raises(GameError, match="cannot draw before the deal"):
        machine.draw()


def test_a_bet_above_the_credit_is_refused_whole() -> None:
    machine = Machine(resolve_paytable("jacks-or-better-9-6"), credits=3, rng=random.Random(5))
    with pytest.raises(InsufficientCredit, match="a bet of 5 is more than the 3 credits left"):
        machine.deal()
    assert machine.credits == 3 and machine.phase is Phase.IDLE
    assert machine.bet_max().bet == 3  # max bet plays what is left
    broke = Machine(resolve_paytable("jacks-or-better-9-6"), credits=0)
    with pytest.raises(InsufficientCredit, match="no credit left"):
        broke.bet_max()


def test_seeded_sessions_repeat_exactly() -> None:
    def session(seed: int) -> list[tuple[Card, ...]]:
        machine = Machine(resolve_paytable("jacks-or-better-9-6"), credits=1000, rng=random.Random(seed))
        hands = []
        for _ in range(3):
            hands.append(machine.deal().hand)
            hands.append(machine.draw().hand)
        return hands

    assert session(7) == session(7) != session(8)


def test_thousands_of_seeded_hands_keep_the_books_exact() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    rng = random.Random(99)
    machine = Machine(paytable, credits=10_000, rng=random.Random(3))
    bets = wins = 0
    for _ in range(5_000):
        if machine.credits < paytable.max_coins:
            break
        machine.set_bet(rng.randint(1, 5))
        bets += machine.deal().bet
        for position in range(5):
            if rng.random() < 0.4:
                machine.toggle_hold(position)
        outcome = machine.draw().last
        assert outcome is not None
        assert outcome.win == paytable.pay(outcome.category, outcome.bet)
        wins += outcome.win
        assert machine.credits == 10_000 - bets + wins
    assert bets > 10_000


def test_the_round_settles_on_the_pays_it_was_dealt_under(machine: Machine) -> None:
    rig(machine, "7c 7d 7h 7s 2c")
    machine.toggle_hold(4)
    machine.paytable = resolve_paytable("jacks-or-better-6-5")  # the table changes while the hand waits
    for position in range(5):
        machine.toggle_hold(position)
    state = machine.draw()
    assert state.last is not None and state.last.win == 125  # four of a kind at 9/6's 25 per coin


def test_a_round_refuses_a_joker_in_a_52_card_game(machine: Machine) -> None:
    with pytest.raises(CardError, match="'Jk' is not in the deck of Jacks or Better"):
        Round(machine.paytable, 5, parse_hand("Jk Ah Kh Qh Jh"))
