"""The simulate and bankroll commands: what a session of play does, sampled and exact."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from videopoker.cli.commands import coins_text
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, check_plot, plot_written
from videopoker.cli.progress import progress_bar, solved_with_progress
from videopoker.cli.promotions import promotion_lines, promotions_of
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable
from videopoker.storage.usertext import counted

if TYPE_CHECKING:  # numpy loads only when a command runs
    from videopoker.analysis.features.engine import WinLaw
    from videopoker.analysis.play.simulate import Simulation
    from videopoker.analysis.session.bankroll import Bankroll
    from videopoker.analysis.session.lifetime import Lifetime
    from videopoker.analysis.solve.draws import Progress


def run_simulate(args: argparse.Namespace) -> int:
    from videopoker.analysis.play.simulate import check_hands, default_hands, running
    from videopoker.analysis.play.strategies import strategy_named

    paytable = resolve_paytable(args.paytable)
    if args.multi is None:  # Ultimate X is played at the most hands a round it gives multipliers for
        args.multi = default_hands(paytable, args.coins)
    check_hands(args.hands, args.multi)  # refused before any slow preparation
    strategy = strategy_named(args.strategy, paytable, args.coins or paytable.top_bet)
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
    say(result.summary())
    rate = result.hands / result.seconds if result.seconds else float("inf")
    played = _played(result)
    say(f"{result.hands:,} {played} in {result.seconds:.2f} s, {rate / 1e6:.2f} M {played}/s; "
        f"--seed {result.seed} plays them again")
    return 0


def _played(result: Simulation) -> str:
    """What ``--hands`` counted: hands, or rounds where a round makes several final hands (a
    Multi-Strike stack, one on every level it reaches)."""
    return "rounds" if float(sum(result.expected)) > 1 else "hands"


def _frequency_grid(result: Simulation) -> Grid:
    rounds = f" in {result.multi}-hand rounds" if result.multi > 1 else ""
    grid = Grid(f"{result.paytable.name} — {coins_text(result.coins)}, {result.strategy} play, "
                f"{result.hands:,} {_played(result)}{rounds}",
                [Column("Hand", right=False), Column("Count"), Column("Percent"), Column("Expected %")])
    for category, count, expected in zip(result.paytable.game.categories, result.counts, result.expected):
        grid.rows.append([result.paytable.game.label(category), f"{count:,}", f"{count / result.hands * 100:.5f}",
                          f"{float(expected) * 100:.5f}"])
    total = sum(result.counts)  # a Multi-Strike round makes a final hand on every level it reaches
    grid.footer.append(["Total", f"{total:,}", f"{total / result.hands * 100:.5f}",
                        f"{float(sum(result.expected)) * 100:.5f}"])
    if total != result.hands:
        grid.note = "Percent: final hands per 100 rounds, over the levels each round reaches"
    return grid


def run_bankroll(args: argparse.Namespace) -> int:
    """A bankroll's lifetime figures (the risk from ``--credits``, the bankroll a risk needs, Kelly,
    N0) and, with ``--hands``, the exact odds of a session; promotions in both."""
    from videopoker.analysis.session.bankroll import bankroll, lifetime_json, lifetime_of, round_hands, session_law

    if args.hands is not None and args.credits is None:
        raise VideoPokerError("--hands is a session's length: give the bankroll it starts with too (--credits B)")
    check_plot(args.plot)
    paytable = resolve_paytable(args.paytable)
    promotions = promotions_of(args)

    def work(progress: Progress) -> tuple[WinLaw, Bankroll | None]:
        law = session_law(paytable, args.coins, args.multi, lambda done, stage: progress(0.3 * done, stage))
        if args.hands is None:
            return law, None
        return law, bankroll(law, args.credits, args.hands, promotions,
                             lambda done, stage: progress(0.3 + 0.7 * done, stage))

    law, odds = solved_with_progress(work)
    multi = round_hands(law)
    each = "a hand" if multi == 1 else f"a round of {multi} hands"
    played = counted(args.hands, "hand" if multi == 1 else "round") if args.hands is not None else ""
    lifetime = odds.lifetime if odds is not None and odds.lifetime is not None else lifetime_of(law, promotions)
    start = None if args.credits is None else args.credits + promotions.session_bonus
    data = (odds.to_json() | {"multi": multi} if odds is not None
            else lifetime_json(law, lifetime, args.credits, promotions, multi))
    if answered_in_json(args, "bankroll", data):
        return 0
    if odds is not None:
        grid = Grid(f"{paytable.name} — {coins_text(odds.coins)} {each}, perfect play, "
                    f"{counted(args.credits, 'credit')} for {played}",
                    [Column("Session", right=False), Column("Odds")])
        grid.rows.extend([label, value] for label, value in odds.lines(forever=False))
        show(grid)
        if odds.error_bound is not None:
            say("Too long a session to work out exactly in seconds: these figures are a Brownian")
            say("motion's with the game's exact mean and variance per hand (see the manual).")
    grid = Grid(f"{paytable.name} — {coins_text(law.coins)} {each}, perfect play, playing forever",
                [Column("Lifetime", right=False), Column("")])
    grid.rows.extend([label, value] for label, value in lifetime.lines(start))
    show(grid)
    if promotions:
        for line in promotion_lines(promotions, float(law.rtp)):
            say(line)
    say(lifetime_note(lifetime, start))
    plot_written(args.plot, json=False)
    return 0


def lifetime_note(lifetime: Lifetime, credits: int | None) -> str:
    """How exact the lifetime figures are, in one line."""
    if not lifetime.positive:
        return "A game that returns less than it takes breaks every bankroll in the end."
    if credits is not None and len(set(lifetime.risk(credits))) == 1:
        return "Exact: a round loses at most one step of the credits (see the manual)."
    return "Risks are between two proven bounds; a bankroll surely keeps under its risk."
