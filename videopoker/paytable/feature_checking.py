"""A paytable's ``feature:`` read strictly: every mistake with its place and the fix.

One reader serves the file (a ruamel document, with places) and the data a cache or a wallet
kept (plain JSON, without them), so the two can never accept different features.  It finds the
kind in :data:`~videopoker.paytable.kinds.KINDS`, checks the keys that kind takes, and lets the
kind read the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from videopoker.paytable.feature import Feature
from videopoker.paytable.feature_reading import Reading, near
from videopoker.rules.lookup import Game
from videopoker.storage.yamlfile import Findings, Position, describe, key_position, key_text, value_position


def read_feature(spec: Any, place: Position, game: Game | None, max_coins: int | None, top_total: int | None,
                 check: Findings) -> Feature | None:
    """The feature ``spec`` describes, or None with its problems added to ``check``.

    ``top_total`` is the table's largest total at ``max_coins``: a wheel's mean prize must stay
    exact beside it.
    """
    from videopoker.paytable.kinds import KINDS  # the kinds load with the first table that sells one

    found = len(check.problems)

    def add(position: Position, message: str) -> None:
        check.add(position or place, message, "feature")

    if not isinstance(spec, Mapping):
        add(place, f"feature must be a mapping like {next(iter(KINDS.values())).EXAMPLE}, got {describe(spec)}")
        return None
    if game is not None and game.definition.ordered:
        add(place, f"{game.title} pays some hands only in their places, and no feature is solved in place yet; "
            "drop `feature:` or choose a game without `order:`")
        return None
    kind = _kind(spec.get("kind"), value_position(spec, "kind"), add)
    if kind is None:
        return None
    for key in spec:
        if key not in kind.KEYS:
            add(key_position(spec, key), f"unknown key {key_text(key)} in a {kind.kind} feature; it has "
                f"{', '.join(kind.KEYS)}, like {kind.EXAMPLE}")
    feature = kind.read(spec, Reading(game, max_coins, top_total, add))
    return feature if len(check.problems) == found else None


def _kind(kind: Any, place: Position, add: Any) -> type[Feature] | None:
    from videopoker.paytable.kinds import KINDS

    if isinstance(kind, str) and kind in KINDS:
        return KINDS[kind]
    names = list(KINDS)
    add(place, f"unknown feature kind {key_text(kind) if kind is not None else 'nothing'}; "
        f"{near(kind, names, cutoff=0.5)}a feature's kind is one of {', '.join(names)}")
    return None


def feature_of_data(data: Any, game: Game, max_coins: int, top_total: int) -> Feature:
    """A feature kept as data (a remembered file, a wallet's round), checked as a file's is;
    ValueError with the first problem if it does not read."""
    findings = Findings("feature")
    feature = read_feature(data, None, game, max_coins, top_total, findings)
    if feature is None:
        raise ValueError(findings.problems[0].message if findings.problems else "not a feature")
    return feature
