"""Cards, hands and the deck.

A card is also an integer, ``index = rank_index * 4 + suit_index`` (0..51, the jokers 52 and 53,
Five Aces' fifth ace 54, an ace of stars that reads and prints ``A*``); :class:`Card` is the face a
person reads.  Both jokers read and print as ``Jk``: a hand's second ``Jk`` is the second joker.  A
game's deck is the cards it deals; the evaluators and the analysis work on places in it
(:meth:`videopoker.rules.definition.GameDefinition.position`), which are card indices but for the
fifth ace, the card after the 52.

>>> parse_hand("Ah Kh Qh Jh 10h")
(Card('Ah'), Card('Kh'), Card('Qh'), Card('Jh'), Card('Th'))
>>> str(Card.parse("t♦"))
'Td'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from typing import Protocol

from videopoker.errors import CardError
from videopoker.storage.usertext import quote


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-letter name used in card text (``T`` for ten)."""
        return RANK_SYMBOLS[self - 2]

    @property
    def label(self) -> str:
        """The name printed on a card's corner (``10`` for ten)."""
        return "10" if self is Rank.TEN else self.symbol


class Suit(StrEnum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_SYMBOLS = "23456789TJQKA"
SUITS = tuple(Suit)
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
JOKER_INDEX = 52
#: A deck has at most two jokers (Double Joker).
MOST_JOKERS = 2
#: Five Aces' fifth ace: an ace of a suit of its own, the star (not wild, never in a flush).
FIFTH_ACE_INDEX = JOKER_INDEX + MOST_JOKERS
STAR = "★"
CARD_HELP = "use rank 2-9,T,J,Q,K,A and suit c,d,h,s (or ♣♦♥♠); a joker is Jk, a fifth ace A*"

_SUIT_BY_TEXT = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♠": Suit.SPADES, "♤": Suit.SPADES,
}
_CARD_TOKEN = re.compile(r"jk|a[*★☆]|(?:10|[2-9tjqka])[cdhs♣♧♦♢♥♡♠♤]", re.IGNORECASE)


class RandomLike(Protocol):
    """What a shuffle needs of a random generator (``random.Random``, ``secrets.SystemRandom``)."""

    def randrange(self, stop: int, /) -> int: ...


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card; ``rank`` and ``suit`` are ``None`` for the joker, ``suit`` for the fifth ace."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index <= FIFTH_ACE_INDEX:
            raise CardError(f"card index must be 0..{FIFTH_ACE_INDEX}, got {self.index!r}")

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return cls((rank - 2) * 4 + SUITS.index(suit))

    @classmethod
    def joker(cls) -> Card:
        return cls(JOKER_INDEX)

    @classmethod
    def fifth_ace(cls) -> Card:
        return cls(FIFTH_ACE_INDEX)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Ah``, ``10h``, ``th``, ``A♥``, ``Jk`` or ``A*`` (``A★``)."""
        token = text.strip()
        if not _CARD_TOKEN.fullmatch(token):
            raise CardError(f"{quote(text, 12)} is not a card: {CARD_HELP}")
        if token.lower() == "jk":
            return cls.joker()
        if token[1:] in ("*", STAR, "☆"):
            return cls.fifth_ace()
        rank_text = "T" if token[:-1] == "10" else token[:-1].upper()
        rank = Rank(RANK_SYMBOLS.index(rank_text) + 2)
        return cls.of(rank, _SUIT_BY_TEXT[token[-1].lower()])

    @property
    def is_joker(self) -> bool:
        return JOKER_INDEX <= self.index < FIFTH_ACE_INDEX

    @property
    def is_fifth_ace(self) -> bool:
        return self.index == FIFTH_ACE_INDEX

    @property
    def rank(self) -> Rank | None:
        return None if self.is_joker else Rank.ACE if self.is_fifth_ace else Rank(self.index // 4 + 2)

    @property
    def suit(self) -> Suit | None:
        return None if self.index >= JOKER_INDEX else SUITS[self.index % 4]

    @property
    def label(self) -> str:
        """Rank and suit as printed on the card's corner: ``A♠``, ``10♥``, ``A★``, ``JOKER``."""
        if self.rank is None:
            return "JOKER"
        return f"{self.rank.label}{self.suit.symbol if self.suit is not None else STAR}"

    def __str__(self) -> str:
        if self.rank is None:
            return "Jk"
        return f"{self.rank.symbol}{self.suit.value if self.suit is not None else '*'}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


#: The cards of a poker hand, dealt and drawn.
HAND_SIZE = 5


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read any number of cards, spaced or run together (``AhKhQh`` or ``Ah, Kh, Qh``)."""
    cards: list[Card] = []
    for word in re.split(r"[\s,]+", text.strip()):
        if not word:
            continue
        position = 0
        while position < len(word):
            match = _CARD_TOKEN.match(word, position)
            if match is None:
                bad = word[position:position + 3] if position else word
                raise CardError(f"{quote(bad, 12)} is not a card: {CARD_HELP}")
            card = Card.parse(match.group())
            if card.is_joker and card in cards:  # "Jk Jk": both jokers of a two-joker deck
                card = Card(JOKER_INDEX + 1)
            cards.append(card)
            position = match.end()
    return tuple(cards)


def parse_hand(text: str, size: int = HAND_SIZE) -> tuple[Card, ...]:
    """Read a hand of exactly ``size`` different cards."""
    cards = parse_cards(text)
    check_hand(cards, size)
    return cards


def check_hand(cards: Sequence[Card], size: int = HAND_SIZE) -> None:
    """Refuse a hand of the wrong size or with a card twice, naming the problem."""
    if len(cards) != size:
        raise CardError(f"a hand is {size} cards, got {len(cards)}: {quote(format_cards(cards))}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{str(card)!r} appears twice in {format_cards(cards)!r}")
        seen.add(card)


def check_deck(cards: Iterable[Card], deck: Collection[Card], name: str) -> None:
    """Refuse a card the game's ``deck`` lacks (a joker in a 52-card game); ``name`` names that deck.

    >>> check_deck(parse_cards("Jk Ah"), full_deck(), "Jacks or Better")
    Traceback (most recent call last):
    ...
    videopoker.errors.CardError: 'Jk' is not in the deck of Jacks or Better; play it in a game with a joker
    """
    for card in cards:
        if card not in deck:
            game = "with a fifth ace (Five Aces)" if card.is_fifth_ace else "with a joker"
            raise CardError(f"{str(card)!r} is not in the deck of {name}; play it in a game {game}")


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


@cache
def full_deck(jokers: int = 0, fifth_ace: bool = False) -> tuple[Card, ...]:
    """The 52 cards in index order, then ``jokers`` jokers (0..2), then the fifth ace if the deck
    has one: a card's place in this tuple is its place in the analysis.  One shared tuple per deck."""
    if not 0 <= jokers <= MOST_JOKERS:
        raise CardError(f"a deck has 0 to {MOST_JOKERS} jokers, got {jokers}")
    return tuple(Card(i) for i in range(JOKER_INDEX + jokers)) + ((Card.fifth_ace(),) if fifth_ace else ())


def shuffled(cards: Sequence[Card], rng: RandomLike) -> list[Card]:
    """An unbiased Fisher–Yates shuffle drawing from the injected ``rng``."""
    return take_random(cards, len(cards), rng)


def take_random(cards: Sequence[Card], count: int, rng: RandomLike) -> list[Card]:
    """``count`` cards taken at random, in order: the top of a Fisher–Yates shuffle.

    Only the cards taken cost a random number, so a deal of five asks ``rng`` five times, and the
    rest of the deck is never put in an order that anything could read ahead of time.
    """
    deck = list(cards)
    if not 0 <= count <= len(deck):
        raise CardError(f"cannot take {count} cards from {len(deck)}")
    for place in range(count):
        other = place + rng.randrange(len(deck) - place)
        deck[place], deck[other] = deck[other], deck[place]
    return deck[:count]
