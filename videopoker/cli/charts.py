"""The strategy command: a chart derived for a paytable, and the exact return of any chart."""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.cli.commands import coins_text
from videopoker.cli.output import Column, Grid, say, say_item, show
from videopoker.cli.progress import progress_bar
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable, resolve_paytable
from videopoker.storage.usertext import counted

if TYPE_CHECKING:  # numpy loads only when a chart is solved
    from videopoker.analysis.charts.chart import Chart
    from videopoker.analysis.charts.derive import ChartReturn, Departure
    from videopoker.analysis.charts.tiers import Tier

#: Departures ``strategy check`` lists.
DEPARTURES = 10
USAGE = "use `videopoker strategy PAYTABLE [--lines N] [-o FILE]` or `videopoker strategy check FILE PAYTABLE`"


def run_strategy(args: argparse.Namespace) -> int:
    words = args.words
    if words[0] == "check":
        if len(words) != 3:
            raise VideoPokerError(f"strategy check takes a chart FILE and a PAYTABLE; {USAGE}")
        if args.lines is not None or args.tier is not None or args.output is not None:
            raise VideoPokerError("strategy check reads a chart; --lines, --tier and -o are for deriving one")
        return _check(Path(words[1]), resolve_paytable(words[2]), args)
    if len(words) != 1:
        raise VideoPokerError(f"strategy takes one PAYTABLE; {USAGE}")
    if args.tier is not None:
        if args.lines is not None:
            raise VideoPokerError("--tier gives a chart of the ladder, --lines the best of N lines: use one")
        from videopoker.analysis.charts.tiers import tier_named

        tier_named(args.tier)  # an unknown tier is refused before the seconds of deriving
    return _derive(resolve_paytable(words[0]), words[0], args)


def _derive(paytable: Paytable, named: str, args: argparse.Namespace) -> int:
    from videopoker.analysis.charts.chart import chart_file
    from videopoker.analysis.charts.derive import derive_chart
    from videopoker.analysis.charts.patterns import legend
    from videopoker.paytable.writing import check_target, save_text

    if args.output is not None:
        check_target(args.output, force=args.force, example="chart.txt")  # before the seconds of deriving, not after
    tiers: list[Tier] = []
    with progress_bar() as bar:
        task = None if bar is None else bar.add_task("deriving the chart", total=1.0)

        def progress(done: float, stage: str) -> None:
            if bar is not None:
                bar.update(task, completed=done, description=stage)

        if args.tier is not None:
            from videopoker.analysis.charts.tiers import ladder, tier_named

            tiers = ladder(paytable, args.coins, progress)[:tier_named(args.tier) + 1]
            result = tiers[-1].played
        else:
            result = derive_chart(paytable, args.coins, args.lines, progress)
    if args.output is not None:
        save_text(args.output, chart_file(result.chart, _heading(result, tiers)), force=args.force)
    if args.json:
        print(json.dumps(_derived_json(result, tiers), indent=2))
        return 0
    base = f", {paytable.base_game_words}" if paytable.feature is not None else ""
    say(f"Strategy chart for {paytable.name} ({paytable.game.title}), {coins_text(result.analysis.coins)}{base}"
        f"{_tier_words(tiers)}; the first line that fits the dealt hand says what to hold:")
    added = tiers[-1].added if tiers else frozenset()
    for line in result.chart.numbered():
        number, _, text = line.partition(". ")
        new = number.strip().isdigit() and int(number) - 1 in added
        say_item(f"{number}. + {text}" if new else line)  # an exception, indented, says its line's
    for line in _summary(result):
        say(line)
    if tiers:
        _show_ladder(tiers)
    for line in legend(result.chart.texts()):
        say(line)
    if args.output is not None:
        say(f"Saved to {args.output}; `videopoker strategy check {shlex.quote(str(args.output))} "
            f"{shlex.quote(named)}` reads it back")
    return 0


def _tier_words(tiers: list[Tier]) -> str:
    """``, the intermediate tier: beginner's with 2 lines added (+)``; nothing for a chart of no tier."""
    if not tiers:
        return ""
    tier = tiers[-1]
    if len(tiers) == 1:
        return f", the {tier.name} tier"
    exceptions = sum(len(line.exceptions) for line in tier.chart.lines)
    under = f" and {counted(exceptions, 'exception')} under its lines" if exceptions else ""
    return f", the {tier.name} tier: {tiers[-2].name}'s with {counted(len(tier.added), 'line')} added (+){under}"


def _show_ladder(tiers: list[Tier]) -> None:
    """Every tier up to this one: its lines, its return and its cost, each exact."""
    grid = Grid("The ladder: each tier is the one below it with lines added", [
        Column("Tier", right=False), Column("Lines"), Column("Added"), Column("Return"), Column("Cost")], keys=1,
        note="Return played literally, exactly; cost: perfect play's return less the chart's")
    for tier in tiers:
        grid.rows.append([tier.name, str(tier.chart.holding_lines), str(len(tier.added)) if tier.added else "",
                          f"{float(tier.played.rtp) * 100:.4f}%", f"{float(tier.played.cost) * 100:.4f}%"])
    show(grid)


def _heading(result: ChartReturn, tiers: list[Tier] | None = None) -> list[str]:
    paytable = result.analysis.paytable
    base = f" ({paytable.base_game_words})" if paytable.feature is not None else ""
    return [f"videopoker strategy chart for {paytable.game.title}, derived for {paytable.name} at "
            f"{coins_text(result.analysis.coins)}{base}{_tier_words(tiers or [])}",
            *_summary(result),
            "One pattern a line, best first: the first line that fits the dealt hand says what to hold.",
            "'or' puts patterns on one line (then the hold with more cards, then lower cards, wins);",
            "a hand no line fits is discarded whole.  Edit it, then: videopoker strategy check FILE PAYTABLE"]


def _summary(result: ChartReturn) -> list[str]:
    """What the chart returns, in two lines that fit 80 columns."""
    return [f"{counted(result.chart.holding_lines, 'line')}, then discard everything: "
            f"return {float(result.rtp) * 100:.4f}% played literally;",
            f"perfect play {float(result.optimal.rtp) * 100:.4f}%; cost {float(result.cost) * 100:.4f}%"]


def _derived_json(result: ChartReturn, tiers: list[Tier]) -> dict[str, Any]:
    paytable = result.analysis.paytable
    added = tiers[-1].added if tiers else frozenset()
    found: dict[str, Any] = {
        "paytable": paytable.name, "game": paytable.game.key, "coins": result.analysis.coins,
        "lines": [{"rank": rank, "pattern": text.split(" or "), "text": text,
                   "exceptions": result.chart.exception_texts(rank - 1),
                   **({"added": rank - 1 in added} if tiers else {})}
                  for rank, text in enumerate(result.chart.texts(), 1)],
        "rtp": float(result.rtp), "optimal_rtp": float(result.optimal.rtp), "cost": float(result.cost)}
    if tiers:
        found["tier"] = tiers[-1].name
        found["ladder"] = [{"tier": tier.name, "lines": tier.chart.holding_lines, "added": len(tier.added),
                            "rtp": float(tier.played.rtp), "cost": float(tier.played.cost)} for tier in tiers]
    return found


def _check(file: Path, paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.charts.chart import read_chart
    from videopoker.analysis.charts.derive import chart_return, departures

    chart = read_chart(file, paytable.game)
    with progress_bar() as bar:
        task = None if bar is None else bar.add_task("checking the chart", total=1.0)
        result = chart_return(chart, paytable, args.coins)
        if bar is not None:
            bar.update(task, completed=1.0)
    found = departures(result, DEPARTURES)
    if args.json:
        print(json.dumps({"paytable": paytable.name, "game": paytable.game.key, "coins": result.analysis.coins,
                          "rtp": float(result.rtp), "optimal_rtp": float(result.optimal.rtp),
                          "cost": float(result.cost),
                          "departures": [_departure_json(chart, d) for d in found]}, indent=2))
        return 0
    say(f"{file} on {paytable.name}, {coins_text(result.analysis.coins)}")
    for line in _summary(result):
        say(line)
    if not found:
        say("It plays every dealt hand as perfect play does.")
        return 0
    grid = Grid("Where the chart departs from perfect play, costliest kinds of hand first",
                [Column("Hand", right=False), Column("Chart holds", right=False), Column("Line"),
                 Column("Best hold", right=False), Column("Cost"), Column("Of cost")], keys=1,
                note="Cost: EV per coin lost on the hand; Of cost: its kind's share of the cost")
    for departure in found:
        grid.rows.append([_held(chart, departure.hand), _held(chart, departure.hand, departure.chart_hold),
                          str(departure.line or "none"), _held(chart, departure.hand, departure.best_hold),
                          f"{float(departure.cost):.4f}", f"{float(departure.share) * 100:.1f}%"])
    show(grid)
    say("The best holds above, in a chart's words:")
    for departure in found:
        say(f"  {_held(chart, departure.hand, departure.best_hold)}: {departure.best_pattern or 'no pattern names it'}")
    say("The chart's lines above:")
    for number in sorted({departure.line for departure in found}):
        say(f"  {number}. {chart.words(number)}" if number else "  none: no line fits, discard everything")
    return 0


def _held(chart: Chart, hand: Any, mask: int = 0b11111) -> str:
    """The cards of a sorted hand (places in the chart's deck) that ``mask`` keeps (all five by default)."""
    deck = chart.game.definition.deck
    kept = [deck[int(index)].label for place, index in enumerate(hand) if mask >> place & 1]
    return " ".join(kept) or "nothing"


def _departure_json(chart: Chart, departure: Departure) -> dict[str, Any]:
    return {"hand": _held(chart, departure.hand), "chart_hold": _held(chart, departure.hand, departure.chart_hold),
            "line": departure.line or None, "line_text": chart.words(departure.line),
            "best_hold": _held(chart, departure.hand, departure.best_hold), "best_pattern": departure.best_pattern,
            "cost": float(departure.cost), "dealt_hands": departure.dealt, "share": float(departure.share)}
