"""Multi-hand play at the machine, driven through the Pilot: 3-, 10- and 100-play at 80×24."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Static
from waiting import until

from videopoker.machine.game import Phase
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.recall import RecallScreen
from videopoker.tui.widgets.hands import HandsPanel
from videopoker.tui.widgets.paytable import PaytablePanel

SIZE = (80, 24)


def text(widget: Static) -> str:
    return str(widget.render())


def printed(renderable: object) -> str:
    """A Rich renderable (a table) as plain text, as the terminal would show it."""
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("hands", [3, 10, 100])
async def test_a_round_of_n_hands_is_shown_paid_and_counted(isolated_home: Path, hands: int) -> None:
    app = VideoPokerApp(isolated_home, seed=4, hands=hands)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        await pilot.press("space", "1", "2")
        state = app.session.state()
        assert state.phase is Phase.DEALT and state.credits == 1000 - 5 * hands
        lines = app.query_one(HandsPanel).lines_shown
        assert len(lines) == hands - 1
        held = "".join(card.label.ljust(3) + " " for card in state.hand[:2])
        assert all(line.startswith(held) for line in lines), "the holds are copied to every upper hand"
        await pilot.press("enter")
        state = app.session.state()
        outcome = state.last
        assert outcome is not None and outcome.hands == hands
        assert state.credits == 1000 - 5 * hands + outcome.win
        assert f"WIN {outcome.win:,}" in str(app.query_one("#meters", Static).render())
        lines = app.query_one(HandsPanel).lines_shown
        for line, result in zip(lines, outcome.results[1:]):
            assert line.startswith(" ".join(card.label.ljust(3) for card in result.final))
            assert line.rstrip().endswith(f"{result.name} {result.win:,}" if result.win else "—")
        made = Counter(result.category for result in outcome.results if result.win)
        assert app.query_one(PaytablePanel).counts_shown == made
        assert not app.too_small, "N-play fits 80x24"


async def test_the_hands_change_between_rounds_with_n_and_are_kept(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        await pilot.press("n")
        assert app.session.state().hands == 3
        assert "TRIPLE PLAY" in text(app.query_one("#title", Static))
        assert text(app.query_one("#message", Static)) == "PLAY 5 × 3 HANDS = 15 CREDITS"
        await pilot.press("N", "space")
        assert app.session.state().stake == 25
        await pilot.press("n")
        assert text(app.query_one("#message", Static)) == "CANNOT CHANGE THE NUMBER OF HANDS UNTIL THE HAND IS DRAWN"
        await pilot.press("enter")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
    with Session.open(isolated_home) as session:
        assert session.state().hands == 5 and session.history.recall[0].hands == 5


async def test_too_little_credit_for_every_hand_says_play_fewer(isolated_home: Path) -> None:
    with Session.open(isolated_home) as session:
        session.machine.credits = 7  # as a long losing night leaves it
        session.set_hands(10)
    app = VideoPokerApp(isolated_home, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        assert text(app.query_one("#message", Static)) == "7 CREDITS LEFT: PRESS N FOR FEWER HANDS"
        await pilot.press("space")
        assert text(app.query_one("#message", Static)) == "INSUFFICIENT CREDIT"
        await pilot.press("n", "n", "n")  # 10 → 50 → 100 → 1
        await pilot.press("space")
        assert app.session is not None and app.session.state().phase is Phase.DEALT


async def test_a_hundred_hands_scroll_with_page_keys(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4, hands=100)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "enter")
        box = app.query_one("#hands-box", VerticalScroll)
        assert box.size.height < 99 and box.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert box.scroll_y == 0


async def test_recall_shows_every_hand_of_a_round(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4, hands=5)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("space", "enter")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        await pilot.press("r")
        assert isinstance(app.screen, RecallScreen)
        assert app.session is not None
        outcome = app.session.history.recall[0]
        shown = printed(app.screen.query_one("#recall-games Static", Static).content)
        for result in outcome.results:
            assert " ".join(card.label for card in result.final) in shown
        assert "5 HANDS" in shown and "5×5" in shown


@pytest.mark.parametrize(("table", "says"), [
    ("big-times-draw-double-double-bonus-9-6",
     "BIG TIMES DRAW DOUBLE DOUBLE BONUS 9/6 · 100 PLAY · BET 10 FOR BIG TIMES DRAW"),
    ("jacks-or-better-9-6", "JACKS OR BETTER 9/6 · HUNDRED PLAY"),
])
async def test_a_title_too_long_for_the_glass_says_100_play_and_cuts_nothing(isolated_home: Path, table: str,
                                                                             says: str) -> None:
    app = VideoPokerApp(isolated_home, table, seed=4, hands=100)
    async with app.run_test(size=SIZE) as pilot:
        title = app.query_one("#title", Static)
        await until(pilot, lambda: text(title).strip() == says)
        assert len(says) <= SIZE[0] - 2
