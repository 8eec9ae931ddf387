"""The record under faults: a ledger locked, full, read-only or damaged never loses a round.

A round the ledger cannot take waits in the wallet; while :data:`MAX_UNRECORDED` wait the machine
stops dealing (it does not promise and forget), and deals again once the ledger takes them.  Each
fault here is SQLite's own: a lock another connection holds, a page limit (``database or disk is
full``), a connection made read-only, a file made immutable (where the file system lets us).
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from videopoker.errors import InsufficientCredit
from videopoker.ledger.report import history
from videopoker.ledger.store import LEDGER_NAME, WAL_BYTES, Ledger
from videopoker.machine.wallet_content import MAX_UNRECORDED
from videopoker.player import session as session_module
from videopoker.player.session import PLAY_PATIENCE, NotDealing, Session


@pytest.fixture(autouse=True)
def impatient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A locked ledger costs each draw the machine's patience: a hundredth of a second here."""
    monkeypatch.setattr(session_module, "PLAY_PATIENCE", 0.01)


def play_one(session: Session) -> bool:
    """One round held as the first two cards; False if the machine would not deal."""
    if session.can_refill:
        session.refill()
    try:
        session.bet_max()
    except NotDealing:
        return False
    except InsufficientCredit:  # too few credits for the max bet: one coin will do
        session.set_bet(1)
        session.deal()
    session.toggle_hold(0)
    session.toggle_hold(1)
    session.draw()
    return True


def ledger_numbers(home: Path) -> list[int]:
    ledger = Ledger.open(home, create=False)
    assert ledger is not None
    try:
        return [number for (number,) in ledger.query("SELECT number FROM rounds ORDER BY number")]
    finally:
        ledger.close()


@contextlib.contextmanager
def locked(home: Path) -> Iterator[None]:
    """Another program holds the ledger's write lock."""
    holder = sqlite3.connect(home / LEDGER_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@contextlib.contextmanager
def full(session: Session) -> Iterator[None]:
    """The ledger cannot grow by a page: SQLite's "database or disk is full"."""
    assert session.ledger is not None
    db = session.ledger._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")
    try:
        yield
    finally:
        db.execute("PRAGMA max_page_count=4294967294")


@contextlib.contextmanager
def read_only(session: Session) -> Iterator[None]:
    """The ledger refuses every write: SQLite's "attempt to write a readonly database"."""
    assert session.ledger is not None
    session.ledger._db.execute("PRAGMA query_only=1")
    try:
        yield
    finally:
        session.ledger._db.execute("PRAGMA query_only=0")


def test_no_round_is_dropped_while_the_ledger_is_locked(isolated_home: Path) -> None:
    """The issue's 110 hands on a ledger another program holds: 100 wait, the 101st deal is refused
    with the reason, and once the lock goes every round is on record and the books balance."""
    with Session.open(isolated_home, random.Random(11)) as session:
        assert play_one(session)
        with locked(isolated_home):
            dealt = [play_one(session) for _ in range(110)]
            assert dealt == [True] * MAX_UNRECORDED + [False] * 10
            assert session.waiting == MAX_UNRECORDED and session.tilted
            with pytest.raises(NotDealing, match=r"100 rounds wait .* busy .* none is lost"):
                session.deal()
        assert play_one(session)  # the lock is gone: the deal writes the 100, then deals
        assert session.waiting == 0 and session.ledger_problem is None
        games = session.history.games
    assert ledger_numbers(isolated_home) == list(range(1, games + 1)) and games == MAX_UNRECORDED + 2
    report = history(isolated_home)
    assert report.balance is not None and report.balance.balanced


def test_rounds_waiting_in_the_wallet_survive_a_restart(isolated_home: Path) -> None:
    """The tilted machine quit and started again: the 100 rounds come back from the wallet, go on
    record at the start and the machine deals."""
    with Session.open(isolated_home, random.Random(12)) as session, locked(isolated_home):
        while play_one(session):
            pass
        assert session.waiting == MAX_UNRECORDED
    with Session.open(isolated_home, random.Random(13)) as session:
        assert session.waiting == 0
        assert play_one(session)
        games = session.history.games
    assert ledger_numbers(isolated_home) == list(range(1, games + 1))


def test_the_write_ahead_log_stays_small_in_a_long_session(isolated_home: Path) -> None:
    """SQLite's default folds the log into the file only past 4 MiB; a small home fills first."""
    largest = 0
    wal = isolated_home / f"{LEDGER_NAME}-wal"
    with Session.open(isolated_home, random.Random(14), hands=10) as session:
        session.machine.credits = 10**6  # the books are not the point here
        for _ in range(60):
            play_one(session)
            largest = max(largest, wal.stat().st_size)
    assert largest <= 2 * WAL_BYTES


def test_a_draw_waits_no_longer_than_a_moment_for_a_locked_ledger(isolated_home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The busy timeout runs on the screen's thread: a draw must not wait SQLite's 5 s for it."""
    monkeypatch.setattr(session_module, "PLAY_PATIENCE", PLAY_PATIENCE)  # the machine's own, not the fixture's
    with Session.open(isolated_home, random.Random(15)) as session:
        assert session.ledger is not None
        timeout = session.ledger._db.execute("PRAGMA busy_timeout").fetchone()[0]
    assert timeout == round(PLAY_PATIENCE * 1000) <= 250


Fault = Callable[[Session, Path], contextlib.AbstractContextManager[None]]
FAULTS: dict[str, Fault] = {
    "locked": lambda session, home: locked(home),
    "full": lambda session, home: full(session),
    "read-only": lambda session, home: read_only(session),
}


def test_chaos_300_hands_with_the_ledger_locked_full_and_read_only_by_turns(isolated_home: Path) -> None:
    """The issue's chaos test: 300 hands dealt while the ledger is locked, full and read-only by
    turns (one fault long enough to stop the machine), and the books balance at the end."""
    turns = [(None, 20), ("locked", 40), (None, 10), ("full", 45), ("read-only", 40), (None, 5),
             ("locked", MAX_UNRECORDED + 5), (None, 25), ("read-only", 30), ("full", 30), (None, 10)]
    assert sum(hands for _, hands in turns) > 300
    dealt = refused = 0
    with Session.open(isolated_home, random.Random(16)) as session:
        for fault, hands in turns:
            with FAULTS[fault](session, isolated_home) if fault else contextlib.nullcontext():
                for _ in range(hands):
                    if play_one(session):
                        dealt += 1
                    else:
                        refused += 1
                        assert session.tilted
                    assert session.waiting <= MAX_UNRECORDED
        while session.waiting:  # the ledger back: the next deal puts every waiting round on record
            assert play_one(session)
            dealt += 1
        games = session.history.games
    assert dealt == games >= 300 and refused > 0
    assert ledger_numbers(isolated_home) == list(range(1, games + 1))
    report = history(isolated_home)
    assert report.total.rounds == games
    assert report.balance is not None and report.balance.balanced, report.balance.text()


def _immutable(paths: list[Path], on: bool) -> bool:
    try:
        result = subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], capture_output=True)
    except FileNotFoundError:
        return False
    return result.returncode == 0


def test_an_immutable_ledger_as_the_issue_made_it_drops_nothing(isolated_home: Path) -> None:
    """``chattr +i ledger.sqlite ledger.sqlite-wal`` under a running game, then released."""
    with Session.open(isolated_home, random.Random(17)) as session:
        assert play_one(session)
        files = [isolated_home / LEDGER_NAME, isolated_home / f"{LEDGER_NAME}-wal"]
        if not _immutable(files, True):
            pytest.skip("this file system or user cannot make a file immutable")
        try:
            dealt = [play_one(session) for _ in range(110)]
        finally:
            _immutable(files, False)
        assert dealt.count(True) <= MAX_UNRECORDED + 1
        while session.waiting or play_one(session) is False:
            assert play_one(session)
        games = session.history.games
    assert ledger_numbers(isolated_home) == list(range(1, games + 1))
    report = history(isolated_home)
    assert report.balance is not None and report.balance.balanced, report.balance.text()
