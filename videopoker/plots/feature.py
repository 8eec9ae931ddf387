"""``analyze --plot``: what a table's feature does, or for a plain table where its return comes from.

From ``analyze --json`` alone: a feature table's picture is its kind's
(:data:`~videopoker.plots.kinds.PICTURES`); a plain table (or a feature at a bet that does not buy
it) shows each hand's part of the return.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from videopoker.plots.figure import new_figure, panels, save
from videopoker.plots.kinds import PICTURES
from videopoker.plots.returns import return_bars


def draw_analysis(data: Mapping[str, Any], path: Path) -> Path:
    """The picture of ``analyze --json``: the feature's, by its kind, else the return by hand."""
    feature: Mapping[str, Any] = data.get("feature") or {}
    picture = PICTURES.get(str(feature.get("kind")))
    title = f"{data['paytable']}: return {float(data['rtp']):.4%} at {data['coins']} coins"
    if picture is not None:
        figure, more = picture(data, feature)
        title += more
    else:
        figure = new_figure(7, 4.6)
        return_bars(panels(figure, 1)[0], data["rows"], split=False)
    figure.suptitle(title)
    return save(figure, path)
