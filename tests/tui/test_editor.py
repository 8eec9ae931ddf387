"""The paytable editor, driven as a player drives it: keys in, the grid and the files checked."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from textual.pilot import Pilot
from textual.widgets import Button, Static
from waiting import until

from videopoker.paytable import SHIPPED_DIR, load_paytable
from videopoker.paytable.draft import Draft
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.editor_app import EditorApp, open_draft
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.editor import EditorScreen
from videopoker.tui.screens.editor_dialogs import FileNameDialog, SolveDialog

NINE_SIX = SHIPPED_DIR / "jacks-or-better-9-6.yaml"
SIZE = (80, 24)



def editor(app: EditorApp) -> EditorScreen:
    screen = app.screen
    assert isinstance(screen, EditorScreen)
    return screen


def solved_at(app: EditorApp, rtp: str) -> Callable[[], bool]:
    return lambda: rtp in text(editor(app), "#editor-return")


def text(screen: EditorScreen | SolveDialog, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def new_game(pilot: Pilot[None], app: EditorApp) -> EditorScreen:
    """From 9/6 Jacks or Better, `n` and the first option: a new game of your own ("My Game", the
    usual draw-game hands, 9/6 pays), solved; its screen."""
    from videopoker.tui.screens.editor_dialogs import FamilyDialog

    await until(pilot, solved_at(app, "RETURN 99.5439%"))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, FamilyDialog))
    await pilot.press("home", "enter")
    await until(pilot, lambda: isinstance(app.screen, EditorScreen) and app.screen.draft.game is not None
                and app.screen.draft.game.title == "My Game")
    await until(pilot, solved_at(app, "RETURN 99.5439%"))
    return editor(app)


async def save_as(pilot: Pilot[None], app: EditorApp, name: str) -> None:
    """`a`: the table saved under ``name`` in the player's paytables."""
    from textual.widgets import Input

    screen = editor(app)
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, FileNameDialog))
    app.screen.query_one(Input).value = name
    await pilot.press("enter")
    await until(pilot, lambda: screen.saved is not None)


async def answer_hand(pilot: Pilot[None], app: EditorApp, **fields: Any) -> Any:
    """Wait for the hand dialog, set its fields by name (``key="four_aces"`` is ``#hand-key``), and
    press enter in the key field; the dialog, to read a refusal on."""
    from videopoker.tui.screens.game_dialogs import HandDialog

    await until(pilot, lambda: isinstance(app.screen, HandDialog))
    dialog = app.screen
    for name, value in fields.items():
        cast(Any, dialog.query_one(f"#hand-{name}")).value = value
    dialog.query_one("#hand-key").focus()
    await pilot.press("enter")
    return dialog


async def test_a_pay_typed_in_a_cell_changes_the_return_at_once() -> None:
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "8")  # full house, per coin: 8 (8/6 Jacks or Better)
        await until(pilot, solved_at(app, "RETURN 98.3927%"))
        screen = editor(app)
        assert "change -1.1512" in text(screen, "#editor-return")
        assert screen.cell_text("full_house", "c5").strip() == "40"
        assert screen.cell_text("full_house", "change").strip() == "-1.1513"
        assert "UNSAVED" in text(screen, "#editor-title")
        await pilot.press("enter")  # the cell is kept; the grid has the keys again
        assert screen.editing is None and screen.draft.per_coin("full_house") == 8


async def test_typing_fast_shows_the_last_table_never_a_stale_one() -> None:
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "1", "2", "backspace", "0", "backspace", "backspace", "7")
        await until(pilot, lambda: editor(app).analysis is not None
                    and editor(app).analysis.paytable.pay("full_house", 1) == 7)
        # every older solve has ended (a thread's result is shown before its worker ends): none landed late
        await until(pilot, lambda: not any(w.group == "solve" and not w.is_finished for w in app.workers))
        screen = editor(app)
        assert screen.analysis is not None and screen.analysis.paytable.pay("full_house", 1) == 7
        assert "RETURN 97.2416%" in text(screen, "#editor-return")  # 7/6


async def test_keys_typed_in_a_burst_land_in_order() -> None:
    """A fast typist's keys, all sent before the app runs again, edit one cell in the order typed:
    the grid keeps the focus while a pay is typed, so no change of focus can reorder them."""
    from textual import events

    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        for key, character in (("down", None), ("1", "1"), ("2", "2"), ("backspace", None), ("5", "5"),
                               ("enter", None), ("down", None), ("7", "7"), ("enter", None)):
            app.post_message(events.Key(key, character))  # all queued before any is handled, as typed
        await until(pilot, lambda: editor(app).draft.per_coin("four_of_a_kind") == 7)
        screen = editor(app)
        assert screen.draft.per_coin("straight_flush") == 15
        assert screen.editing is None


async def test_an_invalid_value_is_marked_in_its_cell_with_the_reason() -> None:
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "down", "enter", "x")  # flush: "x"
        screen = editor(app)
        assert screen.cell_marked("flush", "per")
        assert "line 11:10 flush: pay for 'flush' must be a whole number" in text(screen, "#problems")
        assert text(screen, "#edit-cell").startswith("6x")
        assert screen.cell_text("flush", "return") == ""  # no figures for a table that is not one
        assert "fix the marked values" in text(screen, "#editor-return")
        await pilot.press("escape")  # typing abandoned: the cell is as it was
        assert isinstance(app.screen, EditorScreen) and screen.editing is None
        assert not screen.cell_marked("flush", "per") and screen.draft.checked.problems == ()
        assert not screen.draft.dirty


async def test_save_keeps_the_comments_and_a_reload_has_the_change(isolated_home: Path) -> None:
    folder = isolated_home / "paytables"
    folder.mkdir(parents=True)
    mine = Path(shutil.copy(NINE_SIX, folder / "mine.yaml"))
    app = EditorApp(open_draft(str(mine)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "down", "5", "enter", "s")
        await until(pilot, solved_at(app, "saved 98.4498%"))
        assert "UNSAVED" not in text(editor(app), "#editor-title")
    saved = mine.read_text()
    assert saved == "".join(line for line in NINE_SIX.read_text().replace("  flush: 6", "  flush: 5").splitlines(
        keepends=True) if not line.startswith("# published return: 99.5439%"))  # no longer its return
    assert load_paytable(mine).pay("flush", 5) == 25
    assert Draft.open(mine).per_coin("flush") == 5


async def test_a_shipped_table_is_saved_as_the_players_own(isolated_home: Path) -> None:
    before = NINE_SIX.read_bytes()
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "8", "enter", "s")  # save: asks a name instead
        await until(pilot, lambda: isinstance(app.screen, FileNameDialog))
        await pilot.press(*"my-8-6", "enter")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and editor(app).saved is not None)
        assert "my-8-6.yaml" in text(editor(app), "#editor-title")
    assert NINE_SIX.read_bytes() == before
    assert load_paytable(isolated_home / "paytables" / "my-8-6.yaml").pay("full_house", 1) == 8


async def test_solve_for_a_target_shows_the_pay_then_takes_it() -> None:
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "t")
        await until(pilot, lambda: isinstance(app.screen, SolveDialog))
        dialog = app.screen
        assert isinstance(dialog, SolveDialog) and dialog.category == "full_house"
        await pilot.press(*"98.5%", "enter")
        await until(pilot, lambda: not dialog.query_one("#accept", Button).disabled)
        assert "8 per coin gives 98.3927%" in text(dialog, "#solve-result")
        assert "7 gives 97.2416%" in text(dialog, "#solve-result")
        await pilot.press("enter")  # the focus is on USE THIS PAY
        await until(pilot, solved_at(app, "RETURN 98.3927%"))
        assert editor(app).draft.per_coin("full_house") == 8


async def test_unsaved_changes_are_asked_about_on_leaving() -> None:
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "7", "enter", "escape")
        assert isinstance(app.screen, Confirm)
        await pilot.press("enter")  # the safe answer: keep editing
        assert isinstance(app.screen, EditorScreen) and editor(app).draft.dirty
        await pilot.press("escape", "D")
        await until(pilot, lambda: not app.is_running)


async def test_e_in_the_game_edits_the_table_in_play_and_plays_what_is_saved(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.draft.source == NINE_SIX
        await pilot.press("5")  # typed on the editor's grid, not a hold in the game
        await pilot.press("enter", "s")
        await until(pilot, lambda: isinstance(app.screen, FileNameDialog))
        await pilot.press(*"nine-six-royal-5", "enter")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and app.screen.saved is not None)
        await pilot.press("escape")
        assert app.session is not None
        assert app.session.state().paytable.source == isolated_home / "paytables" / "nine-six-royal-5.yaml"
        assert app.session.state().phase.name == "IDLE"


async def test_coins_and_game_are_edited_above_the_grid() -> None:
    """COINS 6 adds a ×6 column (a list row extended per coin); GAME brings the family's own rows."""
    from textual.widgets import DataTable, Input, Select

    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        screen = editor(app)
        coins = screen.query_one("#edit-coins", Input)
        coins.focus()
        await pilot.press("backspace", "6")
        await until(pilot, lambda: "(6 coins)" in text(editor(app), "#editor-return"))
        assert screen.cell_text("royal_flush", "c6").strip() == "1,500"
        assert len(screen.query_one("#grid", DataTable).columns) == 2 + 6 + 2
        await pilot.press("backspace", "x")  # not a number: marked, nothing else changes
        assert coins.has_class("-invalid") and "max_coins" in text(screen, "#problems")
        await pilot.press("backspace", "5")
        assert not coins.has_class("-invalid")
        screen.query_one("#edit-game", Select).value = "deuces-wild"
        await until(pilot, solved_at(app, "RETURN 100.7620%"))
        assert screen.draft.categories[0] == "natural_royal_flush"
        assert screen.cell_text("four_deuces", "per").strip() == "200"


async def test_a_game_designed_from_nothing_is_played_and_saved_inline(isolated_home: Path) -> None:
    """n → a new game of your own; hands added, moved, removed; deuces made wild; the return
    re-solved at each step; saved as a paytable with its game written in place."""
    from textual.widgets import Input

    from videopoker.tui.screens.game_dialogs import DeckDialog

    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, app)  # the usual draw-game hands, 9/6 pays
        assert screen.draft.source is None
        await pilot.press("down", "down", "plus")  # a hand below four of a kind
        dialog = await answer_hand(pilot, app, key="four_aces", made="four of a kind", ranks="A", label="4 ACES")
        # below four of a kind, four aces can never be paid: the checker says so, nothing changes
        await until(pilot, lambda: "can never be paid" in str(dialog.query_one("#question-problem").render()))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen))
        await pilot.press("up", "plus")  # now below the straight flush: above four of a kind
        await answer_hand(pilot, app, key="four_aces", made="four of a kind", ranks="A", natural=False)
        await until(pilot, lambda: isinstance(app.screen, EditorScreen))
        screen = editor(app)
        assert screen.draft.categories[:4] == ("royal_flush", "straight_flush", "four_aces", "four_of_a_kind")
        await pilot.press("8", "0", "enter")  # four aces pay 80 a coin: more than 9/6's 99.54%
        await until(pilot, lambda: screen.analysis is not None and screen.analysis.paytable.pay("four_aces", 1) == 80)
        assert float(screen.analysis.rtp) > 0.9955
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, DeckDialog))
        app.screen.query_one("#deck-wild", Input).value = "2"
        app.screen.query_one("#deck-title", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and 2 in screen.draft.game.wild_ranks)
        await until(pilot, lambda: screen.analysis is not None and 2 in screen.analysis.paytable.game.wild_ranks)
        await pilot.press("right_square_bracket")  # four aces below four of a kind: dead, refused
        assert screen.draft.categories[2] == "four_aces"
        await save_as(pilot, app, "my-game")
    saved = load_paytable(isolated_home / "paytables" / "my-game.yaml")
    assert saved.game.title == "My Game" and saved.game.wild_ranks == {2}
    assert saved.game.categories[2] == "four_aces" and saved.pay("four_aces", 1) == 80
    assert "four_aces: {made: four of a kind, ranks: [A]" in (isolated_home / "paytables" / "my-game.yaml").read_text()


async def test_a_five_aces_deck_is_kept_through_the_game_dialog_and_saved(isolated_home: Path) -> None:
    """g on Five Aces: the FIFTH ACE box is ticked; a new title keeps the 53-card deck (the game
    written in place says fifth_ace); unticked, the checker names the hand no deck could make then."""
    from textual.widgets import Checkbox, Input

    from videopoker.tui.screens.game_dialogs import DeckDialog

    app = EditorApp(open_draft("five-aces-double-double-bonus-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.9992%"))
        screen = editor(app)
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, DeckDialog))
        dialog = app.screen
        assert dialog.query_one("#deck-fifth-ace", Checkbox).value
        dialog.query_one("#deck-fifth-ace", Checkbox).value = False
        dialog.query_one("#deck-title", Input).focus()
        await pilot.press("enter")
        problem = dialog.query_one("#question-problem")
        await until(pilot, lambda: "five_aces: no hand can make it" in str(problem.render()))
        dialog.query_one("#deck-fifth-ace", Checkbox).value = True
        dialog.query_one("#deck-title", Input).value = "My Five Aces"
        dialog.query_one("#deck-title", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and screen.draft.game is not None
                    and screen.draft.game.title == "My Five Aces")
        await until(pilot, solved_at(app, "RETURN 99.9992%"))
        await save_as(pilot, app, "my-five-aces")
    saved = isolated_home / "paytables" / "my-five-aces.yaml"
    assert load_paytable(saved).game.deck_size == 53 and "fifth_ace: true" in saved.read_text()


async def test_a_reversible_royal_is_designed_with_an_order_and_solved_in_place(isolated_home: Path) -> None:
    """The game designer writes an order: the royal flush row made a royal read 10 J Q K A either
    way, a plain royal added below it; the checker names what takes an order written below; the
    return is solved in place and saved with the order in the file."""


    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, app)
        await pilot.press("plus")  # below the royal flush, an order the royal always takes first
        dialog = await answer_hand(pilot, app, key="reversible_royal", made="royal flush", order="10 J Q K A")
        await until(pilot, lambda: "royal_flush above it" in str(dialog.query_one("#question-problem").render()))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen))
        await pilot.press("h")  # the royal flush row itself becomes the royal in order
        await answer_hand(pilot, app, key="reversible_royal", order="10 J Q K A", reversible=True)
        await until(pilot, lambda: isinstance(app.screen, EditorScreen)
                    and screen.draft.categories[0] == "reversible_royal")
        await pilot.press("plus")
        await answer_hand(pilot, app, key="royal_flush", made="royal flush")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and screen.draft.categories[1] == "royal_flush")
        await pilot.press("8", "0", "0", "enter")  # the plain royal pays 800 a coin, the reversible its 800 too
        await until(pilot, lambda: screen.analysis is not None and screen.analysis.paytable.pay("royal_flush", 1) == 800
                    and screen.analysis.paytable.game.placed is not None)
        assert f"{float(screen.analysis.rtp):.6f}" == "0.995439"  # an order that pays no more changes nothing
        await save_as(pilot, app, "reversible")
    saved = load_paytable(isolated_home / "paytables" / "reversible.yaml")
    assert saved.game.definition.hands[0].data() == {"made": "royal flush", "order": ["10", "J", "Q", "K", "A"],
                                                     "reversible": True}


async def test_quick_quads_are_designed_as_a_three_of_a_kind_whose_sides_add_up(isolated_home: Path) -> None:
    """The game designer writes Quick Quads' hand into a game of its own: below four of a kind, a
    three of a kind whose two other cards add up to its rank; priced as the fours, solved, saved."""

    from videopoker.analysis.solve.exact import analyze

    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot, app)
        await pilot.press("down", "down", "plus")  # below four of a kind
        await answer_hand(pilot, app, key="quick_quads", made="three of a kind", sides=True)
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and screen.draft.categories[3] == "quick_quads")
        await pilot.press("2", "5", "enter")  # paid as the fours
        await until(pilot, lambda: screen.analysis is not None and "quick_quads" in screen.analysis.paytable.pays
                    and screen.analysis.paytable.pay("quick_quads", 1) == 25)
        rtp = screen.analysis.rtp
        await save_as(pilot, app, "quick")
    saved = load_paytable(isolated_home / "paytables" / "quick.yaml")
    assert saved.game.definition.hands[3].data() == {"made": "three of a kind", "sides_add_up": True}
    assert analyze(saved).rtp == rtp and rtp > 1.0  # a quick quad every 240 hands at 25: above par


async def test_a_new_table_nobody_touched_is_left_without_a_question() -> None:
    """Nothing to lose: `n` and escape ask nothing until a pay or a hand has changed."""
    from videopoker.tui.screens.editor_dialogs import FamilyDialog

    app = EditorApp(open_draft(None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        assert "UNSAVED" in text(editor(app), "#editor-title")  # never saved, all the same
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, FamilyDialog))
        await pilot.press("home", "enter")  # a new game of your own: no "lose these changes?"
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and editor(app).draft.game is not None
                    and editor(app).draft.game.title == "My Game")
        await pilot.press("down", "7", "enter", "escape")  # a straight flush of 7: something to lose
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("enter", "5", "0", "enter")  # keep editing; 50 again, as it started
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and not editor(app).draft.changed)
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running)


async def test_a_long_hand_name_is_shortened_in_the_grid(tmp_path: Path) -> None:
    table = tmp_path / "long.yaml"
    table.write_text("name: Long\ngame:\n  title: Long\n  hands:\n    natural_royal_flush_of_spades: "
                     "{made: royal flush}\n    two_pair: {made: two pair}\nmax_coins: 5\n"
                     "pays: {natural_royal_flush_of_spades: 800, two_pair: 1}\n")
    app = EditorApp(open_draft(str(table)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: editor(app).analysis is not None)
        assert editor(app).cell_text("natural_royal_flush_of_spades", "hand") == " NATURAL ROYAL…"


async def test_escape_while_typing_a_pay_puts_it_back_and_says_so() -> None:
    """The footer says what ends the typing while a pay is typed; escape puts the pay back, and the
    return with it, and says so (it did silently, after the return had shown the typed pay's figure)."""
    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        screen = editor(app)
        await pilot.press("down", "down", "down", "down", "5")  # flush: 5, the 9/5 table
        await until(pilot, solved_at(app, "RETURN 98.4498%"))
        assert text(screen, "#editor-keys").startswith("typing a pay: enter keeps it · esc puts it back")
        await pilot.press("escape")
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        assert screen.draft.per_coin("flush") == 6 and isinstance(app.screen, EditorScreen)
        assert "FLUSH: 5 not kept, the pay is back as it was (enter keeps a pay as typed)" in text(screen, "#problems")
        assert text(screen, "#editor-keys").startswith("type a pay · h + - [ ] hands")


async def test_save_as_offers_a_name_that_says_what_changed(isolated_home: Path) -> None:
    from textual.widgets import Input

    app = EditorApp(open_draft("jacks-or-better-9-6"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, solved_at(app, "RETURN 99.5439%"))
        await pilot.press("down", "down", "down", "down", "5", "enter", "a")  # flush 5
        await until(pilot, lambda: isinstance(app.screen, FileNameDialog))
        assert app.screen.query_one(Input).value == "jacks-or-better-9-6-flush-5"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EditorScreen) and editor(app).saved is not None)
    saved = load_paytable(isolated_home / "paytables" / "jacks-or-better-9-6-flush-5.yaml")
    assert saved.name == "Jacks or Better 9/6, flush 5" and saved.pay("flush", 1) == 5
