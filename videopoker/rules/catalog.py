"""Which game a key names: the player's own (``$VIDEOPOKER_HOME/games/KEY.yaml``) first, then the
shipped ones (``videopoker/games/KEY.yaml``), each read, checked and compiled once per process.

A game is compiled once per (key, definition): every paytable of Jacks or Better shares one
lookup table, and a definition written inline in a paytable gets the same treatment under a key
made from its title.

>>> game = load_game("jacks-or-better")
>>> game.title, game.categories[-3:-1]
('Jacks or Better', ('two_pair', 'jacks_or_better'))
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError
from videopoker.rules.checking import check_definition, read_definition
from videopoker.rules.definition import GameDefinition
from videopoker.rules.lookup import Game
from videopoker.storage.remembered import recall, remember
from videopoker.storage.usertext import quote
from videopoker.storage.yamlfile import Findings, parse_document, read_text

SHIPPED_GAMES = Path(__file__).resolve().parent.parent / "games"
SOURCES = ("rules", "storage/yamlfile.py", "storage/remembered.py", "deck/cards.py")
GAME_KEY = re.compile(r"[a-z0-9][a-z0-9-]*")

_COMPILED: dict[tuple[str, GameDefinition, bool], Game] = {}


def game_of(key: str, definition: GameDefinition, inline: bool = False) -> Game:
    """The compiled game of ``definition``, shared by every table that plays it."""
    return _COMPILED.setdefault((key, definition, inline), Game(key, definition, inline))


def inline_game(definition: GameDefinition) -> Game:
    """The game of a definition written in a paytable, keyed by its title."""
    return game_of(slug(definition.title), definition, inline=True)


def user_games_dir() -> Path:
    from videopoker.storage.home import home_dir

    return home_dir() / "games"


def game_files() -> Iterator[Path]:
    """Every game file a key can reach: the player's own first, then the shipped ones."""
    for folder in (user_games_dir(), SHIPPED_GAMES):
        try:
            yield from sorted(folder.glob("*.yaml"))
        except OSError:
            continue


def game_keys() -> list[str]:
    """The key of every game there is, each once (a player's own file stands in for a shipped one)."""
    return sorted({file.stem for file in game_files()})


def playable_games() -> list[Game]:
    """Every game there is that reads without a problem, for a picker (a broken file is left out:
    choosing it by key says what is wrong with it)."""
    games = []
    for key in game_keys():
        try:
            games.append(load_game(key))
        except PaytableError:
            continue
    return games


def title_of_key(key: str) -> str:
    return " ".join(word.capitalize() if word not in ("or", "and", "of") else word for word in key.split("-"))


def slug(title: str) -> str:
    """A key made of a title, for a game written inline (``Aces and Faces`` → ``aces-and-faces``)."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40] or "custom"


def game_file(key: str) -> Path | None:
    for folder in (user_games_dir(), SHIPPED_GAMES):
        path = folder / f"{key}.yaml"
        try:
            if path.exists():
                return path
        except OSError:
            continue
    return None


def load_game(key: str) -> Game:
    """The game a key names, read from its file and checked (remembered by the file's text)."""
    if not GAME_KEY.fullmatch(key) or len(key) > 60:
        raise PaytableError(f"game {quote(key)} is not a game key; use lower-case words joined by -, like "
                            "jacks-or-better")
    path = game_file(key)
    if path is None:
        keys = game_keys()
        near = difflib.get_close_matches(key, keys, n=3, cutoff=0.6)
        shown = ", ".join(near or keys[:4]) + f" (or another of the {len(keys)} in the manual's Catalog)"
        raise PaytableError(f"unknown game {quote(key)}; use {shown}, or write games/{key}.yaml in your videopoker "
                            "folder")
    text = read_text(path, "game file")
    try:
        definition = definition_of_data(key, recall("games", SOURCES, text, key))
    except ValueError:  # not remembered (or not as it should be): read and check the file
        definition = check_definition(parse_document(text, str(path)), str(path), title_of_key(key))
        remember("games", SOURCES, definition.data(), text, key)
    return game_of(key, definition)


def definition_of_data(key: Any, data: Any) -> GameDefinition:
    """A definition kept as data (a wallet's round, a remembered file), checked again but for dead
    entries, which it was checked for before it was kept; ValueError if it does not read."""
    if not isinstance(key, str):
        raise ValueError("a game's key is text")
    findings = Findings(key)
    definition = read_definition(data, findings, title_of_key(key), reach=False)
    if definition is None:
        raise ValueError(str(findings.problems[0]) if findings.problems else "not a game")
    return definition


def game_of_data(key: Any, data: Any, inline: bool = False) -> Game:
    """A game kept as data (a wallet's round, a remembered paytable), checked again; ValueError if bad."""
    return game_of(key, definition_of_data(key, data), inline)


