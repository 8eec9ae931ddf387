"""A game as a value: the hands it pays, best first, and what is wild.

This is the meaning of a game file (``videopoker/games/*.yaml``) or of a paytable's inline
``game:``, after checking: every word known, every rank a rank.  The lookup table
(:mod:`videopoker.rules.lookup`) is compiled from it, and its :meth:`~GameDefinition.data` is what a
wallet keeps of the game a round was dealt under and what caches are named by.

>>> definition = GameDefinition("Tiny", hands=(HandSpec("pair_of_aces", Made.PAIR, ranks=frozenset({14})),))
>>> definition.data()["hands"]
{'pair_of_aces': {'made': 'pair', 'ranks': ['A']}}
>>> definition.label("pair_of_aces")
'PAIR OF ACES'
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

from videopoker.deck.cards import FIFTH_ACE_INDEX, JOKER_INDEX, RANK_SYMBOLS, Card, full_deck

if TYPE_CHECKING:
    from videopoker.deck.suits import Symmetries

#: A pay category is the key of one of a game's hands (``full_house``), as in ``pays``, wallets and JSON.
PayCategory = str
#: The category of a hand no entry pays.
NOTHING: PayCategory = "nothing"
#: The most characters a machine label has: a paytable panel at 80 columns shows them whole.
LABEL_LENGTH = 15
HAND = 5


class Made(StrEnum):
    """What a hand entry asks of the final hand (the word after ``made:``)."""

    ROYAL_FLUSH = "royal flush"
    STRAIGHT_FLUSH = "straight flush"
    FIVE_OF_A_KIND = "five of a kind"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    PAIR = "pair"
    WILD_CARDS = "wild cards"


#: Cards of the group that ``ranks`` names, per kind of hand that has one (a full house's three).
GROUP_SIZE = {Made.FIVE_OF_A_KIND: 5, Made.FOUR_OF_A_KIND: 4, Made.FULL_HOUSE: 3, Made.THREE_OF_A_KIND: 3,
              Made.PAIR: 2, Made.WILD_CARDS: 0}


def rank_word(rank: int) -> str:
    """A rank as a game file writes it: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
    return "10" if rank == 10 else RANK_SYMBOLS[rank - 2]


def ranks_text(ranks: frozenset[int]) -> str:
    """``2s-4s``, ``aces``, ``J/Q/K``: a rank set as a pattern or a label says it."""
    ordered = sorted(ranks)
    plural = {14: "aces", 13: "kings", 12: "queens", 11: "jacks"}
    if len(ordered) == 1:
        return plural.get(ordered[0], f"{rank_word(ordered[0])}s")
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{rank_word(ordered[0])}s-{rank_word(ordered[-1])}s"
    return "/".join(rank_word(rank) for rank in ordered)


def shortened(label: str, width: int = LABEL_LENGTH) -> str:
    """A label cut to ``width`` characters with ``…``, for a panel that has no room for more."""
    return label if len(label) <= width else label[:width - 1].rstrip() + "…"


_NUMBER_WORDS = {"ONE": "1", "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5"}
_SMALL_WORDS = frozenset({"OF", "A", "OR", "WITH", "THE", "AND", "+"})


def short_name(label: str) -> str:
    """A column heading for a label where space is tight: ``FH``, ``3K``, ``4A+2``, ``FL``."""
    words = [_NUMBER_WORDS.get(word, word) for word in label.split() if word not in _SMALL_WORDS]
    if len(words) == 1:
        return words[0][:2]
    return "".join(word[0] for word in words)[:4]


@dataclass(frozen=True, order=True)
class Slot:
    """One place of an ``order``: a rank (any suit) or, with ``suit``, one card (the ace of spades)."""

    rank: int                  # 2..14
    suit: int | None = None    # 0..3 (clubs, diamonds, hearts, spades), as a card index has it

    def cards(self) -> tuple[int, ...]:
        """The card indices the place takes."""
        first = (self.rank - 2) * 4
        return tuple(range(first, first + 4)) if self.suit is None else (first + self.suit,)

    def text(self) -> str:
        """As a game file writes it: ``10``, ``J``, ``As``."""
        return rank_word(self.rank) if self.suit is None else str(Card((self.rank - 2) * 4 + self.suit))


@dataclass(frozen=True)
class HandSpec:
    """One entry of a game's ``hands``: what the final hand must make to be paid as ``key``."""

    key: PayCategory
    made: Made
    ranks: frozenset[int] | None = None    # of the group (2..14); for wild cards, which wild ranks count
    kicker: frozenset[int] | None = None   # the fifth card's rank (four of a kind, four wild cards)
    natural: bool = False                  # no wild card in the hand
    count: int | None = None               # exactly this many wild cards in the hand (any made hand)
    label: str | None = None               # the machine's name, when the key's words are not it
    #: Cards side by side, left to right on the glass, that the hand must show (Sequential Royal's
    #: 10 J Q K A; ACE$'s four aces): a shorter list may start at any place.
    order: tuple[Slot, ...] | None = None
    reversible: bool = False               # ``order`` read right to left pays too
    #: The fifth card named by suit: Black Jack Bonus's four of a kind with the jack of spades or
    #: of clubs (card indices; ``kicker`` may name ranks beside them).
    kicker_cards: frozenset[int] | None = None
    #: Cards one of which the hand must hold, anywhere in it (card indices).
    holding: frozenset[int] | None = None
    #: A three of a kind whose two other cards' ranks add up to its own (aces count 1, faces
    #: never): 3-6-9-9-9, Quick Quads' four of a kind.
    sides_add_up: bool = False

    @property
    def named_cards(self) -> frozenset[int]:
        """The single cards this entry names by suit."""
        return (self.kicker_cards or frozenset()) | (self.holding or frozenset())

    def data(self) -> dict[str, Any]:
        """As a game file writes it: only what is said."""
        data: dict[str, Any] = {"made": self.made.value}
        if self.ranks is not None:
            data["ranks"] = [rank_word(rank) for rank in sorted(self.ranks)]
        if self.kicker is not None or self.kicker_cards is not None:
            data["kicker"] = [rank_word(rank) for rank in sorted(self.kicker or ())] + \
                [str(Card(card)) for card in sorted(self.kicker_cards or ())]
        if self.holding is not None:
            data["holding"] = [str(Card(card)) for card in sorted(self.holding)]
        if self.natural:
            data["natural"] = True
        if self.count is not None:
            data["count"] = self.count
        if self.order is not None:
            data["order"] = [slot.text() for slot in self.order]
        if self.reversible:
            data["reversible"] = True
        if self.sides_add_up:
            data["sides_add_up"] = True
        if self.label is not None:
            data["label"] = self.label
        return data

    @property
    def machine_label(self) -> str:
        """``label``, else the key's words in capitals (``FULL HOUSE``)."""
        return self.label if self.label is not None else self.key.replace("_", " ").upper()


@dataclass(frozen=True)
class GameDefinition:
    """A whole game: a title, the cards added to the 52 (jokers, a fifth ace), what else is wild,
    and the hands, best first."""

    title: str
    jokers: int = 0
    wild_ranks: frozenset[int] = frozenset()
    wild_cards: frozenset[int] = frozenset()   # card indices wild by themselves (one-eyed jacks)
    hands: tuple[HandSpec, ...] = field(default=())
    #: Five Aces' 53rd card: an ace of stars, natural, never in a flush (no jokers beside it).
    fifth_ace: bool = False

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards the game deals, in the order of their places in the analysis."""
        return full_deck(self.jokers, self.fifth_ace)

    def position(self, card: Card) -> int:
        """A card's place in :attr:`deck`, which the evaluators and the analysis read: its index, but
        for the fifth ace (the card after the 52)."""
        return JOKER_INDEX + self.jokers if card.index == FIFTH_ACE_INDEX else card.index

    @cached_property
    def wild_card_indices(self) -> frozenset[int]:
        """Every wild card of the deck: the wild ranks' cards, the wild single cards, the jokers."""
        by_rank = {card for card in range(JOKER_INDEX) if card // 4 + 2 in self.wild_ranks}
        return frozenset(by_rank | self.wild_cards | set(range(JOKER_INDEX, JOKER_INDEX + self.jokers)))

    @property
    def deck_wilds(self) -> int:
        """Wild cards that are not jokers."""
        return len(self.wild_card_indices) - self.jokers

    @cached_property
    def named_cards(self) -> tuple[int, ...]:
        """Every single card a hand entry names by suit (a kicker's black jacks), in card order: the
        lookup gives each its own bit, since its rank alone does not say it."""
        return tuple(sorted(set().union(*(spec.named_cards for spec in self.hands))))

    @cached_property
    def symmetries(self) -> Symmetries:
        """The renamings of suits that change no hand's category (None: every one): those that keep
        the wild single cards wild and each entry's named cards its own."""
        from videopoker.deck.suits import suit_symmetries  # numpy: not for reading a definition

        return suit_symmetries(self.wild_cards, *(spec.kicker_cards or () for spec in self.hands),
                               *(spec.holding or () for spec in self.hands))

    @property
    def ordered(self) -> bool:
        """Whether some entry pays only in an order on the glass: the places of the cards count."""
        return any(spec.order is not None for spec in self.hands)

    @cached_property
    def keys(self) -> tuple[PayCategory, ...]:
        return tuple(spec.key for spec in self.hands)

    def spec(self, key: PayCategory) -> HandSpec | None:
        return next((spec for spec in self.hands if spec.key == key), None)

    def label(self, key: PayCategory) -> str:
        spec = self.spec(key)
        return spec.machine_label if spec is not None else key.replace("_", " ").upper()

    def short(self, key: PayCategory) -> str:
        """A column heading for ``key``, told apart from the game's other keys' by a number if need be."""
        everyone = (*self.keys, NOTHING)
        mine = short_name(self.label(key))
        if key not in everyone:
            return mine
        before = [short_name(self.label(other)) for other in everyone[:everyone.index(key)]]
        after = [short_name(self.label(other)) for other in everyone[everyone.index(key) + 1:]]
        return mine + str(before.count(mine) + 1) if mine in before or mine in after else mine

    def wild_data(self) -> list[Any]:
        ranks: list[Any] = [rank if rank <= 10 else rank_word(rank) for rank in sorted(self.wild_ranks)]
        return ranks + [str(Card(index)) for index in sorted(self.wild_cards)]

    def data(self) -> dict[str, Any]:
        """The definition as a game file writes it (and a wallet keeps it); ``fifth_ace`` only when
        the deck has one, so what was written before it existed reads the same."""
        deck = {"fifth_ace": True} if self.fifth_ace else {}
        return {"title": self.title, "jokers": self.jokers, **deck, "wild": self.wild_data(),
                "hands": {spec.key: spec.data() for spec in self.hands}}

    @cached_property
    def digest(self) -> str:
        """A digest of what decides a hand's category (not the title or labels): caches are named by it."""
        deck = {"fifth_ace": True} if self.fifth_ace else {}
        rules = {"jokers": self.jokers, **deck, "wild": sorted(self.wild_card_indices),
                 "hands": [[spec.key, {k: v for k, v in spec.data().items() if k != "label"}]
                           for spec in self.hands]}
        return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()[:20]
