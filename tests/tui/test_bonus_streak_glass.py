"""Ultimate X Bonus Streak on the glass: each line's queue of multipliers, next hand first, what a
round earned and raised, the sum of the next multipliers in the title, and what earns streaks on a
fresh glass; every line within the 80×24 glass at 3, 5 and 10 hands."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from waiting import until

from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import parse_hand
from videopoker.machine.game import HandResult, MachineState, Outcome, Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.paytable.kinds.bonus_streak import Queue, Queues, fresh
from videopoker.player.session import Session
from videopoker.tui.app import MESSAGE_WIDTH, VideoPokerApp
from videopoker.tui.kinds import view_of
from videopoker.tui.kinds.bonus_streak import CARDS_WIDTH, LINE_WIDTH, queue_text, rule
from videopoker.tui.widgets.hands import HandsPanel

SIZE = (80, 24)
DOUBLE_DOUBLE = "bonus-streak-double-double-bonus-6-5"
JACKS = "bonus-streak-jacks-or-better-8-6"
#: Dealt at 3-play from a fresh wallet and played by the base game's best holds, this seed's first
#: round earns the bottom line 2-4 (three of a kind); its second raises it to 12X (three of a kind
#: again) and earns both upper lines 2-4.
SEED = 187
HAND = parse_hand("7h 7s 7c 5s 2d")


def shown(app: VideoPokerApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def upper(app: VideoPokerApp) -> tuple[str, ...]:
    return app.query_one(HandsPanel).lines_shown


async def play_a_round(pilot: Pilot[None], app: VideoPokerApp) -> Outcome:
    """Deal (at the bet on the machine), hold the base game's best hold, draw; the round settled."""
    assert app.session is not None
    before = app.session.machine.last
    await pilot.press("space")
    await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
    state = app.session.state()
    for position, keep in enumerate(best_holds(state.paytable, state.hand, state.paytable.max_coins)[0].held):
        if keep:
            await pilot.press(str(position + 1))
    await pilot.press("space")
    await until(pilot, lambda: app.session is not None and app.session.machine.last is not before
                and app.session.state().phase is Phase.IDLE)
    assert app.session.machine.last is not None
    return app.session.machine.last


async def test_a_streak_earned_then_raised_to_12x_is_on_the_glass(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, DOUBLE_DOUBLE, seed=SEED, hands=3)
    app.DEAL_GUARD = 0  # a robot's quick deals are deliberate
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "STREAKS: FULL HOUSE UP 2-4-8-10-12" in shown(app, "#message"))
        await pilot.press("m")  # the feature bet, dealt at once
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        assert "NO STREAKS" in shown(app, "#title") and "BOTTOM LINE 1X" in shown(app, "#message")
        assert all(line.startswith("1X ") for line in upper(app))
        assert app.session is not None
        state = app.session.state()
        for position, keep in enumerate(best_holds(state.paytable, state.hand, state.paytable.max_coins)[0].held):
            if keep:
                await pilot.press(str(position + 1))
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)

        first = app.session.machine.last
        assert first is not None and first.state == Queues(((), (), ()), ((2, 4), (), ()))
        await until(pilot, lambda: "1 STREAK EARNED · BOTTOM LINE NEXT 2X 4" in shown(app, "#message"))
        assert "LINES 4X" in shown(app, "#title")  # 2X on the bottom line, 1X on the others

        second = await play_a_round(pilot, app)
        assert second.state == Queues(((2, 4), (), ()), ((12,), (2, 4), (2, 4)))
        message = shown(app, "#message")
        assert "2 STREAKS EARNED · 1 RAISED TO 12X · BOTTOM LINE NEXT 12X" in message and len(message) <= 78
        assert "LINES 16X" in shown(app, "#title")
        for line in upper(app):  # each paid at 1X, each earning its line 2-4: what the line has room for
            assert line.startswith("1X ") and line.endswith("THREE OF A KIND 15 → 2X…") and len(line) <= LINE_WIDTH

        await pilot.press("space")  # the next round is dealt under what the last one left
        await until(pilot, lambda: "HOLD, THEN DRAW · BOTTOM LINE 12X" in shown(app, "#message"))
        assert [line[:5] for line in upper(app)] == ["2X 4 "] * 2
        assert app.session.state().state == Queues(((12,), (2, 4), (2, 4)))


async def test_an_upper_line_raised_to_12x_ends_with_its_queue(isolated_home: Path) -> None:
    """A round dealt under 2-4-8 on the upper line: the flush there raises what is left to 12X."""
    paytable = resolve_paytable(DOUBLE_DOUBLE)
    dealt = parse_hand("2h 5h 9h Jh Kh")  # a made flush, all held
    with Session.open(isolated_home, None, paytable=DOUBLE_DOUBLE, hands=3) as session:
        session.machine.start(Round(paytable, 10, dealt, (True,) * 5, hands=3, state=Queues(((), (2, 4, 8), ()))))
        session._save()
    app = VideoPokerApp(isolated_home, DOUBLE_DOUBLE, seed=1)
    app.DEAL_GUARD = 0
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        assert [line[:7] for line in upper(app)] == ["2X 4 8 ", "1X     "]  # cards in a column
        assert "LINES 4X" in shown(app, "#title") and "BOTTOM LINE 1X" in shown(app, "#message")
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        lines = upper(app)
        assert lines[0].startswith("2X ") and lines[0].endswith("FLUSH 50 → 12X 12")  # 25 at 2X
        assert lines[1].endswith("FLUSH 25 → 2X 4 8")
        assert "WIN 100 · 2 STREAKS EARNED · 1 RAISED TO 12X · BOTTOM LINE NEXT 2X 4 8" in shown(app, "#message")


async def test_the_analysis_screen_solves_the_lines_queues_for_the_whole_game(isolated_home: Path) -> None:
    from textual.widgets import DataTable

    from videopoker.tui.screens.analysis import AnalysisScreen

    app = VideoPokerApp(isolated_home, DOUBLE_DOUBLE, seed=5, hands=3)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None)
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        screen = app.screen
        await until(pilot, lambda: "Return 95.0554% at 10 coins a hand, 3-play" in str(
            screen.query_one("#return-status", Static).render()))
        said = str(screen.query_one("#return-status", Static).render())
        assert "the base game 94.6569%" in said and "next multipliers sum to" in said
        assert screen.query_one("#return-table", DataTable).row_count == len(resolve_paytable(
            DOUBLE_DOUBLE).game.categories) + 1


# -- the lines the glass writes, at every hands a round and the longest queues -------------------

def settled(paytable_name: str, queues: tuple[Queue, ...], left: tuple[Queue, ...], category: str,
            win: int) -> MachineState:
    """The glass after a round at the feature bet whose every hand made ``category``, paid ``win``."""
    paytable = resolve_paytable(paytable_name)
    name = paytable.game.label(category)
    results = tuple(HandResult(HAND, category, win, name) for _ in queues)
    outcome = Outcome(HAND, (True,) * 5, 10, results, 1000, state=Queues(queues, left))
    return MachineState(Phase.IDLE, 1000, 10, len(queues), HAND, (True,) * 5, outcome, paytable, state=Queues(left))


@pytest.mark.parametrize("name", [DOUBLE_DOUBLE, JACKS])
@pytest.mark.parametrize("hands", [3, 5, 10])
def test_every_line_fits_the_glass(name: str, hands: int) -> None:
    paytable = resolve_paytable(name)
    view = view_of(paytable)
    assert len(rule(paytable, hands)) <= MESSAGE_WIDTH
    longest = max(paytable.feature.streaks(hands).values(), key=len)  # type: ignore[union-attr]
    raised = (12,) * (len(longest) - 1)
    queues = tuple(longest if place % 2 else (12, *raised) for place in range(hands))
    for category, win in (("four_aces_with_2_4", 48_000), ("royal_flush", 480_000), ("three_of_a_kind", 15)):
        if category not in paytable.pays:
            category = "four_of_a_kind"
        state = settled(name, queues, tuple(longest if place % 3 else raised for place in range(hands)), category,
                        win)
        assert len(view.message(state) or "") <= MESSAGE_WIDTH
        for hand in range(1, hands):
            prefix, suffix = view.line_prefix(state, hand), view.earned_suffix(state, hand)
            made = len(f"{paytable.game.label(category)} {win:,}")
            assert len(prefix) == len(view.line_prefix(state, 1)) and len(prefix) + CARDS_WIDTH + made + len(suffix) \
                <= LINE_WIDTH  # never cut by the box: all of it, as much as fits, or nothing
            if len(prefix) + CARDS_WIDTH + made + len(" → 12X") <= LINE_WIDTH:
                assert suffix.startswith(" → ")
    dealt = MachineState(Phase.DEALT, 1000, 10, hands, HAND, (False,) * 5, None, paytable, state=Queues(queues))
    assert len(view.message(dealt) or "") <= MESSAGE_WIDTH
    assert all(len(view.line_prefix(dealt, hand)) + CARDS_WIDTH <= LINE_WIDTH for hand in range(1, hands))
    assert len({len(view.line_prefix(dealt, hand)) for hand in range(1, hands)}) == 1  # the cards in a column
    assert view.title_tag(dealt) == f"LINES {sum(queue[0] for queue in queues)}X"
    assert view.title_tag(MachineState(Phase.IDLE, 1000, 10, hands, (), (False,) * 5, None, paytable,
                                       state=fresh(hands))) == "NO STREAKS"
    below = MachineState(Phase.IDLE, 1000, 5, hands, (), (False,) * 5, None, paytable, state=Queues(queues))
    assert view.title_tag(below) is None  # the title says the bet that plays the feature


def test_the_message_line_after_a_round_says_what_changed() -> None:
    view = view_of(resolve_paytable(DOUBLE_DOUBLE))
    used = settled(DOUBLE_DOUBLE, ((2, 4), (), (3,)), ((4,), (), ()), "two_pair", 15)  # no streak hand
    assert view.message(used) == "TWO PAIR · WIN 45 · BOTTOM LINE NEXT 4X"
    assert [view.earned_suffix(used, hand) for hand in (1, 2)] == ["", ""]
    spent = settled(DOUBLE_DOUBLE, ((), (2, 4), ()), ((), (4,), ()), "two_pair", 15)
    assert view.message(spent) is None  # the usual line; the upper line shows 4X at the next deal
    assert view.line_prefix(spent, 1) == "2X " and view.title_tag(spent) == "LINES 6X"
    assert "BOTTOM LINE NEXT 2X 4 8 10 12" in (view.message(settled(DOUBLE_DOUBLE, ((), (), ()), (
        (2, 4, 8, 10, 12), (2, 4, 8, 10, 12), (2, 4, 8, 10, 12)), "full_house", 30)) or "")


def test_below_the_feature_bet_nothing_is_earned_and_waiting_streaks_are_told() -> None:
    paytable = resolve_paytable(JACKS)
    view = view_of(paytable)
    below = settled(JACKS, ((2, 3), (), ()), ((3,), (), ()), "full_house", 40)
    below = MachineState(Phase.IDLE, 1000, 5, 3, HAND, (True,) * 5, replace(below.last, bet=5), paytable,
                         state=below.state)
    assert view.earned_suffix(below, 1) == "" and "EARNED" not in (view.message(below) or "")
    assert view.message(below) == "FULL HOUSE · WIN 120 · BOTTOM LINE NEXT 3X"
    waiting = MachineState(Phase.IDLE, 1000, 10, 3, (), (False,) * 5, None, paytable,
                           state=Queues(((), (12, 12), ())))
    assert view.message(waiting) == "STREAKS WAITING · BOTTOM LINE 1X" and view.title_tag(waiting) == "LINES 14X"


def test_a_queue_reads_next_hand_first() -> None:
    assert [queue_text(queue) for queue in ((), (2, 4, 8), (12, 12), (4,))] == ["1X", "2X 4 8", "12X 12", "4X"]
    assert queue_text((4, 8), 2) == " 4X 8"  # beside a line at 12X


async def test_ten_play_fits_the_glass_and_its_hint_answers_in_one_line(isolated_home: Path) -> None:
    """10-play, not solved exactly: the hint answers on the message line (by the strategy blind to the
    queues, once the machine has worked it out), the draw goes on, and all ten lines' queues and what
    they left fit the glass."""
    paytable = resolve_paytable(DOUBLE_DOUBLE)
    queues = ((2, 4, 8, 10, 12), (12, 12, 12, 12), (4, 8), (), (12,), (2, 4), (8, 10, 12), (), (10, 12), (2, 4, 8))
    with Session.open(isolated_home, None, paytable=DOUBLE_DOUBLE, hands=10) as session:
        session.machine.start(Round(paytable, 10, parse_hand("Ah Ad Ac 7s Ks"), (True,) * 3 + (False,) * 2,
                                    hands=10, state=Queues(queues)))
        session._save()
    app = VideoPokerApp(isolated_home, DOUBLE_DOUBLE, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        assert "TEN PLAY · LINES 54X" in shown(app, "#title")
        assert "HOLD, THEN DRAW · BOTTOM LINE 2X 4 8 10 12" in shown(app, "#message")
        assert [line[:13].rstrip() for line in upper(app)] == [  # the heads in one column, then the cards
            "12X 12 12 12", " 4X 8", " 1X", "12X", " 2X 4", " 8X 10 12", " 1X", "10X 12", " 2X 4 8"]
        assert {line[13:16] for line in upper(app)} == {"A♥ "}
        assert all(len(line) <= LINE_WIDTH for line in upper(app))
        for _ in range(600):  # asked again while the machine says it is still working the hint out
            await pilot.press("h")
            said = shown(app, "#message")
            assert "\n" not in said and len(said) <= MESSAGE_WIDTH
            if app.hint is not None:
                break
            await until(pilot, lambda: app.notice is None, seconds=300)  # its reason said, for a moment
        assert app.hint is not None and shown(app, "#message").startswith("BEST: HOLD")
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        last = app.session.machine.last
        assert last is not None and isinstance(last.state, Queues) and len(last.state.left) == 10
        assert all(len(line) <= LINE_WIDTH for line in upper(app))  # what a line cannot hold it does not show
        assert len(shown(app, "#message")) <= MESSAGE_WIDTH


async def test_hands_a_round_the_streaks_are_not_sold_at_play_the_base_game(isolated_home: Path) -> None:
    """N cycles 3, 5, 10, 50, 100, 1 hands: at 50 and 100 (and 1) the table is its base game, with
    nothing to solve in the background; a round there deals, draws and is paid without a streak."""
    app = VideoPokerApp(isolated_home, DOUBLE_DOUBLE, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None)
        assert app.session is not None
        while app.session.machine.hands != 50:
            await pilot.press("n")
        await until(pilot, lambda: " 50 PLAY" in shown(app, "#title"))  # FIFTY PLAY: too long for this title
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("h")
        await until(pilot, lambda: app.hint is not None)   # the base game's hint, at once
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        assert app.session.machine.last is not None and app.session.machine.last.state is None
        await pilot.press("n")
        await until(pilot, lambda: app.session is not None and app.session.machine.hands == 100)
        assert app.is_running

