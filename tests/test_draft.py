"""The paytable being edited: changes, problems per cell, faithful saving, and never losing a file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import FAMILIES, game

from videopoker.errors import PaytableError
from videopoker.paytable import SHIPPED_DIR, load_paytable, paytable_files, resolve_paytable
from videopoker.paytable.draft import USUAL, Draft, typed_value
from videopoker.rules.definition import PayCategory

GAMES = {key: game(key) for key in FAMILIES}

NINE_SIX = SHIPPED_DIR / "jacks-or-better-9-6.yaml"


@pytest.fixture
def mine(isolated_home: Path) -> Path:
    """A copy of 9/6 in the player's folder, comments and all."""
    folder = isolated_home / "paytables"
    folder.mkdir(parents=True)
    return Path(shutil.copy(NINE_SIX, folder / "mine.yaml"))


def test_a_shipped_table_opens_clean_and_is_never_saved_over() -> None:
    draft = Draft.open(NINE_SIX)
    assert draft.shipped and not draft.dirty and draft.checked.problems == ()
    assert draft.checked.paytable == resolve_paytable("jacks-or-better-9-6")
    draft.set_pay("full_house", 8)
    with pytest.raises(PaytableError, match="Save as"):
        draft.save()
    assert "full_house: 9" in NINE_SIX.read_text()


def test_a_change_touches_only_its_own_line(mine: Path) -> None:
    before = mine.read_text().splitlines()
    draft = Draft.open(mine)
    draft.set_pay("full_house", 8)
    assert draft.dirty
    assert draft.save() == mine
    after = mine.read_text().splitlines()
    # its own line, and the comment whose return the table no longer has (every other line kept)
    assert after == [line.replace("  full_house: 9", "  full_house: 8") for line in before
                     if not line.startswith("# published return: 99.5439%")]
    assert len(after) == len(before) - 1
    assert not draft.dirty
    assert load_paytable(mine).pay("full_house", 5) == 40


def test_a_bad_value_is_a_problem_placed_on_its_row_and_bet() -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_pay("flush", typed_value("six"))
    assert draft.checked.paytable is None
    (problem,) = draft.checked.problems
    assert (problem.key, problem.coins, problem.line) == ("flush", 0, 11)
    assert "whole number" in problem.message and "'six'" in problem.message
    assert draft.checked.about("flush", 3) is problem  # a whole-row problem marks every bet

    draft.set_pay("flush", 6)
    draft.set_total("flush", 3, typed_value("3000001"))
    (problem,) = draft.checked.problems
    assert (problem.key, problem.coins) == ("flush", 3)
    assert draft.checked.about("flush", 2) is None
    assert draft.cell("flush", 3) == 3_000_001 and draft.cell("flush", 4) == 24


def test_the_same_checks_as_validate_say_which_entry() -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_name("")
    draft.set_max_coins(typed_value("11"))
    assert {problem.key for problem in draft.checked.problems} == {"name", "max_coins"}
    draft.set_name("Mine")
    draft.set_max_coins(typed_value("5"))
    assert draft.checked.problems == ()


def test_typed_values() -> None:
    assert typed_value(" 4,000 ") == 4000
    assert typed_value("-3") == -3
    assert typed_value("9" * 40) == "9" * 24  # kept as text (refused), never a 40-digit number
    assert typed_value("x") == "x"


def test_more_coins_extend_a_list_and_fewer_cut_it() -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_max_coins(6)
    assert [draft.cell("royal_flush", n) for n in range(1, 7)] == [250, 500, 750, 1000, 4000, 1500]
    assert draft.cell("flush", 6) == 36
    draft.set_max_coins(3)
    assert draft.checked.problems == ()
    assert not draft.is_list("royal_flush")  # 250, 500, 750 is 250 a coin again
    assert draft.checked.paytable is not None and draft.checked.paytable.max_coins == 3


def test_a_list_that_becomes_even_is_written_per_coin() -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_total("royal_flush", 5, 1250)
    assert draft.document["pays"]["royal_flush"] == 250
    draft.set_total("straight", 5, 25)
    assert "straight: [4, 8, 12, 16, 25]" in draft.text()


def test_save_as_goes_to_the_players_folder_and_the_game_finds_it(isolated_home: Path) -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_pay("full_house", 8)
    saved = draft.save_as("my-8-6")
    assert saved == isolated_home / "paytables" / "my-8-6.yaml"
    assert saved in list(paytable_files())
    assert saved.read_text().startswith('# Jacks or Better, "full pay" 9/6')  # the comments came along
    assert resolve_paytable("my-8-6").pay("full_house", 1) == 8
    assert draft.source == saved and not draft.shipped and not draft.dirty
    with pytest.raises(PaytableError, match="already exists"):
        Draft.open(NINE_SIX).save_as("my-8-6.yaml")
    assert draft.exists_as("my-8-6")
    Draft.open(NINE_SIX).save_as("my-8-6", force=True)
    assert resolve_paytable("my-8-6").pay("full_house", 1) == 9


@pytest.mark.parametrize("name", ["", "  ", "../escape", "a/b", ".hidden", "x" * 70, "tab\there", "é"])
def test_save_as_refuses_a_name_that_is_not_a_plain_file_name(isolated_home: Path, name: str) -> None:
    with pytest.raises(PaytableError, match="file name"):
        Draft.open(NINE_SIX).save_as(name)
    assert not (isolated_home / "paytables").exists() or not any((isolated_home / "paytables").iterdir())


def test_a_file_changed_on_disk_is_not_overwritten_unasked(mine: Path) -> None:
    draft = Draft.open(mine)
    draft.set_pay("flush", 5)
    mine.write_text(mine.read_text().replace("straight: 4", "straight: 3"))
    assert draft.changed_on_disk()
    with pytest.raises(PaytableError, match="changed on disk"):
        draft.save()
    assert "straight: 3" in mine.read_text()
    draft.save(overwrite_changes=True)
    assert "flush: 5" in mine.read_text() and "straight: 4" in mine.read_text()


def test_an_invalid_table_is_not_saved(mine: Path) -> None:
    draft = Draft.open(mine)
    draft.set_pay("flush", -1)
    with pytest.raises(PaytableError, match="fix the marked"):
        draft.save()
    assert "flush: 6" in mine.read_text()


def test_a_table_with_bad_pays_opens_to_be_fixed_but_one_with_no_game_does_not(tmp_path: Path) -> None:
    bad_pay = tmp_path / "bad-pay.yaml"
    bad_pay.write_text(NINE_SIX.read_text().replace("flush: 6", "flush: six"))
    draft = Draft.open(bad_pay)
    assert draft.checked.about("flush") is not None
    draft.set_pay("flush", 6)
    assert draft.checked.problems == ()
    no_game = tmp_path / "no-game.yaml"
    no_game.write_text(NINE_SIX.read_text().replace("game: jacks-or-better", "game: chess"))
    with pytest.raises(PaytableError, match="unknown game 'chess'"):
        Draft.open(no_game)
    with pytest.raises(PaytableError, match="a paytable is a mapping"):
        (tmp_path / "list.yaml").write_text("- 1\n- 2\n")
        Draft.open(tmp_path / "list.yaml")


def test_every_family_has_a_usual_table_to_start_from() -> None:
    assert set(USUAL) == set(GAMES)
    for key, played in GAMES.items():
        draft = Draft.new(key)
        assert draft.source is None and draft.checked.problems == ()
        assert draft.checked.paytable is not None and draft.checked.paytable.game is played
        assert draft.name == f"My {played.title}"
        with pytest.raises(PaytableError, match="Save as"):
            draft.save()


def test_another_game_brings_its_own_rows() -> None:
    draft = Draft.open(NINE_SIX)
    draft.set_game("deuces-wild")
    assert draft.categories == tuple(PayCategory(key) for key in GAMES["deuces-wild"].paying)
    assert draft.checked.problems == () and draft.name == "Jacks or Better 9/6"


def test_a_saved_table_says_no_return_or_source_it_no_longer_has(isolated_home: Path) -> None:
    same = Draft.open(NINE_SIX)
    same.set_name("My 9/6")
    kept = same.save_as("my-9-6").read_text()
    assert "# published return: 99.5439% (Wizard of Odds" in kept  # the name alone changes no return
    draft = Draft.open(NINE_SIX)
    draft.set_pay("full_house", 8)
    text = draft.save_as("my-8-6").read_text()
    assert text.startswith('# Jacks or Better, "full pay" 9/6') and "# coins paid per coin bet" in text
    assert "published return" not in text and "wizardofodds" not in text
    assert not draft.dirty and draft.saved_text == text and resolve_paytable("my-8-6").pay("full_house", 1) == 8
    draft.set_pay("flush", 5)
    assert "published return" not in draft.save().read_text()


def test_a_variant_keeps_its_sources_words_only_while_it_pays_alike(tmp_path: Path) -> None:
    from videopoker.paytable.writing import write_variant

    changed = write_variant(NINE_SIX, {"flush": (5, 10, 15, 20, 25)}, tmp_path / "a.yaml", "A")
    assert changed.source is not None and "published return" not in changed.source.read_text()
    alike = write_variant(NINE_SIX, {"flush": (6, 12, 18, 24, 30)}, tmp_path / "b.yaml", "B")
    assert alike.source is not None and "published return: 99.5439%" in alike.source.read_text()
