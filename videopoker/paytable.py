"""Paytables: YAML files that price each pay category, read strictly and written back faithfully.

A paytable is user input, so loading checks everything and reports each problem as
``file:line:col: what is wrong; what to do``.  Reading uses ruamel.yaml's round-trip loader
(YAML 1.2: no ``yes`` booleans, duplicate keys refused, comments and key order kept) so that
``paytable new`` and the editor can save a changed copy without losing the author's comments.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent

from videopoker.errors import PaytableError
from videopoker.evaluate import GAMES, Game, PayCategory

SHIPPED_DIR = Path(__file__).parent / "paytables"
DEFAULT_PAYTABLE = "jacks-or-better-9-6"
DEFAULT_FAMILY = "jacks-or-better-"
TOP_KEYS = ("name", "game", "max_coins", "pays")
MAX_FILE_BYTES = 64 * 1024
MAX_DEPTH = 8
MAX_COINS_LIMIT = 10
MAX_PAY = 1_000_000


@dataclass(frozen=True)
class Paytable:
    """What a machine pays: for each paying category, the total for a bet of 1..max_coins coins."""

    name: str
    game: Game
    max_coins: int
    pays: Mapping[PayCategory, tuple[int, ...]]
    source: Path | None = field(default=None, compare=False)

    def pay(self, category: PayCategory, coins: int) -> int:
        """Coins paid for ``category`` on a bet of ``coins`` (0 for ``nothing``)."""
        if not 1 <= coins <= self.max_coins:
            raise PaytableError(f"a bet is 1..{self.max_coins} coins on {self.name!r}, got {coins}")
        return self.pays[category][coins - 1] if category in self.pays else 0

    def pays_per_coin(self, coins: int | None = None) -> list[float]:
        """Per coin bet at ``coins`` (default max), one figure per game category, ``nothing`` 0."""
        bet = self.max_coins if coins is None else coins
        return [self.pay(category, bet) / bet for category in self.game.categories]

    def with_pays(self, changes: Mapping[PayCategory, tuple[int, ...]], name: str | None = None) -> Paytable:
        """A variant with some categories repriced (``analyze --set``)."""
        pays = dict(self.pays) | dict(changes)
        return Paytable(name or f"{self.name} (modified)", self.game, self.max_coins, pays, None)

    @property
    def stem(self) -> str:
        return self.source.stem if self.source else self.name


@dataclass
class _Checker:
    """Walks a parsed document, collecting every problem with its place."""

    where: str
    problems: list[str] = field(default_factory=list)

    def add(self, position: tuple[int, int] | None, message: str) -> None:
        line, column = position if position else (0, 0)
        self.problems.append(f"{self.where}:{line + 1}:{column + 1}: {message}")


def _key_position(node: CommentedMap, key: Any) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.key(key))
    except (AttributeError, KeyError, TypeError):
        return None


def _value_position(node: CommentedMap, key: Any) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.value(key))
    except (AttributeError, KeyError, TypeError):
        return None


def _item_position(node: CommentedSeq, index: int) -> tuple[int, int] | None:
    try:
        return tuple(node.lc.item(index))
    except (AttributeError, KeyError, TypeError, IndexError):
        return None


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, float):
        return f"{value!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _screen_events(text: str, check: _Checker) -> None:
    """Refuse aliases and deep nesting before building anything: an alias bomb never expands."""
    depth = 0
    for event in YAML().parse(io.StringIO(text)):
        mark = event.start_mark
        if isinstance(event, AliasEvent):
            check.add((mark.line, mark.column), f"YAML alias *{event.anchor} is not allowed in a "
                      "paytable; write the value out")
            return
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                check.add((mark.line, mark.column), f"nested more than {MAX_DEPTH} deep; a paytable "
                          "is a flat mapping with a `pays` mapping inside")
                return
        elif isinstance(event, CollectionEndEvent):
            depth -= 1


def _parse_document(text: str, check: _Checker) -> Any:
    try:
        _screen_events(text, check)
        if check.problems:
            return None
        return YAML(typ="rt").load(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = (error.problem or error.context or "is not valid YAML").strip()
        if "duplicate key" in problem:
            key = problem.split('"')[1] if '"' in problem else "?"
            problem = f"duplicate key {key!r}; keep one of them"
        else:
            problem = f"not valid YAML: {problem}"
        check.add((mark.line, mark.column) if mark else None, problem)
    except (YAMLError, RecursionError) as error:
        check.add(None, f"not valid YAML: {error}")
    return None


def _check_pays(pays: Any, game: Game, max_coins: int, document: CommentedMap,
                check: _Checker) -> dict[PayCategory, tuple[int, ...]]:
    if not isinstance(pays, CommentedMap):
        check.add(_value_position(document, "pays"), f"pays must be a mapping of category to coins, "
                  f"got {_describe(pays)}")
        return {}
    result: dict[PayCategory, tuple[int, ...]] = {}
    allowed = ", ".join(game.paying)
    for key, value in pays.items():
        if key not in game.paying:
            problem = (f"{key!r} is not paid in {game.key}" if key in set(PayCategory)
                       else f"unknown category {key!r}")
            check.add(_key_position(pays, key), f"{problem}; {game.key} pays {allowed}")
            continue
        category = PayCategory(key)
        place = _value_position(pays, key)
        if isinstance(value, CommentedSeq):
            if len(value) != max_coins:
                check.add(place, f"pay for {key!r} lists {len(value)} amounts, but max_coins is "
                          f"{max_coins}: give one total per bet of 1..{max_coins} coins")
                continue
            amounts = []
            for index, amount in enumerate(value):
                if not _is_whole(amount) or not 0 <= amount <= MAX_PAY * max_coins:
                    check.add(_item_position(value, index), f"pay for {key!r} at {index + 1} coin(s) "
                              f"must be a whole number of coins ≥ 0, got {_describe(amount)}")
                amounts.append(amount)
            result[category] = tuple(amounts)
        elif _is_whole(value) and 0 <= value <= MAX_PAY:
            result[category] = tuple(value * coins for coins in range(1, max_coins + 1))
        else:
            check.add(place, f"pay for {key!r} must be a whole number of coins ≥ 0 (at most "
                      f"{MAX_PAY:,}) or a list of {max_coins} totals, got {_describe(value)}")
    missing = [c for c in game.paying if c not in pays]
    if missing:
        check.add(_key_position(document, "pays"), f"pays lacks {', '.join(missing)}, which "
                  f"{game.key} needs; add e.g. `{missing[0]}: 1` (use 0 for no pay)")
    return result


def check_document(document: Any, where: str, default_name: str) -> Paytable:
    """Validate a parsed paytable document, raising one :class:`PaytableError` with every problem."""
    check = _Checker(where)
    if not isinstance(document, CommentedMap):
        check.add(None, "a paytable is a mapping with keys name, game, max_coins and pays; got "
                  f"{_describe(document)}")
        raise PaytableError(*check.problems)
    for key in document:
        if key not in TOP_KEYS:
            check.add(_key_position(document, key), f"unknown key {key!r}; a paytable has "
                      f"{', '.join(TOP_KEYS)}")
    name = document.get("name", default_name)
    if not isinstance(name, str) or not name.strip():
        check.add(_value_position(document, "name"), f"name must be text, got {_describe(name)}")
    game = None
    if "game" not in document:
        check.add(None, f"missing key 'game'; add e.g. `game: jacks-or-better` "
                  f"(games: {', '.join(GAMES)})")
    elif document["game"] not in GAMES:
        check.add(_value_position(document, "game"), f"unknown game {document['game']!r}; use "
                  f"one of {', '.join(GAMES)}")
    else:
        game = GAMES[document["game"]]
    max_coins = document.get("max_coins", 5)
    if not _is_whole(max_coins) or not 1 <= max_coins <= MAX_COINS_LIMIT:
        check.add(_value_position(document, "max_coins"), f"max_coins must be a whole number "
                  f"1..{MAX_COINS_LIMIT}, got {_describe(max_coins)}")
        max_coins = None
    pays: dict[PayCategory, tuple[int, ...]] = {}
    if "pays" not in document:
        check.add(None, "missing key 'pays'; add a mapping of category to coins paid per coin")
    elif game is not None and max_coins is not None:
        pays = _check_pays(document["pays"], game, max_coins, document, check)
    if check.problems or game is None or max_coins is None:
        raise PaytableError(*check.problems)
    return Paytable(str(name).strip(), game, max_coins, pays)


def read_document(path: Path) -> Any:
    """The round-trip YAML document of ``path`` (comments kept), after the safety screens."""
    check = _Checker(str(path))
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            check.add(None, f"file is {size:,} bytes; a paytable is at most {MAX_FILE_BYTES:,}")
            raise PaytableError(*check.problems)
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        check.add(None, "not a text file (UTF-8); a paytable is YAML text")
        raise PaytableError(*check.problems) from None
    except OSError as error:
        raise PaytableError(f"{path}: cannot read: {error.strerror or error}") from None
    document = _parse_document(text, check)
    if check.problems:
        raise PaytableError(*check.problems)
    return document


def load_paytable(path: str | os.PathLike[str]) -> Paytable:
    """Read and validate the paytable file at ``path``."""
    file = Path(path)
    paytable = check_document(read_document(file), str(file), file.stem)
    return Paytable(paytable.name, paytable.game, paytable.max_coins, paytable.pays, file)


def user_dir() -> Path | None:
    """Where a player's own paytables live (``$VIDEOPOKER_HOME/paytables``), if anywhere yet."""
    from videopoker.home import home_dir

    folder = home_dir() / "paytables"
    return folder if folder.is_dir() else None


def paytable_files() -> Iterator[Path]:
    """Every paytable a name can reach: the player's own first, then the shipped ones."""
    for folder in (user_dir(), SHIPPED_DIR):
        if folder is not None:
            yield from sorted(folder.glob("*.yaml"))


def find_paytable(name: str) -> Path:
    """The file a paytable name means: a path as given, else a stem of a known file."""
    given = Path(name).expanduser()
    if given.is_file():
        return given
    files = list(paytable_files())
    for file in files:
        if file.stem == name:
            return file
    endings = {file.stem: file for file in files if file.stem.endswith(f"-{name}")}
    if len(endings) > 1:  # "9-6" meant Jacks or Better before other families came: it still does
        endings = {stem: file for stem, file in endings.items() if stem.startswith(DEFAULT_FAMILY)} or endings
    if len(endings) == 1:  # "9-6" for jacks-or-better-9-6, when nothing else ends so
        return next(iter(endings.values()))
    stems = sorted({file.stem for file in files})
    raise PaytableError(f"no paytable {name!r}: give a file path or one of {', '.join(stems)}")


def resolve_paytable(name: str) -> Paytable:
    return load_paytable(find_paytable(name))


def parse_pay_setting(text: str, paytable: Paytable) -> tuple[PayCategory, tuple[int, ...]]:
    """Read ``KEY=PAY`` (per coin) or ``KEY=T1,T2,...`` (totals for 1..max_coins coins)."""
    key, equals, value = text.partition("=")
    key = key.strip()
    if not equals or key not in paytable.game.paying:
        raise PaytableError(f"--set {text!r}: write KEY=PAY with KEY one of "
                            f"{', '.join(paytable.game.paying)}")
    parts = [part.strip() for part in value.split(",")]
    if not all(part.isdigit() for part in parts) or len(parts) not in (1, paytable.max_coins):
        raise PaytableError(f"--set {text!r}: PAY must be a whole number of coins ≥ 0 per coin, or "
                            f"{paytable.max_coins} totals separated by commas")
    amounts = [int(part) for part in parts]
    if len(amounts) == 1:
        return PayCategory(key), tuple(amounts[0] * n for n in range(1, paytable.max_coins + 1))
    return PayCategory(key), tuple(amounts)


def apply_settings(paytable: Paytable, settings: Iterable[str]) -> Paytable:
    changes = dict(parse_pay_setting(text, paytable) for text in settings)
    return paytable.with_pays(changes) if changes else paytable


def write_variant(source: Path, changes: Mapping[PayCategory, tuple[int, ...]], target: Path,
                  name: str | None = None) -> Paytable:
    """Save a copy of ``source`` with some pays changed, keeping its comments and key order."""
    document = read_document(source)
    base = check_document(document, str(source), source.stem)
    pays = document["pays"]
    for category, amounts in changes.items():
        per_coin = amounts[0]
        plain = amounts == tuple(per_coin * n for n in range(1, base.max_coins + 1))
        pays[category.value] = per_coin if plain else CommentedSeq(amounts)
        if not plain:
            pays[category.value].fa.set_flow_style()
    document["name"] = name or f"{base.name} (variant)"
    yaml = YAML(typ="rt")
    buffer = io.StringIO()
    yaml.dump(document, buffer)
    target.write_text(buffer.getvalue(), encoding="utf-8")
    return load_paytable(target)
