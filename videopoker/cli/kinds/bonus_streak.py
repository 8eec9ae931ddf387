"""The command line of Ultimate X Bonus Streak: ``analyze`` gives its exact return over the lines'
queues (3- and 5-play; 10-play bounded), the states most in play and what they are worth, and what
a machine found is worth (``--found``); ``hint`` takes each line's queue (``--streaks``)."""

from __future__ import annotations

import argparse
from typing import Any

from videopoker.cli.kinds.base import KindCommands, hands_grid
from videopoker.cli.output import Column, Grid, say, show
from videopoker.cli.plotting import answered_in_json, plot_written
from videopoker.cli.progress import solved_with_progress
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak
from videopoker.storage.usertext import quote

#: States in play less often than this are left out of the text table (``--json`` has every one).
SHOWN_CHANCE = 0.01


def streaks_text(text: str) -> str:
    """--streaks 2-3-4,12-12,-: checked for its characters here, for its queues against the table later."""
    if not text or len(text) > 400 or not set(text) <= set("0123456789-, "):
        raise argparse.ArgumentTypeError(f"streaks are one queue a line, next hand first, like 2-3-4,12-12,- "
                                         f"(- for none), got {quote(text, 24)}")
    return text.replace(" ", "")


def show_bonus_streak(paytable: Paytable, args: argparse.Namespace) -> int:
    from videopoker.analysis.features.bonus_streak.solve import MOST_EXACT_LINES, analyze_bonus_streak, check_lines

    found = args.found
    lines = found.count(",") + 1 if found is not None else args.multi
    if found is not None and args.multi is not None and lines != args.multi:
        raise VideoPokerError(f"--found gives {lines} queues but --multi {args.multi}; give one queue a line")
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    offered = feature.offered_lines
    if found is not None and lines not in offered:
        raise VideoPokerError(f"--found {found[:40]}: {lines} queues, but {paytable.name!r} gives its streaks for "
                              f"{', '.join(map(str, offered))} hands a round; give one queue a line")
    if lines is not None and lines > MOST_EXACT_LINES and found is None:
        return show_bounds(paytable, args, lines)
    lines = check_lines(paytable, lines)
    analysis = solved_with_progress(lambda progress: analyze_bonus_streak(paytable, lines, progress))
    machine = found_machine(paytable, found) if found is not None else {}
    data = analysis.to_json() | ({"found": machine} if machine else {})
    if answered_in_json(args, "analysis", data):
        return 0
    show(hands_grid(f"{paytable.name} — {lines}-play, every hand, per coin of the whole bet", paytable,
                    analysis.rows(), "Return: the hand's pays times its line's multiplier, over the queues as "
                    "they come", sum(analysis.frequencies), analysis.rtp))
    show(states_grid(analysis))
    say(f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins a hand, each hold chosen for the lines' queues")
    say(f"Base game's holds on every queue: {analysis.rtp_plain_holds * 100:.4f}%; the base game at "
        f"{paytable.max_coins} coins: {analysis.base_rtp * 100:.4f}%")
    low, high = (bound / analysis.bet * 100 for bound in analysis.bounds)
    say(f"Proved by the last sweep: {low:.8f}% to {high:.8f}%")
    if machine:
        say(f"Found at {machine['streaks']} (next hand {machine['next_hand']}X in all):")
        say(f"  played on at {analysis.coins} coins a hand: {machine['value']:+,.2f} coins beside a fresh machine;")
        say(f"  played only while a round is worth its bet, then left: {machine['vulture']:+,.2f} coins "
            f"({'worth playing' if machine['worth_playing'] else 'not worth a round'})")
    plot_written(args.plot, json=False)
    return 0


def states_grid(analysis: Any) -> Grid:
    """The states most in play: each line's queue, the next hand's multipliers, how often, what worth."""
    from videopoker.paytable.kinds.bonus_streak import line_multiplier, queues_text

    grid = Grid(f"{analysis.paytable.name} — {analysis.lines}-play, the lines' queues, perfect play",
                [Column("Streaks", right=False), Column("Next hand"), Column("In play"), Column("Value")],
                note=f"Value: in coins, beside every queue empty; states in play less than {SHOWN_CHANCE:.0%}: "
                     f"--json")
    chain = analysis.chain
    ranked = sorted(range(len(chain.states)), key=lambda state: -analysis.probabilities[state])
    for state in ranked:
        chance = analysis.probabilities[state]
        if chance < SHOWN_CHANCE:
            break
        queues = chain.state_queues(state)
        grid.rows.append([queues_text(queues), f"{sum(map(line_multiplier, queues))}X", f"{chance:.2%}",
                          f"{analysis.values[state]:+,.2f}"])
    return grid


def found_machine(paytable: Paytable, text: str) -> dict[str, Any]:
    """``--found 2-4,-,12``: what a machine found with these queues is worth, played on and vultured."""
    from videopoker.analysis.features.bonus_streak.found import vulture_values
    from videopoker.analysis.features.bonus_streak.hint import streaks_state
    from videopoker.analysis.features.bonus_streak.solve import analyze_bonus_streak
    from videopoker.paytable.kinds.bonus_streak import line_multiplier, queues_text

    state = streaks_state(paytable, {"streaks": streaks_text(text)})
    analysis = analyze_bonus_streak(paytable, len(state.queues))
    vulture = vulture_values(paytable, len(state.queues))
    place = analysis.chain.index(state.queues)
    return {"streaks": queues_text(state.queues), "next_hand": sum(map(line_multiplier, state.queues)),
            "value": analysis.values[place], "vulture": float(vulture.values[place]),
            "worth_playing": bool(vulture.values[place] > 0)}


def show_bounds(paytable: Paytable, args: argparse.Namespace, lines: int) -> int:
    """10-play: not solved exactly here; bounded by the best state-blind strategy and 5-play's optimum."""
    from videopoker.analysis.features.bonus_streak.bounds import bounds

    found = solved_with_progress(lambda progress: bounds(paytable, lines, progress))
    data = found.to_json()
    if answered_in_json(args, "analysis", data):
        return 0
    say(f"{paytable.name} — {lines}-play is not solved exactly (its states are over a million); its return is")
    say(f"  at least {found.lower * 100:.4f}% (the best holds that ignore the queues, played exactly)")
    say(f"  at most  {found.upper * 100:.4f}% ({found.upper_lines}-play's exact optimum: a {found.upper_lines}-line "
        f"player can copy any {lines}-line play)")
    say(f"  a gap of {(found.upper - found.lower) * 100:.4f} points; the base game's holds: "
        f"{found.plain * 100:.4f}%")
    plot_written(args.plot, json=False)
    return 0


class BonusStreakCommands(KindCommands):
    reads_found = True

    def add_options(self, command: str, parser: argparse.ArgumentParser) -> None:
        if command == "hint":
            parser.add_argument("--streaks", type=streaks_text, default=None, metavar="Q,Q,...",
                                help="Bonus Streak: each line's queue of multipliers, next hand first, - for none "
                                     "(2-3-4,12-12,-)")

    def options(self, command: str) -> tuple[str, ...]:
        return ("streaks",) if command == "hint" else ()

    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_bonus_streak(paytable, args)
