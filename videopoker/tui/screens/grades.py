"""The session screen (`s`): how well the player has held, in credits, and the costliest mistakes.

The grades separate skill from luck: what the player's holds were worth (their exact EVs), what
perfect holds on the same deals were worth, and what the cards actually paid.  Playing for real,
those figures are the record's, read in a worker from the same
:meth:`videopoker.ledger.report.Report.record_lines` as ``videopoker history`` prints, so the two
never give two answers; the trainer adds what it judged at the draw (holds right, mistakes),
said as its own.  A practice session is on no record: its figures are the trainer's, said so.
The table's exact return under perfect play is solved in a worker, as everywhere else.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static
from textual.worker import get_current_worker

from videopoker.errors import VideoPokerError
from videopoker.ledger.report import Report, history
from videopoker.machine.training import MAJOR_COST, Training, cards_text
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted, visible


def percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "—"


#: What the record's figures are, over them.
ON_RECORD = "On record, every wallet of this home (as `videopoker history` says):"
#: What the trainer's figures are, over them, playing for real and in practice.
JUDGED = "Judged at the draw by the trainer (this wallet only):"
PRACTICE = "This practice session, not on record:"


def grade_lines(training: Training) -> list[str]:
    """A practice session's grades, all the trainer's (also what the tests read)."""
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


def judged_lines(training: Training) -> list[str]:
    """Beside the record, what only the trainer knows: how many holds it judged at the draw and
    how many were right (the credits are the record's, which has every round)."""
    if not training.decisions:
        return ["No holds judged yet: every draw is judged once the hint engine has loaded this game."]
    wrong = training.decisions - training.right
    return [f"{counted(training.decisions, 'hold')} judged · {training.right:,} right "
            f"({training.percent_right():.1f}%) · {counted(wrong, 'mistake')}" +
            (", the costliest below" if wrong else "")]


def record_lines(report: Report) -> list[str]:
    """The record's part of the screen: the lines ``videopoker history`` prints of it, and any
    note on what the report could not do (rounds counted but not yet on record)."""
    return [ON_RECORD, *report.record_lines(), *report.notes]


def headed(lines: list[str]) -> Text:
    """Lines under their heading (the first, in bold), shown literally."""
    return Text("\n").join([Text(lines[0], style="bold"), *(Text(line) for line in lines[1:])])


class GradesScreen(ModalScreen[None]):
    """The trainer's report; any of escape, s or enter closes it."""

    BINDINGS = [Binding("escape,s,S,enter,space,q,Q", "dismiss", "close")]

    def __init__(self, training: Training, paytable: Paytable, coins: int, home: Path | None = None) -> None:
        """``home`` is where the record is, playing for real; ``None`` in practice."""
        super().__init__()
        self.training, self.paytable, self.coins, self.home = training, paytable, coins, home

    def compose(self) -> ComposeResult:
        trainer = "on" if self.training.trainer else "off (t turns it on)"
        with Vertical(id="dialog"):
            with Horizontal(classes="dialog-head"):
                yield Static(f"SESSION · trainer {trainer}", classes="dialog-title", markup=False)
                yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
            with VerticalScroll():
                if self.home is not None:
                    yield Static(headed([ON_RECORD, "Reading the ledger…"]), id="grades-record",
                                 classes="dialog-text")
                    lines = [JUDGED, *judged_lines(self.training)]
                else:
                    lines = [PRACTICE, *grade_lines(self.training)]
                yield Static(headed(lines), id="grades-text", classes="dialog-text")
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
        if self.home is not None:
            self.run_worker(self._read, thread=True, group="record")
        self.query_one(VerticalScroll).focus()  # End, PageDown and the arrows scroll it, no Tab first
        self.run_worker(self._solve, thread=True, exclusive=True)

    def _read(self) -> None:
        """The record, as ``videopoker history`` reads it (read-only; a big ledger takes a moment)."""
        assert self.home is not None
        try:
            lines = record_lines(history(self.home))
        except VideoPokerError as error:
            lines = [ON_RECORD, f"The ledger: {error}"]
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.query_one("#grades-record", Static).update, headed(lines))

    def _solve(self) -> None:
        from videopoker.analysis import analyze

        analysis = analyze(self.paytable, self.coins)
        if not get_current_worker().is_cancelled:
            line = (f"{visible(self.paytable.name)} returns {float(analysis.rtp) * 100:.4f}% with perfect play at "
                    f"{counted(self.coins, 'coin')}")
            self.app.call_from_thread(self.query_one("#grades-table", Static).update, line)
