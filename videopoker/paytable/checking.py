"""Checking a parsed paytable document: every problem found, each with its place and its fix.

Problems are collected as :class:`~videopoker.errors.Problem` values (file, line, column,
message) and raised together, so ``validate`` lists them all and an editor can mark each cell.
A bad ``game`` or ``max_coins`` does not hide the problems in ``pays``: the pays are still checked
as far as they can be.
"""

from __future__ import annotations

import difflib
import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.errors import PaytableError, Problem
from videopoker.paytable.feature import Feature
from videopoker.paytable.feature_checking import read_feature
from videopoker.paytable.pays import (
    DEFAULT_MAX_COINS,
    MAX_COINS_LIMIT,
    MAX_PAY,
    Paytable,
    Progressive,
    amount_problem,
    is_whole,
    max_total,
    per_coin_totals,
)
from videopoker.rules.catalog import game_keys, inline_game, load_game
from videopoker.rules.checking import read_definition
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game
from videopoker.storage.usertext import first_control, quote
from videopoker.storage.yamlfile import (
    Findings,
    describe,
    item_position,
    key_position,
    key_text,
    value_position,
)

if TYPE_CHECKING:
    from ruamel.yaml.comments import CommentedMap

TOP_KEYS = ("name", "game", "max_coins", "pays", "progressive", "double_up", "feature")
PROGRESSIVE_KEYS = ("hand", "base", "rate")
PROGRESSIVE_EXAMPLE = "{hand: royal_flush, base: 4000, rate: 0.005}"
#: A name is a title shown above a table and on the machine: long enough for any real one.
MAX_NAME_LENGTH = 60
#: Problems reported from one file; beyond this they are counted, not listed.
MAX_PROBLEMS = 20


def _check_name(document: CommentedMap, default_name: str, check: Findings) -> str:
    name = document.get("name", default_name)
    place = value_position(document, "name")
    if not isinstance(name, str) or not name.strip():
        check.add(place, f"name must be text, got {describe(name)}", "name")
        return default_name
    name = name.strip()
    bad = first_control(name)
    if bad is not None:
        check.add(place, f"name {quote(name)} has a control character ({name[bad]!r} at character {bad + 1}); "
                  "a name is plain text", "name")
    if len(name) > MAX_NAME_LENGTH:
        check.add(place, f"name is {len(name)} characters; keep it to {MAX_NAME_LENGTH}", "name")
    return name


def _check_game(document: CommentedMap, name: str, check: Findings) -> Game | None:
    """The game a paytable plays: a game's key, or a definition written in place."""
    from ruamel.yaml.comments import CommentedMap

    if "game" not in document:
        check.add(None, f"missing key 'game'; add e.g. `game: jacks-or-better` (games: {', '.join(game_keys()[:8])}, "
                  "...) or write the game's hands in place", "game")
        return None
    key = document["game"]
    if isinstance(key, CommentedMap):
        definition = read_definition(key, check, name)
        return inline_game(definition) if definition is not None else None
    if not isinstance(key, str):
        check.add(value_position(document, "game"), f"game: got {describe(key)}; give a game's key (e.g. "
                  "jacks-or-better) or its definition (title, jokers, wild, hands)", "game")
        return None
    try:
        return load_game(key)
    except PaytableError as error:
        if error.found and error.found[0].line:  # the game's own file is wrong: its problems, its places
            check.problems.extend(error.found)
        else:
            check.add(value_position(document, "game"), str(error), "game")
        return None


def _check_max_coins(document: CommentedMap, check: Findings) -> int | None:
    max_coins = document.get("max_coins", DEFAULT_MAX_COINS)
    if is_whole(max_coins) and 1 <= max_coins <= MAX_COINS_LIMIT:
        return int(max_coins)
    check.add(value_position(document, "max_coins"), f"max_coins must be a whole number "
              f"1..{MAX_COINS_LIMIT}, got {describe(max_coins)}", "max_coins")
    return None


def _check_amounts(key: str, value: Any, max_coins: int | None, place: tuple[int, int] | None,
                   check: Findings) -> tuple[int, ...] | None:
    """The totals for 1..max_coins coins that ``value`` gives, or ``None`` after noting why not.

    With ``max_coins`` unknown (it was bad), each amount is still checked, the list length not.
    """
    from ruamel.yaml.comments import CommentedSeq

    if isinstance(value, CommentedSeq):
        if max_coins is not None and len(value) != max_coins:
            check.add(place, f"pay for {quote(key)} lists {len(value)} amounts, but max_coins is "
                      f"{max_coins}: give one total per bet of 1..{max_coins} coins", key)
            return None
        found = len(check.problems)
        for index, amount in enumerate(value):
            problem = amount_problem(amount, index + 1)
            if problem:
                check.add(item_position(value, index), f"pay for {quote(key)} at {index + 1} coin(s) "
                          f"{problem}, got {describe(amount)}", key, index + 1)
        return tuple(value) if len(check.problems) == found else None
    problem = amount_problem(value)
    if problem and is_whole(value) and value >= 0:
        check.add(place, f"pay for {quote(key)} {problem}, got {describe(value)}", key)
        return None
    if problem:
        lists = f" or a list of {max_coins} totals" if max_coins else ""
        check.add(place, f"pay for {quote(key)} {problem} (at most {MAX_PAY:,}){lists}, got {describe(value)}", key)
        return None
    return per_coin_totals(value, max_coins or DEFAULT_MAX_COINS)


def _check_progressive(document: CommentedMap, game: Game | None, max_coins: int | None,
                       check: Findings) -> Progressive | None:
    """``progressive: {hand, base, rate}``: a paying hand, its meter's base in credits at the top
    bet, and the share of each credit bet that goes on the meter."""
    if "progressive" not in document:
        return None
    from ruamel.yaml.comments import CommentedMap

    spec = document["progressive"]
    place = value_position(document, "progressive")
    if not isinstance(spec, CommentedMap):
        check.add(place, f"progressive must be a mapping like {PROGRESSIVE_EXAMPLE}, got {describe(spec)}",
                  "progressive")
        return None
    found = len(check.problems)
    for key in spec:
        if key not in PROGRESSIVE_KEYS:
            check.add(key_position(spec, key), f"unknown key {key_text(key)} in progressive; it has hand, base "
                      f"and rate, like {PROGRESSIVE_EXAMPLE}", "progressive")
    hand = spec.get("hand")
    if game is not None and hand not in game.paying:
        named = quote(hand) if isinstance(hand, str) else describe(hand)
        check.add(value_position(spec, "hand") or place, f"progressive hand {named} is not a paying hand "
                  f"of {game.title}; its hands are {', '.join(game.paying)}", "progressive")
    base, most = spec.get("base"), max_total(max_coins or DEFAULT_MAX_COINS)
    if not is_whole(base) or not 1 <= base <= most:
        check.add(value_position(spec, "base") or place, f"progressive base must be the meter's start in whole "
                  f"credits at the top bet, 1..{most:,}, got {describe(base)}", "progressive")
    rate = spec.get("rate")
    share = Fraction(repr(float(rate))) if isinstance(rate, int | float) and not isinstance(rate, bool) and \
        math.isfinite(rate) else None
    if share is None or not 0 < share < 1:
        check.add(value_position(spec, "rate") or place, f"progressive rate must be a number between 0 and 1, the "
                  f"share of each credit bet that goes on the meter (0.005), got {describe(rate)}", "progressive")
    if len(check.problems) > found or share is None:
        return None
    return Progressive(str(hand), int(base), share)


def _check_double_up(document: CommentedMap, check: Findings) -> bool:
    value = document.get("double_up", False)
    if not isinstance(value, bool):
        check.add(value_position(document, "double_up"), f"double_up must be true or false, got {describe(value)}",
                  "double_up")
        return False
    return value


def _check_pays(document: CommentedMap, game: Game | None, max_coins: int | None,
                check: Findings) -> dict[PayCategory, tuple[int, ...]]:
    if "pays" not in document:
        check.add(None, "missing key 'pays'; add a mapping of category to coins paid per coin", "pays")
        return {}
    from ruamel.yaml.comments import CommentedMap

    pays = document["pays"]
    if not isinstance(pays, CommentedMap):
        check.add(value_position(document, "pays"), f"pays must be a mapping of category to coins, "
                  f"got {describe(pays)}", "pays")
        return {}
    result: dict[PayCategory, tuple[int, ...]] = {}
    for key, value in pays.items():
        known = game is None or key in game.paying
        if not known:
            allowed = ", ".join(game.paying) if game else ""
            near = difflib.get_close_matches(str(key), list(game.paying) if game else [], n=1, cutoff=0.6)
            hint = f"did you mean {near[0]!r}? " if near else ""
            title = game.title if game else "the game"
            check.add(key_position(pays, key), f"{key_text(key)} is not a hand of {title}; {hint}its hands are "
                      f"{allowed}", str(key))
            continue
        amounts = _check_amounts(str(key), value, max_coins, value_position(pays, key), check)
        if amounts is not None:
            result[str(key)] = amounts
    if game is not None:
        missing = [c for c in game.paying if c not in pays]
        if missing:
            check.add(key_position(document, "pays"), f"pays lacks {', '.join(missing)}, which "
                      f"{game.title} pays; add e.g. `{missing[0]}: 1` (use 0 for no pay)", "pays")
    return result


def _check_feature(document: CommentedMap, game: Game | None, max_coins: int | None,
                   pays: dict[PayCategory, tuple[int, ...]], progressive: Progressive | None,
                   check: Findings) -> Feature | None:
    """``feature: {kind, coins, ...}``: a bet above max_coins that buys a multiplier or a wheel."""
    if "feature" not in document:
        return None
    place = value_position(document, "feature")
    if progressive is not None:
        check.add(key_position(document, "feature"), "a table runs a progressive meter or sells a feature, not "
                  "both; remove one of them", "feature")
        return None
    top = max((totals[-1] for totals in pays.values()), default=None)
    return read_feature(document["feature"], place, game, max_coins, top, check)


def _first_problems(problems: list[Problem]) -> list[Problem]:
    """At most MAX_PROBLEMS, then one line counting the rest: a hostile file cannot flood the screen."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = len(problems) - MAX_PROBLEMS + 1
    return [*problems[:MAX_PROBLEMS - 1], Problem(problems[0].where, 0, 0, f"and {rest:,} more problems")]


def check_document(document: Any, where: str, default_name: str) -> Paytable:
    """Validate a parsed paytable document, raising one :class:`PaytableError` with every problem."""
    from ruamel.yaml.comments import CommentedMap  # loaded with the document it checks

    check = Findings(where)
    if not isinstance(document, CommentedMap):
        check.add(None, "a paytable is a mapping with keys name, game, max_coins and pays; got "
                  f"{describe(document)}")
        raise PaytableError(*check.problems)
    for key in document:
        if key not in TOP_KEYS:
            check.add(key_position(document, key), f"unknown key {key_text(key)}; a paytable has "
                      f"{', '.join(TOP_KEYS)}")
    name = _check_name(document, default_name, check)
    game = _check_game(document, name, check)
    max_coins = _check_max_coins(document, check)
    pays = _check_pays(document, game, max_coins, check)
    progressive = _check_progressive(document, game, max_coins, check)
    double_up = _check_double_up(document, check)
    feature = _check_feature(document, game, max_coins, pays, progressive, check)
    if check.problems or game is None or max_coins is None:
        raise PaytableError(*_first_problems(check.problems))
    return Paytable(name, game, max_coins, pays, progressive=progressive, double_up=double_up, feature=feature)
