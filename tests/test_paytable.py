from __future__ import annotations

import time
from pathlib import Path

import pytest
from support import BAD, SHIPPED

from videopoker.errors import PaytableError
from videopoker.evaluate import JACKS_OR_BETTER, PayCategory
from videopoker.paytable import (
    apply_settings,
    find_paytable,
    load_paytable,
    paytable_files,
    resolve_paytable,
    write_variant,
)

#: Each bad fixture, named for its fault: the place and the words its one error must have.
BAD_FILES = {
    "negative-pay.yaml": ("9:10", "pay for 'flush' must be a whole number of coins ≥ 0", "got -3"),
    "fractional-pay.yaml": ("9:10", "whole number", "got 6.5"),
    "boolean-pay.yaml": ("9:10", "whole number", "got the boolean true"),
    "string-pay.yaml": ("9:10", "whole number", "got the text 'six'"),
    "duplicate-key.yaml": ("10:3", "duplicate key 'flush'", "keep one of them"),
    "missing-category.yaml": ("4:1", "pays lacks flush", "add e.g. `flush: 1`"),
    "category-game-lacks.yaml": ("10:3", "'tens_or_better' is not paid in jacks-or-better", "pays royal_flush"),
    "unknown-category.yaml": ("10:3", "unknown category 'five_aces'", "jacks_or_better"),
    "list-wrong-length.yaml": ("9:10", "lists 3 amounts, but max_coins is 5", "1..5 coins"),
    "unknown-key.yaml": ("1:1", "unknown key 'colour'", "name, game, max_coins, pays"),
    "unknown-game.yaml": ("2:7", "unknown game 'deuces-wild-deluxe'", "jacks-or-better, tens-or-better"),
    "max-coins-out-of-range.yaml": ("3:12", "max_coins must be a whole number 1..10", "got 11"),
    "not-a-mapping.yaml": ("1:1", "a paytable is a mapping", "got a list"),
    "not-yaml.yaml": ("3:5", "not valid YAML", "expected ',' or ']'"),
    "alias-bomb.yaml": ("2:8", "YAML alias *a is not allowed", "write the value out"),
    "deeply-nested.yaml": ("1:14", "nested more than 8 deep", "flat mapping"),
    "binary.yaml": ("1:1", "not a text file", "YAML text"),
}


def test_every_bad_fixture_is_covered() -> None:
    assert {file.name for file in BAD.glob("*.yaml")} == set(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_gives_one_line_with_file_line_and_fix(name: str) -> None:
    place, *words = BAD_FILES[name]
    started = time.perf_counter()
    with pytest.raises(PaytableError) as caught:
        load_paytable(BAD / name)
    assert time.perf_counter() - started < 2, "hostile input must fail fast"
    assert len(caught.value.problems) == 1
    line = caught.value.problems[0]
    assert "\n" not in line
    assert line.startswith(f"{BAD / name}:{place}: "), line
    for word in words:
        assert word in line


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
    assert paytable.pay(PayCategory.FULL_HOUSE, 5) == 45
    assert paytable.pay(PayCategory.ROYAL_FLUSH, 4) == 1000
    assert paytable.pay(PayCategory.ROYAL_FLUSH, 5) == 4000
    assert paytable.pay(PayCategory.NOTHING, 5) == 0
    assert paytable.pays_per_coin()[0] == 800
    with pytest.raises(PaytableError, match="a bet is 1..5 coins"):
        paytable.pay(PayCategory.FLUSH, 6)


def test_names_reach_shipped_files_by_stem_or_unique_ending() -> None:
    assert find_paytable("jacks-or-better-9-6").name == "jacks-or-better-9-6.yaml"
    assert find_paytable("9-6").name == "jacks-or-better-9-6.yaml"
    assert find_paytable("8-5").name == "jacks-or-better-8-5.yaml"  # bonus-poker-8-5 ends so too
    assert find_paytable("6-5").name == "jacks-or-better-6-5.yaml"  # over tens-or-better-6-5
    assert find_paytable("full-pay").name == "deuces-wild-full-pay.yaml"
    with pytest.raises(PaytableError, match=r"no paytable 'x-9': give a file path or one of"):
        find_paytable("x-9")
    assert {f.stem for f in paytable_files()} >= {"jacks-or-better-9-6", "tens-or-better-6-5"}


def test_user_paytables_come_first(isolated_home: Path) -> None:
    mine = isolated_home / "paytables"
    mine.mkdir(parents=True)
    (mine / "house-special.yaml").write_text(SHIPPED[0].read_text().replace("name: ", "name: House "))
    assert find_paytable("house-special").parent == mine


def test_settings_reprice_a_category() -> None:
    paytable = apply_settings(resolve_paytable("9-6"), ["full_house=8", "flush=5"])
    assert paytable.pay(PayCategory.FULL_HOUSE, 5) == 40
    assert paytable.pay(PayCategory.FLUSH, 1) == 5
    royal = apply_settings(paytable, ["royal_flush=250,500,750,1000,4700"])
    assert royal.pay(PayCategory.ROYAL_FLUSH, 5) == 4700


@pytest.mark.parametrize("setting", ["full_house", "full_house=", "full_house=-1", "full_house=8.5",
                                     "fullhouse=8", "royal_flush=1,2", "nothing=1"])
def test_malformed_settings_are_refused(setting: str) -> None:
    with pytest.raises(PaytableError, match=rf"--set {setting!r}"):
        apply_settings(resolve_paytable("9-6"), [setting])


def test_a_variant_keeps_the_comments_and_order(tmp_path: Path) -> None:
    source = find_paytable("jacks-or-better-9-6")
    target = tmp_path / "my-8-5.yaml"
    written = write_variant(source, dict(apply_settings(load_paytable(source), ["full_house=8", "flush=5"]).pays),
                            target, name="My 8/5")
    text = target.read_text()
    assert written.name == "My 8/5" and written.pay(PayCategory.FULL_HOUSE, 1) == 8
    assert text.startswith('# Jacks or Better, "full pay" 9/6')
    assert "# the 4000-coin jackpot needs all 5 coins" in text
    assert "full_house: 8\n" in text and "flush: 5\n" in text
    assert text.index("royal_flush") < text.index("jacks_or_better")
