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

A report only reads (:meth:`Ledger.read`): it opens the file read-only, so a backup, an auditor's
read-only copy or a full disk can be reported on.  Where SQLite cannot even open it so (a read-only
folder or a full disk leaves no room for the journal's shared-memory index) it reads a snapshot:
the file alone when nothing waits in its journal (``-wal``), else a copy of the file and its
journal in a temporary folder, so a round committed to the journal is never left out.  An older
schema is brought up to date in that snapshot, in memory; the file is left as it is.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from videopoker.deck.cards import Card
from videopoker.errors import StateError, VideoPokerError
from videopoker.machine.settled import Doubled, Settled
from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json
from videopoker.paytable import Paytable
from videopoker.paytable.names import SHIPPED_DIR
from videopoker.paytable.remembered import load_paytable

LEDGER_NAME = "ledger.sqlite"
#: The schema this program writes; each step of :data:`_MIGRATIONS` brings a file one version on.
SCHEMA = 7
#: How long a write waits for a reader or writer elsewhere before saying the ledger is busy.
BUSY_SECONDS = 5.0
#: The write-ahead log is folded into the file once it holds this many pages (4 KiB each) ...
CHECKPOINT_PAGES = 16
#: ... and cut back to this size when it starts over: a long session never grows it past about
#: 64 KiB, where SQLite's default lets it reach 4 MiB before the first fold, a small home's room.
WAL_BYTES = 64 * 1024

def _digest(reference: str, content: str) -> str:
    """A table's key in ``tables``: its reference and its pays (an edited file is a new table)."""
    return hashlib.sha256(f"{reference}\n{content}".encode()).hexdigest()[:32]


def _content(paytable: Paytable) -> str:
    """A table's pays as ``tables.content`` keeps them, in order (the order is the hands' order)."""
    return json.dumps(paytable_to_json(paytable), separators=(",", ":"))


def _shipped_stem(name: str, content: str) -> str | None:
    """The shipped table of this display name and these very pays, if one is."""
    for file in sorted(SHIPPED_DIR.glob("*.yaml")):
        try:
            if name not in file.read_text(encoding="utf-8"):  # most files are passed over unparsed
                continue
            paytable = load_paytable(file)
        except (OSError, UnicodeDecodeError, VideoPokerError):
            continue
        if paytable.name == name and _content(paytable) == content:
            return file.stem
    return None


def _round_states(db: sqlite3.Connection) -> None:
    """Schema 7: each round keeps the state its kind dealt it under, as JSON (Bonus Streak's queues,
    Shockwave's hands left), so a round is graded later as it was played; rounds before it have none."""
    if not any(column[1] == "state" for column in db.execute("PRAGMA table_info(rounds)")):
        db.execute("ALTER TABLE rounds ADD COLUMN state TEXT")


def _references_for_names(db: sqlite3.Connection) -> None:
    """Schema 6: a round resumed from the wallet was recorded under its table's display name
    ("Ultimate X Jacks or Better 8/6") instead of its reference, a second table beside the first;
    such a table of a shipped file's name and pays takes the file's stem, joined to the table
    already under it.  Any other (a player's own table, pays no shipped file has) is left as it is."""
    for table_id, reference, content in db.execute("SELECT id, reference, content FROM tables").fetchall():
        if os.path.isabs(reference) or (SHIPPED_DIR / f"{reference}.yaml").is_file():
            continue  # a player's file by its path, or a shipped one by its stem (names have slashes: 9/6)
        stem = _shipped_stem(reference, content)
        if stem is None:
            continue
        digest = _digest(stem, content)
        row = db.execute("SELECT id FROM tables WHERE digest = ?", (digest,)).fetchone()
        if row is None:
            db.execute("UPDATE tables SET reference = ?, digest = ? WHERE id = ?", (stem, digest, table_id))
        else:
            db.execute("UPDATE rounds SET paytable = ? WHERE paytable = ?", (row[0], table_id))
            db.execute("DELETE FROM tables WHERE id = ?", (table_id,))


_MIGRATIONS: tuple[str | Callable[[sqlite3.Connection], None], ...] = (
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
    _references_for_names,
    _round_states,
)
#: SQLite's primary result codes for a file it cannot open read-only where it lies (no room, or
#: no right, for its journal's index): a report then reads a snapshot.
_CANNOT_OPEN_HERE = {sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_FULL,
                     sqlite3.SQLITE_PERM}


def _damaged(path: Path, problem: str) -> DamagedLedger:
    return DamagedLedger(f"{path} {problem}; your wallet is not touched: videopoker (the game) offers "
                         "to set it aside and begin a new ledger")


@contextlib.contextmanager
def _failures(path: Path, doing: str) -> Iterator[None]:
    """SQLite's failures as one line each: busy, full, read-only, damaged."""
    try:
        yield
    except sqlite3.OperationalError as error:
        text = str(error)
        if "locked" in text or "busy" in text:
            raise StateError(f"{path} is busy (another program holds it); try again in a moment") from None
        if "not a database" in text or "malformed" in text:
            raise _damaged(path, "is damaged") from None
        raise StateError(f"{path}: cannot {doing} the ledger: {text}") from None
    except sqlite3.DatabaseError as error:
        raise _damaged(path, f"is damaged ({error})") from None


def _read_only(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection that cannot write to the file: to the file itself where SQLite can read it so,
    else to a snapshot in memory (and whether it is one)."""
    connection = sqlite3.connect(_uri(path, "mode=ro"), uri=True, timeout=BUSY_SECONDS, isolation_level=None,
                                 check_same_thread=False)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the journal's index is opened here
    except sqlite3.OperationalError as error:
        connection.close()
        if error.sqlite_errorcode & 0xFF not in _CANNOT_OPEN_HERE:
            raise
        return _snapshot(path), True
    return connection, False


def _uri(path: Path, query: str) -> str:
    return f"file:{urllib.parse.quote(str(path.absolute()))}?{query}"


def _into_memory(source: sqlite3.Connection) -> sqlite3.Connection:
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    source.backup(memory)
    memory.execute("PRAGMA foreign_keys=ON")
    return memory


def _snapshot(path: Path) -> sqlite3.Connection:
    """The ledger as it stands, in memory, when SQLite cannot open it read-only where it lies."""
    journal = Path(f"{path}-wal")
    try:
        waiting = journal.stat().st_size > 0
    except FileNotFoundError:
        waiting = False
    except OSError as error:
        raise StateError(f"{journal}: cannot read: {error.strerror or error}") from None
    try:
        if not waiting:  # the file is the whole record: read it as it is, taking no lock and writing nothing
            source = sqlite3.connect(_uri(path, "mode=ro&immutable=1"), uri=True, isolation_level=None)
            try:
                return _into_memory(source)
            finally:
                source.close()
        with tempfile.TemporaryDirectory(prefix="videopoker-ledger-") as folder:
            copy = Path(folder) / LEDGER_NAME
            shutil.copyfile(path, copy)
            shutil.copyfile(journal, f"{copy}-wal")
            source = sqlite3.connect(copy, isolation_level=None)
            try:
                return _into_memory(source)
            finally:
                source.close()
    except OSError as error:
        raise StateError(f"{path}: cannot read the ledger: its journal {journal.name} holds rounds the file does "
                         f"not, and no temporary folder takes a copy to read them ({error.strerror or error}); "
                         "free some space or set TMPDIR to a folder you can write") from None


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
        self._memory = False
        self._wallets: dict[str, int] = {}
        self._tables: dict[str, int] = {}

    # -- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: Path, *, create: bool = True) -> Ledger | None:
        """The ledger of ``home``, migrated to :data:`SCHEMA`; ``None`` if it is absent and not
        ``create``.  :class:`DamagedLedger` if it is not a ledger, :class:`StateError` if it is a
        link or a special file, was written by a newer videopoker, or is busy."""
        path = home / LEDGER_NAME
        if not cls._present(path) and not create:
            return None
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

    @classmethod
    def read(cls, home: Path) -> Ledger | None:
        """``home``'s ledger for a report, never written (see the module's note); ``None`` if it is
        absent or was never begun.  Failures as :meth:`open`'s."""
        path = home / LEDGER_NAME
        if not cls._present(path):
            return None
        with _failures(path, "read"):
            connection, snapshot = _read_only(path)
        ledger = cls(path, connection)
        ledger._memory = snapshot
        try:
            with ledger._guard("read"):
                version = ledger._version()
                if 0 < version < SCHEMA:
                    ledger.into_memory()
                    ledger._migrate(version)
        except BaseException:
            ledger.close()
            raise
        if version == 0:  # an empty file: nothing was ever put on record
            ledger.close()
            return None
        return ledger

    @property
    def in_memory(self) -> bool:
        """Whether this is a snapshot of the file (which a report may add to without touching the file)."""
        return self._memory

    def into_memory(self) -> None:
        """Read on from a snapshot of the ledger in memory: what is added from now on stays there."""
        if not self._memory:
            memory = _into_memory(self._db)
            self._db.close()
            self._db, self._memory = memory, True

    @staticmethod
    def _present(path: Path) -> bool:
        """Whether the ledger file is there; a :class:`StateError` if it is not a plain file."""
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            return False
        except OSError as error:
            raise StateError(f"{path}: cannot read: {error.strerror or error}") from None
        if stat.S_ISLNK(status.st_mode) or not stat.S_ISREG(status.st_mode):
            raise StateError(f"{path} is not a plain file; move it away and videopoker starts a new ledger")
        return True

    def _version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            raise StateError(f"{self.path} was written by a newer videopoker (schema {version}; this one "
                             f"reads 1..{SCHEMA}); upgrade videopoker to add to it. The file is left as it is.")
        if version == 0 and self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise self._damaged("is an SQLite database but not a videopoker ledger")
        return version

    def _prepare(self) -> None:
        version = self._version()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
        self._db.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")
        self._migrate(version)

    def _migrate(self, version: int) -> None:
        """Bring the schema from ``version`` to :data:`SCHEMA`, a step a transaction."""
        self._db.execute("PRAGMA foreign_keys=ON")
        for step in range(version, SCHEMA):
            migration = _MIGRATIONS[step]
            try:
                if callable(migration):
                    self._db.execute("BEGIN IMMEDIATE")
                    migration(self._db)
                    self._db.execute(f"PRAGMA user_version={step + 1}")
                    self._db.execute("COMMIT")
                else:
                    self._db.executescript(f"BEGIN IMMEDIATE; {migration} PRAGMA user_version={step + 1}; COMMIT;")
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
        return _damaged(self.path, problem)

    def _guard(self, doing: str) -> contextlib.AbstractContextManager[None]:
        """SQLite's failures as one line each: busy, full, read-only, damaged."""
        return _failures(self.path, doing)

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
        content = _content(paytable)
        digest = _digest(reference, content)
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
            "credits_after, ev, best_ev, variance, meter, multiplier, state) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (wallet_id, settled.number, milliseconds(settled.at), self._table(settled.reference, settled.paytable),
             outcome.bet, outcome.hands, pack(outcome.dealt), held_mask(outcome.held), outcome.win,
             outcome.credits_after, *graded, settled.meter,
             outcome.multiplier if settled.paytable.plays_feature(outcome.bet) else None,
             json.dumps(outcome.state.to_json()) if outcome.state is not None else None))
        if cursor.rowcount == 0:
            return  # on record already
        place = settled.paytable.every_category.index
        state = outcome.state
        lines = [state.line(hand) if state is not None else None for hand in range(len(outcome.results))]
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
