"""A paytable being edited: the YAML document in memory, checked on every change, saved faithfully.

The editor changes the round-trip document itself (ruamel.yaml keeps the comments, the key order
and the layout of every untouched line), so saving writes back the author's file with only the
edited values changed.  After each change the document is dumped and checked exactly as
``paytable validate`` checks a file; the problems come back as values with the entry and bet
they are about (:class:`~videopoker.errors.Problem`), so the editor marks the very cell.

What was on disk when the file was opened is kept, so a file changed by someone else in the
meantime is never overwritten silently, and a shipped table is never overwritten at all.
"""

from __future__ import annotations

import copy
import io
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError, Problem
from videopoker.paytable import game_draft
from videopoker.paytable.checking import check_document
from videopoker.paytable.names import find_paytable, is_shipped, paytable_files
from videopoker.paytable.pays import MAX_COINS_LIMIT, Paytable, is_whole, per_coin_of
from videopoker.paytable.writing import honest_text, pays_alike, save_text
from videopoker.rules.catalog import inline_game, load_game
from videopoker.rules.checking import read_definition
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game
from videopoker.storage.usertext import quote
from videopoker.storage.yamlfile import Findings, parse_document, read_text

#: The table a new paytable of a game starts from, where the game has a usual one (the table
#: published returns are measured against); other games start from their first shipped table.
USUAL = {
    "jacks-or-better": "jacks-or-better-9-6", "tens-or-better": "tens-or-better-6-5",
    "bonus-poker": "bonus-poker-8-5", "double-bonus": "double-bonus-10-7",
    "double-double-bonus": "double-double-bonus-9-6", "deuces-wild": "deuces-wild-full-pay",
    "joker-poker": "joker-poker-kings",
}
#: A file name the player may give to Save as: letters, digits, dot, dash, underscore; no folders.
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,59}")
#: Digits a typed pay may have: more than any pay allowed, fewer than YAML's number screen refuses.
MOST_DIGITS = 12


def typed_value(text: str) -> Any:
    """What a typed cell holds: a whole number when the text is one, else the text itself (to be refused)."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    if re.fullmatch(rf"-?[0-9]{{1,{MOST_DIGITS}}}", cleaned):
        return int(cleaned)
    return text.strip()[:MOST_DIGITS * 2]


@dataclass(frozen=True)
class Checked:
    """The draft as ``validate`` sees it: the paytable when it passes, else every problem."""

    paytable: Paytable | None
    problems: tuple[Problem, ...]
    text: str                       # the YAML that was checked, as Save would write it

    def about(self, key: str, coins: int = 0) -> Problem | None:
        """The first problem with entry ``key`` (and, for a cell, the bet ``coins`` or the whole row)."""
        return next((p for p in self.problems if p.key == key and p.coins in (0, coins)), None)


class Draft:
    """A paytable document being edited, and the text its file held when it was opened or saved."""

    def __init__(self, document: Any, source: Path | None, saved_text: str | None) -> None:
        self.document = document
        self.source = source
        self.saved_text = saved_text
        self.checked = self.check()
        self.start_text = self.checked.text
        self.described = self.checked.paytable  # the table its comments were written of, if it reads
        from ruamel.yaml.comments import CommentedMap

        editable = (isinstance(document, CommentedMap) and isinstance(document.get("pays"), CommentedMap)
                    and self.game is not None and self.max_coins is not None)
        if not editable:  # no grid to show: the problems are for `paytable validate` and a text editor
            raise PaytableError(*self.checked.problems)

    @classmethod
    def open(cls, path: Path) -> Draft:
        """Edit the file at ``path``; a table with bad pays opens (to be fixed), one with no game does not."""
        text = read_text(path)
        return cls(parse_document(text, str(path)), path, text)

    @classmethod
    def new(cls, game: str) -> Draft:
        """A new, unsaved table of the family ``game``, starting from its usual table."""
        draft = cls(_usual_document(game), None, None)
        draft.document["name"] = f"My {draft.game.title if draft.game else game}"
        draft.checked = draft.check()
        draft.start_text = draft.checked.text
        return draft

    # -- what it holds ----------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game the draft plays: its key's, or its own definition's when that reads."""
        checked: Checked | None = getattr(self, "checked", None)
        if checked is not None and checked.paytable is not None:
            return checked.paytable.game
        key = self.document.get("game")
        if isinstance(key, str):
            try:
                return load_game(key)
            except PaytableError:
                return None
        definition = read_definition(key, Findings(self.where), str(self.name), reach=False)
        return inline_game(definition) if definition is not None else None

    @property
    def max_coins(self) -> int | None:
        value = self.document.get("max_coins", 5)
        return value if is_whole(value) and 1 <= value <= MAX_COINS_LIMIT else None

    @property
    def name(self) -> Any:
        return self.document.get("name", self.source.stem if self.source else "")

    @property
    def categories(self) -> tuple[PayCategory, ...]:
        game = self.game
        return game.paying if game else ()

    @property
    def shipped(self) -> bool:
        """A table that came with the program: never overwritten, saved as the player's own."""
        return self.source is not None and is_shipped(self.source)

    @property
    def where(self) -> str:
        return str(self.source) if self.source else "(new table)"

    def cell(self, category: PayCategory, coins: int) -> Any:
        """The total for a bet of ``coins`` as the document has it (a bad value as it was typed)."""
        value = self.document["pays"].get(category)
        if isinstance(value, list):
            return value[coins - 1] if coins <= len(value) else None
        return value * coins if is_whole(value) else (value if coins == 1 else None)

    def per_coin(self, category: PayCategory) -> Any:
        """The pay per coin: the row's one figure, or the 1-coin total of a list."""
        return self.cell(category, 1)

    def is_list(self, category: PayCategory) -> bool:
        return isinstance(self.document["pays"].get(category), list)

    def text(self) -> str:
        from ruamel.yaml import YAML

        buffer = io.StringIO()
        YAML(typ="rt").dump(self.document, buffer)
        return buffer.getvalue()

    @property
    def dirty(self) -> bool:
        """Not as its file holds it: changed, or a new table never saved."""
        return self.checked.text != self.saved_text

    @property
    def changed(self) -> bool:
        """Changed since it was opened, saved or started: what leaving would lose (a new table
        nobody has touched loses nothing)."""
        return self.checked.text != (self.start_text if self.saved_text is None else self.saved_text)

    # -- changes: each ends in one check ----------------------------------------------------------

    def set_pay(self, category: PayCategory, value: Any) -> None:
        """Pay ``value`` per coin at every bet (the row becomes one figure)."""
        self.document["pays"][category] = value
        self.checked = self.check()

    def restore(self, category: PayCategory, row: Any) -> None:
        """Put back a row as it was before an edit that was abandoned (a figure or a list)."""
        self.document["pays"][category] = row
        self.checked = self.check()

    def set_total(self, category: PayCategory, coins: int, value: Any) -> None:
        """Pay ``value`` in all for a bet of ``coins``, the other bets as they were (the row becomes a list)."""
        from ruamel.yaml.comments import CommentedSeq

        most = self.max_coins or 5
        totals = [self.cell(category, bet) for bet in range(1, most + 1)]
        totals[coins - 1] = value
        self._put_totals(category, totals, CommentedSeq)
        self.checked = self.check()

    def _put_totals(self, category: PayCategory, totals: list[Any], seq: Any) -> None:
        """Write a row as one figure per coin when every bet pays alike, else as a flow list."""
        per_coin = per_coin_of(totals)
        if per_coin is not None:
            self.document["pays"][category] = per_coin
        else:
            row = seq(totals)
            row.fa.set_flow_style()
            self.document["pays"][category] = row

    def changes_named(self) -> tuple[str, str] | None:
        """A name and a file name that say how the draft's pays differ from the table it was opened
        as (``Jacks or Better 9/6, flush 5`` and ``jacks-or-better-9-6-flush-5``), while its name is
        still that table's; None when it is not (a name of the player's own, or no change)."""
        before, now = self.described, self.checked.paytable
        if before is None or now is None or self.name != before.name or before.game.key != now.game.key:
            return None
        changed = [(now.game.label(key).lower(), now.pay(key, 1)) for key in now.game.paying
                   if key in before.game.paying and now.pays.get(key) != before.pays.get(key)]
        if not changed or len(changed) > 3:
            return None
        name = f"{before.name}, " + ", ".join(f"{label} {pay}" for label, pay in changed)
        return name, re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60].rstrip("-")

    def set_name(self, text: str) -> None:
        self.document["name"] = text
        self.checked = self.check()

    def set_max_coins(self, value: Any) -> None:
        """A new largest bet; rows given as lists are cut or extended (per coin) to the new length.

        A list's own length is what it was made for, so typing 5 → (nothing) → 6 still extends it.
        """
        from ruamel.yaml.comments import CommentedSeq

        self.document["max_coins"] = value
        new = self.max_coins
        if new is not None:
            for category in self.categories:
                row = self.document["pays"].get(category)
                if isinstance(row, list) and len(row) != new:
                    first: Any = row[0] if row else None
                    extra = [first * bet if is_whole(first) else first for bet in range(len(row) + 1, new + 1)]
                    self._put_totals(category, [*list(row)[:new], *extra], CommentedSeq)
        self.checked = self.check()

    # -- the game's own hands (a game designer's changes; see game_draft) ---------------------------

    def change_game(self, change: Callable[[Any, Game], None]) -> tuple[Problem, ...]:
        """Apply ``change`` (a function of the document and the game) to a copy of the document; keep
        it when its game still reads and every hand can be paid, else return the game's problems and
        change nothing (a broken game would leave no rows to fix it in)."""
        game = self.game
        if game is None:
            return (Problem(self.where, 0, 0, "the game does not read yet: fix it in the file first"),)
        trial = copy.deepcopy(self.document)
        change(trial, game)
        findings = Findings(self.where)
        if read_definition(trial["game"], findings, str(self.name)) is None:
            return tuple(findings.problems)
        self.document = trial
        self.checked = self.check()
        return ()

    def put_hand(self, key: str, entry: dict[str, Any], at: int, replacing: str | None = None) -> tuple[Problem, ...]:
        return self.change_game(lambda document, game: game_draft.put_hand(document, game, key, entry, at,
                                                                               replacing))

    def remove_hand(self, key: str) -> tuple[Problem, ...]:
        return self.change_game(lambda document, game: game_draft.remove_hand(document, game, key))

    def move_hand(self, key: str, step: int) -> tuple[Problem, ...]:
        return self.change_game(lambda document, game: game_draft.move_hand(document, game, key, step))

    def set_deck(self, title: str, jokers: Any, wild: list[Any], fifth_ace: bool = False) -> tuple[Problem, ...]:
        """The game's title, jokers, wild cards and whether the deck has a fifth ace (Five Aces)."""
        def change(document: Any, game: Game) -> None:
            from ruamel.yaml.comments import CommentedSeq

            own = game_draft.own_game(document, game)
            own["title"], own["jokers"] = title, jokers
            if fifth_ace and "fifth_ace" not in own:
                own.insert(list(own).index("jokers") + 1, "fifth_ace", True)
            elif fifth_ace:
                own["fifth_ace"] = True
            else:
                own.pop("fifth_ace", None)
            own["wild"] = CommentedSeq(wild)
            own["wild"].fa.set_flow_style()
        return self.change_game(change)

    def hand_entry(self, key: str) -> dict[str, Any]:
        """A hand's entry as its game writes it (``{"made": "pair", "ranks": ["A"]}``)."""
        game = self.game
        spec = game.spec(key) if game else None
        return spec.data() if spec else {"made": "pair"}

    @classmethod
    def new_game(cls) -> Draft:
        """A new table of a new game of the player's own, from the usual hands of a draw game."""
        return cls(game_draft.new_game_document(), None, None)

    def set_game(self, game: str) -> None:
        """Play another family: its categories and pays come from its usual table; the name stays."""
        other = _usual_document(game)
        self.document["game"] = game
        self.document["max_coins"] = other["max_coins"]
        self.document["pays"] = other["pays"]
        self.checked = self.check()

    # -- checking and saving ----------------------------------------------------------------------

    def check(self) -> Checked:
        """Check the draft exactly as ``paytable validate`` checks its text."""
        where = self.where
        default = self.source.stem if self.source else "new"
        text = self.text()
        try:
            paytable = check_document(parse_document(text, where), where, default)
        except PaytableError as error:
            return Checked(None, error.found or (Problem(where, 0, 0, str(error)),), text)
        return Checked(replace(paytable, source=self.source), (),
                       text)

    def changed_on_disk(self) -> bool:
        """Whether the file now holds something other than what was opened or last saved here."""
        if self.source is None:
            return False
        try:
            return read_text(self.source) != self.saved_text
        except PaytableError:
            return True

    def save(self, *, overwrite_changes: bool = False) -> Path:
        """Write the draft back to its own file (never a shipped one, never over someone else's changes)."""
        if self.source is None or self.shipped:
            raise PaytableError(f"{self.where}: a shipped or new table is saved under a name of your own "
                                "(Save as)")
        if not overwrite_changes and self.changed_on_disk():
            raise PaytableError(f"{self.source}: changed on disk since it was opened; save under another "
                                "name, or confirm to replace it")
        return self._write(self.source, force=True)

    def save_as(self, file_name: str, *, force: bool = False) -> Path:
        """Write the draft to the player's paytable folder as ``file_name`` (``.yaml`` added)."""
        target = _players_file(file_name)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PaytableError(f"{target.parent}: cannot create the folder: {error.strerror or error}") from None
        return self._write(target, force=force)

    def _write(self, target: Path, *, force: bool) -> Path:
        if self.checked.problems:
            first = self.checked.problems[0]
            raise PaytableError(f"not saved: {first.message}; fix the marked cells first")
        text = honest_text(self.checked.text, pays_alike(self.described, self.checked.paytable))
        save_text(target, text, force=force)
        if text != self.checked.text:  # the claims that no longer hold are gone from the draft too
            self.document = parse_document(text, str(target))
        self.source, self.saved_text = target, text
        self.checked = self.check()  # its paytable now has this file as its source
        self.described = self.checked.paytable
        return target

    def exists_as(self, file_name: str) -> bool:
        """Whether Save as ``file_name`` would replace a file (the editor asks first); a name that
        cannot be a file name replaces nothing (Save as then says what is wrong with it)."""
        try:
            return os.path.lexists(_players_file(file_name))
        except PaytableError:
            return False


def _usual_document(game: str) -> Any:
    """The document a new table of ``game`` starts from: its usual table, else the first table that
    plays it, else every pay 0 (a game of the player's own with no table yet)."""
    from ruamel.yaml.comments import CommentedMap

    if game in USUAL:
        usual = find_paytable(USUAL[game])
        return parse_document(read_text(usual), str(usual))
    for file in paytable_files():
        try:
            document = parse_document(read_text(file), str(file))
        except PaytableError:
            continue
        if isinstance(document, CommentedMap) and document.get("game") == game:
            return document
    hands = load_game(game).paying
    pays = CommentedMap((key, 0) for key in hands)
    return CommentedMap([("name", game), ("game", game), ("max_coins", 5), ("pays", pays)])


def _players_file(file_name: str) -> Path:
    """Where Save as ``file_name`` writes: the player's paytable folder, ``.yaml`` added."""
    from videopoker.storage.home import home_dir

    stem = file_name.strip().removesuffix(".yaml").removesuffix(".yml")
    if not _FILE_NAME.fullmatch(stem):
        raise PaytableError(f"file name {quote(file_name)}: use letters, digits, '-', '_' or '.', "
                            "at most 60, e.g. my-9-6")
    return home_dir() / "paytables" / f"{stem}.yaml"
