"""Promotions: what a casino pays a player beside the game — cash back, points, free play and a
session bonus — read from the command line (``--cashback 0.5%``) or from a small YAML file the
player keeps beside their paytables (``$VIDEOPOKER_HOME/promotions/NAME.yaml``), checked as a
paytable is: every problem with its file:line:col and its fix.

A file::

    name: Tuesdays at the Gold Coast
    cashback: 0.5%          # of coin-in, paid as credits
    points: 0.1%            # what the points a coin played earns are worth, at 1x
    points_multiplier: 5    # a 5x points day
    free_play: 0.2%         # of coin-in, paid as free play
    session_bonus: 20       # credits, once a session

Rates are of coin-in (every coin bet), written as percents.  Free play is worth what it returns
when played (its face times the game's return), cash back and points their face.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError, Problem
from videopoker.storage.home import home_dir
from videopoker.storage.usertext import quote
from videopoker.storage.yamlfile import (
    Findings,
    describe,
    key_position,
    key_text,
    parse_document,
    read_document,
    value_position,
)

#: The rates a file or the command line may give, and what each is, for messages.
RATES = {"cashback": "cash back", "points": "points", "free_play": "free play"}
KEYS = ("name", *RATES, "points_multiplier", "session_bonus")
#: A promotion above this is a typing mistake, not a casino's offer.
MOST_RATE = Fraction(25, 100)
MOST_MULTIPLIER = 100
MOST_BONUS = 10_000_000
_PERCENT = re.compile(r"\s*([0-9]{1,3}(?:\.[0-9]{1,6})?)\s*%\s*")
_MULTIPLIER = re.compile(r"\s*([0-9]{1,3}(?:\.[0-9]{1,3})?)\s*[xX×]?\s*")
EXAMPLE = "cashback: 0.5%"


@dataclass(frozen=True)
class Promotions:
    """What a casino adds to the game, per coin played (and once a session)."""

    cashback: Fraction = Fraction(0)
    points: Fraction = Fraction(0)             # the points' cash worth at 1x, of coin-in
    points_multiplier: Fraction = Fraction(1)
    free_play: Fraction = Fraction(0)
    session_bonus: int = 0                     # credits
    name: str = ""

    def __bool__(self) -> bool:
        return bool(self.cashback or self.points or self.free_play or self.session_bonus)

    def rate(self, rtp: Fraction | float) -> Fraction:
        """What the promotions pay per coin played at a game returning ``rtp`` (free play is
        worth what it returns when played)."""
        return self.cashback + self.points * self.points_multiplier + self.free_play * Fraction(rtp)

    def parts(self) -> list[str]:
        """Each promotion in a player's words, for a title: ``0.5% cash back``, ``0.1% points at 5x``."""
        said = [f"{percent_text(self.cashback)} cash back"] if self.cashback else []
        if self.points:
            multiplied = f" at {number_text(self.points_multiplier)}x" if self.points_multiplier != 1 else ""
            said.append(f"{percent_text(self.points)} points{multiplied}")
        if self.free_play:
            said.append(f"{percent_text(self.free_play)} free play")
        if self.session_bonus:
            said.append(f"{self.session_bonus:,} credits a session")
        return said

    def priced(self, rtp: float) -> dict[str, Any]:
        """What an analysis of a game returning ``rtp`` a coin bet gains in JSON: their part, the total."""
        part = float(self.rate(Fraction(rtp)))
        return {"promotions": self.to_json() | {"return": part}, "rtp_with_promotions": rtp + part}

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cashback": float(self.cashback), "points": float(self.points),
                "points_multiplier": float(self.points_multiplier), "free_play": float(self.free_play),
                "session_bonus": self.session_bonus}


#: A player who sets none.
NO_PROMOTIONS = Promotions()


def percent_text(rate: Fraction) -> str:
    return f"{number_text(rate * 100)}%"


def number_text(value: Fraction) -> str:
    return f"{float(value):.6f}".rstrip("0").rstrip(".")


def rate_problem(value: Any) -> tuple[Fraction | None, str]:
    """A rate written as a percent (``0.5%``), or why not."""
    text = value if isinstance(value, str) else None
    match = _PERCENT.fullmatch(text) if text is not None else None
    if match is None:
        return None, f"{describe(value)} is not a percent; write it like 0.5%"
    rate = Fraction(match.group(1)) / 100
    if rate > MOST_RATE:
        return None, f"{match.group(1)}% is more than any casino pays; the most taken is {percent_text(MOST_RATE)}"
    return rate, ""


def multiplier_problem(value: Any) -> tuple[Fraction | None, str]:
    """A points multiplier (``5``, ``5x``), or why not."""
    text = str(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None
    match = _MULTIPLIER.fullmatch(text) if text is not None else None
    if match is None:
        return None, f"{describe(value)} is not a multiplier; write it like 5 (a 5x points day)"
    multiplier = Fraction(match.group(1))
    if not 1 <= multiplier <= MOST_MULTIPLIER:
        return None, f"{match.group(1)}x: a points multiplier is from 1 to {MOST_MULTIPLIER}"
    return multiplier, ""


def bonus_problem(value: Any) -> tuple[int | None, str]:
    """A session bonus in whole credits, or why not."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None, f"{describe(value)} is not a number of credits; write a whole number like 20"
    if not 0 <= value <= MOST_BONUS:
        return None, f"{value:,} credits: a session bonus is from 0 to {MOST_BONUS:,}"
    return value, ""


def read_promotions(path: Path) -> Promotions:
    """The promotions of the file ``path``, every problem reported with its place and fix."""
    return check_promotions(read_document(path, "promotions file"), str(path), path.stem)


def promotions_of_mapping(given: Mapping[str, Any]) -> Promotions:
    """Promotions given as a dict in the file's terms (the API's), checked as a file is."""
    text = json.dumps(dict(given), indent=1)  # JSON is YAML: the file's checks, with places in this text
    return check_promotions(parse_document(text, "<dict>"), "<dict>", "")


def check_promotions(document: Any, where: str, default_name: str) -> Promotions:
    """A parsed promotions document checked: every problem with its place and its fix."""
    check = Findings(where)
    if not isinstance(document, Mapping):
        raise PaytableError(Problem(where, 1, 1, f"a promotions file is a mapping like '{EXAMPLE}', got "
                                    f"{describe(document)}"))
    found: dict[str, Any] = {}
    for key, value in document.items():
        if key not in KEYS:
            close = difflib.get_close_matches(str(key), KEYS, n=1)
            fix = f"did you mean {quote(close[0])}?" if close else f"use one of {', '.join(KEYS)}"
            check.add(key_position(document, key), f"unknown key {key_text(key)}; {fix}", str(key))
            continue
        place = value_position(document, key)
        if key == "name":
            if not isinstance(value, str) or not value.strip():
                check.add(place, f"name must be text, got {describe(value)}", key)
            else:
                found[key] = value.strip()
            continue
        reader = (rate_problem if key in RATES else multiplier_problem if key == "points_multiplier"
                  else bonus_problem)
        read, problem = reader(value)
        if problem:
            check.add(place, f"{key}: {problem}", key)
        else:
            found[key] = read
    if check.problems:
        raise PaytableError(*check.problems)
    name = found.pop("name", default_name)
    return Promotions(**found, name=name)


def promotions_folder() -> Path:
    return home_dir() / "promotions"


def find_promotions(name: str, said: str = "--promotions ") -> Path:
    """The file ``--promotions NAME`` means: a path, or ``NAME.yaml`` in the home's promotions folder
    (``said``: how the caller's messages name the option)."""
    given = Path(name).expanduser()
    if given.suffix in (".yaml", ".yml") or len(given.parts) > 1:
        if not given.is_file():
            raise PaytableError(f"{said}{quote(name)}: no such file")
        return given
    folder = promotions_folder()
    path = folder / f"{name}.yaml"
    if path.is_file():
        return path
    kept = sorted(found.stem for found in folder.glob("*.yaml")) if folder.is_dir() else []
    where = f"; yours: {', '.join(kept)}" if kept else f"; keep one as {folder / (name + '.yaml')}"
    raise PaytableError(f"{said}{quote(name)}: no promotions of that name{where}")


def promotions_given(file: str | None = None, cashback: str | None = None, points: str | None = None,
                     points_multiplier: str | None = None, free_play: str | None = None,
                     session_bonus: int | None = None) -> Promotions:
    """The promotions of a file (``--promotions``), with the options given beside it taking its place."""
    promotions = read_promotions(find_promotions(file)) if file else NO_PROMOTIONS
    changes: dict[str, Any] = {}
    for option, text in (("cashback", cashback), ("points", points), ("free_play", free_play)):
        if text is not None:
            changes[option] = option_value(option, rate_problem(text))
    if points_multiplier is not None:
        changes["points_multiplier"] = option_value("points_multiplier", multiplier_problem(points_multiplier))
    if session_bonus is not None:
        changes["session_bonus"] = option_value("session_bonus", bonus_problem(session_bonus))
    return replace(promotions, **changes)


def option_value(option: str, read: tuple[Any, str]) -> Any:
    value, problem = read
    if problem:
        raise PaytableError(f"--{option.replace('_', '-')}: {problem}")
    return value
