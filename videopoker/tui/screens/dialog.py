"""A question whose safe answer is the default (a damaged wallet: keep it, or start over).

Enter, space and escape — the keys a player hammers — all give the safe answer; the other one
takes a deliberate key (a capital letter) or a click on its button.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class Confirm(ModalScreen[bool]):
    """Dismisses with True only for the deliberate ``yes``; False for everything else."""

    AUTO_FOCUS = "#no"
    BINDINGS = [Binding("escape,enter,space", "answer(False)", "no", show=False)]

    def __init__(self, title: str, text: str, yes: str, no: str, yes_key: str = "S") -> None:
        super().__init__()
        self.title_text, self.text, self.yes, self.no = title, text, yes, no
        self.YES_KEY = yes_key
        self._bindings.bind(yes_key, "answer(True)", "yes", show=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            yield Static(f"{self.yes}: press {self.YES_KEY} (shift-{self.YES_KEY.lower()}) or click it.   "
                         f"{self.no}: enter or escape.", classes="dialog-text", markup=False)
            with Horizontal(id="answers"):
                yes = Button(self.yes, id="yes", variant="warning", compact=True)
                yes.can_focus = False  # never the target of a stray enter
                yield yes
                yield Button(self.no, id="no", variant="primary", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
