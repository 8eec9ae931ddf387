"""`videopoker history`: the ledger's figures on the command line, as text for 80 columns, JSON and CSV."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from rich.cells import cell_len

from videopoker.cli import main
from videopoker.ledger.store import LEDGER_NAME
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def played(home: Path) -> int:
    """Six one-hand rounds on 9/6 and two 5-hand rounds on Deuces Wild; the credits after."""
    with Session.open(home, random.Random(12)) as session:
        for _ in range(6):
            session.bet_max()
            session.toggle_hold(2)
            session.draw()
        session.switch_paytable(resolve_paytable("deuces-wild-full-pay"))
        session.set_hands(5)
        for _ in range(2):
            session.bet_max()
            session.draw()
        return session.machine.credits


def test_nothing_on_record_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "history")
    assert code == 0 and out.startswith("No hands on record yet")
    code, out, _ = run(capsys, "history", "--json")
    assert code == 0 and json.loads(out)["hands"] == 0


def test_json_counts_every_hand_and_its_net_is_the_wallets(isolated_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    credits = played(isolated_home)
    code, out, _ = run(capsys, "history", "--json")
    report = json.loads(out)
    assert code == 0 and report["hands"] == 16 and report["rounds"] == 8
    assert 1000 + report["coin_out"] - report["coin_in"] == credits
    assert report["wallet"]["balanced"] and report["wallet"]["credits"] == credits
    assert {table["paytable"] for table in report["tables"]} == {"Jacks or Better 9/6", "Deuces Wild Full Pay"}
    assert report["ev_lost"] == pytest.approx(report["perfect_return"] * report["coin_in"]
                                              - report["expected_return"] * report["coin_in"])
    assert 0 <= report["luck_percentile"] <= 1 and report["luck_method"] == "exact"
    nine_six = next(table for table in report["tables"] if table["reference"] == "jacks-or-better-9-6")
    assert sum(c["count"] for c in nine_six["categories"].values()) == nine_six["hands"] == 6


def test_paytable_and_since_choose_the_hands(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played(isolated_home)
    _, out, _ = run(capsys, "history", "--paytable", "deuces-wild-full-pay", "--json")
    assert json.loads(out)["hands"] == 10
    _, out, _ = run(capsys, "history", "--paytable", "Jacks or Better 9/6", "--json")
    assert json.loads(out)["hands"] == 6
    _, out, _ = run(capsys, "history", "--since", "2999-01-01", "--json")
    assert json.loads(out)["hands"] == 0


@pytest.mark.parametrize("argv, says", [
    (("--paytable", "bonus-poker-8-5"), "no hands on record on 'bonus-poker-8-5'; on record: deuces-wild-full-pay"),
    (("--since", "last tuesday"), "--since 'last tuesday' is not a date"),
])
def test_a_bad_choice_is_one_line(isolated_home: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                  says: str) -> None:
    played(isolated_home)
    code, out, err = run(capsys, "history", *argv)
    assert code == 1 and out == "" and len(err.splitlines()) == 1 and says in err


def test_the_text_fits_80_columns(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played(isolated_home)
    code, out, _ = run(capsys, "history")
    assert code == 0 and "Books balance" in out and "Luck:" in out
    assert max(cell_len(line) for line in out.splitlines()) <= 80


def test_csv_has_a_row_for_every_hand(isolated_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played(isolated_home)
    target = tmp_path / "hands.csv"
    code, out, _ = run(capsys, "history", "--csv", str(target))
    assert code == 0 and out.startswith("16 hands written to")
    with target.open(newline="") as file:
        table = list(csv.DictReader(file))
    assert len(table) == 16 and {row["coins"] for row in table} == {"5"}
    assert sum(int(row["win"]) for row in table) == json.loads(run(capsys, "history", "--json")[1])["coin_out"]


def test_a_damaged_ledger_is_one_line(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played(isolated_home)
    (isolated_home / LEDGER_NAME).write_bytes(b"\0garbage" * 1000)
    for suffix in ("-wal", "-shm"):
        (isolated_home / f"{LEDGER_NAME}{suffix}").unlink(missing_ok=True)
    code, _, err = run(capsys, "history")
    assert code == 1 and len(err.splitlines()) == 1 and "your wallet is not touched" in err
