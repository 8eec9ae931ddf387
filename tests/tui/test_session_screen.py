"""The session screen (`s`) says what `videopoker history` says of the record: one record, one answer."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Static
from waiting import until

from videopoker.cli import main
from videopoker.ledger.report import history
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.screens.grades import GradesScreen

SIZE = (80, 24)


def grades_text(app: VideoPokerApp) -> str:
    """The screen's words: the record's (playing for real), then the trainer's."""
    return "\n".join(str(text.render()) for text in app.screen.query("#grades-record, #grades-text").results(Static))


def figures(text: str) -> tuple[int, int, float, float]:
    """Hands, credits bet, EV lost and what the holds were worth (%) as the screen says them."""
    def number(pattern: str) -> str:
        found = re.search(pattern, text, re.IGNORECASE)
        assert found is not None, f"{pattern!r} not in {text!r}"
        return found.group(1).replace(",", "")

    return (int(number(r"([\d,]+) hands?\b")), int(number(r"([\d,]+) credits bet")),
            float(number(r"EV lost\D*?([\d,]+\.\d+) credits")), float(number(r"holds were worth ([\d.]+)%")))


def play(home: Path, rounds: int) -> int:
    """``rounds`` rounds, the trainer's judgement passed to the draw for every third one only (the
    others graded by the session itself or later by the ledger, as a player with the trainer off
    leaves them); the judged rounds."""
    judged = 0
    with Session.open(home, random.Random(40)) as session:
        for number in range(rounds):
            session.bet_max()
            session.toggle_hold(number % 5)  # one card kept: often not the best hold
            decision = session.judge() if number % 3 == 0 else None
            judged += decision is not None
            session.draw(decision)
    return judged


async def test_s_says_the_records_figures_as_history_does(isolated_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    judged = play(isolated_home, 9)
    app = VideoPokerApp(isolated_home)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None and app.session.training.decisions == judged < 9
        await pilot.press("s")
        assert isinstance(app.screen, GradesScreen)
        await until(pilot, lambda: "credits bet" in grades_text(app))
        text = grades_text(app)
        total = history(isolated_home).total
        assert total.hands == 9
        assert figures(text) == (total.hands, total.coin_in, round(total.ev_lost, 2),
                                 round(total.expected_return * 100, 2))
        assert "videopoker history" in text and "judged at the draw" in text.casefold()
        assert f"{judged} holds judged" in text  # the trainer's own count, said as its own
        for part in app.screen.query("#grades-record, #grades-text").results(Static):  # nothing cut off at 80x24
            assert max(cell_len(line) for line in str(part.render()).splitlines()) <= part.content_region.width
        await pilot.press("escape")
        assert not isinstance(app.screen, GradesScreen)
    code, out, _ = (main(["history"]), *capsys.readouterr())
    assert code == 0
    record = [line for line in text.splitlines() if "credits bet" in line or "EV lost" in line]
    assert record and all(line in out for line in record)  # the very lines the command prints
    code, out, _ = (main(["history", "--json"]), *capsys.readouterr())
    data = json.loads(out)
    assert figures(text) == (data["hands"], data["coin_in"], round(data["ev_lost"], 2),
                             round(data["expected_return"] * 100, 2))


async def test_practice_says_its_figures_are_not_on_record(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, seed=3, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, GradesScreen)
        await until(pilot, lambda: "not on record" in grades_text(app))
        assert "videopoker history" not in grades_text(app)
