"""The machine's day-one fixes, driven through Textual's Pilot as a player drives it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from textual import events
from textual.widgets import Button, OptionList, Static
from waiting import seen, until

from videopoker.machine.game import Phase
from videopoker.paytable import find_paytable
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp, event_clock
from videopoker.tui.keys import KEYS
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.help import HelpScreen
from videopoker.tui.screens.picker import PaytablePicker
from videopoker.tui.widgets.card import CardView

REPO = Path(__file__).resolve().parents[2]


def message(app: VideoPokerApp) -> str:
    return str(app.query_one("#message", Static).render())


def dead(app: VideoPokerApp) -> set[str]:
    return {button.id or "" for button in app.query("#buttons Button").results(Button) if button.has_class("dead")}


async def test_the_picker_opens_on_the_table_in_play_with_every_return(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, paytable="jacks-or-better-8-5", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        picker = app.screen
        assert isinstance(picker, PaytablePicker)
        options = picker.query_one(OptionList)
        highlighted = options.get_option_at_index(options.highlighted or 0)
        assert "Jacks or Better 8/5" in str(highlighted.prompt) and "▶" in str(highlighted.prompt)
        await picker.workers.wait_for_complete()
        await pilot.pause()
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any(" 97.2984%  Jacks or Better 8/5" in prompt for prompt in prompts), prompts
        assert any(" 99.5439%  Jacks or Better 9/6" in prompt for prompt in prompts), prompts
        assert "    …    " not in "".join(prompts)  # every figure in (a long line may end in …)
        await pilot.press("enter")  # p then Enter keeps the table in play
        assert app.session is not None and app.session.state().paytable.name == "Jacks or Better 8/5"


async def test_buttons_that_do_nothing_are_dim_and_a_refused_key_says_why(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=2)
    app.REASON_SECONDS = 3600.0  # read back however long a loaded machine takes between a key and a look
    async with app.run_test(size=(80, 24)) as pilot:
        assert dead(app) == set()
        await pilot.press("m")
        assert dead(app) == {"bet-one", "bet-max", "paytable", "hands-button"}
        await pilot.press("b")
        assert message(app) == "CANNOT CHANGE THE BET UNTIL THE HAND IS DRAWN"
        await pilot.press("p")
        assert message(app) == "FINISH THE HAND BEFORE CHANGING THE PAYTABLE"
        app.REASON_SECONDS = 0.1
        await pilot.press("b")
        await until(pilot, lambda: message(app) == "HOLD CARDS, THEN DRAW")  # the reason goes by itself
        assert app.session is not None and app.session.state().phase is Phase.DEALT


def phase_of(app: VideoPokerApp) -> Phase:
    assert app.session is not None
    return app.session.state().phase


def bet_of(app: VideoPokerApp) -> int:
    assert app.session is not None
    return app.session.state().bet


async def test_a_double_tap_on_draw_does_not_deal_the_next_hand(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=3)
    guard = app.DEAL_GUARD
    app.DEAL_GUARD = 3600.0  # a loaded machine may take longer than the real guard between two key events
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: phase_of(app) is Phase.DEALT)
        await pilot.press("space", "space", "b")  # draw, then a bounce; BET ONE says the bounce was handled
        await until(pilot, lambda: phase_of(app) is Phase.DEALT or bet_of(app) == 1)
        assert phase_of(app) is Phase.IDLE and app.session is not None and app.session.history.games == 1
        app.DEAL_GUARD = guard
        await seen(pilot)  # the result was on the screen long enough
        await pilot.press("space")  # a deliberate deal
        await until(pilot, lambda: phase_of(app) is Phase.DEALT)


async def test_the_first_deal_is_never_a_double_tap_whatever_the_clock_reads(isolated_home: Path) -> None:
    """No result has been shown yet, so nothing is too soon: a monotonic clock counts from the boot,
    and a guard measured from an invented 'last result' refused the first deal on a machine up less
    than the guard (CI's fresh VM, with the guard raised to an hour in the test above)."""
    app = VideoPokerApp(isolated_home, seed=3)
    app.DEAL_GUARD = 1e12  # longer than any clock has run
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "b")  # BET ONE, refused in a dealt hand, says whether MAX BET dealt
        await until(pilot, lambda: phase_of(app) is Phase.DEALT or bet_of(app) != 5)
        assert phase_of(app) is Phase.DEALT


async def test_a_bounce_a_busy_machine_handles_late_still_does_not_deal(isolated_home: Path) -> None:
    """Two taps on DRAW read from the terminal together, the second handled only after the app was
    busy for longer than the guard: the bounce was pressed before the result was on the screen, so it
    is ignored (judged by when it was pressed, not by when the app got to it)."""
    app = VideoPokerApp(isolated_home, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: phase_of(app) is Phase.DEALT)
        draw, bounce = events.Key("space", " "), events.Key("space", " ")  # stamped as they are pressed
        app.post_message(draw)
        await until(pilot, lambda: phase_of(app) is Phase.IDLE)
        handled = event_clock()
        await until(pilot, lambda: event_clock() - handled > 2 * app.DEAL_GUARD)  # busy with something else
        app.post_message(bounce)
        app.post_message(events.Key("b", "b"))  # BET ONE, refused in a dealt hand: the bounce is handled
        await until(pilot, lambda: phase_of(app) is Phase.DEALT or bet_of(app) == 1)
        assert phase_of(app) is Phase.IDLE and app.session is not None and app.session.history.games == 1


async def test_capital_letters_act_like_small_ones(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("B")
        assert app.session is not None and app.session.state().bet == 1
        await pilot.press("M")
        assert app.session.state().phase is Phase.DEALT and app.session.state().bet == 5
        await pilot.press("R")
        assert app.screen.id != "_default"
        await pilot.press("escape", "Q")
    assert app.return_code in (0, None)


async def test_a_terminal_too_small_says_so_instead_of_cutting_the_machine(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, paytable="double-double-bonus-9-6", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.too_small
        await pilot.resize_terminal(80, 22)  # 13 rows of pays fold into two columns: still playable
        await pilot.pause()
        assert not app.too_small and app.folded
        await pilot.resize_terminal(80, 16)
        await pilot.pause()
        assert app.too_small and not app.query_one("#machine").display
        notice = str(app.query_one("#too-small", Static).render())
        assert "TOO SMALL (80×16)" in notice and "AT LEAST 80×17" in notice
        await pilot.press("m")  # nothing is dealt blind
        assert app.session is not None and app.session.state().phase is Phase.IDLE
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.too_small and app.query_one("#machine").display


async def test_cards_are_one_width_and_the_machine_is_centred(isolated_home: Path) -> None:
    for width, height in ((80, 24), (81, 30), (120, 40), (200, 60)):
        app = VideoPokerApp(isolated_home, seed=6)
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            widths = {view.region.width for view in app.query(CardView)}
            assert len(widths) == 1, (width, widths)
            machine = app.query_one("#machine").region
            above, below = machine.y, height - machine.bottom
            assert abs(above - below) <= 1, (width, height, above, below)


async def test_a_name_with_markup_is_shown_as_written(isolated_home: Path) -> None:
    folder = isolated_home / "paytables"
    folder.mkdir(parents=True)
    text = find_paytable("jacks-or-better-9-6").read_text()
    (folder / "markup.yaml").write_text(re.sub(r"(?m)^name: .*$", "name: '[/bold] x [red]'", text))
    app = VideoPokerApp(isolated_home, paytable="markup", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        assert str(app.query_one("#title", Static).render()) == "[/BOLD] X [RED]"
        await pilot.press("p")
        options = app.screen.query_one(OptionList)
        assert any("[/bold] x [red]" in str(options.get_option_at_index(i).prompt)
                   for i in range(options.option_count))


async def test_a_damaged_wallet_is_kept_on_enter_and_started_over_only_deliberately(isolated_home: Path) -> None:
    with Session.open(isolated_home) as session:
        session.bet_max()
    file = isolated_home / "wallet.json"
    document = json.loads(file.read_text())
    document["content"]["credits"] = 10**6
    file.write_text(json.dumps(document))
    for keys in (["enter"], ["s", "space"], ["escape"]):  # the deal key hammered; a small s; escape
        app = VideoPokerApp(isolated_home, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, Confirm)
            assert "was changed outside the game" in app.screen.text and "wallet.json.corrupt-" in app.screen.text
            await pilot.press(*keys)
        assert app.return_code == 1 and json.loads(file.read_text())["content"]["credits"] == 10**6, keys
    for deliberate in ("S", "click"):
        app = VideoPokerApp(isolated_home, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await (pilot.click("#yes") if deliberate == "click" else pilot.press("S"))
            assert app.session is not None and app.session.state().credits == 1000
        file.write_text(json.dumps(document))


async def test_help_says_the_bet_range_of_the_table_in_play(isolated_home: Path, tmp_path: Path) -> None:
    ten = tmp_path / "ten.yaml"
    ten.write_text(re.sub(r"royal_flush: \[.*\]", "royal_flush: 800",
                          find_paytable("jacks-or-better-9-6").read_text()).replace("max_coins: 5", "max_coins: 10"))
    app = VideoPokerApp(isolated_home, paytable=str(ten), seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        texts = " ".join(str(widget.render()) for widget in app.screen.query(Static))
        assert "Bet 1 to 10 coins" in texts
        assert message(app) == "PLAY 10 CREDITS"


def test_the_manual_lists_exactly_the_keys_the_machine_has() -> None:
    manual = (REPO / "docs" / "playing.md").read_text()
    section = manual.split("## Keys", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")][1:]
    assert rows == [" ".join(f"`{part.strip()}`" for part in key.shown.split(",")).replace("` `", "`, `")
                    for key in KEYS]
