"""Promotions on the command line and in a player's file: what they add to a return and to a
bankroll, and one line with the place and the fix for anything wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from videopoker.cli import main

NINE_SIX = "jacks-or-better-9-6"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VIDEOPOKER_HOME", str(tmp_path))
    (tmp_path / "promotions").mkdir()
    return tmp_path


def test_analyze_adds_the_promotions_part_of_the_return(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--cashback", "0.5%", "--points", "0.1%",
                       "--points-multiplier", "3")
    assert code == 0
    assert "Promotions: 0.5% cash back, 0.1% points at 3x" in out
    assert "the game 99.5439% + promotions 0.8000% = 100.3439%" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 80
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--cashback", "0.5%", "--json")
    data = json.loads(out)
    assert data["rtp_with_promotions"] == pytest.approx(data["rtp"] + 0.005, abs=1e-12)
    assert data["promotions"]["cashback"] == 0.005


def test_a_feature_table_is_priced_with_them_too(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "analyze", "shockwave-jacks-or-better-12-8", "--cashback", "0.2%", "--json")
    data = json.loads(out)
    assert code == 0 and data["rtp_with_promotions"] == pytest.approx(data["rtp"] + 0.002, abs=1e-12)


def test_bankroll_alone_gives_the_lifetime_table(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--cashback", "1%")
    assert code == 0
    assert "Bankroll for a 1% lifetime risk" in out and "(7,257 bets)" in out
    assert "Kelly bankroll" in out and "N0" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 80
    code, out, _ = run(capsys, "bankroll", "deuces-wild-full-pay", "--credits", "5000", "--json")
    lifetime = json.loads(out)["lifetime"]
    assert lifetime["exact"] and lifetime["risk_bounds"][0] == lifetime["risk_bounds"][1] == lifetime["risk"]


def test_a_session_counts_what_is_posted_after_it(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "1000", "--hands", "2000", "--json")
    plain = json.loads(out)
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "1000", "--hands", "2000", "--cashback", "1%",
                       "--json")
    paid = json.loads(out)
    assert paid["promotions"]["posted_after_session"] == 100  # 1% of 2,000 hands × 5 coins
    assert paid["ruin"] == plain["ruin"]  # posted after the session: no help against going broke in it
    assert paid["mean_end"] == pytest.approx(plain["mean_end"] + 100)
    assert paid["ahead"] > plain["ahead"]
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "1000", "--hands", "2000", "--session-bonus", "50",
                       "--json")
    bonus = json.loads(out)
    assert code == 0 and bonus["ruin"] < plain["ruin"] and bonus["credits"] == 1000


def test_a_promotions_file_in_the_home(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    (home / "promotions" / "tuesday.yaml").write_text("name: Tuesdays\ncashback: 0.5%\npoints: 0.1%\n"
                                                      "points_multiplier: 5\n")
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--promotions", "tuesday")
    assert code == 0 and "0.5% cash back, 0.1% points at 5x" in out and "= 100.5439%" in out
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--promotions", "tuesday", "--cashback", "0%")
    assert "= 100.0439%" in out  # an option beside the file takes its place


@pytest.mark.parametrize(("text", "message"), [
    ("cashback: 0.5\n", "tuesday.yaml:1:11: cashback: 0.5 is not a percent; write it like 0.5%"),
    ("cashbak: 0.5%\n", "tuesday.yaml:1:1: unknown key 'cashbak'; did you mean 'cashback'?"),
    ("cashback: 0.5%\npoints_multiplier: 0\n", "tuesday.yaml:2:20: points_multiplier: 0x: a points multiplier "
                                               "is from 1 to 100"),
    ("session_bonus: lots\n", "tuesday.yaml:1:16: session_bonus: the text 'lots' is not a number of credits"),
    ("- 0.5%\n", "tuesday.yaml:1:1: a promotions file is a mapping like 'cashback: 0.5%', got a list"),
    ("cashback: 40%\n", "tuesday.yaml:1:11: cashback: 40% is more than any casino pays"),
])
def test_a_bad_file_is_one_line_with_its_place_and_fix(capsys: pytest.CaptureFixture[str], home: Path,
                                                        text: str, message: str) -> None:
    (home / "promotions" / "tuesday.yaml").write_text(text)
    code, out, err = run(capsys, "bankroll", NINE_SIX, "--promotions", "tuesday")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--cashback", "half"], "--cashback: the text 'half' is not a percent; write it like 0.5%"),
    (["--points-multiplier", "five"], "--points-multiplier: the text 'five' is not a multiplier"),
    (["--session-bonus", "-5"], "--session-bonus: -5 credits: a session bonus is from 0"),
    (["--promotions", "sunday"], "--promotions 'sunday': no promotions of that name; keep one as"),
    (["--promotions", "nowhere/sunday.yaml"], "--promotions 'nowhere/sunday.yaml': no such file"),
    (["--hands", "100"], "--hands is a session's length: give the bankroll it starts with too"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], home: Path, argv: list[str],
                                  message: str) -> None:
    code, out, err = run(capsys, "bankroll", NINE_SIX, *argv)
    assert code != 0 and out == "" and len(err.strip().splitlines()) == 1 and message in err


def test_a_player_who_sets_none_sees_what_he_saw(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "analyze", NINE_SIX, "--json")
    assert "promotions" not in json.loads(out)
    code, out, _ = run(capsys, "analyze", NINE_SIX)
    assert code == 0 and "Promotions" not in out


def test_the_api_takes_them_as_a_file_or_a_dict(home: Path) -> None:
    import videopoker as vp
    from videopoker.errors import ArgumentError

    (home / "promotions" / "tuesday.yaml").write_text("cashback: 1%\n")
    by_file = vp.bankroll(NINE_SIX, promotions="tuesday")
    by_dict = vp.bankroll(NINE_SIX, promotions={"cashback": "1%"})
    assert by_file.lifetime == by_dict.lifetime and by_file.ruin is None
    assert by_dict.lifetime["bankrolls"]["1%"] == 36_283
    session = vp.bankroll(NINE_SIX, credits=1000, hands=100, promotions={"cashback": "1%"})
    assert session.ruin is not None and session.lifetime["risk"] < 1
    assert vp.analyze(NINE_SIX, promotions={"cashback": "0.5%"}).data["rtp_with_promotions"] == pytest.approx(
        1.0004390436951225)
    with pytest.raises(ArgumentError, match="promotions: <dict>:2:2: unknown key 'cashbak'; did you mean 'cashback'"):
        vp.bankroll(NINE_SIX, promotions={"cashbak": "1%"})
    with pytest.raises(ArgumentError, match="promotions=5: give a promotions file's name or path"):
        vp.bankroll(NINE_SIX, promotions=5)


def test_the_apis_lifetime_is_the_commands_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker as vp

    assert main(["bankroll", NINE_SIX, "--credits", "5000", "--cashback", "1%", "--json"]) == 0
    assert vp.bankroll(NINE_SIX, credits=5000, promotions={"cashback": "1%"}).to_dict() == json.loads(
        capsys.readouterr().out)


def test_a_sweep_prices_every_table_with_them(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    argv = ["sweep", NINE_SIX, "--vary", "full_house=7..9", "flush=5..6"]
    assert main([*argv, "--cashback", "0.5%", "--where", "rtp_with_promotions > 0.995"]) == 0
    out = capsys.readouterr().out
    assert "With promos" in out and "100.0439%" in out and "1 row kept" in out
    assert "Promotions: 0.5% cash back" in out
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert "With promos" not in plain and "6 rows kept" in plain
    assert main([*argv, "--where", "rtp_with_promotions > 0.995"]) == 1  # without promotions, no such column
    assert "rtp_with_promotions" in capsys.readouterr().err
    import videopoker as vp

    rows = vp.sweep(NINE_SIX, {"full_house": [8, 9]}, promotions={"cashback": "1%"}).rows
    assert [round(row["rtp_with_promotions"] - row["rtp"], 12) for row in rows] == [0.01, 0.01]
