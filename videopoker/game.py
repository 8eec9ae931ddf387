"""The machine: a state machine of bet, deal, hold, draw, with no screen in it.

The TUI (or a test, or a web page) calls the transitions and renders :meth:`Machine.snapshot`.
Every transition either happens whole or raises a :class:`GameError` and changes nothing.

>>> import random
>>> machine = Machine(resolve_paytable("jacks-or-better-9-6"), credits=100, rng=random.Random(7))
>>> machine.bet_max().phase, machine.credits
(<Phase.DEALT: 'dealt'>, 95)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from videopoker.cards import Card, RandomLike, full_deck, shuffled
from videopoker.errors import GameError, InsufficientCredit
from videopoker.evaluate import PayCategory
from videopoker.paytable import Paytable, resolve_paytable  # noqa: F401  (doctest)

HAND_SIZE = 5


class Phase(StrEnum):
    IDLE = "idle"      # betting; the last hand (if any) still on show
    DEALT = "dealt"    # five cards out, bet taken, holds being chosen


@dataclass(frozen=True)
class Outcome:
    """A finished game, as the machine's game recall shows it."""

    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    final: tuple[Card, ...]
    category: PayCategory
    bet: int
    win: int
    credits_after: int

    def to_json(self) -> dict[str, Any]:
        return {"dealt": [str(c) for c in self.dealt], "held": list(self.held),
                "final": [str(c) for c in self.final], "category": self.category.value,
                "bet": self.bet, "win": self.win, "credits_after": self.credits_after}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(tuple(Card.parse(c) for c in data["dealt"]), tuple(bool(h) for h in data["held"]),
                   tuple(Card.parse(c) for c in data["final"]), PayCategory(data["category"]),
                   int(data["bet"]), int(data["win"]), int(data["credits_after"]))


@dataclass(frozen=True)
class MachineState:
    """Everything a screen needs to draw the machine, frozen so a renderer cannot change it."""

    phase: Phase
    credits: int
    bet: int
    hand: tuple[Card, ...]
    held: tuple[bool, ...]
    last: Outcome | None
    paytable: Paytable = field(repr=False)


class Machine:
    """One video poker machine: a paytable, a credit meter and a deck shuffled by ``rng``."""

    def __init__(self, paytable: Paytable, credits: int = 1000, rng: RandomLike | None = None,
                 bet: int | None = None) -> None:
        if credits < 0:
            raise GameError(f"credits cannot be negative, got {credits}")
        self.paytable = paytable
        self.credits = credits
        self.rng: RandomLike = rng if rng is not None else secrets.SystemRandom()
        self.bet = bet if bet is not None else paytable.max_coins
        self.phase = Phase.IDLE
        self.hand: tuple[Card, ...] = ()
        self.held: tuple[bool, ...] = (False,) * HAND_SIZE
        self.stub: tuple[Card, ...] = ()  # the rest of the shuffled deck, drawn from the top
        self.last: Outcome | None = None

    # -- transitions ---------------------------------------------------------------------------

    def bet_one(self) -> MachineState:
        """Add a coin to the bet, back to 1 after max_coins, as the BET ONE button does."""
        self._require(Phase.IDLE, "change the bet")
        self.bet = self.bet % self.paytable.max_coins + 1
        return self.snapshot()

    def set_bet(self, coins: int) -> MachineState:
        self._require(Phase.IDLE, "change the bet")
        if not 1 <= coins <= self.paytable.max_coins:
            raise GameError(f"a bet is 1..{self.paytable.max_coins} coins, got {coins}")
        self.bet = coins
        return self.snapshot()

    def bet_max(self) -> MachineState:
        """Bet the most the table takes (or all the credit left) and deal at once."""
        self._require(Phase.IDLE, "bet")
        if self.credits < 1:
            raise InsufficientCredit("no credit left to bet")
        self.bet = min(self.paytable.max_coins, self.credits)
        return self.deal()

    def deal(self) -> MachineState:
        """Take the bet from the credit meter and deal five cards from a fresh shuffle."""
        self._require(Phase.IDLE, "deal")
        if self.bet > self.credits:
            raise InsufficientCredit(f"a bet of {self.bet} is more than the {self.credits} credits "
                                     "left; bet less")
        deck = shuffled(full_deck(self.paytable.game.jokers), self.rng)
        self.credits -= self.bet
        self.hand, self.stub = tuple(deck[:HAND_SIZE]), tuple(deck[HAND_SIZE:])
        self.held = (False,) * HAND_SIZE
        self.phase = Phase.DEALT
        return self.snapshot()

    def toggle_hold(self, position: int) -> MachineState:
        """Hold or release the card at ``position`` (0..4)."""
        self._require(Phase.DEALT, "hold a card")
        if not 0 <= position < HAND_SIZE:
            raise GameError(f"card positions are 1..{HAND_SIZE}, got {position + 1}")
        held = list(self.held)
        held[position] = not held[position]
        self.held = tuple(held)
        return self.snapshot()

    def draw(self) -> MachineState:
        """Replace the cards not held, judge the hand and pay it: the settle."""
        self._require(Phase.DEALT, "draw")
        stub = iter(self.stub)
        final = tuple(card if keep else next(stub) for card, keep in zip(self.hand, self.held))
        game = self.paytable.game
        category = game.categories[game.evaluate_index([card.index for card in final])]
        win = self.paytable.pay(category, self.bet)
        self.credits += win
        self.last = Outcome(self.hand, self.held, final, category, self.bet, win, self.credits)
        self.hand, self.stub, self.phase = final, (), Phase.IDLE
        return self.snapshot()

    def add_credits(self, amount: int) -> MachineState:
        """Put credit on the meter (a refill); only between games."""
        self._require(Phase.IDLE, "add credits")
        if amount < 1:
            raise GameError(f"credit to add must be positive, got {amount}")
        self.credits += amount
        return self.snapshot()

    # -- views ------------------------------------------------------------------------------

    def snapshot(self) -> MachineState:
        return MachineState(self.phase, self.credits, self.bet, self.hand, self.held, self.last,
                            self.paytable)

    def _require(self, phase: Phase, action: str) -> None:
        if self.phase is not phase:
            when = "before the deal" if phase is Phase.DEALT else "until the hand is drawn"
            raise GameError(f"cannot {action} {when}")

    # -- persistence (the wallet's journal stores these) ------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"paytable": self.paytable.stem, "credits": self.credits, "bet": self.bet,
                "phase": self.phase.value, "hand": [str(c) for c in self.hand],
                "held": list(self.held), "stub": [str(c) for c in self.stub],
                "last": self.last.to_json() if self.last else None}

    def restore(self, data: dict[str, Any]) -> None:
        """Put the machine back as :meth:`to_json` saw it (credit, bet, a hand awaiting its draw)."""
        self.credits = int(data["credits"])
        self.bet = int(data["bet"])
        self.phase = Phase(data["phase"])
        self.hand = tuple(Card.parse(c) for c in data["hand"])
        self.held = tuple(bool(h) for h in data["held"])
        self.stub = tuple(Card.parse(c) for c in data["stub"])
        self.last = Outcome.from_json(data["last"]) if data.get("last") else None
