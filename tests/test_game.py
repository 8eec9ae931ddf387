from __future__ import annotations

import random

import pytest

from videopoker.cards import Card, parse_hand
from videopoker.errors import GameError, InsufficientCredit
from videopoker.evaluate import PayCategory
from videopoker.game import Machine, Phase
from videopoker.paytable import resolve_paytable


@pytest.fixture
def machine() -> Machine:
    return Machine(resolve_paytable("jacks-or-better-9-6"), credits=100, rng=random.Random(1))


def rig(machine: Machine, hand: str, stub: str) -> None:
    """Put a known hand on the table, as if just dealt."""
    machine.hand = parse_hand(hand)
    machine.stub = tuple(Card.parse(c) for c in stub.split())
    machine.held = (False,) * 5


def test_bet_one_cycles_through_the_coins(machine: Machine) -> None:
    machine.set_bet(1)
    assert [machine.bet_one().bet for _ in range(6)] == [2, 3, 4, 5, 1, 2]


def test_deal_takes_the_bet_and_draw_pays_the_win(machine: Machine) -> None:
    machine.set_bet(5)
    state = machine.deal()
    assert state.phase is Phase.DEALT and state.credits == 95 and len(state.hand) == 5
    rig(machine, "Ah Kh Qh Jh 2c", "Th 3d 4d 5d 6d")
    for position in range(4):
        machine.toggle_hold(position)
    state = machine.draw()
    assert state.phase is Phase.IDLE
    assert state.hand == parse_hand("Ah Kh Qh Jh Th")
    assert state.last is not None and state.last.category is PayCategory.ROYAL_FLUSH
    assert state.last.win == 4000 and state.credits == 4095  # the max-coin column


def test_a_win_at_fewer_coins_uses_that_column(machine: Machine) -> None:
    machine.set_bet(4)
    machine.deal()
    rig(machine, "Ah Kh Qh Jh 2c", "Th 3d 4d 5d 6d")
    for position in range(4):
        machine.toggle_hold(position)
    assert machine.draw().last.win == 1000  # type: ignore[union-attr]


def test_held_cards_stay_and_the_rest_come_from_the_stub(machine: Machine) -> None:
    machine.deal()
    rig(machine, "9c 9d 2h 5s 7c", "Ks Kd Qc 8h 3c")
    machine.toggle_hold(0)
    machine.toggle_hold(1)
    machine.toggle_hold(4)
    machine.toggle_hold(4)  # released again
    state = machine.draw()
    assert state.hand == parse_hand("9c 9d Ks Kd Qc")
    assert state.last is not None and state.last.category is PayCategory.TWO_PAIR
    assert state.last.held == (True, True, False, False, False)


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
    machine = Machine(resolve_paytable("9-6"), credits=3, rng=random.Random(5))
    with pytest.raises(InsufficientCredit, match="a bet of 5 is more than the 3 credits left"):
        machine.deal()
    assert machine.credits == 3 and machine.phase is Phase.IDLE
    assert machine.bet_max().bet == 3  # max bet plays what is left
    broke = Machine(resolve_paytable("9-6"), credits=0)
    with pytest.raises(InsufficientCredit, match="no credit left"):
        broke.bet_max()


def test_seeded_sessions_repeat_exactly() -> None:
    def session(seed: int) -> list[tuple[Card, ...]]:
        machine = Machine(resolve_paytable("9-6"), credits=1000, rng=random.Random(seed))
        hands = []
        for _ in range(3):
            hands.append(machine.deal().hand)
            hands.append(machine.draw().hand)
        return hands

    assert session(7) == session(7) != session(8)


def test_thousands_of_seeded_hands_keep_the_books_exact() -> None:
    paytable = resolve_paytable("9-6")
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


def test_state_round_trips_for_recovery(machine: Machine) -> None:
    machine.deal()
    machine.toggle_hold(2)
    saved = machine.to_json()
    copy = Machine(machine.paytable, credits=0, rng=random.Random(0))
    copy.restore(saved)
    assert copy.snapshot() == machine.snapshot()
    assert copy.draw().hand == machine.draw().hand
