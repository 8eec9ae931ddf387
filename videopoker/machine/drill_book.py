"""The drill book in the home: ``$VIDEOPOKER_HOME/drills.json``, the schedule kept between runs.

It is written whole after every answer, the way the wallet is (temp file, fsync, rename): a kill
at any moment leaves the book before the answer or after it.  It holds no credits and no play, so
nothing in it is worth a checksum; it is read strictly all the same, being user input.  A book that
cannot be read is never used half-way nor silently replaced: it is moved aside as
``drills.json.corrupt-…`` and the player is told in one line that the drills start over from the
leaks on record.  A book written by a newer program is left as it is, and the drills run without
saving (said too).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from videopoker.deck.cards import format_cards
from videopoker.errors import StateError
from videopoker.machine.drills import (
    BOXES,
    KEPT_RESULTS,
    KEPT_TESTS,
    SHOWN_MISSES,
    DrillBook,
    DrillItem,
    DrillResult,
    Kind,
    SelfTestGrade,
)
from videopoker.machine.wallet_content import paytable_from_json, paytable_to_json
from videopoker.paytable import MAX_COINS_LIMIT, Paytable
from videopoker.paytable import kept_data as strict
from videopoker.storage.files import write_atomically

BOOK_NAME = "drills.json"
#: The format this program writes (and the newest it reads).
VERSION = 1
#: A book is a few hundred kilobytes at most (its answers are capped); anything larger is not one.
MAX_BOOK_BYTES = 8 << 20
#: Counts and clocks a book can hold (a hand a second for a thousand years is less).
MOST = 10**12


@dataclass(frozen=True)
class Opened:
    """A book as read from the home, what the player must be told about it, and whether it may be written."""

    book: DrillBook
    notice: str | None = None
    writable: bool = True


def book_path(home: Path) -> Path:
    return home / BOOK_NAME


def open_book(home: Path) -> Opened:
    """The home's drill book (an empty one for a player who has never drilled); never raises."""
    path = book_path(home)
    try:
        raw = _read(path)
    except OSError as error:
        return Opened(DrillBook(), f"{path}: cannot read the drill book ({error.strerror or error}); the drills "
                      "run without saving", writable=False)
    if raw is None:
        return Opened(DrillBook())
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
        version = strict.whole(document, "version", "the book", 1, MOST)
        if version > VERSION:
            return Opened(DrillBook(), f"{path} was written by a newer videopoker (version {version}; this one "
                          f"reads {VERSION}): the drills run without saving, the file is left as it is",
                          writable=False)
        return Opened(decode(document))
    except (ValueError, RecursionError, UnicodeDecodeError) as error:
        return Opened(DrillBook(), *_set_aside(path, _problem(error)))


def save_book(home: Path, book: DrillBook) -> None:
    """Write the book whole, atomically; :class:`StateError` (one line) if it cannot be."""
    path = book_path(home)
    try:
        home.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(encode(book), indent=1, ensure_ascii=False) + "\n")
    except OSError as error:
        raise StateError(f"{path}: cannot save the drills: {error.strerror or error}") from None


def _read(path: Path) -> bytes | None:
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BOOK_BYTES + 1)
    except FileNotFoundError:
        return None
    if len(raw) > MAX_BOOK_BYTES:
        raise ValueError(f"is larger than {MAX_BOOK_BYTES:,} bytes")
    return raw


def _problem(error: BaseException) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
    if isinstance(error, UnicodeDecodeError):
        return "is not text"
    if isinstance(error, RecursionError):
        return "nests too deep to be a drill book"
    return str(error)[:200]


def _set_aside(path: Path, problem: str) -> tuple[str, bool]:
    """Move a book that cannot be read out of the way; the line that says so, and whether the
    drills may write a new book (not when the damaged one could not be moved)."""
    aside = path.with_name(f"{BOOK_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError as error:
        return (f"{path} cannot be read ({problem}) nor moved aside ({error.strerror or error}): the drills "
                "run without saving, the file is left as it is", False)
    return (f"{path} cannot be read ({problem}); it is kept as {aside.name} and the drills start over "
            "from your leaks", True)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"holds {name}, which no drill book has")


# -- writing ----------------------------------------------------------------------------------------

def result_to_json(result: DrillResult) -> dict[str, Any]:
    return {"at": result.at, "kind": result.kind.value, "table": result.table, "coins": result.coins,
            "line": result.line, "dealt": format_cards(result.dealt).split(), "held": list(result.held),
            "best": list(result.best), "cost": result.cost}


def encode(book: DrillBook) -> dict[str, Any]:
    """The book as its file holds it: the pays of every table an item drills, by reference."""
    used = {item.table for item in book.items}
    return {
        "version": VERSION,
        "hands": book.hands,
        "tables": {reference: paytable_to_json(book.tables[reference]) for reference in sorted(used)},
        "items": [{"table": item.table, "coins": item.coins, "line": item.line, "words": item.words,
                   "yours": item.yours, "times": item.times, "credits_lost": item.credits_lost, "box": item.box,
                   "due_hand": item.due_hand, "due_at": item.due_at, "right": item.right, "wrong": item.wrong}
                  for item in book.items],
        "results": [result_to_json(result) for result in book.results],
        "tests": [{"at": grade.at, "hands": grade.hands, "right": grade.right, "credits_lost": grade.credits_lost,
                   "misses": [result_to_json(miss) for miss in grade.misses]} for grade in book.tests],
    }


# -- reading ----------------------------------------------------------------------------------------

def _number(data: Any, key: str, where: str) -> float:
    value = strict.field(data, key, where)
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= MOST:
        raise ValueError(f"{where}.{key} is not a number from 0 to {MOST:,}")
    return float(value)


def _result(data: Any, where: str) -> DrillResult:
    kind = strict.text(data, "kind", where)
    if kind not in {member.value for member in Kind}:
        raise ValueError(f"{where}.kind {kind[:20]!r} is not a kind of drill hand")
    return DrillResult(_number(data, "at", where), Kind(kind), strict.text(data, "table", where),
                       strict.whole(data, "coins", where, 1, MAX_COINS_LIMIT),
                       strict.whole(data, "line", where, 0, MOST), strict.cards(data, "dealt", where),
                       strict.flags(data, "held", where), strict.flags(data, "best", where),
                       _number(data, "cost", where))


def _item(data: Any, where: str, tables: dict[str, Paytable]) -> DrillItem:
    table = strict.text(data, "table", where)
    if table not in tables:
        raise ValueError(f"{where}.table {table[:60]!r} is not among the book's tables")
    return DrillItem(table, strict.whole(data, "coins", where, 1, MAX_COINS_LIMIT),
                     strict.whole(data, "line", where, 0, MOST), strict.text(data, "words", where),
                     strict.text(data, "yours", where), strict.whole(data, "times", where, 0, MOST),
                     _number(data, "credits_lost", where), strict.whole(data, "box", where, 0, len(BOXES) - 1),
                     strict.whole(data, "due_hand", where, 0, MOST), _number(data, "due_at", where),
                     strict.whole(data, "right", where, 0, MOST), strict.whole(data, "wrong", where, 0, MOST))


def decode(document: Any) -> DrillBook:
    """A book from its file's content; ``ValueError`` naming the place of the first thing wrong."""
    where = "the book"
    kept = strict.field(document, "tables", where)
    if not isinstance(kept, dict):
        raise ValueError(f"{where}.tables is not a mapping")
    tables = {reference: paytable_from_json(data, f"tables[{reference[:60]!r}]") for reference, data in kept.items()}
    items = tuple(_item(data, f"items[{n}]", tables)
                  for n, data in enumerate(strict.listed(document, "items", where, MOST)))
    if len({item.key for item in items}) != len(items):
        raise ValueError(f"{where} has an item twice")
    results = tuple(_result(data, f"results[{n}]")
                    for n, data in enumerate(strict.listed(document, "results", where, KEPT_RESULTS)))
    tests = []
    for n, data in enumerate(strict.listed(document, "tests", where, KEPT_TESTS)):
        place = f"tests[{n}]"
        misses = tuple(_result(miss, f"{place}.misses[{m}]")
                       for m, miss in enumerate(strict.listed(data, "misses", place, SHOWN_MISSES)))
        tests.append(SelfTestGrade(_number(data, "at", place), strict.whole(data, "hands", place, 0, MOST),
                               strict.whole(data, "right", place, 0, MOST), _number(data, "credits_lost", place),
                               misses))
    return DrillBook(strict.whole(document, "hands", where, 0, MOST), items, results, tuple(tests), tables)
