"""The command line of Multi-Strike: ``analyze`` gives every level's value and the game's return
table; ``hint`` takes the level a hand is dealt on (``--level``) and its free ride."""

from __future__ import annotations

import argparse
import re

from videopoker.cli.kinds.base import KindCommands
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.paytable import Paytable
from videopoker.storage.usertext import counted, quote


def show_multi_strike(paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike

    analysis = solved_with_progress(lambda progress: analyze_multi_strike(paytable, progress))
    data = analysis.to_json()
    if answered_in_json(args, "analysis", data):
        return 0
    game, coins = paytable.game, analysis.coins
    levels = Grid(f"{paytable.name} — {counted(coins, 'coin')}, perfect play over the levels",
                  [Column("Level"), Column("Pays"), Column("Free ride"), Column("Reached"), Column("Value"),
                   Column("No free ride")],
                  note="Value: coins won from reaching the level on, per coin of one level's bet")
    for level in analysis.levels:
        ride = "—" if level.free_ride is None else f"{float(level.free_ride):.2%}"
        levels.rows.append([str(level.level), f"{level.multiplier}X", ride, f"{level.reach:.2%}",
                            f"{level.value:.6f}", f"{level.value_without_free_ride:.6f}"])
    show(levels)
    hands = Grid(f"{paytable.name} — the hands of a round, per coin bet",
                 [Column("Hand", right=False), Column("Pays"), Column("A round"), Column("Rounds per"),
                  Column("Return")],
                 note="A round: how many such final hands a round makes on average, over its levels")
    for row in analysis.rows:
        one_in = f"{row.one_in:,.1f}" if row.per_round else "—"
        hands.rows.append([game.label(row.category), f"{float(row.pays):g}", f"{row.per_round:.6f}", one_in,
                           f"{row.feature_return:.6f}"])
    hands.footer.append(["Total", "", f"{sum(row.per_round for row in analysis.rows):.6f}", "",
                         f"{analysis.rtp:.6f}"])
    show(hands)
    say(f"Return {analysis.rtp * 100:.4f}% at {coins} coins ({len(analysis.levels)} levels of "
        f"{paytable.max_coins}); the base game at {paytable.max_coins}: {analysis.base_rtp * 100:.4f}%")
    say(f"Variance {analysis.variance:.4f}  SD {analysis.standard_deviation:.4f} per coin of the whole bet")
    for line in analysis.feature.lines(game.label):
        say(line)
    plot_written(args.plot, json=False)
    return 0


def level(text: str) -> int:
    """--level L: a Multi-Strike level, counted from 1 at the bottom."""
    from videopoker.paytable.kinds.multi_strike import MOST_LEVELS  # its rules load when the option is given

    if not re.fullmatch(r"\s*[1-9]\s*", text) or int(text) > MOST_LEVELS:
        raise argparse.ArgumentTypeError(f"a level is 1..{MOST_LEVELS}, counted from the bottom, got {quote(text, 12)}")
    return int(text)


class MultiStrikeCommands(KindCommands):
    def add_options(self, command: str, parser: argparse.ArgumentParser) -> None:
        if command == "hint":
            parser.add_argument("--level", type=level, default=None, metavar="L",
                                help="Multi-Strike: the level the hand is dealt on (1 at the bottom)")
            parser.add_argument("--free-ride", action="store_true", help="Multi-Strike: the deal showed a free ride")

    def options(self, command: str) -> tuple[str, ...]:
        return ("level", "free_ride") if command == "hint" else ()

    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_multi_strike(paytable, args)
