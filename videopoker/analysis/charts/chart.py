"""A strategy chart: a ranked list of hold patterns, read top down; the first line that fits says what to keep.

The chart is a text file a player can read and edit::

    # comments and blank lines are ignored; a line may start with its number ("7.")
    game: jacks-or-better          # optional: the family the chart is for
    1. royal flush or straight flush or four of a kind
    2. 4 to a royal
    ...
    16. discard everything

A line is one pattern (:mod:`~videopoker.analysis.charts.patterns`) or several joined by ``or``; a concept
("4 to a straight flush", "3 to a straight flush, ways + high cards at least 3") names every
pattern of it that no line above took, and cards of one kind may be one list ("AK, AQ, AJ
unsuited").  A line fits a dealt hand when some hold of the hand has one of its patterns; if it
fits more than one hold, the one keeping more cards is kept, then the one keeping the lower cards.
A hand that no line fits is discarded whole.  Played that way on every dealt hand, a chart has an
exact return.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from videopoker.analysis.charts.exceptions import (
    CONDITIONS,
    LineException,
    conditions_met,
    parse_conditions,
)
from videopoker.analysis.charts.patterns import (
    UNNAMED,
    Kind,
    Pattern,
    broad_level,
    concept_chains,
    describe,
    normal,
    patterns_of,
    rules_of,
    ten_splits,
)
from videopoker.analysis.solve.draws import HOLDS, TIE_ORDER, draw_tables
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
    """One line of a chart: the patterns it names (any of them fits), and the exceptions under it."""

    patterns: tuple[int, ...]
    exceptions: tuple[LineException, ...] = ()


@dataclass(frozen=True)
class Chart:
    """A ranked list of lines for one game family."""

    game: Game
    lines: tuple[ChartLine, ...]

    def texts(self) -> list[str]:
        """Each line's words: the broadest concept ("4 to a flush", "4 to an outside straight flush")
        wherever the line has every pattern of it that no line above has taken, and cards of one kind
        said as one list ("AK, AQ, AJ unsuited")."""
        words = vocabulary(self.game)
        placed: set[int] = set()
        texts = []
        for line in self.lines:
            texts.append(phrase_text(self.game, line_concepts(words, line.patterns, placed)))
            placed.update(line.patterns)
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

    def exception_texts(self, line: int) -> list[str]:
        """Line ``line``'s exceptions (from 0), as a chart file says them: ``except with a card of
        its suit thrown: AQ unsuited``."""
        return [f"except{exception.condition_words()}: "
                f"{phrase_text(self.game, line_concepts(vocabulary(self.game), exception.patterns, set()))}"
                for exception in self.lines[line].exceptions]

    def numbered(self) -> list[str]:
        """Each line as ``7. 4 to a flush``, its exceptions under it, indented."""
        width = len(str(len(self.lines)))
        numbered = []
        for rank, text in enumerate(self.texts(), 1):
            numbered.append(f"{rank:>{width}}. {text}")
            numbered.extend(f"{' ' * (width + 2)}{said}" for said in self.exception_texts(rank - 1))
        return numbered

    def line_numbers(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The patterns the chart names, sorted, and the line (from 0) of each."""
        codes = sorted((code, rank) for rank, line in enumerate(self.lines) for code in line.patterns)
        return (np.array([code for code, _ in codes], dtype=np.int64),
                np.array([rank for _, rank in codes], dtype=np.int64))

    def play(self, patterns: npt.NDArray[np.int64], hands: npt.NDArray[np.uint8] | None = None
             ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """For holds' ``patterns`` (32, n) of sorted ``hands`` (n, 5): the hold the chart keeps per
        hand, and its line (from 0; ``len(lines)`` when no line fits and everything is discarded).
        A line's exceptions read the cards its hold throws (a chart with none needs no ``hands``)."""
        known, ranks = self.line_numbers()
        lines = translate(known, ranks, patterns, NO_LINE)
        lines[0] = np.minimum(lines[0], len(self.lines))  # discarding everything is always there
        holds = (lines * HOLDS + TIE_RANK[:, None]).argmin(axis=0)
        played = lines[holds, np.arange(patterns.shape[1])]
        for rank, line in enumerate(self.lines):
            if line.exceptions:
                if hands is None:
                    raise ValueError("a chart with exceptions plays the hands' cards, not their patterns alone")
                self._excepted(line.exceptions, np.flatnonzero(played == rank), patterns, hands, holds, self.game)
        return holds, played

    @staticmethod
    def _excepted(exceptions: tuple[LineException, ...], at: npt.NDArray[np.int64], patterns: npt.NDArray[np.int64],
                  hands: npt.NDArray[np.uint8], holds: npt.NDArray[np.int64], game: Game) -> None:
        """The hands ``at`` that one line plays, each switched (in ``holds``) to the first exception
        whose conditions its hold meets and whose patterns one of its holds has."""
        if not len(at):
            return
        met = dict(zip(CONDITIONS, conditions_met(game, hands[at], holds[at]), strict=True))
        open_ = np.ones(len(at), dtype=bool)
        for exception in exceptions:
            wanted = np.isin(patterns[:, at], exception.patterns)
            fits = open_ & wanted.any(axis=0)
            for code in exception.conditions:
                fits &= met[code]
            choice = np.where(wanted, TIE_RANK[:, None], HOLDS).argmin(axis=0)
            holds[at[fits]] = choice[fits]
            open_ &= ~fits


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
    """The patterns a family's holds can have, and the concepts that name several of them."""

    codes: tuple[int, ...]
    #: each pattern's broad pattern, as a short chart says it (itself when no concept holds it)
    broad: dict[int, int]
    #: each concept's patterns (every concept, from the broad names down)
    members: dict[int, tuple[int, ...]]
    #: normalised words → the patterns they name
    words: dict[str, tuple[int, ...]]
    #: each pattern's concepts, finest first, each holding more patterns than the one before
    chains: dict[int, tuple[int, ...]]

    def broad_patterns(self, patterns: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """``patterns`` with each named one replaced by its broad pattern."""
        fine = np.array(self.codes, dtype=np.int64)
        wide = np.array([self.broad[code] for code in self.codes], dtype=np.int64)
        return translate(fine, wide, patterns, patterns)

    def above(self, name: int) -> tuple[int, ...]:
        """The concepts that hold a pattern or concept, finest first."""
        chain = self.chains[self.members.get(name, (name,))[0]]
        return chain[chain.index(name) + 1:] if name in chain else chain


@cache
def vocabulary(game: Game) -> Vocabulary:
    patterns = class_patterns(game)
    codes = np.unique(patterns[patterns != UNNAMED]).tolist()
    chains = concept_chains(game, codes)
    members: dict[int, list[int]] = {}
    for code in codes:
        for concept in chains[code]:
            members.setdefault(concept, []).append(code)
    splits = ten_splits(rules_of(game))
    to_broad = {code: broad_level(chains[code], splits) or code for code in codes}
    words: dict[str, tuple[int, ...]] = {normal(describe(game, code)): (code,) for code in codes}
    words.update({normal(describe(game, concept)): tuple(fine) for concept, fine in members.items()})
    return Vocabulary(tuple(codes), to_broad, {concept: tuple(fine) for concept, fine in members.items()}, words,
                      chains)


def line_concepts(words: Vocabulary, patterns: tuple[int, ...] | list[int], placed: set[int]) -> list[int]:
    """The fewest names of a line's ``patterns``, given the patterns lines above have ``placed``: for
    each pattern the broadest concept whose patterns not placed above are all on the line (a concept
    takes every pattern of it that no line above took), said by the finest concept that takes the
    same ("2 to a royal with a ten" when the ones without are above); naming one pattern, its own
    words are said."""
    left, names = set(patterns), []
    for code in patterns:
        if code not in left:
            continue
        name, taken = code, {code}
        for concept in words.chains.get(code, ()):  # finest first: the broadest that fits wins
            rest = set(words.members[concept]) - placed
            if rest != taken and len(rest) > 1 and left.issuperset(rest):
                name, taken = concept, rest
        names.append(name)
        left.difference_update(taken)
    return names


def listed(code: int) -> bool:
    """Whether a pattern names its cards ("AK suited", "king alone"), so that several of one kind
    are said as one list ("AK, AQ, AJ suited")."""
    pattern = Pattern.unpack(code)
    return not pattern.drops and pattern.kind in (Kind.ROYAL, Kind.HIGH) and pattern.detail != 0


def phrase_text(game: Game, names: list[int]) -> str:
    """A line's names in words, in reading order, joined by "or"; patterns that name their cards
    and differ in nothing else are one list ("AK, AQ, AJ unsuited")."""
    phrases: list[list[str]] = []  # each phrase: its words, or a list's cards then their words
    lists: dict[tuple[int, int, int], list[str]] = {}  # (kind, cards, wilds) → its list
    for code in sorted(names, key=reading_order):
        text = describe(game, code)
        if not listed(code):
            phrases.append([text])
            continue
        pattern = Pattern.unpack(code)
        cards, rest = text.split(" ", 1)
        key = (pattern.kind, pattern.cards, pattern.wilds)
        if key not in lists:
            lists[key] = [rest]
            phrases.append(lists[key])
        lists[key].insert(-1, cards)
    return " or ".join(phrase[0] if len(phrase) == 1 else f"{', '.join(phrase[:-1])} {phrase[-1]}"
                       for phrase in phrases)


def _list_names(part: str, words: dict[str, tuple[int, ...]]) -> list[str] | None:
    """A list's names ("AK, AQ, AJ unsuited" → "AK unsuited", "AQ unsuited", "AJ unsuited"), or
    None when ``part`` is no list."""
    *heads, last = [piece.strip() for piece in part.split(",")]
    if not heads or any(" " in head or not head for head in heads) or " " not in last:
        return None
    rest = last.split(" ", 1)[1]
    names = [f"{head} {rest}" for head in heads] + [last]
    return names if all(normal(name) in words for name in names) else None


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
        if body.lower().startswith("except"):
            if not lines:
                raise VideoPokerError(f"{where}:{number}: an exception goes under the chart line it excepts; "
                                      "write the line first")
            exception = _exception(body, game, words, f"{where}:{number}")
            above = lines[-1]
            lines[-1] = ChartLine(above.patterns, (*above.exceptions, exception))
            continue
        codes: list[int] = []
        parts = body.split(" or ")
        parts = [name for part in parts for name in (_list_names(part, words) or [part])]
        for part in parts:
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


def _exception(body: str, game: Game, words: dict[str, tuple[int, ...]], where: str) -> LineException:
    """``except with a card of its suit thrown: AQ unsuited`` as an exception; a bad one is one
    message naming ``where`` and the fix."""
    said, colon, kept = body[len("except"):].partition(":")
    conditions = parse_conditions(said)
    if not colon or conditions is None:
        raise VideoPokerError(f"{where}: {quote(body)} is not an exception; write 'except with CONDITION: PATTERN', "
                              "a condition one of 'a card of its suit thrown', 'a thrown card in its straight', "
                              "'a thrown card that pairs it', 'a RANK thrown' (an ace, a king, …, a 2) or its "
                              "'no …', several joined by 'and'")
    codes: list[int] = []
    for part in (name for piece in kept.split(" or ") for name in (_list_names(piece, words) or [piece])):
        named = words.get(normal(part))
        if named is None:
            raise VideoPokerError(f"{where}: {quote(part.strip())} is not a pattern of {game.title}; "
                                  f"{_suggestion(game, part)}")
        codes.extend(code for code in named if code not in codes)
    return LineException(conditions, tuple(codes))


def _without_number(body: str) -> str:
    head, dot, rest = body.partition(".")
    return rest.strip() if dot and head.strip().isdigit() else body


def _suggestion(game: Game, part: str) -> str:
    """The closest words the family knows, so a typo is one edit away from right."""
    import difflib

    close = difflib.get_close_matches(normal(part), list(vocabulary(game).words), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return hint + "`videopoker strategy PAYTABLE` prints a chart in the words it reads"
