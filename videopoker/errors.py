"""One family of errors, each message fit to show a user as it is.

The CLI prints them on stderr and exits 1; the TUI shows them in a dialog.  A message says what
was wrong, quoting the bad input, and how to put it right.
"""

from __future__ import annotations


class VideoPokerError(Exception):
    """Anything a user did or wrote that the program cannot accept."""


class CardError(VideoPokerError, ValueError):
    """Card text that names no card, or a hand that is not five different cards."""


class PaytableError(VideoPokerError):
    """A paytable that cannot be found or read, or that breaks the format.

    It carries every problem found in one file, one line each, so ``validate`` can list them all.
    """

    def __init__(self, *problems: str) -> None:
        super().__init__(*problems)
        self.problems: tuple[str, ...] = problems

    def __str__(self) -> str:
        return "\n".join(self.problems)


class GameError(VideoPokerError):
    """A move the machine refuses in its present state (hold before a deal, draw twice, ...)."""


class InsufficientCredit(GameError):
    """The bet is more than the credit meter holds."""


class StateError(VideoPokerError):
    """A saved wallet or game that cannot be trusted as it is."""
