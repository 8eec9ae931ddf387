"""The command line as users and scripts meet it: output, exit status, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import BAD, SHIPPED

from videopoker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_paytable_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "paytable", "list")
    assert code == 0 and "Jacks or Better 9/6" in out and "tens-or-better" in out
    code, out, _ = run(capsys, "paytable", "show", "jacks-or-better-9-6")
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
    code, out, _ = run(capsys, "analyze", "jacks-or-better-9-6", "--json")
    data = json.loads(out)
    assert code == 0 and round(data["rtp"], 8) == 0.99543904
    assert data["total_combinations"] == 19_933_230_517_200
    assert data["rows"][0]["combinations"] == 493_512_264


def test_analyze_a_variant_and_a_smaller_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "9-6", "--set", "full_house=8", "--set", "flush=5", "--json")
    assert code == 0 and round(json.loads(out)["rtp"], 6) == 0.972984
    code, out, _ = run(capsys, "analyze", "9-6", "--coins", "1")
    assert code == 0 and "1 coin," in out and "Return" in out


def test_hint_lists_all_32_holds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "9-6", "Ah", "Kh", "Qh", "Jh", "9c", "--json")
    data = json.loads(out)
    assert code == 0 and data["hand"] == "Ah Kh Qh Jh 9c" and len(data["holds"]) == 32
    assert data["holds"][0]["hold"] == "Ah Kh Qh Jh" and data["holds"][0]["outcomes"]["royal_flush"] == 1
    code, out, _ = run(capsys, "hint", "9-6", "AhKhQhJh9c")
    assert code == 0 and "18.553191" in out


@pytest.mark.parametrize("argv, message", [
    (["analyze", "no-such-table"], "no paytable 'no-such-table'"),
    (["analyze", "9-6", "--set", "full_house"], "--set 'full_house': write KEY=PAY"),
    (["analyze", "9-6", "--set", "flush=x"], "PAY must be a whole number"),
    (["analyze", "9-6", "--coins", "7"], "--coins 7: 'Jacks or Better 9/6' takes 1..5 coins"),
    (["hint", "9-6", "Ah", "Ah", "Qh", "Jh", "9c"], "'Ah' appears twice"),
    (["hint", "9-6", "Ah", "Kh", "Qh", "Jh"], "a hand is 5 cards, got 4"),
    (["hint", "9-6", "Ah", "Kh", "Qh", "Jh", "9c", "8c"], "a hand is 5 cards, got 6"),
    (["hint", "9-6", "Ah", "Kh", "Qh", "Jh", "1x"], "'1x' is not a card"),
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
    code, out, _ = run(capsys, "paytable", "new", "--from", "9-6", "--set", "full_house=8", "--set", "flush=5",
                       "--name", "My 8/5", "-o", str(target))
    assert code == 0 and target.exists()
    code, out, _ = run(capsys, "analyze", str(target), "--json")
    assert round(json.loads(out)["rtp"], 6) == 0.972984


def test_python_dash_m_runs_the_same_program(tmp_path: Path) -> None:
    env = dict(os.environ, VIDEOPOKER_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "videopoker", "paytable", "validate", str(SHIPPED[0])],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0 and ": ok" in result.stdout
