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
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from videopoker.deck.cards import HAND_SIZE, Card, RandomLike
from videopoker.errors import GameError, InsufficientCredit
from videopoker.machine.double_up import DoubleStep, Gamble
from videopoker.machine.feature_play import bets, check_bet, kept_bet
from videopoker.machine.round import PLAY_LINES, Round
from videopoker.paytable import Paytable, paytable_reference, resolve_paytable  # noqa: F401  (doctest)
from videopoker.paytable.feature import PlayState
from videopoker.rules.definition import PayCategory

__all__ = ["HAND_SIZE", "PLAY_LINES", "HandResult", "Machine", "MachineState", "Outcome", "Phase", "check_hands"]


class Phase(StrEnum):
    IDLE = "idle"      # betting; the last hand (if any) still on show (a win may be offered to double)
    DEALT = "dealt"    # five cards out, bet taken, holds being chosen
    DOUBLE = "double"  # a win off the meter, being doubled: a pick to make, or DOUBLE again or COLLECT


@dataclass(frozen=True)
class HandResult:
    """One hand of a round after the draw: its final cards, what they make and what they paid."""

    final: tuple[Card, ...]
    category: PayCategory
    win: int
    label: str = ""          # what the machine called it (``4 ACES``); the key's words if not kept
    prize: int = 0           # the wheel's prize in ``win``, where the hand spun it

    @property
    def name(self) -> str:
        """The machine's name for what the hand made."""
        return self.label or self.category.replace("_", " ").upper()


@dataclass(frozen=True)
class Outcome:
    """A finished round, as the machine's game recall shows it: every hand, the dealt one first."""

    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    bet: int                            # coins per hand
    results: tuple[HandResult, ...]
    credits_after: int
    doubles: tuple[DoubleStep, ...] = ()  # the win gambled after the draw, double by double
    multiplier: int = 1                   # at a feature bet, the multiplier every win was paid at
    #: The state the round was played under, as its kind shows it after the draw (Ultimate X's
    #: lines and what they earned; a Multi-Strike stack, whose ``results`` are then one a level).
    state: PlayState | None = None

    @property
    def stacked(self) -> bool:
        """Whether the round was a stack of deals of one hand each (its results one a deal)."""
        return self.state is not None and bool(self.state.stack)

    @property
    def hands(self) -> int:
        """Hands the round was bet on (a stack is one, however many deals it played)."""
        return 1 if self.stacked else len(self.results)

    @property
    def stake(self) -> int:
        return self.bet * self.hands

    @property
    def win(self) -> int:
        """The round's total win, as the WIN meter shows it."""
        return sum(result.win for result in self.results)

    @property
    def final(self) -> tuple[Card, ...]:
        """The dealt hand after its draw (the bottom hand on a multi-hand machine, the last level
        played of a Multi-Strike stack)."""
        return self.results[-1 if self.stacked else 0].final

    @property
    def category(self) -> PayCategory:
        """What the dealt hand made after its draw."""
        return self.results[0].category

    def to_json(self) -> dict[str, Any]:
        return {"dealt": [str(c) for c in self.dealt], "held": list(self.held), "bet": self.bet,
                "hands": [{"final": [str(c) for c in result.final], "category": result.category,
                           "label": result.name, "win": result.win,
                           **({"prize": result.prize} if result.prize else {})} for result in self.results],
                "credits_after": self.credits_after,
                **({"multiplier": self.multiplier} if self.multiplier != 1 else {}),
                **(self.state.to_json() if self.state is not None else {}),
                **({"doubles": [double_to_json(step) for step in self.doubles]} if self.doubles else {})}


@dataclass(frozen=True)
class MachineState:
    """Everything a screen needs to draw the machine, frozen so a renderer cannot change it."""

    phase: Phase
    credits: int
    bet: int                           # coins per hand
    hands: int                         # hands the round in play (or the next deal) is played as
    hand: tuple[Card, ...]
    held: tuple[bool, ...]
    last: Outcome | None
    paytable: Paytable = field(repr=False)
    meter: Fraction | None = None      # the progressive meter on show: the round's, else the next deal's
    gamble: Gamble | None = None       # a win offered to double, or being doubled
    multiplier: int = 1                # the round in play's multiplier, at a feature bet
    #: The state of the round in play, else the one the next deal carries in (its kind's).
    state: PlayState | None = None

    @property
    def stake(self) -> int:
        return self.bet * self.hands


class Machine:
    """One video poker machine: a paytable, a credit meter, and the round in play if any.

    ``paytable`` and ``hands`` are what the next deal is dealt under; a round in play keeps its
    own.  ``bet`` is coins per hand.  ``meters`` holds each progressive table's meter by the table's
    reference (:func:`~videopoker.paytable.paytable_reference`: one file, one meter; a table never
    played starts at its base).
    """

    def __init__(self, paytable: Paytable, credits: int = 1000, rng: RandomLike | None = None,
                 bet: int | None = None, hands: int = 1) -> None:
        if credits < 0:
            raise GameError(f"credits cannot be negative, got {credits}")
        self.paytable = paytable
        self.credits = credits
        self.rng: RandomLike = rng if rng is not None else secrets.SystemRandom()
        self.bet = bet if bet is not None else paytable.max_coins
        self.hands = check_hands(hands)
        self.round: Round | None = None
        self.last: Outcome | None = None
        self.meters: dict[str, Fraction] = {}
        self.gamble: Gamble | None = None
        #: What each table's kind keeps from one round to the next at each number of hands (Ultimate
        #: X's lines), by :func:`machine_key`; none kept: a fresh start.
        self.kept: dict[str, PlayState] = {}

    def carried(self, paytable: Paytable, hands: int) -> PlayState | None:
        """The state a deal on ``paytable`` at ``hands`` hands carries in (none where its kind keeps none)."""
        feature = paytable.feature
        if feature is None:
            return None
        return feature.carried(self.kept.get(machine_key(paytable_reference(paytable), hands)), hands)

    def meter_of(self, paytable: Paytable) -> Fraction | None:
        """The meter a deal on ``paytable`` would raise, or ``None`` for a table without one."""
        if paytable.progressive is None:
            return None
        return self.meters.get(paytable_reference(paytable), Fraction(paytable.progressive.base))

    @property
    def phase(self) -> Phase:
        if self.round is not None:
            return Phase.DEALT
        return Phase.DOUBLE if self.gamble is not None and self.gamble.at_risk else Phase.IDLE

    @property
    def in_play(self) -> int:
        """Credits off the meter that are still the player's: a round's bet, a win being doubled."""
        return in_play(self.round, self.gamble)

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
        steps = bets(self.paytable, self.hands)
        self.bet = steps[(steps.index(kept_bet(self.paytable, self.bet, self.hands)) + 1) % len(steps)]
        self.gamble = None  # any move between rounds declines the offer to double
        return self.snapshot()

    def set_bet(self, coins: int) -> MachineState:
        self._require(Phase.IDLE, "change the bet")
        self.bet = check_bet(self.paytable, coins, self.hands)
        self.gamble = None
        return self.snapshot()

    def set_hands(self, hands: int) -> MachineState:
        """Play the next rounds as ``hands`` hands (1, 3, 5, 10, 50 or 100)."""
        self._require(Phase.IDLE, "change the number of hands")
        self._show_hands(check_hands(hands))
        return self.snapshot()

    def next_hands(self) -> MachineState:
        """The next choice of hands, back to one after the most, as a machine's PLAY button does."""
        self._require(Phase.IDLE, "change the number of hands")
        self._show_hands(PLAY_LINES[(PLAY_LINES.index(self.hands) + 1) % len(PLAY_LINES)])
        return self.snapshot()

    def _show_hands(self, hands: int) -> None:
        """A new number of hands clears the last round off the glass, as a new paytable does."""
        if hands != self.hands:
            self.last = None
        self.hands = hands
        self.bet = kept_bet(self.paytable, self.bet, hands)  # Ultimate X's bet is offered at some hands only
        self.gamble = None

    def switch_paytable(self, paytable: Paytable) -> MachineState:
        """Deal the next rounds under ``paytable``; the bet kept if the new table takes it."""
        self._require(Phase.IDLE, "change the paytable")
        self.paytable = paytable
        self.bet = kept_bet(paytable, self.bet, self.hands)
        self.last = None
        self.gamble = None
        return self.snapshot()

    def bet_max(self) -> MachineState:
        """Bet the most coins per hand the table takes, its feature where it sells one (or the most
        the credit left allows), and deal at once."""
        self._require(Phase.IDLE, "bet")
        if self.credits < self.hands:
            raise InsufficientCredit(self._short(1))
        self.bet = kept_bet(self.paytable, min(self.paytable.top_bet, self.credits // self.hands), self.hands)
        return self.deal()

    def deal(self) -> MachineState:
        """Take the bet from the credit meter and deal five cards from a full deck."""
        self._require(Phase.IDLE, "deal")
        if self.bet * self.hands > self.credits:
            raise InsufficientCredit(self._short(self.bet))
        meter = self.meter_of(self.paytable)
        progressive = self.paytable.progressive
        if meter is not None and progressive is not None:  # every credit bet puts its share on the meter
            meter += progressive.rate * self.bet * self.hands
        self.start(Round.deal(self.paytable, self.bet, self.rng, self.hands, meter,
                              self.carried(self.paytable, self.hands)))
        return self.snapshot()

    def start(self, dealt: Round) -> None:
        """Put a dealt round in play and take its stake (a test can deal a known hand this way)."""
        self._require(Phase.IDLE, "deal")
        if dealt.stake > self.credits:
            raise InsufficientCredit(f"a bet of {dealt.stake} is more than the {self.credits} credits left")
        self.credits -= dealt.stake
        self.bet, self.hands = dealt.bet, dealt.hands
        self.round = dealt
        self.gamble = None
        if dealt.meter is not None:
            self.meters[dealt.table_reference] = dealt.meter

    def choose_card(self, card: Card) -> MachineState:
        """Put ``card`` in the place the deal lets the player choose (a dream card's)."""
        if self.round is None:
            raise GameError("cannot choose a card before the deal")
        self.round = self.round.choose(card)
        return self.snapshot()

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
        finals = played.draw(self.rng)
        settled, meter = played.settle_all(finals)
        prizes = played.spin(settled, self.rng)
        results = tuple(HandResult(final, category, win + prize, played.paytable.label(category), prize)
                        for final, (category, win), prize in zip(finals, settled, prizes))
        if meter is not None:
            self.meters[played.table_reference] = meter
        after = played.after_draw([(result.final, result.category, result.win) for result in results])
        if after is not None:
            self.keep(played.table_reference, played.hands, after.kept)
        self.credits += sum(result.win for result in results)
        if after is not None and after.again is not None:  # the round deals again (a stack's next level)
            self.round = replace(Round.deal(played.paytable, played.bet, self.rng, played.hands, None, after.again),
                                 reference=played.table_reference)
            return self.snapshot()
        state = after.played if after is not None else None
        stack = state.stack if state is not None else ()
        if stack:  # the outcome shows every deal's hand
            results = tuple(HandResult(final, category, win, played.paytable.label(category))
                            for final, category, win in stack)
        self.last = Outcome(played.dealt, played.held, played.bet, results, self.credits,
                            multiplier=1 if stack else played.multiplier, state=state)
        self.round = None
        won = self.last.win
        self.gamble = Gamble(won) if played.paytable.double_up and won else None
        self.bet = kept_bet(self.paytable, self.bet, self.hands)  # the next table may take fewer coins
        return self.snapshot()

    def keep(self, reference: str, hands: int, kept: PlayState | None) -> None:
        """What the table's kind keeps for its next round at ``hands`` hands (None: a fresh start)."""
        key = machine_key(reference, hands)
        if kept is None:
            self.kept.pop(key, None)
        else:
            self.kept[key] = kept

    # -- double-up ------------------------------------------------------------------------------

    def double(self) -> MachineState:
        """DOUBLE: the win off the meter (the first time) and the dealer's card face up."""
        if self.gamble is None:
            raise GameError("double-up is offered after a win, on a table that has it")
        doubling = self.gamble.double(self.rng)  # refused before anything moves
        if not self.gamble.at_risk:
            self.credits -= self.gamble.stake
        self.gamble = doubling
        return self.snapshot()

    def pick(self, place: int) -> MachineState:
        """The player's pick of the four face-down cards (0..3), settled now; a lost stake ends it."""
        if self.gamble is None:
            raise GameError("there is no double to pick a card for")
        self.gamble = self.gamble.pick(place, self.rng)
        if self.last is not None:
            self.last = replace(self.last, doubles=self.gamble.steps)
        if not self.gamble.stake:
            self.gamble = None  # lost: back to betting
        return self.snapshot()

    def collect(self) -> MachineState:
        """COLLECT: the stake being doubled back on the credit meter."""
        if self.gamble is None or not self.gamble.at_risk:
            raise GameError("there is no doubled win to collect")
        if self.gamble.dealer is not None:
            raise GameError("pick one of the four cards first")
        self.credits += self.gamble.stake
        self.gamble = None
        return self.snapshot()

    def add_credits(self, amount: int) -> MachineState:
        """Put credit on the meter (a refill); only between games."""
        self._require(Phase.IDLE, "add credits")
        if amount < 1:
            raise GameError(f"credit to add must be positive, got {amount}")
        self.credits += amount
        self.gamble = None
        return self.snapshot()

    # -- views ------------------------------------------------------------------------------

    def snapshot(self) -> MachineState:
        """The machine as a screen shows it; while a round is in play, with that round's bet, hands
        and pays (the next deal's may differ: a wallet from before multi-hand, opened with --multi)."""
        played = self.round
        if played is None:
            return MachineState(self.phase, self.credits, self.bet, self.hands, self.hand, self.held, self.last,
                                self.paytable, self.meter_of(self.paytable), self.gamble,
                                state=self.carried(self.paytable, self.hands))
        return MachineState(self.phase, self.credits, played.bet, played.hands, self.hand, self.held, self.last,
                            played.paytable, played.meter, multiplier=played.multiplier, state=played.state)

    def _short(self, coins: int) -> str:
        """Why the credit left cannot pay for a round of ``coins`` per hand, and what to do."""
        if self.credits == 0:
            return "no credit left to bet"
        if self.hands == 1:
            return f"a bet of {coins} is more than the {self.credits:,} credits left; bet less"
        return (f"{self.hands} hands at {coins} coin{'s' if coins > 1 else ''} need {coins * self.hands:,} "
                f"credits, {self.credits:,} left; {'bet less' if coins > 1 else 'play fewer hands'}")

    def _require(self, phase: Phase, action: str) -> None:
        """Refuse ``action`` outside ``phase`` (a win off the meter is collected or lost first)."""
        if self.phase is not phase:
            if self.phase is Phase.DOUBLE:
                raise GameError(f"cannot {action} while doubling: collect the win (space) or double it")
            when = "before the deal" if phase is Phase.DEALT else "until the hand is drawn"
            raise GameError(f"cannot {action} {when}")


def in_play(played: Round | None, gamble: Gamble | None) -> int:
    """Credits off the meter that are still the player's, for the books: a round's bet, less what
    its deals before this one have paid onto the meter already (a stack still climbing: so it may
    be below 0), and a win being doubled."""
    staked = played.stake - (played.state.paid if played.state is not None else 0) if played is not None else 0
    return staked + (gamble.stake if gamble and gamble.at_risk else 0)


def machine_key(reference: str, hands: int) -> str:
    """Whose kept state this is: one table (by its reference), at one number of hands (a Triple Play
    and a Ten Play cabinet are different machines)."""
    return f"{reference}@{hands}"


def double_to_json(step: DoubleStep) -> dict[str, Any]:
    return {"dealer": str(step.dealer), "cards": [str(card) for card in step.cards], "picked": step.picked,
            "stake_before": step.stake_before, "stake_after": step.stake_after}


def check_hands(hands: int) -> int:
    """``hands`` if a machine deals that many at once, else a :class:`GameError` naming the choices."""
    if hands not in PLAY_LINES:
        raise GameError(f"a machine plays {', '.join(map(str, PLAY_LINES))} hands, got {hands}")
    return hands
