"""Stopping a worker's long engine call when its app or screen goes away.

The engine reports progress through a callback; a worker passes :func:`until_cancelled`'s, which
raises :class:`Cancelled` at the next report once Textual has cancelled the worker (on quit, or
when an exclusive worker's screen closes), so a thread never holds up the exit for seconds.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.worker import get_current_worker


class Cancelled(Exception):
    """Raised inside a cancelled worker's engine call, to stop the work where it is."""


def until_cancelled() -> Callable[[float, str], None]:
    """A progress callback for the current worker that raises :class:`Cancelled` once it is cancelled."""
    worker = get_current_worker()

    def listen(done: float, stage: str) -> None:
        if worker.is_cancelled:
            raise Cancelled

    return listen
