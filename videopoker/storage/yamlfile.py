"""Reading a YAML file safely (a paytable, a game): a regular file, a bounded read, YAML screened
before it is built, and the places of what was read.

A paytable or game file is user input and a name can point anywhere: at a FIFO (an open would wait forever),
at ``/dev/zero`` (a read would never end), at a folder.  So the file is opened without blocking,
judged by ``fstat`` on the open descriptor (the thing actually read, not a name that may change),
and read at most ``MAX_FILE_BYTES + 1`` bytes.  The YAML is then screened event by event before
anything is constructed: no aliases (an alias bomb never expands), no nesting deeper than
``MAX_DEPTH``, no number longer than ``MAX_NUMBER_TEXT`` (Python refuses to build very long
integers, and no pay needs one), no more than ``MAX_VALUES`` values in all (the screen stops there,
so a file of twelve thousand list items is refused at its 5,001st value, not parsed twice).
ruamel.yaml's round-trip loader (YAML 1.2: no ``yes`` booleans, duplicate keys refused, comments
and key order kept) then builds the document, and its nodes carry the line and column of every key
and value, which :func:`key_position` and its siblings read for messages.
"""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError, Problem
from videopoker.storage.usertext import excerpt, quote

MAX_FILE_BYTES = 64 * 1024
MAX_DEPTH = 8
#: Most YAML values (scalars and collections) a file may hold: a 40-hand game with its paytable
#: holds about 600.
MAX_VALUES = 5000
#: Longest number text accepted: far more than any pay (7 digits), far less than Python's limit.
MAX_NUMBER_TEXT = 30
_NUMBER_LIKE = re.compile(r"[-+]?\.?[0-9]")  # how every YAML number starts (0x…, 1_000, .5, -3)
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_text(path: Path, what: str = "paytable") -> str:
    """The text of the regular file ``path``, refusing anything else before it can hang or flood;
    ``what`` the file should be, for messages (``paytable``, ``game file``)."""
    where = str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise PaytableError(Problem(where, 0, 0, f"cannot read: {error.strerror or error}")) from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        raise PaytableError(Problem(where, 0, 0, f"is {_kind(info.st_mode)}, not a {what}; give a YAML file"))
    with os.fdopen(descriptor, "rb") as file:
        if info.st_size > MAX_FILE_BYTES:
            raise PaytableError(Problem(where, 1, 1, f"file is {info.st_size:,} bytes; a {what} is at "
                                        f"most {MAX_FILE_BYTES:,}"))
        try:
            data = file.read(MAX_FILE_BYTES + 1)  # a file that grows while read stops here
        except OSError as error:
            raise PaytableError(Problem(where, 0, 0, f"cannot read: {error.strerror or error}")) from None
    if len(data) > MAX_FILE_BYTES:
        raise PaytableError(Problem(where, 1, 1, f"file is over {MAX_FILE_BYTES:,} bytes; a {what} "
                                    f"is at most {MAX_FILE_BYTES:,}"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PaytableError(Problem(where, 1, 1, f"not a text file (UTF-8); a {what} is YAML text")) from None


def _screen_events(text: str, where: str) -> Problem | None:
    """The first construct too dangerous to build, found from the event stream alone."""
    from ruamel.yaml import YAML
    from ruamel.yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent

    depth = values = 0
    for event in YAML().parse(io.StringIO(text)):
        mark = event.start_mark
        here = (where, mark.line + 1, mark.column + 1)
        if isinstance(event, (ScalarEvent, CollectionStartEvent)):
            values += 1
            if values > MAX_VALUES:
                return Problem(*here, f"more than {MAX_VALUES:,} values; a paytable or game holds a few hundred "
                               "(at most 40 hands, 54 wild cards)")
        if isinstance(event, AliasEvent):
            return Problem(*here, f"YAML alias *{excerpt(str(event.anchor))} is not allowed here; "
                           "write the value out")
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return Problem(*here, f"nested more than {MAX_DEPTH} deep; a paytable or game is a few "
                               "mappings inside one another")
        elif isinstance(event, CollectionEndEvent):
            depth -= 1
        elif isinstance(event, ScalarEvent) and len(event.value) > MAX_NUMBER_TEXT:
            plain_number = event.style is None and _NUMBER_LIKE.match(event.value)
            if plain_number or event.tag in _NUMBER_TAGS:
                return Problem(*here, f"number {quote(event.value, 12)} has {len(event.value):,} "
                               f"characters; a pay is a whole number of at most 7 digits")
    return None


def parse_document(text: str, where: str) -> Any:
    """The round-trip YAML document in ``text``, after the safety screens; ``where`` names it.

    ruamel.yaml loads here, not with the module: a command whose paytable is remembered
    (:mod:`~videopoker.paytable.remembered`) never needs it.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    try:
        danger = _screen_events(text, where)
        if danger is not None:
            raise PaytableError(danger)
        return YAML(typ="rt").load(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = (error.problem or error.context or "is not valid YAML").strip()
        if "duplicate key" in problem:
            key = problem.split('"')[1] if '"' in problem else "?"
            problem = f"duplicate key {quote(key)}; keep one of them"
        else:
            problem = f"not valid YAML: {excerpt(problem, 120)}"
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise PaytableError(Problem(where, line, column, problem)) from None
    except ReaderError as error:  # a character YAML forbids (NUL, most controls): place it
        position = int(error.position)
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        character = chr(error.character) if isinstance(error.character, int) else str(error.character)
        raise PaytableError(Problem(where, line, column, f"not valid YAML: the character {character!r} is "
                                    "not allowed")) from None
    except (YAMLError, RecursionError, ValueError, TypeError) as error:
        raise PaytableError(Problem(where, 1, 1, f"not valid YAML: {excerpt(str(error), 120)}")) from None


def read_document(path: Path, what: str = "paytable") -> Any:
    """The round-trip YAML document of the file ``path`` (comments kept), after the safety screens."""
    return parse_document(read_text(path, what), str(path))


Position = tuple[int, int] | None


def key_position(node: Any, key: Any) -> Position:
    """Where ``key`` of the mapping ``node`` was written (0-based line, column), if it was read from YAML."""
    try:
        return tuple(node.lc.key(key))
    except (AttributeError, KeyError, TypeError):
        return None


def value_position(node: Any, key: Any) -> Position:
    """Where the value of ``key`` of the mapping ``node`` was written."""
    try:
        return tuple(node.lc.value(key))
    except (AttributeError, KeyError, TypeError):
        return None


def item_position(node: Any, index: int) -> Position:
    """Where item ``index`` of the list ``node`` was written."""
    try:
        return tuple(node.lc.item(index))
    except (AttributeError, KeyError, TypeError, IndexError):
        return None


def describe(value: Any) -> str:
    """A short, literal account of a value for a message (``the text 'six'``, ``a list``)."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {quote(value)}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, int) and value.bit_length() > 64:  # never print (or build) a huge number's digits
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    text = repr(value)
    return text if len(text) <= 20 else f"{text[:12]}… ({len(text):,} characters)"


def key_text(key: Any) -> str:
    """A key as a message quotes it: text quoted, anything else described."""
    return quote(key) if isinstance(key, str) else describe(key)


@dataclass
class Findings:
    """Every problem of one document with its place, collected so that all are reported at once."""

    where: str
    problems: list[Problem] = field(default_factory=list)

    def add(self, position: Position, message: str, key: str = "", coins: int = 0) -> None:
        line, column = position if position else (0, 0)
        self.problems.append(Problem(self.where, line + 1, column + 1, message, key, coins))
