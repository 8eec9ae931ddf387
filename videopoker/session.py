"""A session at the machine: the engine's :class:`Machine` plus the wallet that remembers it.

Every transition is saved before it returns, so whatever a screen shows is already on disk:
the deal (bet taken, five cards and the rest of the shuffled deck) before the cards are shown,
the settle before the win is shown.  If the save fails, the transition is undone and an error
says so; the machine and the file never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from videopoker.cards import Card, RandomLike
from videopoker.errors import GameError, PaytableError, VideoPokerError
from videopoker.game import HAND_SIZE, Machine, MachineState, Outcome, Phase
from videopoker.paytable import DEFAULT_PAYTABLE, SHIPPED_DIR, Paytable, resolve_paytable
from videopoker.wallet import Wallet

STARTING_CREDITS = 1000
REFILL_CREDITS = 1000
RECALL_SIZE = 10


@dataclass
class History:
    """What a machine's game recall and meters keep: the last games and the lifetime totals."""

    games: int = 0
    total_bet: int = 0
    total_won: int = 0
    refills: int = 0
    recall: list[Outcome] = field(default_factory=list)

    def record(self, outcome: Outcome) -> None:
        self.games += 1
        self.total_bet += outcome.bet
        self.total_won += outcome.win
        self.recall = [outcome, *self.recall][:RECALL_SIZE]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "total_bet": self.total_bet, "total_won": self.total_won,
                "refills": self.refills, "recall": [outcome.to_json() for outcome in self.recall]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> History:
        return cls(int(data["games"]), int(data["total_bet"]), int(data["total_won"]), int(data["refills"]),
                   [Outcome.from_json(item) for item in data["recall"]])


def paytable_reference(paytable: Paytable) -> str:
    """How the wallet names a paytable: a shipped one by stem, any other by absolute path."""
    if paytable.source is None:
        return paytable.name
    if paytable.source.resolve().parent == SHIPPED_DIR.resolve():
        return paytable.source.stem
    return str(paytable.source.resolve())


class Session:
    """The machine and its wallet; the screen calls these methods and renders what they return."""

    def __init__(self, machine: Machine, wallet: Wallet, history: History) -> None:
        self.machine = machine
        self.wallet = wallet
        self.history = history
        self.notice: str | None = None  # something the player should be told on opening

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: Path, rng: RandomLike | None = None, paytable: str | None = None) -> Session:
        """Resume the saved machine (a dealt hand comes back as it was), or start a new player.

        Raises :class:`DamagedWallet` when the file cannot be trusted: nothing is replaced until
        the player agrees to :meth:`start_over`.
        """
        wallet = Wallet(home)
        content = wallet.load()
        if content is None:
            return cls.start_over(home, rng, paytable)
        try:
            session = cls._restore(wallet, content, rng)
        except (KeyError, TypeError, ValueError, AttributeError, VideoPokerError) as error:
            raise wallet.damaged(f"does not hold a consistent machine ({_describe(error)})") from None
        if paytable is not None and session.machine.phase is Phase.IDLE:
            session.switch_paytable(resolve_paytable(paytable))
        return session

    @classmethod
    def start_over(cls, home: Path, rng: RandomLike | None = None, paytable: str | None = None) -> Session:
        """A new player: 1,000 credits, no history. Overwrites whatever wallet was there."""
        machine = Machine(resolve_paytable(paytable or DEFAULT_PAYTABLE), STARTING_CREDITS, rng)
        session = cls(machine, Wallet(home), History())
        session._save()
        return session

    @classmethod
    def _restore(cls, wallet: Wallet, content: dict[str, Any], rng: RandomLike | None) -> Session:
        notice = None
        try:
            paytable = resolve_paytable(str(content["paytable"]))
        except PaytableError as error:  # the table was moved or broken since: say so, keep playing
            paytable = resolve_paytable(DEFAULT_PAYTABLE)
            notice = f"{error}; playing {paytable.name} instead"
        machine = Machine(paytable, 0, rng)
        machine.restore(content["machine"])
        _check_consistent(machine)
        session = cls(machine, wallet, History.from_json(content["history"]))
        session.notice = notice
        return session

    # -- transitions, each saved before it returns -----------------------------------------------

    def state(self) -> MachineState:
        return self.machine.snapshot()

    def bet_one(self) -> MachineState:
        return self._commit(self.machine.bet_one)

    def set_bet(self, coins: int) -> MachineState:
        return self._commit(lambda: self.machine.set_bet(coins))

    def bet_max(self) -> MachineState:
        return self._commit(self.machine.bet_max)

    def deal(self) -> MachineState:
        return self._commit(self.machine.deal)

    def toggle_hold(self, position: int) -> MachineState:
        return self._commit(lambda: self.machine.toggle_hold(position))

    def draw(self) -> MachineState:
        def draw_and_record() -> MachineState:
            state = self.machine.draw()
            assert state.last is not None
            self.history.record(state.last)
            return state

        return self._commit(draw_and_record)

    def deal_or_draw(self) -> MachineState:
        return self.draw() if self.machine.phase is Phase.DEALT else self.deal()

    @property
    def can_refill(self) -> bool:
        return self.machine.phase is Phase.IDLE and self.machine.credits == 0

    def refill(self) -> MachineState:
        """The free refill offered at zero credit; counted in the history."""
        if not self.can_refill:
            raise GameError("a free refill is only for an empty credit meter between games")

        def add() -> MachineState:
            self.history.refills += 1
            return self.machine.add_credits(REFILL_CREDITS)

        return self._commit(add)

    def switch_paytable(self, paytable: Paytable) -> MachineState:
        """Play another paytable; only between games, the bet kept if the new table allows it."""
        def switch() -> MachineState:
            if self.machine.phase is not Phase.IDLE:
                raise GameError("cannot change the paytable until the hand is drawn")
            self.machine.paytable = paytable
            self.machine.bet = min(self.machine.bet, paytable.max_coins)
            self.machine.last = None
            return self.machine.snapshot()

        return self._commit(switch)

    def _commit(self, change: Callable[[], MachineState]) -> MachineState:
        before = (self.machine.to_json(), self.machine.paytable, History.from_json(self.history.to_json()))
        state = change()
        try:
            self._save()
        except VideoPokerError:
            machine_data, paytable, history = before
            self.machine.paytable = paytable
            self.machine.restore(machine_data)
            self.history = history
            raise
        return state

    def _save(self) -> None:
        self.wallet.save({"paytable": paytable_reference(self.machine.paytable),
                          "machine": self.machine.to_json(), "history": self.history.to_json()})


def _describe(error: BaseException) -> str:
    if isinstance(error, KeyError):
        return f"missing {error.args[0]!r}"
    return str(error)


def _check_consistent(machine: Machine) -> None:
    """Refuse a restored machine that no real play could have produced."""
    if machine.credits < 0:
        raise ValueError(f"credits {machine.credits} below zero")
    if not 1 <= machine.bet <= machine.paytable.max_coins:
        raise ValueError(f"bet {machine.bet} outside 1..{machine.paytable.max_coins}")
    if len(machine.held) != HAND_SIZE:
        raise ValueError("holds are not five")
    cards: list[Card] = [*machine.hand, *machine.stub]
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice")
    if machine.phase is Phase.DEALT:
        deck = machine.paytable.game.deck_size
        if len(machine.hand) != HAND_SIZE or len(cards) != deck:
            raise ValueError(f"a dealt hand needs five cards and the other {deck - HAND_SIZE} in the deck")
    elif machine.hand and len(machine.hand) != HAND_SIZE:
        raise ValueError("the hand on show is not five cards")

