"""A hand as one line of text: its cards, three columns each, then what it made.  The upper hands
of a multi-hand machine and the levels of a Multi-Strike stack are both drawn in such lines."""

from __future__ import annotations

from rich.text import Text

from videopoker.deck.cards import Card
from videopoker.paytable import Paytable

RED = "bold red3 on white"
BLACK = "bold black on white"
WILD = "bold white on dark_green"
BACK = "white on blue"
WON = "bold yellow"
LOST = "grey50"


def card_cell(card: Card | None, paytable: Paytable) -> Text:
    """One card in three columns: ``A♠ ``, ``10♥``, a green one if wild, a blue back if None."""
    if card is None:
        return Text("▚▞▚", style=BACK)
    label = "JK" if card.is_joker else card.label
    style = WILD if paytable.game.is_wild(card.index) else RED if card.suit is not None and card.suit.is_red else BLACK
    return Text(label.ljust(3), style=style)


def hand_line(cards: tuple[Card | None, ...], paytable: Paytable, result: Text | None = None,
              prefix: str = "") -> Text:
    line = Text(prefix, style="bold white on dark_green") if prefix else Text()
    for card in cards:
        line.append_text(card_cell(card, paytable))
        line.append(" ")
    if result is not None:
        line.append(" ")
        line.append_text(result)
    return line
