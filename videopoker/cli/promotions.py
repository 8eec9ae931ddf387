"""The promotions options (``--cashback 0.5%``, ``--promotions NAME``, …) of the commands that
price a game, and what they add to a return, said one way for every kind of table."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the parser is built before every command: the promotions load when they are read
    from videopoker.paytable.promotions import Promotions


def add_promotion_options(parser: argparse.ArgumentParser) -> None:
    """The options a player gives what the casino adds with; each beside a file's takes its place."""
    group = parser.add_argument_group("promotions", "what the casino adds, as percents of coin-in")
    group.add_argument("--promotions", default=None, metavar="NAME|FILE",
                       help="a promotions file: NAME.yaml in your home's promotions folder, or a path")
    group.add_argument("--cashback", default=None, metavar="P%", help="cash back, paid as credits (0.5%%)")
    group.add_argument("--points", default=None, metavar="P%",
                       help="what the points a coin played earns are worth in cash, at 1x (0.1%%)")
    group.add_argument("--points-multiplier", default=None, metavar="K", help="a points multiplier day (5)")
    group.add_argument("--free-play", default=None, metavar="P%",
                       help="free play, worth what it returns when played (0.2%%)")
    group.add_argument("--session-bonus", type=int, default=None, metavar="CREDITS",
                       help="credits a session, paid when it starts")


def promotions_of(args: argparse.Namespace) -> Promotions:
    """The promotions the command line gives (none set: none)."""
    from videopoker.paytable.promotions import promotions_given

    return promotions_given(args.promotions, args.cashback, args.points, args.points_multiplier, args.free_play,
                            args.session_bonus)


def promotion_lines(promotions: Promotions, rtp: float) -> list[str]:
    """The promotions, then the game's return, their part and the total, a coin played."""
    part = float(promotions.rate(Fraction(rtp)))
    return [f"Promotions: {', '.join(promotions.parts())}",
            f"Return a coin played: the game {rtp * 100:.4f}% + promotions {part * 100:.4f}% = "
            f"{(rtp + part) * 100:.4f}%"]
