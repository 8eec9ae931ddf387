"""``--plot FILE`` on bankroll, sweep, history and analyze: each picture drawn from its command's JSON
alone, as SVG or PNG by the suffix, and every way it can fail one line; plus the JSON the pictures
need (bankroll's ending law and ruin by hand, history's course) checked for sense."""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path

import pytest
from test_history_command import played, run

from videopoker.cli import main
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
NINE_SIX = "jacks-or-better-9-6"


def svg_text(path: Path) -> str:
    """The SVG written, which keeps its text as text (svg.fonttype none), so its words can be read."""
    text = path.read_text()
    assert text.startswith("<?xml") and "<svg" in text
    return text


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# -- bankroll ------------------------------------------------------------------------------------

def test_bankroll_draws_the_ending_law_and_the_ruin_curve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.svg"
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "200", "--hands", "300", "--plot", str(target))
    assert code == 0 and out.splitlines()[-1] == f"plot written to {target}"
    text = svg_text(target)
    for words in ("Jacks or Better 9/6: 200 credits for 300 hands", "Where the credits end", "credits at the end",
                  "Broke by hand n", "hands played", "chance of being broke", "broke: 26.39%"):
        assert words in text, words


def test_bankroll_without_a_session_draws_the_risk_against_the_bankroll(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.svg"
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "20000", "--cashback", "1%", "--plot", str(target))
    assert code == 0 and out.splitlines()[-1] == f"plot written to {target}"
    text = svg_text(target)
    for words in ("Broke some day, playing forever", "bankroll, credits", "5% risk: 23,605", "1% risk: 36,283",
                  "Kelly: 14,841", "from 20,000: 7.90%"):
        assert words in text, words
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "20000", "--cashback", "1%", "--json")
    curve = json.loads(out)["lifetime"]["risk_by_bankroll"]
    assert len(curve) == 120 and curve[0][0] == 5 and curve[-1][0] == int(36_283 * 1.2)
    assert all(low <= high for _, low, high in curve)
    assert all(a[2] >= b[2] for a, b in itertools.pairwise(curve))  # more credits, less risk
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--plot", str(target))  # no edge: said on the picture
    assert code == 0 and "100% from any bankroll" in svg_text(target)


def test_bankrolls_json_has_the_ending_law_and_the_chance_of_ruin_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    for credits, hands in (("200", "300"), ("1000", "1000"), ("4", "10")):  # hand by hand, in blocks, broke at once
        code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", credits, "--hands", hands, "--json")
        data = json.loads(out)
        assert code == 0 and {"ruin", "ahead", "percentiles", "mean_end", "long_run_ruin"} <= set(data)
        law, curve = data["ending"], data["ruin_by_hand"]
        assert abs(sum(chance for _, chance in law) - 1) < 1e-9
        assert all(chance > 0 for _, chance in law) and [c for c, _ in law] == sorted({c for c, _ in law})
        assert sum(chance for credits_left, chance in law if credits_left < data["coins"]) == pytest.approx(
            data["ruin"], abs=1e-12)
        assert sum(c * p for c, p in law) == pytest.approx(data["mean_end"], abs=1e-6)
        assert curve[0][0] == 0 and curve[-1][0] == data["hands"] and len(curve) <= 201
        assert curve[-1][1] == data["ruin"]
        assert all(a[1] <= b[1] and a[0] < b[0] for a, b in itertools.pairwise(curve))
        assert curve[0][1] == (1.0 if int(credits) < data["coins"] else 0.0)


def test_a_multi_strike_bankroll_has_the_same_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bankroll", "multi-strike-16x-bonus-poker-7-5", "--credits", "100", "--hands", "3",
                       "--json")
    data = json.loads(out)
    assert code == 0 and abs(sum(chance for _, chance in data["ending"]) - 1) < 1e-9
    assert [hand for hand, _ in data["ruin_by_hand"]] == [0, 1, 2, 3] and data["ruin_by_hand"][-1][1] == data["ruin"]


def test_a_session_too_long_to_work_out_exactly_has_them_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bankroll", NINE_SIX, "--credits", "1000", "--hands", "100000000", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "brownian motion"
    assert abs(sum(chance for _, chance in data["ending"]) - 1) < 1e-9
    curve = data["ruin_by_hand"]
    assert len(curve) == 201 and curve[-1] == [100_000_000, data["ruin"]]
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(curve))


def test_the_api_bankroll_has_them_typed() -> None:
    import videopoker as vp

    result = vp.bankroll(NINE_SIX, 200, 300)
    assert [list(pair) for pair in result.ending] == result.to_dict()["ending"]
    assert [list(pair) for pair in result.ruin_by_hand] == result.to_dict()["ruin_by_hand"]


def test_a_plot_is_a_pure_function_of_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command's picture and one drawn later from its saved JSON are the same file; the JSON on
    stdout stays pure, the note on stderr."""
    from videopoker.plots.bankroll import draw_bankroll

    target = tmp_path / "x.svg"
    code, out, err = run(capsys, "bankroll", NINE_SIX, "--credits", "200", "--hands", "300", "--json",
                         "--plot", str(target))
    assert code == 0 and one_line(err) == f"plot written to {target}"
    draw_bankroll(json.loads(out), tmp_path / "again.svg")
    assert (tmp_path / "again.svg").read_bytes() == target.read_bytes()


# -- sweep ---------------------------------------------------------------------------------------

def test_sweep_draws_return_against_the_standard_deviation(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.svg"
    code, out, _ = run(capsys, "sweep", NINE_SIX, "--vary", "full_house=7..9", "--plot", str(target))
    assert code == 0 and out.splitlines()[-1] == f"plot written to {target}"
    text = svg_text(target)
    for words in ("Jacks or Better 9/6: 3 tables", "standard deviation of a hand (in bets)", "return",
                  "full house (pays per coin)"):
        assert words in text, words


def test_a_sweep_of_two_pays_is_coloured_by_the_first_and_names_the_other(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.png"
    code, _, _ = run(capsys, "sweep", NINE_SIX, "--vary", "full_house=8..9", "flush=6..6", "--plot", str(target))
    assert code == 0 and target.read_bytes().startswith(PNG_MAGIC)
    svg = tmp_path / "x.svg"
    assert main(["sweep", NINE_SIX, "--vary", "full_house=8..9", "flush=6..6", "--plot", str(svg)]) == 0
    assert "colour: full house; also varied: flush" in svg_text(svg)


# -- history -------------------------------------------------------------------------------------

def played_hundreds(home: Path) -> None:
    """:func:`played`'s rounds on two tables, then 250 more on 9/6 with the best hold each time."""
    played(home)
    with Session.open(home, random.Random(7)) as session:
        session.switch_paytable(resolve_paytable(NINE_SIX))
        session.set_hands(1)
        for _ in range(250):
            session.bet_max()
            decision = session.judge()
            for place, (held, best) in enumerate(zip(decision.held, decision.best)):
                if held != best:
                    session.toggle_hold(place)
            session.draw()


def test_history_draws_the_net_win_against_the_expectation_band(isolated_home: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    played_hundreds(isolated_home)
    code, out, _ = run(capsys, "history", "--json")
    data = json.loads(out)
    course = data["course"]
    assert code == 0 and data["hands"] == 266 and 100 < len(course) <= 201
    assert course[-1]["hands"] == data["hands"] and course[-1]["net"] == data["coin_out"] - data["coin_in"]
    assert course[-1]["expected_net"] == pytest.approx(data["expected_return"] * data["coin_in"] - data["coin_in"])
    assert all(a["hands"] < b["hands"] and a["deviation"] <= b["deviation"] for a, b in itertools.pairwise(course))
    target = tmp_path / "x.svg"
    code, out, _ = run(capsys, "history", "--plot", str(target))
    assert code == 0 and out.splitlines()[-1] == f"plot written to {target}"
    text = svg_text(target)
    for words in ("Credits won against what the holds were worth: 266 hands on record", "hands played",
                  "credits won (coin-out less coin-in)", "± 1 SD", "± 2 SD", "what the holds were worth"):
        assert words in text, words


def test_history_with_nothing_on_record_still_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.svg"
    code, out, _ = run(capsys, "history", "--json", "--plot", str(target))
    assert code == 0 and json.loads(out)["course"] == [] and "No hands on record yet" in svg_text(target)


# -- analyze -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "extra", "says"), [
    (NINE_SIX, [], ["Jacks or Better 9/6: return 99.5439% at 5 coins", "Where the return comes from",
                    "return per coin bet", "royal flush"]),
    ("big-times-draw-jacks-or-better-8-6", [], ["Multiplier by the top card dealt (aces low)", "top card",
                                                "Where the return comes from", "the feature adds"]),
    ("hot-roll-jacks-or-better-9-6", [], ["The multiplier's law: 2X on average", "multiplier (X)", "base game"]),
    ("wheel-poker-bonus-poker-8-5", [], ["The wheel's law", "prize (credits)", "four aces"]),
    ("multi-strike-16x-bonus-poker-7-5", [], ["Each level's value", "The chance a round reaches each level",
                                              "5 (16X)", "51.6%"]),
    ("ultimate-x-jacks-or-better-8-6", ["--multi", "3"], ["The multiplier sum in play", "What each sum is worth",
                                                          "sum of the 3 lines' multipliers", "3-play"]),
])
def test_analyze_draws_what_the_json_says_of_the_feature(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         table: str, extra: list[str], says: list[str]) -> None:
    target = tmp_path / "x.svg"
    code, out, err = run(capsys, "analyze", table, *extra, "--json", "--plot", str(target))
    assert code == 0 and json.loads(out)["paytable"] and one_line(err) == f"plot written to {target}"
    text = svg_text(target)
    for words in says:
        assert words in text, words


# -- what can go wrong: one line each ------------------------------------------------------------

def test_a_png_by_its_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "x.PNG"
    code, _, _ = run(capsys, "analyze", NINE_SIX, "--plot", str(target))
    assert code == 0 and target.read_bytes().startswith(PNG_MAGIC)


@pytest.mark.parametrize("name", ["x.pdf", "x", "x.svg.txt"])
def test_another_suffix_is_one_line_naming_the_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   name: str) -> None:
    code, out, err = run(capsys, "bankroll", NINE_SIX, "--credits", "200", "--hands", "300", "--plot",
                         str(tmp_path / name))
    assert code == 1 and out == "" and "name the file .svg or .png" in one_line(err)
    assert not list(tmp_path.iterdir())


def test_without_matplotlib_it_is_one_line_saying_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    code, out, err = run(capsys, "bankroll", NINE_SIX, "--credits", "200", "--hands", "300", "--plot",
                         str(tmp_path / "x.svg"))
    assert code == 1 and out == ""
    assert one_line(err) == "videopoker: --plot needs matplotlib: pip install 'videopoker[plot]'"
    assert main(["bankroll", NINE_SIX, "--credits", "200", "--hands", "300"]) == 0  # no --plot: no matplotlib


def test_a_folder_that_is_not_there_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "history", "--plot", str(tmp_path / "nowhere" / "x.svg"))
    assert code == 1 and out == "" and "there is no folder" in one_line(err)


def test_a_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    from videopoker.errors import VideoPokerError
    from videopoker.plots.history import draw_history

    (tmp_path / "a-file").write_text("")  # a file where its folder should be
    with pytest.raises(VideoPokerError, match="cannot write the plot to .*: Not a directory"):
        draw_history({"hands": 0, "course": []}, tmp_path / "a-file" / "x.svg")


def test_plot_and_the_analysis_screen_are_not_asked_together(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyze", NINE_SIX, "--tui", "--plot", str(tmp_path / "x.svg"))
    assert code == 1 and "--tui" in one_line(err)


def test_no_command_loads_matplotlib_until_a_plot_is_asked_for() -> None:
    import subprocess

    code = ("import sys; from videopoker.cli import main; "
            "main(['bankroll', 'jacks-or-better-9-6', '--credits', '100', '--hands', '10', '--json']); "
            "import videopoker.cli.sweep, videopoker.cli.history, videopoker.cli.commands; "
            "print(any(m.startswith(('matplotlib', 'videopoker.plots')) for m in sys.modules), file=sys.stderr)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
    assert shown.strip() == "False"
