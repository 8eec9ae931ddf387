"""The video poker machine on screen: it renders the session's state and sends it intents.

No rule lives here.  Each key or click calls one :class:`Session` transition (which saves the
machine before it returns) and then redraws everything from the new frozen state.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import secrets
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Static

from videopoker.deck.cards import Card
from videopoker.errors import GameError, InsufficientCredit, StateError, VideoPokerError
from videopoker.ledger.store import LEDGER_NAME, DamagedLedger, Ledger
from videopoker.machine.game import MachineState, Outcome, Phase
from videopoker.machine.training import Decision, advice, cards_text, feature_ready, outcome_lines, ready, warm, why
from videopoker.paytable import Paytable, load_paytable
from videopoker.player.session import MAX_UNRECORDED, REFILL_CREDITS, STARTING_CREDITS, NotDealing, Session
from videopoker.storage.home import home_dir
from videopoker.storage.wallet import DamagedWallet
from videopoker.tui.cancelling import Cancelled, until_cancelled
from videopoker.tui.double_view import at_stake, double_cards, double_message
from videopoker.tui.feature_view import SPIN_STEP, WheelSpin, feature_message, feature_tag, prize_of
from videopoker.tui.keys import KEYS, bindings
from videopoker.tui.kinds import view_of
from videopoker.tui.notice_app import run_notice, served
from videopoker.tui.screens.analysis import AnalysisScreen
from videopoker.tui.screens.chart import ChartScreen
from videopoker.tui.screens.dialog import Confirm
from videopoker.tui.screens.drill import DrillScreen
from videopoker.tui.screens.grades import GradesScreen
from videopoker.tui.screens.help import HelpScreen
from videopoker.tui.screens.ledger import LedgerScreen
from videopoker.tui.screens.picker import PaytablePicker
from videopoker.tui.screens.recall import RecallScreen
from videopoker.tui.widgets.card import CardView
from videopoker.tui.widgets.hands import HandsPanel
from videopoker.tui.widgets.meters import Meters
from videopoker.tui.widgets.paytable import PaytablePanel

BUTTONS = (("bet-one", "BET ONE", "bet_one"), ("bet-max", "BET MAX", "bet_max"),
           ("deal", "DEAL", "deal_or_draw"), ("double-button", "DOUBLE", "double"), ("refill", "FREE REFILL", "refill"),
           ("hands-button", "HANDS", "next_hands"), ("paytable", "PAYTABLE", "choose_paytable"),
           ("recall", "RECALL", "recall"), ("help", "HELP", "help"), ("quit", "QUIT", "quit"))

#: What machines call their number of hands.
PLAY_NAMES = {3: "TRIPLE PLAY", 5: "FIVE PLAY", 10: "TEN PLAY", 50: "FIFTY PLAY", 100: "HUNDRED PLAY"}
#: What a title too long for the glass says instead (``100 PLAY``): the same, shorter.
SHORT_PLAY_NAMES = {hands: f"{hands} PLAY" for hands in PLAY_NAMES}

#: Buttons that do nothing while a hand is dealt (shown dimmed).
DEALT_DEAD = frozenset({"bet-one", "bet-max", "paytable", "hands-button", "double-button"})
#: Buttons for betting, put away while a win is doubled (the bar then has room for COLLECT).
BETTING = ("bet-one", "bet-max", "paytable", "hands-button")
#: And dead while a win is being doubled.
DOUBLE_DEAD = frozenset({*BETTING, "refill"})


def dead_buttons(state: MachineState) -> frozenset[str]:
    """Buttons that do nothing now (shown dimmed; DOUBLE is not shown where a table has no double-up)."""
    offered = state.gamble is not None and state.gamble.can_double
    undoubled = {"double-button"} if state.paytable.double_up and not offered else set()
    if state.phase is Phase.DEALT:
        return DEALT_DEAD if state.paytable.double_up else DEALT_DEAD - {"double-button"}
    if state.phase is Phase.DOUBLE:
        waiting = state.gamble is not None and state.gamble.dealer is not None
        return DOUBLE_DEAD | ({"deal"} if waiting else set()) | undoubled
    if state.credits < state.hands:
        return frozenset({"bet-one", "bet-max", "deal", *undoubled})
    return frozenset({"deal", *undoubled} if state.stake > state.credits else undoubled)


def _credits(count: int) -> str:
    return f"{count:,} CREDIT{'S' * (count > 1)}"


#: The most a message line says, inside the glass at 80 columns.
MESSAGE_WIDTH = 78
#: What the glass says while a feature game is solved for the hint (once, in the background, then cached).
SOLVING = "SOLVING THIS GAME FOR THE HINT (ONCE, THEN AT ONCE): A MOMENT"
SOLVED = "THIS GAME IS SOLVED: THE HINT AND THE TRAINER ANSWER AT ONCE"


def message_for(state: MachineState) -> str:
    """The one-line message a casino machine shows in this state."""
    if state.phase is Phase.DEALT:
        return "HOLD CARDS, THEN DRAW"
    doubling = double_message(state)
    if doubling is not None:
        return doubling
    if state.credits == 0:
        lost = "GAME OVER — " if state.last is not None and state.last.win == 0 else ""
        return f"{lost}OUT OF CREDIT: PRESS F FOR A FREE {REFILL_CREDITS:,}"
    if state.credits < state.hands:
        return f"{_credits(state.credits)} LEFT: PRESS N FOR FEWER HANDS"
    last = state.last
    if last is None:
        if state.hands == 1:
            return f"PLAY {_credits(state.bet)}"
        return f"PLAY {state.bet} × {state.hands} HANDS = {_credits(state.stake)}"
    if not last.win:
        return "GAME OVER"
    if last.hands == 1:
        return f"{last.results[0].name}   WIN {last.win:,}"
    winners = sum(1 for result in last.results if result.win)
    bottom = f"{last.results[0].name} · " if last.results[0].win else ""
    return f"{bottom}WIN {last.win:,} ON {winners} OF {last.hands} HANDS"


#: The actions of the machine's keys (``keys.KEYS``).
MACHINE_ACTIONS = frozenset(key.action for key in KEYS)


class MachineScreen(Screen[None]):
    """The machine's own screen; its only job is to tell the app when the terminal changes size."""

    def on_resize(self) -> None:
        fit = getattr(self.app, "fit", None)
        if fit is not None:
            fit()


def event_clock() -> float:
    """Now, on the clock Textual stamps its events with (``Message.time``)."""
    return time.perf_counter() if sys.platform == "win32" else time.monotonic()


def _warm_until_cancelled(paytable: Paytable, hands: int) -> None:
    """:func:`warm` in a thread worker that stops once cancelled (the app cancels its workers when it
    quits, and would otherwise wait seconds for a chart's derivation or a feature's solve)."""
    with contextlib.suppress(Cancelled):
        warm(paytable, until_cancelled(), hands)


class VideoPokerApp(App[None]):
    """A Jacks or Better machine whose credit lives in ``home``'s wallet."""

    CSS_PATH = "machine.tcss"
    TITLE = "videopoker"
    BINDINGS = bindings()
    #: Seconds a result must have been on the screen before a key press deals the next hand: a double
    #: tap on DRAW must not deal before the player has seen the result. Judged by when the key was
    #: pressed and when the result was painted, never by when the app got round to either, so a busy
    #: machine neither deals on a bounce it handles late nor refuses a press made after the result
    #: was seen. 0 turns the guard off (a robot's quick keys are deliberate).
    DEAL_GUARD = 0.3
    #: Seconds a refusal's reason stays on the message line.
    REASON_SECONDS = 2.0
    MIN_WIDTH, MIN_CARD_HEIGHT, MAX_CARD_HEIGHT, MAX_CARD_WIDTH = 80, 6, 14, 17

    def __init__(self, home: Path | None = None, paytable: str | None = None, seed: int | None = None,
                 *, practice: bool = False, session: Session | None = None, hands: int | None = None,
                 drills: bool = False) -> None:
        """``seed`` fixes the shuffle (tests); ``practice`` plays without the wallet; ``session``, when
        the caller has opened it already (the command line does, to refuse problems before the screen);
        ``hands``, hands a round from the next deal (else as saved); ``drills``, open on the drill
        screen (of ``paytable``'s leaks alone, where it is named)."""
        super().__init__()
        self.home = home or home_dir()
        self.paytable_name = paytable
        self.hands = hands
        self.rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self.practice = practice
        self.session: Session | None = session
        self.notice: str | None = None  # a refusal to show instead of the usual message
        self.shown_at = -math.inf  # when the last result was painted; +inf until it is (event clock)
        self.pressed_at: float | None = None  # when the key or click being handled was pressed
        self.too_small = False
        self.folded = False  # the paytable in two columns, the terminal being too short for it
        self._reason_timer: Timer | None = None
        self.hint: tuple[tuple[Card, ...], tuple[bool, ...]] | None = None  # a dealt hand and its best hold
        self.ledger_told: str | None = None  # the ledger's last problem the player was told of
        self.spin: WheelSpin | None = None  # the wheel turning on the glass to a prize already won
        self._spin_timer: Timer | None = None
        self.spun: Outcome | None = None  # the last round whose wheel was shown (a restored one is not spun)
        self.drills_first = drills

    def compose(self) -> ComposeResult:
        with Vertical(id="machine"):
            yield Static(id="title")
            with Horizontal(id="top"):
                with Horizontal(id="paytable-box"):
                    yield PaytablePanel(id="paytable")
                with VerticalScroll(id="hands-box"):
                    yield HandsPanel(id="hands")
            with Horizontal(id="hand"):
                for position in range(5):
                    yield CardView(position, id=f"card-{position + 1}")
            yield Static(id="message")
            yield Meters(id="meters")
            with Horizontal(id="buttons"):
                for button_id, label, action in BUTTONS:
                    button = Button(label, id=button_id, action=f"app.{action}", compact=True)
                    button.can_focus = False  # keys belong to the machine, never to a focused button
                    yield button
        yield Static(id="too-small")

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGHUP):  # leave the terminal as it was found
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self.exit)
        if self.session is None:
            self.open_session()
        else:
            self._opened()

    def get_default_screen(self) -> Screen[None]:
        return MachineScreen(id="_default")

    def on_unmount(self) -> None:
        self._stop_spin(redraw=False)  # the prize is paid and saved already: only the turning stops
        if self.session is not None:
            self.session.close()  # the next game may have the wallet

    # -- opening, and the damaged-wallet question -----------------------------------------------

    def open_session(self) -> None:
        try:
            if self.practice:
                self.session = Session.for_practice(self.rng, self.paytable_name, self.hands)
            else:
                self.session = Session.open(self.home, self.rng, self.paytable_name, self.hands)
        except DamagedWallet as error:
            self.push_screen(Confirm("THE WALLET CANNOT BE TRUSTED", f"{error}.\n\nStart over with "
                                     f"{STARTING_CREDITS:,} credits? The damaged file stays where it is "
                                     "until you agree.", "START OVER", "KEEP IT AND QUIT"), self._answer_damaged)
            return
        except DamagedLedger as error:
            self.push_screen(Confirm("THE LEDGER CANNOT BE TRUSTED", f"{error}.\n\nBegin a new ledger? The "
                                     f"damaged one is kept beside it as {LEDGER_NAME}.corrupt-…; your credits "
                                     "are not touched either way.", "NEW LEDGER", "KEEP IT AND QUIT", yes_key="N"),
                             self._answer_damaged_ledger)
            return
        except VideoPokerError as error:
            self.exit(return_code=1, message=f"videopoker: {error}")
            return
        self._opened()

    def _opened(self) -> None:
        assert self.session is not None
        self.spun = self.session.state().last
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", timeout=10, markup=False)
        self._warm()
        self.redraw()
        if self.drills_first:
            self.drills_first = False
            self._open_drills(self.paytable_name)

    def _warm(self) -> None:
        """Load the hint engine's tables for the tables in play in the background, so a hint or a
        graded draw takes a millisecond (every draw is graded once they are loaded)."""
        if self.session is None:
            return
        machine = self.session.machine
        tables = {(machine.paytable.game.key, machine.hands): machine.paytable}
        if machine.round is not None:
            tables.setdefault((machine.round.paytable.game.key, machine.round.hands), machine.round.paytable)
        for (_, hands), paytable in tables.items():
            self.run_worker(lambda table=paytable, count=hands: self._warm_and_tell(table, count), thread=True,
                            group="warm")

    def _warm_and_tell(self, paytable: Paytable, hands: int) -> None:
        """Warm a table in this worker thread; if its feature game had to be solved first, say on the
        glass when the hint is ready (the player was told to wait for it)."""
        solving = not feature_ready(paytable, hands)
        _warm_until_cancelled(paytable, hands)
        if solving and feature_ready(paytable, hands):
            self.call_from_thread(self.show_reason, SOLVED)

    def _answer_damaged_ledger(self, new_ledger: bool | None) -> None:
        if not new_ledger:
            self.exit(return_code=1, message="videopoker: the ledger was left as it is.")
            return
        Ledger.set_aside(self.home)
        self.open_session()

    def _answer_damaged(self, start_over: bool | None) -> None:
        if not start_over:
            self.exit(return_code=1, message="videopoker: the wallet was left as it is.")
            return
        try:
            self.session = Session.start_over(self.home, self.rng, self.paytable_name, self.hands)
        except VideoPokerError as error:
            self.exit(return_code=1, message=f"videopoker: {error}")
            return
        self.redraw()

    # -- drawing --------------------------------------------------------------------------------

    def _title(self, state: MachineState, play_names: dict[int, str]) -> Text:
        """The title: the table, the hands a round, the feature, the meter, what is not on record, the mode."""
        assert self.session is not None
        title = Text(state.paytable.name.upper())
        if state.hands > 1:
            title.append(f" · {play_names[state.hands]}")
        tag = feature_tag(state)
        if tag is not None:
            title.append(f" · {tag}", "bold white on dark_green")
        if state.meter is not None:  # the meter as the casino shows it, to the cent; it pays whole credits
            title.append(f" · JACKPOT {float(state.meter):,.2f}", "bold white on red3")
        if self.session.waiting:  # rounds kept in the wallet for a ledger that cannot take them yet
            title.append(f" · {self.session.waiting} NOT ON RECORD", "bold black on yellow")
        if self.session.practice:
            title = Text.assemble(("PRACTICE", "bold reverse"), "  ", title)
        if self.session.training.trainer:
            title = Text.assemble(("TRAINER", "bold reverse"), "  ", title)
        return title

    def redraw(self) -> None:
        if self.session is None:
            return
        state = self.session.state()
        paytable = state.paytable.as_played(state.bet)  # the hands and pays of the bet in play
        title = self._title(state, PLAY_NAMES)
        if title.cell_len > self.size.width - 2:  # HUNDRED PLAY of a long name: 100 PLAY, not a cut title
            title = self._title(state, SHORT_PLAY_NAMES)
        if state.meter is not None:
            paytable = paytable.at_meter(int(state.meter))
        paytable = view_of(paytable).paytable_shown(state, paytable)
        self.query_one("#title", Static).update(title)
        settled = state.last if state.phase is Phase.IDLE and state.last is not None else None
        stack = view_of(paytable).shows_stack(state)
        self.screen.set_class(state.hands > 1 or stack, "multi")
        panel = self.query_one(PaytablePanel)
        if state.hands > 1 or stack:
            shown = settled is not None and settled.hands == state.hands
            panel.show_multi(paytable, state.bet, Counter(r.category for r in settled.results if r.win)
                             if settled is not None and shown else Counter(), view_of(paytable).awards(state))
            self.query_one(HandsPanel).show(state)
        else:
            winner = settled.category if settled is not None and settled.win else None
            if self._paytable_rows()[1]:
                panel.show_folded(paytable, state.bet, winner)
            else:
                panel.show(paytable, state.bet, winner)
        hinted = self.hint[1] if self.hint and state.phase is Phase.DEALT and self.hint[0] == state.hand else None
        doubled = double_cards(state)
        for position, view in enumerate(self.query(CardView)):
            if doubled is not None:
                view.show(doubled[position][0], False, caption=doubled[position][1])
                continue
            card = state.hand[position] if state.hand else None
            view.show(card, state.phase is Phase.DEALT and state.held[position],
                      wild=card is not None and paytable.game.is_wild(card.index),
                      best=hinted is not None and hinted[position], caption=view_of(paytable).caption(state, position))
        if state.phase is Phase.IDLE and state.last is not self.spun and prize_of(state.last):
            self.spun = state.last
            self._spin(state)
        if self.spin is None:
            tilt = (f"NOT DEALING: {self.session.waiting} ROUNDS WAIT FOR THE LEDGER"
                    if self.session.tilted and state.phase is Phase.IDLE else None)
            self.query_one("#message", Static).update(self.notice or tilt or feature_message(state)
                                                      or view_of(paytable).message(state)
                                                      or message_for(state))
        staked = at_stake(state)
        earlier = state.state.earlier if state.state is not None else ()
        if earlier:  # a round dealing again (a stack climbing): what its deals have won so far
            staked = sum(win for _, _, win in earlier)
        hidden = prize_of(state.last) if self.spin is not None else 0  # shown when the wheel stops
        self.query_one(Meters).show(state.credits - hidden, state.stake,
                                    staked if staked is not None else settled.win - hidden if settled else 0)
        deal = self.query_one("#deal", Button)
        deal.label = {Phase.DEALT: "DRAW", Phase.DOUBLE: "COLLECT"}.get(state.phase, "DEAL")
        deal.styles.width = len(str(deal.label)) + 2  # laid out again for the longer label (and its padding)
        self.query_one("#double-button", Button).display = paytable.double_up
        for button_id in BETTING:  # while a win is doubled only DOUBLE and COLLECT do anything
            self.query_one(f"#{button_id}", Button).display = state.phase is not Phase.DOUBLE
        self.query_one("#refill", Button).set_class(self.session.can_refill, "offered")
        dead = dead_buttons(state)
        for button in self.query("#buttons Button").results(Button):
            button.set_class(button.id in dead, "dead")
        self.fit()

    def _spin(self, state: MachineState) -> None:
        """Turn the wheel on the glass to the prize the round already won (and saved)."""
        feature = state.paytable.feature
        assert feature is not None and state.last is not None
        self.spin = WheelSpin([prize for prize, _ in feature.prizes], prize_of(state.last))
        self._spin_timer = self.set_interval(SPIN_STEP, self._spin_on)

    def _spin_on(self) -> None:
        glass = list(self.query("#message").results(Static))  # none behind help, or while closing
        if self.spin is None or self.spin.done or not glass:
            self._stop_spin(redraw=bool(glass))
            return
        glass[0].update(self.spin.next_text())

    def _stop_spin(self, redraw: bool = True) -> None:
        if self._spin_timer is not None:
            self._spin_timer.stop()
        self.spin = self._spin_timer = None
        if redraw:
            self.redraw()

    def _paytable_rows(self) -> tuple[int, bool]:
        """Rows the paytable takes, and whether it is folded into two columns to leave the cards room."""
        state = self.session.state() if self.session else None
        rows = len(state.paytable.as_played(state.bet).game.paying) if state else 9
        fold = state is not None and state.hands == 1 and rows > self.size.height - 4 - self.MIN_CARD_HEIGHT
        return ((rows + 1) // 2 if fold else rows), fold

    def fit(self) -> None:
        """Size the cards to the terminal: all five the same width, as tall as the rest allows.

        Above them, the paytable and (multi-hand) a line per upper hand: up to 10 hands all
        show; 50 and 100 scroll in what is left over the smallest cards.
        """
        width, height = self.size
        state = self.session.state() if self.session else None
        rows, folded = self._paytable_rows()
        if folded != self.folded:  # the terminal changed across the fold: the panel is drawn anew
            self.folded = folded
            self.redraw()
            return
        if state is not None and state.hands > 1:
            upper = state.hands - 1
            rows = max(rows, upper if state.hands <= 10 else min(upper, height - 4 - self.MIN_CARD_HEIGHT))
        self.query_one("#top").styles.height = rows
        spare = height - (1 + rows + 3)  # title, paytable, message, meters, buttons
        card_height = min(self.MAX_CARD_HEIGHT, spare)
        self.too_small = width < self.MIN_WIDTH or card_height < self.MIN_CARD_HEIGHT
        self.screen.set_class(self.too_small, "too-small")
        if self.too_small:
            self.query_one("#too-small", Static).update(
                f"THE TERMINAL IS TOO SMALL ({width}×{height}).\nMAKE IT AT LEAST {self.MIN_WIDTH}×"
                f"{height - spare + self.MIN_CARD_HEIGHT} TO PLAY.\n\nq quits; the game is saved.")
            return
        card_width = min(self.MAX_CARD_WIDTH, (width - 2) // 5 - 2)  # two columns of margin each
        self.query_one("#hand").styles.height = card_height
        for view in self.query(CardView):
            view.styles.width = card_width

    def play(self, change: Callable[[Session], object]) -> None:
        """Send one intent to the session, then redraw; a refused move changes nothing."""
        if self.session is None:
            return
        if self.too_small:
            self.bell()
            return
        if self.spin is not None:  # a key stops the wheel on its prize first
            self.spin.stop()
            self._stop_spin()
        was_dealt = self.session.state().phase is Phase.DEALT
        try:
            change(self.session)
        except InsufficientCredit:
            self.notice = "INSUFFICIENT CREDIT"
            self.bell()
        except NotDealing as error:  # the tilt: the glass says it until the ledger takes the rounds
            self.bell()
            self.notify(str(error), title="NOT DEALING", severity="error", timeout=15, markup=False)
            self.redraw()
            return
        except GameError as error:
            self.bell()  # a dead button: nothing happens, and the message line says why
            self.show_reason(str(error))
            return
        except StateError as error:
            self.notify(str(error), title="NOT SAVED", severity="error", timeout=15, markup=False)
            return
        else:
            self.notice = None
        problem = self.session.ledger_problem
        if problem and problem != self.ledger_told:  # said once, not at every draw while it lasts
            self.notify(f"{problem}. The rounds wait in the wallet, none is lost; at {MAX_UNRECORDED} waiting "
                        "the machine stops dealing until the ledger takes them.",
                        title="NOT ON RECORD YET", severity="warning", timeout=15, markup=False)
        self.ledger_told = problem
        if was_dealt and self.session.state().phase is Phase.IDLE:
            self.shown_at = math.inf  # not seen before it is on the screen
            self.call_after_refresh(self._result_shown)
        self.redraw()

    def _result_shown(self) -> None:
        self.shown_at = event_clock()

    async def on_event(self, event: events.Event) -> None:
        """Note when each key or click was pressed (Textual stamps it as it is read from the terminal),
        for the double-tap guard to judge the press, not the moment a busy app handles it."""
        if isinstance(event, (events.Key, events.MouseDown)):
            self.pressed_at = event.time
        await super().on_event(event)

    def show_reason(self, reason: str) -> None:
        """Say on the message line, for a moment, why a key did nothing."""
        self.notice = reason.upper()
        self.redraw()
        if self._reason_timer is not None:
            self._reason_timer.stop()
        self._reason_timer = self.set_timer(self.REASON_SECONDS, self._forget_reason)

    def _forget_reason(self) -> None:
        self.notice = None
        self.redraw()

    def too_soon_to_deal(self) -> bool:
        """A deal pressed before the result was on the screen, or within :attr:`DEAL_GUARD` of it, is a
        double tap on DRAW: ignore it. Before the first result nothing is too soon, whatever the clock
        reads (a monotonic clock may start near zero at boot)."""
        if self.DEAL_GUARD <= 0 or self.session is None or self.session.state().phase is not Phase.IDLE:
            return False
        pressed = event_clock() if self.pressed_at is None else self.pressed_at
        return pressed - self.shown_at < self.DEAL_GUARD

    # -- intents --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The machine's keys work on the machine's screen only: on the analysis screen a digit or a
        letter belongs to that screen or to the field being typed in (False lets the key through)."""
        return action not in MACHINE_ACTIONS or isinstance(self.screen, MachineScreen)

    def action_hold(self, position: int) -> None:
        """Hold a card; while doubling, the same key (or click) picks a face-down card."""
        if self.session is not None and self.session.state().phase is Phase.DOUBLE:
            if position == 0:
                self.bell()
                self.show_reason("that is the dealer's card: pick one of the four, 2 to 5")
                return
            self.play(lambda session: session.pick(position - 1))
            return
        self.play(lambda session: session.toggle_hold(position))

    def action_choose_card(self) -> None:
        """Put the next best card in the place the deal lets the player choose (a dream card's)."""
        current = self.session.machine.round if self.session is not None else None
        feature = current.paytable.feature if current is not None else None
        place = feature.chosen_place(current.state) if feature is not None and current is not None else None
        if current is None or feature is None or place is None or current.state is None:
            self.bell()
            self.show_reason("no card of this deal is yours to choose: a dream card is, on a dream deal")
            return
        from videopoker.analysis.features.registry import engine_of

        cards = [card for card, _ in engine_of(feature).choices(current.paytable, current.dealt, current.state)]
        now = cards.index(current.dealt[place]) if current.dealt[place] in cards else -1
        chosen = cards[(now + 1) % len(cards)]
        self.play(lambda session: session.choose_card(chosen))

    def action_double(self) -> None:
        self.play(Session.double)

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        self.action_hold(message.position)

    def action_deal_or_draw(self) -> None:
        if self.session is not None and self.session.state().phase is Phase.DOUBLE:
            self.play(Session.collect)  # COLLECT (refused with its reason while a pick is awaited)
            return
        if self.session is not None and self.session.state().phase is Phase.DEALT:
            self._draw()
        elif not self.too_soon_to_deal():
            self.play(Session.deal_or_draw)

    def _draw(self) -> None:
        """Draw, graded when the hint engine is ready; in trainer mode a costly hold stops first."""
        assert self.session is not None and self.session.machine.round is not None
        trainer = self.session.training.trainer
        current = self.session.machine.round
        if trainer and not feature_ready(current.paytable, current.hands):
            trainer = False  # its feature is still being solved: drawn ungraded now, graded on record later
            self.show_reason(SOLVING)
        decision = self.session.judge() if trainer or ready(current.paytable, current.hands) else None
        if trainer and decision is not None and not decision.right:
            title = "MAJOR MISTAKE" if decision.major else "MINOR MISTAKE"
            current = self.session.machine.round
            reason = why(current.pays, current.bet, current.dealt)
            because = f"\n{reason}" if reason else ""
            ends = outcome_lines(current.pays, current.bet, current.dealt, current.held, current.multiplier,
                                 current.state)
            table = "\n\n" + "\n".join(ends) if ends else ""
            self.push_screen(Confirm(title, f"{decision.warning()}{because}{table}\n\nEV per coin bet. Take the hold "
                                     "back and change it, or draw with yours.", "DRAW ANYWAY", "TAKE BACK",
                                     yes_key="D"),
                             lambda anyway: self._warned(decision, anyway))
            return
        self.play(lambda session: session.draw(decision))

    def _warned(self, decision: Decision, anyway: bool | None) -> None:
        if anyway:
            self.play(lambda session: session.draw(decision))
        else:
            self.show_reason("taken back: change the holds, then draw")

    def action_hint(self) -> None:
        """Mark the best hold on the cards; the message line gives its EV and the next two."""
        if self.session is None or self.session.machine.round is None:
            self.bell()
            self.show_reason("the hint is for a dealt hand: deal first")
            return
        current = self.session.machine.round
        if current.state is not None and not feature_ready(current.paytable, current.hands):
            self.bell()
            self.show_reason(SOLVING)
            return
        choices = advice(current.pays, current.bet, current.dealt, multiplier=current.multiplier, state=current.state)
        self.hint = (current.dealt, choices[0].held)
        unit = "EV" if choices[0].worth is None else "WORTH"  # a feature's state or multiplier in: its worth
        said = f"BEST: HOLD {cards_text(choices[0].cards)} — {unit} {float(choices[0].judged):.4f} A COIN"
        for place, choice in enumerate(choices[1:]):  # the runner-ups, named, as many as the line holds
            more = f" · {'NEXT ' if not place else ''}{cards_text(choice.cards)} {float(choice.judged):.4f}"
            if len(said) + len(more) > MESSAGE_WIDTH:
                break
            said += more
        self.notice = said
        self.redraw()

    def action_trainer(self) -> None:
        if self.session is None:
            return
        on = not self.session.training.trainer
        self.play(lambda session: session.set_trainer(on))
        if self.session.training.trainer == on:
            self.show_reason("trainer on: a draw that gives up EV stops first" if on else "trainer off")

    def action_session_grades(self) -> None:
        if self.session is not None:
            state = self.session.state()
            home = None if self.session.practice else self.home  # practice is on no record
            self.push_screen(GradesScreen(self.session.training, state.paytable, state.bet, home))

    def action_ledger(self) -> None:
        if self.session is None:
            return
        if self.session.practice:
            self.bell()
            self.show_reason("practice hands are not kept: the ledger is for real play")
            return
        self.push_screen(LedgerScreen(self.home))

    def action_strategy_chart(self) -> None:
        """The table's strategy chart; with a hand dealt, the chart of its round and its line marked."""
        if self.session is None:
            return
        current = self.session.machine.round
        if current is not None:
            self.push_screen(ChartScreen(current.paytable, current.bet, current.dealt))
        else:
            state = self.session.state()
            self.push_screen(ChartScreen(state.paytable, state.bet, None))

    def action_drills(self) -> None:
        self._open_drills(None)

    def _open_drills(self, paytable: str | None) -> None:
        """The drill screen: practice on the hands of the leaks on record, nothing bet, nothing on record."""
        if self.session is None:
            return
        state = self.session.state()
        self.push_screen(DrillScreen(self.home, self.rng, paytable, (state.paytable, state.bet)))

    def action_bet_one(self) -> None:
        self.play(Session.bet_one)

    def action_bet_max(self) -> None:
        if not self.too_soon_to_deal():
            self.play(Session.bet_max)

    def action_refill(self) -> None:
        self.play(Session.refill)

    def action_next_hands(self) -> None:
        self.play(Session.next_hands)
        self._warm()  # a feature solved by the hands a round is solved for these

    def action_scroll_hands(self, pages: int) -> None:
        box = self.query_one("#hands-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.size.height - 1), animate=False)

    def action_choose_paytable(self) -> None:
        if self.session is None:
            return
        if self.session.state().phase is not Phase.IDLE:
            self.bell()
            self.show_reason("finish the hand before changing the paytable")
            return
        self.push_screen(PaytablePicker(self.session.machine.paytable), self._switch_paytable)

    def _switch_paytable(self, paytable: Paytable | None) -> None:
        if paytable is not None:
            self.play(lambda session: session.switch_paytable(paytable))
            self._warm()

    def action_recall(self) -> None:
        if self.session is not None:
            self.push_screen(RecallScreen(self.session.history))

    def action_analysis(self) -> None:
        """The analysis of the table in play at the bet on the meter (a round in play stays as it is)."""
        if self.session is not None:
            state = self.session.state()
            meter = None if state.meter is None else int(state.meter)
            self.push_screen(AnalysisScreen(state.paytable, state.bet, meter, state.hands))

    def action_edit_paytable(self) -> None:
        """The editor on the table in play; a table saved there is played from the next hand."""
        if self.session is None:
            return
        from videopoker.paytable.draft import Draft
        from videopoker.tui.screens.editor import EditorScreen

        paytable = self.session.machine.paytable
        try:
            draft = Draft.open(paytable.source) if paytable.source else Draft.new(paytable.game.key)
        except VideoPokerError as error:
            self.bell()
            self.show_reason(str(error).splitlines()[0])
            return
        self.push_screen(EditorScreen(draft), self._edited)

    def _edited(self, saved: Path | None) -> None:
        if saved is None or self.session is None:
            return
        if self.session.state().phase is not Phase.IDLE:
            self.show_reason("saved: press p after this hand to play it")
            return
        try:
            self._switch_paytable(load_paytable(saved))
        except VideoPokerError as error:
            self.show_reason(str(error).splitlines()[0])

    def action_help(self) -> None:
        max_coins = self.session.state().paytable.top_bet if self.session else 5  # a feature's coins too
        self.push_screen(HelpScreen(max_coins))


def run_machine(paytable: str | None = None, seed: int | None = None, hands: int | None = None,
                home: Path | None = None, drills: bool = False) -> int:
    """Play until the player quits; the exit status for the command line.

    The wallet is opened (and locked) before the screen starts, so a busy wallet, a bad paytable
    or an unreadable folder is one line on the terminal (in a browser tab, that line on the
    screen); only a damaged wallet needs the screen, to ask the player.  A seed means practice: a
    reproducible shuffle never plays for real credits.  ``drills`` opens on the drill screen.
    """
    session = None
    if seed is not None:
        session = Session.for_practice(random.Random(seed), paytable, hands)
    else:
        try:
            with contextlib.suppress(DamagedWallet, DamagedLedger):  # the screen asks what to do
                session = Session.open(home or home_dir(), secrets.SystemRandom(), paytable, hands)
        except VideoPokerError as refused:
            if not served():  # a terminal: one line, from the command line's error boundary
                raise
            return run_notice(str(refused))  # a browser tab has no terminal to print on
    app = VideoPokerApp(home, paytable, seed, practice=seed is not None, session=session, hands=hands, drills=drills)
    app.run()
    return app.return_code or 0
