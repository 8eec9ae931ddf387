"""The glass while the ledger cannot be written: how many rounds wait, and the machine's tilt."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from textual.widgets import Static
from waiting import until

from videopoker.ledger.store import LEDGER_NAME
from videopoker.machine.game import Phase
from videopoker.player import session as session_module
from videopoker.player.session import MAX_UNRECORDED, Session
from videopoker.tui.app import VideoPokerApp


def shown(app: VideoPokerApp, widget: str) -> str:
    return str(app.query_one(widget, Static).render())


async def test_the_glass_counts_the_rounds_waiting_and_stops_dealing_at_the_limit(
        isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "PLAY_PATIENCE", 0.01)
    session = Session.open(isolated_home, random.Random(21))
    holder = sqlite3.connect(isolated_home / LEDGER_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the ledger from here
    for _ in range(MAX_UNRECORDED):
        session.bet_max()
        session.draw()
    app = VideoPokerApp(isolated_home, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert f"{MAX_UNRECORDED} NOT ON RECORD" in shown(app, "#title")
        await pilot.press("m")
        await until(pilot, lambda: "NOT DEALING" in shown(app, "#message"))
        assert f"NOT DEALING: {MAX_UNRECORDED} ROUNDS WAIT FOR THE LEDGER" in shown(app, "#message")
        assert session.state().phase is Phase.IDLE and session.history.games == MAX_UNRECORDED
        holder.execute("ROLLBACK")  # the ledger is free again: the next deal writes them and deals
        holder.close()
        await pilot.press("m")
        await until(pilot, lambda: session.state().phase is Phase.DEALT)
        assert session.waiting == 0 and "NOT ON RECORD" not in shown(app, "#title")
