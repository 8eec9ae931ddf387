"""The command line of Shockwave: ``analyze`` gives its exact return over the modes, each state's
value and the two fixed policies beside it; ``hint`` takes the hands left in the mode
(``--shockwave-left``)."""

from __future__ import annotations

import argparse
import re
from fractions import Fraction
from typing import Any

from videopoker.cli.kinds.base import KindCommands, hands_grid
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import Shockwave
from videopoker.storage.usertext import quote


def hands_left(text: str) -> int:
    """--shockwave-left K: the hands left in Shockwave mode, 0 in regular mode."""
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text):
        raise argparse.ArgumentTypeError(f"the hands left in Shockwave mode are a whole number from 0, got "
                                         f"{quote(text, 12)}")
    return int(text)


def show_shockwave(paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.features.shockwave.solve import analyze_shockwave

    analysis = solved_with_progress(lambda progress: analyze_shockwave(paytable, progress))
    found = found_value(paytable, args.found, analysis.best.values) if args.found is not None else {}
    data = analysis.to_json() | ({"found": found} if found else {})
    if answered_in_json(args, "analysis", data):
        return 0
    show(hands_grid(f"{paytable.name} — every hand, perfect play over the modes, per coin bet", paytable,
                    analysis.rows(), "Return: at the pays of the mode each hand came in", 1.0, analysis.rtp))
    states = Grid(f"{paytable.name} — the modes, perfect play",
                  [Column("Hands left", right=False), Column("In play"), Column("Value")],
                  note="Value: in coins of the bet, beside regular mode")
    for left, (share, value) in enumerate(zip(analysis.best.shares, analysis.best.values)):
        states.rows.append(["regular" if not left else str(left), f"{float(share):.4%}", f"{float(value):+,.2f}"])
    show(states)
    say(f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins, each hold chosen for the hands left")
    say(f"The mode priced as a fixed bonus of {float(analysis.bonus) / analysis.coins:.2f} bets on the trigger, "
        f"played exactly: {float(analysis.fixed_bonus.rtp) * 100:.6f}%")
    say(f"The plain table's holds in both modes: {float(analysis.plain.rtp) * 100:.4f}%; the table without "
        f"Shockwave: {analysis.base_rtp * 100:.4f}%")
    for line in analysis.feature.lines(paytable.game.label):
        say(line)
    if found:
        left = found["hands_left"]
        say(f"Found with {left} hand{'s' if left != 1 else ''} of the mode left: played on, "
            f"{found['value']:+,.2f} coins beside a fresh machine;")
        say(f"  played only while a hand is worth its bet, then left: {found['vulture']:+,.2f} coins "
            f"({'worth playing' if found['worth_playing'] else 'not worth a hand'})")
    plot_written(args.plot, json=False)
    return 0


def found_value(paytable: Paytable, text: str, values: tuple[Fraction, ...]) -> dict[str, Any]:
    """``--found K``: what a machine found with K hands of the mode left is worth, in coins."""
    from videopoker.analysis.features.shockwave.solve import vulture_values

    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text) or int(text) > feature.hands:
        raise VideoPokerError(f"--found {quote(text, 12)}: a Shockwave machine is found with 0..{feature.hands} "
                              f"hands of the mode left; give one number, like --found 7")
    left = int(text)
    vulture = vulture_values(paytable)[left]
    return {"hands_left": left, "value": float(values[left] - values[0]), "vulture": float(vulture),
            "worth_playing": vulture > 0}


class ShockwaveCommands(KindCommands):
    reads_found = True

    def add_options(self, command: str, parser: argparse.ArgumentParser) -> None:
        if command == "hint":
            parser.add_argument("--shockwave-left", type=hands_left, default=None, metavar="K",
                                help="Shockwave: the hands left in Shockwave mode (0: regular mode)")

    def options(self, command: str) -> tuple[str, ...]:
        return ("shockwave_left",) if command == "hint" else ()

    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_shockwave(paytable, args)
