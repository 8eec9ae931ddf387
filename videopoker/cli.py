"""The command line: argument parsing and the one place where errors meet the user.

Exit status: 0 ok, 1 bad input (one clear line per problem on stderr), 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from videopoker.cards import parse_cards
from videopoker.errors import PaytableError, VideoPokerError
from videopoker.pay_order import pay_order_warnings
from videopoker.paytable import (
    Paytable,
    apply_settings,
    find_paytable,
    load_paytable,
    parse_pay_setting,
    paytable_files,
    resolve_paytable,
    write_variant,
)

stdout = Console(highlight=False)
stderr = Console(stderr=True, highlight=False)
if not stdout.is_terminal:  # piped or captured: never cut a number to fit 80 columns
    stdout = Console(highlight=False, width=200)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="videopoker",
        description="A Jacks or Better video poker machine, with exact return-to-player analysis.",
        epilog="With no command, plays the game.  PAYTABLE is a file path or the name of a shipped "
               "table (see `videopoker paytable list`).",
    )
    parser.add_argument("--seed", type=int, default=None, help="with no command: play with a reproducible shuffle")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play the machine (the default)")
    play.add_argument("paytable", nargs="?", default=None, metavar="PAYTABLE")
    play.add_argument("--seed", type=int, default=argparse.SUPPRESS,
                      help="shuffle reproducibly (for teaching and tests)")

    analyze = commands.add_parser("analyze", help="exact optimal-strategy return table")
    analyze.add_argument("paytable", metavar="PAYTABLE")
    analyze.add_argument("--coins", type=int, default=None, help="bet size to analyse (default: max)")
    analyze.add_argument("--set", action="append", default=[], metavar="KEY=PAY",
                         help="reprice a category, per coin (full_house=8) or as totals for 1..max coins "
                              "(royal_flush=250,500,750,1000,4000)")
    analyze.add_argument("--json", action="store_true", help="print JSON")

    hint = commands.add_parser("hint", help="all 32 holds of a dealt hand, ranked by EV")
    hint.add_argument("paytable", metavar="PAYTABLE")
    hint.add_argument("cards", nargs="+", metavar="CARDS", help="five cards, e.g. Ah Kh Qh Jh 9c")
    hint.add_argument("--coins", type=int, default=None, help="bet size (default: max)")
    hint.add_argument("--json", action="store_true", help="print JSON")

    tables = commands.add_parser("paytable", help="list, show, check and derive paytable files")
    actions = tables.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="the paytables a name can reach")
    show = actions.add_parser("show", help="a paytable's pays for every bet")
    show.add_argument("paytable", metavar="PAYTABLE")
    validate = actions.add_parser("validate", help="check files; exit 1 if any has a problem")
    validate.add_argument("files", nargs="+", metavar="FILE")
    new = actions.add_parser("new", help="save a copy of a paytable with some pays changed")
    new.add_argument("--from", dest="source", required=True, metavar="PAYTABLE")
    new.add_argument("--set", action="append", default=[], metavar="KEY=PAY")
    new.add_argument("--name", default=None, help="the new table's name")
    new.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers: dict[str | None, Callable[[argparse.Namespace], int]] = {
        None: run_play, "play": run_play, "analyze": run_analyze, "hint": run_hint,
        "paytable": run_paytable,
    }
    try:
        return handlers[args.command](args)
    except VideoPokerError as error:
        for line in str(error).splitlines():
            stderr.print(f"videopoker: {line}", markup=False, soft_wrap=True)
        return 1
    except KeyboardInterrupt:
        return 130


def run_play(args: argparse.Namespace) -> int:
    from videopoker.tui.app import run_machine

    return run_machine(getattr(args, "paytable", None), getattr(args, "seed", None))


def _progress_bar() -> AbstractContextManager[Any]:
    if not stderr.is_terminal:
        return nullcontext(None)
    return Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                    TimeElapsedColumn(), console=stderr, transient=True)


def run_analyze(args: argparse.Namespace) -> int:
    from videopoker.analysis import analyze

    paytable = apply_settings(resolve_paytable(args.paytable), args.set)
    with _progress_bar() as bar:
        if bar is None:
            analysis = analyze(paytable, args.coins)
        else:
            task = bar.add_task("building draw tables", total=1.0)
            analysis = analyze(paytable, args.coins,
                               lambda done, stage: bar.update(task, completed=done, description=stage))
    if args.json:
        print(json.dumps(analysis.to_json(), indent=2))
        return 0
    table = Table(title=f"{paytable.name} — {analysis.coins} coin{'s' * (analysis.coins > 1)}, perfect play",
                  title_justify="left")
    for column in ("Hand", "Pays", "Combinations", "Probability", "1 in", "Return"):
        table.add_column(column, justify="left" if column == "Hand" else "right")
    for row in analysis.rows:
        one_in = f"{row.one_in:,.1f}" if row.probability else "—"
        table.add_row(row.category.label, f"{float(row.pays):g}", f"{row.combinations:,}",
                      f"{float(row.probability):.8f}", one_in, f"{float(row.contribution):.6f}")
    table.add_section()
    table.add_row("Total", "", f"{analysis.total_combinations:,}", "1.00000000", "", f"{float(analysis.rtp):.6f}")
    stdout.print(table)
    stdout.print(f"Return {float(analysis.rtp) * 100:.4f}%   variance {float(analysis.variance):.4f}   "
                 f"standard deviation {analysis.standard_deviation:.4f}   "
                 f"{analysis.top_category.label.lower()} every {analysis.top_cycle:,.0f} hands", markup=False)
    return 0


def run_hint(args: argparse.Namespace) -> int:
    from videopoker.analysis import best_holds

    paytable = resolve_paytable(args.paytable)
    hand = parse_cards(" ".join(args.cards))
    holds = best_holds(paytable, hand, args.coins)
    if args.json:
        print(json.dumps({"hand": " ".join(str(c) for c in hand), "paytable": paytable.name,
                          "holds": [choice.to_json() for choice in holds]}, indent=2))
        return 0
    categories = [c for c in paytable.game.paying if any(choice.outcomes.get(c) for choice in holds)]
    table = Table(title=f"{' '.join(c.label for c in hand)} — {paytable.name}, EV per coin",
                  title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Hold")
    table.add_column("EV", justify="right")
    table.add_column("Draws", justify="right")
    for category in categories:
        table.add_column(category.short, justify="right")
    for choice in holds:
        tie = "=" if sum(other.rank == choice.rank for other in holds) > 1 else ""
        table.add_row(f"{choice.rank}{tie}", choice.label, f"{float(choice.ev):.6f}", f"{choice.draws:,}",
                      *[_percent(choice.probability(category)) for category in categories])
    stdout.print(table)
    stdout.print(" ".join(f"{c.short}={c.label.lower()}" for c in categories), style="dim")
    return 0


def _percent(fraction: Any) -> str:
    return f"{float(fraction) * 100:.2f}%" if fraction else "·"


def run_paytable(args: argparse.Namespace) -> int:
    if args.action == "list":
        table = Table("Name", "Game", "File", title="Paytables", title_justify="left")
        for file in paytable_files():
            try:
                paytable = load_paytable(file)
                table.add_row(paytable.name, paytable.game.key, str(file))
            except PaytableError as error:
                table.add_row(f"[red]invalid[/red]: {error.problems[0]}", "", str(file))
        stdout.print(table)
        return 0
    if args.action == "show":
        show_paytable(resolve_paytable(args.paytable))
        return 0
    if args.action == "validate":
        return validate_files(args.files)
    source = find_paytable(args.source)
    base = load_paytable(source)
    changes = dict(parse_pay_setting(text, base) for text in args.set)
    written = write_variant(source, changes, args.output, args.name)
    stdout.print(f"wrote {args.output} ({written.name})")
    return 0


def show_paytable(paytable: Paytable) -> None:
    table = Table(title=f"{paytable.name} ({paytable.game.title})", title_justify="left")
    table.add_column("Hand")
    for coins in range(1, paytable.max_coins + 1):
        table.add_column(f"{coins} coin{'s' * (coins > 1)}", justify="right")
    for category in paytable.game.paying:
        table.add_row(category.label, *[f"{paytable.pay(category, n):,}" for n in range(1, paytable.max_coins + 1)])
    stdout.print(table)


def validate_files(files: Sequence[str]) -> int:
    failed = False
    for name in files:
        try:
            paytable = load_paytable(name)
            stdout.print(f"{name}: ok ({paytable.name}, {paytable.game.key})", markup=False)
            for warning in pay_order_warnings(paytable):
                stderr.print(f"{name}: warning: {warning}", markup=False, soft_wrap=True)
        except PaytableError as error:
            failed = True
            for line in error.problems:
                stderr.print(line, markup=False, soft_wrap=True)
    return 1 if failed else 0



if __name__ == "__main__":
    sys.exit(main())
