"""``history --plot``: the credits won over the hands on record, against what the holds were worth.

From the JSON's ``course``: at each point the hands played so far, the net win (coin-out less
coin-in), what the holds made were worth (``expected_net``) and the standard deviation of the net
given those deals and holds.  The band is that expectation ± 1 and 2 standard deviations: a path
inside it is ordinary luck, one outside it is rare luck (the draws'; mistakes move the band itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from videopoker.plots.figure import new_figure, nothing_to_show, panels, save

TITLE = "Credits won against what the holds were worth"


def draw_history(data: Mapping[str, Any], path: Path) -> Path:
    """One panel: the net win's path over the hands, inside the expectation's ±1 and ±2 SD band."""
    figure = new_figure(9, 5)
    (axes,) = panels(figure, 1)
    since = f" since {data['since'][:16].replace('T', ' ')}" if data.get("since") else ""
    axes.set_title(f"{TITLE}: {data['hands']:,} hands on record{since}")
    axes.set_xlabel("hands played")
    axes.set_ylabel("credits won (coin-out less coin-in)")
    course = [{"hands": 0, "net": 0, "expected_net": 0.0, "deviation": 0.0}, *data.get("course", [])]
    if len(course) < 2:
        nothing_to_show(axes, "No hands on record yet")
        return save(figure, path)
    hands = [point["hands"] for point in course]
    expected = [float(point["expected_net"]) for point in course]
    for width, alpha in ((2, 0.15), (1, 0.3)):
        axes.fill_between(hands, [e - width * point["deviation"] for e, point in zip(expected, course)],
                          [e + width * point["deviation"] for e, point in zip(expected, course)],
                          color="tab:blue", alpha=alpha, linewidth=0, label=f"± {width} SD")
    axes.plot(hands, expected, color="tab:blue", linestyle="--", linewidth=1, label="what the holds were worth")
    axes.plot(hands, [point["net"] for point in course], color="black", linewidth=1.2, label="credits won")
    axes.axhline(0, color="grey", linewidth=0.6)
    axes.set_xlim(0, hands[-1])
    axes.legend(loc="best", fontsize="small")
    axes.grid(alpha=0.3)
    return save(figure, path)
