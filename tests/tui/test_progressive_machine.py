"""A progressive table on the machine: the meter above the paytable, rising with every bet."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from textual.widgets import Static
from waiting import until

from videopoker.machine.game import Phase
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


async def test_double_up_on_the_glass_double_pick_collect(isolated_home: Path) -> None:
    from videopoker.deck.cards import parse_hand
    from videopoker.machine.round import Round
    from videopoker.paytable import resolve_paytable
    from videopoker.tui.widgets.card import CardView

    app = VideoPokerApp(isolated_home, "bonus-poker-8-5-progressive", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None)
        session = app.session
        assert session is not None
        paytable = resolve_paytable("bonus-poker-8-5-progressive")
        session.machine.start(Round(paytable, 5, parse_hand("Jh Js 4c 7d 9s"), (True,) * 5,
                                    meter=session.machine.meter_of(paytable)))
        session.draw()  # jacks or better: 5 credits, offered to double
        app.redraw()
        credits = session.machine.credits
        await until(pilot, lambda: "D TO DOUBLE IT" in str(app.query_one("#message", Static).render()))
        await pilot.press("d")
        await until(pilot, lambda: session.state().phase is Phase.DOUBLE)
        views = list(app.query(CardView))
        assert views[0].caption == "DEALER" and views[0].card is not None
        assert all(view.card is None and view.caption.startswith("PICK") for view in views[1:])
        await pilot.press("3")
        await until(pilot, lambda: session.history.recall[0].doubles != ())
        step = session.history.recall[0].doubles[0]
        assert views[2].card == step.card and views[2].caption == step.verdict
        if step.stake_after:
            await pilot.press("space")  # COLLECT
            await until(pilot, lambda: session.state().phase is Phase.IDLE)
        assert session.machine.credits == credits - 5 + step.stake_after
