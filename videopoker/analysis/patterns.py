"""What a hold is, in the words of a strategy chart: "4 to a royal", "low pair", "KQJ unsuited".

Every hold of every dealt hand gets one *pattern*: a small record of what the kept cards are
(a made hand, of a kind, two pair, a draw to a royal, straight flush, flush or straight, high
cards, wild cards only, or nothing), with just the detail a player weighs — how many cards, how
many wild cards, how many straights the draw can still make ("ways": an outside straight draw has
2, an inside one 1), how many high cards (the ranks that can pair into a paying pair), and for
pairs the rank class that the game pays differently.  A hold that no chart would name (a pair
with a kicker, a low card alone) has no pattern and is never what a chart keeps.

The patterns are computed for many hands at once in numpy, each packed into one integer; their
text comes from the fields, so the words a chart prints are exactly the words it reads back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

import numpy as np
import numpy.typing as npt

from videopoker.analysis.draws import HAND, HELD_COUNT, HOLDS, hold_ranks
from videopoker.deck.cards import JOKER_INDEX, RANK_SYMBOLS
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


# A pattern packed into one integer: kind, cards held, wild cards held, ways, high cards, detail.
_FIELDS = (("broad", 1), ("kind", 4), ("cards", 3), ("wilds", 3), ("ways", 3), ("high", 3), ("detail", 14))
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
    rank = np.where(cards >= JOKER_INDEX, 13, cards >> 2)
    wild = game.wild_mask(cards)
    wilds = wild.sum(axis=1)
    naturals = held - wilds
    ranks = np.bitwise_or.reduce(np.where(wild, 0, np.int64(1) << np.minimum(rank, 12)), axis=1)
    suits = np.bitwise_or.reduce(np.where(wild, 0, np.int64(1) << (cards & 3)), axis=1)
    high = (~wild & rules.is_high(rank)).sum(axis=1)
    distinct = _popcount(ranks)
    pairs_within = sum((rank[:, a] == rank[:, b]) & ~wild[:, a] & ~wild[:, b]
                       for a in range(held) for b in range(a + 1, held))
    # a straight that needs a natural deuce cannot be made where deuces are wild
    windows = [straight for straight in STRAIGHTS if not any(straight >> rank & 1 for rank in rules.wild_ranks)]
    ways = sum(((ranks & ~straight) == 0).astype(np.int64) for straight in windows)
    suited = _popcount(suits) <= 1
    unique = distinct == naturals
    top = np.bitwise_or.reduce(np.where(wild, 0, rank), axis=1)  # the rank, when there is one
    drawing = unique & suited & (held >= 2)
    royal_detail = np.where((naturals == 2) & (wilds == 0), ranks, 0)
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


def _broad_drops(rules: Rules) -> dict[Kind, tuple[str, ...]]:
    """What a broad pattern forgets, per kind: the detail a short chart does without, and the wild
    cards (but a draw to a royal keeps them where it keeps its ten, so its words stay true)."""
    royal = ("detail",) if ten_splits(rules) else ("detail", "wilds")
    return {Kind.STRAIGHT_FLUSH: ("ways", "high", "wilds"), Kind.FLUSH: ("high", "wilds"), Kind.ROYAL: royal,
            Kind.HIGH: ("detail",), Kind.MADE: ("wilds",), Kind.OF_A_KIND: ("wilds",),
            Kind.STRAIGHT: ("high", "wilds")}


def _field_mask(*fields: str) -> int:
    return sum(_MASKS[name] << _SHIFTS[name] for name in fields)


def broad(game: Game, patterns: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each pattern as a short chart names it: "4 to a straight flush" for every 4-card straight-flush
    draw, "2 to a royal without a ten" for QJ, KQ... suited, "2 high cards unsuited" for KQ, QJ...,
    "three of a kind" with any number of wild cards.  Kinds with nothing to forget stay as they are."""
    rules = rules_of(game)
    kind = (patterns >> _SHIFTS["kind"]) & _MASKS["kind"]
    named = patterns != UNNAMED
    flag = 1 << _SHIFTS["broad"]
    wide = patterns.copy()
    for which, fields in _broad_drops(rules).items():
        wide = np.where(named & (kind == which), (wide & ~_field_mask(*fields)) | flag, wide)
    if ten_splits(rules):  # two natural cards to a royal keep whether one is a ten
        wide = np.where(named & (kind == Kind.ROYAL), wide | (patterns & (1 << (TEN + _SHIFTS["detail"]))), wide)
    cards = (patterns >> _SHIFTS["cards"]) & _MASKS["cards"]
    short_straight = named & (kind == Kind.STRAIGHT) & (cards < 4)
    return np.where(short_straight, wide & ~_field_mask("ways"), wide)


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
    elif kind is Kind.ROYAL and pattern.broad and ten_splits(rules) and held == 2 and not pattern.wilds:
        text = f"{held} to a royal {'with' if pattern.detail else 'without'} a ten"
    elif kind is Kind.ROYAL and pattern.broad:
        text = f"{held} to a royal"
    elif kind is Kind.ROYAL:
        text = f"{_ranks(pattern.detail)} suited" if pattern.detail else f"{held} to a royal"
    elif pattern.broad and kind is not Kind.HIGH:
        what = {Kind.STRAIGHT_FLUSH: "straight flush", Kind.FLUSH: "flush", Kind.STRAIGHT: "straight"}[kind]
        text = _straight(held, pattern.ways, what) if kind is Kind.STRAIGHT and held == 4 else f"{held} to a {what}"
    elif kind is Kind.STRAIGHT_FLUSH:
        text = _straight(held, pattern.ways, "straight flush") + _high(rules, pattern.high)
    elif kind is Kind.FLUSH:
        text = f"{held} to a flush" + _high(rules, pattern.high)
    elif kind is Kind.STRAIGHT:
        text = _straight(held, pattern.ways, "straight") + _high(rules, pattern.high)
    elif pattern.broad:  # Kind.HIGH
        text = f"{held} high cards unsuited" if held > 1 else "1 high card"
    else:
        alone = f"{_RANK_WORDS[pattern.detail.bit_length() - 1]} alone"
        text = f"{_ranks(pattern.detail)} unsuited" if held > 1 else alone
    says_its_wilds = kind is Kind.MADE and game.hands[pattern.detail].made is Made.WILD_CARDS
    if rules.wild and not says_its_wilds and not (pattern.broad and "wilds" in _broad_drops(rules).get(kind, ())):
        # a broad pattern that forgets its wild cards has any number of them
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


def _high(rules: Rules, high: int) -> str:
    if not rules.pairs_pay:
        return ""
    return f", {_COUNT_WORDS[high]} high card{'' if high == 1 else 's'}"


def normal(text: str) -> str:
    """A pattern's text as compared: lower case, single spaces, no trailing full stop."""
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")
