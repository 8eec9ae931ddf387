"""`videopoker history`: the ledger's figures on the command line, as text for 80 columns, JSON and CSV."""

from __future__ import annotations

import csv
import json
import os
import random
import shutil
import subprocess
import sys
import threading
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


def test_a_wallet_it_refuses_is_said_in_one_line(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The books cannot be checked against a wallet changed by hand: the report says so and why."""
    played(isolated_home)
    wallet = isolated_home / "wallet.json"
    document = json.loads(wallet.read_text())
    document["content"]["credits"] += 500
    wallet.write_text(json.dumps(document))
    code, out, _ = run(capsys, "history")
    said = [line for line in out.splitlines() if line.startswith("Books")]
    assert code == 0 and len(said) == 1
    assert said[0].startswith("Books not checked: the wallet cannot be read:") and "checksum" in said[0]
    _, out, _ = run(capsys, "history", "--json")
    assert json.loads(out)["wallet"] is None and "checksum" in json.loads(out)["notes"][0]


# -- a read-only ledger: a backup, an auditor's copy --------------------------------------------

def read_only_history(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``videopoker history`` on ``home`` where nothing can be written: its folder and files
    read-only to a user, or, as root (whom permission bits do not stop), a read-only bind mount
    of it in a mount namespace of the command's own."""
    command = [sys.executable, "-m", "videopoker", "history", *argv]
    environment = {**os.environ, "VIDEOPOKER_HOME": str(home)}
    if os.geteuid() != 0:
        modes = {path: path.stat().st_mode for path in [home, *home.iterdir()]}
        for path in modes:
            path.chmod(modes[path] & ~0o222)
        try:
            return subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300)
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
    if shutil.which("unshare") is None or subprocess.run(["unshare", "--mount", "true"],
                                                         capture_output=True).returncode != 0:
        pytest.skip("as root, a read-only folder needs a mount namespace (unshare --mount), not permitted here")
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'
    return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script, str(home),
                           *command], capture_output=True, text=True, env=environment, timeout=300)


def files_of(home: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(home.iterdir()) if path.is_file()}


def test_a_read_only_ledger_is_reported_and_left_as_it_is(isolated_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    credits = played(isolated_home)
    assert not (isolated_home / f"{LEDGER_NAME}-wal").exists()  # the game closed: the file is the record
    before = files_of(isolated_home)
    done = read_only_history(isolated_home, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["hands"] == 16 and report["wallet"]["balanced"] and report["wallet"]["credits"] == credits
    assert files_of(isolated_home) == before
    done = read_only_history(isolated_home)
    assert done.returncode == 0 and "Books balance" in done.stdout, done.stderr


def test_a_read_only_copy_of_a_killed_game_reads_its_journal_and_its_wallets_rounds(
        isolated_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy taken while a game played (rounds in the ledger's journal, no index beside it) and
    one round only in the wallet (the ledger could not take it): all counted, none written."""
    from videopoker.errors import StateError
    from videopoker.ledger.store import Ledger

    copy = tmp_path / "copy"
    with Session.open(isolated_home, random.Random(5)) as session:
        for _ in range(4):
            session.bet_max()
            session.draw()
        monkeypatch.setattr(Ledger, "record", lambda *args: (_ for _ in ()).throw(StateError("disk full")))
        session.bet_max()
        session.draw()
        monkeypatch.undo()
        copy.mkdir()
        for name in ("wallet.json", LEDGER_NAME, f"{LEDGER_NAME}-wal"):
            shutil.copyfile(isolated_home / name, copy / name)
        credits = session.machine.credits
    assert (copy / f"{LEDGER_NAME}-wal").stat().st_size > 0
    done = read_only_history(copy, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["rounds"] == 5 and report["wallet"]["balanced"] and report["wallet"]["credits"] == credits
    assert report["notes"][0].startswith("1 round the wallet holds for the ledger are counted here but not yet "
                                         "on record")
    assert sorted(path.name for path in copy.iterdir()) == sorted(["wallet.json", LEDGER_NAME, f"{LEDGER_NAME}-wal"])


# -- the books beside a game that plays ---------------------------------------------------------

def test_the_books_never_cry_wolf_while_a_game_plays(isolated_home: Path) -> None:
    """History run again and again while another thread plays: each check reads the wallet and the
    ledger at one moment, so the books balance (or are left unchecked, saying why), never
    "DO NOT BALANCE"."""
    from videopoker.ledger.report import history

    with Session.open(isolated_home, random.Random(2)) as session:
        session.bet_max()
        session.draw()
    finished = threading.Event()
    failures: list[BaseException] = []

    def play() -> None:
        try:
            with Session.open(isolated_home, random.Random(3)) as session:
                for _ in range(120):
                    if session.can_refill:
                        session.refill()
                    session.bet_max()
                    session.toggle_hold(0)
                    session.draw()
        except BaseException as error:  # told by the assertion after the join
            failures.append(error)
        finally:
            finished.set()

    player = threading.Thread(target=play)
    player.start()
    checks = []
    try:
        for _ in range(400):  # bounded: the player ends well before
            report = history(isolated_home)
            checks.append(report.balance.text() if report.balance else "")
            if finished.is_set():
                break
    finally:
        player.join(timeout=300)
    assert not failures and finished.is_set()
    assert len(checks) >= 3
    assert not [text for text in checks if "DO NOT BALANCE" in text]
    assert any(text.startswith("Books balance") for text in checks)


def test_history_says_the_lifetime_risk_from_the_credits_on_the_meter(isolated_home: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from videopoker.analysis import analyze
    from videopoker.analysis.session.bankroll import lifetime_of
    from videopoker.analysis.session.rounds import round_law

    credits = played(isolated_home)  # the wallet plays 5 hands a round of Deuces Wild next
    code, out, _ = run(capsys, "history", "--json")
    standing = json.loads(out)["standing"]
    rounds = lifetime_of(round_law(resolve_paytable("deuces-wild-full-pay"), 5, 5))
    assert standing["hands"] == 5 and standing["risk_bounds"] == list(rounds.risk(credits))
    with Session.open(isolated_home, random.Random(3)) as session:
        session.set_hands(1)
    code, out, _ = run(capsys, "history", "--json")
    standing = json.loads(out)["standing"]
    deuces = lifetime_of(analyze(resolve_paytable("deuces-wild-full-pay")))
    assert standing["credits"] == credits and standing["paytable"] == "Deuces Wild Full Pay"
    assert standing["risk_bounds"] == list(deuces.risk(credits)) and 0 < standing["risk"] < 1  # a positive game
    code, out, _ = run(capsys, "history")
    line = next(line for line in out.splitlines() if line.startswith("From your"))
    assert code == 0 and "broke some day" in line and len(line) <= 80
