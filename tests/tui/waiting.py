"""Waiting in Pilot tests for what the screen shows, never for a fixed time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot


async def until(pilot: Pilot[Any], done: Callable[[], bool], seconds: float = 60.0) -> None:
    """Let a Pilot-driven app run until ``done()``: workers report through the message queue,
    and a solve takes its time on a busy machine, so wait for the state, never a fixed delay."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the screen did not get there in time"
        await pilot.pause(0.05)


async def settled(pilot: Pilot[Any], seconds: float = 60.0) -> None:
    """Let the app run until the screen stops changing: two renders in a row alike, after every
    message is handled (a table measures its columns after its rows arrive; a snapshot taken
    before that would differ on a loaded machine)."""
    deadline = time.monotonic() + seconds
    before = None
    while True:
        await pilot.pause()
        now = pilot.app.export_screenshot()
        if now == before:
            return
        assert time.monotonic() < deadline, "the screen did not settle in time"
        before = now
        await pilot.pause(0.05)


async def seen(pilot: Pilot[Any]) -> None:
    """Let the machine's last result be on the screen as long as a player looks before the next deal
    (the double-tap guard ignores a deal pressed sooner; a busy machine paints later)."""
    from videopoker.tui.app import VideoPokerApp, event_clock

    app = pilot.app
    assert isinstance(app, VideoPokerApp)
    await until(pilot, lambda: event_clock() - app.shown_at >= app.DEAL_GUARD)


def rendered_rows(widget: Any) -> list[str]:
    """The lines a widget shows now, as plain text (its region's, from the top)."""
    return [line.text for line in widget.render_lines(widget.region.reset_offset)]
