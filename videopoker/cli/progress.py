"""The progress bar a long solve shows on stderr, shared by the commands that solve."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, TypeVar

from videopoker.cli.output import may_be_terminal


def progress_bar() -> AbstractContextManager[Any]:
    """A rich progress bar on stderr when it is a terminal, else nothing (and rich is not loaded)."""
    if not may_be_terminal(sys.stderr):
        return nullcontext(None)
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

    console = Console(file=sys.stderr, highlight=False, markup=False, emoji=False)
    if not console.is_terminal:
        return nullcontext(None)
    return Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                    TimeElapsedColumn(), console=console, transient=True)


Solved = TypeVar("Solved")


def solved_with_progress(solve: Callable[[Any], Solved]) -> Solved:
    """``solve(progress)`` with a progress bar on stderr when it is a terminal."""
    with progress_bar() as bar:
        if bar is None:
            return solve(lambda done, stage: None)
        task = bar.add_task("building draw tables", total=1.0)
        return solve(lambda done, stage: bar.update(task, completed=done, description=stage))
