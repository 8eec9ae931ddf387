"""Power-fail recovery: kill -9 a playing process at random moments, restart, compare.

The driver's play is a pure function of the saved state, so replaying it in memory lists every
state the wallet may legitimately hold.  After each kill the file must be exactly one of them:
credits exact to the coin, a dealt hand back with the same five cards, bet and holds.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from power_fail_driver import step

from videopoker.session import Session

DRIVER = Path(__file__).parent / "power_fail_driver.py"
KILLS = 200
SEED = 11


def saved_state(home: Path) -> tuple[Any, ...]:
    content = json.loads((home / "wallet.json").read_text())["content"]
    machine, history = content["machine"], content["history"]
    return (history["games"], history["refills"], history["total_bet"], history["total_won"],
            machine["credits"], machine["bet"], machine["phase"], tuple(machine["hand"]), tuple(machine["held"]))


def replay_states(home: Path, games: int) -> set[tuple[Any, ...]]:
    """Every state the driver saves on its way through ``games`` games, played in memory."""
    session = Session.start_over(home)
    states = {saved_state(home)}
    while session.history.games <= games:
        step(session, SEED)
        states.add(saved_state(home))
    return states


@pytest.mark.slow
def test_kill_dash_nine_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    home, replay_home = tmp_path / "home", tmp_path / "replay"
    env = dict(os.environ, VIDEOPOKER_HOME=str(home), PYTHONPATH=os.pathsep.join(
        [str(DRIVER.parent), os.environ.get("PYTHONPATH", "")]))
    rng = random.Random(SEED)
    seen: list[tuple[Any, ...]] = []
    for _ in range(KILLS):
        child = subprocess.Popen([sys.executable, str(DRIVER), str(home), str(SEED)], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        if rng.random() < 0.9:  # most kills mid-play; some during start-up and recovery
            assert child.stdout.readline() == "ready\n", child.stderr.read() if child.stderr else ""
        time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        if (home / "wallet.json").exists():
            seen.append(saved_state(home))
    assert not list(home.glob("wallet.json.corrupt-*")), "a kill must never leave a damaged wallet"
    games = max(state[0] for state in seen)
    assert games > 100, "the driver should have played a good many games between kills"
    legitimate = replay_states(replay_home, games)
    for state in seen:
        assert state in legitimate, f"after a kill the wallet held a state no play produces: {state}"
        _, refills, total_bet, total_won, credits = state[:5]
        assert credits == 1000 + 1000 * refills - total_bet + total_won - (state[5] if state[6] == "dealt" else 0)
    assert any(state[6] == "dealt" for state in seen), "some kills should land mid-hand"
