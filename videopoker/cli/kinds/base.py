"""What the command line asks of a feature kind: its options on a command, its ``analyze``
report, and what ``hint`` adds under a deal of it.  The base answers for a kind with none, and
gives the report every kind whose round's win is its hands' pays shares (:class:`ByRoundCommands`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted

if TYPE_CHECKING:
    from videopoker.analysis.features.feature import FeatureAnalysis


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

    def own_hint(self, paytable: Paytable, args: argparse.Namespace) -> int | None:
        """``hint`` of a deal the kind reads its own way (Dream Card's four cards), or None: the
        five cards of any table."""
        return None

    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        """What the feature does to a deal ``hint`` ranks under ``multiplier`` (lines within 80 columns)."""
        return []


def show_feature_analysis(paytable: Paytable, args: argparse.Namespace,
                          notes: Callable[[FeatureAnalysis], Sequence[str]] = lambda analysis: ()) -> int:
    """The return table of a kind whose round's win is its hands' pays (times a multiplier, with a
    wheel's prize), as its engine solves it; ``notes``: what the kind says beside it, of the solve."""
    from videopoker.analysis.features.feature import FeatureAnalysis
    from videopoker.analysis.features.registry import engine_of

    assert paytable.feature is not None
    args.multi = args.multi or 1
    engine = engine_of(paytable.feature)
    analysis = solved_with_progress(lambda progress: engine.solved(paytable, progress=progress))
    assert isinstance(analysis, FeatureAnalysis)
    data = analysis.to_json(args.multi)
    if answered_in_json(args, "analysis", data):
        return 0
    game = analysis.paytable.game  # its hands as the feature bet judges them
    #: What a multiplier or a wheel adds to each hand; a kind that brings neither (Quick Quads) has no such column.
    adds = any(row.feature_return != row.base_return for row in analysis.rows)
    grid = Grid(f"{paytable.name} — {counted(analysis.coins, 'coin')}, perfect play, per coin bet",
                [Column("Hand", right=False), Column("Pays"), Column("Probability"), Column("1 in"),
                 Column("Return"), *([Column("Feature")] if adds else [])])
    for row in analysis.rows:
        one_in = f"{row.one_in:,.1f}" if row.probability else "—"
        added = [f"{float(row.feature_return - row.base_return):+.6f}"] if adds else []
        grid.rows.append([game.label(row.category), f"{float(row.pays):g}", f"{float(row.probability):.8f}", one_in,
                          f"{float(row.feature_return):.6f}", *added])
    extra = analysis.rtp - sum(row.base_return for row in analysis.rows)  # what the feature adds in all
    grid.footer.append(["Total", "", "1.00000000", "", f"{float(analysis.rtp):.6f}",
                        *([f"{float(extra):+.6f}"] if adds else [])])
    show(grid)
    say(f"Return {float(analysis.rtp) * 100:.4f}% at {analysis.coins} coins; without the feature, at "
        f"{paytable.max_coins}: {float(analysis.base.rtp) * 100:.4f}%")
    say(f"Variance {float(analysis.variance):.4f}  SD {analysis.standard_deviation:.4f} per coin of the whole bet")
    if args.multi > 1:
        say(f"{args.multi}-play: SD {analysis.multi_standard_deviation(args.multi):.4f} per hand (covariance of "
            f"two hands of a round {analysis.covariance:.4f})")
    for line in [*analysis.feature.lines(game.label), *notes(analysis)]:
        say(line)
    if adds:
        say("Feature: what the multiplier or the wheel adds to a hand's part of the return")
    plot_written(args.plot, json=False)
    return 0


def worth_words(paytable: Paytable) -> str:
    assert paytable.feature is not None
    return f"Worth: the expected win per coin of the {paytable.feature.coins}-coin bet"


class ByRoundCommands(KindCommands):
    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_feature_analysis(paytable, args)
