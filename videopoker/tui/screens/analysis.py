"""The analysis screen: the exact return table, a comparison, a simulation and a bankroll's odds.

Everything slow runs in a worker thread and reports back with ``call_from_thread``: the screen
never freezes, keys keep working, and a simulation can be cancelled between two batches.  The
figures come from the same engine calls as ``analyze``, ``simulate`` and ``bankroll``; the
bankroll lines are literally the command's (:meth:`~videopoker.analysis.session.bankroll.Bankroll.lines`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Input,
    Label,
    ProgressBar,
    Select,
    Sparkline,
    Static,
    TabbedContent,
    TabPane,
)
from textual.worker import get_current_worker

from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable, apply_settings, resolve_paytable
from videopoker.paytable.promotions import Promotions, rate_problem
from videopoker.storage.usertext import counted, visible

if TYPE_CHECKING:  # numpy and the analysis load in the workers, when first needed
    from videopoker.analysis.features.feature import FeatureAnalysis, FeatureRow
    from videopoker.analysis.play.simulate import Simulation
    from videopoker.analysis.session.bankroll import Bankroll
    from videopoker.analysis.solve.exact import Analysis, ReturnRow
    from videopoker.analysis.tables.progressive import MeterReturn

PANES = ("return", "compare", "simulate", "bankroll")
#: Seconds between two refreshes of a running simulation: drawing every batch would slow it down.
SHOW_EVERY = 0.1
STRATEGY_CHOICES = (("optimal", "optimal"), ("hold nothing", "hold-nothing"), ("random", "random"))


def count(text: str, what: str, least: int = 1) -> int:
    """A whole number typed by the player (``1,000,000`` and ``1_000`` welcome), or a clear refusal."""
    digits = text.strip().replace(",", "").replace("_", "")
    if not digits.isdigit() or int(digits) < least:
        raise VideoPokerError(f"{what}: type a whole number from {least:,}, like 1,000")
    return int(digits)


def pay_text(value: Fraction) -> str:
    return f"{float(value):g}"


RETURN_HEADERS = ("Hand", "Pays", "Combinations", "Prob.", "1 in", "Return")
COMPARE_HEADERS = ("Hand", "Pays", "Then", "Return", "Then", "Change")
SIMULATE_HEADERS = ("Hand", "Count", "Percent", "Expected %")
BANKROLL_HEADERS = ("Figure", "Value")


def fill(table: DataTable[str | Text], headers: Sequence[str], rows: Sequence[Sequence[str | Text]]) -> None:
    """Put ``rows`` under ``headers``, each column exactly as wide as its widest cell.

    The widths are set here, not measured by the table: a table filled after it was shown could
    draw its header with the widths it had before the rows came (seen on a slow machine, and in
    a stored snapshot)."""
    columns = zip(headers, *rows)
    widths = [max(len(cell.plain if isinstance(cell, Text) else cell) for cell in column) for column in columns]
    table.clear(columns=True)
    # A column's padding is a space each side; where that would not fit the screen (a game of places'
    # 21-digit combinations), one space between columns is enough.
    tight = sum(widths) + 2 * len(widths) > table.app.size.width - 2
    table.cell_padding = 0 if tight else 1
    for header, width in zip(headers, widths):
        table.add_column(header, width=width + tight)
    table.add_rows(rows)


def row(label: str, *figures: str) -> list[str | Text]:
    """A table row: the label, then figures aligned on the right as numbers are."""
    return [label, *(Text(figure, justify="right") for figure in figures)]


class AnalysisScreen(Screen[None]):
    """The analysis of ``paytable`` at a bet of ``coins``; escape goes back to where it came from."""

    DEFAULT_CSS = """
    AnalysisScreen { background: #00002a; layout: vertical; }
    AnalysisScreen #analysis-title { height: 1; color: #ffd700; text-style: bold; padding: 0 1; }
    AnalysisScreen #analysis-keys { height: 1; color: $text-muted; padding: 0 1; }
    AnalysisScreen #panes { height: 1fr; }
    AnalysisScreen TabPane { height: 1fr; padding: 0 1; }
    AnalysisScreen TabPane > VerticalScroll { height: 1fr; }
    AnalysisScreen .status { height: auto; margin: 0 0 1 0; }
    AnalysisScreen .form { height: 3; }
    AnalysisScreen .form Input { width: 15; }
    AnalysisScreen .form #bank-credits, AnalysisScreen .form #bank-hands { width: 12; }
    AnalysisScreen .form #bank-cashback { width: 10; }
    AnalysisScreen .form Label { margin: 1 0 0 0; }
    AnalysisScreen #compare-with { width: 1fr; }
    AnalysisScreen #sim-seed { width: 11; }
    AnalysisScreen .form Select { width: 18; }
    AnalysisScreen .form Button { margin: 1 0 0 1; min-width: 8; }
    AnalysisScreen DataTable { height: auto; }
    AnalysisScreen Sparkline { height: 2; margin: 0 0 1 0; }
    AnalysisScreen .plot { display: none; }
    AnalysisScreen .plot.shown { display: block; }
    AnalysisScreen ProgressBar { height: 1; }
    AnalysisScreen #sim-progress { display: none; }
    AnalysisScreen #sim-progress.shown { display: block; }
    """

    BINDINGS = [Binding("escape", "back", "back"), Binding("enter", "run", "run", show=False),
                *(Binding(str(n), f"pane('{pane}')", pane, show=False) for n, pane in enumerate(PANES, 1))]

    def __init__(self, paytable: Paytable, coins: int | None = None, meter: int | None = None, hands: int = 1) -> None:
        """``meter``: a progressive table's meter as played, whole credits (the return is solved at it);
        ``hands``: a round's, which Ultimate X's return depends on."""
        super().__init__()
        self.paytable = paytable
        #: At the feature bet the return pane solves the feature game; the other panes play the
        #: base game at max_coins, which they know how to simulate and bound.
        at_feature = paytable.plays_feature(coins)
        #: Ultimate X and Multi-Strike carry state across rounds: this screen shows their base game
        #: (`videopoker analyze` solves the feature game).
        self.feature = at_feature and paytable.feature is not None and not paytable.feature.carries_state
        self.stateful = paytable.feature if at_feature and paytable.feature is not None and \
            paytable.feature.carries_state else None
        self.hands = hands
        self.coins = paytable.max_coins if at_feature or coins is None else coins
        self.meter = meter if paytable.progressive is not None and self.coins == paytable.max_coins else None
        self.analysis: Analysis | None = None
        self.simulation: Simulation | None = None
        self.odds: Bankroll | None = None
        self.sim_line = ""

    def compose(self) -> ComposeResult:
        coins = counted(self.paytable.top_bet if self.feature or self.stateful else self.coins, "coin")
        yield Static(f"ANALYSIS · {visible(self.paytable.name)} · {coins} · perfect play", id="analysis-title",
                     markup=False)
        with TabbedContent(id="panes", initial="return"):
            with TabPane("1 RETURN", id="return"), VerticalScroll(can_focus=False):
                yield ProgressBar(total=1.0, show_eta=False, id="return-progress")
                yield Static("", id="return-status", classes="status", markup=False)
                yield DataTable(id="return-table", cursor_type="row", zebra_stripes=True)
            with TabPane("2 COMPARE", id="compare"), VerticalScroll(can_focus=False):
                with Horizontal(classes="form"):
                    yield Input(placeholder="a paytable, or changes: full_house=8 flush=5", id="compare-with")
                    yield Button("COMPARE", id="compare-go", compact=True)
                yield Static("Type another table's name (or file), or pays to change, and press Enter.",
                             id="compare-status", classes="status", markup=False)
                yield DataTable(id="compare-table", cursor_type="row", zebra_stripes=True)
            with TabPane("3 SIMULATE", id="simulate"), VerticalScroll(can_focus=False):
                with Horizontal(classes="form"):
                    yield Label("HANDS")
                    yield Input("1,000,000", placeholder="hands", id="sim-hands")
                    yield Select(STRATEGY_CHOICES, value="optimal", allow_blank=False, id="sim-strategy")
                    yield Label("SEED")
                    yield Input(placeholder="any", id="sim-seed")
                    yield Button("RUN", id="sim-run", compact=True)
                    yield Button("CANCEL", id="sim-cancel", compact=True, disabled=True)
                yield ProgressBar(total=1.0, show_eta=False, id="sim-progress")
                yield Static("Play many hands at once and compare with the exact figures.", id="sim-status",
                             classes="status", markup=False)
                yield Static("Return so far, batch by batch (it settles on the exact return):", classes="plot",
                             markup=False)
                yield Sparkline([], id="sim-return", classes="plot")
                yield Static("Credits won or lost, batch by batch:", classes="plot", markup=False)
                yield Sparkline([], id="sim-credits", classes="plot")
                yield DataTable(id="sim-table", cursor_type="row", zebra_stripes=True)
            with TabPane("4 BANKROLL", id="bankroll"), VerticalScroll(can_focus=False):
                with Horizontal(classes="form"):
                    yield Label("CREDITS")
                    yield Input("1,000", placeholder="credits", id="bank-credits")
                    yield Label("HANDS")
                    yield Input("1,000", placeholder="hands", id="bank-hands")
                    yield Label("CASH BACK")
                    yield Input("0%", placeholder="0.5%", id="bank-cashback")
                    yield Button("COMPUTE", id="bank-go", compact=True)
                yield Static("A bankroll in credits, a session in hands: the exact odds under perfect play.",
                             id="bank-status", classes="status", markup=False)
                yield DataTable(id="bank-table", cursor_type="none", show_header=False)
                yield Static("Ending credits, from 0 to the 99.9th percentile:", classes="plot", markup=False)
                yield Sparkline([], id="bank-plot", classes="plot")
        yield Static("1–4: a pane, its field · enter: run · esc: out of the field, again: back",
                     id="analysis-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#return-table", DataTable).add_columns(*RETURN_HEADERS)
        self.query_one("#compare-table", DataTable).add_columns(*COMPARE_HEADERS)
        self.query_one("#sim-table", DataTable).add_columns(*SIMULATE_HEADERS)
        self.query_one("#bank-table", DataTable).add_columns(*BANKROLL_HEADERS)
        self.query_one("#return-status", Static).update("Solving every dealt hand…")
        self.run_worker(self._solve, thread=True, group="return", exclusive=True)

    # -- keys -------------------------------------------------------------------------------------

    def action_back(self) -> None:
        """Escape: out of the field being typed in (what it holds stays), else back where the screen came from."""
        if isinstance(self.focused, Input):
            self.set_focus(None)
            return
        self.workers.cancel_all()
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Digits belong to a field being typed in; elsewhere they switch panes."""
        return not (action == "pane" and isinstance(self.focused, Input))  # False: the key goes to the input

    def action_pane(self, pane: str) -> None:
        """A pane, and its first field ready for typing (the return pane has none)."""
        self.query_one(TabbedContent).active = pane
        fields = self.query_one(f"#{pane}", TabPane).query(Input)
        if fields:  # at once: keys typed right after the pane's come to its field, not where the focus was
            self.set_focus(fields.first())

    def action_run(self) -> None:
        """Enter, wherever the focus is: what the pane in view does."""
        actions = {"compare": self.compare, "simulate": self.simulate, "bankroll": self.bankroll}
        action = actions.get(self.query_one(TabbedContent).active)
        if action:
            action()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"compare-go": self.compare, "sim-run": self.simulate, "sim-cancel": self.cancel_simulation,
                   "bank-go": self.bankroll}
        action = actions.get(event.button.id or "")
        if action:
            action()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_run()  # an input belongs to the pane in view

    # -- the return table -------------------------------------------------------------------------

    def _solve(self) -> None:
        from videopoker.analysis import analyze

        def heard(fraction: float, stage: str) -> None:
            self.app.call_from_thread(self._progress, "#return-progress", fraction, "#return-status",
                                      f"Solving every dealt hand: {stage}…")

        solved = self.paytable if self.meter is None else self.paytable.at_meter(self.meter)
        analysis = analyze(solved, self.coins, heard)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_return, analysis)
        if self.feature and self.paytable.feature is not None:
            from videopoker.analysis.features.feature import FeatureAnalysis
            from videopoker.analysis.features.registry import engine_of

            featured = engine_of(self.paytable.feature).solved(self.paytable)  # its kind's solve of its deals
            assert isinstance(featured, FeatureAnalysis)
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self._show_feature, featured)
        if self.stateful is not None:
            self._solve_state(heard)
        if self.meter is not None:
            from videopoker.analysis.tables.progressive import meter_return

            meter = meter_return(self.paytable, self.meter, analysis)
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self._show_meter, meter)

    def _solve_state(self, heard: Callable[[float, str], None]) -> None:
        """A feature that carries state solved for the whole game, in place of the base game's table."""
        from videopoker.tui.kinds import view_of

        shown = view_of(self.paytable).returns(self.paytable, self.hands, heard)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_state, *shown)

    def _show_state(self, headers: Sequence[str], rows: list[list[str | Text]], status: str) -> None:
        self.query_one("#return-progress", ProgressBar).display = False
        fill(self.query_one("#return-table", DataTable), headers, rows)
        self.query_one("#return-status", Static).update(status)

    def _progress(self, bar: str, fraction: float, status: str, text: str) -> None:
        self.query_one(bar, ProgressBar).update(progress=fraction)
        self.query_one(status, Static).update(text)

    def _show_return(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.query_one("#return-progress", ProgressBar).display = False
        label = analysis.paytable.game.label
        self._fill_return([(line, line.contribution) for line in analysis.rows], analysis.total_combinations,
                          analysis.rtp)
        even = ""
        if self.paytable.double_up:
            from videopoker.machine.double_up import even_bet_line

            even = f"\n{even_bet_line()}"
        self.query_one("#return-status", Static).update(
            f"Return {float(analysis.rtp) * 100:.4f}% · variance {float(analysis.variance):.4f} · "
            f"SD {analysis.standard_deviation:.4f} · {label(analysis.top_category).lower()} every "
            f"{analysis.top_cycle:,.0f} hands{even}")

    def _fill_return(self, lines: Sequence[tuple[ReturnRow | FeatureRow, Fraction]], total: int,
                     rtp: Fraction) -> None:
        """The return table: a final hand a row, with its part of the return (the base game's or
        the feature's), and the total."""
        from videopoker.analysis.solve.exact import one_in_text

        label = self.paytable.label  # a hand its feature bet judges its own way too (QUICK 5s-10s)
        rows = [row(label(line.category), pay_text(line.pays), f"{line.combinations:,}",
                    f"{float(line.probability):.8f}", one_in_text(line.probability),
                    f"{float(value):.6f}") for line, value in lines]
        rows.append(row("TOTAL", "", f"{total:,}", "1.00000000", "", f"{float(rtp):.6f}"))
        fill(self.query_one("#return-table", DataTable), RETURN_HEADERS, rows)

    def _show_feature(self, analysis: FeatureAnalysis) -> None:
        """The feature game's return table in place of the base game's, which the status still names."""
        label = self.paytable.label
        self._fill_return([(line, line.feature_return) for line in analysis.rows], analysis.total_combinations,
                          analysis.rtp)
        self.query_one("#return-status", Static).update(
            f"Return {float(analysis.rtp) * 100:.4f}% at {analysis.coins} coins, "
            f"{analysis.feature.kind} · without the feature {float(analysis.base.rtp) * 100:.4f}% at "
            f"{self.paytable.max_coins} · variance {float(analysis.variance):.4f} · SD "
            f"{analysis.standard_deviation:.4f} per coin of the whole bet\n"
            + "\n".join(analysis.feature.lines(label))
            + f"\nThe other panes play the base game at {self.paytable.max_coins} coins.")

    def _show_meter(self, meter: MeterReturn) -> None:
        status = self.query_one("#return-status", Static)
        status.update(f"{status.render()}\n" + " ".join(meter.lines()))

    # -- compare ----------------------------------------------------------------------------------

    def compare(self) -> None:
        text = self.query_one("#compare-with", Input).value.strip()
        status = self.query_one("#compare-status", Static)
        try:
            other = self._other_table(text)
        except (VideoPokerError, OSError) as error:
            status.update(visible(str(error)))
            return
        status.update(f"Solving {visible(other.name)}…")
        self.run_worker(lambda: self._solve_other(other), thread=True, group="compare", exclusive=True)

    def _other_table(self, text: str) -> Paytable:
        """A table named (or a file), or this one with ``key=pay`` changes."""
        if not text:
            raise VideoPokerError("type a paytable's name, or changes such as full_house=8 flush=5")
        if "=" in text:
            return apply_settings(self.paytable, text.split())
        return resolve_paytable(text)

    def _solve_other(self, other: Paytable) -> None:
        from videopoker.analysis import analyze

        try:
            coins = other.base_bet(min(self.coins, other.max_coins))
            mine = self.analysis or analyze(self.paytable, self.coins)
            theirs = analyze(other, coins)
        except (VideoPokerError, OSError) as error:
            self.app.call_from_thread(self.query_one("#compare-status", Static).update, visible(str(error)))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_compare, mine, theirs)

    def _show_compare(self, mine: Analysis, theirs: Analysis) -> None:
        theirs_rows = {row.category: row for row in theirs.rows}
        lines = []
        for line in mine.rows:
            other = theirs_rows.get(line.category)
            if other is None:
                continue
            change = float(other.contribution - line.contribution)
            lines.append(row(mine.paytable.game.label(line.category), pay_text(line.pays), pay_text(other.pays),
                             f"{float(line.contribution):.6f}", f"{float(other.contribution):.6f}", f"{change:+.6f}"))
        total = float(theirs.rtp - mine.rtp)
        lines.append(row("TOTAL", "", "", f"{float(mine.rtp):.6f}", f"{float(theirs.rtp):.6f}", f"{total:+.6f}"))
        fill(self.query_one("#compare-table", DataTable), COMPARE_HEADERS, lines)
        self.query_one("#compare-status", Static).update(
            f"{visible(mine.paytable.name)} {float(mine.rtp) * 100:.4f}% → {visible(theirs.paytable.name)} "
            f"{float(theirs.rtp) * 100:.4f}%: {total * 100:+.4f} points")

    # -- simulate ---------------------------------------------------------------------------------

    def simulate(self) -> None:
        status = self.query_one("#sim-status", Static)
        try:
            hands = count(self.query_one("#sim-hands", Input).value, "hands")
            seed_text = self.query_one("#sim-seed", Input).value.strip()
            seed = count(seed_text, "seed", 0) if seed_text else None
            from videopoker.analysis.play.simulate import check_hands

            check_hands(hands, 1)
        except VideoPokerError as error:
            status.update(visible(str(error)))
            return
        strategy = str(self.query_one("#sim-strategy", Select).value)
        self.query_one("#sim-run", Button).disabled = True
        self.query_one("#sim-cancel", Button).disabled = False
        progress = self.query_one("#sim-progress", ProgressBar)
        progress.update(progress=0)
        progress.add_class("shown")
        status.update("Preparing…")
        self.run_worker(lambda: self._play(hands, strategy, seed), thread=True, group="simulate", exclusive=True)

    def cancel_simulation(self) -> None:
        self.workers.cancel_group(self, "simulate")
        self._simulation_over("Cancelled.")

    def _play(self, hands: int, strategy_name: str, seed: int | None) -> None:
        from videopoker.analysis.play.simulate import running
        from videopoker.analysis.play.strategies import strategy_named

        worker = get_current_worker()
        strategy = strategy_named(strategy_name, self.paytable, self.coins)

        def report(callback: Callable[..., None], *args: Any) -> None:
            """Show on the screen unless cancelled by then: a batch already on its way when CANCEL was
            pressed (a busy machine gets to it later) must not write over "Cancelled."."""
            self.app.call_from_thread(lambda: None if worker.is_cancelled else callback(*args))

        def heard(fraction: float, stage: str) -> None:
            report(self._progress, "#sim-progress", fraction, "#sim-status", f"Preparing: {stage}…")

        returns: list[float] = []   # after every batch, for the plots
        credits: list[float] = []
        try:
            shown = 0.0
            for result in running(self.paytable, strategy, hands, self.coins, seed, 1, heard):
                if worker.is_cancelled:
                    return
                returns.append(result.rtp)
                credits.append(result.won - result.hands * result.coins)
                if result.hands == hands or result.seconds - shown >= SHOW_EVERY:  # at most ten a second
                    shown = result.seconds
                    report(self._show_simulation, result, hands, list(returns), list(credits))
        except (VideoPokerError, OSError) as error:
            report(self._simulation_over, visible(str(error)))
            return
        report(self._simulation_over, None)

    def _show_simulation(self, result: Simulation, hands: int, returns: list[float], credits: list[float]) -> None:
        self.simulation = result
        self.query_one("#sim-progress", ProgressBar).update(progress=result.hands / hands)
        for plot in self.query("#simulate .plot"):
            plot.add_class("shown")
        self.query_one("#sim-return", Sparkline).data = returns
        self.query_one("#sim-credits", Sparkline).data = credits
        self.sim_line = (f"{result.hands:,} of {hands:,} hands ({result.strategy}, seed {result.seed}) · "
                         f"{result.summary()}")
        self.query_one("#sim-status", Static).update(self.sim_line)
        fill(self.query_one("#sim-table", DataTable), SIMULATE_HEADERS,
             [row(self.paytable.game.label(category), f"{n:,}", f"{n / result.hands * 100:.5f}",
                  f"{float(expected) * 100:.5f}")
              for category, n, expected in zip(self.paytable.game.categories, result.counts, result.expected)])

    def _simulation_over(self, note: str | None) -> None:
        self.query_one("#sim-run", Button).disabled = False
        self.query_one("#sim-cancel", Button).disabled = True
        if note:
            self.query_one("#sim-status", Static).update(f"{note} {self.sim_line}" if self.simulation else note)

    # -- bankroll ---------------------------------------------------------------------------------

    def bankroll(self) -> None:
        status = self.query_one("#bank-status", Static)
        try:
            credits = count(self.query_one("#bank-credits", Input).value, "credits")
            hands = count(self.query_one("#bank-hands", Input).value, "hands")
            promotions = cash_back(self.query_one("#bank-cashback", Input).value)
        except VideoPokerError as error:
            status.update(visible(str(error)))
            return
        status.update(f"Working out {counted(credits, 'credit')} over {counted(hands, 'hand')}…")
        self.run_worker(lambda: self._odds(credits, hands, promotions), thread=True, group="bankroll", exclusive=True)

    def _odds(self, credits: int, hands: int, promotions: Promotions) -> None:
        """The command's odds: a feature table's at its feature bet (Ultimate X's at its hands a round
        worked out), a plain one's from the return pane's solve."""
        from videopoker.analysis.session.bankroll import bankroll, session_law

        featured = self.feature or self.stateful is not None
        try:
            law = (self.analysis if self.analysis is not None and not featured
                   else session_law(self.paytable, self.paytable.top_bet if featured else self.coins))
            odds = bankroll(law, credits, hands, promotions)
        except VideoPokerError as error:
            self.app.call_from_thread(self.query_one("#bank-status", Static).update, visible(str(error)))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_odds, odds)

    def _show_odds(self, odds: Bankroll) -> None:
        self.odds = odds
        fill(self.query_one("#bank-table", DataTable), BANKROLL_HEADERS,
             [row(label, value) for label, value in odds.lines(forever=odds.lifetime is None)]
             + [row(label, value) for label, value in (odds.lifetime.lines(odds.credits) if odds.lifetime else [])])
        for plot in self.query("#bankroll .plot"):
            plot.add_class("shown")
        self.query_one("#bank-plot", Sparkline).data = odds.histogram(60)
        from videopoker.analysis.session.bankroll import round_hands

        several = round_hands(odds.analysis)
        each = "a hand" if several == 1 else f"a round of {several} hands"
        played = counted(odds.hands, "hand" if several == 1 else "round")
        self.query_one("#bank-status", Static).update(
            f"{counted(odds.credits, 'credit')} for {played} at {counted(odds.coins, 'coin')} {each}, perfect play:")


def cash_back(text: str) -> Promotions:
    """The bankroll pane's cash back field (empty: none), or one line saying what to type."""
    rate, problem = rate_problem(text.strip() or "0%")
    if rate is None:
        raise VideoPokerError(f"cash back: {problem}")
    return Promotions(cashback=rate)
