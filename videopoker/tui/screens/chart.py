"""The strategy chart screen (`c`): the table's chart at the bet on the meter, the line that plays
the dealt hand marked, and the exact cost of following it; `t` steps through its tiers.

The chart is the one `videopoker strategy PAYTABLE` derives (:func:`~videopoker.analysis.charts.derive.chart_for`):
read from the cache when the warm-up has derived it, else derived here in a worker (a few seconds,
with a line saying so), which stops if the screen is closed first.  Its tiers, beginner to perfect
(:func:`~videopoker.analysis.charts.tiers.ladder`, `videopoker strategy --tier`), are worked out the
first time `t` is pressed; each marks the lines it adds to the one below.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.machine.training import cards_text, chart_line_of
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted, visible
from videopoker.tui.cancelling import Cancelled, until_cancelled


class ChartScreen(ModalScreen[None]):
    """A table's strategy chart; t steps through its tiers; escape, c or enter closes it."""

    BINDINGS = [Binding("escape,c,C,enter,space,q,Q", "dismiss", "close"),
                Binding("t,T", "next_tier", "tier")]

    def __init__(self, paytable: Paytable, coins: int, dealt: Sequence[Card] | None) -> None:
        """At a feature's bet (above max_coins) the chart is the base game's at max_coins, and says so."""
        super().__init__()
        self.paytable, self.dealt = paytable, tuple(dealt) if dealt else None
        self.coins = min(coins, paytable.max_coins)
        self.tier: int | None = None  # the whole chart until `t` asks for a tier

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with Horizontal(classes="dialog-head"):
                yield Static(self._title(), id="chart-title", classes="dialog-title", markup=False)
                yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)
            hand = Static("", id="chart-hand", classes="dialog-text", markup=False)
            hand.display = False  # the line that plays the dealt hand, where the scroll never takes it
            yield hand
            with VerticalScroll():
                yield Static("Deriving the chart from the exact solution (a few seconds, once)…", id="chart-summary",
                             classes="dialog-text", markup=False)

    def _title(self) -> str:
        from videopoker.analysis.charts.tiers import TIERS  # the charts load with the screen, not the machine

        base = " · BASE GAME" if self.paytable.feature is not None else ""  # its feature's holds differ
        chart = "STRATEGY CHART" if self.tier is None else f"{TIERS[self.tier].upper()} CHART"
        return f"{chart} · {visible(self.paytable.name)} · {counted(self.coins, 'coin')}{base}"

    def on_mount(self) -> None:
        self.run_worker(self._derive, thread=True, exclusive=True)

    def action_next_tier(self) -> None:
        """The next tier up, from the beginner's after the whole chart and the perfect one."""
        from videopoker.analysis.charts.tiers import TIERS

        self.tier = 0 if self.tier is None or self.tier == len(TIERS) - 1 else self.tier + 1
        self.query_one("#chart-title", Static).update(self._title())
        self.query_one("#chart-summary", Static).update(
            f"Working out the {TIERS[self.tier]} tier from the exact solution (a few seconds, once)…")
        self.query_one(VerticalScroll).remove_children(".chart-line, .chart-legend")
        self.run_worker(self._derive, thread=True, exclusive=True)

    def _derive(self) -> None:
        from videopoker.analysis.charts.derive import chart_for, chart_return
        from videopoker.analysis.charts.patterns import legend
        from videopoker.analysis.charts.tiers import TIERS, ladder
        from videopoker.analysis.solve.draws import sets_only

        worker = get_current_worker()
        tier, added = self.tier, frozenset[int]()
        try:
            sets_only(self.paytable.game)  # a game of places has no chart: said on the screen
            if tier is None:
                chart = chart_for(self.paytable, self.coins, progress=until_cancelled())
                assert chart is not None
                played = chart_return(chart, self.paytable, self.coins)
            else:
                tiers = ladder(self.paytable, self.coins, progress=until_cancelled())
                played, added = tiers[tier].played, tiers[tier].added
                chart = played.chart
        except Cancelled:
            return
        except VideoPokerError as error:  # said on the screen; a worker's error never takes the machine down
            if not worker.is_cancelled:
                self.app.call_from_thread(self.query_one("#chart-summary", Static).update, visible(str(error)))
            return
        texts = chart.texts()
        texts_legend = legend(texts)
        line = chart_line_of(chart, self.paytable, self.dealt) if self.dealt else None
        grown = f" The {TIERS[tier - 1]} tier's with {counted(len(added), 'line')} added (+)." if tier else ""
        summary = (f"{counted(chart.holding_lines, 'line')}, then discard everything; best first: the first "
                   f"that fits the dealt hand says what to hold.{grown} "
                   f"Played literally it returns {float(played.rtp) * 100:.4f}%; perfect play "
                   f"{float(played.optimal.rtp) * 100:.4f}% (cost {float(played.cost) * 100:.4f}%). "
                   "t: the next tier.")
        hand = None
        if line is not None:
            where = f"line {line.number} (marked)" if line.number else "no line fits: discard everything"
            hand = f"THIS HAND: {where} — HOLD {cards_text(line.kept)}"
        if not worker.is_cancelled and tier == self.tier:
            self.app.call_from_thread(self._show, texts, summary, line.number if line else None, texts_legend, hand,
                                      added, [chart.exception_texts(place) for place in range(len(texts))])

    def _show(self, texts: list[str], summary: str, marked: int | None, key: Sequence[str] = (),
              hand: str | None = None, added: frozenset[int] = frozenset(),
              exceptions: Sequence[Sequence[str]] = ()) -> None:
        """The chart's lines in the scroll, the marked one in view, and under them what its shorthand
        means; the dealt hand's line above the scroll, in view however it scrolls."""
        self.query_one("#chart-summary", Static).update(summary)
        if hand:
            shown = self.query_one("#chart-hand", Static)
            shown.update(hand)
            shown.display = True
        width = len(str(len(texts))) + 1
        rows = []
        for number, text in enumerate(texts, 1):
            row = Table(box=None, show_header=False, padding=(0, 1), expand=True)
            row.add_column(justify="right", no_wrap=True, width=width)
            row.add_column(ratio=1)
            row.add_row(f"{number}.", f"+ {visible(text)}" if number - 1 in added else visible(text))
            for said in exceptions[number - 1] if exceptions else ():  # penalty-card style, under its line
                row.add_row("", f"  {visible(said)}")
            classes = ["chart-line", *(["marked"] if number == marked else []),
                       *(["added"] if number - 1 in added else [])]
            rows.append(Static(row, classes=" ".join(classes)))
        if key:
            rows.append(Static("\n".join(key), classes="chart-legend", markup=False))
        scroll = self.query_one(VerticalScroll)
        scroll.remove_children(".chart-line, .chart-legend")
        scroll.mount_all(rows)
        if marked:
            self.call_after_refresh(scroll.scroll_to_widget, rows[marked - 1], animate=False)
        scroll.focus()
