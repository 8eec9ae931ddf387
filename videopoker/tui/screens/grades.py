"""The session screen (`s`): how well the player has held, in credits, and the costliest mistakes.

The grades separate skill from luck: what the player's holds were worth (their exact EVs), what
perfect holds on the same deals were worth, and what the cards actually paid.  The table's exact
return under perfect play is solved in a worker, as everywhere else.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static
from textual.worker import get_current_worker

from videopoker.machine.training import MAJOR_COST, Training, cards_text
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted, visible


def percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "—"


def grade_lines(training: Training) -> list[str]:
    """The grades as a player reads them (also what the tests read)."""
    if not training.decisions:
        return ["No graded hands yet: every draw is graded once the hint engine has loaded this game."]
    staked = training.staked
    return [
        f"{counted(training.decisions, 'decision')} on {counted(training.hands, 'hand')} · "
        f"{training.right:,} right ({training.percent_right():.1f}%) · "
        f"{counted(len(training.mistakes), 'mistake')} kept below",
        f"EV lost {float(training.lost):,.2f} credits in all · {training.lost_per_100_hands():.2f} per 100 hands",
        f"Your holds were worth {percent(float(training.worth), staked)} of the {staked:,} credits bet; "
        f"perfect holds on the same deals {percent(float(training.best_worth), staked)}",
        f"The cards paid {training.won:,}: {percent(training.won, staked)} (luck is the rest)",
    ]


class GradesScreen(ModalScreen[None]):
    """The trainer's report; any of escape, s or enter closes it."""

    BINDINGS = [Binding("escape,s,S,enter,space,q,Q", "dismiss", "close")]

    def __init__(self, training: Training, paytable: Paytable, coins: int) -> None:
        super().__init__()
        self.training, self.paytable, self.coins = training, paytable, coins

    def compose(self) -> ComposeResult:
        trainer = "on" if self.training.trainer else "off (t turns it on)"
        with Vertical(id="dialog"):
            with Horizontal(classes="dialog-head"):
                yield Static(f"SESSION · trainer {trainer}", classes="dialog-title", markup=False)
                yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
            with VerticalScroll():
                yield Static("\n".join(grade_lines(self.training)), id="grades-text", classes="dialog-text",
                             markup=False)
                yield Static(f"{visible(self.paytable.name)} returns …", id="grades-table", classes="dialog-text",
                             markup=False)
                yield Static(f"COSTLIEST MISTAKES (cost in coins per coin bet; major from {float(MAJOR_COST):.2f})",
                             classes="dialog-title", markup=False)
                yield DataTable(id="grades-mistakes", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Dealt", "You held", "Best", "Cost", "")
        for decision in self.training.mistakes:
            table.add_row(cards_text(decision.dealt), decision.held_text(),
                          decision.held_text(decision.best), Text(f"{float(decision.cost):.4f}", justify="right"),
                          "MAJOR" if decision.major else "minor")
        if not self.training.mistakes:
            table.display = False
        self.run_worker(self._solve, thread=True, exclusive=True)

    def _solve(self) -> None:
        from videopoker.analysis import analyze

        analysis = analyze(self.paytable, self.coins)
        if not get_current_worker().is_cancelled:
            line = (f"{visible(self.paytable.name)} returns {float(analysis.rtp) * 100:.4f}% with perfect play at "
                    f"{counted(self.coins, 'coin')}")
            self.app.call_from_thread(self.query_one("#grades-table", Static).update, line)
