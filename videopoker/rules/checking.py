"""A game definition read from YAML (or a wallet's JSON), checked word by word.

Every mistake is a :class:`~videopoker.errors.Problem` with its place and its fix: an unknown word
(with the nearest known one), a rank or card that does not exist, a kicker where there is no fifth
card, a count of wild cards the deck cannot deal, three jokers, and an entry that can never be
paid because the entries above it take every hand it matches (both named).  A hostile definition
(thousands of hands, huge lists) is refused by its size before any work is done on it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from videopoker.deck.cards import JOKER_INDEX, RANK_SYMBOLS, Card
from videopoker.errors import CardError, PaytableError
from videopoker.rules.definition import GROUP_SIZE, HAND, LABEL_LENGTH, NOTHING, GameDefinition, HandSpec, Made, Slot
from videopoker.storage.usertext import first_control, quote
from videopoker.storage.yamlfile import Findings, describe, item_position, key_position, key_text, value_position

GAME_KEYS = ("title", "jokers", "fifth_ace", "wild", "hands")
ENTRY_KEYS = ("made", "ranks", "kicker", "holding", "natural", "count", "order", "reversible", "sides_add_up",
              "label")
MAX_TITLE_LENGTH = 40
#: Enough entries for any game a casino runs (Double Double Bonus has 13); more is a mistake.
MAX_HANDS = 40
MAX_KEY_LENGTH = 40
KEY_FORM = re.compile(r"[a-z][a-z0-9_]*")
RANK_HELP = "2..10, J, Q, K, A"
#: The fewest places an ``order`` names: two would leave three places free, a million hands to list.
FEWEST_IN_ORDER = 3
_RANK_WORDS = {**{str(n): n for n in range(2, 11)}, "t": 10, "j": 11, "q": 12, "k": 13, "a": 14}
#: Made hands that have a group of one rank, which ``ranks`` may name.
GROUPED = tuple(GROUP_SIZE)


def _nearest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.5)
    return f"did you mean {close[0]!r}? " if close else ""


def _rank(value: Any) -> int | None:
    """A rank written in a game file: ``2``..``10`` (a number or text), ``T``, ``J``, ``Q``, ``K``, ``A``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 2 <= value <= 10 else None
    if isinstance(value, str):
        return _RANK_WORDS.get(value.strip().lower())
    return None


def _card(value: Any) -> Card | None:
    """A card written in a game file (``Js``, ``10h``, ``Jk``), or None for anything else."""
    if not isinstance(value, str):
        return None
    try:
        return Card.parse(value)
    except CardError:
        return None


class _Reader:
    """Reads one definition, noting each problem where it was written."""

    def __init__(self, where: str, findings: Findings) -> None:
        self.where = where
        self.findings = findings

    def add(self, position: tuple[int, int] | None, message: str, key: str = "game") -> None:
        self.findings.add(position, message, key)

    def ranks(self, node: Any, key: str, entry: str, place: tuple[int, int] | None) -> frozenset[int] | None:
        items = node if isinstance(node, list) else [node]
        if not items or len(items) > len(RANK_SYMBOLS):
            self.add(place, f"{entry}: {key} lists {len(items)} ranks; give 1 to 13 of {RANK_HELP}", entry)
            return None
        ranks: set[int] = set()
        for index, item in enumerate(items):
            rank = _rank(item)
            at = item_position(node, index) if isinstance(node, list) else place
            if rank is None:
                self.add(at, f"{entry}: {key} {describe(item)} is not a rank; use {RANK_HELP}", entry)
                return None
            if rank in ranks:
                self.add(at, f"{entry}: {key} names {item} twice; name each rank once", entry)
                return None
            ranks.add(rank)
        return frozenset(ranks)

    def whole(self, node: Mapping[str, Any], key: str, low: int, high: int, what: str) -> int | None:
        value = node.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        self.add(value_position(node, key), f"{what} must be a whole number {low}..{high}, got {describe(value)}")
        return None

    def text(self, node: Mapping[str, Any], key: str, limit: int, what: str, entry: str = "game") -> str | None:
        value = node.get(key)
        place = value_position(node, key)
        if not isinstance(value, str) or not value.strip():
            self.add(place, f"{what} must be text, got {describe(value)}", entry)
            return None
        value = value.strip()
        bad = first_control(value)
        if bad is not None:
            self.add(place, f"{what} {quote(value)} has a control character at character {bad + 1}; "
                     "write plain text", entry)
            return None
        if len(value) > limit:
            self.add(place, f"{what} {quote(value)} is {len(value)} characters; keep it to {limit}", entry)
            return None
        return value

    def wild(self, node: Mapping[str, Any]) -> tuple[frozenset[int], frozenset[int]] | None:
        value = node.get("wild", [])
        place = value_position(node, "wild")
        items = value if isinstance(value, list) else [value]
        if len(items) > JOKER_INDEX:
            self.add(place, f"wild lists {len(items)} items; name wild ranks ([2]) or cards ([Js, Jh])")
            return None
        ranks: set[int] = set()
        cards: set[int] = set()
        for index, item in enumerate(items):
            at = item_position(value, index) if isinstance(value, list) else place
            rank = _rank(item)
            if rank is not None:
                if rank in ranks:
                    self.add(at, f"wild names the rank {item} twice; name it once")
                ranks.add(rank)
                continue
            card = _card(item)
            if card is None:
                self.add(at, f"wild: {describe(item)} is neither a rank ({RANK_HELP}) nor a card (Js, 10h)")
                return None
            if card.is_joker:
                self.add(at, "wild: jokers are wild already; add them with `jokers: 1`")
                return None
            if card.is_fifth_ace:
                self.add(at, "wild: the fifth ace is a natural ace; for a wild card add a joker (`jokers: 1`)")
                return None
            if card.index in cards:
                self.add(at, f"wild names {card} twice; name it once")
            cards.add(card.index)
        for index in sorted(cards):
            if index // 4 + 2 in ranks:
                self.add(place, f"wild names {Card(index)} and its whole rank; keep one of them")
                return None
        return frozenset(ranks), frozenset(cards)


def _entry(reader: _Reader, key: Any, node: Any, hands: Any, wild: tuple[frozenset[int], frozenset[int]] | None,
           jokers: int | None) -> HandSpec | None:
    place = key_position(hands, key)
    if not isinstance(key, str) or not KEY_FORM.fullmatch(key) or len(key) > MAX_KEY_LENGTH:
        reader.add(place, f"hand key {key_text(key)} must be lower_snake_case words (a-z, 0-9, _), at most "
                   f"{MAX_KEY_LENGTH} characters, like four_aces")
        return None
    if key == NOTHING:
        reader.add(place, "'nothing' is what no entry pays; name the entry something else", key)
        return None
    if not isinstance(node, Mapping):
        reader.add(value_position(hands, key), f"{key}: an entry is a mapping like {{made: full house}}, "
                   f"got {describe(node)}", key)
        return None
    problems = len(reader.findings.problems)
    for word in node:
        if word not in ENTRY_KEYS:
            hint = _nearest(str(word), list(ENTRY_KEYS))
            reader.add(key_position(node, word), f"{key}: unknown word {key_text(word)}; {hint}an entry has "
                       f"{', '.join(ENTRY_KEYS)}", key)
    made_text = node.get("made")
    made_words = [made.value for made in Made]
    if "made" not in node:
        reader.add(key_position(hands, key), f"{key}: say what it is with `made:` (one of {', '.join(made_words)})",
                   key)
        return None
    if not isinstance(made_text, str) or made_text.strip().lower() not in made_words:
        hint = _nearest(made_text, made_words) if isinstance(made_text, str) else ""
        fix = hint.removesuffix(" ") if hint else f"use one of {', '.join(made_words)}"
        reader.add(value_position(node, "made"), f"{key}: made {describe(made_text)} is not a hand; {fix}", key)
        return None
    made = Made(made_text.strip().lower())
    ranks = kicker = kicker_cards = holding = None
    if "ranks" in node:
        if made not in GROUPED:
            reader.add(key_position(node, "ranks"), f"{key}: a {made} has no group of one rank for `ranks`; ranks "
                       f"fit {', '.join(GROUPED)}", key)
        else:
            ranks = reader.ranks(node["ranks"], "ranks", key, value_position(node, "ranks"))
    natural = node.get("natural", False)
    if not isinstance(natural, bool):
        reader.add(value_position(node, "natural"), f"{key}: natural is true or false, got {describe(natural)}", key)
        natural = False
    count = None
    if made is Made.WILD_CARDS:
        count = _wild_count(reader, key, node, ranks, wild, jokers)
        if natural:
            reader.add(value_position(node, "natural"), f"{key}: wild cards cannot be natural; drop `natural`", key)
    elif "count" in node:  # a made hand with exactly so many wild cards (Super Bonus Deuces' 5 of a kind + 1 deuce)
        count = _made_count(reader, key, node, wild, jokers)
        if natural and count:
            reader.add(value_position(node, "natural"), f"{key}: natural means no wild card, and count says "
                       f"{count}; keep one of them", key)
    if "kicker" in node:
        fifth_card = made is Made.FOUR_OF_A_KIND or (made is Made.WILD_CARDS and count == HAND - 1)
        if not fifth_card:
            reader.add(key_position(node, "kicker"), f"{key}: a kicker is the fifth card beside four of a kind or "
                       f"four wild cards; a {made}{' of that count' if made is Made.WILD_CARDS else ''} has no "
                       "fifth card to name", key)
        else:
            kicker, kicker_cards = _kicker(reader, key, node, wild)
    if "holding" in node:
        holding = _named_cards(reader, key, node["holding"], "holding", value_position(node, "holding"), wild)
    order = _order(reader, key, node, made, wild, jokers) if "order" in node else None
    reversible = node.get("reversible", False)
    if not isinstance(reversible, bool):
        reader.add(value_position(node, "reversible"), f"{key}: reversible is true or false, got "
                   f"{describe(reversible)}", key)
    elif reversible and "order" not in node:
        reader.add(key_position(node, "reversible"), f"{key}: reversible reads an `order` right to left too; "
                   "give the order (order: [10, J, Q, K, A])", key)
    sides = _sides_add_up(reader, key, node, made, wild, jokers) if "sides_add_up" in node else False
    label = reader.text(node, "label", LABEL_LENGTH, f"{key}: label", key) if "label" in node else None
    if len(reader.findings.problems) > problems:
        return None
    return HandSpec(key, made, ranks, kicker, natural, count, label, order, reversible is True, kicker_cards, holding,
                    sides)


def _sides_add_up(reader: _Reader, key: str, node: Mapping[str, Any], made: Made,
                  wild: tuple[frozenset[int], frozenset[int]] | None, jokers: int | None) -> bool:
    """``sides_add_up: true``: a three of a kind whose two other cards add up to its rank (Quick
    Quads), in a game without wild cards (what a wild card adds up to is a question no machine asks)."""
    value = node["sides_add_up"]
    if not isinstance(value, bool):
        reader.add(value_position(node, "sides_add_up"), f"{key}: sides_add_up is true or false, got "
                   f"{describe(value)}", key)
        return False
    if value and made is not Made.THREE_OF_A_KIND:
        reader.add(key_position(node, "sides_add_up"), f"{key}: sides_add_up asks the two cards beside a three of a "
                   f"kind to add up to its rank; write made: three of a kind, not {made}", key)
        return False
    if value and ((wild is not None and any(wild)) or jokers):
        reader.add(key_position(node, "sides_add_up"), f"{key}: sides_add_up is for games without wild cards; drop "
                   "it or the wild cards", key)
        return False
    return value


def _kicker(reader: _Reader, key: str, node: Mapping[str, Any], wild: tuple[frozenset[int], frozenset[int]] | None
            ) -> tuple[frozenset[int] | None, frozenset[int] | None]:
    """A ``kicker``: ranks (``[2, 3, 4]``) and cards named by suit (``[Js, Jc]``: Black Jack Bonus)."""
    value, place = node["kicker"], value_position(node, "kicker")
    items = value if isinstance(value, list) else [value]
    ranks = [item for item in items if _rank(item) is not None]
    cards = [item for item in items if _rank(item) is None]
    rank_set = reader.ranks(value if not cards else ranks, "kicker", key, place) if ranks else None
    card_set = _named_cards(reader, key, cards, "kicker", place, wild) if cards else None
    return rank_set, card_set


def _named_cards(reader: _Reader, key: str, value: Any, field: str, place: tuple[int, int] | None,
                 wild: tuple[frozenset[int], frozenset[int]] | None) -> frozenset[int] | None:
    """Cards a rule names by suit (``[Js, Jc]``): each a card of the 52, once, and not wild (a wild
    card stands for another, so it has no suit of its own to be named by)."""
    items = value if isinstance(value, list) else [value]
    if not items or len(items) > JOKER_INDEX:
        reader.add(place, f"{key}: {field} lists {len(items)} cards; name 1 to 52 cards like Js, Jc", key)
        return None
    cards: set[int] = set()
    for item in items:
        card = _card(item)
        if card is None or card.suit is None:
            reader.add(place, f"{key}: {field} {describe(item)} is neither a rank ({RANK_HELP}) nor a card of the "
                       "52 (Js, 10h)", key)
            return None
        if wild is not None and (card.index // 4 + 2 in wild[0] or card.index in wild[1]):
            reader.add(place, f"{key}: {field} names {card}, a wild card; name cards that are not wild", key)
            return None
        if card.index in cards:
            reader.add(place, f"{key}: {field} names {card} twice; name it once", key)
            return None
        cards.add(card.index)
    return frozenset(cards)


def _order(reader: _Reader, key: str, node: Mapping[str, Any], made: Made,
           wild: tuple[frozenset[int], frozenset[int]] | None, jokers: int | None) -> tuple[Slot, ...] | None:
    """An entry's ``order``: 3 to 5 ranks or cards, left to right, each card once, in a game without
    wild cards (a wild card's place in an order is a question no machine answers)."""
    value, place = node["order"], value_position(node, "order")
    if made is Made.WILD_CARDS or (wild is not None and any(wild)) or jokers:
        reader.add(key_position(node, "order"), f"{key}: an order is for games without wild cards; drop `order` "
                   "or the wild cards", key)
        return None
    if not isinstance(value, list) or not FEWEST_IN_ORDER <= len(value) <= HAND:
        got = f"{len(value)}" if isinstance(value, list) else describe(value)
        reader.add(place, f"{key}: order is a list of {FEWEST_IN_ORDER} to 5 ranks or cards, left to right "
                   f"(order: [10, J, Q, K, A]); got {got}", key)
        return None
    slots: list[Slot] = []
    for index, item in enumerate(value):
        at = item_position(value, index)
        rank = _rank(item)
        if rank is not None:
            slots.append(Slot(rank))
            continue
        card = _card(item)
        if card is None or card.suit is None:
            reader.add(at, f"{key}: order {describe(item)} is neither a rank ({RANK_HELP}) nor a card of the 52 "
                       "(As, 10h)", key)
            return None
        slot = Slot(card.index // 4 + 2, card.index % 4)
        if slot in slots:
            reader.add(at, f"{key}: order names {card} twice; a card has one place", key)
            return None
        slots.append(slot)
    return tuple(slots)


def _wild_count(reader: _Reader, key: str, node: Mapping[str, Any], ranks: frozenset[int] | None,
                wild: tuple[frozenset[int], frozenset[int]] | None, jokers: int | None) -> int | None:
    """The ``count`` of a wild cards entry, checked against the wild cards the deck has."""
    if "count" not in node:
        reader.add(key_position(node, "made"), f"{key}: say how many wild cards with `count:` (4 is four "
                   "deuces in Deuces Wild)", key)
        return None
    if wild is None or jokers is None:
        return None  # the deck is unknown: its own problem is reported
    wild_ranks, wild_cards = wild
    deck_wild_ranks = wild_ranks | {card // 4 + 2 for card in wild_cards}
    if ranks is not None and ranks != deck_wild_ranks:
        named = ", ".join(sorted({str(r) if r <= 10 else RANK_SYMBOLS[r - 2] for r in deck_wild_ranks}))
        reader.add(value_position(node, "ranks"), f"{key}: ranks on wild cards counts the wild cards that are not "
                   f"jokers; name all of this game's wild ranks ({named or 'none'})", key)
        return None
    if ranks is not None:  # only the wild cards that are not jokers are counted
        return _count_within(reader, key, node, 1, "count", _deck_wilds(wild, 0), "wild cards that are not jokers")
    return _count_within(reader, key, node, 1, "count", _deck_wilds(wild, jokers), "wild cards")


def _made_count(reader: _Reader, key: str, node: Mapping[str, Any],
                wild: tuple[frozenset[int], frozenset[int]] | None, jokers: int | None) -> int | None:
    """The ``count`` of a made hand: how many of its cards are wild, 0 (natural) up to what the deck
    can deal in one hand."""
    most = None if wild is None or jokers is None else _deck_wilds(wild, jokers)  # unknown: its own problem
    return _count_within(reader, key, node, 0, "count (wild cards in the hand)", most, "wild cards")


def _deck_wilds(wild: tuple[frozenset[int], frozenset[int]], jokers: int) -> int:
    """The most wild cards one hand can hold: the wild ranks' cards, the single wild cards, ``jokers``."""
    wild_ranks, wild_cards = wild
    return min(HAND, 4 * len(wild_ranks) + len(wild_cards) + jokers)


def _count_within(reader: _Reader, key: str, node: Mapping[str, Any], least: int, named: str, most: int | None,
                  which: str) -> int | None:
    """``count``: a whole number ``least``..5, and no more ``which`` than the deck deals in a hand
    (``most``; None when the deck is unknown)."""
    count = node.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not least <= count <= HAND:
        reader.add(value_position(node, "count"), f"{key}: {named} must be a whole number {least}..5, got "
                   f"{describe(count)}", key)
        return None
    if most is not None and count > most:
        reader.add(value_position(node, "count"), f"{key}: count {count} is more {which} than this deck can deal "
                   f"in one hand ({most}); add wild cards or lower the count", key)
        return None
    return count


def read_definition(node: Any, findings: Findings, default_title: str, reach: bool = True) -> GameDefinition | None:
    """The definition written in ``node`` (a game file's document, or a paytable's inline ``game:``),
    or ``None`` after noting every problem in ``findings``.

    ``reach=False`` skips judging every hand the deck can deal for dead entries (about 0.2 s): for
    a definition that passed it before and was kept with a digest (a cache, a wallet's round).
    """
    reader = _Reader(findings.where, findings)
    if not isinstance(node, Mapping):
        reader.add(None, f"a game is a mapping with keys {', '.join(GAME_KEYS)}; got {describe(node)}")
        return None
    start = len(findings.problems)
    for word in node:
        if word not in GAME_KEYS:
            hint = _nearest(str(word), list(GAME_KEYS))
            reader.add(key_position(node, word), f"unknown word {key_text(word)} in a game; {hint}a game has "
                       f"{', '.join(GAME_KEYS)}")
    title = reader.text(node, "title", MAX_TITLE_LENGTH, "title") if "title" in node else default_title
    jokers = reader.whole(node, "jokers", 0, 2, "jokers (added to the 52 cards)") if "jokers" in node else 0
    wild = reader.wild(node)
    fifth_ace = _fifth_ace(reader, node, jokers, wild) if "fifth_ace" in node else False
    hands = node.get("hands")
    if "hands" not in node:
        reader.add(None, "a game needs `hands:`, its paying hands best first, e.g. `royal_flush: {made: royal flush}`")
        return None
    if not isinstance(hands, Mapping) or not hands:
        reader.add(value_position(node, "hands"), f"hands must be a mapping of hand keys to entries, best first; "
                   f"got {describe(hands)}")
        return None
    if len(hands) > MAX_HANDS:
        reader.add(value_position(node, "hands"), f"hands lists {len(hands):,} entries; a game has at most "
                   f"{MAX_HANDS}")
        return None
    specs = [_entry(reader, key, entry, hands, wild, jokers) for key, entry in hands.items()]
    if len(findings.problems) > start or title is None or jokers is None or wild is None:
        return None
    definition = GameDefinition(title, jokers, wild[0], wild[1], tuple(spec for spec in specs if spec), fifth_ace)
    ordered = next((spec.key for spec in definition.hands if spec.order is not None), None)
    if fifth_ace and ordered is not None:
        reader.add(key_position(node, "fifth_ace"), f"{ordered} pays cards in their places, which a deck with a "
                   "fifth ace does not deal yet; drop its order or the fifth ace")
        return None
    if reach:
        _check_reach(reader, definition, hands)
    return definition if len(findings.problems) == start else None


def _fifth_ace(reader: _Reader, node: Mapping[str, Any], jokers: int | None,
               wild: tuple[frozenset[int], frozenset[int]] | None) -> bool:
    """``fifth_ace: true``: a 53rd card, an ace of a suit of its own (Five Aces), in a game without wild cards."""
    value = node["fifth_ace"]
    if not isinstance(value, bool):
        reader.add(value_position(node, "fifth_ace"), f"fifth_ace is true (an ace of stars added to the 52 "
                   f"cards) or false, got {describe(value)}")
        return False
    if value and (jokers or (wild is not None and any(wild))):
        reader.add(key_position(node, "fifth_ace"), "a deck with a fifth ace has no wild cards yet (what suit a "
                   "wild card takes beside the star is a question no machine answers); drop them or fifth_ace")
        return False
    return value


def _check_reach(reader: _Reader, definition: GameDefinition, hands: Any) -> None:
    """Note each entry no dealt hand can ever be paid as, naming the entry above that takes its hands."""
    from videopoker.rules.reach import unreachable

    for key, above in unreachable(definition):
        if above is None:
            reader.add(key_position(hands, key), f"{key}: no hand can make it (check its ranks and kicker)", key)
        else:
            reader.add(key_position(hands, key), f"{key} can never be paid: {above} above it takes every hand it "
                       f"matches; move {key} above {above}, or drop it", key)


def check_definition(node: Any, where: str, default_title: str) -> GameDefinition:
    """The definition in ``node``, or a :class:`PaytableError` listing every problem with its place."""
    findings = Findings(where)
    definition = read_definition(node, findings, default_title)
    if definition is None:
        raise PaytableError(*findings.problems)
    return definition
