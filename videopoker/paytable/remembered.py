"""Checked paytables remembered by their text, so a command does not parse the same YAML again.

A remembered table is only ever one that passed every check, kept with a digest of its content
(:mod:`videopoker.storage.remembered`); anything odd is ignored and the file parsed as usual.  A game
written in the table is kept as its definition (the table's text is all of it); a game named by
key is read from its file again, which is remembered by its own text, so editing a game file is
seen by every table that plays it.
"""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError
from videopoker.paytable.pays import Paytable, Progressive
from videopoker.rules.catalog import game_of_data, load_game
from videopoker.storage.remembered import recall as recall_data
from videopoker.storage.remembered import remember as remember_data
from videopoker.storage.yamlfile import parse_document, read_text

#: The code whose conclusions are remembered: a change to it forgets them.
SOURCES = ("paytable", "rules", "storage/yamlfile.py", "storage/remembered.py")


def recall(text: str, default_name: str) -> Paytable | None:
    """The checked paytable of ``text``, if it was remembered (its ``source`` is left unset)."""
    data = recall_data("paytables", SOURCES, text, default_name)
    try:
        inline = data["definition"] is not None
        game = game_of_data(data["game"], data["definition"], True) if inline else load_game(data["game"])
        pays = {str(key): tuple(amounts) for key, amounts in data["pays"].items()}
        meter = data["progressive"]
        progressive = None if meter is None else Progressive(meter["hand"], meter["base"],
                                                             Fraction(meter["rate"]))
        kept = data.get("feature")
        feature = None
        if kept is not None:
            from videopoker.paytable.feature_checking import feature_of_data  # only a feature table's

            feature = feature_of_data(kept, game, data["max_coins"], max(totals[-1] for totals in pays.values()))
        paytable = Paytable(data["name"], game, data["max_coins"], pays, progressive=progressive,
                            double_up=data["double_up"] is True, feature=feature)
    except (ValueError, KeyError, TypeError, AttributeError, PaytableError, ZeroDivisionError):
        return None
    whole = (isinstance(paytable.name, str) and type(paytable.max_coins) is int and set(pays) == set(game.paying)
             and all(len(amounts) == paytable.max_coins and all(type(n) is int and n >= 0 for n in amounts)
                     for amounts in pays.values()))
    meter_whole = progressive is None or (progressive.hand in pays and type(progressive.base) is int
                                          and 0 < progressive.rate < 1)
    return paytable if whole and meter_whole else None


def remember(text: str, default_name: str, paytable: Paytable) -> None:
    """Keep what the checks concluded about ``text``."""
    data: dict[str, Any] = {"name": paytable.name, "game": paytable.game.key,
                            "definition": paytable.game.definition.data() if paytable.game.inline else None,
                            "max_coins": paytable.max_coins,
                            "pays": {category: list(amounts) for category, amounts in paytable.pays.items()},
                            "progressive": paytable.progressive.to_json() if paytable.progressive else None,
                            "double_up": paytable.double_up,
                            "feature": paytable.feature.to_json() if paytable.feature else None}
    remember_data("paytables", SOURCES, data, text, default_name)


def load_paytable(path: str | os.PathLike[str]) -> Paytable:
    """Read and validate the paytable file at ``path``: what the checks concluded of its text if
    they were remembered, else checked now (the checks load only then: a command that reads a
    shipped table starts without them)."""
    file = Path(path)
    text = read_text(file)
    paytable = recall(text, file.stem)
    if paytable is None:
        from videopoker.paytable.checking import check_document

        paytable = check_document(parse_document(text, str(file)), str(file), file.stem)
        remember(text, file.stem, paytable)
    return replace(paytable, source=file)
