"""The editor's small questions: a file name to save as, a family to start from, a return to aim at."""

from __future__ import annotations

import threading
from fractions import Fraction

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.rules.catalog import playable_games
from videopoker.rules.definition import PayCategory
from videopoker.storage.usertext import visible

#: The option of the new-table question that starts a game of the player's own.
NEW_GAME = "--new-game--"


class FileNameDialog(ModalScreen["str | None"]):
    """Asks the file name for Save as; the table goes to the player's own paytable folder."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        from videopoker.storage.home import home_dir

        with Vertical(id="dialog"):
            yield Static("SAVE AS", classes="dialog-title", markup=False)
            yield Static(f"A file name for your table; it is saved in {home_dir() / 'paytables'}, where "
                         "the game's paytable list finds it.", classes="dialog-text", markup=False)
            yield Input(self.suggestion, id="file-name", max_length=64)
            yield Static("enter: save · escape: cancel", classes="dialog-text", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FamilyDialog(ModalScreen["str | None"]):
    """Chooses the game family of a new table, which starts from that family's usual table."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current
        self.games = playable_games()

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("NEW TABLE: WHICH GAME?", classes="dialog-title", markup=False)
            yield OptionList(Option("A NEW GAME OF YOUR OWN (design its hands)", id=NEW_GAME),
                             *(Option(game.title, id=game.key) for game in self.games), id="families")
            yield Static("enter: start from its usual table · escape: cancel", classes="dialog-text", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        keys = [game.key for game in self.games]
        options.highlighted = keys.index(self.current) + 1 if self.current in keys else 1
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SolveDialog(ModalScreen["int | None"]):
    """Finds the whole pay for one category closest to a target return, shown before it is taken."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def __init__(self, paytable: Paytable, category: PayCategory, solving: threading.Lock) -> None:
        super().__init__()
        self.paytable, self.category, self.solving = paytable, category, solving
        self.found: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            label = self.paytable.game.label(self.category)
            yield Static(f"SOLVE {label} FOR A RETURN", classes="dialog-title", markup=False)
            yield Static(f"The whole pay per coin for {label.lower()} whose exact return at "
                         f"{self.paytable.max_coins} coins comes closest to the target (e.g. 98.5%).",
                         classes="dialog-text", markup=False)
            yield Input("", placeholder="target return, e.g. 98.5%", id="target", max_length=12)
            yield Static("", id="solve-result", classes="dialog-text", markup=False)
            with Horizontal(id="answers"):
                yield Button("USE THIS PAY", id="accept", variant="primary", compact=True, disabled=True)
                yield Button("CANCEL", id="cancel", compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        from videopoker.analysis.tables.target import read_target

        try:
            target = read_target(event.value)
        except VideoPokerError as error:
            self.query_one("#solve-result", Static).update(visible(str(error).removeprefix("--target ")))
            return
        self.found = None
        self.query_one("#accept", Button).disabled = True
        self.query_one("#solve-result", Static).update("Solving…")
        self.run_worker(lambda: self._solve(target), thread=True, exclusive=True)

    def _solve(self, target: Fraction) -> None:
        from videopoker.analysis.tables.target import solve_pay

        with self.solving:
            solved = solve_pay(self.paytable, self.category, target)
        either_side = "; ".join(f"{side.pay} gives {float(side.rtp) * 100:.4f}%"
                                for side in (solved.below, solved.above) if side is not None)
        text = (f"{solved.best.pay} per coin gives {float(solved.best.rtp) * 100:.4f}% "
                f"(target {float(target) * 100:.4f}%). Either side: {either_side}.")
        self.app.call_from_thread(self._found, solved.best.pay, text)

    def _found(self, pay: int, text: str) -> None:
        self.found = pay
        self.query_one("#solve-result", Static).update(text)
        accept = self.query_one("#accept", Button)
        accept.disabled = False
        accept.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.found if event.button.id == "accept" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
