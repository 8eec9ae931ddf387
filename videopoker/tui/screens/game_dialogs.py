"""The game designer's questions: one hand of the game (what it is made of), and the deck (title,
jokers, wild cards).  Each answer is tried on a copy of the table and taken only when the game
still reads, so the designer sees the checker's own words ("did you mean 'ranks'?", "can never
be paid: ... above it takes every hand it matches") before anything changes."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from videopoker.errors import Problem
from videopoker.rules.definition import Made
from videopoker.storage.usertext import visible

Apply = Callable[..., tuple[Problem, ...]]


def words(text: str) -> list[Any]:
    """``J, Q K`` → ``["J", "Q", "K"]``; numbers as numbers, as a game file writes them."""
    return [int(word) if word.isdigit() else word for word in re.split(r"[\s,]+", text.strip()) if word]


def listed(values: Any) -> str:
    return " ".join(str(value) for value in values) if isinstance(values, list) else str(values or "")


class _Question(ModalScreen[bool]):
    """A small form; enter or OK tries the answer, escape or CANCEL leaves everything as it was."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def answer(self) -> tuple[Problem, ...]:
        raise NotImplementedError

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._try()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self._try()
        else:
            self.dismiss(False)

    def _try(self) -> None:
        problems = self.answer()
        if problems:
            self.query_one("#question-problem", Static).update(visible(problems[0].message))
            self.app.bell()
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def buttons(self) -> ComposeResult:
        yield Static("", id="question-problem", classes="dialog-text", markup=False)
        with Horizontal(classes="dialog-buttons"):
            yield Button("OK", id="ok", variant="primary")
            yield Button("CANCEL", id="cancel")


class HandDialog(_Question):
    """One hand of the game: its key, what it is made of, and its machine label."""

    def __init__(self, title: str, key: str, entry: dict[str, Any], apply: Apply) -> None:
        super().__init__()
        self.heading, self.key, self.entry, self.apply = title, key, entry, apply

    def compose(self) -> ComposeResult:
        entry = self.entry
        with Vertical(id="dialog"):
            yield Static(self.heading, classes="dialog-title", markup=False)
            with Horizontal(classes="question-row"):
                yield Label("KEY")
                yield Input(self.key, id="hand-key", max_length=40, compact=True)
            with Horizontal(classes="question-row"):
                yield Label("MADE")
                yield Select([(made.value, made.value) for made in Made], value=entry.get("made", "pair"),
                             allow_blank=False, id="hand-made", compact=True)
            with Horizontal(classes="question-row"):
                yield Label("RANKS")
                yield Input(listed(entry.get("ranks")), id="hand-ranks", placeholder="e.g. A, or J Q K A",
                            compact=True)
                yield Checkbox("SIDES ADD UP", bool(entry.get("sides_add_up")), id="hand-sides", compact=True,
                               tooltip="three of a kind whose two other cards add up to its rank: 3-6-9-9-9")
            with Horizontal(classes="question-row"):
                yield Label("KICKER")
                yield Input(listed(entry.get("kicker")), id="hand-kicker", compact=True,
                            placeholder="fifth card, e.g. 2 3 4 or Js Jc")
            with Horizontal(classes="question-row"):
                yield Label("HOLDING")
                yield Input(listed(entry.get("holding")), id="hand-holding", compact=True,
                            placeholder="one of these cards anywhere, e.g. Ah Ad")
            with Horizontal(classes="question-row"):
                yield Label("ORDER")
                yield Input(listed(entry.get("order")), id="hand-order", compact=True,
                            placeholder="left to right, e.g. 10 J Q K A or As Ac")
                yield Checkbox("BOTH WAYS", bool(entry.get("reversible")), id="hand-reversible", compact=True)
            with Horizontal(classes="question-row"):
                yield Label("COUNT")
                yield Input(listed(entry.get("count")), id="hand-count", placeholder="wild cards in it",
                            compact=True)
                yield Checkbox("NATURAL (no wild card)", bool(entry.get("natural")), id="hand-natural",
                               compact=True)
            with Horizontal(classes="question-row"):
                yield Label("LABEL")
                yield Input(str(entry.get("label", "")), id="hand-label", max_length=15, compact=True,
                            placeholder="as the machine shows it")
            yield from self.buttons()

    def answer(self) -> tuple[Problem, ...]:
        entry: dict[str, Any] = {"made": str(self.query_one("#hand-made", Select).value)}
        for field in ("ranks", "kicker", "holding", "order"):
            found = words(self.query_one(f"#hand-{field}", Input).value)
            if found:
                entry[field] = found
        if self.query_one("#hand-reversible", Checkbox).value:
            entry["reversible"] = True
        if self.query_one("#hand-sides", Checkbox).value:
            entry["sides_add_up"] = True
        count = self.query_one("#hand-count", Input).value.strip()
        if count:
            entry["count"] = int(count) if count.isdigit() else count
        if self.query_one("#hand-natural", Checkbox).value:
            entry["natural"] = True
        label = self.query_one("#hand-label", Input).value.strip()
        if label:
            entry["label"] = label
        key = self.query_one("#hand-key", Input).value.strip()
        return self.apply(key, entry)


class DeckDialog(_Question):
    """The game as a whole: its title, the jokers added, a fifth ace, and the other wild cards."""

    def __init__(self, title: str, jokers: int, wild: list[Any], apply: Apply, fifth_ace: bool = False) -> None:
        super().__init__()
        self.game_title, self.jokers, self.wild, self.apply = title, jokers, wild, apply
        self.fifth_ace = fifth_ace

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("THE GAME", classes="dialog-title", markup=False)
            with Horizontal(classes="question-row"):
                yield Label("TITLE")
                yield Input(self.game_title, id="deck-title", max_length=40, compact=True)
            with Horizontal(classes="question-row"):
                yield Label("JOKERS")
                yield Input(str(self.jokers), id="deck-jokers", max_length=2, compact=True, placeholder="0, 1 or 2")
                yield Checkbox("FIFTH ACE", self.fifth_ace, id="deck-fifth-ace", compact=True,
                               tooltip="Five Aces: a 53rd card, an ace of stars (A★), natural, never in a flush")
            with Horizontal(classes="question-row"):
                yield Label("WILD")
                yield Input(listed(self.wild), id="deck-wild", compact=True,
                            placeholder="ranks (2) or cards (Js Jh); jokers are wild")
            yield from self.buttons()

    def answer(self) -> tuple[Problem, ...]:
        jokers_text = self.query_one("#deck-jokers", Input).value.strip() or "0"
        jokers: Any = int(jokers_text) if jokers_text.isdigit() else jokers_text
        return self.apply(self.query_one("#deck-title", Input).value.strip(), jokers,
                          words(self.query_one("#deck-wild", Input).value),
                          self.query_one("#deck-fifth-ace", Checkbox).value)
