"""What the command line prints: tables that fit the terminal, plain lines when piped, one-line errors.

A table is laid out here, not by rich's auto-sizing, so nothing is ever cut to fit: at a terminal
the columns after the key columns are split into parts that each fit its width (the key columns,
such as the hand or the hold, repeat in each part); piped, the table is plain aligned text at its
natural width, with no box characters to wrap.  Every cell and message goes through
:func:`~videopoker.storage.usertext.visible`, so user text is shown literally and never acts on the terminal;
rich sees only :class:`~rich.text.Text`, never markup.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.cells import cell_len

from videopoker.storage.usertext import visible

if TYPE_CHECKING:  # rich's console loads only for a terminal (a piped command starts 0.05 s sooner)
    from rich.console import Console

GAP = "  "
#: The longest line an error message may print: a message quotes excerpts, never whole inputs.
MESSAGE_LIMIT = 300


@dataclass(frozen=True)
class Column:
    heading: str
    right: bool = True  # numbers align right, names left


@dataclass
class Grid:
    """A table of text cells: ``keys`` leading columns name the row and repeat when it is split."""

    title: str
    columns: Sequence[Column]
    rows: list[list[str]] = field(default_factory=list)
    footer: list[list[str]] = field(default_factory=list)  # after a rule: totals
    keys: int = 1
    note: str = ""  # a line under the table


def _cell(text: str, width: int, column: Column) -> str:
    pad = " " * (width - cell_len(text))
    return pad + text if column.right else text + pad


def _widths(grid: Grid) -> list[int]:
    return [max([cell_len(column.heading), *(cell_len(row[i]) for row in grid.rows + grid.footer)])
            for i, column in enumerate(grid.columns)]


def _parts(widths: list[int], keys: int, width: int | None) -> list[list[int]]:
    """Column indexes of each part: the key columns, then as many others as fit ``width``."""
    others = list(range(keys, len(widths)))
    if width is None or not others:
        return [list(range(len(widths)))]
    key_width = sum(widths[:keys]) + len(GAP) * max(keys - 1, 0)
    parts: list[list[int]] = []
    current: list[int] = []
    used = key_width
    for index in others:
        extra = len(GAP) + widths[index]
        if current and used + extra > width:
            parts.append(current)
            current, used = [], key_width
        current.append(index)
        used += extra
    parts.append(current)
    return [list(range(keys)) + part for part in parts]


def layout(grid: Grid, width: int | None) -> list[tuple[str, str]]:
    """The lines of ``grid`` with a style name each (``title``, ``heading``, ``rule``, ``row``).

    ``width`` is the terminal's; ``None`` (piped) gives one part at the natural width.
    """
    safe = Grid(visible(grid.title), grid.columns, [[visible(c) for c in row] for row in grid.rows],
                [[visible(c) for c in row] for row in grid.footer], grid.keys, visible(grid.note))
    widths = _widths(safe)
    lines: list[tuple[str, str]] = [(safe.title, "title")] if safe.title else []
    rule_char = "-" if width is None else "─"
    for number, part in enumerate(_parts(widths, safe.keys, width)):
        if number:
            lines.append(("", "row"))

        def line(cells: Sequence[str], part: list[int] = part) -> str:
            return GAP.join(_cell(cells[i], widths[i], safe.columns[i]) for i in part).rstrip()

        lines.append((line([c.heading for c in safe.columns]), "heading"))
        rule = GAP.join(rule_char * widths[i] for i in part)
        lines.append((rule, "rule"))
        lines.extend((line(row), "row") for row in safe.rows)
        if safe.footer:
            lines.append((rule, "rule"))
            lines.extend((line(row), "row") for row in safe.footer)
    if safe.note:
        lines.append((safe.note, "note"))
    return lines


STYLES = {"title": "bold", "heading": "bold", "rule": "dim", "row": "", "note": "dim"}


def screen() -> Console | None:
    """A console for stdout when it is a terminal; ``None`` when piped or captured."""
    if not may_be_terminal(sys.stdout):
        return None
    from rich.console import Console

    console = Console(file=sys.stdout, highlight=False, markup=False, emoji=False)
    return console if console.is_terminal else None


def may_be_terminal(stream: object) -> bool:
    """False when ``stream`` is surely no terminal (rich would say so too): a pipe, a file, a capture."""
    if os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE") == "1":
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def show(grid: Grid) -> None:
    """Print ``grid`` to fit the terminal, or as plain text when piped."""
    console = screen()
    width = console.width if console else None
    for text, style in layout(grid, width):
        if console:  # prose (title, note) wraps at the width; table lines already fit it
            from rich.text import Text

            console.print(Text(text, style=STYLES[style]), soft_wrap=style not in ("title", "note"))
        else:
            sys.stdout.write(text + "\n")


def say(text: str) -> None:
    """Print a line of ordinary output (user text in it shown literally)."""
    console = screen()
    if console:
        from rich.text import Text

        console.print(Text(visible(text)))
    else:
        sys.stdout.write(visible(text) + "\n")


def say_item(text: str) -> None:
    """A numbered item (``12. 4 to a royal``, a chart's line): on a terminal, wrapped at its width
    with the later lines under the words after the number; piped, one line as it is, so it can be
    read back."""
    console = screen()
    if console is None:
        sys.stdout.write(visible(text) + "\n")
        return
    import textwrap

    from rich.text import Text

    indent = text.find(". ") + 2
    for line in textwrap.wrap(visible(text), width=max(console.width, 40), subsequent_indent=" " * indent):
        console.print(Text(line), soft_wrap=True)


def short_line(text: str) -> str:
    """``text`` as one visible line of bounded length."""
    line = visible(text)
    return line if len(line) <= MESSAGE_LIMIT else line[:MESSAGE_LIMIT - 1] + "…"


def complain(text: str, prefix: str = "videopoker: ") -> None:
    """One line on stderr: ``text`` prefixed, literal (a newline in it shows as ``\\n``), bounded."""
    sys.stderr.write(short_line(prefix + text) + "\n")
    sys.stderr.flush()
