"""The real ``videopoker`` on a pseudo-terminal: one game per wallet, practice, and kill -9 mid-play."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import Terminal

from videopoker.machine.game import Phase
from videopoker.player.session import Session
from videopoker.storage.wallet import FORMAT

GAME = [sys.executable, "-m", "videopoker"]


def environment(home: Path) -> dict[str, str]:
    return dict(os.environ, VIDEOPOKER_HOME=str(home), TERM="xterm-256color")


def test_a_second_game_on_one_wallet_is_refused_naming_the_first(isolated_home: Path) -> None:
    env = environment(isolated_home)
    first = Terminal(GAME, env)
    try:
        assert first.wait_for(b"CREDIT"), first.output[-500:]
        second = subprocess.run([*GAME, "play"], env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        assert second.stderr.strip() == (f"videopoker: another videopoker (pid {first.process.pid}) is playing "
                                         f"on {isolated_home / 'wallet.json'}; quit that one first")
    finally:
        first.close()  # killed: the kernel drops its lock
    third = Terminal(GAME, env)
    try:
        assert third.wait_for(b"CREDIT"), third.output[-500:]
        third.send("q")
        assert third.process.wait(60) == 0
    finally:
        third.close()


def test_a_seeded_game_is_practice_and_leaves_the_wallet_alone(isolated_home: Path) -> None:
    with Session.open(isolated_home) as session:
        session.bet_max()  # a real hand waiting in the real wallet
    before = (isolated_home / "wallet.json").read_bytes()
    practice = Terminal([*GAME, "--seed", "1"], environment(isolated_home))
    try:
        assert practice.wait_for(b"PRACTICE"), practice.output[-500:]
        for key in "m1 m q":
            practice.send(key)
            time.sleep(0.3)
        assert practice.process.wait(60) == 0
    finally:
        practice.close()
    assert (isolated_home / "wallet.json").read_bytes() == before


@pytest.mark.slow
@pytest.mark.parametrize("hands, enough", [(1, 20), (10, 10)])
def test_kill_dash_nine_of_the_real_machine_keeps_the_books(isolated_home: Path, hands: int, enough: int) -> None:
    env = environment(isolated_home)
    rng = random.Random(5)
    games = [0]
    kills = 0
    mid_round = False
    # Keys come faster and slower than the double-tap guard on DEAL; the machine decides which land, so
    # the test kills until the books span many games (a slow machine just takes more kills).
    while (games[-1] <= enough or not mid_round) and kills < 60:  # until the books span games and a kill hit a round
        kills += 1
        terminal = Terminal([*GAME, "play", "--multi", str(hands)], env)
        try:
            assert terminal.wait_for(b"CREDIT"), terminal.output[-500:]
            for _ in range(rng.randrange(5, 40)):
                terminal.send(rng.choice(["m", "m", " ", " ", "1", "2", "3", "4", "5", "b", "f"]))
                time.sleep(rng.choice([0.0, 0.02, 0.35]))
        finally:
            terminal.close()  # SIGKILL, mid-whatever
        assert not list(isolated_home.glob("wallet.json.corrupt-*")), "a kill must never damage the wallet"
        with Session.open(isolated_home) as session:
            state, history = session.state(), session.history
            staked = state.stake if state.phase is Phase.DEALT else 0
            assert state.hands == hands
            mid_round |= state.phase is Phase.DEALT
            assert state.credits == 1000 + 1000 * history.refills - history.total_bet + history.total_won - staked
            games.append(history.games)
        saved = json.loads((isolated_home / "wallet.json").read_text())
        assert saved["format"] == FORMAT
    assert games[-1] > enough, f"{kills} kills and only {games[-1]} games: the machine took no keys?"
    assert kills >= 3 and mid_round, "some kills should land mid-round"


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminate_signal_leaves_the_terminal_as_it_was(isolated_home: Path, number: int) -> None:
    terminal = Terminal(GAME, environment(isolated_home))
    try:
        assert terminal.wait_for(b"CREDIT"), terminal.output[-500:]
        assert b"\x1b[?1049h" in terminal.output  # the alternate screen, and mouse tracking, are on
        terminal.process.send_signal(number)
        assert terminal.process.wait(60) == 0
    finally:
        terminal.close()
    tail = bytes(terminal.output[terminal.output.rindex(b"\x1b[?1049h"):])
    assert b"\x1b[?1049l" in tail, "back from the alternate screen"
    assert b"\x1b[?1000l" in tail, "mouse tracking off"
    assert b"Traceback" not in terminal.output
