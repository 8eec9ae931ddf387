"""The Python API: its surface pinned (a rename is a deliberate act), every result's ``to_dict()``
equal to its command's ``--json``, frozen values, tables in Jupyter, and nothing loaded until used."""

from __future__ import annotations

import dataclasses
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

import videopoker as vp
from videopoker.cli import main
from videopoker.errors import PaytableError, VideoPokerError


def test_the_package_reaches_exactly_the_api() -> None:
    """The names and their parameters are pinned by the manual's reference (tests/test_manual.py)."""
    import videopoker.api

    assert set(vp.API) == set(videopoker.api.__all__)
    assert all(getattr(vp, name) is getattr(videopoker.api, name) for name in vp.API)


def test_importing_the_package_loads_no_api() -> None:
    code = "import sys, videopoker; print('videopoker.api' in sys.modules, callable(videopoker.analyze))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["False", "True"]


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("table", "extra"), [("jacks-or-better-9-6", {}), ("big-times-draw-jacks-or-better-8-6", {}),
                                              ("multi-strike-16x-bonus-poker-7-5", {}),
                                              ("ultimate-x-jacks-or-better-8-6", {"multi": 3})])
def test_analyze_is_the_commands_json(isolated_home: Path, capsys: pytest.CaptureFixture[str], table: str,
                                      extra: dict[str, int]) -> None:
    result = vp.analyze(table, **extra)
    argv = ["analyze", table, *(["--multi", str(extra["multi"])] if extra else [])]
    assert result.to_dict() == cli_json(capsys, *argv)
    assert result.rtp == result.to_dict()["rtp"] and result.paytable and result.rows
    assert "<table>" in result._repr_html_()


@pytest.mark.parametrize(("table", "cards", "state", "flags"), [
    ("jacks-or-better-9-6", "Ah Kh Qh Jh 9c", {}, []),
    ("big-times-draw-jacks-or-better-8-6", "2c 5d 7h 8s 9c", {}, []),
    ("ultimate-x-jacks-or-better-8-6", "Ts 9h 8d Qc 4d", {"multipliers": (1, 1, 1)}, ["--multipliers", "1,1,1"]),
    ("multi-strike-16x-bonus-poker-7-5", "6c 6d Jh Qs 8c", {"level": 2}, ["--level", "2"])])
def test_hint_is_the_commands_json(isolated_home: Path, capsys: pytest.CaptureFixture[str], table: str, cards: str,
                                   state: dict[str, object], flags: list[str]) -> None:
    result = vp.hint(table, cards, **state)  # type: ignore[arg-type]
    assert result.to_dict() == cli_json(capsys, "hint", table, cards, *flags)
    assert result.best == result.holds[0] and "<table>" in result._repr_html_()


def test_simulate_bankroll_and_history_are_the_commands_json(isolated_home: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    simulated = vp.simulate("jacks-or-better-9-6", hands=20_000, seed=3).to_dict()
    shown = cli_json(capsys, "simulate", "jacks-or-better-9-6", "--hands", "20000", "--seed", "3")
    assert isinstance(shown, dict)
    assert {**simulated, "seconds": 0} == {**shown, "seconds": 0}  # the time it took is the one difference
    assert vp.bankroll("jacks-or-better-9-6", 200, 300).to_dict() == cli_json(
        capsys, "bankroll", "jacks-or-better-9-6", "--credits", "200", "--hands", "300")
    assert vp.history().to_dict() == cli_json(capsys, "history")


def test_results_are_frozen_and_to_dict_is_a_copy() -> None:
    result = vp.analyze("jacks-or-better-9-6")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.rtp = 1.0  # type: ignore[misc]
    result.to_dict()["rtp"] = 2.0
    assert result.to_dict()["rtp"] == result.rtp


def test_a_table_as_a_dict_is_checked_as_a_file_is() -> None:
    table = {"name": "Mine", "game": "jacks-or-better", "max_coins": 5,
             "pays": {"royal_flush": [250, 500, 750, 1000, 4000], "straight_flush": 50, "four_of_a_kind": 25,
                      "full_house": 9, "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2,
                      "jacks_or_better": 1}}
    assert vp.analyze(table).rtp == vp.analyze("jacks-or-better-9-6").rtp
    with pytest.raises(PaytableError, match="full_house"):
        vp.load({**table, "pays": {**table["pays"], "full_house": -1}})  # type: ignore[dict-item]
    with pytest.raises(PaytableError):
        vp.load("no-such-table")


def test_a_sweep_has_the_rows_the_command_writes_here_and_on_a_dask_client(isolated_home: Path,
                                                                          tmp_path: Path) -> None:
    from distributed import Client

    written = tmp_path / "rows.jsonl"
    argv = ["sweep", "jacks-or-better-9-6", "--vary", "full_house=7..9", "--vary", "flush=5..6", "-o", str(written)]
    assert main(argv) == 0
    by_pays = sorted((json.loads(line) for line in written.read_text().splitlines()),
                     key=lambda row: (row["full_house"], row["flush"]))
    vary = {"full_house": range(7, 10), "flush": range(5, 7)}
    here = vp.sweep("jacks-or-better-9-6", vary)
    assert sorted(map(dict, here.rows), key=lambda row: (row["full_house"], row["flush"])) == by_pays
    assert [(row["full_house"], row["flush"]) for row in vp.sweep("jacks-or-better-9-6", vary, "rtp > 0.99").rows] \
        == [(9, 6)]
    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as client:
        there = vp.sweep("jacks-or-better-9-6", vary, client=client)
    assert sorted(map(dict, there.rows), key=lambda row: (row["full_house"], row["flush"])) == by_pays
    with pytest.raises(VideoPokerError, match="four_aces"):
        vp.sweep("jacks-or-better-9-6", {"four_aces": range(80, 81)})


def _table_dict() -> dict[str, object]:
    return {"name": "Mine", "game": "jacks-or-better", "max_coins": 5,
            "pays": {"royal_flush": [250, 500, 750, 1000, 4000], "straight_flush": 50, "four_of_a_kind": 25,
                     "full_house": 9, "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2,
                     "jacks_or_better": 1}}


def _holding_itself() -> dict[str, object]:
    table = _table_dict()
    table["pays"]["me"] = table  # type: ignore[index]
    return table


def _deep(levels: int) -> dict[str, object]:
    top: dict[str, object] = {}
    inner = top
    for _ in range(levels):
        inner["a"] = inner = {}
    return top


NINE_SIX = "jacks-or-better-9-6"
ULTIMATE = "ultimate-x-jacks-or-better-8-6"
#: (function, argument, hostile value, the other arguments): every argument of every function.
HOSTILE_CALLS: list[tuple[str, str, object, dict[str, object]]] = [
    ("load", "table", 5, {}), ("load", "table", None, {}), ("load", "table", b"jacks", {}),
    ("load", "table", {**_table_dict(), "pays": {**_table_dict()["pays"], "flush": object()}}, {}),  # type: ignore[dict-item]
    ("load", "table", {**_table_dict(), "max_coins": float("nan")}, {}),
    ("load", "table", _holding_itself(), {}), ("load", "table", _deep(5000), {}),
    ("load", "table", {("a", 1): 2}, {}), ("load", "table", {"pays": list(range(20_000))}, {}),
    ("analyze", "table", object(), {}), ("analyze", "coins", "5", {"table": NINE_SIX}),
    ("analyze", "coins", 5.0, {"table": NINE_SIX}), ("analyze", "coins", True, {"table": NINE_SIX}),
    ("analyze", "coins", 0, {"table": NINE_SIX}), ("analyze", "multi", "3", {"table": NINE_SIX}),
    ("analyze", "multi", 7, {"table": NINE_SIX}),
    ("hint", "table", [], {"cards": "Ah Kh Qh Jh 9c"}), ("hint", "cards", None, {"table": NINE_SIX}),
    ("hint", "cards", ["Ah", 5], {"table": NINE_SIX}), ("hint", "cards", [], {"table": NINE_SIX}),
    ("hint", "coins", "5", {"table": NINE_SIX, "cards": "Ah Kh Qh Jh 9c"}),
    ("hint", "multipliers", "12", {"table": ULTIMATE, "cards": "Ts 9h 8d Qc 4d"}),
    ("hint", "multipliers", (12, "1", 1), {"table": ULTIMATE, "cards": "Ts 9h 8d Qc 4d"}),
    ("hint", "level", "2", {"table": "multi-strike-16x-bonus-poker-7-5", "cards": "Ts 9h 8d Qc 4d"}),
    ("hint", "free_ride", "yes", {"table": NINE_SIX, "cards": "Ts 9h 8d Qc 4d"}),
    ("simulate", "table", 5, {}), ("simulate", "hands", "10", {"table": NINE_SIX}),
    ("simulate", "hands", 0, {"table": NINE_SIX}), ("simulate", "hands", float("nan"), {"table": NINE_SIX}),
    ("simulate", "coins", "5", {"table": NINE_SIX, "hands": 10}),
    ("simulate", "seed", -1, {"table": NINE_SIX, "hands": 10}),
    ("simulate", "seed", "x", {"table": NINE_SIX, "hands": 10}),
    ("simulate", "strategy", 5, {"table": NINE_SIX, "hands": 10}),
    ("simulate", "multi", 7, {"table": NINE_SIX, "hands": 14}),
    ("bankroll", "table", 5, {"credits": 100, "hands": 10}),
    ("bankroll", "credits", float("nan"), {"table": NINE_SIX, "hands": 10}),
    ("bankroll", "credits", -1, {"table": NINE_SIX, "hands": 10}),
    ("bankroll", "hands", 10**30, {"table": NINE_SIX, "credits": 100}),
    ("bankroll", "coins", "5", {"table": NINE_SIX, "credits": 100, "hands": 10}),
    ("bankroll", "promotions", 5, {"table": NINE_SIX}),
    ("bankroll", "multi", 4, {"table": NINE_SIX}),
    ("bankroll", "promotions", {"cashback": "200%"}, {"table": NINE_SIX}),
    ("bankroll", "promotions", "no-such-promotions", {"table": NINE_SIX}),
    ("analyze", "promotions", {"cashback": 0.5}, {"table": NINE_SIX}),
    ("sweep", "table", 5, {"vary": {"flush": [5]}}), ("sweep", "vary", {}, {"table": NINE_SIX}),
    ("sweep", "vary", [("flush", [5])], {"table": NINE_SIX}), ("sweep", "vary", {"flush": "56"}, {"table": NINE_SIX}),
    ("sweep", "vary", {"flush": [5.5]}, {"table": NINE_SIX}), ("sweep", "vary", {"flush": [-1]}, {"table": NINE_SIX}),
    ("sweep", "vary", {"flush": itertools.count()}, {"table": NINE_SIX}),
    ("sweep", "vary", {"four_aces": range(80, 81)}, {"table": NINE_SIX}),
    ("sweep", "where", 5, {"table": NINE_SIX, "vary": {"flush": [5]}}),
    ("sweep", "coins", "5", {"table": NINE_SIX, "vary": {"flush": [5]}}),
    ("sweep", "client", 5, {"table": NINE_SIX, "vary": {"flush": [5]}}),
    ("sweep", "yes", "yes", {"table": NINE_SIX, "vary": {"flush": [5]}}),
    ("sweep", "promotions", {"cashback": "half"}, {"table": NINE_SIX, "vary": {"flush": [5]}}),
    ("sweep", "yes", False, {"table": NINE_SIX, "vary": {"full_house": range(1000), "flush": range(1000),
                                                          "straight": range(100)}}),
    ("history", "paytable", 5, {}), ("history", "since", "2026-01-01", {}), ("history", "home", 5, {}),
]


@pytest.mark.parametrize(("function", "argument", "value", "others"), HOSTILE_CALLS,
                         ids=[f"{call[0]}-{call[1]}-{n}" for n, call in enumerate(HOSTILE_CALLS)])
def test_a_hostile_argument_is_one_line_naming_it(isolated_home: Path, function: str, argument: str, value: object,
                                                  others: dict[str, object]) -> None:
    with pytest.raises(VideoPokerError) as raised:
        getattr(vp, function)(**others, **{argument: value})
    message = str(raised.value)
    assert "\n" not in message and len(message) <= 300, message
    assert argument in message or "--yes" in message.replace("yes=True", "--yes"), message


def test_every_argument_of_every_function_is_checked_and_tried() -> None:
    """Each public function goes through the one validator, and the table above tries each of
    its arguments: a new argument needs its rule (checks.RULES) and a hostile case here."""
    import inspect

    from videopoker.api.checks import RULES

    functions = [name for name in vp.API if not isinstance(getattr(vp, name), type)]
    tried = {(function, argument) for function, argument, _, _ in HOSTILE_CALLS}
    for name in functions:
        function = getattr(vp, name)
        assert hasattr(function, "__wrapped__"), f"vp.{name} is not @checked"
        for argument in inspect.signature(function).parameters:
            assert argument in RULES and (name, argument) in tried, (name, argument)


def test_cards_may_be_a_list_and_a_long_vary_is_refused_before_it_is_read() -> None:
    assert vp.hint(NINE_SIX, ["Ah", "Kh", "Qh", "Jh", "9c"]).to_dict() == vp.hint(NINE_SIX, "Ah Kh Qh Jh 9c").to_dict()
    with pytest.raises(VideoPokerError, match="'flush' gives over 1,000,001 pays"):
        vp.sweep(NINE_SIX, {"flush": itertools.count()})
    with pytest.raises(VideoPokerError, match="the grid has 100,000,000 tables, .*pass yes=True to go ahead"):
        vp.sweep(NINE_SIX, {"full_house": range(1000), "flush": range(1000), "straight": range(100)})
    with pytest.raises(VideoPokerError, match="missing a required argument: 'cards'"):
        vp.hint(NINE_SIX)  # type: ignore[call-arg]


class _HereClient:
    """A stand-in for a dask Client: each task run at once, here."""

    class _Done:
        def __init__(self, value: object) -> None:
            self.value = value

        def result(self) -> object:
            return self.value

    def submit(self, function, *args, **options):  # type: ignore[no-untyped-def]
        return self._Done(function(*args))

    def gather(self, futures):  # type: ignore[no-untyped-def]
        return [future.result() for future in futures]


def test_a_sweep_its_sample_says_is_long_needs_yes(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's check (analysis.sweeps.sweep.check_time): 4 runs of 256 tables that the clock says
    took 100 s leave 1,056 tables, 3 min on one core, over the 60 s allowed; a sweep on a client's
    cluster, whose workers are not known, is asked about by its count only."""
    import videopoker.analysis.sweeps.sweep as engine

    monkeypatch.setattr(engine, "ESTIMATED_FROM", 1000)
    monkeypatch.setattr(engine, "LONG_SWEEP", 60.0)
    ticks = iter([0.0, 100.0])
    monkeypatch.setattr(engine, "_clock", lambda: next(ticks))
    vary = {"full_house": range(5, 15), "flush": range(4, 12), "four_of_a_kind": range(15, 41)}  # 2,080 tables
    with pytest.raises(VideoPokerError) as refused:
        vp.sweep(NINE_SIX, vary)
    assert str(refused.value) == ("the grid's 2,080 tables would take about 3 min at this machine's speed on 1 core "
                                  "(timed on 1,024 of them); pass yes=True to run it")
    rows = vp.sweep(NINE_SIX, vary, yes=True).rows
    assert len(rows) == 2080 and len({(row["full_house"], row["flush"], row["four_of_a_kind"]) for row in rows}) == 2080
    assert len(vp.sweep(NINE_SIX, vary, client=_HereClient()).rows) == 2080


def test_a_sweep_under_the_bar_keeps_its_samples_rows(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import videopoker.analysis.sweeps.sweep as engine

    vary = {"full_house": range(5, 15), "flush": range(4, 12), "four_of_a_kind": range(15, 41)}
    plain = sorted(map(tuple, (row.values() for row in vp.sweep(NINE_SIX, vary).rows)))
    monkeypatch.setattr(engine, "ESTIMATED_FROM", 1000)
    ticks = iter([0.0, 1.0])
    monkeypatch.setattr(engine, "_clock", lambda: next(ticks))
    assert sorted(map(tuple, (row.values() for row in vp.sweep(NINE_SIX, vary).rows))) == plain
    assert next(ticks, None) is None  # the sample was timed
