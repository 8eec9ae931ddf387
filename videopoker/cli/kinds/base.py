"""What the command line asks of a feature kind: its options on a command, its ``analyze``
report, and what ``hint`` adds under a deal of it.  The base answers for a kind with none."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from videopoker.cli.output import Column, Grid
from videopoker.paytable import Paytable


def hands_grid(title: str, paytable: Paytable, rows: Sequence[Mapping[str, Any]], note: str, total: float,
               rtp: float) -> Grid:
    """A kind's return table from its rows (``category``, ``pays``, ``probability``, ``one_in``,
    ``return``), with the total chance (``total``) and return in its footer."""
    grid = Grid(title, [Column("Hand", right=False), Column("Pays"), Column("Probability"), Column("1 in"),
                        Column("Return")], note=note)
    for row in rows:
        one_in = f"{row['one_in']:,.1f}" if row["probability"] else "—"
        grid.rows.append([paytable.game.label(row["category"]), f"{row['pays']:g}", f"{row['probability']:.8f}",
                          one_in, f"{row['return']:.6f}"])
    grid.footer.append(["Total", "", f"{total:.8f}", "", f"{rtp:.6f}"])
    return grid


class KindCommands:
    """The command line of one feature kind."""

    #: Whether ``analyze --found STATE`` values a machine of the kind found in a state.
    reads_found: bool = False

    def add_options(self, command: str, parser: argparse.ArgumentParser) -> None:
        """Add the kind's options to ``command``'s parser (its own, named in :meth:`options`)."""

    def options(self, command: str) -> tuple[str, ...]:
        """The names (``args`` attributes) of the options the kind adds to ``command``."""
        return ()

    def refusal(self, paytable: Paytable) -> str:
        """Why the kind's ``analyze`` options do not fit ``paytable``, in one line."""
        return f"{', '.join(self.options('analyze'))}: not for {paytable.name!r}"

    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        """``analyze`` of a table of the kind at its feature bet: the report, or its ``--json``."""
        raise NotImplementedError

    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        """What the feature does to a deal ``hint`` ranks under ``multiplier`` (lines within 80 columns)."""
        return []
