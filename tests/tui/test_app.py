"""The machine driven as a player drives it: keys and clicks through Textual's Pilot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, OptionList, Static
from waiting import until

from videopoker.deck.cards import parse_hand
from videopoker.machine.game import Phase
from videopoker.machine.round import Round
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.help import HelpScreen
from videopoker.tui.screens.picker import PaytablePicker
from videopoker.tui.screens.recall import RecallScreen
from videopoker.tui.widgets.card import CardView
from videopoker.tui.widgets.meters import Meters


def text_of(app: VideoPokerApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def meters(app: VideoPokerApp) -> str:
    return str(app.query_one(Meters).render())


async def test_a_full_hand_bet_deal_hold_draw(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session is not None
        assert text_of(app, "#message") == "PLAY 5 CREDITS"
        await pilot.press("b", "b")  # 5 → 1 → 2
        assert app.session.state().bet == 2 and "BET 2" in meters(app)
        await pilot.press("space")
        state = app.session.state()
        assert state.phase is Phase.DEALT and state.credits == 998
        assert text_of(app, "#message") == "HOLD CARDS, THEN DRAW"
        await pilot.press("1", "3")
        assert app.session.state().held == (True, False, True, False, False)
        assert [view.held for view in app.query(CardView)] == [True, False, True, False, False]
        dealt = app.session.state().hand
        await pilot.press("enter")
        state = app.session.state()
        assert state.phase is Phase.IDLE and state.last is not None
        assert state.hand[0] == dealt[0] and state.hand[2] == dealt[2]
        assert state.credits == 998 + state.last.win
        assert f"CREDIT {state.credits:,}" in meters(app)
        expected = f"{state.last.results[0].name}   WIN {state.last.win}" if state.last.win else "GAME OVER"
        assert text_of(app, "#message") == expected


async def test_bet_max_deals_at_once(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")  # bet 1
        await pilot.press("m")
        assert app.session is not None
        state = app.session.state()
        assert state.phase is Phase.DEALT and state.bet == 5 and state.credits == 995
        assert str(app.query_one("#deal", Button).label) == "DRAW"


async def test_clicks_hold_cards_and_press_buttons(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#deal")
        await pilot.click("#card-2")
        assert app.session is not None and app.session.state().held[1]
        await pilot.click("#deal")
        assert app.session.state().phase is Phase.IDLE


async def test_insufficient_credit_is_said_and_nothing_changes(isolated_home: Path) -> None:
    with Session.open(isolated_home) as session:
        session.machine.credits = 3
        session.set_bet(1)
        session.set_bet(5)  # saved with credit 3 (as after a run of losses)
    app = VideoPokerApp(isolated_home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        assert text_of(app, "#message") == "INSUFFICIENT CREDIT"
        assert app.session is not None and app.session.state().credits == 3
        await pilot.press("b")  # a change of bet clears the warning, and the message follows the bet
        assert text_of(app, "#message") == "PLAY 1 CREDIT"


async def test_at_zero_credit_a_free_refill_is_offered_and_counted(isolated_home: Path) -> None:
    with Session.open(isolated_home) as session:
        session.machine.credits = 0
        session.set_bet(5)
    app = VideoPokerApp(isolated_home, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "FREE 1,000" in text_of(app, "#message")
        assert app.query_one("#refill", Button).display
        await pilot.press("f")
        assert app.session is not None and app.session.state().credits == 1000
        assert app.session.history.refills == 1
        assert not app.query_one("#refill", Button).display


async def test_switching_paytable(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        assert isinstance(app.screen, PaytablePicker)
        options = app.screen.query_one(OptionList)
        target = next(i for i in range(options.option_count)
                      if "Jacks or Better 8/5" in str(options.get_option_at_index(i).prompt))
        options.highlighted = target
        await pilot.press("enter")
        assert app.session is not None and app.session.state().paytable.name == "Jacks or Better 8/5"
        assert text_of(app, "#title") == "JACKS OR BETTER 8/5"
        await pilot.press("space", "p")  # no switching in the middle of a hand
        assert not isinstance(app.screen, PaytablePicker)


async def test_recall_and_help_screens(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=7)
    app.DEAL_GUARD = 0  # a robot's double taps are deliberate
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.press("space", "space")
        await pilot.press("r")
        assert isinstance(app.screen, RecallScreen)
        assert len(app.screen.history.recall) == 3
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_a_dealt_hand_is_waiting_after_a_restart(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "2")
        assert app.session is not None
        dealt = app.session.state()
    again = VideoPokerApp(isolated_home, seed=99)
    async with again.run_test(size=(80, 24)):
        assert again.session is not None
        state = again.session.state()
        assert state.phase is Phase.DEALT and state.hand == dealt.hand and state.credits == 995
        assert [view.card for view in again.query(CardView)] == list(dealt.hand)
        assert [view.held for view in again.query(CardView)] == [False, True, False, False, False]


async def test_the_layout_fits_small_and_large_terminals(isolated_home: Path) -> None:
    for size in ((80, 24), (80, 21), (200, 60)):  # 80×21: room left for a 12-row paytable at 80×24
        app = VideoPokerApp(isolated_home, seed=10)
        async with app.run_test(size=size) as pilot:
            await pilot.press("space")
            width, height = size
            for widget in [*app.query(CardView), app.query_one("#message"), app.query_one(Meters),
                           *app.query(Button)]:
                if not widget.display:
                    continue
                region = widget.region
                assert region.height > 0 and region.width > 0, widget
                assert region.right <= width and region.bottom <= height, (size, widget, region)
            assert app.query_one("#card-1", CardView).region.height >= 6


async def test_close_buttons_dismiss_help_and_recall(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen in (("question_mark", HelpScreen), ("r", RecallScreen)):
            await pilot.press(key)
            assert isinstance(app.screen, screen)
            await pilot.click("#close")
            assert not isinstance(app.screen, screen)


async def test_a_thirteen_row_table_fits_at_80x24_and_wild_cards_say_so(isolated_home: Path) -> None:
    """Double Double Bonus has 13 paying rows: every one on screen, nothing clipped, at 80×24."""
    from videopoker.tui.widgets.paytable import PaytablePanel

    app = VideoPokerApp(isolated_home, paytable="double-double-bonus-9-6", seed=3)
    async with app.run_test(size=(80, 24)):
        assert app.session is not None
        paying = app.session.state().paytable.game.paying
        panel = app.query_one(PaytablePanel)
        assert len(paying) == 13 and panel.region.height == len(paying)
        assert app.screen.region.contains_region(panel.region)
        lines = [panel.render_line(y).text.strip() for y in range(panel.size.height)]
        assert len(lines) == len(paying)
        for line, category in zip(lines, paying):
            pays = app.session.state().paytable.pays[category]
            label = app.session.state().paytable.game.label(category)
            assert line.startswith(label) and line.rstrip().endswith(f"{pays[-1]:,}")
        for view in app.query(CardView):
            assert app.screen.region.contains_region(view.region) and view.region.height >= 6
    app = VideoPokerApp(isolated_home, paytable="deuces-wild-full-pay", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session is not None
        machine = app.session.machine
        machine.start(Round(machine.paytable, 5, parse_hand("2c 7h 2d Kd 9s")))  # a known deal
        app.redraw()
        await pilot.pause()
        hand = app.session.state().hand
        for view, card in zip(app.query(CardView), hand):
            face = "".join(view.render_line(y).text for y in range(view.size.height))
            assert ("WILD" in face) == (card.rank == 2), str(card)


async def test_a_sixteen_hand_game_folds_its_paytable_to_fit_80x24(isolated_home: Path) -> None:
    """16 paying hands: two columns of hands with the pay at the bet, the cards still full size."""
    from videopoker.tui.widgets.paytable import PaytablePanel

    table = Path(__file__).resolve().parent.parent / "rules" / "tables" / "sixteen-hands.yaml"
    app = VideoPokerApp(isolated_home, paytable=str(table), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session is not None and len(app.session.state().paytable.game.paying) == 16
        assert not app.too_small and app.folded
        panel = app.query_one(PaytablePanel)
        assert panel.region.height == 8 and app.screen.region.contains_region(panel.region)
        lines = [panel.render_line(y).text for y in range(panel.size.height)]
        assert "NATURAL ROYAL" in lines[0] and "THREE OF A KIND" in lines[-1] and "FOUR DEUCES WI…" in lines[1]
        for view in app.query(CardView):
            assert app.screen.region.contains_region(view.region) and view.region.height >= 6
        await pilot.resize_terminal(80, 40)
        await until(pilot, lambda: not app.folded and app.query_one(PaytablePanel).region.height == 16)


@pytest.mark.parametrize(("key", "selector"), [("c", ".chart-line"), ("question_mark", "Static")])
async def test_the_chart_and_the_help_scroll_to_their_last_line_at_80_by_24(isolated_home: Path, key: str,
                                                                          selector: str) -> None:
    """End reaches the last line of a scrolling dialog, inside the dialog's border, without Tab."""
    from textual.containers import VerticalScroll

    app = VideoPokerApp(isolated_home, "jacks-or-better-9-6", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await until(pilot, lambda: app.screen.query("#dialog") and len(app.screen.query(selector)) > 1)
        await pilot.press("end")
        dialog = app.screen.query_one("#dialog")
        final = list(app.screen.query_one(VerticalScroll).query(selector))[-1]
        await until(pilot, lambda: final.region.height > 0 and final.region.bottom <= dialog.region.bottom - 1)


async def test_the_chart_ends_with_what_its_shorthand_means(isolated_home: Path) -> None:
    from textual.widgets import Static

    app = VideoPokerApp(isolated_home, "jacks-or-better-9-6", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: len(app.screen.query(".chart-legend")) == 1)
        await pilot.press("end")
        key = app.screen.query_one(".chart-legend", Static)
        dialog = app.screen.query_one("#dialog")
        assert "T is a ten" in str(key.render()) and "ways: straights" in str(key.render())
        await until(pilot, lambda: key.region.height > 0 and key.region.bottom <= dialog.region.bottom - 1)


def test_the_picker_says_a_feature_tables_return_is_its_base_games() -> None:
    """The picker solves each table's pays alone: beside a feature table it says so."""
    from videopoker.paytable import resolve_paytable

    picker = PaytablePicker(resolve_paytable("jacks-or-better-9-6"))
    names = {loaded.name: index for index, (_, loaded) in enumerate(picker.choices)
             if not isinstance(loaded, Exception)}
    assert "base game" in picker.prompt(names["Ultimate X Jacks or Better 8/6"]).plain
    assert "base game" not in picker.prompt(names["Jacks or Better 9/6"]).plain


async def opened_picker(pilot: Any, app: VideoPokerApp) -> OptionList:
    """The picker's list, once `p` has opened it."""
    await pilot.press("p")
    assert isinstance(app.screen, PaytablePicker)
    return app.screen.query_one(OptionList)


def prompts(options: OptionList) -> list[str]:
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_picker_finds_a_table_as_you_type_and_prices_its_feature(isolated_home: Path) -> None:
    """Typing filters (every word), the moving keys move in the list while you type, Enter plays
    the table highlighted, and a feature table's line comes to say its feature game's return."""
    app = VideoPokerApp(isolated_home, seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        options = await opened_picker(pilot, app)
        everything = options.option_count
        await pilot.press(*"ultimate jacks")
        assert isinstance(app.screen, PaytablePicker)  # letters type, they do not close it (Esc does)
        await until(pilot, lambda: options.option_count == 1)
        await until(pilot, lambda: "10 hands" in prompts(options)[0], seconds=600)  # a cold 10-play solve, loaded
        assert " 99.4220%  Ultimate X Jacks or Better 8/6  (10 hands)" in prompts(options)[0]
        for _ in range(len("ultimate jacks")):
            await pilot.press("backspace")
        await pilot.press(*"bonus poker 7/5")
        await until(pilot, lambda: 1 < options.option_count < everything)
        assert all("Bonus Poker" in prompt and "7/5" in prompt for prompt in prompts(options))
        await pilot.press("end")
        assert options.highlighted == options.option_count - 1
        await pilot.press("home", "enter")
        chosen = prompts(options)[0]
        assert not isinstance(app.screen, PaytablePicker)
        assert app.session is not None and app.session.state().paytable.name in chosen


async def test_the_picker_closes_on_escape_and_its_lines_fit(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        options = await opened_picker(pilot, app)
        await until(pilot, lambda: options.region.width > 0)
        lines = options.render_lines(options.region.reset_offset)
        assert all(line.cell_length <= options.region.width for line in lines)
        await pilot.press("escape")
        assert not isinstance(app.screen, PaytablePicker)


async def test_the_fifth_ace_is_an_ace_of_stars_on_the_glass_and_five_aces_pay(isolated_home: Path) -> None:
    """Five Aces at 80×24: the star's card reads A★ in its corners with a star for a pip, and the
    five aces held and drawn pay 6,000 credits at five coins."""
    from waiting import rendered_rows

    from videopoker.paytable import resolve_paytable

    table = "five-aces-double-double-bonus-9-6"
    with Session.open(isolated_home, None, paytable=table) as session:
        session.machine.start(Round(resolve_paytable(table), 5, parse_hand("As Ah Ad Ac A*"), (True,) * 5))
        session._save()
    app = VideoPokerApp(isolated_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        star = rendered_rows(app.query(CardView)[4])
        assert "A★" in star[1] and "★" in star[2] and "JOKER" not in "".join(star)
        await pilot.press("enter")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        assert text_of(app, "#message") == "5 ACES   WIN 6,000"
