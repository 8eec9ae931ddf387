"""The simulate and bankroll commands: what a session of play does, sampled and exact."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from videopoker.cli.commands import coins_text, progress_bar
from videopoker.cli.output import Column, Grid, say, show
from videopoker.paytable import resolve_paytable

if TYPE_CHECKING:  # numpy loads only when a command runs
    from videopoker.analysis.simulate import Simulation


def run_simulate(args: argparse.Namespace) -> int:
    from videopoker.analysis.simulate import check_hands, running
    from videopoker.analysis.strategies import strategy_named

    paytable = resolve_paytable(args.paytable)
    check_hands(args.hands, args.multi)  # refused before any slow preparation
    strategy = strategy_named(args.strategy, paytable, args.coins or paytable.max_coins)
    result: Simulation | None = None
    with progress_bar() as bar:
        task = None if bar is None else bar.add_task("preparing", total=1.0)

        def prepared(done: float, stage: str) -> None:
            if bar is not None:
                bar.update(task, completed=done, description=stage)

        for result in running(paytable, strategy, args.hands, args.coins, args.seed, args.multi, prepared):
            if bar is not None:
                bar.update(task, completed=result.hands / args.hands, description="playing")
    assert result is not None  # at least one batch is always played
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    show(_frequency_grid(result))
    exact = sum((p * Fraction(paytable.pay(c, result.coins), result.coins)
                 for c, p in zip(paytable.game.categories, result.expected)), Fraction(0))
    away = (result.rtp - float(exact)) / result.standard_error if result.hands > 1 else 0.0
    say(f"Return {result.rtp * 100:.4f}% ± {result.standard_error * 100:.4f} (1 SE); "
        f"exact {float(exact) * 100:.4f}%, {away:+.2f} SE away")
    rate = result.hands / result.seconds if result.seconds else float("inf")
    say(f"{result.hands:,} hands in {result.seconds:.2f} s, {rate / 1e6:.2f} M hands/s; "
        f"--seed {result.seed} plays them again")
    return 0


def _frequency_grid(result: Simulation) -> Grid:
    rounds = f" in {result.multi}-hand rounds" if result.multi > 1 else ""
    grid = Grid(f"{result.paytable.name} — {coins_text(result.coins)}, {result.strategy} play, "
                f"{result.hands:,} hands{rounds}",
                [Column("Hand", right=False), Column("Count"), Column("Percent"), Column("Expected %")])
    for category, count, expected in zip(result.paytable.game.categories, result.counts, result.expected):
        grid.rows.append([category.label, f"{count:,}", f"{count / result.hands * 100:.5f}",
                          f"{float(expected) * 100:.5f}"])
    grid.footer.append(["Total", f"{result.hands:,}", "100.00000", "100.00000"])
    return grid


def run_bankroll(args: argparse.Namespace) -> int:
    from videopoker.analysis import analyze
    from videopoker.analysis.bankroll import bankroll

    paytable = resolve_paytable(args.paytable)
    odds = bankroll(analyze(paytable, args.coins), args.credits, args.hands)
    if args.json:
        print(json.dumps(odds.to_json(), indent=2))
        return 0
    grid = Grid(f"{paytable.name} — {coins_text(odds.coins)} a hand, perfect play, {args.credits:,} credits "
                f"for {args.hands:,} hands", [Column("Session", right=False), Column("Odds")])
    grid.rows.append(["Broke before the end", _chance(odds.ruin)])
    grid.rows.append([f"Ending with more than {args.credits:,}", _chance(odds.ahead)])
    grid.rows.append(["Average ending credits", f"{odds.mean_end:,.1f}"])
    for percent, credits in odds.percentiles.items():
        grid.rows.append([f"Ending credits, {percent}th percentile", f"{credits:,}"])
    long_run = "not worked out (a pay is not a whole number of bets)" if odds.long_run_ruin is None \
        else _chance(odds.long_run_ruin)
    grid.rows.append(["Broke some day, playing forever", long_run])
    show(grid)
    return 0


def _chance(probability: float) -> str:
    """A probability as a percentage a reader can use, tiny ones in scientific notation."""
    if probability == 0:
        return "0%"
    if probability < 1e-14:  # below the float rounding of a sum of probabilities
        return "< 1e-12%"
    if probability < 1e-4:
        return f"{probability * 100:.2e}%"
    return f"{probability * 100:.4f}%"
