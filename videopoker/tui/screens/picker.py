"""Choose the paytable to play: the player's own files first, then the shipped ones.

The cursor starts on the table in play, so opening the picker and pressing Enter changes
nothing.  Each table's exact return is filled in by a worker thread as it is solved (from the
disk cache of the family's draw tables when there is one), so the list is usable at once.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from videopoker.errors import PaytableError
from videopoker.paytable import Paytable, load_paytable, paytable_files
from videopoker.storage.usertext import visible


def same_table(one: Paytable, other: Paytable) -> bool:
    """The same file, or (for a table with no file) the same pays."""
    if one.source is not None and other.source is not None:
        return one.source.resolve() == other.source.resolve()
    return one == other


class PaytablePicker(ModalScreen[Paytable | None]):
    """Dismisses with the chosen paytable, or ``None`` when closed without a choice."""

    BINDINGS = [Binding("escape,q,Q,p,P", "cancel", "close")]

    def __init__(self, current: Paytable) -> None:
        super().__init__()
        self.current = current
        self.choices: list[tuple[Path, Paytable | PaytableError]] = []
        for file in paytable_files():
            try:
                self.choices.append((file, load_paytable(file)))
            except PaytableError as error:
                self.choices.append((file, error))
        self.returns: dict[int, float] = {}

    def prompt(self, index: int) -> Text:
        file, loaded = self.choices[index]
        if isinstance(loaded, PaytableError):
            return Text(f"  {visible(file.stem)}  (invalid: see `videopoker paytable validate`)")
        mark = "▶ " if same_table(loaded, self.current) else "  "
        rtp = self.returns.get(index)
        figure = f"{rtp * 100:8.4f}%" if rtp is not None else "    …    "
        base = ", base game" if loaded.feature is not None else ""  # the figure is its pays alone
        return Text(f"{mark}{figure}  {visible(loaded.name)}  ({loaded.game.title}{base})")

    def compose(self) -> ComposeResult:
        options = [Option(self.prompt(index), id=str(index), disabled=isinstance(loaded, PaytableError))
                   for index, (_, loaded) in enumerate(self.choices)]
        with Vertical(id="dialog"):
            yield Static("CHOOSE A PAYTABLE — exact return with perfect play", classes="dialog-title")
            yield OptionList(*options, id="paytables")
            yield Static("enter to play it, escape to keep this one", classes="dialog-text")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        for index, (_, loaded) in enumerate(self.choices):
            if isinstance(loaded, Paytable) and same_table(loaded, self.current):
                options.highlighted = index
                break
        self.run_worker(self.solve_returns, thread=True, exclusive=True)

    def solve_returns(self) -> None:
        """Worker thread: each table's exact return, shown as it comes."""
        from videopoker.analysis import analyze

        worker = get_current_worker()
        for index, (_, loaded) in enumerate(self.choices):
            if worker.is_cancelled:
                return
            if isinstance(loaded, PaytableError):
                continue
            rtp = float(analyze(loaded).rtp)
            self.app.call_from_thread(self.show_return, index, rtp)

    def show_return(self, index: int, rtp: float) -> None:
        self.returns[index] = rtp
        if not self.is_attached:
            return
        self.query_one(OptionList).replace_option_prompt(str(index), self.prompt(index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        loaded = self.choices[int(event.option.id or 0)][1]
        self.dismiss(loaded if isinstance(loaded, Paytable) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
