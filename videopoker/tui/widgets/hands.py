"""The upper hands of a multi-hand machine: one compact line per hand above the dealt one.

Before the draw each line shows the held cards copied from the dealt hand and backs for the
rest, as Triple Play machines do; after it, each hand's final cards, what it made and its win.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from videopoker.machine.game import MachineState, Phase
from videopoker.tui.hand_text import LOST, WON, hand_line
from videopoker.tui.kinds import view_of


def upper_lines(state: MachineState) -> list[Text]:
    """The lines of hands 2..N for ``state`` (the dealt hand is the big one below them)."""
    paytable, upper = state.paytable, state.hands - 1
    line_prefix, earned_suffix = view_of(paytable).line_prefix, view_of(paytable).earned_suffix
    if state.phase is Phase.DEALT:
        copied = tuple(card if keep else None for card, keep in zip(state.hand, state.held))
        return [hand_line(copied, paytable, prefix=line_prefix(state, hand)) for hand in range(1, upper + 1)]
    last = state.last
    if last is None or last.hands != state.hands:
        return [hand_line((None,) * 5, paytable, prefix=line_prefix(state, hand)) for hand in range(1, upper + 1)]
    lines = []
    for hand, result in enumerate(last.results[1:], 1):
        outcome = (Text(f"{result.name} {result.win:,}{earned_suffix(state, hand)}", style=WON) if result.win
                   else Text("—", style=LOST))
        lines.append(hand_line(result.final, paytable, outcome, line_prefix(state, hand)))
    return lines


class HandsPanel(Static):
    """Hands 2..N, one line each; inside a scrolling box for 50 and 100 hands."""

    DEFAULT_CSS = """
    HandsPanel { width: auto; height: auto; }
    """

    lines_shown: tuple[str, ...] = ()  # the lines as plain text, for a reader or a test

    def show(self, state: MachineState) -> None:
        view = view_of(state.paytable)
        lines = view.stack_lines(state) if view.shows_stack(state) else upper_lines(state)
        self.lines_shown = tuple(line.plain for line in lines)
        self.update(Text("\n").join(lines))
