"""Checked paytables remembered by their text, so a command does not parse the same YAML again.

Parsing and checking a paytable with ruamel.yaml's round-trip loader costs about 0.05 s of every
command's start (the import and the parse), for a file that rarely changes.  What the checks
concluded is kept in the cache folder under a digest of the file's exact text, the name its file
would default to, and this package's paytable code: a changed byte, a renamed file or new checks
make a new digest.  A remembered table is only ever one that passed every check; anything odd
in the cache is ignored and the file parsed as usual.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path

from videopoker.evaluate import GAMES, PayCategory
from videopoker.home import cache_dir
from videopoker.paytable.pays import Paytable

CODE = ("checking.py", "pays.py", "reading.py", "remembered.py")


@cache
def _code_digest() -> bytes:
    digest = hashlib.sha256()
    for name in CODE:
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.digest()


def _file(text: str, default_name: str) -> Path:
    digest = hashlib.sha256(_code_digest() + default_name.encode() + b"\0" + text.encode())
    return cache_dir() / "paytables" / f"{digest.hexdigest()[:32]}.json"


def recall(text: str, default_name: str) -> Paytable | None:
    """The checked paytable of ``text``, if it was remembered (its ``source`` is left unset)."""
    try:
        data = json.loads(_file(text, default_name).read_bytes())
        game = GAMES[data["game"]]
        pays = {PayCategory(key): tuple(amounts) for key, amounts in data["pays"].items()}
        paytable = Paytable(data["name"], game, data["max_coins"], pays)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    whole = (isinstance(paytable.name, str) and type(paytable.max_coins) is int and set(pays) == set(game.paying)
             and all(len(amounts) == paytable.max_coins and all(type(n) is int and n >= 0 for n in amounts)
                     for amounts in pays.values()))
    return paytable if whole else None


def remember(text: str, default_name: str, paytable: Paytable) -> None:
    """Keep what the checks concluded about ``text`` (never raises: it is only a cache)."""
    data = {"name": paytable.name, "game": paytable.game.key, "max_coins": paytable.max_coins,
            "pays": {category.value: list(amounts) for category, amounts in paytable.pays.items()}}
    try:
        file = _file(text, default_name)
        file.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=file.parent, suffix=".tmp", delete=False) as out:
            json.dump(data, out)
        os.replace(out.name, file)
    except OSError:
        pass
