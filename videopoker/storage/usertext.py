"""User text (paytable names, file names, arguments) as data: quoted briefly, never obeyed.

A name comes from a file anyone can write, so it may hold terminal escapes (``\\x1b]0;...``) or
markup (``[/bold]``).  One rule, used by validation, messages and every screen: control characters
(C0, DEL, C1) are refused in names and shown as visible escapes everywhere else, and a message
quotes at most a short excerpt of what it got.

>>> visible("a\\x1b[2Jb")
'a\\\\x1b[2Jb'
>>> quote("x" * 100, 10)
"'xxxxxxxxxx…'"
"""

from __future__ import annotations

import re

#: C0 controls, DEL and C1 controls: what a terminal may obey instead of show.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")

#: How much of a bad input a message quotes: enough to recognise it, never a whole file.
QUOTE_LIMIT = 40


def first_control(text: str) -> int | None:
    """The index of the first control character in ``text``, or ``None`` if it has none."""
    match = CONTROL.search(text)
    return match.start() if match else None


def visible(text: str) -> str:
    """``text`` with each control character written as its escape (``\\x1b``), so it shows, not acts."""
    return CONTROL.sub(lambda match: repr(match.group())[1:-1], text)


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters of ``text``, with ``…`` when cut, control characters visible."""
    return visible(text if len(text) <= limit else text[:limit] + "…")


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A short quoted excerpt of ``text`` for a message: ``'Ah Kh…'``.

    Like ``repr`` (so escapes show as escapes) but cut to ``limit`` characters first, so a
    5,000-character argument or a whole file never becomes the message.
    """
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit])[:-1] + "…" + repr(text[:limit])[-1]


def counted(number: int, noun: str) -> str:
    """``1 hand``, ``1,000 hands``: a number with its noun, plural unless it is one."""
    return f"{number:,} {noun}{'s' * (number != 1)}"
