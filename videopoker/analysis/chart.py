"""A strategy chart: a ranked list of hold patterns, read top down; the first line that fits says what to keep.

The chart is a text file a player can read and edit::

    # comments and blank lines are ignored; a line may start with its number ("7.")
    game: jacks-or-better          # optional: the family the chart is for
    1. royal flush or straight flush or four of a kind
    2. 4 to a royal
    ...
    16. discard everything

A line is one pattern (:mod:`~videopoker.analysis.patterns`) or several joined by ``or``.  It fits
a dealt hand when some hold of the hand has one of its patterns; if it fits more than one hold,
the one keeping more cards is kept, then the one keeping the lower cards.  A hand that no line
fits is discarded whole.  Played that way on every dealt hand, a chart has an exact return.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from videopoker.analysis.draws import HOLDS, TIE_ORDER, draw_tables
from videopoker.analysis.patterns import UNNAMED, Kind, Pattern, broad, describe, normal, patterns_of
from videopoker.errors import VideoPokerError
from videopoker.rules.evaluate import Game
from videopoker.storage.usertext import first_control, quote

#: Between holds that fit the same line: more cards first, then the lower cards (a lower mask keeps
#: the lower cards, as bit p keeps the p-th lowest card of the sorted hand) — of two high cards the
#: lower pair makes more straights.  It is the analysis's own tie order.
CHART_TIE_ORDER = TIE_ORDER
TIE_RANK = np.empty(HOLDS, dtype=np.int64)
TIE_RANK[list(CHART_TIE_ORDER)] = np.arange(HOLDS)

NO_LINE = 1 << 20
#: A chart file holds at most this many lines of patterns (a chart is for reading).
MOST_LINES = 500
MOST_FILE_CHARACTERS = 200_000


@dataclass(frozen=True)
class ChartLine:
    """One line of a chart: the patterns it names (any of them fits)."""

    patterns: tuple[int, ...]


@dataclass(frozen=True)
class Chart:
    """A ranked list of lines for one game family."""

    game: Game
    lines: tuple[ChartLine, ...]

    def texts(self) -> list[str]:
        """Each line's words: a broad name ("4 to a flush") wherever the line has every pattern the
        name covers that no line above has taken."""
        words = vocabulary(self.game)
        placed: set[int] = set()
        texts = []
        for line in self.lines:
            left, parts = set(line.patterns), []
            for code in line.patterns:
                if code not in left:
                    continue
                rest = set(words.members.get(words.broad[code], ())) - placed
                if len(rest) > 1 and left.issuperset(rest):
                    parts.append(words.broad[code])
                    left.difference_update(rest)
                else:
                    parts.append(code)
                    left.discard(code)
            placed.update(line.patterns)
            texts.append(" or ".join(describe(self.game, code) for code in sorted(parts, key=reading_order)))
        return texts

    @property
    def holding_lines(self) -> int:
        """The lines that keep cards: all but a last "discard everything", which closes every chart
        and is what a hand no line fits does anyway (what ``strategy --lines N`` counts)."""
        discard = vocabulary(self.game).words["discard everything"][0]
        return len(self.lines) - (bool(self.lines) and self.lines[-1].patterns == (discard,))

    def number(self, line: int) -> int:
        """A line as a player counts it, from :meth:`play`'s line from 0: 1 for the first line, 0 when
        no line fits."""
        return line + 1 if line < len(self.lines) else 0

    def words(self, number: int) -> str:
        """What line ``number`` (from 1) says; 0, no line fitting, says to discard everything."""
        return self.texts()[number - 1] if number else "discard everything"

    def numbered(self) -> list[str]:
        width = len(str(len(self.lines)))
        return [f"{rank:>{width}}. {text}" for rank, text in enumerate(self.texts(), 1)]

    def line_numbers(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The patterns the chart names, sorted, and the line (from 0) of each."""
        codes = sorted((code, rank) for rank, line in enumerate(self.lines) for code in line.patterns)
        return (np.array([code for code, _ in codes], dtype=np.int64),
                np.array([rank for _, rank in codes], dtype=np.int64))

    def play(self, patterns: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """For holds' ``patterns`` (32, n): the hold the chart keeps per hand, and its line (from 0;
        ``len(lines)`` when no line fits and everything is discarded)."""
        known, ranks = self.line_numbers()
        lines = translate(known, ranks, patterns, NO_LINE)
        lines[0] = np.minimum(lines[0], len(self.lines))  # discarding everything is always there
        holds = (lines * HOLDS + TIE_RANK[:, None]).argmin(axis=0)
        return holds, lines[holds, np.arange(patterns.shape[1])]


def translate(keys: npt.NDArray[np.int64], values: npt.NDArray[np.int64], patterns: npt.NDArray[np.int64],
              missing: npt.NDArray[np.int64] | int) -> npt.NDArray[np.int64]:
    """Each of ``patterns`` looked up in sorted ``keys``: its ``values`` entry, else ``missing``."""
    if not len(keys):
        return np.broadcast_to(missing, patterns.shape).astype(np.int64)
    place = np.minimum(np.searchsorted(keys, patterns), len(keys) - 1)
    return np.where(keys[place] == patterns, values[place], missing)


def reading_order(code: int) -> tuple[int, ...]:
    """Where a pattern goes among the others of its line: made hands from the best down, then more
    cards before fewer, more ways and high cards before fewer (the order of a line never changes
    what it plays, only how easily it reads)."""
    pattern = Pattern.unpack(code)
    return (pattern.kind, pattern.detail if pattern.kind is Kind.MADE else 0, -pattern.cards, -pattern.wilds,
            -pattern.ways, -pattern.high, -pattern.detail)


@dataclass(frozen=True)
class Vocabulary:
    """The patterns a family's holds can have, and the broad names that cover several of them."""

    codes: tuple[int, ...]
    #: each pattern's broad pattern (itself when its broad name would cover it alone)
    broad: dict[int, int]
    #: each broad pattern's patterns
    members: dict[int, tuple[int, ...]]
    #: normalised words → the patterns they name
    words: dict[str, tuple[int, ...]]

    def broad_patterns(self, patterns: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """``patterns`` with each named one replaced by its broad pattern."""
        fine = np.array(self.codes, dtype=np.int64)
        wide = np.array([self.broad[code] for code in self.codes], dtype=np.int64)
        return translate(fine, wide, patterns, patterns)


@cache
def vocabulary(game: Game) -> Vocabulary:
    patterns = class_patterns(game)
    codes = np.unique(patterns[patterns != UNNAMED])
    wide = broad(game, codes)
    members: dict[int, list[int]] = {}
    for code, cover in zip(codes.tolist(), wide.tolist()):
        members.setdefault(cover, []).append(code)
    to_broad = {code: (cover if len(members[cover]) > 1 else code)
                for code, cover in zip(codes.tolist(), wide.tolist())}
    groups = {cover: tuple(fine) for cover, fine in members.items() if len(fine) > 1}
    words: dict[str, tuple[int, ...]] = {normal(describe(game, code)): (code,) for code in codes.tolist()}
    words.update({normal(describe(game, cover)): fine for cover, fine in groups.items()})
    return Vocabulary(tuple(codes.tolist()), to_broad, groups, words)


@cache
def class_patterns(game: Game) -> npt.NDArray[np.int64]:
    """The pattern of every hold of every dealt-hand class of the family, shape (32, classes)."""
    return patterns_of(game, draw_tables(game).class_hands)


def parse_chart(text: str, game: Game, where: str) -> Chart:
    """A chart from its text; a bad line is one message naming ``where``, the line and the fix."""
    if len(text) > MOST_FILE_CHARACTERS:
        raise VideoPokerError(f"{where}: a chart is at most {MOST_FILE_CHARACTERS:,} characters; "
                              f"this is {len(text):,} (is it a chart file?)")
    words = vocabulary(game).words
    lines: list[ChartLine] = []
    seen: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.split("#", 1)[0].replace("\t", " ").strip()
        if not body:
            continue
        control = first_control(body)
        if control is not None:
            raise VideoPokerError(f"{where}:{number}: a control character in {quote(body)}; "
                                  "a chart line is plain words like '4 to a royal'")
        body = _without_number(body)
        if body.lower().startswith("game:"):
            _check_game(body[5:].strip(), game, where, number)
            continue
        codes: list[int] = []
        for part in body.split(" or "):
            named = words.get(normal(part))
            if named is None:
                raise VideoPokerError(f"{where}:{number}: {quote(part.strip())} is not a pattern of "
                                      f"{game.title}; {_suggestion(game, part)}")
            fresh = [code for code in named if code not in seen]  # a broad name covers the rest
            if not fresh:
                earlier = seen[named[0]]
                raise VideoPokerError(f"{where}:{number}: {quote(part.strip())} is already taken by line "
                                      f"{earlier}; a pattern has one place in a chart")
            seen.update((code, number) for code in fresh)
            codes.extend(fresh)
        lines.append(ChartLine(tuple(codes)))
        if len(lines) > MOST_LINES:
            raise VideoPokerError(f"{where}:{number}: a chart has at most {MOST_LINES} lines")
    if not lines:
        raise VideoPokerError(f"{where}: no chart lines; write one pattern a line, best first, "
                              "like '4 to a royal' (see `videopoker strategy PAYTABLE`)")
    return Chart(game, tuple(lines))


def read_chart(path: Path, game: Game) -> Chart:
    """A chart file; a file that cannot be read is one line that names it."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a folder, a FIFO or /dev/zero is never read
            raise VideoPokerError(f"{path}: not a chart file (a chart is a text file, one pattern a line)")
        with path.open("rb") as file:
            data = file.read(MOST_FILE_CHARACTERS * 4 + 1)
        text = data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is not a pattern
    except UnicodeDecodeError:
        raise VideoPokerError(f"{path}: not a text file (a chart is UTF-8 text, one pattern a line)") from None
    except OSError as error:
        raise VideoPokerError(f"{path}: cannot read the chart ({error.strerror or error})") from None
    return parse_chart(text, game, str(path))


def _check_game(key: str, game: Game, where: str, number: int) -> None:
    """A chart may say which family it is for (``game: jacks-or-better``); another family is refused."""
    if key.lower() != game.key:
        from videopoker.rules.catalog import game_keys, load_game

        family = load_game(key.lower()).title if key.lower() in game_keys() else quote(key)
        raise VideoPokerError(f"{where}:{number}: this chart is for {family}, not {game.title}; "
                              f"check it against a {family} paytable")


def chart_file(chart: Chart, heading: list[str]) -> str:
    """A chart as the text file :func:`parse_chart` reads: ``heading`` as comments, then the family
    and the numbered lines."""
    comments = [f"# {line}".rstrip() for line in heading]
    return "\n".join([*comments, f"game: {chart.game.key}", *chart.numbered()]) + "\n"


def _without_number(body: str) -> str:
    head, dot, rest = body.partition(".")
    return rest.strip() if dot and head.strip().isdigit() else body


def _suggestion(game: Game, part: str) -> str:
    """The closest words the family knows, so a typo is one edit away from right."""
    import difflib

    close = difflib.get_close_matches(normal(part), list(vocabulary(game).words), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return hint + "`videopoker strategy PAYTABLE` prints a chart in the words it reads"
