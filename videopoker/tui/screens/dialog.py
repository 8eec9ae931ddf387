"""A question with two answers, for what the player must decide (a damaged wallet)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class Confirm(ModalScreen[bool]):
    """Dismisses with True for ``yes``, False for ``no``."""

    BINDINGS = [("escape", "answer(False)", "no")]

    def __init__(self, title: str, text: str, yes: str, no: str) -> None:
        super().__init__()
        self.title_text, self.text, self.yes, self.no = title, text, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, classes="dialog-text", markup=False)
            with Horizontal(id="answers"):
                yield Button(self.yes, id="yes", variant="warning", compact=True)
                yield Button(self.no, id="no", variant="primary", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
