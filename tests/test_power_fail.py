"""Power-fail recovery: kill -9 a playing process at random moments, restart, compare; and the
ledger after it all holds every settled round once, its books the wallet's.

The driver's play is a pure function of the saved state, so replaying it in memory lists, in
order, every state the player can see.  The driver prints each state once it is saved (and so
may be shown); after a kill, the machine as the next start restores it must be the last state
printed or the one after it (the transition under way when the kill came, saved but not yet
shown), holds and all.
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
from power_fail_driver import seen, step

from videopoker.ledger.report import history
from videopoker.ledger.store import Ledger
from videopoker.player.session import Session

DRIVER = Path(__file__).parent / "power_fail_driver.py"
KILLS = 200
#: Moves the driver reports (a deal, a hold, a draw, a double …) before a kill, at most: a round is
#: about six, so the kills play many rounds whatever the load, and land at every step of one.
MOVES_BETWEEN_KILLS = 12
SEED = 11


def key(state: list[Any]) -> str:
    return json.dumps(state)


def replay(home: Path, games: int, hands: int, paytable: str | None) -> dict[str, int]:
    """Every state the driver shows on its way through ``games`` games, numbered in order."""
    order: dict[str, int] = {}
    with Session.start_over(home, paytable=paytable) as session:
        order[key(seen(session))] = 0
        while session.history.games <= games:
            step(session, SEED, hands)
            order.setdefault(key(seen(session)), len(order))
    return order


def restored(home: Path) -> list[Any]:
    """The state the next start shows: read through the real resume path, not the raw file."""
    with Session.open(home) as session:
        return seen(session)


@pytest.mark.slow
@pytest.mark.parametrize("hands, kills, rounds, paytable", [
    (1, KILLS, 100, None), (10, KILLS // 2, 40, None),
    (1, KILLS // 2, 40, "bonus-poker-8-5-progressive"),  # a progressive meter, and double-up after wins
    (3, KILLS // 4, 15, "ultimate-x-jacks-or-better-8-6"),  # lines carrying multipliers across rounds
    (1, KILLS // 4, 15, "multi-strike-deuces-wild-full-pay"),  # stacks climbed level by level
])
def test_kill_dash_nine_at_random_moments_loses_nothing_the_player_saw(tmp_path: Path, hands: int, kills: int,
                                                                        rounds: int, paytable: str | None) -> None:
    home, replay_home = tmp_path / "home", tmp_path / "replay"
    env = dict(os.environ, VIDEOPOKER_HOME=str(home), PYTHONPATH=os.pathsep.join(
        [str(DRIVER.parent), os.environ.get("PYTHONPATH", "")]))
    rng = random.Random(SEED)
    pairs: list[tuple[list[Any], list[Any]]] = []  # (last shown, restored after the kill)
    last_shown: list[Any] | None = None
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, str(DRIVER), str(home), str(SEED), str(hands),
                                  *([paytable] if paytable else [])], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        if rng.random() < 0.9:  # most kills mid-play, after a number of moves the driver reports
            first = child.stdout.readline()
            assert first.startswith("ready "), child.stderr.read() if child.stderr else ""
            last_shown = json.loads(first.removeprefix("ready "))
            for _ in range(rng.randint(0, MOVES_BETWEEN_KILLS)):  # however slow the machine is today
                line = child.stdout.readline()
                if not line.endswith("\n"):
                    break
                last_shown = json.loads(line)
            time.sleep(rng.uniform(0, 0.005))  # and somewhere in the move after it
        else:  # some during start-up and recovery
            time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        # what the driver printed after "ready": read through child.stdout, whose buffer may hold
        # lines readline() took in with the first (communicate() would read past them, under load)
        rest = child.stdout.read()
        child.stdout.close()
        if child.stderr is not None:
            child.stderr.close()
        for line in rest.splitlines(keepends=True):
            if line.endswith("\n"):
                last_shown = json.loads(line.removeprefix("ready "))
        if (home / "wallet.json").exists():
            after = restored(home)
            if last_shown is not None:
                pairs.append((last_shown, after))
            last_shown = after  # the next run starts from what the restart shows
    assert not list(home.glob("wallet.json.corrupt-*")), "a kill must never leave a damaged wallet"
    games = max(after[0] for _, after in pairs)
    assert games > rounds, "the driver should have played a good many rounds between kills"
    order = replay(replay_home, games, hands, paytable)
    for shown, after in pairs:
        assert key(after) in order, f"after a kill the machine came back in a state no play shows: {after}"
        assert order[key(after)] - order[key(shown)] in (0, 1), (
            f"the player saw {shown}, but the restart shows {after}")
        _, refills, total_bet, total_won, credits, bet, phase, _, _, played, _, doubling = after[:12]
        staked = bet * played - sum(after[16]) if phase == "dealt" else 0  # a stack's levels paid as they came
        at_risk = doubling[0] if doubling and doubling[1] else 0  # a win off the meter, being doubled
        assert credits == 1000 + 1000 * refills - total_bet + total_won - staked - at_risk
    assert any(after[6] == "dealt" and any(after[8]) for _, after in pairs), "some kills should land on holds"
    if paytable == "bonus-poker-8-5-progressive":
        assert any(after[6] == "double" for _, after in pairs), "and some in the middle of a double"
    if paytable is not None and paytable.startswith("ultimate-x"):
        assert any(any(line > 1 for line in after[13]) for _, after in pairs), "and some with multipliers on"
    if paytable is not None and paytable.startswith("multi-strike"):
        assert any(after[14] > 1 for _, after in pairs), "and some up a stack"
    # The ledger after all those kills: every settled round once, and its books the wallet's.
    with Session.open(home) as session:
        played = session.history.games
    report = history(home)
    assert report.total.rounds == played and report.balance is not None and report.balance.balanced
    ledger = Ledger.open(home, create=False)
    assert ledger is not None
    assert ledger.query("SELECT min(number), max(number), count(DISTINCT number) FROM rounds") == [(1, played, played)]
    ledger.close()
    assert any(after[6] == "dealt" and after[9] == hands for _, after in pairs), f"and mid {hands}-hand rounds"
