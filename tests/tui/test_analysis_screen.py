"""The analysis screen through the Pilot at 80×24: a cold solve with progress, compare, a seeded
simulation, the bankroll's figures (the command's own), cancelling, refusals, and the machine's `a`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import FAMILIES, game
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, ProgressBar, Static, TabbedContent
from waiting import until

from videopoker.analysis.play.simulate import Simulation, simulate
from videopoker.analysis.play.strategies import strategy_named
from videopoker.analysis.solve import draws as draws_module
from videopoker.cli import main
from videopoker.machine.game import Phase
from videopoker.paytable import resolve_paytable
from videopoker.tui.analysis_app import AnalysisApp
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.analysis import AnalysisScreen

GAMES = {key: game(key) for key in FAMILIES}

SIZE = (80, 24)
NINE_SIX = "jacks-or-better-9-6"



def status(screen: AnalysisScreen, name: str) -> str:
    return str(screen.query_one(f"#{name}-status", Static).render())


def cells(table: DataTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def type_into(pilot: Pilot[None], screen: AnalysisScreen, field: str, text: str) -> None:
    box = screen.query_one(f"#{field}", Input)
    box.value = ""
    box.focus()
    await pilot.pause()
    await pilot.press(*text)


async def test_a_cold_solve_shows_progress_then_the_table_and_keys_keep_working(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(tmp_path))  # nothing cached: the tables are built
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    game = GAMES["jacks-or-better"]
    for name in ("table", "_scalar"):
        monkeypatch.delitem(game.__dict__, name, raising=False)
    app = AnalysisApp(resolve_paytable(NINE_SIX))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        bar = screen.query_one("#return-progress", ProgressBar)
        await until(pilot, lambda: (bar.progress or 0) > 0)
        assert "Solving every dealt hand" in status(screen, "return")
        await pilot.press("4")  # the screen answers while the worker solves
        assert screen.query_one(TabbedContent).active == "bankroll"
        await pilot.press("1")
        table = screen.query_one("#return-table", DataTable)
        await until(pilot, lambda: table.row_count == 11)
        rows = cells(table)
        assert rows[0][:3] == ["ROYAL FLUSH", "800", "493,512,264"]
        assert rows[-1] == ["TOTAL", "", "19,933,230,517,200", "1.00000000", "", "0.995439"]
        assert "Return 99.5439%" in status(screen, "return") and "royal flush every 40,391" in status(screen, "return")
        assert not bar.display


async def test_compare_with_changed_pays_and_with_another_table() -> None:
    app = AnalysisApp(resolve_paytable(NINE_SIX))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await pilot.press("2")
        await type_into(pilot, screen, "compare-with", "full_house=8 flush=5")
        await pilot.press("enter")
        await until(pilot, lambda: "→" in status(screen, "compare"))
        assert "99.5439% →" in status(screen, "compare") and "97.2984%" in status(screen, "compare")
        rows = cells(screen.query_one("#compare-table", DataTable))
        assert rows[3][:3] == ["FULL HOUSE", "9", "8"] and rows[-1][-1] == "-0.022455"
        await type_into(pilot, screen, "compare-with", "no-such-table")
        await pilot.press("enter")
        await until(pilot, lambda: "no-such-table" in status(screen, "compare"))
        assert "paytable list" in status(screen, "compare")


async def test_a_seeded_simulation_completes_as_the_engine_plays_it() -> None:
    paytable = resolve_paytable(NINE_SIX)
    expected = simulate(paytable, strategy_named("optimal", paytable, 5), 40_000, seed=7)
    app = AnalysisApp(paytable)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await pilot.press("3")
        await type_into(pilot, screen, "sim-hands", "40,000")
        await type_into(pilot, screen, "sim-seed", "7")
        await pilot.press("enter")
        run = screen.query_one("#sim-run", Button)
        await until(pilot, lambda: status(screen, "sim").startswith("40,000 of 40,000") and not run.disabled)
        line = status(screen, "sim")
        assert line.startswith("40,000 of 40,000 hands (optimal, seed 7)"), line
        assert expected.summary() in line
        rows = cells(screen.query_one("#sim-table", DataTable))
        assert [int(r[1].replace(",", "")) for r in rows] == list(expected.counts)


async def test_a_long_simulation_can_be_cancelled_and_bad_numbers_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from videopoker.analysis.play import simulate as simulate_module

    ended = threading.Event()  # the simulation's thread has stopped: nothing it reports can follow
    plain = simulate_module.running

    def running(*args: Any, **kwargs: Any) -> Iterator[Simulation]:
        try:
            yield from plain(*args, **kwargs)
        finally:
            ended.set()

    monkeypatch.setattr(simulate_module, "running", running)
    app = AnalysisApp(resolve_paytable("deuces-wild-full-pay"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await pilot.press("3")
        await type_into(pilot, screen, "sim-hands", "abc")
        await pilot.press("enter")
        assert "hands: type a whole number" in status(screen, "sim")
        await type_into(pilot, screen, "sim-hands", "100,000,000")
        await pilot.press("enter")
        cancel = screen.query_one("#sim-cancel", Button)
        await until(pilot, lambda: " of 100,000,000 hands" in status(screen, "sim"))
        await pilot.click("#sim-cancel")
        await until(pilot, lambda: cancel.disabled)
        assert status(screen, "sim").startswith("Cancelled.")
        assert not screen.query_one("#sim-run", Button).disabled
        await until(pilot, ended.is_set)  # a batch reported from the thread is shown before it goes on
        await pilot.pause()
        assert status(screen, "sim").startswith("Cancelled."), "no batch reported after the cancel"


async def computed_bankroll(pilot: Pilot[None], app: AnalysisApp,
                            fields: dict[str, str]) -> tuple[AnalysisScreen, list[list[str]]]:
    """The bankroll pane's figures once ``fields`` are typed in and COMPUTE has answered."""
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    await pilot.press("4")
    for field, text in fields.items():
        await type_into(pilot, screen, field, text)
    await pilot.press("enter")
    table = screen.query_one("#bank-table", DataTable)
    await until(pilot, lambda: table.row_count > 0)
    return screen, cells(table)


async def test_the_bankroll_pane_shows_the_commands_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bankroll", NINE_SIX, "--credits", "500", "--hands", "300"]) == 0
    printed = capsys.readouterr().out
    app = AnalysisApp(resolve_paytable(NINE_SIX))
    async with app.run_test(size=SIZE) as pilot:
        screen, rows = await computed_bankroll(pilot, app, {"bank-credits": "500", "bank-hands": "300"})
        assert len(rows) == 9
        for label, value in rows:
            assert any(line.split() == f"{label} {value}".split() for line in printed.splitlines()), (label, value)
        await type_into(pilot, screen, "bank-credits", "0")
        await pilot.press("enter")
        assert "credits: type a whole number from 1" in status(screen, "bank")


async def test_the_bankroll_pane_prices_cash_back_as_the_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bankroll", NINE_SIX, "--credits", "500", "--hands", "300", "--cashback", "1%"]) == 0
    printed = capsys.readouterr().out
    app = AnalysisApp(resolve_paytable(NINE_SIX))
    async with app.run_test(size=SIZE) as pilot:
        screen, rows = await computed_bankroll(pilot, app, {"bank-credits": "500", "bank-hands": "300",
                                                            "bank-cashback": "1%"})
        labels = [label for label, _ in rows]
        assert "Promotions, posted after the session" in labels and "Kelly bankroll" in labels
        assert "Bankroll for a 5% lifetime risk" in labels
        for label, value in rows:
            assert any(line.split() == f"{label} {value}".split() for line in printed.splitlines()), (label, value)
        await type_into(pilot, screen, "bank-cashback", "half")
        await pilot.press("enter")
        assert "cash back: the text 'half' is not a percent; write it like 0.5%" in status(screen, "bank")


async def test_the_machine_opens_the_analysis_of_the_table_in_play_and_comes_back(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, "deuces-wild-full-pay", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "b")  # a bet of 2 coins
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        assert screen.paytable.name == "Deuces Wild Full Pay" and screen.coins == 2
        table = screen.query_one("#return-table", DataTable)
        await until(pilot, lambda: table.row_count == 12)
        assert "2 coins" in str(screen.query_one("#analysis-title", Static).render())
        await pilot.press("escape")
        assert not isinstance(app.screen, AnalysisScreen)
        await pilot.press("space")  # the machine plays on
        assert app.session is not None and app.session.state().phase is Phase.DEALT


async def test_the_machines_keys_do_not_play_behind_the_analysis_screen(isolated_home: Path) -> None:
    """A digit, a letter or a space on the analysis screen never holds, bets, deals or quits the
    machine underneath; typed into a field, letters and digits are the field's."""
    app = VideoPokerApp(isolated_home, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        await pilot.press("space")
        before = app.session.state()
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await pilot.press("5", "b", "m", "n", "q", "space", "f", "p", "r", "question_mark")
        assert isinstance(app.screen, AnalysisScreen) and app.is_running
        await pilot.press("2")
        await type_into(pilot, screen, "compare-with", "bonus-poker-8-5")
        assert screen.query_one("#compare-with", Input).value == "bonus-poker-8-5"
        assert screen.query_one(TabbedContent).active == "compare"
        await pilot.press("escape", "escape")  # out of the field, then back to the machine
        assert app.session.state() == before
        await pilot.press("5")
        assert app.session.state().held[4], "back on the machine, its keys work again"


async def test_a_pane_key_opens_its_field_and_escape_leaves_the_field_first() -> None:
    """The one rule of focus: 1–4 open a pane with its field ready; in a field every key is typed
    (a compare field needs digits); Esc leaves the field, keeping what it holds, and only then the screen."""
    app = AnalysisApp(resolve_paytable(NINE_SIX))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        field = screen.query_one("#compare-with", Input)
        field.value = ""
        await pilot.press("2")
        await until(pilot, lambda: screen.focused is field)
        await pilot.press(*"flush=5", "3", "4")
        assert field.value == "flush=534" and screen.query_one(TabbedContent).active == "compare"
        await pilot.press("escape")
        assert screen.focused is not field and app.screen is screen and field.value == "flush=534"
        await pilot.press("4")
        await until(pilot, lambda: screen.focused is screen.query_one("#bank-credits", Input))
        assert screen.query_one(TabbedContent).active == "bankroll"
        assert "esc: out of the field, again: back" in str(screen.query_one("#analysis-keys").render())
        await pilot.press("escape", "escape")
        await until(pilot, lambda: app.screen is not screen)


async def test_the_bankroll_pane_of_an_ultimate_x_table_is_the_commands_chain(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Not the base game's odds: the rounds of 3 hands with their multipliers, as `bankroll` says."""
    table = "ultimate-x-jacks-or-better-8-6"
    assert main(["bankroll", table, "--credits", "300", "--hands", "40"]) == 0
    printed = capsys.readouterr().out
    app = AnalysisApp(resolve_paytable(table), hands=10)
    async with app.run_test(size=SIZE) as pilot:
        screen, rows = await computed_bankroll(pilot, app, {"bank-credits": "300", "bank-hands": "40"})
        assert "300 credits for 40 rounds at 30 coins a round of 3 hands" in status(screen, "bank")
        for label, value in rows:
            assert any(line.split() == f"{label} {value}".split() for line in printed.splitlines()), (label, value)
