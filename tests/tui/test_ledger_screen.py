"""The ledger screen (`l`) and the damaged-ledger question, driven as a player would."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static
from waiting import seen, until

from videopoker.ledger.store import LEDGER_NAME
from videopoker.machine.game import Phase
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.ledger import LedgerScreen, whole_ticks

SIZE = (80, 24)


def ledger_text(app: VideoPokerApp) -> str:
    return str(app.screen.query_one("#ledger-text", Static).render())


async def play_rounds(pilot, app: VideoPokerApp, rounds: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(rounds):
        assert app.session is not None
        games = app.session.history.games
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("1", "space")
        await until(pilot, lambda games=games: app.session is not None and app.session.history.games == games + 1)
        await seen(pilot)  # the result seen before the next deal, as a player does


async def test_l_shows_every_hand_played_with_its_plots_and_counts(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await play_rounds(pilot, app, 3)
        await pilot.press("l")
        assert isinstance(app.screen, LedgerScreen)
        await until(pilot, lambda: "3 hands in 3 rounds" in ledger_text(app))
        assert "Books balance" in ledger_text(app)
        assert "From your " in ledger_text(app) and "broke some day" in ledger_text(app)  # the lifetime risk
        await until(pilot, lambda: "Your leaks, the costliest first" in ledger_text(app))  # after the record
        assert "  You held 1 card no chart keeps over 4 to an outside straight (line 9): 1 time" in ledger_text(app)
        assert app.screen.query_one("#ledger-plots").display
        table = app.screen.query_one(DataTable)
        assert table.display and table.row_count >= 10  # every hand of the game, then any wins
        await pilot.press("escape")
        assert not isinstance(app.screen, LedgerScreen)


async def test_practice_has_no_ledger(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert not isinstance(app.screen, LedgerScreen)
        await until(pilot, lambda: "PRACTICE HANDS ARE NOT KEPT" in str(app.query_one("#message", Static).render()))


async def test_a_damaged_ledger_is_asked_about_and_the_credits_stay(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await play_rounds(pilot, app, 2)
        assert app.session is not None
        credits = app.session.machine.credits
    (isolated_home / LEDGER_NAME).write_bytes(b"not a ledger" * 500)
    for suffix in ("-wal", "-shm"):
        (isolated_home / f"{LEDGER_NAME}{suffix}").unlink(missing_ok=True)
    app = VideoPokerApp(isolated_home, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("N")
        await until(pilot, lambda: app.session is not None)
        assert app.session is not None and app.session.machine.credits == credits
    assert list(isolated_home.glob(f"{LEDGER_NAME}.corrupt-*"))


def test_plot_ticks_are_whole_hands() -> None:
    assert whole_ticks(1, 90) == [20, 40, 60, 80]
    assert whole_ticks(100, 1_000_000) == [200_000, 400_000, 600_000, 800_000, 1_000_000]
    assert whole_ticks(3, 7) == [3, 4, 5, 6, 7]
