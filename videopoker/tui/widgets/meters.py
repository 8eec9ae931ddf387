"""The meters line: CREDIT, BET and WIN, each label next to its number."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Meters(Static):
    DEFAULT_CSS = """
    Meters { height: 1; width: 100%; content-align: center middle; }
    """

    def show(self, credits: int, bet: int, win: int) -> None:
        text = Text()
        for label, value in (("CREDIT", credits), ("BET", bet), ("WIN", win)):
            if text:
                text.append("     ")
            text.append(f"{label} ", style="bold red3")
            text.append(f"{value:,}", style="bold yellow")
        self.update(text)
