"""Data a wallet or a cache kept, read strictly: each reader takes a mapping, a key and where the
mapping stands in the file (``round.below[0]``), and gives the value or a ``ValueError`` naming
that place, so a damaged file is refused with one line saying what is wrong where.

They serve every floor that reads kept data, down to each feature kind's state
(:mod:`videopoker.paytable.kinds`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from videopoker.deck.cards import HAND_SIZE, Card
from videopoker.errors import CardError
from videopoker.rules.checking import KEY_FORM, MAX_KEY_LENGTH
from videopoker.rules.definition import NOTHING, PayCategory

#: The longest text a kept file may hold in one field.
MAX_TEXT = 1000


def field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where} is not a mapping")
    if key not in data:
        raise ValueError(f"{where} lacks {key!r}")
    return data[key]


def whole(data: Any, key: str, where: str, low: int, high: int) -> int:
    value = field(data, key, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where}.{key} is not a whole number")
    if not low <= value <= high:
        raise ValueError(f"{where}.{key} {value if abs(value) < 10**18 else 'of many digits'} "
                         f"outside {low:,}..{high:,}")
    return value


def text(data: Any, key: str, where: str) -> str:
    value = field(data, key, where)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise ValueError(f"{where}.{key} is not a short text")
    if any(unicodedata.category(char) == "Cc" for char in value):
        raise ValueError(f"{where}.{key} holds control characters")
    return value


def listed(data: Any, key: str, where: str, most: int) -> list[Any]:
    value = field(data, key, where)
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{where}.{key} is not a list of at most {most}")
    return value


def cards(data: Any, key: str, where: str) -> tuple[Card, ...]:
    items = listed(data, key, where, HAND_SIZE)
    if len(items) != HAND_SIZE or not all(isinstance(item, str) and len(item) <= 3 for item in items):
        raise ValueError(f"{where}.{key} is not five cards")
    try:
        cards = tuple(Card.parse(item) for item in items)
    except CardError as error:
        raise ValueError(f"{where}.{key}: {error}") from None
    if len(set(cards)) != HAND_SIZE:
        raise ValueError(f"{where}.{key} has a card twice")
    return cards


def flags(data: Any, key: str, where: str) -> tuple[bool, ...]:
    items = listed(data, key, where, HAND_SIZE)
    if len(items) != HAND_SIZE or not all(isinstance(item, bool) for item in items):
        raise ValueError(f"{where}.{key} is not five true/false flags")
    return tuple(items)


def category(data: Any, where: str) -> PayCategory:
    category = field(data, "category", where)
    if not isinstance(category, str) or not (category == NOTHING or KEY_FORM.fullmatch(category)) or \
            len(category) > MAX_KEY_LENGTH:
        raise ValueError(f"{where}.category is not a hand's key")
    return category


def boolean(data: Any, key: str, where: str) -> bool:
    value = field(data, key, where)
    if not isinstance(value, bool):
        raise ValueError(f"{where}.{key} is not true or false")
    return value
