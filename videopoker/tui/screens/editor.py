"""The paytable editor: a grid of pays with the exact return live while you type.

Each change goes straight into the :class:`~videopoker.paytable.draft.Draft` (the YAML document,
comments and all) and is checked as ``paytable validate`` checks a file; a bad value is marked in
its cell with the reason.  A valid table is solved in a worker thread: a newer edit makes an older
result stale, and a stale result is dropped, so typing never waits for the engine.  A warm
re-solve takes about a tenth of a second; a family met for the first time builds its tables once,
with a bar.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, ProgressBar, Select, Static
from textual.worker import get_current_worker

from videopoker.errors import Problem, VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.draft import MOST_DIGITS, Draft, typed_value
from videopoker.rules.catalog import playable_games
from videopoker.rules.definition import PayCategory, shortened
from videopoker.storage.usertext import counted, visible
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.editor_dialogs import NEW_GAME, FamilyDialog, FileNameDialog, SolveDialog
from videopoker.tui.screens.game_dialogs import DeckDialog, HandDialog

if TYPE_CHECKING:
    from videopoker.analysis.solve.exact import Analysis

#: One solve at a time: the engine's family caches are built by whoever comes first.
SOLVING = threading.Lock()
PER_COIN = "per"
BAD = "bold #ffffff on #a00000"


def shown(value: Any) -> str:
    """A cell's value as typed: a number grouped, anything else literally (and short)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "—" if value is None else visible(str(value))[:MOST_DIGITS]


class PayGrid(DataTable[str | Text]):
    """The grid of pays: keys typed on it edit the cell under the cursor, handled here in the order
    they were typed (before the table's own keys), never raced by a change of focus."""

    MOVES = {"up": "cursor_up", "down": "cursor_down", "left": "cursor_left", "right": "cursor_right"}

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        handled = isinstance(screen, EditorScreen) and screen.typed(event.key, event.character)
        if not handled and event.key in self.MOVES:  # moved here, not by a binding that acts later
            getattr(self, f"action_{self.MOVES[event.key]}")()
            handled = True
        if handled:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


#: The footer: the keys of the grid, and while a pay is typed, what ends the typing.
KEYS_LINE = "type a pay · h + - [ ] hands · g game · s save · a as · t solve · n new · esc"
TYPING_LINE = "typing a pay: enter keeps it · esc puts it back · an arrow keeps it and moves"


class EditorScreen(Screen["Path | None"]):
    """Edits one paytable; dismisses with the file last saved (or ``None`` when nothing was)."""

    DEFAULT_CSS = """
    EditorScreen { background: #00002a; layout: vertical; }
    EditorScreen #editor-title { height: 1; color: #ffd700; text-style: bold; padding: 0 1; }
    EditorScreen .form { height: 1; padding: 0 1; }
    EditorScreen #cell-form { margin: 1 0 0 0; }
    EditorScreen .form Label { margin: 0 1 0 0; color: $text-muted; }
    EditorScreen #edit-name { width: 1fr; margin: 0 2 0 0; }
    EditorScreen #edit-game { width: 25; margin: 0 2 0 0; }
    EditorScreen #edit-coins { width: 5; }
    EditorScreen #grid { height: auto; max-height: 1fr; margin: 1 0 0 0; }
    EditorScreen #spacer { height: 1fr; }
    EditorScreen #edit-cell { width: 1fr; }
    EditorScreen #cell-label { width: auto; }
    EditorScreen #cell-form.idle { display: none; }
    EditorScreen #problems { height: auto; max-height: 3; color: #ff6060; padding: 0 1; }
    EditorScreen ProgressBar { height: 1; padding: 0 1; }
    EditorScreen #editor-return { height: 1; padding: 0 1; text-style: bold; }
    EditorScreen #editor-keys { height: 1; color: $text-muted; padding: 0 1; }
    EditorScreen Input.-invalid { border: none; background: #a00000; }
    """

    BINDINGS = [Binding("escape", "back", "back"), Binding("ctrl+s", "save_now", "save", show=False),
                Binding("s,S", "save", "save", show=False),
                Binding("a,A", "save_as", "save as", show=False), Binding("t,T", "solve", "solve", show=False),
                Binding("n,N", "new", "new", show=False),
                Binding("plus,insert", "add_hand", "add a hand", show=False),
                Binding("minus,delete", "remove_hand", "remove the hand", show=False),
                Binding("left_square_bracket,ctrl+up", "move_hand(-1)", "move up", show=False),
                Binding("right_square_bracket,ctrl+down", "move_hand(1)", "move down", show=False),
                Binding("h,H", "edit_hand", "edit the hand", show=False),
                Binding("g,G", "edit_deck", "the game", show=False)]
    AUTO_FOCUS = "#grid"

    def __init__(self, draft: Draft) -> None:
        super().__init__()
        self.draft = draft
        self.baseline: Paytable | None = draft.checked.paytable
        self.generation = 0
        self.analysis: Analysis | None = None
        self.baseline_analysis: Analysis | None = None
        self.editing: tuple[PayCategory, int] | None = None   # the cell being typed in (0 coins: per coin)
        self.before_edit: Any = None
        self.edit_text = ""
        self.saved: Path | None = None
        self.game_options: list[tuple[str, str]] = []

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="editor-title", markup=False)
        with Horizontal(classes="form"):
            yield Label("NAME")
            yield Input(str(self.draft.name), id="edit-name", compact=True, max_length=80)
            yield Label("GAME")
            games = [(game.title, game.key) for game in playable_games()]
            if self._game_key() not in [key for _, key in games]:
                games.append((self.draft.game.title if self.draft.game else self._game_key(), self._game_key()))
            self.game_options = games
            yield Select(games, value=self._game_key(),
                         allow_blank=False, id="edit-game", compact=True)
            yield Label("COINS")
            yield Input(str(self.draft.max_coins), id="edit-coins", compact=True, max_length=3)
        yield PayGrid(id="grid", cursor_type="cell", zebra_stripes=True, cell_padding=0)
        yield Static("", id="spacer")
        with Horizontal(classes="form idle", id="cell-form"):
            yield Label("", id="cell-label")
            yield Static("", id="edit-cell", markup=False)
        yield Static("", id="problems", markup=False)
        yield ProgressBar(total=1.0, show_eta=False, id="editor-progress")
        yield Static("", id="editor-return", markup=False)
        yield Static(KEYS_LINE, id="editor-keys", markup=False)

    def _game_key(self) -> str:
        game = self.draft.game
        return game.key if game else "jacks-or-better"

    def _label(self, category: PayCategory) -> str:
        game = self.draft.game
        return game.label(category) if game else category

    def on_mount(self) -> None:
        self.query_one("#editor-progress", ProgressBar).display = False
        self._build_grid()
        self.query_one("#grid", DataTable).focus()
        self._changed()

    def _build_grid(self) -> None:
        grid = self.query_one("#grid", DataTable)
        cursor = grid.cursor_coordinate
        grid.clear(columns=True)
        grid.add_column(" HAND", key="hand", width=17)
        grid.add_column(Text("PAY ", justify="right"), key=PER_COIN, width=7)
        for coins in range(1, (self.draft.max_coins or 0) + 1):
            grid.add_column(Text(f"×{coins} ", justify="right"), key=f"c{coins}", width=7)
        grid.add_column(Text("RETURN ", justify="right"), key="return", width=9)
        grid.add_column(Text("CHANGE ", justify="right"), key="change", width=9)
        for category in self.draft.categories:
            grid.add_row(*self._row(category), key=category)
        grid.move_cursor(row=min(cursor.row, grid.row_count - 1), column=max(1, min(cursor.column,
                                                                                    len(grid.columns) - 3)))

    def _row(self, category: PayCategory) -> list[str | Text]:
        checked = self.draft.checked
        cells: list[str | Text] = [f" {shortened(self._label(category))}"]
        per_coin = "" if self.draft.is_list(category) else shown(self.draft.per_coin(category))
        bad = checked.about(category)
        cells.append(Text(per_coin + ("!" if bad and not bad.coins else " "), justify="right",
                          style=BAD if bad and not bad.coins and not self.draft.is_list(category) else ""))
        for coins in range(1, (self.draft.max_coins or 0) + 1):
            problem = checked.about(category, coins)
            wrong = problem is not None and (problem.coins == coins or self.draft.is_list(category))
            cells.append(Text(shown(self.draft.cell(category, coins)) + ("!" if wrong else " "), justify="right",
                              style=BAD if wrong else ""))
        cells += self._figures(category)
        return cells

    def _figures(self, category: PayCategory) -> list[str | Text]:
        """The row's share of the return, and its change from the saved table, in percentage points."""
        def share(analysis: Analysis | None) -> float | None:
            if analysis is None or analysis.paytable.game.key != category_game:
                return None
            return next((float(r.contribution) for r in analysis.rows if r.category == category), None)

        category_game = self._game_key()
        now, then = share(self.analysis), share(self.baseline_analysis)
        change = "" if now is None or then is None or now == then else f"{(now - then) * 100:+.4f}"
        change = "~0" if change in ("+0.0000", "-0.0000") else change  # moved, by less than shown
        return [Text("" if now is None else f"{now * 100:.4f} ", justify="right"), Text(change + " ", justify="right")]

    # -- showing the state ------------------------------------------------------------------------

    def _changed(self) -> None:
        """After any change: the title, marks, problems, and a new solve of a valid table."""
        draft = self.draft
        where = draft.source.name if draft.source else "new table"
        state = " · shipped: a saves your copy" if draft.shipped else ""
        state += " · UNSAVED" if draft.dirty else ""
        self.query_one("#editor-title", Static).update(f"EDIT {visible(where)}{state}")
        self.query_one("#edit-name", Input).set_class(draft.checked.about("name") is not None, "-invalid")
        self.query_one("#edit-coins", Input).set_class(draft.checked.about("max_coins") is not None, "-invalid")
        problems = draft.checked.problems
        self.query_one("#problems", Static).update("\n".join(
            f"line {p.line}:{p.column} {p.key or 'file'}: {visible(p.message)}" for p in problems[:3]))
        self.generation += 1
        if draft.checked.paytable is None:
            self.analysis = None
            self._refresh_rows()
            self._show_return("Return: fix the marked values to see it")
            return
        self._refresh_rows()
        self._show_return("Solving…" if self.analysis is None else None)
        generation, paytable, baseline, known = (self.generation, draft.checked.paytable, self.baseline,
                                                 self.baseline_analysis)
        self.run_worker(lambda: self._solve(generation, paytable, baseline, known), thread=True, group="solve")

    def _refresh_rows(self) -> None:
        grid = self.query_one("#grid", DataTable)
        keys = [f"c{coins}" for coins in range(1, (self.draft.max_coins or 0) + 1)]
        if len(grid.columns) != len(keys) + 4 or grid.row_count != len(self.draft.categories):
            self._build_grid()
            return
        for category in self.draft.categories:
            for key, value in zip(["hand", PER_COIN, *keys, "return", "change"], self._row(category)):
                grid.update_cell(category, key, value)

    def _solve(self, generation: int, paytable: Paytable, baseline: Paytable | None,
               known: Analysis | None) -> None:
        """Solve the table as it stands, and the saved one (at its own top bet) unless ``known`` is it."""
        from videopoker.analysis import analyze

        def heard(fraction: float, stage: str) -> None:
            if fraction < 1.0:
                self.app.call_from_thread(self._progress, fraction, stage)

        with SOLVING:
            if generation != self.generation or get_current_worker().is_cancelled:
                return  # a newer edit is on its way: this result would be stale
            analysis = analyze(paytable, progress=heard)
            then = known if known is not None and known.paytable == baseline else (
                analyze(baseline, progress=heard) if baseline is not None else None)
        if not get_current_worker().is_cancelled:  # an editor being closed has no grid to show it in
            self.app.call_from_thread(self._solved, generation, analysis, then)

    def _progress(self, fraction: float, stage: str) -> None:
        bar = self.query_one("#editor-progress", ProgressBar)
        bar.display = True
        bar.update(progress=fraction)
        if self.draft.checked.paytable is not None:  # else the line says what to fix
            self._show_return(f"Building the {self._game_key()} tables once: {stage}…")

    def _solved(self, generation: int, analysis: Analysis, baseline: Analysis | None) -> None:
        if not self.is_attached or not self.query("#grid"):
            return  # the editor closed while the worker solved (the app is quitting)
        self.query_one("#editor-progress", ProgressBar).display = False  # the tables are built now
        if generation != self.generation:
            return  # stale: the table has changed since
        self.analysis, self.baseline_analysis = analysis, baseline
        self._refresh_rows()
        self._show_return(None)

    def _show_return(self, text: str | None) -> None:
        line = self.query_one("#editor-return", Static)
        if text is not None:
            line.update(text)
            return
        analysis = self.analysis
        if analysis is None:
            return
        rtp = float(analysis.rtp) * 100
        figures = f"RETURN {rtp:.4f}% ({analysis.coins} coins)"
        if self.baseline_analysis is not None:
            then = float(self.baseline_analysis.rtp) * 100
            figures += f" · saved {then:.4f}% · change {rtp - then:+.4f}"
        line.update(f"{figures} · SD {analysis.standard_deviation:.2f}")

    # -- editing ----------------------------------------------------------------------------------

    def _cursor_cell(self) -> tuple[PayCategory, int] | None:
        """The category and bet under the cursor (0 coins: the per-coin column), if a pay is there."""
        grid = self.query_one("#grid", DataTable)
        if not grid.row_count:
            return None
        row_key, column_key = grid.coordinate_to_cell_key(grid.cursor_coordinate)
        column = str(column_key.value)
        if column == PER_COIN:
            return str(row_key.value), 0
        if column.startswith("c"):
            return str(row_key.value), int(column[1:])
        return None

    def typed(self, key: str, character: str | None) -> bool:
        """A key typed on the grid; True when it was editing's (the grid then does nothing else).

        The grid keeps the focus while a pay is typed, and this runs in the grid's own queue of
        keys, so a fast typist's keys land in the order typed: a digit starts typing in the cell
        under the cursor (as in a spreadsheet) and the next keys go on with it; ``enter`` keeps the
        pay, ``escape`` puts it back, a move keeps it and moves.
        """
        if self.editing is None:
            if character is not None and character.isdigit():
                return self.begin_edit(character)
            if key == "enter" and self._cursor_cell() is None and self._cursor_hand() is not None:
                self.action_edit_hand()
                return True
            if key == "enter":
                return self.begin_edit(None)
            return False
        if key == "enter":
            self._end_edit()
            return True
        if key == "escape":
            self._end_edit(keep=False)
            return True
        if key == "backspace":
            self._retype(self.edit_text[:-1])
            return True
        if character is not None and character.isprintable() and len(self.edit_text) < MOST_DIGITS + 4:
            self._retype(self.edit_text + character)
            return True
        if key in ("up", "down", "left", "right", "tab", "pageup", "pagedown"):
            self._end_edit()  # the pay is kept and the key moves on
        return False

    def begin_edit(self, first: str | None) -> bool:
        """Start typing in the cell under the cursor: ``first`` replaces its pay, or (None) goes on from it."""
        cell = self._cursor_cell()
        if cell is None:
            self.app.bell()
            return True
        category, coins = cell
        self.editing = cell
        self.before_edit = self.draft.document["pays"].get(category)
        where = "per coin" if coins == 0 else f"{counted(coins, 'coin')} in all"
        self.query_one("#cell-label", Label).update(f"{self._label(category)}, {where}: ")
        self.query_one("#cell-form").set_class(False, "idle")
        self.query_one("#editor-keys", Static).update(TYPING_LINE)
        if first is None:
            value = self.draft.per_coin(category) if coins == 0 else self.draft.cell(category, coins)
            self._show_typed("" if value is None else str(value))
        else:
            self._retype(first)
        return True

    def _show_typed(self, text: str) -> None:
        self.edit_text = text
        self.query_one("#edit-cell", Static).update(Text(text + "▏", style="bold"))

    def _retype(self, text: str) -> None:
        """The cell's pay is now ``text``: into the draft, checked, solved."""
        assert self.editing is not None
        self._show_typed(text)
        category, coins = self.editing
        value = typed_value(text)
        if coins == 0:
            self.draft.set_pay(category, value)
        else:
            self.draft.set_total(category, coins, value)
        self._changed()

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        """A click on a pay starts typing in it (enter is handled with the other keys)."""
        event.stop()
        if self.editing is None:
            self.begin_edit(None)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        draft = self.draft
        if event.input.id == "edit-name" and event.value != str(draft.name):
            draft.set_name(event.value)
        elif event.input.id == "edit-coins" and typed_value(event.value) != draft.document.get("max_coins"):
            draft.set_max_coins(typed_value(event.value))
        else:
            return
        self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#grid", DataTable).focus()

    def _end_edit(self, keep: bool = True) -> None:
        """The typing ends: the pay as typed kept, or (``keep`` False: escape) put back, and said."""
        editing = self.editing
        if editing is not None and not keep:
            typed = self.edit_text
            self.draft.restore(editing[0], self.before_edit)
            self._changed()
            if typed:
                self._say(f"{self._label(editing[0])}: {typed} not kept, the pay is back as it was "
                          "(enter keeps a pay as typed)")
        self.editing = None
        self._show_typed("")
        self.query_one("#cell-label", Label).update("")
        self.query_one("#cell-form").set_class(True, "idle")
        self.query_one("#editor-keys", Static).update(KEYS_LINE)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, str) and event.value != self._game_key():
            try:
                self.draft.set_game(event.value)
            except VideoPokerError as error:  # a game of this table's own has no file to start from
                self._say(str(error))
                return
            self.query_one("#edit-coins", Input).value = str(self.draft.max_coins)
            self.analysis = None
            self._build_grid()
            self._changed()

    # -- keys -------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Letters belong to a field being typed in; escape there ends the typing."""
        return not (isinstance(self.focused, Input) and action in (
            "save", "save_as", "solve", "new", "add_hand", "remove_hand", "move_hand", "edit_hand", "edit_deck"))

    def action_back(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#grid", DataTable).focus()
            return
        if not self.draft.changed:
            self.workers.cancel_all()
            self.dismiss(self.saved)
            return

        def answered(discard: bool | None) -> None:
            if discard:
                self.workers.cancel_all()
                self.dismiss(self.saved)

        self.app.push_screen(Confirm("UNSAVED CHANGES", "This table has changes that are not saved.",
                                     "Discard them", "Keep editing", yes_key="D"), answered)

    def _say(self, text: str) -> None:
        self.query_one("#problems", Static).update(visible(text))

    def action_save_now(self) -> None:
        """ctrl+s: save from anywhere, a field being typed in included."""
        self.action_save()

    def action_save(self) -> None:
        self._end_edit()
        if self.draft.source is None or self.draft.shipped:
            self.action_save_as()
            return
        try:
            self._saved(self.draft.save())
        except VideoPokerError as error:
            if self.draft.changed_on_disk() and not self.draft.checked.problems:
                self.app.push_screen(Confirm("CHANGED ON DISK", f"{self.draft.source} was changed by something "
                                             "else since you opened it.", "Replace it", "Keep it",
                                             yes_key="R"), self._replace_answered)
                return
            self._say(str(error))

    def _replace_answered(self, replace: bool | None) -> None:
        if replace:
            try:
                self._saved(self.draft.save(overwrite_changes=True))
            except VideoPokerError as error:
                self._say(str(error))

    def _saved(self, path: Path) -> None:
        self.saved = path
        self.baseline = self.draft.checked.paytable
        self._changed()
        self._say(f"Saved {path}")

    def action_save_as(self) -> None:
        if self.draft.checked.problems:
            self._say("not saved: fix the marked values first")
            self.app.bell()
            return
        named = self.draft.changes_named()  # a copy whose pays changed says so in its name
        suggestion = self.draft.source.stem if self.draft.source and not self.draft.shipped else ""
        self.app.push_screen(FileNameDialog(named[1] if named else suggestion or f"my-{self._game_key()}"),
                             self._file_named)

    def _file_named(self, name: str | None) -> None:
        if not name:
            return
        if self.draft.exists_as(name):
            def answered(replace: bool | None) -> None:
                if replace:
                    self._save_as(name, force=True)
            self.app.push_screen(Confirm("REPLACE YOUR TABLE?", f"You already have a table named {name}.",
                                         "Replace it", "Keep it", yes_key="R"), answered)
            return
        self._save_as(name, force=False)

    def _save_as(self, name: str, *, force: bool) -> None:
        named = self.draft.changes_named()
        if named is not None:  # not the name of the table it was opened as: that table's pays are other
            self.draft.set_name(named[0])
        try:
            self._saved(self.draft.save_as(name, force=force))
        except (VideoPokerError, OSError) as error:
            self._say(str(error))

    def action_solve(self) -> None:
        cell = self._cursor_cell()
        paytable = self.draft.checked.paytable
        if paytable is None:
            self._say("fix the marked values before solving for a return")
            self.app.bell()
            return
        category = cell[0] if cell else self.draft.categories[0]

        def accepted(pay: int | None) -> None:
            if pay is not None:
                self.draft.set_pay(category, pay)
                self._changed()

        self.app.push_screen(SolveDialog(paytable, category, SOLVING), accepted)

    def action_new(self) -> None:
        def chosen(game: str | None) -> None:
            if game is None:
                return
            start = Draft.new_game if game == NEW_GAME else lambda: Draft.new(game)
            if self.draft.changed:
                def answered(discard: bool | None) -> None:
                    if discard:
                        self._start(start())
                self.app.push_screen(Confirm("UNSAVED CHANGES", "Start a new table and lose these changes?",
                                             "Discard them", "Keep editing", yes_key="D"), answered)
                return
            self._start(start())

        self.app.push_screen(FamilyDialog(self._game_key()), chosen)

    # -- designing the game: its hands and its deck ---------------------------------------------------

    def _cursor_hand(self) -> tuple[PayCategory, int] | None:
        """The hand of the row under the cursor and its place."""
        grid = self.query_one("#grid", DataTable)
        if not grid.row_count:
            return None
        row_key, _ = grid.coordinate_to_cell_key(grid.cursor_coordinate)
        return str(row_key.value), grid.cursor_coordinate.row

    def _game_changed(self, problems: tuple[Problem, ...], row: int | None = None) -> bool:
        """After a change to the game: on a problem say it (nothing changed), else redraw and re-solve."""
        if problems:
            self._say(problems[0].message)
            self.app.bell()
            return False
        self._game_select_follows()
        self._build_grid()
        if row is not None:
            self.query_one("#grid", DataTable).move_cursor(row=row)
        self._changed()
        return True

    def _after_question(self, done: bool | None, row: int | None) -> None:
        if done:
            self._game_changed((), row)

    def _game_select_follows(self) -> None:
        """The GAME field names the table's own game once it has one."""
        select = self.query_one("#edit-game", Select)
        game = self.draft.game
        if game is not None and game.key not in [value for _, value in self.game_options]:
            self.game_options = [*self.game_options, (game.title, game.key)]
            with self.prevent(Select.Changed):
                select.set_options(self.game_options)
        if game is not None:
            with self.prevent(Select.Changed):
                select.value = game.key

    def action_add_hand(self) -> None:
        self._end_edit()
        hand = self._cursor_hand()
        at = hand[1] + 1 if hand else 0

        def apply(key: str, entry: dict[str, Any]) -> tuple[Problem, ...]:
            return self.draft.put_hand(key, entry, at)

        self.app.push_screen(HandDialog("ADD A HAND (below the cursor)", "", {"made": "pair"}, apply),
                             lambda done: self._after_question(done, at))

    def action_edit_hand(self) -> None:
        self._end_edit()
        hand = self._cursor_hand()
        if hand is None:
            return
        key, row = hand

        def apply(new_key: str, entry: dict[str, Any]) -> tuple[Problem, ...]:
            return self.draft.put_hand(new_key, entry, row, replacing=key)

        self.app.push_screen(HandDialog(f"HAND {row + 1}: {self._label(key)}", key, self.draft.hand_entry(key), apply),
                             lambda done: self._after_question(done, row))

    def action_remove_hand(self) -> None:
        self._end_edit()
        hand = self._cursor_hand()
        if hand is not None:
            self._game_changed(self.draft.remove_hand(hand[0]),
                               min(hand[1], len(self.draft.categories) - 1))  # the row below slides up

    def action_move_hand(self, step: int) -> None:
        self._end_edit()
        hand = self._cursor_hand()
        if hand is not None:
            self._game_changed(self.draft.move_hand(hand[0], step), hand[1] + step)

    def action_edit_deck(self) -> None:
        self._end_edit()
        game = self.draft.game
        if game is None:
            self._say("the game does not read yet: fix it in the file first")
            return
        data = game.definition.data()
        self.app.push_screen(DeckDialog(data["title"], data["jokers"], data["wild"], self.draft.set_deck,
                                        data.get("fifth_ace", False)),
                             lambda done: self._after_question(done, None))

    def _start(self, draft: Draft) -> None:
        self.draft, self.baseline = draft, draft.checked.paytable
        self.analysis = self.baseline_analysis = None
        with self.prevent(Input.Changed, Select.Changed):
            self.query_one("#edit-name", Input).value = str(draft.name)
            self.query_one("#edit-coins", Input).value = str(draft.max_coins)
        self._game_select_follows()
        self._build_grid()
        self._changed()

    def cell_text(self, category: PayCategory, column: str) -> str:
        """What the grid shows in a cell (for tests and the curious)."""
        grid = self.query_one("#grid", DataTable)
        value = grid.get_cell(category, column)
        return value.plain if isinstance(value, Text) else str(value)

    def cell_marked(self, category: PayCategory, column: str) -> bool:
        grid = self.query_one("#grid", DataTable)
        value = grid.get_cell(category, column)
        return isinstance(value, Text) and value.style == BAD
