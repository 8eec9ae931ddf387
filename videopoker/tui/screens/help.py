"""Every key, on one screen, from the one list of keys; the bet range from the table in play."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from videopoker.machine.training import MAJOR_COST
from videopoker.tui.keys import KEYS


def how_to_play(max_coins: int) -> str:
    """How a hand is played, on a table whose top bet is ``max_coins`` (a feature's extra coins in)."""
    return (f"Bet 1 to {max_coins} coin{'s' * (max_coins > 1)} and deal five cards. Hold the ones you want, "
            "then draw: the cards not held are replaced and the final hand is paid from the table. The top "
            "hand usually pays its jackpot only on the max bet. Trainer mode stops a draw whose hold gives up EV: "
            f"a major mistake costs {float(MAJOR_COST):.2f} coin per coin bet or more, a minor one less.")


class HelpScreen(ModalScreen[None]):
    """How to play and every key; on a small terminal the keys scroll under the title and CLOSE."""

    BINDINGS = [Binding("escape,q,Q,question_mark,enter,space", "dismiss", "close")]

    def __init__(self, max_coins: int) -> None:
        super().__init__()
        self.max_coins = max_coins

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=False, padding=(0, 2))
        keys.add_column(style="bold yellow", no_wrap=True)
        keys.add_column()
        for key in KEYS:
            keys.add_row(key.shown, key.does)
        with Vertical(id="dialog"):
            with Horizontal(classes="dialog-head"):
                yield Static("HOW TO PLAY", classes="dialog-title")
                yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
            with VerticalScroll():
                yield Static(how_to_play(self.max_coins), classes="dialog-text", markup=False)
                yield Static(keys)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # End, PageDown and the arrows scroll it, no Tab first
