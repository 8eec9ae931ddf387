"""What every kind's reader shares: the table it is read for, where its problems go, and the
readers of values more than one kind writes (the feature's coins, weights, numbers, chances).

A problem is told with its place in the file (or the feature's place, for kept JSON, which has
none) and the fix, as every check of a paytable is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from videopoker.paytable.feature import MAX_FEATURE_COINS, MAX_WEIGHT, Weights
from videopoker.paytable.pays import is_whole
from videopoker.rules.lookup import Game
from videopoker.storage.yamlfile import Position, describe, item_position, key_position, key_text, value_position


@dataclass(frozen=True)
class Reading:
    """A feature being read for a table: its game and ``max_coins`` (None where the table's own
    did not read), its largest total at ``max_coins``, and ``add(place, message)`` for a problem."""

    game: Game | None
    max_coins: int | None
    top_total: int | None
    add: Callable[[Position, str], None]

    @property
    def title(self) -> str:
        return self.game.title if self.game is not None else "the game"


def near(key: Any, choices: list[str], cutoff: float = 0.6) -> str:
    """"did you mean 'x'? " for the choice nearest a mistyped ``key``, or nothing."""
    found = difflib.get_close_matches(key, choices, n=1, cutoff=cutoff) if isinstance(key, str) else []
    return f"did you mean {found[0]!r}? " if found else ""


def read_coins(spec: Mapping[Any, Any], reading: Reading) -> int:
    """``coins``: the bet a hand that plays the feature, above ``max_coins``; 0 with a problem told."""
    written: Any = spec.get("coins")
    least = (reading.max_coins or 0) + 1
    coins = int(written) if is_whole(written) and least <= written <= MAX_FEATURE_COINS else 0
    if not coins:
        reading.add(value_position(spec, "coins"), f"feature coins must be the bet per hand that plays the feature, "
                    f"a whole number above max_coins ({reading.max_coins}) and at most {MAX_FEATURE_COINS}, got "
                    f"{describe(written)}")
    return coins


def number(key: Any) -> int | None:
    """A key written as a whole number: ``10`` in a file, ``"10"`` in kept JSON."""
    if is_whole(key):
        return int(key)
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9:
        return int(key)
    return None


def chance(written: Any) -> Fraction | None:
    """A chance 0 <= p < 1 as written: a decimal number (read as the decimal it shows) or "n/d"."""
    if isinstance(written, bool):
        return None
    try:
        read = Fraction(str(written)) if isinstance(written, (int, float, str)) else None
    except (ValueError, ZeroDivisionError):
        return None
    return read if read is not None and 0 <= read < 1 else None


def decimal(chance: Fraction) -> float | str:
    """A chance as a file writes it: a decimal number where it is one, else ``"n/d"``."""
    as_float = float(chance)
    return as_float if Fraction(str(as_float)) == chance else f"{chance.numerator}/{chance.denominator}"


def read_weights(spec: Mapping[Any, Any], key: str, what: str, low: int, high: int, example: str,
                 reading: Reading) -> Weights | None:
    """``key: {value: weight, ...}``: slices of a wheel of ``what`` (each ``low..high``), sorted."""
    add = reading.add
    table = spec.get(key)
    place = value_position(spec, key)
    if not isinstance(table, Mapping) or not table:
        add(place, f"{key} must map each {what} to its weight, like {example}, got {describe(table)}")
        return None
    slices: list[tuple[int, int]] = []
    problems = False
    for value, weight in table.items():
        read = number(value)
        if read is None or not low <= read <= high:
            add(key_position(table, value), f"{key}: {key_text(value)} is not a {what}; a {what} is a whole number "
                f"{low:,}..{high:,}")
            problems = True
        elif any(read == seen for seen, _ in slices):
            add(key_position(table, value), f"{key}: the {what} {read:,} is given twice; give each once")
            problems = True
        if not is_whole(weight) or not 0 <= weight <= MAX_WEIGHT:
            add(value_position(table, value), f"{key}: the weight of {key_text(value)} must be a whole number "
                f"0..{MAX_WEIGHT:,} (how many equally likely stops it has), got {describe(weight)}")
            problems = True
        if not problems and read is not None:
            slices.append((read, int(weight)))
    if not problems and sum(weight for _, weight in slices) == 0:
        add(place, f"{key}: the weights total 0, so nothing can be drawn; give at least one a weight above 0")
        problems = True
    return None if problems else tuple(sorted(slices))


def read_hands(spec: Mapping[Any, Any], key: str, named: str, does: str, hands: list[str] | None, word: str,
               reading: Reading) -> tuple[str, ...] | None:
    """``key: [hand, ...]``: hands of the game (``hands``, each a ``word``; None: not known), each once;
    ``named`` says whose list it is in a problem, ``does`` what the hands do."""
    listed, place = spec.get(key), value_position(spec, key)
    if not isinstance(listed, list) or not listed:
        reading.add(place, f"{named} must list the hands that {does}, like [four_of_a_kind], got {describe(listed)}")
        return None
    problems = False
    for index, written in enumerate(listed):
        position = item_position(listed, index) or place
        if hands is not None and written not in hands:
            reading.add(position, f"{named} {key_text(written)} is not a {word} of {reading.title}; "
                        f"{near(written, hands)}its {word}s are {', '.join(hands)}")
            problems = True
        elif listed.index(written) != index:
            reading.add(position, f"{named} {key_text(written)} is listed twice; list each hand once")
            problems = True
    return None if problems else tuple(str(written) for written in listed)
