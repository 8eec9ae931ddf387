"""Every argument of the API checked at its door, by its name: one rule per name, the same for
every function that takes it (``coins`` means one thing everywhere), and a refusal is one
:class:`~videopoker.errors.ArgumentError` line naming the function, the argument, what it got
and what to give, as a command line's usage error does.

:func:`checked` wraps a public function; a parameter without a rule here is a mistake caught when
the module is imported, so a new argument cannot slip past unchecked.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import os
import reprlib
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any, ParamSpec, TypeVar

from videopoker.errors import ArgumentError
from videopoker.machine.round import PLAY_LINES
from videopoker.paytable import MAX_PAY, Paytable
from videopoker.paytable.feature import MAX_FEATURE_COINS
from videopoker.storage.yamlfile import MAX_DEPTH, MAX_FILE_BYTES

P = ParamSpec("P")
R = TypeVar("R")

#: The largest count (hands, credits) the API takes: the command line's 18 digits.
MOST_COUNT = 10**18 - 1
#: The largest seed: the command line's 40 digits.
MOST_SEED = 10**40 - 1
#: Values a dict table may hold in all (a paytable file is at most 64 KiB: a few hundred).
MOST_VALUES = 10_000


class Refused(Exception):
    """What a rule says the argument should be; :func:`checked` makes it the user's line."""


def _whole(value: Any, low: int, high: int, what: str, example: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= int(value) <= high:
        span = f"{low:,}..{high:,}" if high < 10**9 else f"from {low:,}, of up to {len(str(high))} digits"
        raise Refused(f"{what} is a whole number {span}, like {example}")
    return int(value)


def _optional(rule: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else rule(value)


def _text(what: str, example: str) -> Callable[[Any], str]:
    def rule(value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise Refused(f"{what} is text, like {example}")
        return value
    return rule


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Refused("give True or False")
    return value


def _table(value: Any) -> Any:
    if isinstance(value, Paytable | str) and value != "":
        return value
    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return value
    if isinstance(value, Mapping):
        _plain_data(value)
        return value
    raise Refused("give a shipped name like 'jacks-or-better-9-6', a path, a dict in the file format or what "
                  "vp.load returned")


def _plain_data(table: Mapping[Any, Any]) -> None:
    """A dict table is what a file could say: text, numbers, lists and dicts, a few levels deep,
    each once (walked without recursion, so a dict 5,000 deep or holding itself is refused, not
    overflowed)."""
    stack: list[tuple[Any, int, str]] = [(table, 1, "")]
    containers: set[int] = set()  # a file has no aliases: each list or dict is met once
    while stack:
        value, depth, where = stack.pop()
        if len(containers) + len(stack) > MOST_VALUES:
            raise Refused(f"a dict of over {MOST_VALUES:,} values is no paytable (a file is at most "
                          f"{MAX_FILE_BYTES // 1024} KiB)")
        if isinstance(value, Mapping | list | tuple):
            if id(value) in containers:
                raise Refused(f"it holds itself, or one part twice (at {where}); give plain data, as a file would")
            containers.add(id(value))
            if depth > MAX_DEPTH:
                raise Refused(f"nested more than {MAX_DEPTH} deep (at {where}); a paytable or game is a few "
                              "levels deep")
            if isinstance(value, Mapping):
                for key in value:
                    if not isinstance(key, str | int) or isinstance(key, bool):
                        raise Refused(f"the key {reprlib.repr(key)} at {where or 'the top'} is not text or a "
                                      "whole number")
                stack.extend((item, depth + 1, f"{where}.{key}".lstrip(".")) for key, item in value.items())
            else:
                stack.extend((item, depth + 1, f"{where}[{n}]") for n, item in enumerate(value))
        elif not (value is None or isinstance(value, str | bool | int)
                  or (isinstance(value, float) and math.isfinite(value))):
            raise Refused(f"{where or 'the top'} is {shown(value)}; a table holds text, finite numbers, lists and "
                          "dicts, as a file does")


def _cards(value: Any) -> str:
    """A dealt hand as text (``"Ah Kh Qh Jh 9c"``) or as a list of cards (``["Ah", "Kh", ...]``),
    as the command line takes it in one word or several."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and value and all(isinstance(card, str) for card in value):
        return " ".join(value)
    raise Refused("give five cards as text, like 'Ah Kh Qh Jh 9c', or a list, like ['Ah', 'Kh', 'Qh', 'Jh', '9c']")


def _multipliers(value: Any) -> tuple[int, ...]:
    if isinstance(value, list | tuple) and len(value) <= 100:
        return tuple(_whole(each, 1, 10**6, "a multiplier", "12") for each in value)
    raise Refused("give each line's multiplier in a tuple, like (12, 1, 1)")


def _vary(value: Any) -> dict[str, tuple[int, ...]]:
    """Each varied pay's values, read at most one past the most a pay can take (an endless
    iterable, like ``itertools.count()``, is refused there instead of filling the memory)."""
    if not isinstance(value, Mapping) or not value:
        raise Refused("give the pays to vary by hand, like {'full_house': range(5, 10)}")
    most = MAX_PAY + 1  # every pay 0..MAX_PAY once
    varied: dict[str, tuple[int, ...]] = {}
    for key, pays in value.items():
        if not isinstance(key, str) or isinstance(pays, str | bytes) or not isinstance(pays, Iterable):
            raise Refused("give the pays to vary by hand, like {'full_house': range(5, 10)}")
        taken = []
        for pay in pays:
            taken.append(pay)
            if len(taken) > most:
                raise Refused(f"{key!r} gives over {most:,} pays (endless?); give a range, like range(5, 10)")
        varied[key] = tuple(_whole(pay, 0, MAX_PAY, f"a pay per coin of {key}", "8") for pay in taken)
    return varied


def _client(value: Any) -> Any:
    if value is not None and not callable(getattr(value, "submit", None)):
        raise Refused("give a dask.distributed Client, or None to solve here")
    return value


def _since(value: Any) -> datetime | None:
    if value is not None and not isinstance(value, datetime):
        raise Refused("give a datetime, like datetime(2026, 11, 24)")
    return value


def _home(value: Any) -> Any:
    if value is not None and not (isinstance(value, str | os.PathLike) and isinstance(os.fspath(value), str)):
        raise Refused("give a folder as text or a Path")
    return value


def _promotions(value: Any) -> Any:
    """A promotions file's name or path, or a dict in its terms (checked as a file is, later)."""
    if (isinstance(value, str) and value.strip()) or isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value) and len(value) <= 10:
        return dict(value)
    raise Refused("give a promotions file's name or path, or a dict like {'cashback': '0.5%'}")


def _hands_a_round(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) not in PLAY_LINES:
        raise Refused(f"a machine deals {', '.join(map(str, PLAY_LINES))} hands a round, like multi=3")
    return int(value)


#: Each argument's rule, by name, for every function of the API.
RULES: dict[str, Callable[[Any], Any]] = {
    "table": _table,
    "coins": _optional(lambda value: _whole(value, 1, MAX_FEATURE_COINS, "a bet", "coins=5")),
    "multi": _optional(_hands_a_round),
    "hands": _optional(lambda value: _whole(value, 1, MOST_COUNT, "a count of hands", "hands=1000")),
    "credits": _optional(lambda value: _whole(value, 1, MOST_COUNT, "a count of credits", "credits=1000")),
    "promotions": _optional(_promotions),
    "seed": _optional(lambda value: _whole(value, 0, MOST_SEED, "a seed", "seed=7")),
    "strategy": _text("a strategy", "'optimal', 'hold-nothing', 'random' or a chart file"),
    "cards": _cards,
    "multipliers": _multipliers,
    "level": _optional(lambda value: _whole(value, 1, MOST_COUNT, "a level", "level=2")),  # the table checks the top
    "free_ride": _flag,
    "vary": _vary,
    "where": _optional(_text("a condition", "'rtp > 0.99'")),
    "client": _client,
    "yes": _flag,
    "paytable": _optional(_text("a table's name", "'jacks-or-better-9-6'")),
    "since": _since,
    "home": _home,
}


def shown(value: Any) -> str:
    """The argument as a message quotes it: short, one line, safe for any value (a dict that holds
    itself, 5,000 deep, an endless iterable)."""
    brief = reprlib.Repr()  # Python 3.11 takes no settings as arguments
    brief.maxlevel, brief.maxstring, brief.maxother, brief.maxlist, brief.maxtuple, brief.maxdict = 2, 30, 30, 4, 4, 3
    text = " ".join(brief.repr(value).split())
    return text if len(text) <= 60 else text[:59] + "…"


def checked(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` with each argument given checked by its rule (and made the type the function
    expects: a list of cards a text, a vary's iterables tuples) before it runs."""
    signature = inspect.signature(function)
    unruled = [name for name in signature.parameters if name not in RULES]
    if unruled:
        raise TypeError(f"{function.__name__}: no rule in videopoker.api.checks for {', '.join(unruled)}")

    @functools.wraps(function)
    def calling(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:
            raise ArgumentError(f"vp.{function.__name__}: {error}; see help(vp.{function.__name__})") from None
        for name, value in bound.arguments.items():
            try:
                bound.arguments[name] = RULES[name](value)
            except Refused as refusal:
                raise ArgumentError(f"vp.{function.__name__}: {name}={shown(value)}: {refusal}") from None
        return function(*bound.args, **bound.kwargs)

    return calling
