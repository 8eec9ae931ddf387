"""Multi-Strike on the machine: the stack bet up front, played up level by level, each level's free
ride drawn on its deal, and the wallet and the ledger keeping a stack mid-climb exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from videopoker.deck.cards import parse_hand
from videopoker.errors import GameError
from videopoker.ledger.store import Ledger
from videopoker.machine.game import Machine, Phase
from videopoker.machine.round import Round
from videopoker.machine.training import judge
from videopoker.paytable import resolve_paytable
from videopoker.paytable.kinds.multi_strike import Climb, MultiStrike, Stack
from videopoker.player.session import Session
from videopoker.storage.wallet import DamagedWallet, checksum

STRIKE = "multi-strike-16x-bonus-poker-7-5"
TWO_PAIR = "Ah Ad Kh Ks 2c"        # held whole: two pair on every level (2 a coin)
NOTHING = "2c 5d 9h Js 7c"         # held whole: nothing


def first_level(machine: Machine, hand: str, free_ride: bool = False) -> Round:
    """Deal a stack's first level as ``hand``, every card held, and take the stack's bet."""
    played = Round(machine.paytable, 25, parse_hand(hand), (True,) * 5, state=Climb(1, free_ride))
    machine.start(played)
    return played


def test_a_stack_is_bet_once_and_climbs_while_its_hands_pay() -> None:
    machine = Machine(resolve_paytable(STRIKE), credits=1000, rng=random.Random(1))
    first_level(machine, TWO_PAIR)
    assert machine.credits == 975  # five levels of five coins, bet up front
    for number, multiplier in enumerate((1, 2, 4, 8), 1):
        state = machine.draw()
        climb = state.state
        assert isinstance(climb, Climb)
        assert state.phase is Phase.DEALT and climb.level == number + 1 and state.credits == machine.credits
        assert [played.win for played in climb.below][-1] == multiplier * 10
        assert machine.round is not None
        machine.round = Round(machine.paytable, 25, parse_hand(TWO_PAIR), (True,) * 5,
                              multiplier=machine.paytable.feature.levels[number], state=machine.round.state)
    state = machine.draw()
    outcome = state.last
    assert state.phase is Phase.IDLE and outcome is not None
    assert isinstance(outcome.state, Stack)
    assert [played.win for played in outcome.state.levels] == [10, 20, 40, 80, 160]
    assert outcome.win == 310 and outcome.hands == 1 and outcome.stake == 25 and state.credits == 975 + 310


def test_a_level_that_pays_nothing_ends_the_stack_unless_it_rode_free() -> None:
    machine = Machine(resolve_paytable(STRIKE), credits=1000, rng=random.Random(1))
    first_level(machine, NOTHING, free_ride=True)
    climb = machine.draw().state
    assert isinstance(climb, Climb) and climb.level == 2  # the free ride opened level 2
    machine.round = Round(machine.paytable, 25, parse_hand(NOTHING), (True,) * 5, multiplier=2,
                          state=Climb(2, False, climb.below))
    state = machine.draw()
    assert state.phase is Phase.IDLE and state.last is not None
    assert isinstance(state.last.state, Stack) and len(state.last.state.levels) == 2
    assert state.last.win == 0 and "GAME OVER AT LEVEL 2" in _message(state)


def _message(state: object) -> str:
    from videopoker.tui.kinds.multi_strike import MultiStrikeView

    return MultiStrikeView().message(state) or ""  # type: ignore[arg-type]


def test_free_rides_come_at_their_published_chance() -> None:
    feature, rng = resolve_paytable(STRIKE).feature, random.Random(3)
    assert isinstance(feature, MultiStrike)
    rides = sum(feature.ride(1, rng) for _ in range(40_000))
    assert abs(rides / 40_000 - 0.076) < 4 * (0.076 * 0.924 / 40_000) ** 0.5
    assert not any(feature.ride(5, rng) for _ in range(100))  # the top level has none


def test_the_stack_is_played_at_one_hand_a_round() -> None:
    machine = Machine(resolve_paytable(STRIKE), credits=1000, rng=random.Random(1), hands=3)
    assert machine.bet_max().bet == 5
    machine.draw()
    with pytest.raises(GameError, match="plays 1 hands a round"):
        machine.set_bet(25)


def test_a_stack_mid_climb_survives_a_kill_and_is_recorded_once(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(9), STRIKE) as session:
        first_level(session.machine, TWO_PAIR)
        session.draw()
        climbing, credits = session.machine.round, session.machine.credits
        assert climbing is not None and isinstance(climbing.state, Climb) and climbing.state.level == 2
    with Session.open(isolated_home, random.Random(10)) as session:  # as after a kill -9
        assert session.machine.round == climbing and session.machine.credits == credits
        while session.machine.round is not None:
            session.draw()
        won = session.machine.last.win if session.machine.last else -1
    ledger = Ledger.open(isolated_home, create=False)
    assert ledger is not None
    try:
        (rounds, bet, hands, win, ev), = ledger.query("SELECT count(*), bet, hands, win, ev FROM rounds")
        levels = ledger.query("SELECT hand, win FROM hands ORDER BY hand")
    finally:
        ledger.close()
    assert (rounds, bet, hands, win) == (1, 25, 1, won) and ev is not None
    assert levels[0] == (0, 10) and len(levels) >= 2 and sum(w for _, w in levels) == won


def test_a_wallet_whose_level_lacks_the_levels_under_it_is_refused(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(9), STRIKE) as session:
        first_level(session.machine, TWO_PAIR)
        session.draw()
    wallet = isolated_home / "wallet.json"
    document = json.loads(wallet.read_text())
    document["content"]["round"]["below"] = []
    document["checksum"] = checksum(document["content"])
    wallet.write_text(json.dumps(document))
    with pytest.raises(DamagedWallet, match="levels played under it"):
        Session.open(isolated_home, random.Random(1))


def test_the_trainer_judges_a_level_by_its_worth() -> None:
    paytable = resolve_paytable(STRIKE)
    pair = (True, True, False, False, False)
    low = judge(paytable, 25, 1, parse_hand("6c 6d Jh Qs 8c"), pair, state=Climb(1))
    top = judge(paytable, 25, 1, parse_hand("6c 6d Jh Qs 8c"), pair, state=Climb(5))
    assert not low.right and low.cost > 0 and "WORTH" in low.warning() and low.ev > low.best_ev
    assert top.right


def test_history_expects_a_stacks_hands_at_perfect_plays_rate(isolated_home: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike
    from videopoker.cli import main

    with Session.open(isolated_home, random.Random(4), STRIKE) as session:
        for _ in range(5):
            session.bet_max()
            while session.machine.round is not None:
                session.draw()
    assert main(["history", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["tables"][0]
    per_round = sum(row.per_round for row in analyze_multi_strike(resolve_paytable(STRIKE)).rows)
    assert table["hands"] == 5
    assert sum(row["expected"] for row in table["categories"].values()) == pytest.approx(5 * per_round)


def test_the_books_balance_while_a_stack_climbs(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its levels pay onto the meter as they come, before the stack goes on record: what is in play
    is the stack's bet less what it has paid so far."""
    from videopoker.cli import main

    with Session.open(isolated_home, random.Random(9), STRIKE) as session:
        first_level(session.machine, TWO_PAIR)
        session._save()
        session.draw()  # two pair: 10 credits on the meter, level 2 dealt
        climbing = session.machine.round
        assert climbing is not None and isinstance(climbing.state, Climb) and climbing.state.level == 2
        assert session.machine.in_play == 25 - 10
    assert main(["history", "--json"]) == 0
    wallet = json.loads(capsys.readouterr().out)["wallet"]
    assert wallet["balanced"] and wallet["in_play"] == 15
