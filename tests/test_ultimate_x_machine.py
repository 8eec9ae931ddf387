"""Ultimate X on the machine: each line's multiplier pays its hand's win, a round at the feature bet
earns the next ones, and the wallet and the ledger keep them exactly."""

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
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.ultimate_x import Lines
from videopoker.player.session import Session
from videopoker.storage.wallet import DamagedWallet

ULTIMATE = "ultimate-x-jacks-or-better-8-6"
EARNED = {"royal_flush": 2, "straight_flush": 2, "four_of_a_kind": 2, "full_house": 12, "flush": 11,
          "straight": 7, "three_of_a_kind": 4, "two_pair": 3, "jacks_or_better": 2}  # its 3-play table


def lines_of(state: PlayState | None) -> tuple[int, ...]:
    """The lines' multipliers a state holds (none: no lines)."""
    return state.multipliers if isinstance(state, Lines) else ()


def earned_of(state: PlayState | None) -> tuple[int, ...]:
    """What the lines of a round played earned for the next."""
    return state.earned if isinstance(state, Lines) else ()


def played(machine: Machine, lines: tuple[int, ...], bet: int = 10, hand: str = "Ah Ad Kh Ks 2c") -> Round:
    """A known deal on ``lines``, two pair held: every hand makes two pair at least."""
    dealt = Round(machine.paytable, bet, parse_hand(hand), (True,) * 4 + (False,), hands=len(lines),
                  state=Lines(lines))
    machine.start(dealt)
    return dealt


def test_each_hand_pays_its_lines_multiplier_and_earns_the_next() -> None:
    machine = Machine(resolve_paytable(ULTIMATE), credits=1000, rng=random.Random(2), hands=3)
    played(machine, (12, 1, 3))
    state = machine.draw()
    outcome = state.last
    assert outcome is not None and lines_of(outcome.state) == (12, 1, 3)
    for result, line in zip(outcome.results, (12, 1, 3)):
        assert result.win == line * machine.paytable.pay(result.category, 5)
    earned = earned_of(outcome.state)
    assert earned == tuple(EARNED[result.category] for result in outcome.results)
    assert lines_of(state.state) == earned == lines_of(machine.snapshot().state)  # what the next deal plays under
    assert lines_of(machine.deal().state) == earned


def test_a_round_below_the_feature_bet_pays_the_lines_and_leaves_them_at_one() -> None:
    machine = Machine(resolve_paytable(ULTIMATE), credits=1000, rng=random.Random(2), hands=3, bet=5)
    played(machine, (12, 1, 3), bet=5)
    outcome = machine.draw().last
    assert outcome is not None
    assert [result.win for result in outcome.results] == [
        line * machine.paytable.pay(result.category, 5) for result, line in zip(outcome.results, (12, 1, 3))]
    assert earned_of(outcome.state) == (1, 1, 1) and machine.kept == {}
    assert lines_of(machine.snapshot().state) == (1, 1, 1)


def test_the_feature_bet_is_offered_at_the_hands_the_table_gives_multipliers_for() -> None:
    machine = Machine(resolve_paytable(ULTIMATE), credits=1000, rng=random.Random(2), hands=3)
    assert machine.bet_max().bet == 10
    machine.draw()
    machine.set_hands(1)
    assert machine.bet == 5 and lines_of(machine.snapshot().state) == ()
    with pytest.raises(GameError, match="plays 3, 5, 10 hands a round"):
        machine.set_bet(10)
    machine.set_hands(10)
    assert lines_of(machine.set_bet(10).state) == (1,) * 10  # each number of hands is a machine of its own


def test_the_lines_survive_a_kill_and_wait_for_the_next_session(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(9), ULTIMATE) as session:
        session.set_hands(3)
        played(session.machine, (1, 1, 1))
        session.draw()
        earned = lines_of(session.state().state)
        session.bet_max()
        dealt = session.machine.round
    assert earned != (1, 1, 1) and dealt is not None and lines_of(dealt.state) == earned
    with Session.open(isolated_home, random.Random(10)) as session:  # as after a kill -9: the wallet as saved
        assert session.machine.round == dealt
        session.draw()
        after = lines_of(session.state().state)
    with Session.open(isolated_home, random.Random(11)) as session:  # between rounds: they wait
        assert lines_of(session.state().state) == after


def test_a_wallet_with_lines_that_do_not_fit_is_refused(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(9), ULTIMATE) as session:
        session.set_hands(3)
        played(session.machine, (2, 1, 1))
        session.draw()
    wallet = isolated_home / "wallet.json"
    document = json.loads(wallet.read_text())
    document["content"]["lines"] = {"ultimate-x-jacks-or-better-8-6@3": [2, 1]}
    from videopoker.storage.wallet import checksum

    document["checksum"] = checksum(document["content"])
    wallet.write_text(json.dumps(document))
    with pytest.raises(DamagedWallet, match="not one multiplier a line"):
        Session.open(isolated_home, random.Random(1))


def test_the_trainer_judges_a_hold_by_its_worth_on_the_lines() -> None:
    paytable = resolve_paytable(ULTIMATE)
    hand = parse_hand("Ts 9h 8d Qc 4d")
    queen = (False, False, False, True, False)
    low, high = (judge(paytable, 10, 3, hand, queen, state=Lines((1, 1, 1))),
                 judge(paytable, 10, 3, hand, queen, state=Lines((12, 12, 12))))
    assert not low.right and low.cost > 0 and "WORTH" in low.warning()
    assert low.ev > low.best_ev  # the best hold gives up this round's EV for the multipliers it earns
    assert high.right and high.ev == high.best_ev


def test_the_ledger_keeps_each_hands_line_and_history_expects_ultimate_x(isolated_home: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from videopoker.cli import main

    with Session.open(isolated_home, random.Random(4), ULTIMATE) as session:
        session.set_hands(3)
        for _ in range(6):
            session.bet_max()
            session.draw()
        wins = [result.win for result in session.machine.last.results] if session.machine.last else []
    ledger = Ledger.open(isolated_home, create=False)
    assert ledger is not None
    try:
        lines = ledger.query("SELECT line FROM hands ORDER BY round, hand")
        assert len(lines) == 18 and all(isinstance(line, int) and line >= 1 for (line,) in lines)
        last = ledger.query("SELECT win FROM hands WHERE round = (SELECT max(id) FROM rounds) ORDER BY hand")
        assert [win for (win,) in last] == wins
    finally:
        ledger.close()
    assert main(["history", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["tables"][0]
    assert table["hands"] == 18 and sum(row["expected"] for row in table["categories"].values()) == pytest.approx(18)


@pytest.mark.parametrize("phase", [Phase.DEALT, Phase.IDLE])
def test_the_glass_names_the_lines(phase: Phase) -> None:
    from videopoker.tui.kinds.ultimate_x import UltimateXView

    lines_message = UltimateXView().message
    machine = Machine(resolve_paytable(ULTIMATE), credits=1000, rng=random.Random(2), hands=3)
    played(machine, (12, 1, 3))
    if phase is Phase.DEALT:
        assert lines_message(machine.snapshot()) == "HOLD, THEN DRAW · LINES 1X 3X · MAIN 12X"  # as the glass
        return
    state = machine.draw()
    assert state.last is not None
    earned = earned_of(state.last.state)
    assert lines_message(state) == f"WIN {state.last.win:,} · NEXT HAND " + " ".join(
        f"{m}X" for m in earned[1:]) + f" · MAIN {earned[0]}X"


def test_a_machine_found_with_multipliers_says_what_a_round_at_max_coins_nets() -> None:
    """The advantage player's figure, on the glass between rounds: the lines' sum times the base
    game's return at max_coins, less the bet; the same as `analyze --multipliers`."""
    from videopoker.analysis import analyze
    from videopoker.analysis.features.ultimate_x.hint import found_value
    from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x
    from videopoker.analysis.solve.draws import draw_tables
    from videopoker.tui.kinds.ultimate_x import UltimateXView

    lines_message = UltimateXView().message

    paytable = resolve_paytable(ULTIMATE)
    value = found_value(paytable, (12, 1, 1))
    assert value == 14 * analyze(paytable).rtp * 5 - 15
    assert float(value) == pytest.approx(analyze_ultimate_x(paytable, 3).found_value(14))
    machine = Machine(paytable, credits=1000, rng=random.Random(2), hands=3)
    machine.kept = {"ultimate-x-jacks-or-better-8-6@3": Lines((12, 1, 1))}
    draw_tables(paytable.game)  # loaded, as the machine loads them at start
    waiting = f"LINES 1X 1X · MAIN 12X WAITING · A ROUND AT 5 NETS {float(value):+,.2f}"
    assert lines_message(machine.snapshot()) == waiting


def test_the_command_lines_worth_is_the_glasses_a_coin_bet(capsys: pytest.CaptureFixture[str]) -> None:
    """One unit: `hint --multipliers` says a hold's worth per coin of the round's bet, as the machine's
    hint and trainer do (it said coins of the whole round)."""
    import json

    from videopoker.analysis.features.registry import engine_of
    from videopoker.cli import main
    from videopoker.deck.cards import parse_cards
    from videopoker.paytable import resolve_paytable
    from videopoker.paytable.kinds.ultimate_x import Lines

    table = "ultimate-x-jacks-or-better-8-6"
    assert main(["hint", table, "Ts", "9h", "8d", "Qc", "4d", "--multipliers", "2,1,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["worth_unit"].startswith("per coin bet")
    paytable = resolve_paytable(table)
    assert paytable.feature is not None
    glass = engine_of(paytable.feature).advice(paytable, paytable.feature.coins, parse_cards("Ts 9h 8d Qc 4d"),
                                               Lines((2, 1, 1)))
    assert [hold["worth"] for hold in data["holds"]] == pytest.approx([float(c.judged) for c in glass], rel=1e-12)
