"""A progressive meter: declared in the file, raised by every credit bet, paid at the top bet and
reset, kept per table in the wallet; and its exact return at any meter, with the breakeven meter."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from videopoker.analysis.solve.exact import analyze
from videopoker.analysis.tables.progressive import breakeven_meter, meter_return
from videopoker.analysis.tables.target import solve_pay
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import PaytableError
from videopoker.ledger.store import Ledger
from videopoker.machine.game import Phase
from videopoker.machine.round import Round
from videopoker.paytable import Progressive, load_paytable, resolve_paytable
from videopoker.player.session import Session

PROGRESSIVE = "bonus-poker-8-5-progressive"
ROYAL = parse_hand("Ah Kh Qh Jh Th")
BASE = Fraction(4000)
RATE = Fraction(1, 200)


def table_text(progressive: str, extra: str = "") -> str:
    return (f"name: Meter Test\ngame: jacks-or-better\nmax_coins: 5\nprogressive: {progressive}\n{extra}"
            "pays:\n  royal_flush: [250, 500, 750, 1000, 4000]\n  straight_flush: 50\n  four_of_a_kind: 25\n"
            "  full_house: 9\n  flush: 6\n  straight: 4\n  three_of_a_kind: 3\n  two_pair: 2\n"
            "  jacks_or_better: 1\n")


def test_the_file_declares_the_meter_exactly() -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    assert paytable.progressive is not None
    assert (paytable.progressive.hand, paytable.progressive.base, paytable.progressive.rate) == (
        "royal_flush", 4000, RATE)


@pytest.mark.parametrize("progressive, extra, says", [
    ("{hand: royal, base: 4000, rate: 0.005}", "", "progressive hand 'royal' is not a paying hand"),
    ("{hand: royal_flush, base: 0, rate: 0.005}", "", "progressive base must be"),
    ("{hand: royal_flush, base: 4000, rate: 1.5}", "", "progressive rate must be a number between 0 and 1"),
    ("{hand: royal_flush, base: 4000, rate: yes}", "", "progressive rate must be a number between 0 and 1"),
    ("{hand: royal_flush, base: 4000, rate: 0.005, cap: 9}", "", "unknown key 'cap' in progressive"),
    ("royal_flush", "", "progressive must be a mapping like"),
    ("{hand: royal_flush, base: 4000, rate: 0.005}", "double_up: maybe\n", "double_up must be true or false"),
])
def test_a_bad_meter_is_one_line_with_its_place(tmp_path: Path, progressive: str, extra: str, says: str) -> None:
    file = tmp_path / "meter.yaml"
    file.write_text(table_text(progressive, extra))
    with pytest.raises(PaytableError) as raised:
        load_paytable(file)
    assert len(raised.value.problems) == 1 and says in raised.value.problems[0]
    assert raised.value.problems[0].startswith(f"{file}:")


def test_every_credit_bet_raises_the_meter_and_it_survives_a_restart(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1), paytable=PROGRESSIVE) as session:
        for _ in range(3):
            assert session.bet_max().meter == BASE + RATE * 5 * (session.history.games + 1)
            session.draw()
        meter = session.state().meter
        session.switch_paytable(resolve_paytable("jacks-or-better-9-6"))
        session.set_hands(10)
        session.bet_max()
        session.draw()
        assert session.state().meter is None
        session.switch_paytable(resolve_paytable(PROGRESSIVE))
        assert session.state().meter == meter  # each table keeps its own meter
    with Session.open(isolated_home) as session:
        assert session.state().meter == meter == BASE + RATE * 15


def test_the_royal_at_the_top_bet_pays_the_meter_and_resets_it(isolated_home: Path) -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    with Session.open(isolated_home, random.Random(2), paytable=PROGRESSIVE) as session:
        session.machine.meters[PROGRESSIVE] = Fraction(6543210, 1000)  # 6,543.21 on the glass
        session.machine.start(Round(paytable, 5, ROYAL, (True,) * 5, meter=Fraction(6543210, 1000)))
        assert session.draw().last is not None
        assert session.machine.last is not None and session.machine.last.win == 6543
        assert session.state().meter == BASE


def test_below_the_top_bet_the_royal_pays_its_fixed_total_and_the_meter_still_rises(isolated_home: Path) -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    with Session.open(isolated_home, random.Random(2), paytable=PROGRESSIVE) as session:
        session.machine.start(Round(paytable, 4, ROYAL, (True,) * 5, meter=Fraction(5000)))
        session.draw()
        assert session.machine.last is not None and session.machine.last.win == 1000
        assert session.state().meter == 5000


def test_in_a_multi_hand_round_the_first_royal_takes_the_meter_and_the_next_pay_base(isolated_home: Path) -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    with Session.open(isolated_home, random.Random(3), paytable=PROGRESSIVE) as session:
        session.machine.start(Round(paytable, 5, ROYAL, (True,) * 5, hands=3, meter=Fraction(7000)))
        session.draw()
        assert session.machine.last is not None
        assert [result.win for result in session.machine.last.results] == [7000, 4000, 4000]
        assert session.state().meter == BASE


def test_a_round_pays_the_meter_it_was_dealt_under_after_a_restart(isolated_home: Path) -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    with Session.open(isolated_home, random.Random(4), paytable=PROGRESSIVE) as session:
        session.machine.start(Round(paytable, 5, ROYAL, (True,) * 5, meter=Fraction(8888)))
        session._save()
    with Session.open(isolated_home, random.Random(4)) as session:  # as after a kill -9 mid-round
        assert session.state().phase is Phase.DEALT and session.state().meter == 8888
        session.draw()
        assert session.machine.last is not None and session.machine.last.win == 8888
    ledger = Ledger.open(isolated_home)
    assert ledger is not None and ledger.query("SELECT meter, win FROM rounds") == [(8888, 8888)]
    ledger.close()


def test_the_breakeven_meter_is_exact_to_the_credit_and_agrees_with_solve() -> None:
    paytable = resolve_paytable(PROGRESSIVE)
    breakeven = breakeven_meter(paytable)
    assert breakeven is not None
    assert analyze(paytable.at_meter(breakeven)).rtp >= 1 > analyze(paytable.at_meter(breakeven - 1)).rtp
    solved = solve_pay(paytable, "royal_flush", Fraction(1))
    short = max(choice.pay for choice in (solved.below, solved.best, solved.above)
                if choice is not None and choice.rtp < 1)
    assert 5 * short < breakeven <= 5 * (short + 1)  # solve's per-coin pays bracket it
    at_base = meter_return(paytable, 4000)
    assert at_base.analysis.rtp == analyze(resolve_paytable("bonus-poker-8-5")).rtp
    assert at_base.breakeven == breakeven and 40_000 < at_base.cycle < 41_000


def test_analyze_reads_the_meter_as_played_and_takes_meter(isolated_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with Session.open(isolated_home, random.Random(5), paytable=PROGRESSIVE) as session:
        session.machine.meters[PROGRESSIVE] = Fraction(5100)
        session._save()
    assert main(["analyze", PROGRESSIVE, "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["meter"] == 5100 and played["breakeven_meter"] > 5100 and played["rtp"] < 1
    assert main(["analyze", PROGRESSIVE, "--meter", str(played["breakeven_meter"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rtp"] >= 1
    assert main(["analyze", PROGRESSIVE]) == 0
    text = capsys.readouterr().out
    assert "Breakeven meter" in text and max(len(line) for line in text.splitlines()[-3:]) <= 80
    assert main(["analyze", "jacks-or-better-9-6", "--meter", "5000"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "has no progressive meter" in err


def test_a_copy_of_a_table_under_the_same_name_has_its_own_meter(isolated_home: Path) -> None:
    shipped = resolve_paytable(PROGRESSIVE)
    assert shipped.source is not None
    (isolated_home / "paytables").mkdir(parents=True)
    copy = isolated_home / "paytables" / "my-progressive.yaml"
    copy.write_text(shipped.source.read_text())  # the same name, "Bonus Poker 8/5 Progressive"
    with Session.open(isolated_home, random.Random(6), paytable=str(copy)) as session:
        session.bet_max()
        session.draw()
        assert session.state().meter == BASE + RATE * 5
        session.switch_paytable(shipped)
        assert session.state().meter == BASE  # one file, one meter


@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild-nsu", "double-double-bonus-9-6",
                                  "joker-poker-kings", "sevens-and-joker-wild-macau"])
def test_the_breakeven_meter_is_exact_in_every_family(name: str) -> None:
    """Any table made progressive on its top hand: the tangent search lands on the least whole meter."""
    table = resolve_paytable(name)
    hand = table.game.paying[0]
    table = replace(table, progressive=Progressive(hand, table.pays[hand][-1], RATE))
    breakeven = breakeven_meter(table)
    assert breakeven is not None  # below the fixed pay where the table already pays over 100% (kings)
    assert analyze(table.at_meter(breakeven)).rtp >= 1 > analyze(table.at_meter(breakeven - 1)).rtp


def test_a_jackpot_hit_on_a_round_read_back_from_the_wallet_resets_the_machines_meter(isolated_home: Path) -> None:
    """A round read back after a restart carries its pays, not its file: it must still name its
    table as the machine does, or the reset meter lands under another name and the jackpot shows
    (and pays) again on the next deal."""
    name = "bonus-poker-8-5-progressive"
    paytable = resolve_paytable(name)
    with Session.open(isolated_home, random.Random(1), name) as session:
        session.deal()
        meter = session.state().meter
        assert meter is not None
        session.machine.round = Round(paytable, 5, parse_hand("Ah Kh Qh Jh Th"), (True,) * 5, meter=meter,
                                      reference=name)
        session._save()
    with Session.open(isolated_home, random.Random(2)) as session:  # as after a kill -9
        state = session.draw()
        assert state.last is not None and state.last.category == "royal_flush" and state.last.win == int(meter)
        assert set(session.machine.meters) == {name}
        assert state.meter == paytable.progressive.base if paytable.progressive else False
