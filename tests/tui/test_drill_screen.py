"""The drill screen (`x`) at 80×24: a hand of the costliest leak, marked WRONG with its cost, the next
leak's hand marked RIGHT, the miss dealt again before the right one; no leaks: the self-test."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

from leaky import FLUSH_LINE, LOW_PAIR_LINE, leaky_home
from textual.pilot import Pilot
from textual.widgets import Static
from waiting import rendered_rows, until

from videopoker.analysis.solve.hint import best_holds
from videopoker.machine.drills import Kind
from videopoker.tui.app import MachineScreen, VideoPokerApp
from videopoker.tui.screens.drill import MARK_GUARD, NO_LEAKS, OFFER_TEST, UNNAMED_HAND, DrillScreen, Step
from videopoker.tui.screens.help import HelpScreen
from videopoker.tui.widgets.card import CardView

SIZE = (80, 24)


def shown(screen: DrillScreen, name: str) -> str:
    return str(screen.query_one(f"#drill-{name}", Static).render())


async def drill_screen(pilot: Pilot[None], app: VideoPokerApp) -> DrillScreen:
    await pilot.press("x")
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    await until(pilot, lambda: screen.step is not Step.OPENING)
    return screen


async def hold_and_draw(pilot: Pilot[None], screen: DrillScreen, held: tuple[bool, ...]) -> None:
    for place, keep in enumerate(held):
        if keep:
            await pilot.press(str(place + 1))
    assert tuple(screen.held) == held
    await pilot.press("enter")


async def next_hand(pilot: Pilot[None], screen: DrillScreen) -> None:
    """Enter once the mark has been on the screen as long as a player looks (a quicker one is ignored)."""
    await until(pilot, lambda: time.monotonic() - screen.marked_at >= MARK_GUARD)
    await pilot.press("enter")
    assert screen.step is Step.DEALT


def fits(screen: DrillScreen) -> bool:
    return all(widget.region.bottom <= SIZE[1] and widget.region.right <= SIZE[0]
               for widget in screen.query("#drill > *"))


def rounds_on_record(home: Path) -> int:
    with sqlite3.connect(home / "ledger.sqlite") as db:
        return int(db.execute("SELECT count(*) FROM rounds").fetchone()[0])


async def test_a_miss_is_marked_at_once_and_dealt_again_before_a_right_hold(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    rounds = rounds_on_record(isolated_home)
    app = VideoPokerApp(isolated_home, seed=12)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        credits = app.session.state().credits
        screen = await drill_screen(pilot, app)
        assert screen.step is Step.DEALT and screen.drills is not None
        hand = screen.drills.hand
        assert hand is not None and hand.item is not None and hand.item.line == LOW_PAIR_LINE
        assert "DRILLS" in shown(screen, "title") and "Jacks or Better 9/6".upper() in shown(screen, "title")
        assert shown(screen, "leak") == UNNAMED_HAND  # naming the leak would give the hold away
        assert shown(screen, "due").startswith("DUE NOW 2 · IN A FEW HANDS 0")
        assert [view.card for view in screen.query(CardView)] == list(hand.dealt)

        await hold_and_draw(pilot, screen, (False,) * 5)  # the leak itself: the low pair thrown away
        assert screen.step is Step.MARKED
        assert "LEAK line 8: low pair · you discarded everything · " in shown(screen, "leak")
        verdict = shown(screen, "verdict")
        assert verdict.startswith("WRONG — COSTS ") and " CREDITS  BACK IN 2 HANDS · BOX 1 OF 7" in verdict
        best = best_holds(hand.paytable, hand.dealt, 5)[0]
        assert tuple(view.best for view in screen.query(CardView)) == best.held
        assert shown(screen, "best").startswith(f"BEST: HOLD {' '.join(card.label for card in best.cards)} — EV ")
        assert "CHART LINE 8: low pair — HOLD" in shown(screen, "best")
        assert shown(screen, "why").startswith("HOW EACH ENDS")
        assert fits(screen)

        await pilot.press("enter")  # at once: a double tap, not a look at the mark
        assert screen.step is Step.MARKED
        await next_hand(pilot, screen)
        hand = screen.drills.hand
        assert hand is not None and hand.item is not None and hand.item.line == FLUSH_LINE
        await hold_and_draw(pilot, screen, best_holds(hand.paytable, hand.dealt, 5)[0].held)
        assert shown(screen, "verdict") == "RIGHT  BACK IN 4 HANDS · BOX 2 OF 7"
        assert shown(screen, "due").endswith("NEXT: LINE 8 IN 1 HAND")

        await next_hand(pilot, screen)  # nothing due: a hand between, then the miss is back
        hand = screen.drills.hand
        assert hand is not None and hand.kind is Kind.BETWEEN
        assert shown(screen, "leak") == UNNAMED_HAND  # a hand between reads as a drill hand does
        await hold_and_draw(pilot, screen, best_holds(hand.paytable, hand.dealt, 5)[0].held)
        assert shown(screen, "leak").startswith("BETWEEN DRILLS")
        await next_hand(pilot, screen)
        hand = screen.drills.hand
        assert hand is not None and hand.item is not None and hand.item.line == LOW_PAIR_LINE
        assert "NEXT: LINE 7 IN 3 HANDS" in shown(screen, "due")  # the right one still waits

        await pilot.press("escape")
        assert isinstance(app.screen, MachineScreen)
        assert app.session.state().credits == credits
    assert rounds_on_record(isolated_home) == rounds


async def test_with_no_leaks_it_says_so_and_offers_the_self_test(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=5, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await drill_screen(pilot, app)
        assert screen.step is Step.WAITING
        assert shown(screen, "leak") == NO_LEAKS and shown(screen, "verdict") == OFFER_TEST
        await pilot.press("t")  # nothing on record this month: the table in play
        await until(pilot, lambda: screen.step is Step.TESTING)
        assert "SELF-TEST" in shown(screen, "title") and "HAND 1 OF 50" in shown(screen, "title")
        for number in (2, 3):
            await pilot.press("1", "enter")
            assert f"HAND {number} OF 50" in shown(screen, "title")
            assert shown(screen, "best") == ""  # graded at the end, not at once
        await pilot.press("escape")  # stops the test and grades the hands answered
        assert screen.step is Step.GRADED
        assert " OF 2 RIGHT (" in shown(screen, "verdict")
        assert fits(screen)
        await pilot.press("escape")
        assert isinstance(app.screen, MachineScreen)


async def test_the_drill_command_opens_on_the_drill_screen_and_help_lists_the_key(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, "jacks-or-better-9-6", seed=5, practice=True, drills=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, DrillScreen))
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("end")  # the last keys, scrolled into view
        texts = " ".join(" ".join(rendered_rows(widget)) for widget in app.screen.query(Static))
        assert re.search(r" x +drills: hands of your leaks", texts)
