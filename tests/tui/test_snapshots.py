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
    """Seed 1 deals 4♣ J♦ A♥ 3♠ 7♣; holding the four and the ace draws 4♦ 10♠ 10♦: two pair, WIN 10."""
    assert snap_compare(VideoPokerApp(isolated_home, seed=1), press=["space", "1", "3", "enter"],
                        terminal_size=SIZE)


def test_triple_play_dealt(snap_compare, isolated_home: Path) -> None:
    """Three hands: the holds copied to the two upper hands, backs for the cards to come."""
    assert snap_compare(VideoPokerApp(isolated_home, seed=1, hands=3), press=["space", "1", "3"],
                        terminal_size=SIZE)


def test_ten_play_drawn(snap_compare, isolated_home: Path) -> None:
    """Ten hands after the draw: each hand's result, the categories made counted on the paytable."""
    assert snap_compare(VideoPokerApp(isolated_home, seed=1, hands=10), press=["space", "1", "3", "enter"],
                        terminal_size=SIZE)


def test_hundred_play_drawn(snap_compare, isolated_home: Path) -> None:
    """A hundred hands: a line each, scrolling beside the paytable; the big cards as small as they go."""
    assert snap_compare(VideoPokerApp(isolated_home, seed=1, hands=100), press=["space", "1", "3", "enter"],
                        terminal_size=SIZE)
