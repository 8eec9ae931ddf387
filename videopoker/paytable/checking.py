"""Checking a parsed paytable document: every problem found, each with its place and its fix.

Problems are collected as :class:`~videopoker.errors.Problem` values (file, line, column,
message) and raised together, so ``validate`` lists them all and an editor can mark each cell.
A bad ``game`` or ``max_coins`` does not hide the problems in ``pays``: the pays are still checked
as far as they can be.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from videopoker.errors import PaytableError, Problem
from videopoker.evaluate import GAMES, Game, PayCategory
from videopoker.paytable.pays import (
    DEFAULT_MAX_COINS,
    MAX_COINS_LIMIT,
    MAX_PAY,
    Paytable,
    amount_problem,
    is_whole,
    per_coin_totals,
)
from videopoker.paytable.reading import parse_document, read_text
from videopoker.paytable.remembered import recall, remember
from videopoker.usertext import first_control, quote

if TYPE_CHECKING:
    from ruamel.yaml.comments import CommentedMap

TOP_KEYS = ("name", "game", "max_coins", "pays")
#: A name is a title shown above a table and on the machine: long enough for any real one.
MAX_NAME_LENGTH = 60
#: Problems reported from one file; beyond this they are counted, not listed.
MAX_PROBLEMS = 20
_CATEGORY_KEYS = frozenset(category.value for category in PayCategory)


@dataclass
class _Checker:
    """Collects every problem of one document with its place."""

    where: str
    problems: list[Problem] = field(default_factory=list)

    def add(self, position: tuple[int, int] | None, message: str, key: str = "", coins: int = 0) -> None:
        line, column = position if position else (0, 0)
        self.problems.append(Problem(self.where, line + 1, column + 1, message, key, coins))


def _key_position(node: Any, key: Any) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.key(key))
    except (AttributeError, KeyError, TypeError):
        return None


def _value_position(node: Any, key: Any) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.value(key))
    except (AttributeError, KeyError, TypeError):
        return None


def _item_position(node: Any, index: int) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.item(index))
    except (AttributeError, KeyError, TypeError, IndexError):
        return None


def describe(value: Any) -> str:
    """A short, literal account of a value for a message (``the text 'six'``, ``a list``)."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {quote(value)}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, int) and value.bit_length() > 64:  # never print (or build) a huge number's digits
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    text = repr(value)
    return text if len(text) <= 20 else f"{text[:12]}… ({len(text):,} characters)"


def _key_text(key: Any) -> str:
    return quote(key) if isinstance(key, str) else describe(key)


def _check_name(document: CommentedMap, default_name: str, check: _Checker) -> str:
    name = document.get("name", default_name)
    place = _value_position(document, "name")
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


def _check_game(document: CommentedMap, check: _Checker) -> Game | None:
    if "game" not in document:
        check.add(None, f"missing key 'game'; add e.g. `game: jacks-or-better` (games: {', '.join(GAMES)})", "game")
        return None
    key = document["game"]
    if isinstance(key, str) and key in GAMES:
        return GAMES[key]
    got = f"game {quote(key)}" if isinstance(key, str) else f"game: got {describe(key)}"
    check.add(_value_position(document, "game"), f"unknown {got}; use one of {', '.join(GAMES)}", "game")
    return None


def _check_max_coins(document: CommentedMap, check: _Checker) -> int | None:
    max_coins = document.get("max_coins", DEFAULT_MAX_COINS)
    if is_whole(max_coins) and 1 <= max_coins <= MAX_COINS_LIMIT:
        return int(max_coins)
    check.add(_value_position(document, "max_coins"), f"max_coins must be a whole number "
              f"1..{MAX_COINS_LIMIT}, got {describe(max_coins)}", "max_coins")
    return None


def _check_amounts(key: str, value: Any, max_coins: int | None, place: tuple[int, int] | None,
                   check: _Checker) -> tuple[int, ...] | None:
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
                check.add(_item_position(value, index), f"pay for {quote(key)} at {index + 1} coin(s) "
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


def _check_pays(document: CommentedMap, game: Game | None, max_coins: int | None,
                check: _Checker) -> dict[PayCategory, tuple[int, ...]]:
    if "pays" not in document:
        check.add(None, "missing key 'pays'; add a mapping of category to coins paid per coin", "pays")
        return {}
    from ruamel.yaml.comments import CommentedMap

    pays = document["pays"]
    if not isinstance(pays, CommentedMap):
        check.add(_value_position(document, "pays"), f"pays must be a mapping of category to coins, "
                  f"got {describe(pays)}", "pays")
        return {}
    result: dict[PayCategory, tuple[int, ...]] = {}
    for key, value in pays.items():
        known = isinstance(key, str) and key in _CATEGORY_KEYS
        if game is not None and not (known and key in game.paying):
            allowed = ", ".join(game.paying)
            problem = f"{_key_text(key)} is not paid in {game.key}" if known else f"unknown category {_key_text(key)}"
            check.add(_key_position(pays, key), f"{problem}; {game.key} pays {allowed}", str(key))
            continue
        amounts = _check_amounts(str(key), value, max_coins, _value_position(pays, key), check)
        if known and amounts is not None:
            result[PayCategory(key)] = amounts
    if game is not None:
        missing = [c for c in game.paying if c not in pays]
        if missing:
            check.add(_key_position(document, "pays"), f"pays lacks {', '.join(missing)}, which "
                      f"{game.key} needs; add e.g. `{missing[0]}: 1` (use 0 for no pay)", "pays")
    return result


def _first_problems(problems: list[Problem]) -> list[Problem]:
    """At most MAX_PROBLEMS, then one line counting the rest: a hostile file cannot flood the screen."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = len(problems) - MAX_PROBLEMS + 1
    return [*problems[:MAX_PROBLEMS - 1], Problem(problems[0].where, 0, 0, f"and {rest:,} more problems")]


def check_document(document: Any, where: str, default_name: str) -> Paytable:
    """Validate a parsed paytable document, raising one :class:`PaytableError` with every problem."""
    from ruamel.yaml.comments import CommentedMap  # loaded with the document it checks

    check = _Checker(where)
    if not isinstance(document, CommentedMap):
        check.add(None, "a paytable is a mapping with keys name, game, max_coins and pays; got "
                  f"{describe(document)}")
        raise PaytableError(*check.problems)
    for key in document:
        if key not in TOP_KEYS:
            check.add(_key_position(document, key), f"unknown key {_key_text(key)}; a paytable has "
                      f"{', '.join(TOP_KEYS)}")
    name = _check_name(document, default_name, check)
    game = _check_game(document, check)
    max_coins = _check_max_coins(document, check)
    pays = _check_pays(document, game, max_coins, check)
    if check.problems or game is None or max_coins is None:
        raise PaytableError(*_first_problems(check.problems))
    return Paytable(name, game, max_coins, pays)


def load_paytable(path: str | os.PathLike[str]) -> Paytable:
    """Read and validate the paytable file at ``path``."""
    file = Path(path)
    text = read_text(file)
    paytable = recall(text, file.stem)
    if paytable is None:
        paytable = check_document(parse_document(text, str(file)), str(file), file.stem)
        remember(text, file.stem, paytable)
    return Paytable(paytable.name, paytable.game, paytable.max_coins, paytable.pays, file)
