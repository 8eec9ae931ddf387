"""What the glass asks of a feature kind's view: the base answers for a kind that shows nothing
of its own, and for a table without a feature."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from videopoker.machine.game import MachineState
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory

#: A return pane: its headers, its rows and the status line under it.
Returns = tuple[Sequence[str], list[list[str | Text]], str]


def figures_row(label: str, *figures: str) -> list[str | Text]:
    """A row of a return pane: the hand's name, then figures set right."""
    return [label, *(Text(figure, justify="right") for figure in figures)]


class KindView:
    """How the machine's glass and the analysis screen show one feature kind."""

    #: Whether the title names the multiplier a deal plays under (a wheel has none to tell).
    tells_multiplier: bool = True

    def paytable_shown(self, state: MachineState, paytable: Paytable) -> Paytable:
        """The pays the glass shows now (the table's, where the state pays no others)."""
        return paytable

    def caption(self, state: MachineState, position: int) -> str:
        """What the card at ``position`` says under it in place of HELD, where the kind marks it (a
        dream card): nothing here."""
        return ""

    def title_tag(self, state: MachineState) -> str | None:
        """What the title says of the kind's state, where it says more than how to play it (None)."""
        return None

    def message(self, state: MachineState) -> str | None:
        """The message line, where the kind has one of its own (None: the usual one)."""
        return None

    def shows_stack(self, state: MachineState) -> bool:
        """Whether the glass shows a stack of deals in place of the upper hands."""
        return False

    def awards(self, state: MachineState) -> dict[PayCategory, str]:
        """What each paying hand earns beside its pay, as a cabinet prints it (none: nothing)."""
        return {}

    def stack_lines(self, state: MachineState) -> list[Text]:
        """The stack's lines, the top first."""
        return []

    def line_prefix(self, state: MachineState, hand: int) -> str:
        """What starts hand ``hand``'s line (0 is the dealt hand)."""
        return ""

    def earned_suffix(self, state: MachineState, hand: int) -> str:
        """What ends a played hand's line: what it earned for the next round."""
        return ""

    def returns(self, paytable: Paytable, hands: int, heard: Callable[[float, str], None]) -> Returns:
        """The analysis screen's return pane of a kind that carries state, solved for the whole game."""
        raise NotImplementedError(f"{paytable.name}: no return pane of its own")
