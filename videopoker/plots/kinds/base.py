"""What ``analyze --plot`` asks of a feature kind: its picture, drawn from ``analyze --json``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: A kind's picture: (the analysis, its feature) -> the figure and what the title adds.
Picture = Callable[[Mapping[str, Any], Mapping[str, Any]], tuple["Figure", str]]
