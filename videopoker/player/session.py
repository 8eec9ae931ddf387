"""A session at the machine: the engine's :class:`Machine` plus the wallet that remembers it.

Every transition is saved before it returns, so whatever a screen shows is already on disk: the
deal (bet taken, the five dealt cards, the pays they were dealt under) before the cards are
shown, every hold, the settle before the win is shown.  The replacement cards are chosen at the
draw, never before, so the file cannot tell anyone what is coming.  If a save fails, the
transition is undone and an error says so; the machine and the file never disagree.

Every settled round also goes on record in the ledger (:mod:`videopoker.ledger.store`): first
into the wallet's list of rounds not yet on record, in the same save as the settle, then into the
ledger; a round the ledger could not take (the program killed between, a full disk, a lock held
elsewhere) waits in the wallet and is written at the next deal, draw or start.  No round is ever
given up: while :data:`MAX_UNRECORDED` wait, the machine stops dealing (a casino machine that
cannot log tilts) and says so, and deals again as soon as the ledger takes them.  A draw waits at
most :data:`PLAY_PATIENCE` for a ledger another program holds, so the screen never freezes.

A practice session (a seeded shuffle, for teaching and tests) has no wallet: it starts at
1,000 credits, saves nothing, records nothing and never touches the player's credits.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError, PaytableError, VideoPokerError
from videopoker.ledger.store import Ledger
from videopoker.machine.feature_play import kept_bet
from videopoker.machine.game import Machine, MachineState, Phase, check_hands
from videopoker.machine.settled import Doubled, Grade, Settled
from videopoker.machine.training import Decision, Training, judge, ready, stack_grade
from videopoker.machine.wallet_content import (
    MAX_UNRECORDED,
    RECALL_SIZE,
    REFILL_CREDITS,
    STARTING_CREDITS,
    History,
    Saved,
    decode,
    encode,
)
from videopoker.paytable import DEFAULT_PAYTABLE, Paytable, paytable_reference, resolve_paytable
from videopoker.storage.wallet import FORMAT, Wallet

__all__ = ["MAX_UNRECORDED", "RECALL_SIZE", "REFILL_CREDITS", "STARTING_CREDITS", "History", "NotDealing", "Session",
           "paytable_reference"]

#: Seconds a write to the ledger waits during play for a lock another program holds; past it the
#: round waits in the wallet (a report or a backup holds it only for a moment).
PLAY_PATIENCE = 0.2


class NotDealing(GameError):
    """The machine's tilt: :data:`MAX_UNRECORDED` rounds wait for a ledger that cannot take them.
    None is lost (they are in the wallet); the machine deals again once they are on record."""


class Session:
    """The machine and its wallet; the screen calls these methods and renders what they return."""

    def __init__(self, machine: Machine, wallet: Wallet | None, history: History,
                 training: Training | None = None, wallet_id: str | None = None,
                 unrecorded: tuple[Settled, ...] = ()) -> None:
        self.machine = machine
        self.wallet = wallet
        self.history = history
        self.training = training or Training()
        self.wallet_id = wallet_id or str(uuid.uuid4())
        self.unrecorded = unrecorded  # settled rounds the ledger may not have yet, oldest first
        self.unrecorded_doubles: tuple[Doubled, ...] = ()  # doubles likewise
        self.ledger: Ledger | None = None
        self.notice: str | None = None  # something the player should be told on opening
        self.ledger_problem: str | None = None  # why the last round could not go on record, if it could not
        self.migrated_from: int | None = None  # the older wallet format this was read from

    @property
    def practice(self) -> bool:
        """Playing for nothing: no wallet is read or written."""
        return self.wallet is None

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: Path, rng: RandomLike | None = None, paytable: str | None = None,
             hands: int | None = None) -> Session:
        """Resume the saved machine (a dealt hand comes back as it was), or start a new player.

        A ``paytable`` named here is read first, so a bad name changes nothing; with a hand
        waiting, that hand finishes on the pays it was dealt under and the new table is next.
        ``hands`` asked for likewise plays from the next deal.
        Raises :class:`WalletBusy` when another game holds the wallet and
        :class:`DamagedWallet` when the file cannot be trusted: nothing is replaced until the
        player agrees to :meth:`start_over`.
        """
        requested = resolve_paytable(paytable) if paytable is not None else None
        if hands is not None:
            check_hands(hands)
        wallet = Wallet(home)
        wallet.claim()
        try:
            stored = wallet.load()
            if stored is None:
                return cls._begin(wallet, rng, requested, hands)
            version, content = stored
            try:
                saved = decode(version, content)
                session = cls._restore(wallet, saved, rng, requested)
            except (ValueError, GameError) as error:
                raise wallet.damaged(f"does not hold a consistent machine ({error})") from None
            if version < FORMAT:
                session.migrated_from = version
            if hands is not None:
                session.machine.hands = hands  # a round in play keeps its own
            if version < FORMAT or requested is not None or hands is not None:
                session._save()  # the migration, or what was asked for, holds from now on
            session._open_ledger(home)
        except BaseException:
            wallet.release()
            raise
        return session

    @classmethod
    def start_over(cls, home: Path, rng: RandomLike | None = None, paytable: str | None = None,
                   hands: int | None = None) -> Session:
        """A new player: 1,000 credits, no history. Overwrites whatever wallet was there."""
        requested = resolve_paytable(paytable) if paytable is not None else None
        wallet = Wallet(home)
        wallet.claim()
        try:
            return cls._begin(wallet, rng, requested, hands)
        except BaseException:
            wallet.release()
            raise

    @classmethod
    def for_practice(cls, rng: RandomLike | None = None, paytable: str | None = None,
                     hands: int | None = None) -> Session:
        """A practice machine with 1,000 credits and no wallet: nothing it does is kept."""
        machine = Machine(resolve_paytable(paytable or DEFAULT_PAYTABLE), STARTING_CREDITS, rng, hands=hands or 1)
        return cls(machine, None, History())

    @classmethod
    def _begin(cls, wallet: Wallet, rng: RandomLike | None, requested: Paytable | None,
               hands: int | None) -> Session:
        machine = Machine(requested or resolve_paytable(DEFAULT_PAYTABLE), STARTING_CREDITS, rng, hands=hands or 1)
        session = cls(machine, wallet, History())
        session._save()
        session._open_ledger(wallet.home)
        return session

    @classmethod
    def _restore(cls, wallet: Wallet, saved: Saved, rng: RandomLike | None,
                 requested: Paytable | None) -> Session:
        notices = [saved.notice] if saved.notice else []
        lost = None
        if requested is not None:
            paytable = requested
        else:
            try:
                paytable = resolve_paytable(saved.paytable)
            except PaytableError:  # moved or broken since: say so, keep playing
                paytable, lost = resolve_paytable(DEFAULT_PAYTABLE), saved.paytable
        machine = Machine(paytable, saved.credits, rng, hands=saved.hands)
        machine.last, machine.round, machine.meters = saved.last, saved.round, dict(saved.meters)
        machine.kept = dict(saved.kept)
        machine.gamble = saved.gamble
        if saved.round is not None:
            if (saved.bet, saved.hands) != (saved.round.bet, saved.round.hands):
                raise ValueError(f"a bet of {saved.bet} × {saved.hands} hands is not the "
                                 f"{saved.round.bet} × {saved.round.hands} of the round in play")
            machine.bet = saved.round.bet
            if saved.round.paytable != paytable:
                notices.append(f"your dealt hand finishes on {saved.round.paytable.name}; then "
                               f"{paytable.name} is in play")
        else:
            machine.bet = kept_bet(paytable, saved.bet, saved.hands)
            doubling = saved.gamble is not None and saved.gamble.at_risk
            if paytable_reference(paytable) != saved.paytable and not doubling:
                machine.last, machine.gamble = None, None  # another table starts on a clean glass, as a switch does
        if lost is not None:
            notices.insert(0, f"the paytable {lost} cannot be read now (`videopoker paytable validate` says why)"
                           + ("" if saved.round else f"; playing {paytable.name} instead"))
        session = cls(machine, wallet, saved.history, saved.training, saved.wallet, saved.unrecorded)
        session.unrecorded_doubles = saved.unrecorded_doubles
        session.notice = "; ".join(notices) or None
        return session

    def _open_ledger(self, home: Path) -> None:
        """Open the ledger, put this wallet on record from now if it is new there, and write what
        the wallet holds that the ledger may lack.  A damaged or busy ledger raises (the game asks
        or says so before play); a wallet row already there is left as it is."""
        self.ledger = Ledger.open(home)
        assert self.ledger is not None
        self.ledger.begin_wallet(self.wallet_id, self.history.games, self.machine.credits + self.machine.in_play,
                                 self.history.refills)
        self.ledger.wait_at_most(PLAY_PATIENCE)
        self._record()
        if self.ledger_problem:
            self.notice = "; ".join(filter(None, [self.notice, self.ledger_problem]))

    def close(self) -> None:
        """Let another game have the wallet (also done by the OS when the process ends)."""
        if self.ledger is not None:
            self.ledger.close()
        if self.wallet is not None:
            self.wallet.release()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    # -- transitions, each saved before it returns -----------------------------------------------

    def state(self) -> MachineState:
        return self.machine.snapshot()

    def bet_one(self) -> MachineState:
        return self._commit(self.machine.bet_one)

    def set_bet(self, coins: int) -> MachineState:
        return self._commit(lambda: self.machine.set_bet(coins))

    def bet_max(self) -> MachineState:
        self._ready_to_deal()
        return self._commit(self.machine.bet_max)

    def deal(self) -> MachineState:
        self._ready_to_deal()
        return self._commit(self.machine.deal)

    def toggle_hold(self, position: int) -> MachineState:
        return self._commit(lambda: self.machine.toggle_hold(position))

    def choose_card(self, card: Card) -> MachineState:
        """Put ``card`` in the place the deal lets the player choose (a dream card's), saved at once."""
        return self._commit(lambda: self.machine.choose_card(card))

    def judge(self) -> Decision:
        """The hold on the dealt hand against the best one (nothing changes; the trainer asks first)."""
        current = self.machine.round
        if current is None:
            raise GameError("there is no dealt hand to judge; deal first")
        return judge(current.pays, current.bet, current.hands, current.dealt, current.held, current.multiplier,
                     current.state)

    def draw(self, decision: Decision | None = None) -> MachineState:
        """Draw; a ``decision`` (the judged hold of this very round) is graded in the same save."""
        current = self.machine.round
        if decision is not None and (current is None or (decision.dealt, decision.held) != (current.dealt,
                                                                                             current.held)):
            raise GameError("the judged hold is not the hold on the dealt hand; judge it again")

        grade = self._grade(decision) if self.wallet is not None else None

        def draw_and_record() -> MachineState:
            nonlocal grade
            credits = self.machine.credits
            state = self.machine.draw()  # refused before the deal
            assert current is not None
            if self.machine.round is not None:  # the round deals again (a stack's next level): it goes on
                if decision is not None:
                    self.training.record(decision, state.credits - credits)  # what this deal paid
                return state
            last = state.last
            assert last is not None
            if last.stacked and last.state is not None:  # a stack ends: graded as a whole, every deal's hold in it
                grade = stack_grade(current.pays, last.state) if self.wallet is not None else None
            self.history.record(last)
            if decision is not None:
                self.training.record(decision, last.results[-1].win if last.stacked else last.win)
            if self.wallet is not None:
                settled = Settled(self.history.games, time.time(), current.table_reference,
                                  current.paytable, last, grade,
                                  int(current.meter) if current.jackpot and current.meter is not None else None)
                self.unrecorded = (*self.unrecorded, settled)
            return state

        state = self._commit(draw_and_record)
        self._record()
        return state

    def _grade(self, decision: Decision | None) -> Grade | None:
        """The hold's grade for the record: the trainer's judgement, else one made now if the hint
        engine is ready (a millisecond), else none (the ledger grades it when it is next read)."""
        current = self.machine.round
        if decision is None and current is not None and ready(current.paytable, current.hands):
            decision = self.judge()
        if decision is None or decision.variance is None:
            return None
        return Grade(decision.ev, decision.best_ev, decision.variance)

    def _record(self) -> None:
        """Put the rounds the wallet holds for the ledger on record; on failure keep every one and say why."""
        if self.ledger is None or not (self.unrecorded or self.unrecorded_doubles):
            return
        try:
            self.ledger.record(self.wallet_id, self.unrecorded, self.unrecorded_doubles)
        except VideoPokerError as error:
            self.ledger_problem = str(error)
            return
        self.unrecorded, self.unrecorded_doubles, self.ledger_problem = (), (), None

    @property
    def waiting(self) -> int:
        """Rounds played that are not on record yet (kept in the wallet until they are)."""
        return len({settled.number for settled in self.unrecorded}
                   | {doubled.number for doubled in self.unrecorded_doubles})

    @property
    def tilted(self) -> bool:
        """As many rounds wait for the ledger as the wallet keeps: no deal until they are on record."""
        return self.waiting >= MAX_UNRECORDED

    def _ready_to_deal(self) -> None:
        """Refuse the deal while the wallet is full of rounds waiting for the ledger, unless it takes
        them now (any fewer go on record at the next draw)."""
        if self.tilted:
            self._record()
        if self.tilted:
            raise NotDealing(f"not dealing: {self.waiting} rounds wait to go on record and the ledger cannot "
                             f"take them ({self.ledger_problem}); none is lost, they are in the wallet: "
                             "deal again once the ledger can be written")

    # -- double-up, each step saved ------------------------------------------------------------

    def double(self) -> MachineState:
        """DOUBLE: the dealer's card face up, the win at risk (saved before it is shown)."""
        return self._commit(self.machine.double)

    def pick(self, place: int) -> MachineState:
        """The pick of face-down card ``place`` (0..3), settled and saved, and put on record."""
        def pick_and_record() -> MachineState:
            state = self.machine.pick(place)
            assert state.last is not None and state.last.doubles
            step = state.last.doubles[-1]
            self.history.gambled(state.last, step)
            if self.wallet is not None:
                doubled = Doubled(self.history.games, len(state.last.doubles) - 1, step)
                self.unrecorded_doubles = (*self.unrecorded_doubles, doubled)
            return state

        state = self._commit(pick_and_record)
        self._record()
        return state

    def collect(self) -> MachineState:
        """COLLECT: the doubled win back on the credit meter."""
        return self._commit(self.machine.collect)

    def set_trainer(self, on: bool) -> MachineState:
        """Trainer mode on or off (kept in the wallet, like the bet)."""
        def switch() -> MachineState:
            self.training.trainer = on
            return self.machine.snapshot()

        return self._commit(switch)

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
        return self._commit(lambda: self.machine.switch_paytable(paytable))

    def set_hands(self, hands: int) -> MachineState:
        return self._commit(lambda: self.machine.set_hands(hands))

    def next_hands(self) -> MachineState:
        return self._commit(self.machine.next_hands)

    def _commit(self, change: Callable[[], MachineState]) -> MachineState:
        """Apply ``change`` and save it; if the save fails, put the previous values back."""
        machine = self.machine
        before = (machine.paytable, machine.credits, machine.bet, machine.hands, machine.round, machine.last,
                  dict(machine.meters), machine.gamble, dict(machine.kept))
        history, training, unrecorded = self.history.copy(), self.training.copy(), self.unrecorded
        unrecorded_doubles = self.unrecorded_doubles
        state = change()
        try:
            self._save()
        except VideoPokerError:
            (machine.paytable, machine.credits, machine.bet, machine.hands, machine.round, machine.last,
             machine.meters, machine.gamble, machine.kept) = before
            self.history, self.training, self.unrecorded = history, training, unrecorded
            self.unrecorded_doubles = unrecorded_doubles
            raise
        return state

    def _save(self) -> None:
        if self.wallet is None:
            return
        machine = self.machine
        self.wallet.save(encode(self.wallet_id, machine.meters, machine.gamble, machine.credits, machine.bet,
                                machine.hands, paytable_reference(machine.paytable), machine.round, machine.last,
                                self.history, self.training, self.unrecorded, self.unrecorded_doubles, machine.kept))
