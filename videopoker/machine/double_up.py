"""Double-up: a win gambled card against card, as casino machines offer it after a winning hand.

The dealer's card is dealt face up beside four face down; the player picks one of the four.
Higher (aces high, suits not counted) doubles the stake, the same rank is a push, lower loses it.
Up to :data:`MOST_DOUBLES` doubles in a row; the player may collect after any of them.

Every card comes from a fresh 52-card deck at the moment it is needed: the dealer's card when
the player asks to double, the four others when the player picks, so nothing saved before the
pick knows what it will be.  The pick is an even bet: of the 51 cards left beside the dealer's,
as many rank higher as lower over the 52 dealer cards (24 of every 51 on average each way, 3
tie), so double-up never changes a table's return (:func:`double_odds` says it exactly).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from videopoker.deck.cards import Card, RandomLike, full_deck, take_random
from videopoker.errors import GameError

#: Doubles in a row a machine allows before the stake must be collected.
MOST_DOUBLES = 5
#: Face-down cards the player picks from.
CHOICES = 4


@dataclass(frozen=True)
class DoubleStep:
    """One double: the dealer's card, the four the player chose from, the pick, and the stake after."""

    dealer: Card
    cards: tuple[Card, ...]       # the four face-down cards as turned over
    picked: int                   # 0..3, which of them
    stake_before: int
    stake_after: int              # twice, the same, or 0

    @property
    def card(self) -> Card:
        return self.cards[self.picked]

    @property
    def verdict(self) -> str:
        return "WON" if self.stake_after > self.stake_before else "PUSH" if self.stake_after else "LOST"


@dataclass(frozen=True)
class Gamble:
    """A win offered to double, or being doubled.

    ``at_risk`` is False while the win is still on the credit meter (just after the draw: pressing
    DOUBLE takes it off); once it is off, only COLLECT puts it back.  ``dealer`` is the face-up
    card of a double waiting for the player's pick.
    """

    stake: int
    at_risk: bool = False
    dealer: Card | None = None
    steps: tuple[DoubleStep, ...] = ()

    @property
    def can_double(self) -> bool:
        return self.stake > 0 and self.dealer is None and len(self.steps) < MOST_DOUBLES

    def double(self, rng: RandomLike) -> Gamble:
        """Deal the dealer's card face up (the stake now at risk)."""
        if not self.can_double:
            if self.dealer is not None:
                raise GameError("pick one of the four cards first")
            raise GameError(f"{MOST_DOUBLES} doubles is the most in a row; collect the win")
        return replace(self, at_risk=True, dealer=take_random(full_deck(), 1, rng)[0])

    def pick(self, place: int, rng: RandomLike) -> Gamble:
        """Turn over the four face-down cards, chosen now, and settle the pick at ``place`` (0..3)."""
        if self.dealer is None:
            raise GameError("there is no dealer's card to beat; double first")
        if not 0 <= place < CHOICES:
            raise GameError(f"pick one of the {CHOICES} face-down cards, got {place + 1}")
        rest = [card for card in full_deck() if card != self.dealer]
        cards = tuple(take_random(rest, CHOICES, rng))
        after = self.stake * outcome(self.dealer, cards[place])
        step = DoubleStep(self.dealer, cards, place, self.stake, after)
        return Gamble(after, True, None, (*self.steps, step))


def outcome(dealer: Card, picked: Card) -> int:
    """What the pick makes of the stake: 2 higher, 1 the same rank, 0 lower."""
    assert dealer.rank is not None and picked.rank is not None
    return 2 if picked.rank > dealer.rank else 1 if picked.rank == dealer.rank else 0


def double_odds() -> tuple[Fraction, Fraction, Fraction]:
    """P(win), P(push), P(lose) of a double, exactly, over every dealer card and every other card."""
    deck = full_deck()
    pairs = [(dealer, card) for dealer in deck for card in deck if card != dealer]
    counts = [sum(outcome(dealer, card) == result for dealer, card in pairs) for result in (2, 1, 0)]
    win, push, lose = (Fraction(count, len(pairs)) for count in counts)
    return win, push, lose


def even_bet_line() -> str:
    """What the analysis says of double-up, from :func:`double_odds` (one line within 80 columns)."""
    win, push, lose = double_odds()
    return f"Double-up wins {win}, pushes {push}, loses {lose}: an even bet; the return holds."
