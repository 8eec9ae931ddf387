"""``videopoker edit [PAYTABLE]``: the paytable editor on its own, without a machine or wallet."""

from __future__ import annotations

from textual.app import App

from videopoker.paytable import find_paytable
from videopoker.paytable.draft import Draft
from videopoker.tui.screens.editor import EditorScreen


class EditorApp(App[None]):
    """Shows one :class:`EditorScreen`; leaving it quits."""

    TITLE = "videopoker edit"
    CSS_PATH = "machine.tcss"  # the dialogs look as they do in the game

    def __init__(self, draft: Draft) -> None:
        super().__init__()
        self.draft = draft

    def on_mount(self) -> None:
        self.push_screen(EditorScreen(self.draft), lambda _: self.exit())


def open_draft(name: str | None) -> Draft:
    """The table named (problems in its pays are shown in the editor), or a new Jacks or Better table."""
    return Draft.new("jacks-or-better") if name is None else Draft.open(find_paytable(name))


def run_editor(draft: Draft) -> int:
    EditorApp(draft).run()
    return 0
