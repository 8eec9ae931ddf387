"""The play, analyze and hint commands: each reads its arguments, asks the engine, prints a table."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path

from videopoker.cli.holds import every_hold, top_holds
from videopoker.cli.kinds import commands_of, foreign_options, kind_options
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.progress import progress_bar
from videopoker.cli.promotions import promotion_lines, promotions_of
from videopoker.deck.cards import Card, check_deck, check_hand, parse_cards
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable, apply_settings, paytable_reference, resolve_paytable
from videopoker.storage.home import home_dir
from videopoker.storage.usertext import counted


def run_play(args: argparse.Namespace) -> int:
    """The machine.  Its paytable, the wallet's folder and lock are checked before the screen
    starts (in :func:`run_machine`), so each problem is one line here, not a flash of the screen."""
    from videopoker.tui.app import run_machine

    return run_machine(getattr(args, "paytable", None), getattr(args, "seed", None), getattr(args, "multi", None))


def run_drill(args: argparse.Namespace) -> int:
    """The machine opened on the drill screen; its problems are refused as the play command's are."""
    from videopoker.tui.app import run_machine

    return run_machine(args.paytable, drills=True)


def run_edit(args: argparse.Namespace) -> int:
    """The paytable editor; a table that cannot be shown as a grid (no game, not YAML) is refused here."""
    from videopoker.tui.editor_app import open_draft, run_editor

    return run_editor(open_draft(args.paytable))  # a table it cannot open is one line, before the screen


def coins_text(count: int) -> str:
    return counted(count, "coin")


def run_analyze(args: argparse.Namespace) -> int:
    from videopoker.analysis import analyze
    from videopoker.analysis.solve.exact import one_in_text
    from videopoker.cli.plotting import answered_in_json, check_plot, plot_written

    if args.plot is not None and args.tui:
        raise VideoPokerError("--plot draws the command's figures; the analysis screen (--tui) has its own: "
                              "leave out one of them")
    check_plot(args.plot)
    paytable = apply_settings(resolve_paytable(args.paytable), args.set)
    meter = meter_for(paytable, args.meter)
    feature = paytable.feature if paytable.plays_feature(args.coins) else None
    stray = foreign_options("analyze", feature, args)
    if stray is not None:
        raise VideoPokerError(stray.refusal(paytable))
    if args.found is not None and (feature is None or not commands_of(feature).reads_found or args.tui):
        raise VideoPokerError(f"--found: {paytable.name!r} at this bet keeps no state a machine is found in"
                              if not args.tui else "--found values a machine found in a state; the screen "
                              "(--tui) has no room for it: leave out one of them")
    args.priced_with = promotions_of(args)
    if args.priced_with and args.tui:
        raise VideoPokerError("the analysis screen (--tui) takes cash back in its bankroll pane; leave out "
                              "--tui to see the promotions' part of the return")
    if not args.tui and feature is not None:
        answered = commands_of(feature).show_analysis(paytable, args)
        if args.priced_with and not args.json:
            from videopoker.analysis.features.registry import engine_of

            game = engine_of(feature).solved(paytable, args.multi)
            for line in promotion_lines(args.priced_with, float(game.rtp)):
                say(line)
        return answered
    args.multi = args.multi or 1
    if args.tui:
        from videopoker.tui.analysis_app import run_analysis

        coins = paytable.top_bet if feature is not None else paytable.base_bet(args.coins)
        return run_analysis(paytable, coins, meter, args.multi)
    at_top = args.coins in (None, paytable.max_coins)
    solved = paytable.at_meter(meter) if meter is not None and at_top else paytable
    with progress_bar() as bar:
        if bar is None:
            analysis = analyze(solved, args.coins)
        else:
            task = bar.add_task("building draw tables", total=1.0)
            analysis = analyze(solved, args.coins,
                               lambda done, stage: bar.update(task, completed=done, description=stage))
    progressive = None
    if meter is not None and at_top:
        from videopoker.analysis.tables.progressive import meter_return

        progressive = meter_return(paytable, meter, analysis)
    data = analysis.to_json(args.multi) | (progressive.to_json() if progressive else {})
    if answered_in_json(args, "analysis", data):
        return 0
    grid = Grid(f"{paytable.name} — {coins_text(analysis.coins)}, perfect play, per coin bet",
                [Column("Hand", right=False), Column("Pays"), Column("Combinations"), Column("Probability"),
                 Column("1 in"), Column("Return")])
    for row in analysis.rows:
        grid.rows.append([paytable.game.label(row.category), f"{float(row.pays):g}", f"{row.combinations:,}",
                          f"{float(row.probability):.8f}", one_in_text(row.probability),
                          f"{float(row.contribution):.6f}"])
    grid.footer.append(["Total", "", f"{analysis.total_combinations:,}", "1.00000000", "",
                        f"{float(analysis.rtp):.6f}"])
    show(grid)
    figures = f"Return {float(analysis.rtp) * 100:.4f}%  variance {float(analysis.variance):.4f}  " \
              f"SD {analysis.standard_deviation:.4f}"
    cycle = f"{paytable.game.label(analysis.top_category).lower()} every {analysis.top_cycle:,.0f} hands"
    for line in [f"{figures}  {cycle}"] if len(figures) + len(cycle) < 79 else [figures, cycle]:
        say(line)
    if args.multi > 1:
        say(f"{args.multi}-play: SD {analysis.multi_standard_deviation(args.multi):.4f} per hand "
            f"(covariance of two hands of a round {analysis.covariance:.4f})")
    if progressive is not None:
        for line in progressive.lines():
            say(line)
    if args.priced_with:
        for line in promotion_lines(args.priced_with, float(analysis.rtp)):
            say(line)
    if paytable.double_up:
        from videopoker.machine.double_up import even_bet_line

        say(even_bet_line())
    elif meter is not None:
        say(f"The progressive meter pays only at {paytable.max_coins} coins; at this bet the table's fixed pays hold.")
    plot_written(args.plot, json=False)
    return 0


def meter_for(paytable: Paytable, asked: int | None) -> int | None:
    """The meter to analyse a table at: ``--meter``, else the meter as the wallet has it now, else
    its base; ``None`` for a table without one (where ``--meter`` is refused)."""
    from videopoker.analysis.tables.progressive import check_meter

    if paytable.progressive is None:
        if asked is not None:
            check_meter(paytable, asked)  # says why not
        return None
    if asked is not None:
        check_meter(paytable, asked)
        return asked
    return int(played_meter(home_dir(), paytable))


def played_meter(home: Path, paytable: Paytable) -> Fraction:
    """The meter of ``paytable`` as the wallet in ``home`` has it (read, never locked), else its base."""
    from videopoker.machine.wallet_content import peek_saved

    assert paytable.progressive is not None
    base = Fraction(paytable.progressive.base)
    peeked = peek_saved(home)  # a wallet that cannot be read: the analysis is still right at base
    return base if peeked is None else peeked[1].meters.get(paytable_reference(paytable), base)


def read_hand(paytable: Paytable, words: list[str]) -> tuple[Card, ...]:
    """The dealt hand in ``words``: five different cards, all in the game's deck."""
    hand = parse_cards(" ".join(words))
    check_hand(hand)
    game = paytable.game
    deck = f"{game.title} ({game.deck_size} cards{', no joker' if not game.jokers else ''})"
    check_deck(hand, game.definition.deck, deck)
    return hand


def run_hint(args: argparse.Namespace) -> int:
    from videopoker.analysis.solve.hint import best_holds

    paytable = resolve_paytable(args.paytable)
    answered = commands_of(paytable.feature).own_hint(paytable, args) if paytable.feature is not None else None
    if answered is not None:
        return answered
    hand = read_hand(paytable, args.cards)
    options = kind_options("hint", args)
    if paytable.feature is not None or any(value not in (None, False) for value in options.values()):
        from videopoker.analysis.features.registry import asked_state  # no state on a plain table asked none

        state = asked_state(paytable, options, args.coins)
        if state is not None:
            from videopoker.cli.state_hint import show_state_hint

            return show_state_hint(paytable, hand, state, args)
    holds = best_holds(paytable, hand, args.coins)
    multiplier = holds[0].multiplier if holds[0].worth is not None else None  # the worths' multiplier
    if args.json:
        from videopoker.analysis.solve.hint import hint_json

        print(json.dumps(hint_json(paytable, hand, holds), indent=2))
        return 0
    coins = args.coins or paytable.top_bet
    title = f"{' '.join(c.label for c in hand)} — {paytable.name}, {coins_text(coins)}, EV per coin"
    played = paytable.as_played(coins)  # the hands the holds' draws are judged as
    show(every_hold(title, played, holds) if args.all else top_holds(title, played, coins, holds))
    if multiplier is not None and paytable.feature is not None:
        for line in commands_of(paytable.feature).hint_notes(paytable, multiplier):
            say(line)
    return 0
