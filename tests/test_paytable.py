from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from support import BAD, SHIPPED, assert_one_problem, game

from videopoker.errors import PaytableError
from videopoker.paytable import (
    apply_settings,
    find_paytable,
    load_paytable,
    paytable_files,
    resolve_paytable,
)
from videopoker.paytable.writing import write_variant

JACKS_OR_BETTER = game("jacks-or-better")

#: Each bad fixture, named for its fault: the place and the words its one error must have.
BAD_FILES = {
    "negative-pay.yaml": ("9:10", "pay for 'flush' must be a whole number of coins ≥ 0", "got -3"),
    "fractional-pay.yaml": ("9:10", "whole number", "got 6.5"),
    "boolean-pay.yaml": ("9:10", "whole number", "got the boolean true"),
    "string-pay.yaml": ("9:10", "whole number", "got the text 'six'"),
    "duplicate-key.yaml": ("10:3", "duplicate key 'flush'", "keep one of them"),
    "missing-category.yaml": ("4:1", "pays lacks flush", "add e.g. `flush: 1`"),
    "category-game-lacks.yaml": ("10:3", "'tens_or_better' is not a hand of Jacks or Better", "are royal_flush"),
    "unknown-category.yaml": ("10:3", "'five_aces' is not a hand of Jacks or Better", "jacks_or_better"),
    "list-wrong-length.yaml": ("9:10", "lists 3 amounts, but max_coins is 5", "1..5 coins"),
    "unknown-key.yaml": ("1:1", "unknown key 'colour'", "name, game, max_coins, pays"),
    "unknown-game.yaml": ("2:7", "unknown game 'deuces-wild-deluxe'", "use deuces-wild"),
    "max-coins-out-of-range.yaml": ("3:12", "max_coins must be a whole number 1..10", "got 11"),
    "not-a-mapping.yaml": ("1:1", "a paytable is a mapping", "got a list"),
    "not-yaml.yaml": ("3:5", "not valid YAML", "expected ',' or ']'"),
    "alias-bomb.yaml": ("2:8", "YAML alias *a is not allowed", "write the value out"),
    "deeply-nested.yaml": ("1:14", "nested more than 8 deep", "mappings inside one another"),
    "binary.yaml": ("1:1", "not a text file", "YAML text"),
    "game-not-text.yaml": ("2:7", "game: got a list", "give a game's key (e.g. jacks-or-better)"),
    "pay-too-many-digits.yaml": ("9:10", "number '999999999999…' has 5,000 characters", "at most 7 digits"),
    "pay-hex-too-long.yaml": ("9:10", "number '0xffffffffff…' has 20,002 characters", "at most 7 digits"),
    "pay-over-the-limit.yaml": ("9:10", "pay for 'flush' is more than the most a paytable may pay",
                                "1,000,000 per coin, got 1000001"),
    "name-with-terminal-escape.yaml": ("1:7", r"name '\x1b]0;PWNED\x07\x1b[2J' has a control character",
                                       "a name is plain text"),
    "name-too-long.yaml": ("1:7", "name is 71 characters", "keep it to 60"),
}


def test_every_bad_fixture_is_covered() -> None:
    assert {file.name for file in BAD.glob("*.yaml")} == set(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_gives_one_line_with_file_line_and_fix(name: str) -> None:
    place, *words = BAD_FILES[name]
    started = time.perf_counter()
    assert_one_problem(BAD / name, place, words)
    # a bound only a blow-up misses (an alias bomb expanded, a file read without end), not a speed
    assert time.perf_counter() - started < 60, "hostile input must fail fast"


def test_an_enormous_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    huge.write_text("# padding\n" * 100_000)
    with pytest.raises(PaytableError, match=r"huge.yaml:1:1: file is 1,000,000 bytes; a paytable is at most"):
        load_paytable(huge)


def test_several_problems_are_all_reported(tmp_path: Path) -> None:
    file = tmp_path / "many.yaml"
    file.write_text("game: jacks-or-better\ncolour: red\npays:\n  flush: -1\n  full_house: x\n")
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    places = [problem.split(": ")[0].split(":", 1)[1] for problem in caught.value.problems]
    assert places == ["2:1", "4:10", "5:15", "3:1"]


@pytest.mark.parametrize("file", SHIPPED, ids=lambda f: f.stem)
def test_shipped_paytables_are_valid_and_say_what_they_are(file: Path) -> None:
    paytable = load_paytable(file)
    assert file.read_text().startswith("# "), "each shipped table opens with a comment saying what it is"
    assert paytable.max_coins == 5
    assert set(paytable.pays) == set(paytable.game.paying)


def test_scalar_pays_scale_with_the_bet_and_lists_give_totals() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    assert paytable.game is JACKS_OR_BETTER
    assert paytable.pay("full_house", 5) == 45
    assert paytable.pay("royal_flush", 4) == 1000
    assert paytable.pay("royal_flush", 5) == 4000
    assert paytable.pay("nothing", 5) == 0
    assert paytable.pays_per_coin()[0] == 800
    with pytest.raises(PaytableError, match="a bet is 1..5 coins"):
        paytable.pay("flush", 6)


def test_names_reach_shipped_files_by_stem_or_unique_ending() -> None:
    assert find_paytable("jacks-or-better-9-6").name == "jacks-or-better-9-6.yaml"
    assert find_paytable("illinois").name == "deuces-wild-illinois.yaml"
    assert find_paytable("colorado").name == "deuces-wild-colorado.yaml"
    with pytest.raises(PaytableError, match="could be any of big-times-draw-double-double-bonus-9-6, "
                                            "black-jack-bonus-9-6, bonus-poker-deluxe-9-6, "):
        find_paytable("9-6")
    with pytest.raises(PaytableError) as caught:
        find_paytable("6-5")  # both jacks-or-better-6-5 and tens-or-better-6-5 end so
    # jacks-or-better-6-5, tens-or-better-6-5 and every other 6/5 table end so: the first few, then a count
    assert str(caught.value).startswith("paytable '6-5' could be any of aces-and-eights-6-5, aces-and-faces-6-5, ")
    assert "more (see `videopoker paytable list`)" in str(caught.value)
    assert str(caught.value).endswith("; give the full name")
    with pytest.raises(PaytableError, match=r"no paytable 'no-such': give a file path or one of"):
        find_paytable("no-such")
    assert {f.stem for f in paytable_files()} >= {"jacks-or-better-9-6", "tens-or-better-6-5"}


def test_user_paytables_come_first(isolated_home: Path) -> None:
    mine = isolated_home / "paytables"
    mine.mkdir(parents=True)
    (mine / "house-special.yaml").write_text(SHIPPED[0].read_text().replace("name: ", "name: House "))
    assert find_paytable("house-special").parent == mine


def test_settings_reprice_a_category() -> None:
    paytable = apply_settings(resolve_paytable("jacks-or-better-9-6"), ["full_house=8", "flush=5"])
    assert paytable.pay("full_house", 5) == 40
    assert paytable.pay("flush", 1) == 5
    royal = apply_settings(paytable, ["royal_flush=250,500,750,1000,4700"])
    assert royal.pay("royal_flush", 5) == 4700


@pytest.mark.parametrize("setting", ["full_house", "full_house=", "full_house=-1", "full_house=8.5",
                                     "fullhouse=8", "royal_flush=1,2", "nothing=1"])
def test_malformed_settings_are_refused(setting: str) -> None:
    with pytest.raises(PaytableError, match=rf"--set {setting!r}"):
        apply_settings(resolve_paytable("jacks-or-better-9-6"), [setting])


def test_a_variant_keeps_the_comments_and_order(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    target = tmp_path / "my-8-5.yaml"
    written = write_variant(source, dict(apply_settings(load_paytable(source), ["full_house=8", "flush=5"]).pays),
                            target, name="My 8/5")
    text = target.read_text()
    assert written.name == "My 8/5" and written.pay("full_house", 1) == 8
    assert text.startswith('# Jacks or Better, "full pay" 9/6')
    assert "# the 4000-coin jackpot needs all 5 coins" in text
    assert "full_house: 8\n" in text and "flush: 5\n" in text
    assert text.index("royal_flush") < text.index("jacks_or_better")


def write_table(folder: Path, name: str, text: str) -> Path:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


def nine_six_text() -> str:
    return find_paytable("jacks-or-better-9-6").read_text()


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(PaytableError, match=r"pipe.yaml: is a FIFO \(named pipe\), not a paytable"):
        load_paytable(fifo)
    assert time.perf_counter() - started < 60  # never waits for a writer (that would hang): not a speed


def test_a_device_and_a_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PaytableError, match=r"^/dev/zero: is a device, not a paytable"):
        load_paytable("/dev/zero")
    with pytest.raises(PaytableError, match=r"is a folder, not a paytable"):
        load_paytable(tmp_path)


def test_a_bad_max_coins_does_not_hide_the_pays_problems(tmp_path: Path) -> None:
    text = nine_six_text().replace("\n  flush: 6", "\n  flush: -6")
    text = text.replace("pays:", "max_coins: 11\npays:") if "max_coins" not in text else \
        text.replace("max_coins: 5", "max_coins: 11")
    file = write_table(tmp_path, "two-faults.yaml", text)
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    messages = [problem.message for problem in caught.value.found]
    assert len(messages) == 2
    assert messages[0].startswith("max_coins must be a whole number 1..10, got 11")
    assert messages[1].startswith("pay for 'flush' must be a whole number of coins ≥ 0")


def test_a_bad_game_does_not_hide_the_pays_problems(tmp_path: Path) -> None:
    text = nine_six_text().replace("game: jacks-or-better", "game: [jacks-or-better]")
    file = write_table(tmp_path, "bad-game.yaml", text.replace("\n  flush: 6", "\n  flush: six"))
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    messages = [problem.message for problem in caught.value.found]
    assert len(messages) == 2
    assert messages[0].startswith("game: got a list; give a game's key")
    assert messages[1].startswith("pay for 'flush' must be a whole number of coins ≥ 0")


def test_a_name_with_markup_is_kept_literally(tmp_path: Path) -> None:
    text = nine_six_text().replace("name: Jacks or Better 9/6", "name: '[/bold] x [red]'")
    assert load_paytable(write_table(tmp_path, "markup.yaml", text)).name == "[/bold] x [red]"


@pytest.mark.parametrize("setting, words", [
    ("royal_flush=²", "PAY must be a whole number"),
    ("royal_flush=" + "9" * 5000, "is too long"),
    ("royal_flush=" + str(10**400), "is too long"),
    ("royal_flush=1000001", "is more than the most a paytable may pay, 1,000,000 per coin"),
    ("royal_flush=1,2,3,4,5000001", "5,000,000 for 5 coins"),
])
def test_settings_above_the_one_pay_limit_are_refused(setting: str, words: str) -> None:
    with pytest.raises(PaytableError) as caught:
        apply_settings(resolve_paytable("jacks-or-better-9-6"), [setting])
    assert words in str(caught.value) and len(str(caught.value)) < 300


def test_settings_at_the_limit_are_taken() -> None:
    paytable = apply_settings(resolve_paytable("jacks-or-better-9-6"), ["royal_flush=1000000", "flush=1,2,3,4,5000000"])
    assert paytable.pay("royal_flush", 5) == 5_000_000
    assert paytable.pay("flush", 5) == 5_000_000


def test_a_variant_is_checked_before_it_is_written(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    mine = write_table(tmp_path, "mine.yaml", source.read_text())
    before = mine.read_bytes()
    with pytest.raises(PaytableError, match="has a control character"):
        write_variant(mine, {}, mine, name="bad\x1b[2J", force=True)
    with pytest.raises(PaytableError, match="the new name is empty"):
        write_variant(mine, {}, mine, name="  ", force=True)
    assert mine.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"], "no temporary file left behind"


def test_a_variant_replaces_a_file_only_with_force(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    target = write_table(tmp_path, "taken.yaml", "# precious\n")
    changes = dict(apply_settings(load_paytable(source), ["flush=5"]).pays)
    with pytest.raises(PaytableError, match="taken.yaml: already exists; add --force"):
        write_variant(source, changes, target, name="Mine")
    assert target.read_text() == "# precious\n"
    written = write_variant(source, changes, target, name="Mine", force=True)
    assert written.pay("flush", 1) == 5 and load_paytable(target).name == "Mine"
    assert written.source == target


def test_a_variant_into_a_missing_folder_or_onto_a_folder_is_refused(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    with pytest.raises(PaytableError, match="cannot write: there is no folder"):
        write_variant(source, {}, tmp_path / "nowhere" / "x.yaml")
    with pytest.raises(PaytableError, match="is a folder; give a file name"):
        write_variant(source, {}, tmp_path)


def test_a_path_that_does_not_exist_is_named() -> None:
    with pytest.raises(PaytableError, match=r"no paytable 'nowhere/x.yaml': there is no such file"):
        find_paytable("nowhere/x.yaml")
    with pytest.raises(PaytableError, match="the paytable name is empty"):
        find_paytable("  ")


def test_a_flood_of_problems_is_counted_not_listed(tmp_path: Path) -> None:
    keys = "".join(f"  b{n}: 1\n" for n in range(2000))
    file = write_table(tmp_path, "flood.yaml", f"game: jacks-or-better\npays:\n{keys}")
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    assert len(caught.value.problems) == 20
    assert caught.value.problems[-1] == f"{file}: and 1,982 more problems"


def test_a_nul_byte_is_a_yaml_problem_with_its_place(tmp_path: Path) -> None:
    file = write_table(tmp_path, "nul.yaml", "game: jacks-or-better\nname: a\x00b\n")
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    assert caught.value.problems == (rf"{file}:2:8: not valid YAML: the character '\x00' is not allowed",)


def test_a_variant_never_replaces_a_device_or_a_fifo(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for target in (Path("/dev/null"), fifo):
        with pytest.raises(PaytableError, match="is not a regular file; choose another name"):
            write_variant(source, {}, target, force=True)
    assert Path("/dev/null").is_char_device() and fifo.is_fifo()
