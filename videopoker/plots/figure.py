"""The one door to matplotlib: a lazy import with a one-line error, a fresh Figure, a save by suffix.

Figures are made with :class:`matplotlib.figure.Figure` directly, never pyplot: no global state,
no GUI backend chosen, nothing left open between two plots in one process (the tests draw many).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.errors import VideoPokerError

if TYPE_CHECKING:  # matplotlib loads only when a plot is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: A plot's format by its file's suffix.
FORMATS = {".svg": "svg", ".png": "png"}
#: The one line a user sees without matplotlib.
MISSING = "--plot needs matplotlib: pip install 'videopoker[plot]'"
#: PNG resolution: sharp on a laptop screen, small enough to attach to a message.
DPI = 120


def check_target(path: Path) -> str:
    """The format ``path``'s suffix asks for; any other suffix is refused before any work is done."""
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        shown = path.suffix or "no suffix"
        raise VideoPokerError(f"cannot draw a plot as {str(path)[:120]!r} ({shown}): name the file .svg or .png, "
                              f"e.g. {path.stem[:60] or 'plot'}.svg")
    return found


def check_folder(path: Path) -> None:
    """Refuse a file in a folder that does not exist, before the command's work (which may be long)."""
    folder = path.parent
    if not folder.is_dir():
        raise VideoPokerError(f"cannot write the plot to {str(path)[:120]!r}: there is no folder "
                              f"{str(folder)[:120]!r}; make it first or name another")


def require_matplotlib() -> None:
    """Import matplotlib now, or say in one line how to install it."""
    try:
        import matplotlib
        import matplotlib.figure  # noqa: F401
    except ImportError:
        raise VideoPokerError(MISSING) from None


def new_figure(width: float, height: float) -> Figure:
    """A figure of ``width`` × ``height`` inches, laid out so titles and labels never overlap."""
    require_matplotlib()
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def panels(figure: Figure, count: int) -> list[Axes]:
    """``count`` panels side by side."""
    return [figure.add_subplot(1, count, place + 1) for place in range(count)]


def as_percent(axes: Axes, axis: str = "y") -> None:
    """Chances in 0..1 shown as percentages on ``axis``."""
    from matplotlib.ticker import PercentFormatter

    (axes.yaxis if axis == "y" else axes.xaxis).set_major_formatter(PercentFormatter(1.0))


def whole_numbers(axes: Axes, axis: str = "x") -> None:
    """Counts (hands, credits) on ``axis`` written out with thousands separators, never as 1e8."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    which = axes.xaxis if axis == "x" else axes.yaxis
    which.set_major_locator(MaxNLocator(nbins="auto", integer=True))
    which.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))


def nothing_to_show(axes: Axes, text: str) -> None:
    """An empty panel that says why it is empty, rather than an empty frame."""
    axes.text(0.5, 0.5, text, ha="center", va="center", transform=axes.transAxes)
    axes.set_xticks([])
    axes.set_yticks([])


def label(key: str) -> str:
    """A category's key as a reader's words (the JSON carries keys, not the game's labels)."""
    return key.replace("_", " ")


def save(figure: Figure, path: Path) -> Path:
    """Write ``figure`` to ``path`` in the format its suffix names; a file that cannot be written is
    one line, not a traceback."""
    form = check_target(path)
    import matplotlib

    metadata: Mapping[str, Any] = {"Date": None} if form == "svg" else {}
    try:
        # SVG text kept as text (searchable, small, readable by tests); fixed ids and no date, so
        # the same figures make the same file
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "videopoker"}):
            figure.savefig(path, format=form, dpi=DPI, metadata=dict(metadata))
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise VideoPokerError(f"cannot write the plot to {str(path)[:120]!r}: {reason}") from None
    return path
