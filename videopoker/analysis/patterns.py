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

from videopoker.analysis.combos import combinations_colex
from videopoker.analysis.draws import HAND, HELD_COUNT, HOLDS, hold_ranks
from videopoker.cards import JOKER_INDEX, RANK_SYMBOLS, Rank
from videopoker.categories import PayCategory as C
from videopoker.evaluate import Game
from videopoker.usertext import counted

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

#: Rank classes of a pair or of a kind: the ones a game pays differently.
ANY, ACES, LOW_QUADS, HIGH, LOW = range(5)

_QUADS = frozenset({C.FOUR_OF_A_KIND, C.FOUR_ACES, C.FOUR_2_4, C.FOUR_5_K})
_MADE_NAMES = {
    C.FOUR_ACES_WITH_2_4: "four aces with a 2-4 kicker",
    C.FOUR_2_4_WITH_A_4: "four 2s-4s with an A-4 kicker",
    C.FOUR_DEUCES: "four deuces",
}


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
    """What a family's patterns need to know of its rules."""

    game: Game
    #: The lowest rank of a paying pair (jacks, tens, kings), or None when no pair pays.
    high_rank: int | None
    #: Pairs and trips of aces, and of 2s-4s, are told apart when the game pays their quads apart.
    bonus_ranks: bool
    #: Wild cards' rank index (0..12), or None; the joker is wild by itself.
    wild_rank: int | None
    wild_name: str

    @property
    def wild(self) -> bool:
        return self.game.max_wilds > 0


@cache
def rules_of(game: Game) -> Rules:
    pairs = {C.JACKS_OR_BETTER: Rank.JACK, C.TENS_OR_BETTER: Rank.TEN, C.KINGS_OR_BETTER: Rank.KING}
    high = next((rank - 2 for category, rank in pairs.items() if category in game.categories), None)
    wild_rank = min(game.wild_ranks) - 2 if game.wild_ranks else None
    return Rules(game, high, C.FOUR_ACES in game.categories, wild_rank,
                 "joker" if game.jokers else "deuce")


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
    high = (~wild & (rank >= rules.high_rank)).sum(axis=1) if rules.high_rank is not None else np.zeros_like(wilds)
    distinct = _popcount(ranks)
    pairs_within = sum((rank[:, a] == rank[:, b]) & ~wild[:, a] & ~wild[:, b]
                       for a in range(held) for b in range(a + 1, held))
    # a straight that needs a natural deuce cannot be made where deuces are wild
    windows = [straight for straight in STRAIGHTS if rules.wild_rank is None or not straight >> rules.wild_rank & 1]
    ways = sum(((ranks & ~straight) == 0).astype(np.int64) for straight in windows)
    suited = _popcount(suits) <= 1
    unique = distinct == naturals
    top = np.bitwise_or.reduce(np.where(wild, 0, rank), axis=1)  # the rank, when there is one
    drawing = unique & suited & (held >= 2)
    royal_detail = np.where((naturals == 2) & (wilds == 0), ranks, 0)
    high_cards = (rules.high_rank is not None) & unique & (wilds == 0) & (high == naturals) & (held <= 3)
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
    """The rank class of a pair or of a kind: only what the game pays apart (aces, 2s-4s in the bonus
    games; a high or a low pair where a pair pays)."""
    classes = np.full(len(rank), ANY, dtype=np.int64)
    if rules.high_rank is not None and held == 2:
        classes = np.where(rank >= rules.high_rank, HIGH, LOW)
    if rules.bonus_ranks:
        classes = np.where(rank == 12, ACES, np.where(rank <= 2, LOW_QUADS, classes))
    return classes


def _made_patterns(game: Game, categories: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The pattern of keeping all five: a straight or better as dealt (quads without a paying kicker
    are kept as four, so keeping the kicker too is not a pattern)."""
    straight = game.category_index(C.STRAIGHT)
    codes = np.array([_pack(Kind.MADE, cards=HAND, detail=index) if index <= straight and category not in _QUADS
                      else UNNAMED for index, category in enumerate(game.categories)], dtype=np.int64)
    return codes.take(np.asarray(categories, dtype=np.intp))


TEN = 8  # the ten's rank index


def ten_splits(rules: Rules) -> bool:
    """Whether two cards to a royal are told apart by a ten: where a ten is no high card (jacks or
    better), KT suited is a weaker hold than KQ suited."""
    return rules.high_rank is not None and rules.high_rank > TEN


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
        category = game.categories[pattern.detail]
        text = _MADE_NAMES.get(category, category.value.replace("_", " "))
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
    if rules.wild and not (pattern.broad and "wilds" in _broad_drops(rules).get(kind, ())):
        # a broad pattern that forgets its wild cards has any number of them
        text += f" ({_wild_count(rules, pattern.wilds)})"
    return text


def _wild_count(rules: Rules, wilds: int) -> str:
    if rules.game.jokers:
        return "joker" if wilds else "no joker"
    return f"{_COUNT_WORDS[wilds]} {rules.wild_name}{'' if wilds == 1 else 's'}"


def _of_a_kind(rules: Rules, held: int, rank_class: int) -> str:
    if held == 2:
        pairs = {ANY: "pair", ACES: "pair of aces", LOW_QUADS: "pair of 2s-4s", HIGH: "high pair", LOW: "low pair"}
        return pairs[rank_class]
    size = "three" if held == 3 else "four"
    return {ACES: f"{size} aces", LOW_QUADS: f"{size} 2s-4s"}.get(rank_class, f"{size} of a kind")


def _ranks(bits: int) -> str:
    return "".join(RANK_SYMBOLS[rank] for rank in range(12, -1, -1) if bits >> rank & 1)


def _straight(held: int, ways: int, what: str) -> str:
    if held == 4 and ways <= 2:
        return f"4 to an {'outside' if ways == 2 else 'inside'} {what}"
    return f"{held} to a {what}, {counted(ways, 'way')}"


def _high(rules: Rules, high: int) -> str:
    if rules.high_rank is None:
        return ""
    return f", {_COUNT_WORDS[high]} high card{'' if high == 1 else 's'}"


def normal(text: str) -> str:
    """A pattern's text as compared: lower case, single spaces, no trailing full stop."""
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")
