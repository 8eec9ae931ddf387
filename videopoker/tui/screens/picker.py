"""Choose the paytable to play: the player's own files first, then the shipped ones.

The cursor starts on the table in play, so opening the picker and pressing Enter changes
nothing.  Typing filters the list (every word must be in the table's name, game or feature;
Up, Down, PageUp, PageDown, Home and End move in it as they type).  Each table's exact return is
filled in by a worker thread as it is solved (from the disk cache of the family's draw tables
when there is one), so the list is usable at once: the tables the filter shows first, then
every table's pays alone, then each feature table's feature game, per coin of its whole bet, at
the hands a round its analysis plays (until then its line says the figure is the base game's).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist
from textual.worker import get_current_worker

from videopoker.errors import PaytableError
from videopoker.paytable import Paytable, load_paytable, paytable_files
from videopoker.storage.usertext import visible

#: A line's cells when no screen says (80 columns less the dialog's frame).
FALLBACK_WIDTH = 66
KEYS_LINE = "enter: play it · ↑↓ PgUp PgDn: move · esc: keep this one"
#: The keys that move in the list, whatever has the focus (the filter keeps Left and Right).
MOVES = {"up": "cursor_up", "down": "cursor_down", "pageup": "page_up", "pagedown": "page_down",
         "home": "first", "end": "last"}


def same_table(one: Paytable, other: Paytable) -> bool:
    """The same file, or (for a table with no file) the same pays."""
    if one.source is not None and other.source is not None:
        return one.source.resolve() == other.source.resolve()
    return one == other


@dataclass(frozen=True)
class Figure:
    """A table's return as the picker shows it: per coin of the whole bet, and what it is of."""

    rtp: float
    #: "" for a table without a feature or a feature game its name says; "base game"; or the feature
    #: and the hands a round it was solved at, as much as the name does not say
    of: str


def fitted(line: str, width: int) -> Text:
    """``line`` in ``width`` cells, its end cut to … when it is longer."""
    text = Text(line, no_wrap=True)
    text.truncate(width, overflow="ellipsis")
    return text


class PaytablePicker(ModalScreen[Paytable | None]):
    """Dismisses with the chosen paytable, or ``None`` when closed without a choice."""

    BINDINGS = [Binding("escape", "cancel", "close"),
                *(Binding(key, f"move('{action}')", show=False, priority=True) for key, action in MOVES.items())]

    def __init__(self, current: Paytable) -> None:
        super().__init__()
        self.current = current
        self.choices: list[tuple[Path, Paytable | PaytableError]] = []
        for file in paytable_files():
            try:
                self.choices.append((file, load_paytable(file)))
            except PaytableError as error:
                self.choices.append((file, error))
        self.returns: dict[int, Figure] = {}
        self.filtered: list[int] = []                                 # what a filter typed shows, in order
        self.priced: set[int] = set()                                # feature tables done (or not solvable)

    def prompt(self, index: int) -> Text:
        """One line that fits: the figure, the name, and what the name does not say (the game, what
        the figure is of), cut with … where the list is narrower still."""
        file, loaded = self.choices[index]
        if isinstance(loaded, PaytableError):
            return fitted(f"  {visible(file.stem)}  (invalid: see `videopoker paytable validate`)", self.width())
        mark = "▶ " if same_table(loaded, self.current) else "  "
        shown = self.returns.get(index)
        figure = f"{shown.rtp * 100:8.4f}%" if shown is not None else "    …    "
        of = shown.of if shown is not None else ("base game" if loaded.feature is not None else "")
        name = visible(loaded.name)
        said = [part for part in (loaded.game.title if loaded.game.title not in name else "", of) if part]
        return fitted(f"{mark}{figure}  {name}{'  (' + ', '.join(said) + ')' if said else ''}", self.width())

    def width(self) -> int:
        """The cells a line of the list has (the screen's less the dialog's frame before it is drawn)."""
        if self.is_mounted:
            shown = self.query_one(OptionList).scrollable_content_region.width
            if shown > 0:
                return shown
        try:
            return max(self.app.size.width - 14, 20)
        except RuntimeError:  # no app shows the picker (Textual's NoActiveAppError)
            return FALLBACK_WIDTH

    def words(self, index: int) -> str:
        """What the filter looks in: the table's name, its file's, its game's and its feature's."""
        file, loaded = self.choices[index]
        if isinstance(loaded, PaytableError):
            return file.stem.lower()
        feature = loaded.feature.kind if loaded.feature is not None else ""
        return " ".join((loaded.name, file.stem, loaded.game.title, loaded.game.key, feature)).lower()

    def shown(self, text: str) -> list[int]:
        """The choices every word of ``text`` is found in, in the list's order."""
        wanted = text.lower().split()
        return [index for index in range(len(self.choices)) if all(word in self.words(index) for word in wanted)]

    def options(self, indices: list[int]) -> list[Option]:
        return [Option(self.prompt(index), id=str(index), disabled=isinstance(self.choices[index][1], PaytableError))
                for index in indices]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("CHOOSE A PAYTABLE — exact return with perfect play, per coin bet", classes="dialog-title")
            yield Input(placeholder="type to find a table: its name, game or feature", id="find")
            yield OptionList(*self.options(list(range(len(self.choices)))), id="paytables")
            yield Static(KEYS_LINE, id="picker-keys", classes="dialog-text", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        for index, (_, loaded) in enumerate(self.choices):
            if isinstance(loaded, Paytable) and same_table(loaded, self.current):
                options.highlighted = index
                break
        self.query_one("#find", Input).focus()
        self.run_worker(self.solve_returns, thread=True, exclusive=True)

    def on_input_changed(self, event: Input.Changed) -> None:
        options = self.query_one(OptionList)
        kept = self.shown(event.value)
        self.filtered = kept if event.value.strip() else []
        options.clear_options()
        options.add_options(self.options(kept))
        if kept:
            options.highlighted = 0
        said = KEYS_LINE if kept else f"no table has every word of {event.value.strip()!r}: fewer words · esc: close"
        self.query_one("#picker-keys", Static).update(said)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            options.action_select()

    def action_move(self, action: str) -> None:
        getattr(self.query_one(OptionList), f"action_{action}")()

    def solve_returns(self) -> None:
        """Worker thread: each table's exact return, shown as it comes (:meth:`next_figure`)."""
        from videopoker.analysis import analyze
        from videopoker.analysis.features.listed import feature_return

        worker = get_current_worker()
        while not worker.is_cancelled:
            job = self.next_figure()
            if job is None:
                return
            index, loaded, featured = job
            if not featured:
                figure = Figure(float(analyze(loaded).rtp), "base game" if loaded.feature is not None else "")
                self.app.call_from_thread(self.show_return, index, figure)
                continue
            assert loaded.feature is not None
            self.priced.add(index)
            solved = feature_return(loaded)
            if solved is None:  # a kind not solved yet keeps its base game's figure, said so
                continue
            rtp, hands = solved
            kind = loaded.feature.kind.title()
            said = [part for part in (kind if kind.lower() not in loaded.name.lower() else "",
                                      f"{hands} hands" if hands > 1 else "") if part]
            self.app.call_from_thread(self.show_return, index, Figure(rtp, ", ".join(said)))

    def next_figure(self) -> tuple[int, Paytable, bool] | None:
        """The next return to work out: the tables the filter shows first (each one's pays, then
        its feature game), then every table's pays, then every feature game; None when all are."""
        def wanted(index: int, featured: bool) -> tuple[int, Paytable, bool] | None:
            loaded = self.choices[index][1]
            if not isinstance(loaded, Paytable):
                return None
            if not featured and index not in self.returns:
                return index, loaded, False
            if featured and loaded.feature is not None and index not in self.priced and index in self.returns:
                return index, loaded, True
            return None

        everything = range(len(self.choices))
        for indices, kinds in ((list(self.filtered), (False, True)), (everything, (False,)), (everything, (True,))):
            for index in indices:
                for featured in kinds:
                    job = wanted(index, featured)
                    if job is not None:
                        return job
        return None

    def show_return(self, index: int, figure: Figure) -> None:
        self.returns[index] = figure
        if not self.is_attached:
            return
        with contextlib.suppress(OptionDoesNotExist):  # filtered out: shown when it comes back
            self.query_one(OptionList).replace_option_prompt(str(index), self.prompt(index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        loaded = self.choices[int(event.option.id or 0)][1]
        self.dismiss(loaded if isinstance(loaded, Paytable) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
