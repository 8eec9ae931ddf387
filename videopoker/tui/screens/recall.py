"""Game recall: the last ten games, newest first, as a regulated machine keeps them.

A multi-hand round shows every hand, the dealt one first, then its total.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from videopoker.deck.cards import Card
from videopoker.player.session import History


def cards_text(cards: tuple[Card, ...], held: tuple[bool, ...] | None = None) -> Text:
    """Cards with suit symbols, red suits red; held cards underlined."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        style = "red3" if card.suit is not None and card.suit.is_red else ""
        if held is not None and held[index]:
            style += " underline bold"
        text.append(card.label, style=style.strip())
    return text


class RecallScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,Q,r,R,enter,space", "dismiss", "close")]

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("GAME RECALL — LAST 10 GAMES (held cards underlined)", classes="dialog-title")
            with VerticalScroll(id="recall-games"):
                yield Static(self._table() if self.history.recall else "No games played yet.")
            yield Static(f"GAMES {self.history.games:,}   BET {self.history.total_bet:,}   WON "
                         f"{self.history.total_won:,}   FREE REFILLS {self.history.refills:,}",
                         classes="dialog-text")
            yield Button("CLOSE", id="close", action="screen.dismiss", compact=True)

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold yellow")
        for column, justify in (("#", "right"), ("DEALT", "left"), ("FINAL", "left"), ("HAND", "left"),
                                ("BET", "right"), ("WIN", "right"), ("CREDIT", "right")):
            table.add_column(column, justify=justify, no_wrap=True)  # type: ignore[arg-type]
        for number, game in enumerate(self.history.recall, start=1):
            for index, result in enumerate(game.results):
                first = index == 0
                table.add_row(str(number) if first else "", cards_text(game.dealt, game.held) if first else "",
                              cards_text(result.final), result.name if result.win else "—",
                              str(game.bet) if game.hands == 1 else "", f"{result.win:,}",
                              f"{game.credits_after:,}" if game.hands == 1 else "")
            if game.hands > 1:
                table.add_row("", "", "", Text(f"{game.hands} HANDS", style="bold"), f"{game.bet}×{game.hands}",
                              Text(f"{game.win:,}", style="bold"), f"{game.credits_after:,}",
                              end_section=True)
            for step in game.doubles:  # the win gambled: the dealer's card, the pick, the stake after
                table.add_row("", Text("DOUBLE", style="bold"), cards_text((step.dealer, step.card)),
                              f"{step.verdict} ({step.card.label} v {step.dealer.label})",
                              f"{step.stake_before:,}", f"{step.stake_after:,}", "")
        return table
