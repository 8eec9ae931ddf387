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

from videopoker.cards import Card, RandomLike
from videopoker.errors import GameError, InsufficientCredit
from videopoker.evaluate import PayCategory
from videopoker.paytable import Paytable, resolve_paytable  # noqa: F401  (doctest)
from videopoker.round import HAND_SIZE, Round

__all__ = ["HAND_SIZE", "Machine", "MachineState", "Outcome", "Phase"]


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
    """One video poker machine: a paytable, a credit meter, and the round in play if any.

    ``paytable`` is the table the next deal is dealt under; a round in play keeps its own.
    """

    def __init__(self, paytable: Paytable, credits: int = 1000, rng: RandomLike | None = None,
                 bet: int | None = None) -> None:
        if credits < 0:
            raise GameError(f"credits cannot be negative, got {credits}")
        self.paytable = paytable
        self.credits = credits
        self.rng: RandomLike = rng if rng is not None else secrets.SystemRandom()
        self.bet = bet if bet is not None else paytable.max_coins
        self.round: Round | None = None
        self.last: Outcome | None = None

    @property
    def phase(self) -> Phase:
        return Phase.IDLE if self.round is None else Phase.DEALT

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards on show: the dealt hand, else the last final hand, else none."""
        if self.round is not None:
            return self.round.dealt
        return self.last.final if self.last is not None else ()

    @property
    def held(self) -> tuple[bool, ...]:
        return self.round.held if self.round is not None else (False,) * HAND_SIZE

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
        """Take the bet from the credit meter and deal five cards from a full deck."""
        self._require(Phase.IDLE, "deal")
        if self.bet > self.credits:
            raise InsufficientCredit(f"a bet of {self.bet} is more than the {self.credits} credits "
                                     "left; bet less")
        self.start(Round.deal(self.paytable, self.bet, self.rng))
        return self.snapshot()

    def start(self, dealt: Round) -> None:
        """Put a dealt round in play and take its bet (a test can deal a known hand this way)."""
        self._require(Phase.IDLE, "deal")
        if dealt.bet > self.credits:
            raise InsufficientCredit(f"a bet of {dealt.bet} is more than the {self.credits} credits left")
        self.credits -= dealt.bet
        self.bet = dealt.bet
        self.round = dealt

    def toggle_hold(self, position: int) -> MachineState:
        """Hold or release the card at ``position`` (0..4)."""
        if self.round is None:
            raise GameError("cannot hold a card before the deal")
        self.round = self.round.hold(position)
        return self.snapshot()

    def draw(self) -> MachineState:
        """Choose the replacement cards now, judge the hand and pay it: the settle."""
        if self.round is None:
            raise GameError("cannot draw before the deal")
        played = self.round
        final = played.draw(self.rng)
        category, win = played.settle(final)
        self.credits += win
        self.last = Outcome(played.dealt, played.held, final, category, played.bet, win, self.credits)
        self.round = None
        self.bet = min(self.bet, self.paytable.max_coins)  # the next table may take fewer coins
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
        """The machine as a screen shows it; while a round is in play, with that round's pays."""
        paytable = self.round.paytable if self.round is not None else self.paytable
        return MachineState(self.phase, self.credits, self.bet, self.hand, self.held, self.last, paytable)

    def _require(self, phase: Phase, action: str) -> None:
        if self.phase is not phase:
            when = "before the deal" if phase is Phase.DEALT else "until the hand is drawn"
            raise GameError(f"cannot {action} {when}")

