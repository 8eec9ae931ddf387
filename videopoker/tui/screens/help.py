"""Every key, on one screen."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

KEYS = (
    ("1 – 5", "hold or release that card (or click the card)"),
    ("space / enter", "deal; after the deal, draw"),
    ("b", "bet one more coin (back to 1 after the max)"),
    ("m", "bet max and deal at once"),
    ("f", "take the free refill when the credit is 0"),
    ("p", "play another paytable"),
    ("r", "recall the last 10 games"),
    ("?", "this help"),
    ("q", "quit (the game is saved at every step)"),
)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark,enter,space", "dismiss", "close")]

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=False, padding=(0, 2))
        keys.add_column(style="bold yellow", no_wrap=True)
        keys.add_column()
        for key, meaning in KEYS:
            keys.add_row(key, meaning)
        with Vertical(id="dialog"):
            yield Static("HOW TO PLAY", classes="dialog-title")
            yield Static("Bet 1 to 5 coins and deal five cards. Hold the ones you want, then draw: the "
                         "cards not held are replaced and the final hand is paid from the table. The "
                         "royal flush pays its jackpot only on the max bet.", classes="dialog-text")
            yield Static(keys)
            yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
