"""Paths and tools the tests share (the isolated VIDEOPOKER_HOME fixture lives in the root conftest.py)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import struct
import subprocess
import termios
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted((REPO / "videopoker" / "paytables").glob("*.yaml"))
BAD = Path(__file__).parent / "paytables" / "bad"


class Terminal:
    """A real program on a pseudo-terminal of a given size, its output drained in the background.

    For the tests that must run the real ``videopoker`` as a player would (killed, started twice):
    keys go in with :meth:`send`, and the screen's bytes pile up in :attr:`output`.
    """

    def __init__(self, args: list[str], env: dict[str, str], size: tuple[int, int] = (80, 24)) -> None:
        self.master, slave = pty.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, close_fds=True)
        os.close(slave)
        self.output = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for(self, text: bytes, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.output:
                return True
            if self.process.poll() is not None:
                return text in self.output
            time.sleep(0.05)
        return False

    def close(self) -> int:
        if self.process.poll() is None:
            self.process.kill()
        code = self.process.wait(60)
        self._reader.join(2)
        with contextlib.suppress(OSError):
            os.close(self.master)
        return code


def game(key: str):
    from videopoker.rules.catalog import load_game

    return load_game(key)


#: The seven games that were Python before games were data; their keys and returns never change.
FAMILIES = ("jacks-or-better", "tens-or-better", "bonus-poker", "double-bonus", "double-double-bonus",
            "deuces-wild", "joker-poker")
#: A shipped table of each family.
FAMILY_TABLE = {"jacks-or-better": "jacks-or-better-9-6", "tens-or-better": "tens-or-better-6-5",
                "bonus-poker": "bonus-poker-8-5", "double-bonus": "double-bonus-10-7",
                "double-double-bonus": "double-double-bonus-9-6", "deuces-wild": "deuces-wild-full-pay",
                "joker-poker": "joker-poker-kings"}


def assert_one_problem(path: Path, place: str, words: list[str] | tuple[str, ...]) -> None:
    """Loading the bad file ``path`` fails with exactly one problem: one plain line that starts with
    ``path:place:`` and has each of ``words`` (how every bad fixture is checked)."""
    import pytest

    from videopoker.errors import PaytableError
    from videopoker.paytable import load_paytable

    with pytest.raises(PaytableError) as caught:
        load_paytable(path)
    assert len(caught.value.problems) == 1
    line = caught.value.problems[0]
    assert "\n" not in line and "\x1b" not in line and len(line.removeprefix(str(path))) < 300  # wherever it lies
    assert caught.value.found[0].line == int(place.split(":")[0])
    assert line.startswith(f"{path}:{place}: "), line
    for word in words:
        assert word in line


def literal_sessions(player: Any, coins: int, sessions: int, hands: int, credits: int, seed: int) -> Any:
    """Each of ``sessions`` whole sessions of a feature's literal machine (``player``: the kind's
    simulator player, cards dealt and drawn on every line, its state carried), ``hands`` rounds of
    ``coins`` from ``credits``, the player stopping when broke: the credits each ends with."""
    import numpy as np

    rng = np.random.default_rng(seed)
    held = np.full(sessions, credits)
    for _ in range(hands):
        playing = np.flatnonzero(held >= coins)
        held[playing] += player.play_round(playing, rng, player.pays, None).won - coins
    return held


def agree_within_five_errors(held: Any, exact: Any, credits: int, coins: int) -> None:
    """Sessions played (:func:`literal_sessions`) against the exact odds: broke, ahead and the mean
    ending within five standard errors."""
    import numpy as np

    sessions = len(held)
    for seen, chance in (((held < coins).mean(), exact.ruin), ((held > credits).mean(), exact.ahead)):
        assert abs(seen - chance) < 5 * np.sqrt(chance * (1 - chance) / sessions)
    assert abs(held.mean() - exact.mean_end) < 5 * held.std() / np.sqrt(sessions)


def refusal(text: str) -> str:
    """The refusal of the paytable written in ``text``, read as ``tiny.yaml``: its problems, each
    placed at file:line:col."""
    import pytest

    from videopoker.errors import PaytableError
    from videopoker.paytable.checking import check_document
    from videopoker.storage.yamlfile import parse_document

    with pytest.raises(PaytableError, match=r"tiny.yaml:\d+:\d+: .*") as raised:
        check_document(parse_document(text, "tiny.yaml"), "tiny.yaml", "tiny")
    return str(raised.value)
