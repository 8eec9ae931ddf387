"""The command line of Ultimate X: ``analyze`` gives its exact return over the multiplier sums,
what each sum is worth, and what a machine found with multipliers on it is worth
(``--multipliers``); ``hint`` takes each line's multiplier now."""

from __future__ import annotations

import argparse
import re
from typing import Any

from videopoker.cli.kinds.base import KindCommands, hands_grid
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.storage.usertext import quote

#: Sums in play less often than this are left out of the text table (``--json`` has every one).
SHOWN_CHANCE = 0.005


def show_ultimate_x(paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x

    found = args.multipliers
    if found is not None and args.multi is not None and len(found) != args.multi:
        raise VideoPokerError(f"--multipliers gives {len(found)} lines but --multi {args.multi}; give one a line")
    lines = len(found) if found is not None else args.multi
    analysis = solved_with_progress(lambda progress: analyze_ultimate_x(paytable, lines, progress))
    machine: dict[str, Any] = {}
    if found is not None:
        total = sum(found)
        if total not in analysis.sums:
            raise VideoPokerError(f"--multipliers {','.join(map(str, found))}: no line of this table earns more "
                                  f"than {analysis.sums[-1] // analysis.lines}X")
        machine = {"multipliers": list(found), "multiplier_sum": total,
                   "one_round_at_max_coins": analysis.found_value(total), "value": analysis.value(total)}
    data = analysis.to_json() | ({"found": machine} if machine else {})
    if answered_in_json(args, "analysis", data):
        return 0
    show(hands_grid(f"{paytable.name} — {analysis.lines}-play, every hand, per coin of the whole bet", paytable,
                    analysis.rows(), "Return: the hand's pays times its line's multiplier, over the sums as they come",
                    sum(analysis.frequencies), analysis.rtp))
    states = Grid(f"{paytable.name} — {analysis.lines}-play, {analysis.coins} coins a hand, perfect play",
                  [Column("Multiplier sum"), Column("In play"), Column("Value")],
                  note=f"Value: in coins, beside sum {analysis.lines}; sums in play less than {SHOWN_CHANCE:.1%}: "
                       f"--json")
    for total, chance, value in zip(analysis.sums, analysis.probabilities, analysis.relative):
        if chance >= SHOWN_CHANCE:
            states.rows.append([str(total), f"{chance:.2%}", f"{value:+,.2f}"])
    show(states)
    say(f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins a hand, each hold chosen for the sum")
    say(f"Base game's holds at every sum: {analysis.rtp_base_strategy * 100:.4f}%; the base game at "
        f"{paytable.max_coins} coins: {analysis.base_rtp * 100:.4f}%")
    mean = sum(total * chance for total, chance in zip(analysis.sums, analysis.probabilities))
    say(f"The lines' multipliers sum to {mean:.2f} on average ({mean / analysis.lines:.3f}X a line)")
    if machine:
        bet = paytable.max_coins * analysis.lines
        say(f"Found at {','.join(map(str, found))} (sum {machine['multiplier_sum']}): one round at "
            f"{paytable.max_coins} coins a hand ({bet} bet)")
        say(f"  nets {machine['one_round_at_max_coins']:+,.2f} coins on average before walking away;")
        say(f"  played on at {analysis.coins} coins a hand: {machine['value']:+,.2f} coins beside a fresh machine")
    plot_written(args.plot, json=False)
    return 0


def line_multipliers(text: str) -> tuple[int, ...]:
    """--multipliers 12,1,1: each line's Ultimate X multiplier now, one a line (whole, 1..MAX_LINE_MULTIPLIER)."""
    from videopoker.paytable.kinds.ultimate_x import MAX_LINE_MULTIPLIER  # its rules load when the option is given

    words = [word.strip().upper().removesuffix("X") for word in text.split(",")]
    if (not 1 <= len(words) <= 100 or not all(re.fullmatch(r"[0-9]{1,3}", word) for word in words)
            or not all(1 <= int(word) <= MAX_LINE_MULTIPLIER for word in words)):
        raise argparse.ArgumentTypeError(f"multipliers are one a line, each 1..{MAX_LINE_MULTIPLIER}, separated by "
                                         f"commas, like 12,1,1, got {quote(text, 24)}")
    return tuple(int(word) for word in words)


class UltimateXCommands(KindCommands):
    def add_options(self, command: str, parser: argparse.ArgumentParser) -> None:
        if command == "analyze":
            parser.add_argument("--multipliers", type=line_multipliers, default=None, metavar="M,M,...",
                                help="Ultimate X: what a machine found with these multipliers on its lines is worth")
        elif command == "hint":
            parser.add_argument("--multipliers", type=line_multipliers, default=None, metavar="M,M,...",
                                help="Ultimate X: each line's multiplier now (only their sum decides the hold)")

    def options(self, command: str) -> tuple[str, ...]:
        return ("multipliers",) if command in ("analyze", "hint") else ()

    def refusal(self, paytable: Paytable) -> str:
        return f"--multipliers: {paytable.name!r} is not an Ultimate X table at its feature bet"

    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_ultimate_x(paytable, args)
