"""One card position of the machine: a face, a back before the first deal, and HELD under it."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from videopoker.deck.cards import STAR, Card

FACE = Style(color="black", bgcolor="white")
RED = Style(color="red3", bgcolor="white", bold=True)
BLACK = Style(color="black", bgcolor="white", bold=True)
BACK = Style(color="white", bgcolor="blue")
HELD = Style(color="yellow", bold=True)
BEST = Style(color="black", bgcolor="cyan", bold=True)
WILD = Style(color="white", bgcolor="dark_green", bold=True)


class CardView(Widget):
    """Draws its card to fill whatever size the layout gives it; a click asks to toggle the hold."""

    DEFAULT_CSS = """
    CardView { width: 13; height: 100%; min-width: 9; min-height: 6; }
    """

    card: reactive[Card | None] = reactive(None)
    held: reactive[bool] = reactive(False)
    wild: reactive[bool] = reactive(False)
    best: reactive[bool] = reactive(False)   # the hint marks the best hold's cards
    caption: reactive[str] = reactive("")    # double-up: DEALER, WON, PUSH, LOST under a card

    class Clicked(Message):
        """The player clicked the card at ``position`` (0..4)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, position: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.position = position

    def show(self, card: Card | None, held: bool, wild: bool = False, best: bool = False,
             caption: str = "") -> None:
        """Show ``card`` (None: its back); ``wild`` marks a wild card on its face, as machines do;
        ``best`` marks a card the hint would hold; ``caption`` says what the card is in double-up
        (DEALER, WON …) instead of HELD."""
        self.card, self.held, self.wild, self.best, self.caption = card, held, wild, best, caption

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.position))

    def render_line(self, y: int) -> Strip:
        width, height = self.size.width, self.size.height
        box_height = height - 1
        if y == box_height:  # the line under the card
            if self.best:
                label = "HELD·BEST" if self.held and width >= 11 else "BEST"
                return Strip([Segment(" " * ((width - len(label)) // 2)), Segment(label, BEST),
                              Segment(" " * (width - len(label) - (width - len(label)) // 2))])
            label = self.caption or ("HELD" if self.held else "")
            return Strip([Segment(label.center(width), HELD)])
        return Strip(self._box_line(y, width, box_height))

    def _box_line(self, y: int, width: int, height: int) -> list[Segment]:
        inner = width - 2
        card = self.card
        style = BACK if card is None else FACE
        if y == 0:
            return [Segment("╭" + "─" * inner + "╮", style)]
        if y == height - 1:
            return [Segment("╰" + "─" * inner + "╯", style)]
        if card is None:
            pattern = ("▚▞" * width)[y % 2: y % 2 + inner]
            return [Segment("│", style), Segment(pattern, BACK), Segment("│", style)]
        ink = RED if card.suit is not None and card.suit.is_red else BLACK
        corner = card.label
        middle = height // 2
        if self.wild and y == min(middle + 1, height - 2):  # under the pip, or over the low corner
            return [Segment("│", style), Segment("WILD".center(inner), WILD), Segment("│", style)]
        if y == 1:
            text = corner.ljust(inner)
        elif y == height - 2 and height > 4:
            text = corner.rjust(inner)
        elif y == middle:
            pip = card.suit.symbol if card.suit is not None else STAR  # the joker's, and the fifth ace's suit
            text = pip.center(inner) if not card.is_joker or inner < 7 else "JOKER".center(inner)
        else:
            text = " " * inner
        return [Segment("│", style), Segment(text, ink), Segment("│", style)]
