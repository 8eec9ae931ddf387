"""One family of errors, each message fit to show a user as it is.

The CLI prints them on stderr and exits 1; the TUI shows them in a dialog.  A message says what
was wrong, quoting the bad input, and how to put it right.
"""

from __future__ import annotations

from dataclasses import dataclass


class VideoPokerError(Exception):
    """Anything a user did or wrote that the program cannot accept."""


class CardError(VideoPokerError, ValueError):
    """Card text that names no card, or a hand that is not five different cards."""


class ArgumentError(VideoPokerError, ValueError):
    """An argument of the Python API it cannot take: the function, the argument, what it got and
    what to give, in one line, as the command line's usage errors are."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file, kept as a value so an editor can mark the place.

    ``line`` and ``column`` count from 1; 0 means the problem belongs to the whole file.  ``key``
    names the paytable entry it is about (``name``, ``game``, ``max_coins``, ``pays`` or a category
    such as ``full_house``; empty for the file) and ``coins`` the bet of one total in a list of
    totals (0 for the whole entry), so an editor marks the very cell.
    """

    where: str
    line: int
    column: int
    message: str
    key: str = ""
    coins: int = 0

    def __str__(self) -> str:
        if not self.line:
            return f"{self.where}: {self.message}"
        return f"{self.where}:{self.line}:{self.column}: {self.message}"


class PaytableError(VideoPokerError):
    """A paytable that cannot be found or read, or that breaks the format.

    It carries every problem found in one file, one line each, so ``validate`` can list them all:
    ``found`` as values (place and message), ``problems`` as the lines a user reads.
    """

    def __init__(self, *problems: str | Problem) -> None:
        super().__init__(*problems)
        self.found: tuple[Problem, ...] = tuple(p for p in problems if isinstance(p, Problem))
        self.problems: tuple[str, ...] = tuple(str(p) for p in problems)

    def __str__(self) -> str:
        return "\n".join(self.problems)


class GameError(VideoPokerError):
    """A move the machine refuses in its present state (hold before a deal, draw twice, ...)."""


class InsufficientCredit(GameError):
    """The bet is more than the credit meter holds."""


class StateError(VideoPokerError):
    """A saved wallet or game that cannot be trusted as it is."""
