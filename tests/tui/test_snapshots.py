"""What the machine looks like, seeded, at 80×24: idle, dealt, held and after a winning draw.

Update after a deliberate change of look with ``pytest tests/tui --snapshot-update``, and look at
the new pictures (``snapshot_report.html``) before committing them.
"""

from __future__ import annotations

from pathlib import Path

from waiting import settled, until

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


async def _solved(pilot) -> None:
    """Wait for the analysis screen's worker to fill the return table, and the screen to settle."""
    from textual.widgets import DataTable

    await until(pilot, lambda: pilot.app.screen.query_one("#return-table", DataTable).row_count > 0)
    await settled(pilot)  # the table measures its columns after the rows arrive


def test_analysis_return_table(snap_compare) -> None:
    """The analysis screen's first pane: the exact return table of 9/6, right-aligned figures."""
    from videopoker.paytable import resolve_paytable
    from videopoker.tui.analysis_app import AnalysisApp

    assert snap_compare(AnalysisApp(resolve_paytable("jacks-or-better-9-6")), run_before=_solved,
                        terminal_size=SIZE)


def test_analysis_bankroll(snap_compare) -> None:
    """The bankroll pane after COMPUTE with its default 1,000 credits for 1,000 hands: the figures
    and the plot of where the credits end."""
    from textual.widgets import DataTable

    from videopoker.paytable import resolve_paytable
    from videopoker.tui.analysis_app import AnalysisApp

    async def computed(pilot) -> None:
        await _solved(pilot)
        await pilot.press("4", "enter")
        await until(pilot, lambda: pilot.app.screen.query_one("#bank-table", DataTable).row_count > 0)
        await pilot.press("escape")  # out of the field: no cursor to blink in the picture
        await settled(pilot)

    assert snap_compare(AnalysisApp(resolve_paytable("jacks-or-better-9-6")), run_before=computed,
                        terminal_size=SIZE)


async def _edited(pilot) -> None:
    """Double Double Bonus (13 rows, the tallest grid) with the full house cut to 8 and solved."""
    await pilot.press(*["down"] * 7, "8", "enter")
    await until(pilot, lambda: "change -" in str(pilot.app.screen.query_one("#editor-return").render()))
    await settled(pilot)


def test_editor_edited(snap_compare) -> None:
    """The editor at 80×24: the grid, the row that changed, the new return against the saved one."""
    from videopoker.tui.editor_app import EditorApp, open_draft

    assert snap_compare(EditorApp(open_draft("double-double-bonus-9-6")), run_before=_edited, terminal_size=SIZE)


def test_editor_invalid_cell(snap_compare) -> None:
    """A total that is not a number: its cell marked, the reason beside the field and under the grid."""
    from videopoker.tui.editor_app import EditorApp, open_draft

    async def typed(pilot) -> None:
        await until(pilot, lambda: "RETURN 99.5439%" in str(pilot.app.screen.query_one("#editor-return").render()))
        await pilot.press("down", "down", "down", "down", "right", "right", "right", "enter", "x")
        await until(pilot, lambda: pilot.app.screen.cell_marked("flush", "c3"))
        await settled(pilot)

    assert snap_compare(EditorApp(open_draft("jacks-or-better-9-6")), run_before=typed, terminal_size=SIZE)
