"""What every kind's reader shares: the table it is read for, where its problems go, and the
readers of values more than one kind writes (the feature's coins, weights, numbers, chances).

A problem is told with its place in the file (or the feature's place, for kept JSON, which has
none) and the fix, as every check of a paytable is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from videopoker.paytable.feature import MAX_FEATURE_COINS, MAX_WEIGHT, Weights
from videopoker.paytable.pays import MAX_PAY, is_whole
from videopoker.rules.lookup import Game
from videopoker.storage.yamlfile import Position, describe, item_position, key_position, key_text, value_position

Value = TypeVar("Value")


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


def read_hand_tables(spec: Mapping[Any, Any], reading: Reading, key: str, what: str, offered: Sequence[int],
                     earns: str, example: str, inner: str,
                     read_value: Callable[[Mapping[Any, Any], Any], Value | None]
                     ) -> tuple[tuple[int, tuple[tuple[str, Value], ...]], ...] | None:
    """``key: {3: {full_house: ..., flush: ...}, 10: {...}}``: per hands a round (one of ``offered``),
    what each listed paying hand earns its line, read by ``read_value(table, hand)`` (None with its
    problem told), in the game's order of hands; None with every problem told.  ``what`` names the
    key in a message (``ultimate x multipliers``), ``earns`` and ``example`` say what the key maps
    hands a round to, ``inner`` what one table maps hands to, with an example."""
    add, game = reading.add, reading.game
    tables, place = spec.get(key), value_position(spec, key)
    choices = ", ".join(map(str, offered))
    if not isinstance(tables, Mapping) or not tables:
        add(place, f"{what} must map hands a round ({choices}) to {earns}, like {example}, got {describe(tables)}")
        return None
    hands = [str(hand) for hand in game.paying] if game is not None else None
    read: list[tuple[int, tuple[tuple[str, Value], ...]]] = []
    problems = False
    for written, table in tables.items():
        lines = number(written)
        if lines is None or lines not in offered:
            add(key_position(tables, written), f"{what}: {key_text(written)} is not a number of hands a round it is "
                f"played at; use {choices}")
            problems = True
            continue
        if any(lines == seen for seen, _ in read):
            add(key_position(tables, written), f"{what}: {lines}-play is given twice; give it once")
            problems = True
            continue
        if not isinstance(table, Mapping) or not table:
            add(value_position(tables, written), f"{what} for {lines}-play must map {inner}, got {describe(table)}")
            problems = True
            continue
        values: dict[str, Value] = {}
        for hand in table:
            if hands is not None and hand not in hands:
                add(key_position(table, hand), f"{what}: {key_text(hand)} is not a paying hand of {reading.title}; "
                    f"{near(hand, hands)}its paying hands are {', '.join(hands)}")
                problems = True
            value = read_value(table, hand)
            if value is None:
                problems = True
            else:
                values[str(hand)] = value
        order = hands if hands is not None else list(values)
        read.append((lines, tuple((hand, values[hand]) for hand in order if hand in values)))
    return None if problems else tuple(sorted(read))


def read_pays(spec: Mapping[Any, Any], named: str, where: str, reading: Reading) -> tuple[tuple[str, int], ...] | None:
    """``pays: {four_of_a_kind: 800}``: per coin at ``max_coins``, what a hand pays ``where`` (in
    Shockwave's mode, at Quick Quads' bet), in the game's order of hands; ``named`` says whose
    table it is in a problem."""
    table, place = spec.get("pays"), value_position(spec, "pays")
    if not isinstance(table, Mapping) or not table:
        reading.add(place, f"{named} must map hands to what they pay a coin {where}, like {{four_of_a_kind: 800}}, "
                    f"got {describe(table)}")
        return None
    game = reading.game
    hands = [str(category) for category in game.paying] if game is not None else None
    most = MAX_PAY // max(reading.max_coins or 1, 1)
    problems = False
    for key, pay in table.items():
        if hands is not None and key not in hands:
            reading.add(key_position(table, key), f"{named}: {key_text(key)} is not a paying hand of "
                        f"{reading.title}; {near(key, hands)}its paying hands are {', '.join(hands)}")
            problems = True
        if not is_whole(pay) or not 1 <= pay <= most:
            reading.add(value_position(table, key), f"{named}: the pay of {key_text(key)} must be a whole number of "
                        f"coins a coin, 1..{most:,}, got {describe(pay)}")
            problems = True
    if problems:
        return None
    order = hands if hands is not None else [str(key) for key in table]
    return tuple((key, int(table[key])) for key in order if key in table)
