"""What a hold is, in the words of a strategy chart: "4 to a royal", "low pair", "KQJ unsuited".

Every hold of every dealt hand gets one *pattern*: a small record of what the kept cards are
(a made hand, of a kind, two pair, a draw to a royal, straight flush, flush or straight, high
cards, wild cards only, or nothing), with just the detail a player weighs — how many cards, how
many wild cards, how many straights the draw can still make ("ways": an outside straight draw has
2, an inside one 1), how many high cards (the ranks that can pair into a paying pair), and for
pairs the rank class that the game pays differently.  A hold that no chart would name (a pair
with a kicker, a low card alone) has no pattern and is never what a chart keeps.

Patterns group into *concepts*, each forgetting some detail (:func:`concept_chains`): "4 to an
outside straight flush" holds it with any high cards, "4 to a straight flush" any ways too; a
concept is what a published chart says in one line.

The patterns are computed for many hands at once in numpy, each packed into one integer; their
text comes from the fields, so the words a chart prints are exactly the words it reads back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.draws import HAND, HELD_COUNT, HOLDS, hold_ranks
from videopoker.deck.cards import RANK_SYMBOLS
from videopoker.deck.combos import combinations_colex
from videopoker.rules.definition import HandSpec, Made, ranks_text
from videopoker.rules.lookup import Game
from videopoker.storage.usertext import counted

#: A hold with no pattern.
UNNAMED = -1


class Kind(IntEnum):
    """What a hold is (:func:`held_patterns` tries them in a fixed order; the first that fits names
    it).  The numbers are stored in chart caches and order a line's words: they never change."""

    DISCARD = 0
    MADE = 1       # all five cards, a straight or better as dealt
    WILDS = 2      # wild cards only
    OF_A_KIND = 3  # a pair, three or four of a kind (with any wild cards)
    TWO_PAIR = 4
    ROYAL = 5      # suited cards that all fit a royal flush
    STRAIGHT_FLUSH = 6
    FLUSH = 7
    STRAIGHT = 8
    HIGH = 9       # high cards, not all of one suit


# A pattern packed into one integer: kind, cards held, wild cards held, ways, high cards, detail;
# a concept (:func:`concept_chains`) sets ``broad`` and says in ``drops`` what it forgets.
_FIELDS = (("drops", 6), ("broad", 1), ("kind", 4), ("cards", 3), ("wilds", 3), ("ways", 3), ("high", 3),
           ("detail", 14))
_SHIFTS: dict[str, int] = {}
_shift = 0
for _name, _width in reversed(_FIELDS):
    _SHIFTS[_name] = _shift
    _shift += _width
_MASKS = {name: (1 << bits) - 1 for name, bits in _FIELDS}

#: The straights as 13-bit rank masks (bit 0 the deuce, bit 12 the ace), the wheel first.
STRAIGHTS = (0b1_0000_0000_1111, *(0b11111 << low for low in range(9)))
ROYAL_RANKS = 0b11111 << 8

#: Rank classes of a pair or of a kind: any rank, a paying pair's rank or not, then the game's own
#: groups (``Rules.groups``: aces, 2s-4s in the bonus games) from GROUP on.
ANY, HIGH, LOW, GROUP = range(4)
#: Made hands kept whole as a pattern (four of a kind only with a kicker: else the kicker is thrown).
_KEPT_WHOLE = frozenset({Made.ROYAL_FLUSH, Made.STRAIGHT_FLUSH, Made.FIVE_OF_A_KIND, Made.FULL_HOUSE, Made.FLUSH,
                         Made.STRAIGHT, Made.WILD_CARDS})
_RANK_COUNT_WORDS = ("no", "one", "two", "three", "four", "five")


@dataclass(frozen=True)
class Pattern:
    """One pattern, unpacked."""

    drops: int
    broad: int
    kind: Kind
    cards: int
    wilds: int
    ways: int
    high: int
    detail: int

    @classmethod
    def unpack(cls, code: int) -> Pattern:
        fields = {name: (code >> _SHIFTS[name]) & _MASKS[name] for name, _ in _FIELDS}
        return cls(kind=Kind(fields.pop("kind")), **fields)


@dataclass(frozen=True)
class Rules:
    """What a game's patterns need to know of its hands."""

    game: Game
    #: Bit r (rank index 0..12) set: a pair of that rank pays (jacks to aces), else 0.
    high_ranks: int
    #: Rank groups the game pays apart for three, four or five of a kind (aces, 2s-4s), in its order.
    groups: tuple[frozenset[int], ...]
    #: Rank indices (0..12) wild in every suit: a straight that needs one natural is not a draw.
    wild_ranks: frozenset[int]
    wild_name: str

    @property
    def wild(self) -> bool:
        return self.game.max_wilds > 0

    @property
    def pairs_pay(self) -> bool:
        return self.high_ranks != 0

    def is_high(self, rank: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        return np.asarray((self.high_ranks >> np.minimum(rank, 12)) & 1, dtype=bool) & (rank < 13)


@cache
def rules_of(game: Game) -> Rules:
    pair_ranks: set[int] = set()
    groups: list[frozenset[int]] = []
    for spec in game.hands:
        if spec.made is Made.PAIR:
            pair_ranks |= spec.ranks if spec.ranks is not None else set(range(2, 15))
        elif spec.ranks is not None and spec.made is not Made.WILD_CARDS and spec.ranks not in groups \
                and len(spec.ranks) < 13:
            groups.append(spec.ranks)
    definition = game.definition
    if len(definition.wild_ranks) == 1 and not definition.jokers and not definition.wild_cards:
        wild_name = _RANK_WORDS[min(definition.wild_ranks) - 2]
    else:
        wild_name = "joker" if definition.jokers and not definition.deck_wilds else "wild card"
    return Rules(game, sum(1 << (rank - 2) for rank in pair_ranks), tuple(groups),
                 frozenset(rank - 2 for rank in definition.wild_ranks), wild_name)


def held_patterns(game: Game, held_cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """The pattern of keeping exactly ``held_cards`` (n, k), 1 ≤ k ≤ 4 cards each: a draw's pattern
    depends on the kept cards alone, so it is computed once per card subset (:func:`subset_patterns`)."""
    rules = rules_of(game)
    cards = held_cards.astype(np.int64)
    held = cards.shape[1]
    rank = game.place_ranks.take(cards)  # 13: a joker
    wild = game.wild_mask(cards)
    wilds = wild.sum(axis=1)
    naturals = held - wilds
    ranks = np.bitwise_or.reduce(np.where(wild, 0, np.int64(1) << np.minimum(rank, 12)), axis=1)
    suits = np.bitwise_or.reduce(np.where(wild, 0, np.int64(1) << game.place_suits.take(cards)), axis=1)
    high = (~wild & rules.is_high(rank)).sum(axis=1)
    distinct = _popcount(ranks)
    pairs_within = sum((rank[:, a] == rank[:, b]) & ~wild[:, a] & ~wild[:, b]
                       for a in range(held) for b in range(a + 1, held))
    # a straight that needs a natural deuce cannot be made where deuces are wild: a deuce drawn is
    # wild, so such a window adds no way; but a held wild card may stand in for the deuce, and a draw
    # that has no other window has that one (A45 suited with a deuce draws to a wheel)
    wild_window = [any(straight >> rank & 1 for rank in rules.wild_ranks) for straight in STRAIGHTS]
    ways = sum(((ranks & ~straight) == 0).astype(np.int64)
               for straight, wild_rank in zip(STRAIGHTS, wild_window) if not wild_rank)
    if any(wild_window):
        through_wild = sum(((ranks & ~straight) == 0).astype(np.int64)
                           for straight, wild_rank in zip(STRAIGHTS, wild_window) if wild_rank)
        ways = np.where((ways == 0) & (wilds >= 1), through_wild, ways)
    suited = _popcount(suits) <= 1
    unique = distinct == naturals
    top = np.bitwise_or.reduce(np.where(wild, 0, rank), axis=1)  # the rank, when there is one
    drawing = unique & suited & (held >= 2)
    # two natural cards to a royal say which (an ace or a ten takes straights away), with a wild
    # card too: a deuce with AK suited is weaker than with QJ suited
    royal_detail = np.where((naturals == 2) & (wilds <= 1), ranks, 0)
    high_cards = rules.pairs_pay & unique & (wilds == 0) & (high == naturals) & (held <= 3)
    # the first pattern that fits names the hold
    choices = [
        (naturals == 0, _pack(Kind.WILDS, cards=held, wilds=wilds)),
        # a wild card with one high card is a paying pair (joker and king in Joker Poker)
        (((naturals >= 2) & (distinct == 1)) | ((naturals == 1) & (wilds == 1) & (high == 1)),
         _pack(Kind.OF_A_KIND, cards=held, wilds=wilds, detail=_rank_class(rules, top, held))),
        ((naturals == 4) & (distinct == 2) & (pairs_within == 2), _pack(Kind.TWO_PAIR, cards=held)),
        (drawing & ((ranks & ~ROYAL_RANKS) == 0) & ((naturals >= 2) | (wilds >= 1)),
         _pack(Kind.ROYAL, cards=held, wilds=wilds, detail=royal_detail)),
        (drawing & (ways > 0) & ((held >= 3) | (wilds >= 1)),
         _pack(Kind.STRAIGHT_FLUSH, cards=held, wilds=wilds, ways=ways, high=high)),
        (drawing & (held >= 3), _pack(Kind.FLUSH, cards=held, wilds=wilds, high=high)),
        (high_cards, _pack(Kind.HIGH, cards=held, detail=ranks)),
        (unique & (ways > 0) & (held >= 3), _pack(Kind.STRAIGHT, cards=held, wilds=wilds, ways=ways, high=high)),
    ]
    return np.select([fits for fits, _ in choices],
                     [np.broadcast_to(code, (len(cards),)) for _, code in choices], UNNAMED)


@cache
def subset_patterns(game: Game) -> tuple[npt.NDArray[np.int64], ...]:
    """Per size k = 0..4, the pattern of keeping each k-card subset of the deck, by colex rank."""
    tables = [np.array([_pack(Kind.DISCARD)], dtype=np.int64)]
    for size in range(1, HAND):
        tables.append(held_patterns(game, combinations_colex(game.deck_size, size)))
    return tuple(tables)


def patterns_of(game: Game, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Every hold's pattern for sorted dealt ``hands`` (n, 5), shape (32, n); UNNAMED where none.

    A hold of up to four cards is looked up by its cards' colex rank; keeping all five is named by
    what the hand is as dealt, with its wild cards counted."""
    tables = subset_patterns(game)
    ranks = hold_ranks(hands)
    patterns = np.empty((HOLDS, len(hands)), dtype=np.int64)
    for mask in range(HOLDS - 1):
        patterns[mask] = tables[HELD_COUNT[mask]].take(ranks[mask])
    wilds = game.wild_mask(hands).sum(axis=1)
    made = _made_patterns(game, game.evaluate_batch(hands))
    patterns[HOLDS - 1] = np.where(made != UNNAMED, made | (wilds << _SHIFTS["wilds"]), UNNAMED)
    return patterns


def _pack(kind: Kind, **fields: npt.NDArray[np.int64] | int) -> npt.NDArray[np.int64] | int:
    code: npt.NDArray[np.int64] | int = int(kind) << _SHIFTS["kind"]
    for name, value in fields.items():
        code = code | (value << _SHIFTS[name])
    return code


def _popcount(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    count = np.zeros_like(bits)
    for bit in range(16):
        count += (bits >> bit) & 1
    return count


def _rank_class(rules: Rules, rank: npt.NDArray[np.int64], held: int) -> npt.NDArray[np.int64]:
    """The rank class of a pair or of a kind: only what the game pays apart (its rank groups, such
    as aces and 2s-4s in the bonus games; a high or a low pair where a pair pays)."""
    classes = np.full(len(rank), ANY, dtype=np.int64)
    if rules.pairs_pay and held == 2:
        classes = np.where(rules.is_high(rank), HIGH, LOW)
    for number, group in reversed(list(enumerate(rules.groups))):  # the first group a rank is in names it
        classes = np.where(np.isin(rank + 2, sorted(group)), GROUP + number, classes)
    return classes


def _made_patterns(game: Game, categories: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The pattern of keeping all five: a straight or better as dealt (quads without a paying kicker
    are kept as four, so keeping the kicker too is not a pattern)."""
    codes = np.array([_pack(Kind.MADE, cards=HAND, detail=index) if _kept_whole(spec) else UNNAMED
                      for index, spec in enumerate(game.hands)] + [UNNAMED], dtype=np.int64)
    return codes.take(np.asarray(categories, dtype=np.intp))


def _kept_whole(spec: HandSpec) -> bool:
    return spec.made in _KEPT_WHOLE or (spec.made is Made.FOUR_OF_A_KIND and spec.kicker is not None)


TEN = 8  # the ten's rank index


def ten_splits(rules: Rules) -> bool:
    """Whether two cards to a royal are told apart by a ten: where a ten is no high card (jacks or
    better), KT suited is a weaker hold than KQ suited."""
    return rules.pairs_pay and not rules.high_ranks >> TEN & 1


def broad_level(chain: tuple[int, ...], tens_split: bool = False) -> int | None:
    """The concept of a pattern's ``chain`` (:func:`concept_chains`) that a short chart says: the
    last one, but cards to a royal keep whether one is a ten where ``tens_split`` (:func:`ten_splits`:
    where a ten is no high card, KT suited is a weaker hold than KQ suited); None for a pattern said
    by its own words: one no concept holds, or a draw to a royal alone in its ten's concept (a ten
    and a joker), which no broader name may sweep in with the draws without a ten."""
    for concept in chain:
        if Pattern.unpack(concept).drops & TENS:
            return concept
    if not chain or (tens_split and Pattern.unpack(chain[0]).kind is Kind.ROYAL):
        return None
    return chain[-1]


def _field_mask(*fields: str) -> int:
    return sum(_MASKS[name] << _SHIFTS[name] for name in fields)


#: What a concept forgets of its patterns (the ``drops`` field of its code): the wild cards, the
#: ways, the high cards, the detail (the ranks); SCORE keeps instead a least measure (in ``detail``):
#: of three cards to a straight flush ``ways + high cards``, the measure published charts sort them
#: by, of other draws their high cards; TENS keeps of the ranks whether one is a ten.
DROP_WILDS, DROP_WAYS, DROP_HIGH, DROP_DETAIL, SCORE, TENS = 1, 2, 4, 8, 16, 32
_DROPPED_FIELDS = {DROP_WILDS: "wilds", DROP_WAYS: "ways", DROP_HIGH: "high", DROP_DETAIL: "detail"}


def _concept(pattern: Pattern, drops: int, detail: int = 0) -> int:
    """The code of the concept that forgets ``drops`` of ``pattern`` (a SCORE concept keeps ``detail``)."""
    code = int(_pack(pattern.kind, cards=pattern.cards, wilds=pattern.wilds, ways=pattern.ways, high=pattern.high,
                     detail=pattern.detail, broad=1, drops=drops))
    code &= ~_field_mask(*(name for bit, name in _DROPPED_FIELDS.items() if drops & bit))
    if drops & SCORE:
        code = (code & ~_field_mask("detail")) | detail << _SHIFTS["detail"]
    return code


def _steps(rules: Rules, pattern: Pattern, least: dict[tuple[int, ...], int]) -> list[int]:
    """The concepts above a pattern, finest first (some may name no more patterns than the one
    below them; :func:`concept_chains` leaves those out).  A draw forgets its high cards, then its
    ways, then its wild cards: "4 to an outside straight flush", "4 to a straight flush (1 deuce)",
    "4 to a straight flush"; before it forgets its high cards it keeps a least number of them ("4 to
    an outside straight, at least 1 high card"), and three cards to a straight flush keep a least
    ``ways + high cards`` instead ("3 to a straight flush, ways + high cards at least 3"), each one
    a published chart's "type".  ``least``: the least of that measure among the pattern's kin."""
    kind = pattern.kind
    if kind is Kind.STRAIGHT_FLUSH and pattern.cards <= 3:
        score = pattern.ways + pattern.high
        floor = least[(kind, pattern.cards, pattern.wilds)]
        steps = [_concept(pattern, DROP_WAYS | DROP_HIGH | SCORE, at) for at in range(score, floor, -1)]
        return [*steps, _concept(pattern, DROP_WAYS | DROP_HIGH),
                _concept(pattern, DROP_WAYS | DROP_HIGH | DROP_WILDS)]
    if kind in (Kind.STRAIGHT_FLUSH, Kind.FLUSH, Kind.STRAIGHT):
        floor = least[(kind, pattern.cards, pattern.wilds, pattern.ways)]
        steps = [_concept(pattern, DROP_HIGH | SCORE, at) for at in range(pattern.high, floor, -1)]
        steps.append(_concept(pattern, DROP_HIGH))
        if kind is Kind.FLUSH or (pattern.cards == 4 and kind is Kind.STRAIGHT):
            # a flush draw has no ways; four cards to a straight keep theirs: "4 to an outside straight"
            return [*steps, _concept(pattern, DROP_HIGH | DROP_WILDS)]
        forget = DROP_HIGH | DROP_WAYS
        return [*steps, _concept(pattern, forget), _concept(pattern, forget | DROP_WILDS)]
    if kind is Kind.ROYAL and ten_splits(rules):
        # two natural cards to a royal first keep whether one is a ten (see :func:`broad_level`)
        tens = _concept(pattern, DROP_DETAIL | TENS) | (pattern.detail & 1 << TEN) << _SHIFTS["detail"]
        return [tens, _concept(pattern, DROP_DETAIL), _concept(pattern, DROP_DETAIL | DROP_WILDS)]
    if kind is Kind.ROYAL:
        return [_concept(pattern, DROP_DETAIL), _concept(pattern, DROP_DETAIL | DROP_WILDS)]
    if kind is Kind.HIGH:
        return [_concept(pattern, DROP_DETAIL)]
    if kind in (Kind.MADE, Kind.OF_A_KIND):
        return [_concept(pattern, DROP_WILDS)]
    return []


def concept_chains(game: Game, codes: list[int]) -> dict[int, tuple[int, ...]]:
    """For each of a family's pattern ``codes``, the concepts that hold it, finest first, each
    holding more of ``codes`` than the one before: "4 to an outside straight flush, 1 high card" is
    in "4 to an outside straight flush", which is in "4 to a straight flush".  The last one is the
    pattern's broad name, as a short chart says it."""
    rules = rules_of(game)
    unpacked = {code: Pattern.unpack(code) for code in codes}
    least: dict[tuple[int, ...], int] = {}
    for pattern in unpacked.values():
        for key, measure in (((pattern.kind, pattern.cards, pattern.wilds), pattern.ways + pattern.high),
                             ((pattern.kind, pattern.cards, pattern.wilds, pattern.ways), pattern.high)):
            least[key] = min(least.get(key, measure), measure)
    steps = {code: _steps(rules, pattern, least) for code, pattern in unpacked.items()}
    members: dict[int, set[int]] = {}
    for code, above in steps.items():
        for concept in above:
            members.setdefault(concept, set()).add(code)
    chains = {}
    for code, above in steps.items():
        chain: list[int] = []
        size = 1
        for concept in above:
            if len(members[concept]) > size:  # a concept that adds nothing is not a step
                chain.append(concept)
                size = len(members[concept])
        chains[code] = tuple(chain)
    return chains


# --- words -------------------------------------------------------------------------------------

_RANK_WORDS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")
_COUNT_WORDS = ("no", "1", "2", "3", "4", "5")


def describe(game: Game, code: int) -> str:
    """A pattern in the words a chart uses."""
    rules = rules_of(game)
    pattern = Pattern.unpack(code)
    kind, held = pattern.kind, pattern.cards
    if kind is Kind.DISCARD:
        return "discard everything"
    if kind is Kind.WILDS:
        return f"{_wild_count(rules, pattern.wilds)} only"
    if kind is Kind.MADE:
        text = _made_words(rules, game.hands[pattern.detail])
    elif kind is Kind.OF_A_KIND:
        text = _of_a_kind(rules, held, pattern.detail)
    elif kind is Kind.TWO_PAIR:
        text = "two pair"
    elif kind is Kind.ROYAL and pattern.drops & TENS:
        text = f"{held} to a royal {'with' if pattern.detail else 'without'} a ten"
    elif kind is Kind.ROYAL:
        text = f"{_ranks(pattern.detail)} suited" if pattern.detail and not pattern.drops else f"{held} to a royal"
    elif kind is Kind.HIGH and pattern.drops:
        text = f"{held} high cards unsuited" if held > 1 else "1 high card"
    elif kind is Kind.HIGH:
        alone = f"{_RANK_WORDS[pattern.detail.bit_length() - 1]} alone"
        text = f"{_ranks(pattern.detail)} unsuited" if held > 1 else alone
    else:  # a draw to a straight flush, a flush or a straight
        what = {Kind.STRAIGHT_FLUSH: "straight flush", Kind.FLUSH: "flush", Kind.STRAIGHT: "straight"}[kind]
        ways = kind is not Kind.FLUSH and not pattern.drops & DROP_WAYS
        text = _straight(held, pattern.ways, what) if ways else f"{held} to a {what}"
        if pattern.drops & SCORE:
            text += _at_least(rules, pattern)
        elif not pattern.drops & DROP_HIGH:
            text += _high(rules, pattern.high)
    says_its_wilds = kind is Kind.MADE and game.hands[pattern.detail].made is Made.WILD_CARDS
    if rules.wild and not says_its_wilds and not pattern.drops & DROP_WILDS:
        # a concept that forgets its wild cards has any number of them
        text += f" ({_wild_count(rules, pattern.wilds)})"
    return text


def _made_words(rules: Rules, spec: HandSpec) -> str:
    """A made hand kept whole, in words: its key's, but quads with a kicker and wild cards say what they are."""
    if spec.made is Made.FOUR_OF_A_KIND and spec.kicker is not None:
        kicker = _kicker_text(spec.kicker)
        article = "an" if kicker[0] in "A8" else "a"
        return f"four {ranks_text(spec.ranks or frozenset(range(2, 15)))} with {article} {kicker} kicker"
    if spec.made is Made.WILD_CARDS and spec.count is not None:
        words = f"{_RANK_COUNT_WORDS[spec.count]} {rules.wild_name}s"
        if spec.kicker is not None:
            words += f" with {'an' if _kicker_text(spec.kicker)[0] in 'A8' else 'a'} {_kicker_text(spec.kicker)}"
        return words
    return spec.key.replace("_", " ")


def _kicker_text(ranks: frozenset[int]) -> str:
    """``2-4``, ``A-4`` (the ace low beside a deuce), ``J/Q/K``."""
    values = sorted(1 if rank == 14 and 2 in ranks else rank for rank in ranks)
    words = ["A" if value in (1, 14) else ("10" if value == 10 else RANK_SYMBOLS[value - 2]) for value in values]
    if len(values) > 1 and values == list(range(values[0], values[-1] + 1)):
        return f"{words[0]}-{words[-1]}"
    return "/".join(words)


def _wild_count(rules: Rules, wilds: int) -> str:
    if rules.wild_name == "joker" and rules.game.jokers == 1:
        return "joker" if wilds else "no joker"
    return f"{_COUNT_WORDS[wilds]} {rules.wild_name}{'' if wilds == 1 else 's'}"


def _of_a_kind(rules: Rules, held: int, rank_class: int) -> str:
    group = rules.groups[rank_class - GROUP] if rank_class >= GROUP else None
    if held == 2:
        if group is not None:
            return f"pair of {ranks_text(group)}"
        high = frozenset(rank + 2 for rank in range(13) if rules.high_ranks >> rank & 1)
        if rank_class == HIGH and len(high) == 1:
            return f"pair of {ranks_text(high)}"
        return {ANY: "pair", HIGH: "high pair", LOW: "low pair"}[rank_class]
    size = "three" if held == 3 else "four"
    return f"{size} {ranks_text(group)}" if group is not None else f"{size} of a kind"


def _ranks(bits: int) -> str:
    return "".join(RANK_SYMBOLS[rank] for rank in range(12, -1, -1) if bits >> rank & 1)


def _straight(held: int, ways: int, what: str) -> str:
    if held == 4 and ways <= 2:
        return f"4 to an {'outside' if ways == 2 else 'inside'} {what}"
    return f"{held} to a {what}, {counted(ways, 'way')}"


def _at_least(rules: Rules, pattern: Pattern) -> str:
    """A least measure: of three cards to a straight flush, their ways and their high cards where
    those count; of the other draws, their high cards."""
    least = pattern.detail
    if not pattern.drops & DROP_WAYS:
        return f", at least {least} high card{'' if least == 1 else 's'}"
    return f", ways + high cards at least {least}" if rules.pairs_pay else f", at least {counted(least, 'way')}"


def _high(rules: Rules, high: int) -> str:
    if not rules.pairs_pay:
        return ""
    return f", {_COUNT_WORDS[high]} high card{'' if high == 1 else 's'}"


def normal(text: str) -> str:
    """A pattern's text as compared: lower case, single spaces, no trailing full stop."""
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")


#: What a chart's shorthand means, for the words a chart uses (:func:`legend`).
_LEGEND = (
    (re.compile(r"\b[2-9AKQJ]*T[2-9AKQJT]*\b"), "T is a ten (QT: a queen and a ten)"),
    (re.compile(r"\bways?\b"), "ways: straights the held cards can still make (outside 2, inside 1)"),
    (re.compile(r"\bhigh cards?\b"), "high cards: ranks that pay as a pair"),
)


def legend(texts: Sequence[str]) -> list[str]:
    """A line for each shorthand the chart's ``texts`` use, each within 80 columns."""
    return [meaning for pattern, meaning in _LEGEND if any(pattern.search(text) for text in texts)]
