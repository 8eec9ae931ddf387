"""`videopoker sweep`: a grid of tables, every row exactly `analyze --set`, filtered, resumed, and
solved on a real Dask cluster that loses a worker mid-sweep."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import FAMILIES, FAMILY_TABLE

from videopoker.analysis.solve.exact import analyze, pay_vector
from videopoker.analysis.sweeps.sweep import Grid, parse_vary, parse_where
from videopoker.cli import main
from videopoker.errors import VideoPokerError
from videopoker.paytable import apply_settings, resolve_paytable

ISSUE_GRID = ["jacks-or-better-9-6", "--vary", "full_house=5..10", "flush=4..8", "four_of_a_kind=20..30:5"]
COLUMNS = ["rtp", "variance", "standard_deviation", "hit_frequency", "top_cycle"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read_rows(path: Path) -> list[dict[str, float]]:
    if path.suffix == ".csv":
        with path.open(newline="") as file:
            return [{key: float(value) for key, value in line.items()} for line in csv.DictReader(file)]
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_issues_grid_prints_the_best_and_writes_every_row_exactly(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "grid.csv"
    code, out, _ = run(capsys, "sweep", *ISSUE_GRID, "-o", str(target))
    assert code == 0 and "90 tables" in out and out.splitlines()[-1] == f"every row is in {target}"
    assert max(len(line) for line in out.splitlines()[:-1]) <= 80
    rows = read_rows(target)
    assert len(rows) == 90 and len({(r["full_house"], r["flush"], r["four_of_a_kind"]) for r in rows}) == 90
    table = resolve_paytable("jacks-or-better-9-6")
    for line in random.Random(3).sample(rows, 6):
        settings = [f"{key}={int(line[key])}" for key in ("full_house", "flush", "four_of_a_kind")]
        alone = analyze(apply_settings(table, settings), remember=False)
        assert line["rtp"] == float(alone.rtp) and line["variance"] == float(alone.variance)
        assert line["top_cycle"] == pytest.approx(alone.top_cycle, rel=1e-12)
    best = max(rows, key=lambda line: line["rtp"])
    assert f"{best['rtp'] * 100:.4f}%" in out.splitlines()[3]


@pytest.mark.parametrize("family", FAMILIES)
def test_a_grids_pay_vectors_are_its_tables_own(family: str) -> None:
    table = resolve_paytable(FAMILY_TABLE[family])
    paying = table.game.paying
    grid = Grid(table, [parse_vary(f"{paying[-1]}=0..3", table), parse_vary(f"{paying[1]}=10..70:30", table)], 3)
    combinations = list(grid.combinations())
    assert (grid.pay_vectors(combinations) == [pay_vector(grid.table(pays), 3) for pays in combinations]).all()


def test_a_grid_of_one_table_is_that_table(capsys: pytest.CaptureFixture[str]) -> None:
    """A box of one pay vector leaves no class open: every row is settled at once."""
    code, out, _ = run(capsys, "sweep", "jacks-or-better-9-6", "--vary", "flush=6..6")
    assert code == 0 and "1 table, 1 row kept" in out and "99.5439%" in out


def test_where_keeps_the_rows_it_says_and_sort_orders_them(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sweep", *ISSUE_GRID, "--where",
                       "rtp >= 0.97 and rtp <= 0.98 and not (standard_deviation > 4.5)", "--sort",
                       "standard_deviation", "--top", "90")
    assert code == 0
    shown = [line.split() for line in out.splitlines()[3:] if line.strip() and line.strip()[0].isdigit()]
    assert shown and all(97 <= float(cells[3].rstrip("%")) <= 98 for cells in shown)
    deviations = [float(cells[4]) for cells in shown]
    assert deviations == sorted(deviations) and max(deviations) <= 4.5


@pytest.mark.parametrize("expression, says", [
    ("rtp >= 0.97 and variance ~ 5", "'~' at character 25"),
    ("rtp >= 0.97 and payback > 1", "'payback' at character 17 is not a column"),
    ("(rtp > 0.9", "ends where ')' was wanted"),
    ("rtp 0.9", "'0.9' at character 5 is not a comparison"),
    ("rtp > 0.9 flush", "unexpected 'flush' at character 11"),
    ("(" * 2000 + "rtp > 0.9" + ")" * 2000, "'(' at character 101 nests deeper than 100"),
    ("not " * 2400 + "rtp > 0.9", "'not' at character 401 nests deeper than 100"),
    ("not " * 3000 + "rtp > 0.9", "12,009 characters is too long an expression"),
    ("not (" * 1000 + "rtp > 0.9" + ")" * 1000, "nests deeper than 100 'not's and '('s"),
    ("rtp > 0.9 or " * 1000 + "rtp > 1", "13,007 characters is too long an expression"),
], ids=lambda value: value[:30])
def test_a_bad_where_is_one_line_naming_the_token(expression: str, says: str) -> None:
    with pytest.raises(VideoPokerError, match=None) as raised:
        parse_where(expression, ["flush", *COLUMNS])
    assert says in str(raised.value) and "\n" not in str(raised.value)


def test_where_nests_as_deep_as_its_bound() -> None:
    from videopoker.analysis.sweeps.sweep import WHERE_DEPTH

    keep = parse_where("not " * WHERE_DEPTH + "rtp > 0.9", COLUMNS)
    assert keep({"rtp": 0.95}) is (WHERE_DEPTH % 2 == 0)
    assert parse_where("(" * WHERE_DEPTH + "rtp > 0.9" + ")" * WHERE_DEPTH, COLUMNS)({"rtp": 0.95})


def test_where_reads_percent_and_or() -> None:
    keep = parse_where("rtp > 99.5% or (hit_frequency >= 0.45 and not top_cycle < 40000)", COLUMNS)
    assert keep({"rtp": 0.996, "hit_frequency": 0.1, "top_cycle": 1.0})
    assert keep({"rtp": 0.99, "hit_frequency": 0.45, "top_cycle": 40000.0})
    assert not keep({"rtp": 0.99, "hit_frequency": 0.45, "top_cycle": 39999.0})


def test_resume_after_a_kill_solves_only_what_is_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "grid.jsonl"
    run(capsys, "sweep", *ISSUE_GRID, "-o", str(target))
    whole = target.read_text().splitlines()
    target.write_text("\n".join(whole[:37]) + "\n" + whole[37][:20])  # killed mid-line
    code, _, _ = run(capsys, "sweep", *ISSUE_GRID, "-o", str(target), "--resume")
    assert code == 0
    assert sorted(target.read_text().splitlines()) == sorted(whole)  # each row once, the cut one redone


def test_an_interrupted_sweep_says_what_is_on_file_and_how_to_go_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker.cli.sweep as command

    solved = command._solved

    def interrupted(*args):  # type: ignore[no-untyped-def]
        yield next(solved(*args))
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "_solved", interrupted)
    target = tmp_path / "grid.jsonl"
    code, out, err = run(capsys, "sweep", "jacks-or-better-9-6", "--vary", "full_house=5..14", "flush=4..11",
                         "four_of_a_kind=15..40", "-o", str(target))
    assert code == 130 and out == "" and len(target.read_text().splitlines()) == 256
    assert err == f"videopoker: stopped: 256 of 2,080 tables are in {target}; the same command with --resume goes on\n"


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_resume_reads_an_infinite_top_cycle_back_as_a_number(tmp_path: Path, suffix: str) -> None:
    """A top hand perfect play never makes is written "inf"; read back, it sorts like any cycle."""
    import videopoker.cli.sweep as command

    table = resolve_paytable("jacks-or-better-9-6")
    grid = Grid(table, [parse_vary("flush=4..5", table)], 5)
    target = tmp_path / f"rows{suffix}"
    rows = [{"flush": 4, "rtp": 0.9, "variance": 20.0, "standard_deviation": 20.0 ** 0.5, "hit_frequency": 0.4,
             "top_cycle": float("inf")},
            {"flush": 5, "rtp": 0.95, "variance": 20.0, "standard_deviation": 20.0 ** 0.5, "hit_frequency": 0.4,
             "top_cycle": 40000.5}]
    with command.RowFile(target, grid.columns, resume=False) as write:
        write(rows)
    assert command._rows_on_file(target, grid) == rows


@pytest.mark.parametrize("argv, says", [
    (["--vary", "full_house=10..5"], "give LO ≤ HI"),
    (["--vary", "fullhouse=5..10"], "'fullhouse' is not a hand of Jacks or Better"),
    (["--vary", "full_house=5-10"], "write KEY=LO..HI"),
    (["--vary", "full_house=1..100", "flush=1..100", "straight=1..100", "two_pair=1..100"], "add --yes"),
    (["--vary", "flush=4..5", "--sort", "payback"], "--sort 'payback'"),
    (["--vary", "flush=4..5", "--resume"], "--resume continues the rows in -o FILE"),
])
def test_a_bad_sweep_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "sweep", "jacks-or-better-9-6", *argv)
    assert code == 1 and out == "" and len(err.splitlines()) == 1 and says in err


@pytest.mark.parametrize("vary, cores, cluster", [
    (["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40", "straight=1..10"], 2, 2),   # 20,800 tables
    (["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40", "straight=1..10"], 1, None),
    (["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40"], 8, None),                 # 2,080: here
])
def test_without_workers_a_large_grid_goes_to_every_core(monkeypatch: pytest.MonkeyPatch, vary: list[str],
                                                         cores: int, cluster: int | None,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker.cli.sweep as command

    asked: list[int | None] = []

    def on_dask(grid, done, workers, scheduler):  # type: ignore[no-untyped-def]
        asked.append(workers)
        return iter([])

    monkeypatch.setattr(command, "_on_dask", on_dask)
    monkeypatch.setattr(command, "solve_tables", lambda data, chunks: [])
    monkeypatch.setattr(command, "rows_of", lambda keys, lines: [])
    monkeypatch.setattr(command, "chunk_order", lambda data: None)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert main(["sweep", "jacks-or-better-9-6", "--vary", *vary]) == 0
    assert asked == ([] if cluster is None else [cluster])


@pytest.mark.parametrize("asked, vary, cores, started, said", [
    (1000, ["full_house=8..10"], 2, 1, "--workers 1000: the grid is 1 chunk of work; starting 1 worker"),
    (1000, ["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40"], 2, 2,
     "--workers 1000: this machine has 2 cores; starting 2 workers"),
    (2, ["full_house=5..14", "flush=4..11", "four_of_a_kind=15..40"], 8, 2, ""),
])
def test_never_more_local_workers_than_cores_or_chunks(monkeypatch: pytest.MonkeyPatch, asked: int, vary: list[str],
                                                       cores: int, started: int, said: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker.cli.sweep as command

    workers: list[int | None] = []

    def on_dask(grid, done, count, scheduler):  # type: ignore[no-untyped-def]
        workers.append(count)
        return iter([])

    monkeypatch.setattr(command, "_on_dask", on_dask)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert main(["sweep", "jacks-or-better-9-6", "--vary", *vary, "--workers", str(asked)]) == 0
    assert workers == [started]
    err = capsys.readouterr().err
    assert (said in err and err.count("\n") == 1) if said else err == ""


def test_an_absurd_number_of_workers_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["sweep", "jacks-or-better-9-6", "--vary", "full_house=8..10", "--workers", "100000"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "workers are at most 1,024 (one a core), got '100000'" in err


@pytest.mark.slow
def test_a_local_cluster_beside_a_running_one_says_nothing_but_the_rows(tmp_path: Path) -> None:
    """A `dask scheduler` already holds the dashboard's port 8787: the sweep's own cluster takes
    another, without a word on stderr."""
    with socket.socket() as taken:
        with contextlib.suppress(OSError):  # taken already, which is the case to try
            taken.bind(("127.0.0.1", 8787))
            taken.listen()
        done = subprocess.run([str(Path(sys.executable).parent / "videopoker"), "sweep", *ISSUE_GRID, "--workers",
                               "1", "-o", str(tmp_path / "rows.csv")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == "" and "90 tables" in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("workers", sorted({1, min(2, os.cpu_count() or 1)}))
def test_ctrl_c_on_a_local_cluster_is_one_line(tmp_path: Path, workers: int) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it: the workers say
    nothing, the sweep says what is on file, and no process is left behind.  With two workers a
    heartbeat to the closing scheduler, or a Ctrl-C landing in Dask's ``Future.__del__``, once
    printed a traceback before the line (now and then: 1 run in 8 here)."""
    target = tmp_path / "rows.jsonl"
    sweep = subprocess.Popen([str(Path(sys.executable).parent / "videopoker"), "sweep", "jacks-or-better-9-6",
                              "--vary", "full_house=5..14", "flush=4..11", "four_of_a_kind=15..40", "straight=2..9",
                              "--workers", str(workers), "-o", str(target)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not target.exists() or not target.read_text()):
        assert sweep.poll() is None, sweep.communicate()
        time.sleep(0.05)
    os.killpg(sweep.pid, signal.SIGINT)
    out, err = sweep.communicate(timeout=120)
    on_file = len(target.read_text().splitlines())
    assert sweep.returncode == 130 and out == ""
    assert err == (f"videopoker: stopped: {on_file:,} of 16,640 tables are in {target}; the same command with "
                   "--resume goes on\n")
    deadline = time.monotonic() + 60  # the workers' last exits, and their reaping, follow the sweep's
    while time.monotonic() < deadline and _alive(sweep.pid):
        time.sleep(0.05)
    assert not _alive(sweep.pid), "a process of the sweep outlived it"


def test_ctrl_c_during_a_cluster_sweep_is_a_flag_the_loop_raises_on() -> None:
    """While a cluster works, a Ctrl-C only sets a flag (raised anywhere, it could land in Dask's
    Future.__del__, which prints it and goes on); the loop waiting on the tasks raises it at once."""
    import threading

    import videopoker.cli.sweep as command

    before = signal.getsignal(signal.SIGINT)  # Python's handler, or SIG_IGN under a shell's background job
    with command._ctrl_c_as_flag() as stop:
        os.kill(os.getpid(), signal.SIGINT)
        assert stop.wait(60)
        waiting = command._completed([], stop)
        with pytest.raises(KeyboardInterrupt):
            next(waiting)
    assert signal.getsignal(signal.SIGINT) is before
    assert isinstance(stop, threading.Event)


def _alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_a_real_cluster_that_loses_a_worker_gives_the_same_rows(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """`dask scheduler` and a `dask worker` on 127.0.0.1; once rows are coming a second worker
    joins and the first is killed: what it held and what it was solving are done again."""
    grid = ["jacks-or-better-9-6", "--vary", "full_house=5..14", "flush=4..11", "four_of_a_kind=15..40",
            "straight=2..9"]
    local = tmp_path / "local.jsonl"
    assert main(["sweep", *grid, "-o", str(local)]) == 0
    capsys.readouterr()
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    bin_dir = Path(sys.executable).parent
    worker = [str(bin_dir / "dask"), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    processes = [subprocess.Popen([str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                   "--no-dashboard"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        processes.append(subprocess.Popen(worker, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        target = tmp_path / "cluster.jsonl"
        sweep = subprocess.Popen([str(bin_dir / "videopoker"), "sweep", *grid, "--scheduler", address, "-o",
                                  str(target)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not target.exists() or len(target.read_text().splitlines()) < 256):
            assert sweep.poll() is None, sweep.communicate()
            time.sleep(0.1)
        processes.append(subprocess.Popen(worker, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        processes[1].send_signal(signal.SIGKILL)  # the first worker dies mid-sweep; the late one does the rest
        assert sweep.poll() is None and len(target.read_text().splitlines()) < 16_640
        out, err = sweep.communicate(timeout=300)
        assert sweep.returncode == 0, err
        assert "16,640 tables" in out
        assert sorted(target.read_text().splitlines()) == sorted(local.read_text().splitlines())
    finally:
        for process in processes:
            process.kill()
            process.wait()


# -- the --yes guard on the time a sweep takes (#40) ---------------------------------------------

TIMED_GRID = ["jacks-or-better-9-6", "--vary", "full_house=5..14", "flush=4..11", "four_of_a_kind=15..40"]  # 2,080


def seconds_a_sample(monkeypatch: pytest.MonkeyPatch, seconds: float) -> list[int]:
    """Every sweep of 1,000 tables a core or more timed on a sample, which the clock says took ``seconds``
    (never this machine's speed); the tables each solve_tables call is given, listed."""
    import videopoker.analysis.sweeps.sweep as engine
    import videopoker.cli.sweep as command

    monkeypatch.setattr(engine, "ESTIMATED_FROM", 1000)
    ticks = iter([0.0, seconds])
    monkeypatch.setattr(engine, "_clock", lambda: next(ticks))
    given: list[int] = []
    for module in (engine, command):
        solve = module.solve_tables

        def counted(data, tables, solve=solve):  # type: ignore[no-untyped-def]
            given.append(len(tables))
            return solve(data, tables)

        monkeypatch.setattr(module, "solve_tables", counted)
    return given


def test_a_sweep_its_sample_says_is_long_asks_for_yes_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """4 runs of 256 tables took 100 s: the 1,056 left take 1,056 × 100/1,024 s × 1.5 (the margin),
    2 min 35 s on this one core, over the 60 s allowed; -o is not touched."""
    import videopoker.analysis.sweeps.sweep as engine

    given = seconds_a_sample(monkeypatch, 100.0)
    monkeypatch.setattr(engine, "LONG_SWEEP", 60.0)
    target = tmp_path / "rows.csv"
    code, out, err = run(capsys, "sweep", *TIMED_GRID, "-o", str(target))
    assert code == 1 and out == "" and not target.exists() and given == [256] * 4
    assert err == ("videopoker: the grid's 2,080 tables would take about 3 min at this machine's speed on 1 core "
                   "(timed on 1,024 of them); add --yes to run it\n")


def test_with_yes_a_long_sweep_runs_unsampled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker.analysis.sweeps.sweep as engine

    given = seconds_a_sample(monkeypatch, 100.0)
    monkeypatch.setattr(engine, "LONG_SWEEP", 60.0)
    target = tmp_path / "rows.csv"
    code, out, _ = run(capsys, "sweep", *TIMED_GRID, "-o", str(target), "--yes")
    assert code == 0 and "2,080 tables" in out and len(read_rows(target)) == 2080 and sum(given) == 2080


def test_a_short_sweep_keeps_its_samples_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Under the bar the sweep goes on without asking, each table solved once: the sample's rows
    written with the rest, the same rows as a sweep never sampled."""
    plain = tmp_path / "plain.csv"
    assert run(capsys, "sweep", *TIMED_GRID, "-o", str(plain))[0] == 0
    given = seconds_a_sample(monkeypatch, 1.0)
    sampled = tmp_path / "sampled.csv"
    code, _, err = run(capsys, "sweep", *TIMED_GRID, "-o", str(sampled))
    assert code == 0 and err == "" and given[:4] == [256] * 4 and sum(given) == 2080
    assert sorted(sampled.read_text().splitlines()) == sorted(plain.read_text().splitlines())


@pytest.mark.parametrize("asked, scheduler, workers, says", [
    (None, None, 0, "about 4 min at this machine's speed on 1 core"),  # 1,056 × 160/1,024 s × 1.5 = 248 s, here
    (2, None, 2, "about 2 min at this machine's speed on 2 cores"),
    (None, "tcp://cluster:8786", None, None),                          # its workers not known: the count only
])
def test_the_estimate_divides_by_the_workers_that_will_solve(monkeypatch: pytest.MonkeyPatch, asked: int | None,
                                                             scheduler: str | None, workers: int | None,
                                                             says: str | None) -> None:
    import videopoker.analysis.sweeps.sweep as engine
    import videopoker.cli.sweep as command

    given = seconds_a_sample(monkeypatch, 160.0)
    monkeypatch.setattr(engine, "LONG_SWEEP", 0.0)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    table = resolve_paytable("jacks-or-better-9-6")
    grid = Grid(table, [parse_vary(text, table) for text in TIMED_GRID[2:]], 5)
    assert command._workers(grid, set(), asked, scheduler) == workers
    if workers is None:
        assert engine.check_time(grid, set(), None, False, "add --yes") == [] and given == []
        return
    with pytest.raises(VideoPokerError, match=f"{says} .*add --yes to run it"):
        engine.check_time(grid, set(), max(1, workers), False, "add --yes")


def test_on_a_terminal_the_sample_is_said_then_wiped_before_the_refusal(monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    import videopoker.analysis.sweeps.sweep as engine

    seconds_a_sample(monkeypatch, 100.0)
    monkeypatch.setattr(engine, "LONG_SWEEP", 60.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "sweep", *TIMED_GRID)
    assert code == 1 and out == ""
    assert err.startswith("timing the sweep on 1,024 of its tables… \r\033[K")
    assert err.split("\r\033[K")[-1].startswith("videopoker: the grid's 2,080 tables would take about 3 min")
    assert run(capsys, "sweep", *TIMED_GRID, "--yes")[2].count("timing") == 0  # --yes: no sample


@pytest.mark.parametrize("cores, timed", [(1, True), (2, False)])
def test_a_sweep_is_timed_from_so_many_tables_a_core(monkeypatch: pytest.MonkeyPatch, cores: int, timed: bool) -> None:
    """2,080 tables: over 1,500 on one core, and under it a core on two."""
    import videopoker.analysis.sweeps.sweep as engine

    given = seconds_a_sample(monkeypatch, 1.0)
    monkeypatch.setattr(engine, "ESTIMATED_FROM", 1500)
    table = resolve_paytable("jacks-or-better-9-6")
    grid = Grid(table, [parse_vary(text, table) for text in TIMED_GRID[2:]], 5)
    lines = engine.check_time(grid, set(), cores, False, "add --yes")
    assert (given, sum(map(len, lines))) == (([256] * 4, 1024) if timed else ([], 0))


def test_the_cluster_is_an_extra_and_a_sweep_without_it_solves_here_or_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`pip install -e .` leaves dask out (a terminal game needs none); the test extra keeps it, so
    CI sweeps on a cluster. Without it a large grid is solved on this process, and --workers is one
    line naming what to install."""
    import tomllib

    from videopoker.cli.sweep import _workers

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]
    assert not any("dask" in need for need in project["dependencies"])
    assert any("dask[distributed]" in need for need in project["optional-dependencies"]["cluster"])
    assert "cluster" in project["optional-dependencies"]["test"][0]
    paytable = resolve_paytable("jacks-or-better-9-6")
    grid = Grid(paytable, [parse_vary(vary, paytable) for vary in ("full_house=1..200", "flush=1..200")], 5)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert _workers(grid, set(), None, None) == 4  # 40,000 tables: a local cluster, where it is installed
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    assert _workers(grid, set(), None, None) == 0  # solved here
    assert main(["sweep", "jacks-or-better-9-6", "--vary", "full_house=8..9", "--workers", "2"]) == 1
    assert "pip install 'videopoker[cluster]'" in capsys.readouterr().err
