"""Double-up: DOUBLE or COLLECT after a win, card against card, every step saved, and an even bet."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from videopoker.deck.cards import Card, full_deck, parse_hand
from videopoker.errors import GameError
from videopoker.ledger.report import history
from videopoker.machine.double_up import MOST_DOUBLES, DoubleStep, Gamble, double_odds, outcome
from videopoker.machine.game import Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session
from videopoker.storage.wallet import DamagedWallet, checksum

TABLE = "bonus-poker-8-5-progressive"
JACKS = parse_hand("Jh Js 4c 7d 9s")  # held whole: jacks or better, 5 credits at 5 coins


def won_round(session: Session) -> None:
    """A round of jacks held whole, drawn: a win of 5 on the meter, offered to double."""
    paytable = resolve_paytable(TABLE)
    session.machine.start(Round(paytable, 5, JACKS, (True,) * 5, meter=session.machine.meter_of(paytable)))
    session.draw()


def test_a_double_is_an_even_bet_exactly() -> None:
    win, push, lose = double_odds()
    assert (win, push, lose) == (Fraction(8, 17), Fraction(1, 17), Fraction(8, 17))
    deck = full_deck()
    assert sum(outcome(dealer, card) - 1 for dealer in deck for card in deck if card != dealer) == 0
    # so the expected stake after any number of doubles is the win itself: the return holds
    chance = {2: win, 1: push, 0: lose}
    for doubles in range(MOST_DOUBLES + 1):
        expected = sum((math.prod(chance[m] for m in picks) * math.prod(picks)
                        for picks in product((2, 1, 0), repeat=doubles)), Fraction(0))
        assert expected == 1


def test_double_pick_collect_moves_the_win_and_keeps_the_books(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1), paytable=TABLE) as session:
        won_round(session)
        credits = session.machine.credits
        state = session.state()
        assert state.phase is Phase.IDLE and state.gamble == Gamble(5)
        state = session.double()
        assert state.phase is Phase.DOUBLE and state.gamble is not None and state.gamble.dealer is not None
        assert session.machine.credits == credits - 5
        with pytest.raises(GameError, match="while doubling"):
            session.bet_max()
        dealer = state.gamble.dealer
        state = session.pick(2)
        step = session.machine.last.doubles[-1] if session.machine.last else None
        assert step is not None and step.dealer == dealer and step.picked == 2
        assert step.stake_after == 5 * outcome(dealer, step.card)
        assert session.history.total_won == 5 + step.stake_after - 5
        assert session.history.recall[0].doubles == (step,)
        if step.stake_after:
            session.collect()
        assert session.machine.credits == credits - 5 + step.stake_after
        assert session.state().phase is Phase.IDLE
    report = history(isolated_home)
    assert report.balance is not None and report.balance.balanced
    assert report.doubles.count == 1 and report.doubles.net == step.stake_after - 5


def test_a_kill_mid_double_resumes_it_and_the_pick_is_not_yet_chosen(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(2), paytable=TABLE) as session:
        won_round(session)
        dealer = session.double().gamble.dealer  # type: ignore[union-attr]
    saved = json.loads((isolated_home / "wallet.json").read_text())["content"]
    assert saved["gamble"] == {"stake": 5, "at_risk": True, "dealer": str(dealer), "steps": []}
    with Session.open(isolated_home, random.Random(3)) as session:
        state = session.state()
        assert state.phase is Phase.DOUBLE and state.gamble is not None and state.gamble.dealer == dealer
        session.pick(0)
        if session.state().phase is Phase.DOUBLE:
            session.collect()
    books = history(isolated_home).balance
    assert books is not None and books.balanced


def test_dealing_declines_the_offer_and_the_win_stays(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(4), paytable=TABLE) as session:
        won_round(session)
        credits = session.machine.credits
        session.bet_max()
        assert session.machine.gamble is None and session.machine.credits == credits - 5
        with pytest.raises(GameError):
            session.double()


def test_a_table_without_double_up_offers_none(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(5)) as session:
        session.machine.start(Round(resolve_paytable("jacks-or-better-9-6"), 5, JACKS, (True,) * 5))
        session.draw()
        assert session.state().gamble is None
        with pytest.raises(GameError, match="double-up is offered after a win"):
            session.double()


def test_five_doubles_is_the_most() -> None:
    dealer, cards = Card.parse("2c"), tuple(parse_hand("3c 4c 5c 6c 7c")[:4])
    steps = tuple(DoubleStep(dealer, cards, 0, 5 * 2**n, 5 * 2 ** (n + 1)) for n in range(MOST_DOUBLES))
    gamble = Gamble(5 * 2**MOST_DOUBLES, True, None, steps)
    assert not gamble.can_double
    with pytest.raises(GameError, match="5 doubles is the most"):
        gamble.double(random.Random(1))
    with pytest.raises(GameError, match="double first"):
        gamble.pick(0, random.Random(1))


def test_a_gamble_that_does_not_add_up_is_damage(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(7), paytable=TABLE) as session:
        won_round(session)
        session.double()
        session.pick(1)
        assert session.state().phase is Phase.DOUBLE  # this seed's pick wins: a stake to tamper with
    document = json.loads((isolated_home / "wallet.json").read_text())
    document["content"]["gamble"]["stake"] *= 10  # a stake its doubles do not make
    document["checksum"] = checksum(document["content"])
    (isolated_home / "wallet.json").write_text(json.dumps(document))
    with pytest.raises(DamagedWallet, match="gamble"):
        Session.open(isolated_home)


def test_a_double_the_ledger_missed_is_on_record_when_history_reads_beside_the_game(
        isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from videopoker.errors import StateError
    from videopoker.ledger.store import Ledger

    with Session.open(isolated_home, random.Random(7), paytable=TABLE) as session:
        won_round(session)
        session.double()
        monkeypatch.setattr(Ledger, "record", lambda *args: (_ for _ in ()).throw(StateError("disk full")))
        session.pick(1)  # saved in the wallet, not yet in the ledger
        monkeypatch.undo()
        report = history(isolated_home)  # beside the running game
        assert report.doubles.count == 1
        assert report.balance is not None and report.balance.balanced
