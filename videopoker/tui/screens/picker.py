"""Choose the paytable to play: the player's own files first, then the shipped ones."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from videopoker.errors import PaytableError
from videopoker.paytable import Paytable, load_paytable, paytable_files


class PaytablePicker(ModalScreen[Paytable | None]):
    """Dismisses with the chosen paytable, or ``None`` when closed without a choice."""

    BINDINGS = [Binding("escape,q,p", "cancel", "close")]

    def __init__(self, current: Paytable) -> None:
        super().__init__()
        self.current = current
        self.choices: list[tuple[Path, Paytable | PaytableError]] = []
        for file in paytable_files():
            try:
                self.choices.append((file, load_paytable(file)))
            except PaytableError as error:
                self.choices.append((file, error))

    def compose(self) -> ComposeResult:
        options = []
        for index, (file, loaded) in enumerate(self.choices):
            if isinstance(loaded, PaytableError):
                options.append(Option(f"{file.stem}  (invalid: see `videopoker paytable validate`)",
                                      id=str(index), disabled=True))
            else:
                mark = "▶ " if loaded.source == self.current.source else "  "
                options.append(Option(f"{mark}{loaded.name}  ({loaded.game.title})", id=str(index)))
        with Vertical(id="dialog"):
            yield Static("CHOOSE A PAYTABLE", classes="dialog-title")
            yield OptionList(*options, id="paytables")
            yield Static("enter to play it, escape to keep this one", classes="dialog-text")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        loaded = self.choices[int(event.option.id or 0)][1]
        self.dismiss(loaded if isinstance(loaded, Paytable) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
