"""Reading a paytable file safely: a regular file, a bounded read, YAML screened before it is built.

A paytable is user input and a name can point anywhere: at a FIFO (an open would wait forever),
at ``/dev/zero`` (a read would never end), at a folder.  So the file is opened without blocking,
judged by ``fstat`` on the open descriptor (the thing actually read, not a name that may change),
and read at most ``MAX_FILE_BYTES + 1`` bytes.  The YAML is then screened event by event before
anything is constructed: no aliases (an alias bomb never expands), no nesting deeper than
``MAX_DEPTH``, no number longer than ``MAX_NUMBER_TEXT`` (Python refuses to build very long
integers, and no pay needs one).  ruamel.yaml's round-trip loader (YAML 1.2: no ``yes`` booleans,
duplicate keys refused, comments and key order kept) then builds the document.
"""

from __future__ import annotations

import io
import os
import re
import stat
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError, Problem
from videopoker.usertext import excerpt, quote

MAX_FILE_BYTES = 64 * 1024
MAX_DEPTH = 8
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


def read_text(path: Path) -> str:
    """The text of the regular file ``path``, refusing anything else before it can hang or flood."""
    where = str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise PaytableError(Problem(where, 0, 0, f"cannot read: {error.strerror or error}")) from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        raise PaytableError(Problem(where, 0, 0, f"is {_kind(info.st_mode)}, not a paytable; give a YAML file"))
    with os.fdopen(descriptor, "rb") as file:
        if info.st_size > MAX_FILE_BYTES:
            raise PaytableError(Problem(where, 1, 1, f"file is {info.st_size:,} bytes; a paytable is at "
                                        f"most {MAX_FILE_BYTES:,}"))
        try:
            data = file.read(MAX_FILE_BYTES + 1)  # a file that grows while read stops here
        except OSError as error:
            raise PaytableError(Problem(where, 0, 0, f"cannot read: {error.strerror or error}")) from None
    if len(data) > MAX_FILE_BYTES:
        raise PaytableError(Problem(where, 1, 1, f"file is over {MAX_FILE_BYTES:,} bytes; a paytable "
                                    f"is at most {MAX_FILE_BYTES:,}"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PaytableError(Problem(where, 1, 1, "not a text file (UTF-8); a paytable is YAML text")) from None


def _screen_events(text: str, where: str) -> Problem | None:
    """The first construct too dangerous to build, found from the event stream alone."""
    from ruamel.yaml import YAML
    from ruamel.yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent

    depth = 0
    for event in YAML().parse(io.StringIO(text)):
        mark = event.start_mark
        here = (where, mark.line + 1, mark.column + 1)
        if isinstance(event, AliasEvent):
            return Problem(*here, f"YAML alias *{excerpt(str(event.anchor))} is not allowed in a paytable; "
                           "write the value out")
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return Problem(*here, f"nested more than {MAX_DEPTH} deep; a paytable is a flat mapping "
                               "with a `pays` mapping inside")
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


def read_document(path: Path) -> Any:
    """The round-trip YAML document of the file ``path`` (comments kept), after the safety screens."""
    return parse_document(read_text(path), str(path))
