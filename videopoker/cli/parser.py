"""The command line's grammar: commands, options, and a usage error as one line with exit status 2."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from videopoker.cli.kinds import add_kind_options
from videopoker.cli.output import complain
from videopoker.cli.promotions import add_promotion_options
from videopoker.machine.round import PLAY_LINES
from videopoker.paytable.feature import MAX_FEATURE_COINS
from videopoker.storage.usertext import quote


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one ``videopoker: ...`` line (exit 2), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        complain(f"{message} (see `{self.prog} --help`)")
        sys.exit(2)


def coins(text: str) -> int:
    """A bet: a whole number of coins, 1..MAX_FEATURE_COINS (what a table allows is checked later)."""
    if not re.fullmatch(r"\s*[0-9]{1,4}\s*", text) or not 1 <= int(text) <= MAX_FEATURE_COINS:
        raise argparse.ArgumentTypeError(f"a bet is a whole number of coins 1..{MAX_FEATURE_COINS}, "
                                         f"got {quote(text, 12)}")
    return int(text)


def multi(text: str) -> int:
    """Hands dealt at once: one of the machine's choices."""
    choices = ", ".join(map(str, PLAY_LINES[:-1])) + f" or {PLAY_LINES[-1]}"
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text) or int(text) not in PLAY_LINES:
        raise argparse.ArgumentTypeError(f"a machine deals {choices} hands, got {quote(text, 12)}")
    return int(text)


def seed(text: str) -> int:
    """A shuffle seed: a whole number from 0, of up to 40 digits (numpy's generator, which
    simulate seeds, takes no negative one; play takes the same, so a seed means one thing)."""
    if not re.fullmatch(r"\s*[0-9]{1,40}\s*", text):
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0, of up to 40 digits, got {quote(text, 12)}")
    return int(text)


#: More local workers than any machine has cores is a typo, not a plan.
MOST_WORKERS = 1024


def workers(text: str) -> int:
    """--workers: a count of local worker processes, 1..MOST_WORKERS (cut to the cores later)."""
    count = counting("workers")(text)
    if count > MOST_WORKERS:
        raise argparse.ArgumentTypeError(f"workers are at most {MOST_WORKERS:,} (one a core), got {quote(text, 12)}")
    return count


def counting(what: str) -> Callable[[str], int]:
    """A parser for a count of ``what`` (hands, credits): digits, grouped by ``,`` or ``_`` if you like."""
    def parse(text: str) -> int:
        digits = text.strip().replace(",", "").replace("_", "")
        if not re.fullmatch(r"\s*[0-9][0-9,_]{0,17}\s*", text) or not int(digits) > 0:
            raise argparse.ArgumentTypeError(f"{what} are a whole number from 1, like 1000 or 1,000, "
                                             f"got {quote(text, 12)}")
        return int(digits)
    return parse


def host_name(text: str) -> str:
    """A host to listen on: a name or an address, letters, digits, dots, dashes and colons."""
    if not re.fullmatch(r"[A-Za-z0-9.:\-]{1,253}", text):
        raise argparse.ArgumentTypeError(f"a host is a name or an address like 127.0.0.1, got {quote(text, 20)}")
    return text


def port_number(text: str) -> int:
    """A TCP port to listen on: 1 to 65535."""
    if not re.fullmatch(r"\s*[0-9]{1,5}\s*", text) or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number 1..65535, got {quote(text, 12)}")
    return int(text)


def chart_lines(text: str) -> int:
    """How long a chart may be: 1 to 200 lines."""
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text) or not 1 <= int(text) <= 200:
        raise argparse.ArgumentTypeError(f"a chart has 1 to 200 lines, got {quote(text, 12)}")
    return int(text)


def add_plot(parser: argparse.ArgumentParser, what: str) -> None:
    """``--plot FILE``: the command's figures drawn from its JSON, by the file's suffix (matplotlib,
    an optional extra, loaded only then)."""
    parser.add_argument("--plot", type=Path, default=None, metavar="FILE",
                        help=f"also draw {what} to FILE: SVG (.svg) or PNG (.png); needs matplotlib "
                             "(pip install 'videopoker[plot]')")


def build_parser(only: str | None = None) -> Parser:
    """The whole grammar; with ``only``, just that command under the top level (a command starts
    sooner: each sub-parser costs argparse a millisecond), and every command for ``--help``."""
    parser = Parser(
        prog="videopoker",
        description="A video poker machine (Jacks or Better, bonus quads, Deuces Wild, Joker Poker) "
                    "with exact return-to-player analysis.",
        epilog="With no command, plays the game.  PAYTABLE is a file path or the name of a known "
               "table (see `videopoker paytable list`).",
    )
    parser.add_argument("--seed", type=seed, default=None, help="with no command: play with a reproducible shuffle")
    parser.add_argument("--multi", type=multi, default=None, metavar="N",
                        help="with no command: play N hands a round (1, 3, 5, 10, 50, 100)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    if only in (None, "play"):
        play = commands.add_parser("play", help="play the machine (the default)")
        play.add_argument("paytable", nargs="?", default=None, metavar="PAYTABLE")
        play.add_argument("--seed", type=seed, default=argparse.SUPPRESS,
                          help="shuffle reproducibly (for teaching and tests)")
        play.add_argument("--multi", type=multi, default=argparse.SUPPRESS, metavar="N",
                          help="hands a round: 1, 3 (Triple Play), 5, 10, 50 or 100; kept for next time")

    if only in (None, "drill"):
        drill = commands.add_parser("drill", help="practise the hands of your leaks on a schedule (no credits "
                                                  "bet, nothing on record); t there: a self-test")
        drill.add_argument("paytable", nargs="?", default=None, metavar="PAYTABLE",
                           help="drill this table's leaks alone (and play it after)")

    if only in (None, "analyze"):
        analyze = commands.add_parser("analyze", help="exact optimal-strategy return table")
        analyze.add_argument("paytable", metavar="PAYTABLE")
        analyze.add_argument("--coins", type=coins, default=None, help="bet size to analyse (default: max)")
        analyze.add_argument("--multi", type=multi, default=None, metavar="N",
                             help="standard deviation per hand of an N-play round (1, 3, 5, 10, 50, 100); "
                                  "Ultimate X: the hands a round to solve (default: the most it offers)")
        add_kind_options("analyze", analyze)
        analyze.add_argument("--found", default=None, metavar="STATE",
                             help="what a machine found in STATE is worth, in its kind's state syntax (Shockwave: "
                                  "the hands of the mode left)")
        analyze.add_argument("--set", action="append", default=[], metavar="KEY=PAY",
                             help="reprice a category, per coin (full_house=8) or as totals for 1..max coins "
                                  "(royal_flush=250,500,750,1000,4000)")
        analyze.add_argument("--meter", type=counting("credits"), default=None, metavar="N",
                             help="a progressive table at a meter of N credits (default: the meter as played "
                                  "now, else its base)")
        analyze.add_argument("--json", action="store_true", help="print JSON")
        add_promotion_options(analyze)
        add_plot(analyze, "the feature (its multiplier, wheel, levels or sums, and what it adds) or, for a "
                          "plain table, the return by hand")
        analyze.add_argument("--tui", action="store_true",
                             help="open the analysis screen: the table, compare, simulate, bankroll")

    if only in (None, "edit"):
        edit = commands.add_parser("edit", help="edit a paytable with its exact return shown live")
        edit.add_argument("paytable", nargs="?", default=None, metavar="PAYTABLE",
                          help="a table to edit (default: a new Jacks or Better table)")

    if only in (None, "hint"):
        hint = commands.add_parser("hint", help="the best holds of a dealt hand, ranked by EV")
        hint.add_argument("paytable", metavar="PAYTABLE")
        hint.add_argument("cards", nargs="+", metavar="CARDS", help="five cards, e.g. Ah Kh Qh Jh 9c")
        hint.add_argument("--coins", type=coins, default=None, help="bet size (default: max)")
        hint.add_argument("--all", action="store_true", help="all 32 holds, with the chance of each final hand")
        add_kind_options("hint", hint)
        hint.add_argument("--json", action="store_true", help="print JSON (always all 32 holds)")

    if only in (None, "simulate"):
        simulate = commands.add_parser("simulate", help="play many hands at once and compare with the exact odds")
        simulate.add_argument("paytable", metavar="PAYTABLE")
        simulate.add_argument("--hands", type=counting("hands"), default=1_000_000, metavar="N",
                              help="hands to play (default 1,000,000; Multi-Strike: stacks, each a round)")
        simulate.add_argument("--coins", type=coins, default=None, help="bet size (default: max)")
        simulate.add_argument("--seed", type=seed, default=None, help="play the same hands again")
        simulate.add_argument("--strategy", default="optimal", metavar="NAME|FILE",
                              help="optimal (the default), hold-nothing, random, or a chart file "
                                   "(see `videopoker strategy`)")
        simulate.add_argument("--multi", type=multi, default=None, metavar="N",
                              help="play rounds of N hands from one deal (1, 3, 5, 10, 50, 100; default 1, "
                                   "Ultimate X: the most hands it gives multipliers for)")
        simulate.add_argument("--json", action="store_true", help="print JSON")

    if only in (None, "strategy"):
        strategy = commands.add_parser(
            "strategy",
            usage="videopoker strategy PAYTABLE [--lines N | --tier TIER] [--coins C] [-o FILE] [--force] [--json]\n"
                  "       videopoker strategy check FILE PAYTABLE [--coins C] [--json]",
            help="a strategy chart derived for a paytable; `strategy check FILE PAYTABLE`: any chart's exact return",
            description="`strategy PAYTABLE` derives a ranked chart of hold patterns and its exact return; "
                        "`strategy check FILE PAYTABLE` gives the exact return of a chart file and where it "
                        "departs from perfect play.")
        strategy.add_argument("words", nargs="+", metavar="PAYTABLE | check FILE PAYTABLE")
        strategy.add_argument("--lines", type=chart_lines, default=None, metavar="N",
                              help="the best chart of at most N lines that keep cards (a short chart for "
                                   "beginners); the closing 'discard everything' is not counted")
        strategy.add_argument("--tier", default=None, metavar="TIER",
                              help="a chart of the ladder beginner, intermediate, advanced, perfect: each "
                                   "the one below it with lines added (marked +), each with its exact cost")
        strategy.add_argument("--coins", type=coins, default=None, help="bet size (default: max)")
        strategy.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                              help="also save the chart as a file that `strategy check` and `simulate` read")
        strategy.add_argument("--force", action="store_true", help="replace FILE if it exists")
        strategy.add_argument("--json", action="store_true", help="print JSON")

    if only in (None, "bankroll"):
        bankroll = commands.add_parser("bankroll", help="a bankroll's risk over a lifetime and the exact odds "
                                                        "of a session")
        bankroll.add_argument("paytable", metavar="PAYTABLE")
        bankroll.add_argument("--credits", type=counting("credits"), default=None, metavar="B",
                              help="the bankroll: its lifetime risk (and, with --hands, a session's odds)")
        bankroll.add_argument("--hands", type=counting("hands"), default=None, metavar="H",
                              help="hands in the session (with --credits)")
        bankroll.add_argument("--coins", type=coins, default=None, help="bet size (default: max)")
        bankroll.add_argument("--multi", type=multi, default=None, metavar="N",
                              help="N hands a round from one deal (1, 3, 5, 10, 50, 100): --hands counts rounds")
        bankroll.add_argument("--json", action="store_true", help="print JSON")
        add_promotion_options(bankroll)
        add_plot(bankroll, "the law of the ending credits and the chance of being broke by each hand")

    if only in (None, "history"):
        record = commands.add_parser("history", help="every hand on record: results against the exact expectation")
        record.add_argument("--paytable", default=None, metavar="PAYTABLE", help="only the hands of this table")
        record.add_argument("--since", default=None, metavar="DATE", help="only hands from DATE on (2026-11-24 or "
                                                                           "2026-11-24T18:30, local time)")
        record.add_argument("--json", action="store_true", help="print JSON")
        record.add_argument("--leaks", action="store_true",
                            help="your mistakes by what you held and the chart line that plays the hand, "
                                 "the costliest first")
        record.add_argument("--csv", type=Path, default=None, metavar="FILE",
                            help="also write every hand, one row each, to FILE for a spreadsheet")
        add_plot(record, "the credits won over the hands against what the holds were worth, ±1 and 2 SD")

    if only in (None, "sweep"):
        sweep = commands.add_parser("sweep", help="exact returns of a grid of paytables, on every core or a Dask "
                                                  "cluster")
        sweep.add_argument("paytable", metavar="PAYTABLE")
        sweep.add_argument("--vary", action="extend", nargs="+", required=True, metavar="KEY=LO..HI[:STEP]",
                           help="a pay per coin to vary (give several: every combination is solved)")
        sweep.add_argument("--coins", type=coins, default=None, help="bet size (default: max)")
        add_promotion_options(sweep)
        sweep.add_argument("--where", default=None, metavar="EXPR",
                           help="keep rows where EXPR holds: columns, numbers, < <= > >= == !=, and/or/not, "
                                "( ), e.g. 'rtp >= 0.97 and rtp <= 0.98 and standard_deviation < 5'")
        sweep.add_argument("--sort", default="-rtp", metavar="COL", help="sort by COL, -COL largest first "
                                                                         "(default -rtp)")
        sweep.add_argument("--top", type=counting("rows"), default=10, metavar="N", help="rows shown (default 10)")
        place = sweep.add_mutually_exclusive_group()
        place.add_argument("--workers", type=workers, default=None, metavar="N",
                           help="solve on a local Dask cluster of N processes, one core each (default: one "
                                "for each 10,000 tables, up to every core; for fewer, this process)")
        place.add_argument("--scheduler", default=None, metavar="ADDRESS",
                           help="solve on an existing Dask cluster, e.g. tcp://127.0.0.1:8786")
        sweep.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                           help="write every row to FILE as it is solved: CSV (.csv) or JSON lines")
        sweep.add_argument("--resume", action="store_true", help="skip the rows FILE has (after a kill)")
        sweep.add_argument("--yes", action="store_true", help="go ahead with a grid of over 10 million tables")
        add_plot(sweep, "every table kept, return against standard deviation, coloured by the first pay varied")

    if only in (None, "serve"):
        serve = commands.add_parser("serve", help="the machine in a web browser (textual-serve)")
        serve.add_argument("--host", default="127.0.0.1", type=host_name, metavar="HOST",
                           help="the address to listen on (default 127.0.0.1: this computer only)")
        serve.add_argument("--port", default=8000, type=port_number, metavar="PORT", help="default 8000")

    if only in (None, "paytable"):
        tables = commands.add_parser("paytable", help="list, show, check and derive paytable files")
        actions = tables.add_subparsers(dest="action", metavar="ACTION", required=True)
        listing = actions.add_parser("list", help="the paytables a name can reach")
        listing.add_argument("--json", action="store_true",
                             help='print JSON: [{"use_as", "game", "name", "path", "shipped", "feature", '
                                  '"double_up", "progressive"}] (with --returns "rtp", "feature_rtp", '
                                  '"feature_hands")')
        listing.add_argument("--returns", action="store_true",
                             help="each table's exact return, and a feature table's feature game's (solves "
                                  "every table: a minute or two the first time)")
        show = actions.add_parser("show", help="a paytable's pays for every bet")
        show.add_argument("paytable", metavar="PAYTABLE")
        validate = actions.add_parser("validate", help="check files; exit 1 if any has a problem")
        validate.add_argument("files", nargs="+", metavar="FILE")
        new = actions.add_parser("new", help="save a copy of a paytable with some pays changed")
        new.add_argument("--from", dest="source", required=True, metavar="PAYTABLE")
        new.add_argument("--set", action="append", default=[], metavar="KEY=PAY")
        new.add_argument("--name", default=None, help="the new table's name")
        new.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
        new.add_argument("--force", action="store_true", help="replace FILE if it exists")
        solve = actions.add_parser("solve", help="the pay for a category that gives a target return")
        solve.add_argument("paytable", metavar="PAYTABLE")
        solve.add_argument("--category", required=True, metavar="KEY", help="the category to reprice, e.g. full_house")
        solve.add_argument("--target", required=True, metavar="RTP", help="the return wanted: 0.985 or 98.5%%")
        solve.add_argument("--coins", type=coins, default=None, help="bet size the return is for (default: max)")
        solve.add_argument("--json", action="store_true", help="print JSON")
        diff = actions.add_parser("diff", help="what two paytables pay differently, and both returns")
        diff.add_argument("first", metavar="A")
        diff.add_argument("second", metavar="B")
        diff.add_argument("--json", action="store_true", help="print JSON")
    return parser
