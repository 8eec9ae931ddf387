"""`videopoker history`: every hand on record, against the exact expectation."""

from __future__ import annotations

import argparse
import csv
import io
import json
from datetime import datetime

from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import check_plot, draw_plot, plot_written
from videopoker.errors import VideoPokerError
from videopoker.ledger.frequencies import Frequencies, Frequency, chance_text, frequencies, one_in_text
from videopoker.ledger.report import COURSE_POINTS, Report, Tally, history, parse_since
from videopoker.storage.files import write_atomically
from videopoker.storage.home import home_dir
from videopoker.storage.usertext import counted

#: Over the paying hands made against the odds of the holds made (``history --leaks``).
FREQUENCIES_TITLE = "Hands made against perfect play's odds at your holds, the most surprising first"


def run_history(args: argparse.Namespace) -> int:
    from videopoker.ledger.export import hand_rows

    check_plot(args.plot)
    since = parse_since(args.since) if args.since is not None else None
    if args.leaks:
        return show_leaks(args, since)
    report = history(home_dir(), args.paytable, since, COURSE_POINTS)  # its course: the JSON's, the plot's
    data = report.to_json()
    draw_plot(args.plot, "history", data)
    if args.csv is not None:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        rows = 0
        for row in hand_rows(home_dir(), args.paytable, since):
            writer.writerow(row)
            rows += 1
        write_atomically(args.csv, buffer.getvalue())
    if args.json:
        print(json.dumps(data, indent=2))
        plot_written(args.plot, json=True)
        return 0
    if args.csv is not None:
        say(f"{counted(rows - 1, 'hand')} written to {args.csv}")
    _show(report)
    plot_written(args.plot, json=False)
    return 0


def show_leaks(args: argparse.Namespace, since: datetime | None) -> int:
    """``history --leaks``: the mistakes on record by what was held and the chart line that plays
    the hand, the costliest first; then the paying hands made against the odds of the holds made,
    the most surprising first."""
    from videopoker.ledger.leaks import leaks

    if args.plot is not None or args.csv is not None:
        raise VideoPokerError("--leaks is a list of your mistakes; --plot and --csv draw and write the record: "
                              "leave out one of them")
    found = leaks(home_dir(), args.paytable, since)
    made = frequencies(home_dir(), args.paytable, since)
    if args.json:
        print(json.dumps({**found.to_json(), **made.to_json()}, indent=2))
        return 0
    if not found.leaks:
        say("No leaks on record: every hold graded was the best one." if not found.mistakes else
            f"{counted(found.mistakes, 'mistake')} on record, none a chart names "
            "(a feature's bet, or a game that pays hands by their places)")
    else:
        grid = Grid("Your leaks, the costliest first: what you held, where the chart holds otherwise",
                    [Column("You held", right=False), Column("Line"), Column("Times"), Column("Lost")], keys=1,
                    note="Lost: credits of EV given up; the chart: `videopoker strategy` of the table")
        for leak in found.leaks:
            grid.rows.append([leak.yours, str(leak.line or "none"), f"{leak.times:,}", f"{leak.credits_lost:,.2f}"])
        show(grid)  # the lines' words under it, so the table fits 80 columns whatever they say
        named = sorted({(leak.paytable, leak.line, leak.should) for leak in found.leaks})
        several = len({table for table, _, _ in named}) > 1  # then each line says whose chart it is in
        say("The charts' lines above:" if several else "The chart's lines above:")
        for table, line, words in named:
            say(f"  {f'{table} ' if several else ''}{f'{line}.' if line else 'none:'} {words}")
        say(found.leaks[0].text())  # the costliest, in a sentence
        if found.unnamed:
            say(f"{counted(found.unnamed, 'mistake')} at a feature's bet, which the base game's chart does not say")
    _show_frequencies(made)
    return 0


def _show_frequencies(made: Frequencies) -> None:
    """The paying hands made against the odds of the holds made, a table for each table played, the
    most surprising first."""
    tables: dict[int, list[Frequency]] = {}
    for frequency in made.frequencies:  # the most surprising first, and so the tables
        tables.setdefault(frequency.table, []).append(frequency)
    for place, rows in enumerate(tables.values(), 1):
        title = (FREQUENCIES_TITLE if len(tables) == 1
                 else f"{rows[0].paytable}: hands made against the odds of your holds")
        grid = Grid(title, [Column("Hand", right=False), Column("Made"), Column("Expected"),
                            Column("Side", right=False), Column("Chance"), Column("1 in")],
                    note="Expected: at the exact odds of your holds; Chance: of a count as far or further"
                    if place == len(tables) else "")  # once, under the last
        grid.rows.extend([frequency.label, f"{frequency.made:,}", frequency.expected_text, frequency.side,
                          chance_text(frequency.tail), one_in_text(frequency.tail)] for frequency in rows)
        show(grid)
    if made.feature_rounds:
        say(f"{counted(made.feature_rounds, 'round')} at a feature's bet left out of the hands against the odds")


def percent(value: float) -> str:
    return f"{value * 100:.2f}%"


def _show(report: Report) -> None:
    total = report.total
    if not total.hands:
        say(report.record_lines()[0])
        if report.standing is not None:
            say(report.standing.line())
        return
    since = f" since {report.since:%Y-%m-%d %H:%M}" if report.since else ""
    columns = [Column("Table", right=False), Column("Hands"), Column("Coin-in"), Column("Coin-out"),
               Column("Return"), Column("Expected"), Column("Perfect")]
    grid = Grid(f"Every hand on record{since}, table by table", columns,
                note="Expected: the exact return of the holds you made; Perfect: of the best holds.")
    for table in report.tables:
        grid.rows.append([table.paytable.name, *_figures(table.tally)])
    if len(report.tables) > 1:
        grid.footer.append(["All tables", *_figures(total)])
    show(grid)
    for line in report.record_lines():  # the session and ledger screens say the same lines
        say(line)
    for line in report.luck_lines():
        say(line)
    if report.doubles.count:
        say(report.doubles.text())
    for table in report.tables:
        categories = Grid(f"{table.paytable.name}: hands made, against perfect play's count",
                          [Column("Hand", right=False), Column("Count"), Column("Expected")])
        categories.rows.extend([count.label, f"{count.count:,}", count.expected_text]
                               for count in table.categories)
        show(categories)
    if report.biggest:
        wins = Grid("Biggest wins", [Column("When", right=False), Column("Table", right=False),
                                     Column("Hand", right=False), Column("Win")])
        wins.rows.extend([f"{datetime.fromtimestamp(win.at):%Y-%m-%d %H:%M}", win.paytable, win.label,
                          f"{win.win:,}"] for win in report.biggest)
        show(wins)
    if report.balance is not None:
        say(report.balance.text())
    if report.standing is not None:
        say(report.standing.line())
    for note in report.notes:  # why the books are not checked, what is not yet on record
        say(note)


def _figures(tally: Tally) -> list[str]:
    return [f"{tally.hands:,}", f"{tally.coin_in:,}", f"{tally.coin_out:,}", percent(tally.actual_return),
            percent(tally.expected_return), percent(tally.perfect_return)]
