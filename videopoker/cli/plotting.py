"""``--plot FILE`` on the command line: checked before the command's work, drawn from its JSON after.

The check comes first so a long computation (a bankroll, a sweep) is never thrown away for a
wrong suffix, a missing folder or a missing matplotlib; each is one line through the CLI's error
boundary.  Pictures are drawn by :mod:`videopoker.plots`, imported only here and only when asked,
so matplotlib never slows a command down that does not plot.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

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


#: The pictures the commands draw: ``analysis`` for analyze (a feature, or a plain table's return
#: by hand), and one for each of bankroll, history and sweep.
Picture = Literal["analysis", "bankroll", "history", "sweep"]


def draw_plot(path: Path | None, picture: Picture, data: Mapping[str, Any]) -> None:
    """Draw ``picture`` from its command's JSON ``data`` to ``path`` (nothing when no --plot was given)."""
    if path is None:
        return
    draw: Callable[[Mapping[str, Any], Path], Path]
    if picture == "analysis":
        from videopoker.plots.feature import draw_analysis as draw
    elif picture == "bankroll":
        from videopoker.plots.bankroll import draw_bankroll as draw
    elif picture == "history":
        from videopoker.plots.history import draw_history as draw
    else:
        from videopoker.plots.sweep import draw_sweep as draw
    draw(data, path)


def answered_in_json(args: Any, picture: Picture, data: Mapping[str, Any]) -> bool:
    """Draw ``--plot`` of ``data``; where ``--json`` asks, print ``data`` as JSON and say where the
    picture went: True when that is the whole answer (the command's text is not wanted).  An
    analysis priced with promotions (``args.priced_with``) carries their part of the return, for
    every kind of table alike."""
    promotions = getattr(args, "priced_with", None)
    if picture == "analysis" and promotions:
        data = {**data, **promotions.priced(float(data["rtp"]))}
    draw_plot(args.plot, picture, data)
    if not args.json:
        return False
    print(json.dumps(data, indent=2))
    plot_written(args.plot, json=True)
    return True
