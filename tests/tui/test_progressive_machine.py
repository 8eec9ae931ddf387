"""A progressive table on the machine: the meter above the paytable, rising with every bet."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from textual.widgets import Static
from waiting import until

from videopoker.game import Phase
from videopoker.tui.app import VideoPokerApp

SIZE = (80, 24)


def title(app: VideoPokerApp) -> str:
    return str(app.query_one("#title", Static).render())


async def test_the_meter_is_on_the_glass_and_rises_with_each_bet(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, "bonus-poker-8-5-progressive", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "JACKPOT 4,000.00" in title(app))
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        assert app.session is not None and app.session.state().meter == 4000 + Fraction(5, 200)
        await until(pilot, lambda: "JACKPOT 4,000.0" in title(app) and "4,000.00" not in title(app))
