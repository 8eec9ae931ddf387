"""The ledger screen (`l`): every hand on record, where the player stands against the exact
expectation and over a lifetime, the costliest leaks and the hands made most surprisingly often or
rarely against the odds of the holds made, and two plots, credits over the hands played and the
return so far against what the holds made were worth.

The report is read in a worker (a big ledger takes a moment, a table first seen is solved), from
the same :func:`videopoker.ledger.report.history` as ``videopoker history``, so both say the same.
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
from textual_plotext import PlotextPlot

from videopoker.errors import VideoPokerError
from videopoker.ledger.frequencies import AS_DUE, Frequencies, frequencies
from videopoker.ledger.leaks import Leaks, leaks
from videopoker.ledger.report import Course, Report, history

#: Points a plot is drawn from: more than a terminal's width shows.
PLOT_POINTS = 240


#: Leaks the screen names; `videopoker history --leaks` lists them all.
LEAKS_SHOWN = 3
#: Hands made against the odds the screen names, the most surprising; `history --leaks` lists them all.
FREQUENCIES_SHOWN = 2


def ledger_lines(report: Report, found: Leaks | None = None, made: Frequencies | None = None) -> list[str]:
    """The record in words (also what the tests read), then where you stand, your costliest leaks
    and the hands made most surprisingly often or rarely."""
    standing = [report.standing.line()] if report.standing is not None else []
    if not report.total.hands:
        return [*report.record_lines(), *standing]
    lines = [*report.record_lines(), *report.luck_lines()]  # as `videopoker history` says them
    if report.doubles.count:
        lines.append(report.doubles.text())
    if report.balance is not None:
        lines.append(report.balance.text())
    lines.extend(standing)
    lines.extend(report.notes)
    if found is not None and found.leaks:
        lines.append("Your leaks, the costliest first (every one: videopoker history --leaks):")
        lines.extend(f"  {leak.text()}" for leak in found.leaks[:LEAKS_SHOWN])
    surprising = [frequency for frequency in (made.frequencies if made is not None else [])
                  if frequency.side != AS_DUE]  # the most surprising first
    if surprising:
        lines.append("Hands made against the odds of your holds (all: videopoker history --leaks):")
        lines.extend(f"  {frequency.text()}" for frequency in surprising[:FREQUENCIES_SHOWN])
    return lines


def whole_ticks(first: int, last: int, most: int = 4) -> list[int]:
    """Round whole numbers from ``first`` to ``last``, at most ``most`` + 1 of them, 1-2-5 steps
    apart (hands are counted, not measured: no "23.2 hands")."""
    step = 1
    while (last - first) // step > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return list(range(-(-first // step) * step, last + 1, step))


class LedgerScreen(ModalScreen[None]):
    """The record; escape, l, q or enter closes it."""

    BINDINGS = [Binding("escape,l,L,enter,space,q,Q", "dismiss", "close")]

    def __init__(self, home: Path, paytable: str | None = None) -> None:
        super().__init__()
        self.home, self.paytable = home, paytable

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="ledger"):
            with Horizontal(classes="dialog-head"):
                yield Static("LEDGER · EVERY HAND ON RECORD", classes="dialog-title", markup=False)
                yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
            with VerticalScroll():
                yield Static("Reading the ledger…", id="ledger-text", classes="dialog-text", markup=False)
                with Horizontal(id="ledger-plots"):
                    yield PlotextPlot(id="ledger-credits")
                    yield PlotextPlot(id="ledger-return")
                yield DataTable(id="ledger-hands", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.query_one("#ledger-plots").display = False
        self.query_one(DataTable).display = False
        self.run_worker(self._read, thread=True, exclusive=True)
        self.query_one(VerticalScroll).focus()  # End, PageDown and the arrows scroll it, no Tab first

    def _read(self) -> None:
        try:
            report = history(self.home, self.paytable, points=PLOT_POINTS)
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self.show_report, report)
            found = leaks(self.home, self.paytable)  # after the record: a table's chart may take seconds
            made = frequencies(self.home, self.paytable)
        except VideoPokerError as error:
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self.query_one("#ledger-text", Static).update, f"The ledger: {error}")
            return
        if not get_current_worker().is_cancelled and (found.leaks or made.frequencies):
            self.app.call_from_thread(self.query_one("#ledger-text", Static).update,
                                      "\n".join(ledger_lines(report, found, made)))

    def show_report(self, report: Report) -> None:
        self.query_one("#ledger-text", Static).update("\n".join(ledger_lines(report)))
        if report.course is not None and len(report.course.hands) > 1:
            self.query_one("#ledger-plots").display = True
            self._plot(report.course)
        if report.tables:
            self._hands(report)

    def _plot(self, course: Course) -> None:
        credits = self.query_one("#ledger-credits", PlotextPlot).plt
        credits.clear_figure()
        credits.title("Credits")
        credits.plot(course.hands, course.credits, marker="braille")
        credits.xlabel("hands played")
        returns = self.query_one("#ledger-return", PlotextPlot).plt
        returns.clear_figure()
        returns.title("Return so far")
        returns.plot(course.hands, [value * 100 for value in course.actual], marker="braille", label="actual")
        returns.plot(course.hands, [value * 100 for value in course.expected], marker="braille", label="expected")
        returns.xlabel("hands played")
        ticks = whole_ticks(course.hands[0], course.hands[-1])
        for figure in (credits, returns):
            figure.xticks([float(tick) for tick in ticks], [f"{tick:,}" for tick in ticks])
        for plot in self.query(PlotextPlot):
            plot.refresh()

    def _hands(self, report: Report) -> None:
        """What each table made against perfect play's count, then the biggest wins."""
        table = self.query_one(DataTable)
        table.add_columns("Table", "Hand", "Count", "Expected")
        for record in report.tables:
            for count in record.categories:
                table.add_row(record.paytable.name, count.label, Text(f"{count.count:,}", justify="right"),
                              Text(count.expected_text, justify="right"))
        for win in report.biggest:
            table.add_row(win.paytable, f"BIG WIN: {win.label}", Text(f"{win.win:,}", justify="right"), "")
        table.display = True
