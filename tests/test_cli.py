"""The command line as users and scripts meet it: output, exit status, one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from support import BAD, SHIPPED

from videopoker.cli import main
from videopoker.paytable import SHIPPED_DIR

NINE_SIX = "jacks-or-better-9-6"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_paytable_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "paytable", "list")
    assert code == 0 and "Jacks or Better 9/6" in out and "tens-or-better" in out
    code, out, _ = run(capsys, "paytable", "show", NINE_SIX)
    assert code == 0 and "4,000" in out and "5 coins" in out and "FULL HOUSE" in out


def test_validate_exits_0_on_the_shipped_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "paytable", "validate", *map(str, SHIPPED))
    assert code == 0 and err == "" and out.count(": ok") == len(SHIPPED)


def test_validate_gives_one_line_per_problem_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    files = [BAD / "negative-pay.yaml", BAD / "duplicate-key.yaml", SHIPPED[0]]
    code, _, err = run(capsys, "paytable", "validate", *map(str, files))
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{BAD / 'negative-pay.yaml'}:9:10: ")
    assert "Traceback" not in err


def test_analyze_json_for_nine_six(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--json")
    data = json.loads(out)
    assert code == 0 and round(data["rtp"], 8) == 0.99543904
    assert data["total_combinations"] == 19_933_230_517_200
    assert data["rows"][0]["combinations"] == 493_512_264


def test_analyze_a_variant_and_a_smaller_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--set", "full_house=8", "--set", "flush=5", "--json")
    assert code == 0 and round(json.loads(out)["rtp"], 6) == 0.972984
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--coins", "1")
    assert code == 0 and "1 coin," in out and "Return" in out


def test_hint_lists_all_32_holds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "--json")
    data = json.loads(out)
    assert code == 0 and data["hand"] == "Ah Kh Qh Jh 9c" and len(data["holds"]) == 32
    assert data["holds"][0]["hold"] == "Ah Kh Qh Jh" and data["holds"][0]["outcomes"]["royal_flush"] == 1
    code, out, _ = run(capsys, "hint", NINE_SIX, "AhKhQhJh9c")
    assert code == 0 and "18.553191" in out


@pytest.mark.parametrize("argv, message", [
    (["analyze", "no-such-table"], "no paytable 'no-such-table'"),
    (["analyze", NINE_SIX, "--set", "full_house"], "--set 'full_house': write KEY=PAY"),
    (["analyze", NINE_SIX, "--set", "flush=x"], "PAY must be a whole number"),
    (["analyze", NINE_SIX, "--coins", "7"], "--coins 7: 'Jacks or Better 9/6' takes 1..5 coins"),
    (["hint", NINE_SIX, "Ah", "Ah", "Qh", "Jh", "9c"], "'Ah' appears twice"),
    (["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh"], "a hand is 5 cards, got 4"),
    (["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "8c"], "a hand is 5 cards, got 6"),
    (["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "1x"], "'1x' is not a card"),
    (["paytable", "show", str(BAD / "string-pay.yaml")], "string-pay.yaml:9:10: pay for 'flush'"),
])
def test_bad_input_is_one_clear_line_and_exit_1(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                 message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["analyze"])
    assert caught.value.code == 2


def test_paytable_new_writes_a_valid_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "eight-five.yaml"
    code, out, _ = run(capsys, "paytable", "new", "--from", NINE_SIX, "--set", "full_house=8", "--set", "flush=5",
                       "--name", "My 8/5", "-o", str(target))
    assert code == 0 and target.exists()
    code, out, _ = run(capsys, "analyze", str(target), "--json")
    assert round(json.loads(out)["rtp"], 6) == 0.972984


def test_python_dash_m_runs_the_same_program(tmp_path: Path) -> None:
    env = dict(os.environ, VIDEOPOKER_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "videopoker", "paytable", "validate", str(SHIPPED[0])],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0 and ": ok" in result.stdout


# --- hostile command lines: never a traceback, exit 1 or 2, one short line per problem ---------------

ESCAPE_NAME = "\x1b]0;PWNED\x07\x1b[2J"


@pytest.fixture
def hostile_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder full of traps: a FIFO, a folder, tables with escape and markup names."""
    folder = tmp_path / "work"
    folder.mkdir()
    os.mkfifo(folder / "fifo.yaml")
    (folder / "adir").mkdir()
    nine_six = (SHIPPED_DIR / "jacks-or-better-9-6.yaml").read_text()
    (folder / "escape.yaml").write_text(nine_six.replace("name: Jacks or Better 9/6", 'name: "\\e]0;PWNED\\a"'))
    (folder / "markup.yaml").write_text(nine_six.replace("name: Jacks or Better 9/6", "name: '[/bold] x'"))
    (folder / "passwd.yaml").write_text("root:x:0:0:smile:[bold]root[/bold]:/root:/bin/bash\n" * 200)
    monkeypatch.chdir(folder)
    return folder


HOSTILE = [
    ["analyze", "fifo.yaml"], ["analyze", "/dev/zero"], ["analyze", "adir"], ["analyze", "escape.yaml"],
    ["analyze", "passwd.yaml"], ["analyze", ""], ["analyze", " "], ["analyze", "x" * 5000],
    ["analyze", "missing.yaml"], ["analyze", "/nonexistent/dir/x.yaml"], ["analyze", "6-5"],
    ["analyze", NINE_SIX, "--coins", "0"], ["analyze", NINE_SIX, "--coins", "-1"],
    ["analyze", NINE_SIX, "--coins", "x"],
    ["analyze", NINE_SIX, "--coins", "9" * 5000], ["analyze", NINE_SIX, "--coins", "7"],
    ["analyze", NINE_SIX, "--set", "royal_flush=²"], ["analyze", NINE_SIX, "--set", "royal_flush=" + "9" * 5000],
    ["analyze", NINE_SIX, "--set", f"royal_flush={10**400}"], ["analyze", NINE_SIX, "--set", "royal_flush=1000001"],
    ["analyze", NINE_SIX, "--set", "="], ["analyze", NINE_SIX, "--set", ""], ["analyze", NINE_SIX, "--set", "x" * 5000],
    ["analyze", NINE_SIX, "--set", "flush=1,2"], ["analyze"], ["analyze", NINE_SIX, "--json", "--bogus"],
    ["hint", NINE_SIX, "Jk", "Ah", "Kh", "Qh", "Jh"], ["hint", NINE_SIX], ["hint", NINE_SIX, ""],
    ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh"], ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "8c"],
    ["hint", NINE_SIX, "Ah", "Ah", "Qh", "Jh", "9c"], ["hint", NINE_SIX, "A" * 5000], ["hint", NINE_SIX, "Ah " * 3000],
    ["hint", NINE_SIX, ESCAPE_NAME], ["hint", "fifo.yaml", "Ah", "Kh", "Qh", "Jh", "9c"],
    ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "--coins", "99"],
    ["paytable"], ["paytable", "show"], ["paytable", "show", "fifo.yaml"], ["paytable", "show", "adir"],
    ["paytable", "show", ESCAPE_NAME], ["paytable", "validate"], ["paytable", "validate", "fifo.yaml"],
    ["paytable", "validate", "/dev/zero", "adir", "missing.yaml", "escape.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "-o", "/nonexistent/dir/x.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "-o", "adir"], ["paytable", "new", "--from", NINE_SIX, "-o", ""],
    ["paytable", "new", "--from", NINE_SIX, "-o", "markup.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "-o", "fifo.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "-o", "/dev/null", "--force"],
    ["paytable", "new", "--from", NINE_SIX, "--name", "", "-o", "new.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "--name", "   ", "-o", "new.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "--name", ESCAPE_NAME, "-o", "new.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "--name", "n" * 5000, "-o", "new.yaml"],
    ["paytable", "new", "--from", "fifo.yaml", "-o", "new.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "--set", "flush=-1", "-o", "new.yaml"],
    ["paytable", "new", "--from", NINE_SIX, "-o", "new.yaml", "--force", "--force", "--bogus"],
    ["play", "fifo.yaml"], ["play", "nope"], ["play", "adir"], ["play", "escape.yaml"],
    ["--seed", "x"], ["--seed", "9" * 5000], ["play", "--seed", "1.5"], ["nosuchcommand"], [ESCAPE_NAME],
    ["play", "--multi", "7"], ["--multi", "0"], ["play", "--multi", "9" * 5000], ["play", "--multi", "-3"],
    ["play", "--multi", ESCAPE_NAME], ["analyze", NINE_SIX, "--multi", "1.5"], ["analyze", NINE_SIX, "--multi"],
    ["simulate", NINE_SIX, "--hands", "0"], ["simulate", NINE_SIX, "--hands", "x"],
    ["simulate", NINE_SIX, "--hands", "-5"], ["simulate", NINE_SIX, "--hands", "9" * 5000],
    ["simulate", NINE_SIX, "--hands", "1e6"], ["simulate", NINE_SIX, "--hands", "99999999999"],
    ["simulate", NINE_SIX, "--hands", "10", "--multi", "3"], ["simulate", NINE_SIX, "--strategy", "nope"],
    ["simulate", NINE_SIX, "--strategy", ESCAPE_NAME], ["simulate", NINE_SIX, "--coins", "6"],
    ["simulate", "fifo.yaml"], ["simulate", "adir"], ["simulate", NINE_SIX, "--seed", "x"],
    ["simulate", NINE_SIX, "--hands", "10", "--seed", "-1"],
    ["sweep", NINE_SIX, "--vary", "flush=5..6", "--where", "(" * 2000 + "rtp > 0" + ")" * 2000],
    ["sweep", NINE_SIX, "--vary", "flush=5..6", "--where", "not " * 3000 + "rtp > 0"],
    ["bankroll", NINE_SIX, "--cashback", "lots"], ["bankroll", NINE_SIX, "--promotions", "/etc/passwd"],
    ["bankroll", NINE_SIX, "--hands", "100"], ["bankroll", NINE_SIX, "--points-multiplier", "1e9"],
    ["bankroll", NINE_SIX, "--session-bonus", "99999999999999999999"], ["bankroll", NINE_SIX, "--multi", "4"],
    ["bankroll", NINE_SIX, "--credits", "0", "--hands", "10"], ["bankroll", NINE_SIX, "--credits", "x", "--hands", "1"],
    ["bankroll", NINE_SIX, "--credits", "10", "--hands", "-1"],
    ["bankroll", NINE_SIX, "--credits", "10", "--hands", "0"],
    ["bankroll", NINE_SIX, "--credits", "9" * 19, "--hands", "9" * 19],
    ["bankroll", NINE_SIX, "--credits", "10", "--hands", "10", "--coins", "9"],
    ["bankroll", "adir", "--credits", "1", "--hands", "1"],
    ["paytable", "solve", NINE_SIX], ["paytable", "solve", NINE_SIX, "--category", "nope", "--target", "1"],
    ["paytable", "solve", NINE_SIX, "--category", "flush", "--target", "x"],
    ["paytable", "solve", NINE_SIX, "--category", "flush", "--target", "9" * 5000],
    ["paytable", "solve", "fifo.yaml", "--category", "flush", "--target", "1"],
    ["paytable", "diff", NINE_SIX], ["paytable", "diff", NINE_SIX, "adir"], ["paytable", "diff", "fifo.yaml", NINE_SIX],
    ["edit", "fifo.yaml"], ["edit", "adir"], ["edit", "missing.yaml"], ["edit", "/dev/zero"], ["edit", "6-5"],
    ["edit", NINE_SIX, "extra"], ["edit", "/nonexistent/dir/x.yaml"], ["edit", ""], ["edit", " "],
    ["strategy"], ["strategy", "check"], ["strategy", "check", "adir"], ["strategy", NINE_SIX, "extra"],
    ["strategy", "check", "adir", NINE_SIX], ["strategy", "check", "fifo.yaml", NINE_SIX],
    ["strategy", "check", "/dev/zero", NINE_SIX], ["strategy", "check", "missing.txt", NINE_SIX],
    ["strategy", "check", "markup.yaml", NINE_SIX], ["strategy", "check", "escape.yaml", NINE_SIX],
    ["strategy", "check", "", NINE_SIX], ["strategy", "check", "adir", NINE_SIX, "--lines", "3"],
    ["strategy", "fifo.yaml"], ["strategy", ""], ["strategy", NINE_SIX, "--lines", "0"],
    ["strategy", NINE_SIX, "--lines", "x"], ["strategy", NINE_SIX, "--lines", "9" * 5000],
    ["strategy", NINE_SIX, "-o", "adir"], ["strategy", NINE_SIX, "-o", "/nonexistent/dir/c.txt"],
    ["strategy", NINE_SIX, "-o", "markup.yaml"], ["strategy", NINE_SIX, "-o", "fifo.yaml", "--force"],
    ["strategy", NINE_SIX, "--coins", "9"],
    ["simulate", NINE_SIX, "--strategy", "adir"], ["simulate", NINE_SIX, "--strategy", "/dev/zero"],
    ["simulate", NINE_SIX, "--strategy", "fifo.yaml"], ["simulate", NINE_SIX, "--strategy", "markup.yaml"],
    ["simulate", NINE_SIX, "--strategy", ""],
]


def test_the_bet_is_bounded_in_one_place_and_the_manual_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    """--coins takes 1..MAX_FEATURE_COINS (a feature's bet; a table's max_coins is checked after),
    and the manual gives that bound, not another."""
    from videopoker.cli.parser import coins
    from videopoker.paytable.feature import MAX_FEATURE_COINS

    assert coins(str(MAX_FEATURE_COINS)) == MAX_FEATURE_COINS
    code, _, err = run_anyhow(capsys, ["analyze", NINE_SIX, "--coins", str(MAX_FEATURE_COINS + 1)])
    assert code == 2 and f"1..{MAX_FEATURE_COINS}, got '{MAX_FEATURE_COINS + 1}'" in err
    manual = (Path(__file__).parent.parent / "docs" / "commands.md").read_text()
    said = re.findall(r"`--coins` is a whole number 1\.\.([0-9]+)", manual)
    assert said == [str(MAX_FEATURE_COINS)]


def run_anyhow(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", HOSTILE, ids=lambda argv: " ".join(argv)[:40])
def test_a_hostile_command_line_gets_a_short_clear_refusal(capsys: pytest.CaptureFixture[str],
                                                           hostile_folder: Path, argv: list[str]) -> None:
    code, out, err = run_anyhow(capsys, argv)
    assert code in (1, 2), (code, err)
    lines = err.splitlines()
    assert 1 <= len(lines) <= 4, err
    for line in lines:
        assert len(line) <= 300 and line.strip()
        assert line.startswith("videopoker: ") or argv[:2] == ["paytable", "validate"], line
    assert "Traceback" not in err and "internal error" not in err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_hostile_files_leave_no_trace_and_refusals_keep_files(capsys: pytest.CaptureFixture[str],
                                                              hostile_folder: Path) -> None:
    before = (hostile_folder / "markup.yaml").read_bytes()
    for argv in HOSTILE:
        run_anyhow(capsys, argv)
    assert (hostile_folder / "markup.yaml").read_bytes() == before
    assert not (hostile_folder / "new.yaml").exists()
    assert sorted(p.name for p in hostile_folder.iterdir()) == sorted(
        ["fifo.yaml", "adir", "escape.yaml", "markup.yaml", "passwd.yaml"]), "no temporary file left"


def test_the_errors_say_what_and_where(capsys: pytest.CaptureFixture[str], hostile_folder: Path) -> None:
    expected = {
        ("hint", NINE_SIX, "Jk", "Ah", "Kh", "Qh", "Jh"):
            "videopoker: 'Jk' is not in the deck of Jacks or Better (52 cards, no joker)",
        ("analyze", "fifo.yaml"): "videopoker: fifo.yaml: is a FIFO (named pipe), not a paytable",
        ("analyze", "adir"): "videopoker: adir: is a folder, not a paytable",
        ("analyze", "6-5"): "videopoker: paytable '6-5' could be any of aces-and-eights-6-5, ",
        ("paytable", "new", "--from", NINE_SIX, "-o", "/nonexistent/dir/x.yaml"):
            "videopoker: /nonexistent/dir/x.yaml: cannot write: there is no folder /nonexistent/dir",
        ("paytable", "new", "--from", NINE_SIX, "-o", "adir"): "videopoker: adir: is a folder; give a file name",
        ("paytable", "new", "--from", NINE_SIX, "-o", "markup.yaml"):
            "videopoker: markup.yaml: already exists; add --force to replace it",
        ("paytable", "new", "--from", NINE_SIX, "--name", "", "-o", "new.yaml"): "videopoker: the new name is empty",
        ("analyze", NINE_SIX, "--coins", "0"): "videopoker: argument --coins: a bet is a whole number of coins 1..50",
    }
    for argv, start in expected.items():
        _, _, err = run_anyhow(capsys, list(argv))
        assert err.startswith(start), err


def test_a_file_in_an_error_is_quoted_briefly_and_literally(capsys: pytest.CaptureFixture[str],
                                                             hostile_folder: Path) -> None:
    code, _, err = run_anyhow(capsys, ["analyze", "passwd.yaml"])
    assert code == 1 and len(err.splitlines()) == 1 and len(err) < 250
    assert "got the text 'root:x:0:0:smile:[bold]root[/bold]" in err and "…" in err
    assert "😄" not in err


def test_user_text_is_shown_literally(capsys: pytest.CaptureFixture[str], hostile_folder: Path,
                                      isolated_home: Path) -> None:
    mine = isolated_home / "paytables"
    mine.mkdir(parents=True)
    for name in ("markup.yaml", "escape.yaml"):
        (mine / name).write_text((hostile_folder / name).read_text())
    (mine / f"evil{ESCAPE_NAME}.yaml").write_text((hostile_folder / "markup.yaml").read_text())
    for argv in (["paytable", "list"], ["paytable", "show", "markup"], ["analyze", "markup"],
                 ["hint", "markup", "Ah", "Kh", "Qh", "Jh", "9c"]):
        code, out, err = run_anyhow(capsys, argv)
        assert code == 0 and err == "" and "[/bold] x" in out, (argv, err)
        assert "\x1b" not in out and "\x07" not in out
    _, out, _ = run_anyhow(capsys, ["paytable", "list"])
    assert "escape  " in out and "invalid" in out and "evil\\x1b]0;PWNED\\x07" in out


def test_play_checks_the_paytable_and_home_before_the_screen(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             hostile_folder: Path) -> None:
    import videopoker.tui.app

    started: list[object] = []
    monkeypatch.setattr(videopoker.tui.app.VideoPokerApp, "run", lambda app: started.append(app))
    code, _, err = run_anyhow(capsys, ["play", "nope"])
    assert code == 1 and err.startswith("videopoker: no paytable 'nope'") and not started
    monkeypatch.setenv("VIDEOPOKER_HOME", str(hostile_folder / "markup.yaml" / "home"))
    code, _, err = run_anyhow(capsys, ["play", NINE_SIX])
    assert code == 1 and "cannot use this folder for the wallet" in err and not started
    monkeypatch.setenv("VIDEOPOKER_HOME", str(hostile_folder / "home"))
    assert run_anyhow(capsys, ["play", "markup.yaml", "--seed", "3"])[0] == 0
    assert len(started) == 1 and started[0].practice  # type: ignore[attr-defined]


def test_paytable_new_over_its_own_source_needs_force_and_a_valid_result(capsys: pytest.CaptureFixture[str],
                                                                         hostile_folder: Path) -> None:
    mine = hostile_folder / "markup.yaml"
    before = mine.read_bytes()
    code, _, err = run_anyhow(capsys, ["paytable", "new", "--from", "markup.yaml", "--name", "bad\x1b[2J",
                                       "-o", "markup.yaml", "--force"])
    assert code == 1 and "has a control character" in err and mine.read_bytes() == before
    code, out, _ = run_anyhow(capsys, ["paytable", "new", "--from", "markup.yaml", "--set", "flush=5",
                                       "--name", "Mine", "-o", "markup.yaml", "--force"])
    assert code == 0 and out.startswith("wrote markup.yaml (Mine)")
    assert "flush: 5\n" in mine.read_text()


def test_the_console_script_and_python_dash_m_refuse_in_one_line(tmp_path: Path) -> None:
    env = dict(os.environ, VIDEOPOKER_HOME=str(tmp_path / "home"))
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    script = Path(sys.executable).with_name("videopoker")
    launchers = [[sys.executable, "-m", "videopoker"], [str(script)] if script.exists() else []]
    for launcher in filter(None, launchers):
        for argv, status in ((["hint", NINE_SIX, "Jk", "Ah", "Kh", "Qh", "Jh"], 1), (["analyze", str(fifo)], 1),
                             (["paytable", "new", "--from", NINE_SIX, "-o", "/nonexistent/dir/x.yaml"], 1),
                             (["analyze", NINE_SIX, "--coins", "x"], 2)):
            result = subprocess.run(launcher + argv, capture_output=True, text=True, env=env, timeout=60)
            assert result.returncode == status, result.stderr
            assert result.stderr.startswith("videopoker: ") and len(result.stderr.splitlines()) == 1
            assert "Traceback" not in result.stderr


# --- output that fits: 80 columns at a terminal, plain full-width text when piped ------------------

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def terminal_80(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    import videopoker.cli.output as output

    monkeypatch.setattr(output, "screen", lambda: Console(file=sys.stdout, width=80, force_terminal=True,
                                                          highlight=False, markup=False, emoji=False))


def ten_coin_table(folder: Path) -> Path:
    text = (SHIPPED_DIR / "jacks-or-better-9-6.yaml").read_text()
    text = text.replace("max_coins: 5", "max_coins: 10").replace(
        "[250, 500, 750, 1000, 4000]", "[250, 500, 750, 1000, 4000, 4800, 5600, 6400, 7200, 8000]")
    file = folder / "ten-coins.yaml"
    file.write_text(text)
    return file


def test_every_table_fits_80_columns_and_cuts_nothing(capsys: pytest.CaptureFixture[str], terminal_80: None,
                                                      tmp_path: Path) -> None:
    ten = ten_coin_table(tmp_path)
    runs = {
        "analyze": ["analyze", NINE_SIX], "hint": ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c"],
        "hint --all": ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "--all"],
        "show": ["paytable", "show", str(ten)], "list": ["paytable", "list"],
        "simulate": ["simulate", NINE_SIX, "--hands", "20000", "--seed", "1"],
        "bankroll": ["bankroll", NINE_SIX, "--credits", "100", "--hands", "100"],
    }
    outputs = {}
    for label, argv in runs.items():
        code, out, _ = run_anyhow(capsys, argv)
        text = ANSI.sub("", out)
        assert code == 0
        assert max(cell_len(line) for line in text.splitlines()) <= 80, (label, text)
        outputs[label] = text
    assert "19,933,230,517,200" in outputs["analyze"] and "10,872,274,993,896" in outputs["analyze"]
    assert "18.553191" in outputs["hint"] and outputs["hint"].count("\n") < 20
    assert outputs["hint --all"].count("(discard all)") == 2, "the holds repeat in each part of a split table"
    for label in ("ROYAL FLUSH", "JACKS OR BETTER", "1 coin", "10 coins", "8,000", "4,000"):
        assert label in outputs["show"]
    assert NINE_SIX in outputs["list"] and str(SHIPPED_DIR) in outputs["list"]
    assert "20,000 hands" in outputs["simulate"] and "exact 99.5439%" in outputs["simulate"]
    assert "Broke before the end" in outputs["bankroll"] and "95th percentile" in outputs["bankroll"]


def test_piped_output_is_plain_text_at_full_width(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_anyhow(capsys, ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "--all"])
    assert code == 0 and not set("─│┃━┏┗") & set(out)
    header = next(line for line in out.splitlines() if line.lstrip().startswith("#"))
    assert all(column in header.split() for column in ("Hold", "EV", "Draws", "RF", "JB"))
    assert len(out.splitlines()) == 1 + 2 + 32 + 1
    assert all(line == line.rstrip() for line in out.splitlines())


def test_traps_in_the_user_folder_neither_hang_nor_hide_the_others(capsys: pytest.CaptureFixture[str],
                                                                    isolated_home: Path) -> None:
    mine = isolated_home / "paytables"
    mine.mkdir(parents=True)
    os.mkfifo(mine / "pipe.yaml")
    (mine / "zero.yaml").symlink_to("/dev/zero")
    (mine / "folder.yaml").mkdir()
    code, out, err = run_anyhow(capsys, ["paytable", "list"])
    assert code == 0 and err == ""
    rows = {line.split()[0]: line for line in out.splitlines() if line.split()}
    assert "is a FIFO" in rows["pipe"] and "is a device" in rows["zero"] and "is a folder" in rows["folder"]
    assert "Jacks or Better 9/6" in rows[NINE_SIX]
    assert run_anyhow(capsys, ["analyze", "pipe"])[2].startswith("videopoker: ")
    assert run_anyhow(capsys, ["hint", NINE_SIX, "Ah", "Kh", "Qh", "Jh", "9c", "--json"])[0] == 0


def test_an_interrupt_exits_130_quietly(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import videopoker.cli.tables

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(videopoker.cli.tables, "run_paytable", interrupted)
    assert run_anyhow(capsys, ["paytable", "list"]) == (130, "", "")


def test_a_closed_pipe_is_not_an_error_message(tmp_path: Path) -> None:
    env = dict(os.environ, VIDEOPOKER_HOME=str(tmp_path / "home"))
    reader = subprocess.Popen([sys.executable, "-m", "videopoker", "analyze", NINE_SIX, "--json"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.read(1)
    reader.stdout.close()
    error = reader.stderr.read().decode()
    assert reader.wait(timeout=60) in (0, 1) and "Traceback" not in error and error == ""


def test_a_read_only_home_is_refused_before_the_screen(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, isolated_home: Path) -> None:
    import videopoker.storage.wallet
    import videopoker.tui.app

    started: list[object] = []
    monkeypatch.setattr(videopoker.tui.app.VideoPokerApp, "run", lambda app: started.append(app))
    real_access = os.access
    monkeypatch.setattr(videopoker.storage.wallet.os, "access",
                        lambda path, mode: False if Path(path) == isolated_home else real_access(path, mode))
    code, _, err = run_anyhow(capsys, ["play"])
    assert code == 1 and not started
    assert err == f"videopoker: {isolated_home}: the folder for your wallet is read-only; set " \
                  "VIDEOPOKER_HOME to a folder you can write\n"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    locked = tmp_path / "locked.yaml"
    locked.write_text((SHIPPED_DIR / "jacks-or-better-9-6.yaml").read_text())
    locked.chmod(0)
    code, _, err = run_anyhow(capsys, ["analyze", str(locked)])
    assert code == 1 and err == f"videopoker: {locked}: cannot read: Permission denied\n"


def test_a_newline_in_a_file_name_stays_on_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    odd = tmp_path / "bad\nname.yaml"
    odd.write_text("x: [")
    code, _, err = run_anyhow(capsys, ["paytable", "validate", str(odd)])
    assert code == 1 and len(err.splitlines()) == 1 and err.startswith(f"{tmp_path}/bad\\nname.yaml:1:5: ")
    code, _, err = run_anyhow(capsys, ["analyze", str(odd)])
    assert code == 1 and len(err.splitlines()) == 1 and err.startswith(f"videopoker: {tmp_path}/bad\\nname.yaml")


def test_simulate_counts_a_multi_strike_stack_as_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "multi-strike-16x-bonus-poker-7-5", "--hands", "2000", "--seed", "3")
    assert code == 0 and out.splitlines()[0].endswith("2,000 rounds") and "2,000 rounds in" in out
    code, out, _ = run(capsys, "simulate", NINE_SIX, "--hands", "2000", "--seed", "3")
    assert code == 0 and out.splitlines()[0].endswith("2,000 hands") and "2,000 hands in" in out


def test_paytable_list_marks_a_double_up_and_a_meter(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "paytable", "list")
    assert code == 0 and "double-up: bonus-poker-8-5-progressive; progressive meter: bonus-poker-8-5-progressive" in out
    code, out, _ = run(capsys, "paytable", "list", "--json")
    rows = {row["use_as"]: row for row in json.loads(out)}
    assert rows["bonus-poker-8-5-progressive"]["double_up"] and rows["bonus-poker-8-5-progressive"]["progressive"]
    assert rows["ultimate-x-jacks-or-better-8-6"]["feature"] == "ultimate x"
    assert rows[NINE_SIX]["feature"] is None and not rows[NINE_SIX]["double_up"]


def test_paytable_list_with_returns_gives_each_tables_and_its_feature_games(capsys: pytest.CaptureFixture[str]) -> None:
    """The figures a list shows (`--returns`), here for three tables: a plain one, one whose feature is
    solved at 10 hands, one whose feature returns its base table's; the rows fit 80 columns."""
    from videopoker.cli.output import layout
    from videopoker.cli.tables import _folder_grid, _returns

    files = [SHIPPED_DIR / f"{stem}.yaml" for stem in ("jacks-or-better-9-6", "ultimate-x-jacks-or-better-8-6",
                                                       "hot-roll-jacks-or-better-9-6")]
    figures = _returns(files)
    plain, ultimate, hot = (figures[file] for file in files)
    assert plain == {"rtp": pytest.approx(0.995439, abs=1e-6), "feature_rtp": None, "feature_hands": None}
    assert ultimate["feature_rtp"] == pytest.approx(0.994220, abs=1e-6) and ultimate["feature_hands"] == 10
    assert hot["feature_rtp"] == pytest.approx(hot["rtp"], abs=1e-12) and hot["feature_hands"] == 1
    lines = [text for text, style in layout(_folder_grid("Shipped", files, figures), 80) if style != "note"]
    assert any("ultimate-x-jacks-or-better-8-6" in line and "98.3927%  99.4220% at 10 hands" in line for line in lines)
    assert all(cell_len(line) <= 80 for line in lines)
