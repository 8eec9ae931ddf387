"""A paytable's ``feature:`` read strictly: every mistake with its place and the fix.

One reader serves the file (a ruamel document, with places) and the data a cache or a wallet
kept (plain JSON, without them), so the two can never accept different features.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from videopoker.paytable.feature import (
    ACE_LOW,
    MAX_FEATURE_COINS,
    MAX_LINE_MULTIPLIER,
    MAX_MULTIPLIER,
    MAX_WEIGHT,
    MOST_LEVELS,
    TOP_RANK_NAMES,
    ULTIMATE_X_LINES,
    Feature,
    FeatureKind,
    Weights,
)
from videopoker.paytable.pays import MAX_COINS_LIMIT, MAX_PAY, is_whole
from videopoker.rules.lookup import Game
from videopoker.storage.yamlfile import (
    Findings,
    Position,
    describe,
    item_position,
    key_position,
    key_text,
    value_position,
)

KEYS = {FeatureKind.BIG_TIMES_DRAW: ("kind", "coins", "multipliers"),
        FeatureKind.TIMES_PAY: ("kind", "coins", "multipliers"),
        FeatureKind.WHEEL: ("kind", "coins", "trigger", "wheel"),
        FeatureKind.MULTI_STRIKE: ("kind", "levels", "free_ride"),
        FeatureKind.ULTIMATE_X: ("kind", "coins", "multipliers")}
EXAMPLES = {FeatureKind.BIG_TIMES_DRAW: "{kind: big times draw, coins: 10, multipliers: {2: 10, 3: 9, …, K: 1}}",
            FeatureKind.TIMES_PAY: "{kind: times pay, coins: 10, multipliers: {1: 180, 2: 1, 3: 2, …}}",
            FeatureKind.WHEEL: "{kind: wheel, coins: 6, trigger: [four_of_a_kind], wheel: {100: 5, 150: 8, …}}",
            FeatureKind.MULTI_STRIKE: "{kind: multi-strike, levels: [1, 2, 4, 8], free_ride: [0.08, 0.078, 0.078]}",
            FeatureKind.ULTIMATE_X: "{kind: ultimate x, coins: 10, multipliers: {3: {full_house: 12, flush: 11, …}}}"}
#: Every value the analysis weighs must stay an exact integer in float64 (see ``pays.MAX_PAY``).
MOST_WORTH = MAX_PAY * MAX_COINS_LIMIT
RANK_WORDS = {**{name: rank for rank, name in TOP_RANK_NAMES.items()}, "T": 10}


def read_feature(spec: Any, place: Position, game: Game | None, max_coins: int | None, top_total: int | None,
                 check: Findings) -> Feature | None:
    """The feature ``spec`` describes, or None with its problems added to ``check``.

    ``top_total`` is the table's largest total at ``max_coins``: a wheel's mean prize must stay
    exact beside it.
    """
    found = len(check.problems)

    def add(position: Position, message: str) -> None:
        check.add(position or place, message, "feature")

    if not isinstance(spec, Mapping):
        add(place, f"feature must be a mapping like {EXAMPLES[FeatureKind.BIG_TIMES_DRAW]}, got {describe(spec)}")
        return None
    kind = _kind(spec.get("kind"), value_position(spec, "kind"), add)
    if kind is None:
        return None
    for key in spec:
        if key not in KEYS[kind]:
            add(key_position(spec, key), f"unknown key {key_text(key)} in a {kind} feature; it has "
                f"{', '.join(KEYS[kind])}, like {EXAMPLES[kind]}")
    if kind is FeatureKind.MULTI_STRIKE:
        return _multi_strike(spec, max_coins, add) if len(check.problems) == found else None
    written: Any = spec.get("coins")
    least = (max_coins or 0) + 1
    coins = int(written) if is_whole(written) and least <= written <= MAX_FEATURE_COINS else 0
    if not coins:
        add(value_position(spec, "coins"), f"feature coins must be the bet per hand that plays the feature, a "
            f"whole number above max_coins ({max_coins}) and at most {MAX_FEATURE_COINS}, got {describe(written)}")
    feature = None
    if kind is FeatureKind.BIG_TIMES_DRAW:
        by_rank = _by_top_rank(spec, game, add)
        feature = None if by_rank is None else Feature(kind, coins, by_top_rank=by_rank)
    elif kind is FeatureKind.ULTIMATE_X:
        tables = _line_tables(spec, game, add)
        feature = None if tables is None else Feature(kind, coins, line_tables=tables)
    elif kind is FeatureKind.TIMES_PAY:
        slices = _weights(spec, "multipliers", "multiplier", 1, MAX_MULTIPLIER, add)
        feature = None if slices is None else Feature(kind, coins, multipliers=slices)
    else:
        trigger = _trigger(spec, game, add)
        wheel = _weights(spec, "wheel", "prize", 0, MAX_PAY, add)
        if trigger is not None and wheel is not None:
            feature = Feature(kind, coins, trigger=trigger, wheel=wheel)
            _check_exact(feature, top_total, value_position(spec, "wheel"), add)
    return feature if len(check.problems) == found else None


def _kind(kind: Any, place: Position, add: Any) -> FeatureKind | None:
    kinds = [str(k) for k in FeatureKind]
    if isinstance(kind, str) and kind in kinds:
        return FeatureKind(kind)
    near = difflib.get_close_matches(kind, kinds, n=1, cutoff=0.5) if isinstance(kind, str) else []
    hint = f"did you mean {near[0]!r}? " if near else ""
    add(place, f"unknown feature kind {key_text(kind) if kind is not None else 'nothing'}; {hint}a feature's kind "
        f"is one of {', '.join(kinds)}")
    return None


def _multi_strike(spec: Mapping[Any, Any], max_coins: int | None, add: Any) -> Feature | None:
    """``levels: [1, 2, 4, 8]`` and ``free_ride: [p1, p2, p3]``, max_coins a level."""
    levels, place = spec.get("levels"), value_position(spec, "levels")
    if (not isinstance(levels, list) or not 2 <= len(levels) <= MOST_LEVELS
            or not all(is_whole(m) and 1 <= m <= MAX_MULTIPLIER for m in levels)):
        add(place, f"multi-strike levels must list 2..{MOST_LEVELS} pay multipliers, bottom level first, each a "
            f"whole number 1..{MAX_MULTIPLIER}, like [1, 2, 4, 8], got {describe(levels)}")
        return None
    rides, place = spec.get("free_ride"), value_position(spec, "free_ride") or place
    if not isinstance(rides, list) or len(rides) != len(levels) - 1:
        add(place, f"multi-strike free_ride must list the chance of a free ride on each level but the top "
            f"({len(levels) - 1} for {len(levels)} levels), like [0.08, 0.078, 0.078], got {describe(rides)}")
        return None
    chances = []
    for index, written in enumerate(rides):
        chance = _chance(written)
        if chance is None:
            add(item_position(rides, index) or place, f"multi-strike free_ride: level {index + 1}'s chance must be "
                f"a number from 0 up to but not 1 (0.076, or \"19/250\"), got {describe(written)}")
            return None
        chances.append(chance)
    coins = len(levels) * (max_coins or 0)
    return Feature(FeatureKind.MULTI_STRIKE, coins, levels=tuple(int(m) for m in levels), free_ride=tuple(chances))


def _chance(written: Any) -> Fraction | None:
    """A chance 0 <= p < 1 as written: a decimal number (read as the decimal it shows) or "n/d"."""
    if isinstance(written, bool):
        return None
    try:
        chance = Fraction(str(written)) if isinstance(written, (int, float, str)) else None
    except (ValueError, ZeroDivisionError):
        return None
    return chance if chance is not None and 0 <= chance < 1 else None


def _line_tables(spec: Mapping[Any, Any], game: Game | None,
                 add: Any) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...] | None:
    """``multipliers: {3: {full_house: 12, ...}, 10: {...}}``: per hands a round, what each hand earns."""
    tables, place = spec.get("multipliers"), value_position(spec, "multipliers")
    offered = ", ".join(map(str, ULTIMATE_X_LINES))
    if not isinstance(tables, Mapping) or not tables:
        add(place, f"ultimate x multipliers must map hands a round ({offered}) to the multiplier each winning "
            f"hand earns its line, like {{3: {{full_house: 12, flush: 11}}}}, got {describe(tables)}")
        return None
    hands = [str(key) for key in game.paying] if game is not None else None
    read: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    problems = False
    for written, table in tables.items():
        lines = _number(written)
        if lines not in ULTIMATE_X_LINES:
            add(key_position(tables, written), f"ultimate x multipliers: {key_text(written)} is not a number of "
                f"hands a round it is played at; use {offered}")
            problems = True
            continue
        if any(lines == seen for seen, _ in read):
            add(key_position(tables, written), f"ultimate x multipliers: {lines}-play is given twice; give it once")
            problems = True
            continue
        if not isinstance(table, Mapping) or not table:
            add(value_position(tables, written), f"ultimate x multipliers for {lines}-play must map winning hands "
                f"to multipliers, like {{full_house: 12, flush: 11}}, got {describe(table)}")
            problems = True
            continue
        for key, multiplier in table.items():
            if hands is not None and key not in hands:
                near = difflib.get_close_matches(key, hands, n=1) if isinstance(key, str) else []
                hint = f"did you mean {near[0]!r}? " if near else ""
                add(key_position(table, key), f"ultimate x multipliers: {key_text(key)} is not a paying hand of "
                    f"{game.title if game else 'the game'}; {hint}its paying hands are {', '.join(hands)}")
                problems = True
            if not is_whole(multiplier) or not 1 <= multiplier <= MAX_LINE_MULTIPLIER:
                add(value_position(table, key), f"ultimate x multiplier for {key_text(key)} must be a whole number "
                    f"1..{MAX_LINE_MULTIPLIER}, got {describe(multiplier)}")
                problems = True
        order = hands if hands is not None else [str(key) for key in table]
        read.append((int(lines), tuple((key, int(table[key])) for key in order if key in table)))
    return None if problems else tuple(sorted(read))


def _number(key: Any) -> int | None:
    """A key written as a whole number: ``10`` in a file, ``"10"`` in kept JSON."""
    if is_whole(key):
        return int(key)
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9:
        return int(key)
    return None


def _rank(key: Any) -> int | None:
    """The top rank a multiplier table's key names: 2..10 as numbers, or J, Q, K, A (T for 10)."""
    number = _number(key)
    if number is not None:
        return number if 2 <= number <= 10 else None
    return RANK_WORDS.get(key) if isinstance(key, str) else None


def _by_top_rank(spec: Mapping[Any, Any], game: Game | None, add: Any) -> tuple[tuple[int, int], ...] | None:
    table = spec.get("multipliers")
    place = value_position(spec, "multipliers")
    if not isinstance(table, Mapping):
        add(place, f"big times draw multipliers must map each rank that can be the highest card dealt (aces low) "
            f"to its multiplier, like {{2: 10, 3: 9, …, K: 1}}, got {describe(table)}")
        return None
    with_ace = game is not None and game.jokers > 0
    needed = [rank for rank in TOP_RANK_NAMES if rank != ACE_LOW or with_ace]
    seen: dict[int, Any] = {}
    problems = False
    for key, multiplier in table.items():
        rank = _rank(key)
        if rank is None:
            add(key_position(table, key), f"big times draw multipliers: {key_text(key)} is not a rank; use 2..10, "
                f"J, Q, K" + (" and A" if with_ace else ""))
            problems = True
            continue
        if rank in seen:
            add(key_position(table, key), f"big times draw multipliers: rank {TOP_RANK_NAMES[rank]} is given twice "
                f"({key_text(seen[rank])} and {key_text(key)}); give each rank once")
            problems = True
            continue
        seen[rank] = key
        if rank == ACE_LOW and not with_ace:
            add(key_position(table, key), "big times draw multipliers: A is never the highest card dealt (aces are "
                "low, and without jokers five cards are never all aces); remove it")
            problems = True
        if not is_whole(multiplier) or not 1 <= multiplier <= MAX_MULTIPLIER:
            add(value_position(table, key), f"big times draw multiplier for {TOP_RANK_NAMES[rank]} must be a whole "
                f"number 1..{MAX_MULTIPLIER}, got {describe(multiplier)}")
            problems = True
    missing = [rank for rank in needed if rank not in seen]
    if missing:
        why = " (with jokers, four aces and a joker are topped by an ace)" if ACE_LOW in missing else ""
        names = ", ".join(TOP_RANK_NAMES[rank] for rank in missing)
        add(place, f"big times draw multipliers miss {names}{why}: give a "
            f"multiplier for every rank that can be the highest card dealt, aces low")
        problems = True
    if problems:
        return None
    return tuple((rank, int(table[seen[rank]])) for rank in sorted(seen))


def _weights(spec: Mapping[Any, Any], key: str, what: str, low: int, high: int, add: Any) -> Weights | None:
    table = spec.get(key)
    place = value_position(spec, key)
    example = "{1: 180, 2: 1, 3: 2}" if key == "multipliers" else "{100: 5, 150: 8, 2000: 3}"
    if not isinstance(table, Mapping) or not table:
        add(place, f"{key} must map each {what} to its weight, like {example}, got {describe(table)}")
        return None
    slices: list[tuple[int, int]] = []
    problems = False
    for value, weight in table.items():
        number = _number(value)
        if number is None or not low <= number <= high:
            add(key_position(table, value), f"{key}: {key_text(value)} is not a {what}; a {what} is a whole number "
                f"{low:,}..{high:,}")
            problems = True
        elif any(number == seen for seen, _ in slices):
            add(key_position(table, value), f"{key}: the {what} {number:,} is given twice; give each once")
            problems = True
        if not is_whole(weight) or not 0 <= weight <= MAX_WEIGHT:
            add(value_position(table, value), f"{key}: the weight of {key_text(value)} must be a whole number "
                f"0..{MAX_WEIGHT:,} (how many equally likely stops it has), got {describe(weight)}")
            problems = True
        if not problems and number is not None:
            slices.append((number, int(weight)))
    if not problems and sum(weight for _, weight in slices) == 0:
        add(place, f"{key}: the weights total 0, so nothing can be drawn; give at least one a weight above 0")
        problems = True
    return None if problems else tuple(sorted(slices))


def _trigger(spec: Mapping[Any, Any], game: Game | None, add: Any) -> tuple[str, ...] | None:
    trigger = spec.get("trigger")
    place = value_position(spec, "trigger")
    if not isinstance(trigger, list) or not trigger:
        add(place, f"wheel trigger must list the hands that spin the wheel, like [four_of_a_kind], got "
            f"{describe(trigger)}")
        return None
    hands = [str(key) for key in game.categories if key != "nothing"] if game is not None else None
    problems = False
    for index, key in enumerate(trigger):
        position = item_position(trigger, index) or place
        if hands is not None and key not in hands:
            near = difflib.get_close_matches(key, hands, n=1) if isinstance(key, str) else []
            hint = f"did you mean {near[0]!r}? " if near else ""
            add(position, f"wheel trigger {key_text(key)} is not a hand of {game.title if game else 'the game'}; "
                f"{hint}its hands are {', '.join(hands)}")
            problems = True
        elif trigger.index(key) != index:
            add(position, f"wheel trigger {key_text(key)} is listed twice; list each hand once")
            problems = True
    return None if problems else tuple(str(key) for key in trigger)


def _check_exact(feature: Feature, top_total: int | None, place: Position, add: Any) -> None:
    """The analysis weighs a trigger hand at its pay plus the mean prize, both times the mean's
    denominator: that must stay within the exact range every pay does."""
    mean, _ = feature.prize_moments()
    if top_total is None:
        return
    worth = (top_total + max(prize for prize, _ in feature.wheel)) * mean.denominator
    if worth > MOST_WORTH:
        add(place, f"wheel: its weights make the mean prize {mean.numerator:,}/{mean.denominator:,}, which with "
            f"the table's top pay is beyond exact arithmetic; give weights with a smaller total (or one that "
            f"divides the prizes' weighted sum)")


def feature_of_data(data: Any, game: Game, max_coins: int, top_total: int) -> Feature:
    """A feature kept as data (a remembered file, a wallet's round), checked as a file's is;
    ValueError with the first problem if it does not read."""
    findings = Findings("feature")
    feature = read_feature(data, None, game, max_coins, top_total, findings)
    if feature is None:
        raise ValueError(findings.problems[0].message if findings.problems else "not a feature")
    return feature
