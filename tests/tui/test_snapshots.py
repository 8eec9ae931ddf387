"""What the machine looks like, seeded, at 80×24: idle, dealt, held and after a winning draw.

Update after a deliberate change of look with ``pytest tests/tui --snapshot-update``, and look at
the new pictures (``snapshot_report.html``) before committing them.
"""

from __future__ import annotations

from pathlib import Path

from videopoker.tui.app import VideoPokerApp

SIZE = (80, 24)


def test_idle(snap_compare, isolated_home: Path) -> None:
    assert snap_compare(VideoPokerApp(isolated_home, seed=1), terminal_size=SIZE)


def test_dealt(snap_compare, isolated_home: Path) -> None:
    assert snap_compare(VideoPokerApp(isolated_home, seed=1), press=["space"], terminal_size=SIZE)


def test_held(snap_compare, isolated_home: Path) -> None:
    assert snap_compare(VideoPokerApp(isolated_home, seed=1), press=["space", "1", "3"], terminal_size=SIZE)


def test_won(snap_compare, isolated_home: Path) -> None:
    """Seed 1 deals A♦ 4♦ J♦ 7♥ 2♥; holding the ace and jack draws J♥: jacks or better, WIN 5."""
    assert snap_compare(VideoPokerApp(isolated_home, seed=1), press=["space", "1", "3", "enter"],
                        terminal_size=SIZE)
