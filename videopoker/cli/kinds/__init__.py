"""The command line's registry: each feature kind's commands, by the name a paytable gives the
kind.  The parser, ``analyze`` and ``hint`` find a kind's options, report and notes here; adding a
kind is its module beside the others and one line below."""

from __future__ import annotations

import argparse
from typing import Any

from videopoker.cli.kinds.base import KindCommands
from videopoker.cli.kinds.bonus_streak import BonusStreakCommands
from videopoker.cli.kinds.by_round import BigTimesDrawCommands, QuickQuadsCommands, TimesPayCommands, WheelCommands
from videopoker.cli.kinds.dream_card import DreamCardCommands
from videopoker.cli.kinds.multi_strike import MultiStrikeCommands
from videopoker.cli.kinds.shockwave import ShockwaveCommands
from videopoker.cli.kinds.ultimate_x import UltimateXCommands
from videopoker.paytable.feature import Feature

COMMANDS: dict[str, KindCommands] = {
    "big times draw": BigTimesDrawCommands(),
    "times pay": TimesPayCommands(),
    "wheel": WheelCommands(),
    "quick quads": QuickQuadsCommands(),
    "dream card": DreamCardCommands(),
    "multi-strike": MultiStrikeCommands(),
    "ultimate x": UltimateXCommands(),
    "shockwave": ShockwaveCommands(),
    "bonus streak": BonusStreakCommands(),
}


def commands_of(feature: Feature) -> KindCommands:
    """The command line of ``feature``'s kind."""
    return COMMANDS[feature.kind]


def add_kind_options(command: str, parser: argparse.ArgumentParser) -> None:
    """Every kind's options on ``command``."""
    for kind in COMMANDS.values():
        kind.add_options(command, parser)


def kind_options(command: str, args: argparse.Namespace) -> dict[str, Any]:
    """The kinds' options of ``command`` as given (None, False: not given)."""
    return {name: getattr(args, name) for kind in COMMANDS.values() for name in kind.options(command)}


def foreign_options(command: str, feature: Feature | None, args: argparse.Namespace) -> KindCommands | None:
    """A kind whose options of ``command`` were given for a table of another kind (or none)."""
    mine = commands_of(feature) if feature is not None else None
    return next((kind for kind in COMMANDS.values() if kind is not mine
                 and any(getattr(args, name) not in (None, False) for name in kind.options(command))), None)
