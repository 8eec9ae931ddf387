"""The ledger: every settled round on record exactly once, its books equal to the wallet's, and
its expected figures exact."""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing
from fractions import Fraction
from pathlib import Path

import pytest

from videopoker.analysis.solve.hint import best_holds
from videopoker.errors import StateError
from videopoker.ledger.report import history
from videopoker.ledger.store import LEDGER_NAME, SCHEMA, DamagedLedger, Ledger
from videopoker.machine.game import Phase
from videopoker.machine.training import judge, warm
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session

WALLETS = Path(__file__).parent / "wallets"


def play(session: Session, rounds: int) -> None:
    """Hold the first two cards of every deal: a fixed, often wrong, play."""
    for _ in range(rounds):
        if session.can_refill:
            session.refill()
        session.bet_max()
        session.toggle_hold(0)
        session.toggle_hold(1)
        session.draw()


def rows(home: Path, sql: str) -> list[tuple[object, ...]]:
    ledger = Ledger.open(home, create=False)
    assert ledger is not None
    try:
        return ledger.query(sql)
    finally:
        ledger.close()


def test_every_round_is_on_record_once_and_the_books_balance(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(4)) as session:
        play(session, 12)
        session.set_hands(10)
        play(session, 6)
        session.switch_paytable(resolve_paytable("deuces-wild-full-pay"))
        session.set_hands(3)
        play(session, 5)
        session.bet_max()  # a round in play: its bet is on neither side yet
        games, credits = session.history.games, session.machine.credits
    report = history(isolated_home)
    assert report.total.rounds == games == 23
    assert report.total.hands == 12 + 60 + 15
    assert [number for (number,) in rows(isolated_home, "SELECT number FROM rounds ORDER BY id")] == list(
        range(1, games + 1))
    assert report.balance is not None and report.balance.balanced
    assert report.balance.credits == credits and report.balance.in_play == 3 * 5
    assert {table.paytable.name for table in report.tables} == {"Jacks or Better 9/6", "Deuces Wild Full Pay"}
    for table in report.tables:
        assert sum(count.count for count in table.categories) == table.tally.hands
        assert sum(count.expected for count in table.categories) == pytest.approx(table.tally.hands)


def test_refills_stand_apart_in_the_books(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(2), hands=100) as session:
        for _ in range(2000):  # 100-hand rounds empty the meter fast; single hands finish it
            if session.can_refill:
                session.refill()
                break
            if session.machine.credits < session.machine.hands:
                session.set_hands(1)
            play(session, 1)
        play(session, 2)
        assert session.history.refills == 1
    books = history(isolated_home).balance
    assert books is not None and books.balanced and books.refills >= 1


def test_the_grades_are_the_trainers_exact_evs(isolated_home: Path) -> None:
    """Rounds drawn before the hint engine was ready are graded when the ledger is next read, with
    the same EVs the trainer gives; rounds drawn after are graded at the draw."""
    with Session.open(isolated_home, random.Random(8)) as session:
        play(session, 3)
        warm(session.machine.paytable)
        play(session, 3)
    history(isolated_home)
    assert rows(isolated_home, "SELECT count(*) FROM rounds WHERE ev IS NULL") == [(0,)]
    paytable = resolve_paytable("jacks-or-better-9-6")
    from videopoker.ledger.store import held_flags, unpack

    for dealt, held, ev, best, variance in rows(isolated_home, "SELECT dealt, held, ev, best_ev, variance FROM rounds"):
        decision = judge(paytable, 5, 1, unpack(dealt), held_flags(held))
        assert (ev, best, variance) == (float(decision.ev), float(decision.best_ev), float(decision.variance))


def test_a_one_hand_session_has_the_exact_percentile_of_its_hold(isolated_home: Path) -> None:
    """One round: the share of its hold's draws paying less, plus half of those paying the same."""
    with Session.open(isolated_home, random.Random(1)) as session:
        play(session, 1)
        outcome = session.history.recall[0]
    report = history(isolated_home)
    paytable = resolve_paytable("jacks-or-better-9-6")
    choice = next(c for c in best_holds(paytable, outcome.dealt) if c.held == outcome.held)
    pays = {category: paytable.pay(category, 5) for category in paytable.game.categories}
    below = sum(Fraction(n, choice.draws) for c, n in choice.outcomes.items() if pays[c] < outcome.win)
    tied = sum(Fraction(n, choice.draws) for c, n in choice.outcomes.items() if pays[c] == outcome.win)
    assert report.luck_method == "exact"
    assert report.luck_percentile == pytest.approx(float(below + tied / 2), abs=1e-9)


def test_a_round_the_ledger_missed_goes_on_record_at_the_next_start_or_read(isolated_home: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The program killed between the wallet's save and the ledger's: the wallet still holds the
    round, and `history` (beside a running game) or the next start writes it, once."""
    with Session.open(isolated_home, random.Random(6)) as session:
        play(session, 2)
        monkeypatch.setattr(Ledger, "record", lambda *args: (_ for _ in ()).throw(StateError("disk full")))
        play(session, 1)
        assert session.ledger_problem is not None and "disk full" in session.ledger_problem
        monkeypatch.undo()
        saved = json.loads((isolated_home / "wallet.json").read_text())["content"]
        assert [item["number"] for item in saved["unrecorded"]] == [3]
        assert history(isolated_home).total.rounds == 3  # read beside the game: caught up
        play(session, 1)
    with Session.open(isolated_home) as session:
        assert session.unrecorded == ()
    assert rows(isolated_home, "SELECT count(*), count(DISTINCT number) FROM rounds") == [(4, 4)]


def test_practice_never_enters_the_ledger(isolated_home: Path) -> None:
    session = Session.for_practice(random.Random(1))
    play(session, 3)
    assert not (isolated_home / LEDGER_NAME).exists()
    assert history(isolated_home).total.hands == 0


def test_an_old_wallet_goes_on_record_from_its_next_game(isolated_home: Path) -> None:
    isolated_home.mkdir(parents=True, exist_ok=True)
    (isolated_home / "wallet.json").write_text((WALLETS / "format-2-dealt.json").read_text())
    with Session.open(isolated_home, random.Random(3)) as session:
        before = session.history.games
        assert session.state().phase is Phase.DEALT
        session.draw()
        play(session, 2)
    report = history(isolated_home)
    assert report.total.rounds == 3 and report.balance is not None
    assert report.balance.start_game == before and report.balance.balanced


def test_a_damaged_ledger_is_asked_about_and_never_costs_the_wallet(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(5)) as session:
        play(session, 2)
        credits = session.machine.credits
    (isolated_home / LEDGER_NAME).write_bytes(b"this is not a database at all" * 200)
    for suffix in ("-wal", "-shm"):
        (isolated_home / f"{LEDGER_NAME}{suffix}").unlink(missing_ok=True)
    with pytest.raises(DamagedLedger, match="your wallet is not touched"):
        Session.open(isolated_home)
    assert Ledger.set_aside(isolated_home) is not None
    with Session.open(isolated_home) as session:
        assert session.machine.credits == credits
        play(session, 1)
    report = history(isolated_home)
    assert report.total.rounds == 1 and report.balance is not None and report.balance.balanced


def test_a_ledger_from_a_newer_version_is_left_alone(isolated_home: Path) -> None:
    isolated_home.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(isolated_home / LEDGER_NAME) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    with pytest.raises(StateError, match="newer videopoker"):
        Session.open(isolated_home)
    with sqlite3.connect(isolated_home / LEDGER_NAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA + 1,)
        assert connection.execute("SELECT count(*) FROM sqlite_master").fetchone() == (0,)


def test_a_hand_costs_few_bytes(isolated_home: Path) -> None:
    """The issue's budget is 100 bytes a hand; 100-hand rounds are far under it."""
    with Session.open(isolated_home, random.Random(9), hands=100) as session:
        session.machine.credits = 10**6
        for _ in range(30):
            session.bet_max()
            session.draw()
    ledger = Ledger.open(isolated_home)
    assert ledger is not None
    ledger.query("PRAGMA wal_checkpoint(TRUNCATE)")
    ledger.close()
    size = (isolated_home / LEDGER_NAME).stat().st_size
    assert size / 3000 < 60


def test_wild_card_families_are_recorded_and_graded(isolated_home: Path) -> None:
    for family in ("deuces-wild-full-pay", "joker-poker-kings"):
        with Session.open(isolated_home, random.Random(7), paytable=family) as session:
            play(session, 2)
    report = history(isolated_home)
    assert {table.paytable.game.key for table in report.tables} == {"deuces-wild", "joker-poker"}
    assert report.balance is not None and report.balance.balanced


def test_a_locked_ledger_holds_up_nothing(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program holding the ledger's write lock: the draw is settled and saved all the
    same, the player is told, and the round goes on record at the next draw once the lock is gone."""
    import videopoker.ledger.store as store

    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)
    with Session.open(isolated_home, random.Random(3)) as session:
        play(session, 1)
        holder = sqlite3.connect(isolated_home / LEDGER_NAME, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        play(session, 1)
        assert session.ledger_problem is not None and "busy" in session.ledger_problem
        saved = json.loads((isolated_home / "wallet.json").read_text())["content"]
        assert saved["history"]["games"] == 2 and [item["number"] for item in saved["unrecorded"]] == [2]
        holder.execute("ROLLBACK")
        holder.close()
        play(session, 1)
        assert session.ledger_problem is None and session.unrecorded == ()
    assert rows(isolated_home, "SELECT number FROM rounds ORDER BY number") == [(1,), (2,), (3,)]


def test_a_ledger_from_before_features_gains_their_columns_and_keeps_its_rounds(isolated_home: Path) -> None:
    from videopoker.ledger.store import _MIGRATIONS

    isolated_home.mkdir()
    with closing(sqlite3.connect(isolated_home / LEDGER_NAME)) as connection:
        for step, migration in enumerate(_MIGRATIONS[:3]):  # schema 3, as the last version wrote it
            connection.executescript(f"BEGIN; {migration} PRAGMA user_version={step + 1}; COMMIT;")
    with Session.open(isolated_home, random.Random(3)) as session:
        play(session, 2)
    assert rows(isolated_home, "PRAGMA user_version") == [(SCHEMA,)] and SCHEMA == 7
    assert rows(isolated_home, "SELECT count(*), count(multiplier) FROM rounds") == [(2, 0)]  # no feature: NULL
    assert rows(isolated_home, "SELECT count(prize), count(line) FROM hands") == [(0, 0)]


@pytest.mark.parametrize("table, hands", [("ultimate-x-jacks-or-better-8-6", 3),
                                          ("multi-strike-16x-bonus-poker-7-5", 1),
                                          ("big-times-draw-jacks-or-better-8-6", 1), ("jacks-or-better-9-6", 1)])
def test_a_round_resumed_from_the_wallet_is_recorded_under_its_tables_reference(isolated_home: Path, table: str,
                                                                               hands: int) -> None:
    """A round dealt, the game gone (a kill, or a switch of table at the next start), and drawn by
    the next session is one table with the rounds before it, not a second one under its name."""
    with Session.open(isolated_home, random.Random(8), paytable=table, hands=hands) as session:
        for _ in range(2):
            session.bet_max()
            while session.machine.round is not None:
                session.draw()
        session.bet_max()  # dealt, then the game is gone
    with Session.open(isolated_home, random.Random(9), paytable="deuces-wild-full-pay") as session:
        while session.machine.round is not None:  # a stack climbs on the table it was dealt on
            session.draw()
    report = history(isolated_home, table)
    assert [(record.reference, record.tally.rounds) for record in report.tables] == [(table, 3)]


def test_an_older_ledger_gets_its_tables_split_by_a_restart_joined_on_open(isolated_home: Path) -> None:
    """Schema 5 recorded a round resumed from the wallet under the table's display name: opening
    the ledger gives such a table of a shipped file's name and pays the file's stem, joined to the
    table already under it; a table no shipped file has is left as it was, and nothing fails."""
    with Session.open(isolated_home, random.Random(8), paytable="ultimate-x-jacks-or-better-8-6", hands=3) as session:
        play(session, 3)
    with Session.open(isolated_home, random.Random(8), paytable="jacks-or-better-9-6") as session:
        play(session, 1)
    with closing(sqlite3.connect(isolated_home / LEDGER_NAME)) as connection, connection:
        for reference, name, number in (("ultimate-x-jacks-or-better-8-6", None, 3),
                                         ("jacks-or-better-9-6", None, 4),
                                         ("ultimate-x-jacks-or-better-8-6", "My own 8/6", 2)):
            connection.execute("INSERT INTO tables (digest, reference, name, game, content) SELECT :digest, "
                               "coalesce(:name, name), coalesce(:name, name), game, "
                               "CASE WHEN :name IS NULL THEN content ELSE json_set(content, '$.name', :name) END "
                               "FROM tables WHERE reference = :reference",
                               {"digest": f"split-{number}", "name": name, "reference": reference})
            connection.execute("UPDATE rounds SET paytable = last_insert_rowid() WHERE number = ?", (number,))
        connection.execute("PRAGMA user_version = 5")
    assert {(record.reference, record.tally.rounds) for record in history(isolated_home).tables} == {
        ("ultimate-x-jacks-or-better-8-6", 2), ("jacks-or-better-9-6", 1), ("My own 8/6", 1)}
    Ledger.open(isolated_home).close()  # type: ignore[union-attr]
    assert rows(isolated_home, "PRAGMA user_version") == [(SCHEMA,)]
    assert rows(isolated_home, "SELECT reference, count(*) FROM rounds JOIN tables ON tables.id = paytable "
                               "GROUP BY reference ORDER BY reference") == [
        ("My own 8/6", 1), ("jacks-or-better-9-6", 1), ("ultimate-x-jacks-or-better-8-6", 2)]
    assert history(isolated_home, "jacks-or-better-9-6").total.rounds == 1
