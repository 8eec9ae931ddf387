"""The trainer in the game: the hint on the cards, the stop before a costly draw, the session screen."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static
from waiting import seen, until

from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import parse_hand
from videopoker.machine.game import Phase
from videopoker.machine.round import Round
from videopoker.machine.training import cards_text
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.grades import GradesScreen, grade_lines
from videopoker.tui.widgets.card import CardView

SIZE = (80, 24)



def session_of(app: VideoPokerApp) -> Session:
    assert app.session is not None
    return app.session


async def hold_exactly(pilot: Pilot[None], app: VideoPokerApp, wanted: tuple[bool, ...]) -> None:
    for position, keep in enumerate(wanted):
        if session_of(app).state().held[position] != keep:
            await pilot.press(str(position + 1))
    assert session_of(app).state().held == wanted


def message(app: VideoPokerApp) -> str:
    return str(app.query_one("#message", Static).render())


async def test_the_hint_marks_the_best_hold_and_says_its_ev(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "h")
        state = session_of(app).state()
        best = best_holds(state.paytable, state.hand, state.bet)
        assert tuple(view.best for view in app.query(CardView)) == best[0].held
        assert message(app).startswith("BEST: HOLD ")
        assert (f"EV {float(best[0].ev):.4f} A COIN · NEXT {cards_text(best[1].cards)} {float(best[1].ev):.4f} · "
                f"{cards_text(best[2].cards)} {float(best[2].ev):.4f}") in message(app)
        await pilot.press("space")  # the draw: the marks go with the hand
        assert not any(view.best for view in app.query(CardView))


async def test_the_trainer_stops_a_wrong_hold_and_lets_a_right_one_through(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        assert session_of(app).training.trainer
        assert "TRAINER" in str(app.query_one("#title", Static).render())
        await pilot.press("space")
        state = session_of(app).state()
        best = best_holds(state.paytable, state.hand, state.bet)
        wrong = next(choice for choice in best if choice.ev < best[0].ev)
        await hold_exactly(pilot, app, wrong.held)
        await pilot.press("space")
        assert isinstance(app.screen, Confirm)
        assert app.screen.title_text in ("MAJOR MISTAKE", "MINOR MISTAKE")
        assert f"COSTS {float(best[0].ev - wrong.ev):.4f}" in app.screen.text
        # why: the two holds' outcome tables side by side, every final hand either makes
        assert "HOW EACH ENDS              YOURS        BEST" in app.screen.text
        for category in state.paytable.game.paying:
            if wrong.outcomes.get(category) or best[0].outcomes.get(category):
                assert state.paytable.game.label(category).capitalize() in app.screen.text
        dialog = app.screen.query_one("#dialog")
        assert dialog.region.bottom <= SIZE[1]  # it fits the glass
        await pilot.press("enter")  # the safe answer: take it back
        assert session_of(app).state().phase is Phase.DEALT
        assert "TAKEN BACK" in message(app)
        await hold_exactly(pilot, app, best[0].held)
        await pilot.press("space")  # the best hold draws at once
        assert not isinstance(app.screen, Confirm)
        assert session_of(app).state().phase is Phase.IDLE
        training = session_of(app).training
        assert (training.decisions, training.right, len(training.mistakes)) == (1, 1, 0)

        await seen(pilot)  # the result seen before the next deal
        await pilot.press("space")
        state = session_of(app).state()
        best = best_holds(state.paytable, state.hand, state.bet)
        wrong = next(choice for choice in best if choice.ev < best[0].ev)
        await hold_exactly(pilot, app, wrong.held)
        await pilot.press("space", "D")  # warned, and drawn anyway: graded as a mistake
        assert session_of(app).state().phase is Phase.IDLE
        assert (training.decisions, training.right, len(training.mistakes)) == (2, 1, 1)
        assert training.mistakes[0].held == wrong.held

        await pilot.press("s")
        assert isinstance(app.screen, GradesScreen)
        assert "2 decisions on 2 hands · 1 right (50.0%)" in grade_lines(training)[0]
        text = str(app.screen.query_one("#grades-text", Static).render())
        assert "EV lost" in text
        await until(pilot, lambda: "with perfect play" in str(app.screen.query_one("#grades-table", Static).render()))
        await pilot.press("escape")
        assert not isinstance(app.screen, GradesScreen)


async def test_a_hold_as_good_as_the_best_passes_the_trainer(isolated_home: Path) -> None:
    """10♣ J♠ K♦ Q♣ 10♦: either ten makes the same straight draw; neither is a mistake."""
    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "space")
        machine = session_of(app).machine
        assert machine.round is not None
        machine.round = Round(machine.round.paytable, machine.round.bet, parse_hand("Tc Js Kd Qc Td"),
                              (False, True, True, True, True))
        best = best_holds(machine.round.paytable, machine.round.dealt, machine.round.bet)[0]
        assert best.held != machine.round.held  # the other ten is the one the hint would keep
        await pilot.press("space")
        assert not isinstance(app.screen, Confirm)
        assert session_of(app).training.right == 1


async def test_the_trainer_is_kept_in_the_wallet(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: "TRAINER ON" in message(app))
    with Session.open(isolated_home) as session:
        assert session.training.trainer


async def test_the_trainer_says_which_chart_line_plays_the_hand(isolated_home: Path) -> None:
    from videopoker.analysis.charts.derive import chart_for
    from videopoker.machine.training import why

    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "space")
        state = session_of(app).state()
        chart = chart_for(state.paytable, state.bet)  # what the background warm-up derives
        assert chart is not None
        best = best_holds(state.paytable, state.hand, state.bet)
        wrong = next(choice for choice in best if choice.ev < best[0].ev)
        await hold_exactly(pilot, app, wrong.held)
        await pilot.press("space")
        assert isinstance(app.screen, Confirm)
        reason = why(state.paytable, state.bet, state.hand)
        assert reason is not None and reason.startswith("CHART LINE ") and reason in app.screen.text
        number = int(reason.split()[2].rstrip(":"))
        assert chart.texts()[number - 1] in reason


async def test_the_chart_screen_marks_the_line_that_plays_the_dealt_hand(isolated_home: Path) -> None:
    from videopoker.analysis.charts.derive import chart_for
    from videopoker.machine.training import chart_line_of
    from videopoker.tui.screens.chart import ChartScreen

    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        state = session_of(app).state()
        chart = chart_for(state.paytable, state.bet)
        assert chart is not None
        line = chart_line_of(chart, state.paytable, state.hand)
        await pilot.press("c")
        assert isinstance(app.screen, ChartScreen)
        screen = app.screen
        await until(pilot, lambda: len(screen.query(".chart-line")) == len(chart.lines))
        summary = str(screen.query_one("#chart-summary", Static).render())
        hand = screen.query_one("#chart-hand", Static)
        assert "THIS HAND: " in str(hand.render()) and "returns 99.5424%" in summary
        marked = screen.query(".marked")
        assert len(marked) == (1 if line.number else 0)
        if line.number:
            assert f"line {line.number} (marked)" in str(hand.render())
        await pilot.press("end")  # the dealt hand's line stays in view however the chart scrolls
        dialog = screen.query_one("#dialog")
        await until(pilot, lambda: hand.region.height > 0 and dialog.region.contains_region(hand.region))
        assert hand.parent is dialog  # above the scroll, not in it
        await pilot.press("escape")
        assert not isinstance(app.screen, ChartScreen)
        assert session_of(app).state().phase is Phase.DEALT  # the hand waits as it was


async def test_t_steps_the_chart_screen_through_its_tiers(isolated_home: Path) -> None:
    from videopoker.analysis.charts.tiers import ladder
    from videopoker.tui.screens.chart import ChartScreen

    app = VideoPokerApp(isolated_home, seed=21, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        state = session_of(app).state()
        tiers = ladder(state.paytable, state.bet)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, ChartScreen)
        await until(pilot, lambda: len(screen.query(".chart-line")) == len(tiers[-1].chart.lines))
        for tier in tiers:
            await pilot.press("t")
            title = screen.query_one("#chart-title", Static)
            await until(pilot, lambda tier=tier, title=title: len(screen.query(".chart-line")) == len(tier.chart.lines)
                        and f"{tier.name.upper()} CHART" in str(title.render()))
            assert len(screen.query(".chart-line.added")) == len(tier.added)
            summary = str(screen.query_one("#chart-summary", Static).render())
            assert f"(cost {float(tier.played.cost) * 100:.4f}%)" in summary
        await pilot.press("escape")
        assert not isinstance(app.screen, ChartScreen)
