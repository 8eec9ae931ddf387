"""Every settled round in SQLite: ``$VIDEOPOKER_HOME/ledger.sqlite``.

The wallet stays the source of truth (it already survives kill -9 and power cuts with one atomic
file); the ledger follows it.  A round is written to the wallet first, in its list of rounds not
yet on record, then appended here in one transaction, keyed by (wallet, game number) so a second
write of it changes nothing; the wallet lets go of it at its next save.  Whatever stops the
program between the two writes, the round is still in the wallet and the next start (or
``videopoker history``) writes it.  Commits are synchronous (``synchronous=FULL`` on a WAL
journal): once a round is on record here a power cut cannot take it back, which is what lets the
wallet forget it.

Rows are small on purpose (a hand is about 20 bytes): cards packed six bits each into one
integer, the category as its place in the table's game, the table's pays once in ``tables``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from videopoker.deck.cards import Card
from videopoker.errors import StateError
from videopoker.machine.settled import Doubled, Settled
from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json
from videopoker.paytable import Paytable

LEDGER_NAME = "ledger.sqlite"
#: The schema this program writes; each step of :data:`_MIGRATIONS` brings a file one version on.
SCHEMA = 5
#: How long a write waits for a reader or writer elsewhere before saying the ledger is busy.
BUSY_SECONDS = 5.0
#: The write-ahead log is folded into the file once it holds this many pages (4 KiB each) ...
CHECKPOINT_PAGES = 16
#: ... and cut back to this size when it starts over: a long session never grows it past about
#: 64 KiB, where SQLite's default lets it reach 4 MiB before the first fold, a small home's room.
WAL_BYTES = 64 * 1024

_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE wallets (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        opened_at INTEGER NOT NULL,      -- milliseconds since the epoch
        start_game INTEGER NOT NULL,     -- games the wallet had played before its record began
        start_credits INTEGER NOT NULL,  -- its credit meter then
        start_refills INTEGER NOT NULL   -- its refills then
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        digest TEXT NOT NULL UNIQUE,     -- of the reference and the pays: an edited file is a new table
        reference TEXT NOT NULL,         -- a shipped table's stem, else the file's path
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        content TEXT NOT NULL            -- the whole table as the wallet writes it
    );
    CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        wallet INTEGER NOT NULL REFERENCES wallets,
        number INTEGER NOT NULL,         -- the wallet's game number
        at INTEGER NOT NULL,             -- milliseconds since the epoch
        paytable INTEGER NOT NULL REFERENCES tables,
        bet INTEGER NOT NULL,            -- coins per hand
        hands INTEGER NOT NULL,
        dealt INTEGER NOT NULL,          -- five card indexes, six bits each
        held INTEGER NOT NULL,           -- bit p: the card dealt in place p was held
        win INTEGER NOT NULL,
        credits_after INTEGER NOT NULL,
        ev REAL,                         -- per coin, at the hold made; NULL until graded
        best_ev REAL,                    -- per coin, at the best hold
        variance REAL,                   -- of one hand's pay per coin, at the hold made
        UNIQUE (wallet, number)
    );
    CREATE TABLE hands (
        round INTEGER NOT NULL,
        hand INTEGER NOT NULL,           -- 0 is the dealt hand's own line
        final INTEGER NOT NULL,          -- five card indexes, six bits each
        category INTEGER NOT NULL,       -- its place in the table's game categories
        win INTEGER NOT NULL,
        PRIMARY KEY (round, hand)
    ) WITHOUT ROWID;
    """,
    """
    ALTER TABLE rounds ADD COLUMN meter INTEGER;  -- a progressive meter's whole credits, when in play
    """,
    """
    CREATE TABLE doubles (
        wallet INTEGER NOT NULL REFERENCES wallets,
        number INTEGER NOT NULL,         -- the round whose win it gambled
        step INTEGER NOT NULL,           -- 0 for its first double
        dealer INTEGER NOT NULL,         -- the dealer's card's index
        cards INTEGER NOT NULL,          -- the four face-down cards, six bits each
        picked INTEGER NOT NULL,         -- 0..3
        stake_before INTEGER NOT NULL,
        stake_after INTEGER NOT NULL,
        PRIMARY KEY (wallet, number, step)
    ) WITHOUT ROWID;
    """,
    """
    ALTER TABLE rounds ADD COLUMN multiplier INTEGER;  -- at a feature bet, the deal's multiplier
    ALTER TABLE hands ADD COLUMN prize INTEGER;        -- a wheel's prize in the hand's win, if it spun
    """,
    """
    ALTER TABLE hands ADD COLUMN line INTEGER;  -- Ultimate X: the line's multiplier, the hand's win paid at it
    """,
)


class DamagedLedger(StateError):
    """The ledger file is not a database this program can trust; ``aside`` is its copy, if made."""

    def __init__(self, message: str, aside: Path | None = None) -> None:
        super().__init__(message)
        self.aside = aside


def pack(cards: Sequence[Card]) -> int:
    return sum(card.index << 6 * place for place, card in enumerate(cards))


def unpack(packed: int) -> tuple[Card, ...]:
    return tuple(Card(packed >> 6 * place & 63) for place in range(5))


def held_mask(held: Sequence[bool]) -> int:
    return sum(1 << place for place, keep in enumerate(held) if keep)


def held_flags(mask: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> place & 1) for place in range(5))


def milliseconds(seconds: float) -> int:
    return round(seconds * 1000)


class Ledger:
    """One open ledger file; every failure is a :class:`StateError` fit to show as it is."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._wallets: dict[str, int] = {}
        self._tables: dict[str, int] = {}

    # -- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: Path, *, create: bool = True) -> Ledger | None:
        """The ledger of ``home``, migrated to :data:`SCHEMA`; ``None`` if it is absent and not
        ``create``.  :class:`DamagedLedger` if it is not a ledger, :class:`StateError` if it is a
        link or a special file, was written by a newer videopoker, or is busy."""
        path = home / LEDGER_NAME
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            if not create:
                return None
        except OSError as error:
            raise StateError(f"{path}: cannot read: {error.strerror or error}") from None
        else:
            if stat.S_ISLNK(status.st_mode) or not stat.S_ISREG(status.st_mode):
                raise StateError(f"{path} is not a plain file; move it away and videopoker starts a new ledger")
        try:
            connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as error:
            raise StateError(f"{path}: cannot open the ledger: {error}; set VIDEOPOKER_HOME to a folder "
                             "you can write") from None
        ledger = cls(path, connection)
        try:
            with ledger._guard("open"):
                ledger._prepare()
        except BaseException:
            connection.close()
            raise
        return ledger

    def _prepare(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            raise StateError(f"{self.path} was written by a newer videopoker (schema {version}; this one "
                             f"reads 1..{SCHEMA}); upgrade videopoker to add to it. The file is left as it is.")
        if version == 0 and self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise self._damaged("is an SQLite database but not a videopoker ledger")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
        self._db.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")
        self._db.execute("PRAGMA foreign_keys=ON")
        for step in range(version, SCHEMA):
            try:
                self._db.executescript(f"BEGIN IMMEDIATE; {_MIGRATIONS[step]} PRAGMA user_version={step + 1}; COMMIT;")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def wait_at_most(self, seconds: float) -> None:
        """How long a write waits from now on for a lock held elsewhere before the ledger is busy
        (:data:`BUSY_SECONDS` at first).  The machine waits little: its rounds wait safely in the
        wallet meanwhile, and SQLite's wait would freeze the screen."""
        self._db.execute(f"PRAGMA busy_timeout={round(seconds * 1000)}")

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    @staticmethod
    def set_aside(home: Path) -> Path | None:
        """Move a damaged ledger (and its journal) aside so a new one can start; where it went."""
        path = home / LEDGER_NAME
        aside = path.with_name(f"{LEDGER_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            shutil.move(path, aside)
        except OSError:
            return None
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.remove(f"{path}{suffix}")
        return aside

    # -- failures --------------------------------------------------------------------------------

    def _damaged(self, problem: str) -> DamagedLedger:
        return DamagedLedger(f"{self.path} {problem}; your wallet is not touched: videopoker (the game) offers "
                             "to set it aside and begin a new ledger")

    @contextlib.contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """SQLite's failures as one line each: busy, full, read-only, damaged."""
        try:
            yield
        except sqlite3.OperationalError as error:
            text = str(error)
            if "locked" in text or "busy" in text:
                raise StateError(f"{self.path} is busy (another program holds it); try again in a moment") from None
            if "not a database" in text or "malformed" in text:
                raise self._damaged("is damaged") from None
            raise StateError(f"{self.path}: cannot {doing} the ledger: {text}") from None
        except sqlite3.DatabaseError as error:
            raise self._damaged(f"is damaged ({error})") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- writing ---------------------------------------------------------------------------------

    def begin_wallet(self, wallet: str, games: int, credits: int, refills: int) -> None:
        """Put a wallet on record from its next game on, unless it is already (then nothing changes)."""
        with self._guard("write"), self._transaction():
            self._db.execute("INSERT OR IGNORE INTO wallets (uuid, opened_at, start_game, start_credits, "
                             "start_refills) VALUES (?, ?, ?, ?, ?)",
                             (wallet, milliseconds(time.time()), games, credits, refills))

    def record(self, wallet: str, rounds: Sequence[Settled], doubles: Sequence[Doubled] = ()) -> None:
        """Append ``rounds`` of ``wallet`` and the ``doubles`` of their wins in one transaction; one
        already here is left as it is."""
        if not rounds and not doubles:
            return
        with self._guard("write"), self._transaction():
            wallet_id, start = self._wallet(wallet)
            for settled in rounds:
                if settled.number > start:
                    self._append(wallet_id, settled)
            self._db.executemany(
                "INSERT OR IGNORE INTO doubles (wallet, number, step, dealer, cards, picked, stake_before, "
                "stake_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(wallet_id, item.number, item.index, item.step.dealer.index, pack(item.step.cards), item.step.picked,
                  item.step.stake_before, item.step.stake_after) for item in doubles if item.number > start])

    def _wallet(self, wallet: str) -> tuple[int, int]:
        row = self._db.execute("SELECT id, start_game FROM wallets WHERE uuid = ?", (wallet,)).fetchone()
        if row is None:
            raise StateError(f"{self.path} has no record of this wallet; restart videopoker to begin one")
        return row[0], row[1]

    def _table(self, reference: str, paytable: Paytable) -> int:
        content = json.dumps(paytable_to_json(paytable), separators=(",", ":"))  # in order: it orders the hands
        digest = hashlib.sha256(f"{reference}\n{content}".encode()).hexdigest()[:32]
        known = self._tables.get(digest)
        if known is not None:
            return known
        self._db.execute("INSERT OR IGNORE INTO tables (digest, reference, name, game, content) "
                         "VALUES (?, ?, ?, ?, ?)", (digest, reference, paytable.name, paytable.game.key, content))
        table_id: int = self._db.execute("SELECT id FROM tables WHERE digest = ?", (digest,)).fetchone()[0]
        self._tables[digest] = table_id
        return table_id

    def _append(self, wallet_id: int, settled: Settled) -> None:
        outcome, grade = settled.outcome, settled.grade
        graded = (None, None, None) if grade is None else (float(grade.ev), float(grade.best_ev),
                                                            float(grade.variance))
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO rounds (wallet, number, at, paytable, bet, hands, dealt, held, win, "
            "credits_after, ev, best_ev, variance, meter, multiplier) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (wallet_id, settled.number, milliseconds(settled.at), self._table(settled.reference, settled.paytable),
             outcome.bet, outcome.hands, pack(outcome.dealt), held_mask(outcome.held), outcome.win,
             outcome.credits_after, *graded, settled.meter,
             outcome.multiplier if settled.paytable.plays_feature(outcome.bet) else None))
        if cursor.rowcount == 0:
            return  # on record already
        place = settled.paytable.game.categories.index
        lines = outcome.lines or (None,) * len(outcome.results)
        self._db.executemany("INSERT INTO hands (round, hand, final, category, win, prize, line) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)",
                             [(cursor.lastrowid, hand, pack(result.final), place(result.category), result.win,
                               result.prize or None, line)
                              for hand, (result, line) in enumerate(zip(outcome.results, lines))])

    def grade(self, grades: Sequence[tuple[int, float, float, float]]) -> None:
        """Write (round id, ev, best_ev, variance) for rounds recorded before they could be graded."""
        with self._guard("write"), self._transaction():
            self._db.executemany("UPDATE rounds SET ev = ?, best_ev = ?, variance = ? WHERE id = ?",
                                 [(ev, best, variance, round_id) for round_id, ev, best, variance in grades])

    # -- reading ---------------------------------------------------------------------------------

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query (the report's); failures as one line like every other."""
        with self._guard("read"):
            return self._db.execute(sql, parameters).fetchall()

    def tables(self) -> dict[int, tuple[str, Paytable]]:
        """Every table on record by id: its reference and its pays as they were played."""
        result = {}
        for table_id, reference, content in self.query("SELECT id, reference, content FROM tables"):
            try:
                result[table_id] = (reference, paytable_from_json(json.loads(content), f"tables[{table_id}]"))
            except ValueError as error:
                raise self._damaged(f"holds a table that cannot be read ({error})") from None
        return result
