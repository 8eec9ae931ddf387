"""The command line of the kinds that play round by round (Big Times Draw, Times Pay, Wheel):
``analyze`` gives the feature game's return table, per coin of the whole bet, and ``hint`` says
what the deal's multiplier or the wheel does to the worths it ranks."""

from __future__ import annotations

import argparse
from fractions import Fraction

from videopoker.cli.kinds.base import KindCommands
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted


def show_feature_analysis(paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.features.feature import analyze_feature

    args.multi = args.multi or 1
    analysis = solved_with_progress(lambda progress: analyze_feature(paytable, progress))
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
    for line in analysis.feature.lines(game.label):
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


class BigTimesDrawCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        assert paytable.feature is not None
        return [f"{paytable.feature.kind.capitalize()}: every win of this deal pays {multiplier}X (its top card, "
                f"aces low)", f"{worth_words(paytable)}."]


class TimesPayCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}, at the mean multiplier ({float(multiplier):.4g}X);",
                "the machine shows the multiplier it draws before the hold."]


class QuickQuadsCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}: three of a kind whose two other cards add up",
                "to its rank (3-6-9-9-9) is paid as four of a kind."]


class WheelCommands(ByRoundCommands):
    def hint_notes(self, paytable: Paytable, multiplier: Fraction) -> list[str]:
        return [f"{worth_words(paytable)}, the wheel at its mean prize."]
