"""``--plot FILE`` on the command line: checked before the command's work, drawn from its JSON after.

The check comes first so a long computation (a bankroll, a sweep) is never thrown away for a
wrong suffix, a missing folder or a missing matplotlib; each is one line through the CLI's error
boundary.  Pictures are drawn by :mod:`videopoker.plots`, imported only here and only when asked,
so matplotlib never slows a command down that does not plot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from videopoker.cli.output import complain, say


def check_plot(path: Path | None) -> None:
    """Refuse ``--plot FILE`` now if it cannot be drawn later: not .svg or .png, no matplotlib, no folder."""
    if path is None:
        return
    from videopoker.plots.figure import check_folder, check_target, require_matplotlib

    check_target(path)
    require_matplotlib()
    check_folder(path)


def plot_written(path: Path | None, json: bool) -> None:
    """Say where the plot went: on stderr under ``--json`` (stdout holds the JSON alone), else stdout."""
    if path is None:
        return
    if json:
        complain(f"plot written to {path}", prefix="")
    else:
        say(f"plot written to {path}")


def plot_analysis(path: Path | None, data: dict[str, Any]) -> None:
    """``analyze --plot``: the feature's picture (or a plain table's return by hand), from its JSON."""
    if path is None:
        return
    from videopoker.plots.feature import draw_analysis

    draw_analysis(data, path)
