"""The paytable panel: a row per paying hand, a column per coin bet, lit like a casino machine.

On a multi-hand machine the panel shares the width with the upper hands, so it shows only the
pays at the bet in play and, after the draw, how many hands made each category.  A game with more
hands than the screen has rows for (16 on an 80×24 terminal) is folded into two columns of hands,
each with the pay at the bet in play, as tall machines with long paytables do; `p` shows them all.
"""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from videopoker.machine.feature_play import pay_column
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory, shortened

ACTIVE_COLUMN = "bold white on red3"
WINNING_ROW = "bold black on yellow"
PLAIN = "bold yellow"
AWARD = "bold cyan"


class PaytablePanel(Static):
    """Renders a paytable with the bet's column and, after a win, the winning row lit."""

    DEFAULT_CSS = """
    PaytablePanel { height: auto; width: auto; }
    """

    counts_shown: Counter[PayCategory] = Counter()  # multi-hand: hands that made each category

    def show_folded(self, paytable: Paytable, bet: int, winner: PayCategory | None) -> None:
        """Two columns of hands, each hand with its pay at ``bet``; ``winner`` lit after a winning draw."""
        table = Table(box=None, show_header=False, padding=(0, 1), collapse_padding=True)
        for _ in range(2):
            table.add_column("hand", no_wrap=True)
            table.add_column(justify="right", no_wrap=True)
        paying = paytable.game.paying
        bet = pay_column(paytable, bet)
        half = (len(paying) + 1) // 2
        for row in range(half):
            cells: list[Text] = []
            for category in (paying[row], paying[row + half] if row + half < len(paying) else None):
                if category is None:
                    cells += [Text(""), Text("")]
                    continue
                won = category == winner
                cells += [Text(shortened(paytable.game.label(category)), style=WINNING_ROW if won else PLAIN),
                          Text(f"{paytable.pay(category, bet):,}", style=WINNING_ROW if won else ACTIVE_COLUMN)]
            table.add_row(*cells)
        self.update(table)

    def show(self, paytable: Paytable, bet: int, winner: PayCategory | None) -> None:
        """Every coin column, the bet's lit (max_coins' at a feature bet, which it pays from);
        ``winner``'s row lit after a winning draw."""
        bet = pay_column(paytable, bet)
        table = Table(box=None, show_header=False, padding=(0, 1), collapse_padding=True)
        table.add_column("hand", no_wrap=True)
        for _ in range(paytable.max_coins):
            table.add_column(justify="right", no_wrap=True)
        for category in paytable.game.paying:
            won = category == winner
            cells = [Text(shortened(paytable.game.label(category)), style=WINNING_ROW if won else PLAIN)]
            for coins in range(1, paytable.max_coins + 1):
                lit = WINNING_ROW if won else ACTIVE_COLUMN if coins == bet else PLAIN
                cells.append(Text(f"{paytable.pay(category, coins):,}", style=lit))
            table.add_row(*cells, style=WINNING_ROW if won else None)
        self.update(table)

    def show_multi(self, paytable: Paytable, bet: int, won: Counter[PayCategory],
                   awards: dict[PayCategory, str] | None = None) -> None:
        """The pays at ``bet`` only, each category made lit with the number of hands that made it;
        ``awards``: what each hand earns beside its pay (Ultimate X's multipliers), as a cabinet prints."""
        self.counts_shown = won
        bet = pay_column(paytable, bet)
        table = Table(box=None, show_header=False, padding=(0, 1), collapse_padding=True)
        table.add_column("hand", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        if awards:
            table.add_column(justify="right", no_wrap=True)
        table.add_column(justify="right", no_wrap=True, min_width=4)
        for category in paytable.game.paying:
            count = won[category]
            style = WINNING_ROW if count else PLAIN
            earned = [Text(awards.get(category, ""), style=WINNING_ROW if count else AWARD)] if awards else []
            table.add_row(Text(shortened(paytable.game.label(category)), style=style),
                          Text(f"{paytable.pay(category, bet):,}", style=WINNING_ROW if count else ACTIVE_COLUMN),
                          *earned, Text(f"×{count}" if count else "", style=style))
        self.update(table)
