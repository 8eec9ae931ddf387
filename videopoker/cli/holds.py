"""``hint``'s tables of holds: the best few, or all 32 with each final hand's chance, in the
base game or in a feature's state."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from videopoker.cli.output import Column, Grid
from videopoker.paytable import Paytable

if TYPE_CHECKING:  # the analysis (numpy) loads only for the commands that use it
    from videopoker.analysis.solve.hint import HoldChoice

#: Holds shown by ``hint`` without ``--all``: more than any close decision needs.
TOP_HOLDS = 10


def _ranks(holds: list[HoldChoice]) -> list[str]:
    """``1``, ``3=``: a rank, marked when holds share it."""
    shared = Counter(choice.rank for choice in holds)
    return [f"{choice.rank}{'=' if shared[choice.rank] > 1 else ''}" for choice in holds]


def top_holds(title: str, paytable: Paytable, coins: int, holds: list[HoldChoice]) -> Grid:
    """The best TOP_HOLDS holds with EV and the chance the draw pays anything: fits 80 columns."""
    paying = [c for c in paytable.game.paying if paytable.pay(c, min(coins, paytable.max_coins))]
    worth = [Column("Worth")] if holds[0].worth is not None else []
    grid = Grid(title, [Column("#"), Column("Hold", right=False), Column("EV"), *worth, Column("Wins %")], keys=2,
                note=f"the best {TOP_HOLDS} of 32 holds; Wins: chance the draw pays; --all for every hold")
    for rank, choice in list(zip(_ranks(holds), holds))[:TOP_HOLDS]:
        wins = sum(choice.probability(c) for c in paying)
        worths = [] if choice.worth is None else [f"{float(choice.worth):.6f}"]
        grid.rows.append([rank, choice.label, f"{float(choice.ev):.6f}", *worths, _percent(wins)])
    return grid


def every_hold(title: str, paytable: Paytable, holds: list[HoldChoice]) -> Grid:
    """All 32 holds with the chance of each final hand the draws can make (split when narrow)."""
    categories = [c for c in paytable.game.paying if any(choice.outcomes.get(c) for choice in holds)]
    worth = [Column("Worth")] if holds[0].worth is not None else []
    grid = Grid(title, [Column("#"), Column("Hold", right=False), Column("EV"), *worth, Column("Draws"),
                        *[Column(paytable.game.short(c)) for c in categories]], keys=2,
                note="% of draws: " + " ".join(f"{paytable.game.short(c)}={paytable.game.label(c).lower()}"
                                               for c in categories))
    for rank, choice in zip(_ranks(holds), holds):
        worths = [] if choice.worth is None else [f"{float(choice.worth):.6f}"]
        grid.rows.append([rank, choice.label, f"{float(choice.ev):.6f}", *worths, f"{choice.draws:,}",
                          *[_percent(choice.probability(c)) for c in categories]])
    return grid


def _percent(fraction: Any) -> str:
    """A chance in percent, 2 decimals; ``·`` for never, ``<.01`` for rare but possible."""
    if not fraction:
        return "·"
    percent = float(fraction) * 100
    return f"{percent:.2f}" if percent >= 0.005 else "<.01"
