"""A refusal shown on a screen: where the machine cannot start and no terminal is there to print
it on (a browser tab, served by ``videopoker serve``), the one line a terminal would have shown."""

from __future__ import annotations

import os

from textual.app import App, ComposeResult
from textual.containers import Center, Middle
from textual.widgets import Static


def served() -> bool:
    """Whether this process draws into a browser tab (textual-serve's web driver), not a terminal."""
    return "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")


class NoticeApp(App[int]):
    """The refusal, and how to leave."""

    CSS = "Screen { align: center middle; } #notice { width: 60; padding: 1 2; border: round $error; }"
    BINDINGS = [("q", "quit", "quit"), ("escape", "quit", "quit")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(f"videopoker cannot start here:\n\n{self.text}\n\nClose this tab, or press q.", id="notice",
                         markup=False)


def run_notice(text: str) -> int:
    """Show ``text`` until the player leaves; exit status 1, as the command line's refusal."""
    NoticeApp(text).run()
    return 1
