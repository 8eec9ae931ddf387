"""The drill screen (`x`): the hands of your leaks, marked RIGHT or WRONG at once, on their schedule.

The screen deals, the player holds with 1–5 (or a click) and draws with enter; the mark comes at
once: RIGHT, or WRONG and what the hold cost in credits at the drill's bet, the best hold marked
on the cards and said with both EVs, the chart line that plays the hand, and why (the two holds'
outcome tables).  The next enter deals the next hand.  The sitting is
:class:`videopoker.player.drilling.Drills`: opening it reads the ledger's leaks and makes each
table ready (a chart derived once), in a worker, as a self-test's tables are.  No credit is bet
and nothing goes on the ledger: a drill is practice.  Everything fits 80×24 with no Tab.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum, auto
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from videopoker.deck.cards import RandomLike
from videopoker.errors import VideoPokerError
from videopoker.ledger.leaks import DISCARD_ALL
from videopoker.machine.drills import Kind
from videopoker.paytable import Paytable
from videopoker.player.drilling import LATELY_DAYS, TEST_HANDS, DrillHand, Drills, Mark, grade_lines
from videopoker.storage.usertext import counted, visible
from videopoker.tui.cancelling import Cancelled, until_cancelled
from videopoker.tui.widgets.card import CardView

#: Seconds a mark stays before enter deals the next hand (a double tap on DRAW must not skip it).
MARK_GUARD = 0.3
#: The keys, on the screen's last line.
KEYS_LINE = "1–5 HOLD · ENTER DRAW, THEN NEXT · T SELF-TEST · ESC BACK TO THE MACHINE"
TEST_KEYS_LINE = "1–5 HOLD · ENTER NEXT HAND · ESC STOP THE TEST AND GRADE IT"
NO_LEAKS = "No leaks on record: nothing to drill yet."
#: Over a drill hand or a hand between drills until it is answered: which it is would give the answer away.
UNNAMED_HAND = "A HAND OF YOUR LEAKS OR ONE BETWEEN THEM: NAMED ONCE YOU DRAW"
OFFER_TEST = f"T: A SELF-TEST OF {TEST_HANDS} HANDS OF THE GAMES YOU PLAYED THIS MONTH"


class Step(Enum):
    """Where the screen is: what enter does."""

    OPENING = auto()     # the worker reads the leaks
    WAITING = auto()     # nothing dealt: no leaks, or nothing due
    DEALT = auto()       # holding: enter marks
    MARKED = auto()      # the mark shown: enter deals the next
    TESTING = auto()     # a self-test hand: enter answers and deals the next
    GRADED = auto()      # the self-test's grade shown: enter goes back to the drills


class DrillScreen(Screen[None]):
    """Drills of the home's leaks (of one table, where named); escape goes back to the machine."""

    BINDINGS = [
        *(Binding(str(place + 1), f"hold({place})", f"hold {place + 1}", show=False) for place in range(5)),
        Binding("enter,space", "draw", "draw or next", show=False),
        Binding("t,T", "self_test", "self-test", show=False),
        Binding("escape,q,Q,x,X", "leave", "back", show=False),
    ]

    def __init__(self, home: Path, rng: RandomLike, paytable: str | None = None,
                 fallback: tuple[Paytable, int] | None = None, now: Callable[[], float] = time.time) -> None:
        """``paytable``: drill that table's leaks alone; ``fallback``: the table in play and its bet,
        for a self-test where nothing was played lately."""
        super().__init__()
        self.home, self.rng, self.paytable, self.fallback, self.now = home, rng, paytable, fallback, now
        self.drills: Drills | None = None
        self.step = Step.OPENING
        self.held = [False] * 5
        self.mark: Mark | None = None
        self.marked_at = -float("inf")

    def compose(self) -> ComposeResult:
        with Vertical(id="drill"):
            yield Static("DRILLS", id="drill-title")
            yield Static("", id="drill-leak", markup=False)
            yield Static("", id="drill-due", markup=False)
            with Horizontal(id="drill-hand"):
                for position in range(5):
                    yield CardView(position, id=f"drill-card-{position + 1}")
            yield Static("READING YOUR LEAKS FROM THE LEDGER…", id="drill-verdict", markup=False)
            yield Static("", id="drill-best", markup=False)
            yield Static("", id="drill-why", markup=False)
            yield Static(KEYS_LINE, id="drill-keys", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._open, thread=True, exclusive=True, group="drills")

    # -- workers -----------------------------------------------------------------------------------

    def _open(self) -> None:
        try:
            drills = Drills.open(self.home, self.rng, self.paytable, self.now, until_cancelled())
        except Cancelled:
            return
        except VideoPokerError as error:  # said on the screen; a worker's error never takes the machine down
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self._say, str(error))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._opened, drills)

    def _opened(self, drills: Drills) -> None:
        self.drills = drills
        self._tell()
        self._next()

    def _prepare_test(self) -> None:
        assert self.drills is not None
        try:
            self.drills.start_test(TEST_HANDS, self.fallback, until_cancelled())
        except Cancelled:
            return
        except VideoPokerError as error:
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self._test_refused, str(error))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._deal_test)

    # -- what the keys do --------------------------------------------------------------------------

    def action_hold(self, place: int) -> None:
        if self.step not in (Step.DEALT, Step.TESTING):
            self.app.bell()
            return
        self.held[place] = not self.held[place]
        self._cards()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        message.stop()  # the machine's cards are not these
        self.action_hold(message.position)

    def action_draw(self) -> None:
        if self.drills is None or self.step is Step.OPENING:
            return
        if self.step is Step.DEALT:
            self.mark = self.drills.mark(self.held)
            self.step = Step.MARKED
            self.marked_at = float("inf")  # not seen before it is on the screen
            self._show_mark()
            self.call_after_refresh(self._mark_shown)
        elif self.step is Step.MARKED:
            if time.monotonic() - self.marked_at < MARK_GUARD:
                return  # a double tap on DRAW: the mark was not seen yet
            self._next()
        elif self.step is Step.WAITING:
            if self.drills.items():
                self._next(ahead=True)
            else:
                self.app.bell()
        elif self.step is Step.TESTING:
            self.drills.mark(self.held)
            self._deal_test()
        elif self.step is Step.GRADED:
            self._next()

    def _mark_shown(self) -> None:
        self.marked_at = time.monotonic()

    def action_self_test(self) -> None:
        if self.drills is None or self.step in (Step.TESTING, Step.OPENING):
            self.app.bell()
            return
        self.step = Step.OPENING
        self._clear()
        self.query_one("#drill-title", Static).update(Text("SELF-TEST", "bold"))
        self._verdict("PREPARING THE SELF-TEST…")
        self.run_worker(self._prepare_test, thread=True, exclusive=True, group="drills")

    def action_leave(self) -> None:
        if self.step is Step.TESTING and self.drills is not None:
            self._graded()
            return
        self.dismiss()

    # -- the drills --------------------------------------------------------------------------------

    def _next(self, ahead: bool = False) -> None:
        """Deal the next drill hand, or say why there is none."""
        assert self.drills is not None
        try:
            hand = self.drills.deal(ahead)
        except VideoPokerError as error:
            self._say(str(error))
            return
        self._tell()
        self.mark = None
        if hand is None:
            self._waiting()
            return
        self.step = Step.DEALT
        self._deal(hand)

    def _deal(self, hand: DrillHand) -> None:
        self.held = [False] * 5
        self.query_one("#drill-title", Static).update(self._title(hand))
        self._line("#drill-leak", self._leak_text(hand) if hand.kind is Kind.TEST else UNNAMED_HAND)
        self._due()
        self._verdict("HOLD CARDS (1–5), THEN ENTER" if hand.kind is not Kind.TEST
                      else "HOLD AS YOU WOULD PLAY, THEN ENTER: GRADED AT THE END")
        self._line("#drill-best", "")
        self._line("#drill-why", "")
        self._line("#drill-keys", TEST_KEYS_LINE if hand.kind is Kind.TEST else KEYS_LINE)
        self._cards()

    def _title(self, hand: DrillHand) -> Text:
        what = "SELF-TEST" if hand.kind is Kind.TEST else "DRILLS"
        title = Text.assemble((what, "bold reverse"), "  ", f"{visible(hand.paytable.name).upper()} · "
                              f"{counted(hand.coins, 'coin').upper()}")
        if hand.kind is Kind.TEST and self.drills is not None and self.drills.test is not None:
            title.append(f" · HAND {len(self.drills.test.answered) + 1} OF {self.drills.test.hands}")
        elif self.drills is not None:
            title.append(f" · {counted(self.drills.book.hands, 'hand').upper()} DRILLED")
        return title

    def _leak_text(self, hand: DrillHand) -> str:
        if hand.kind is Kind.TEST:
            return f"Any hand of the tables you played in the last {LATELY_DAYS} days: hold as you would play."
        if hand.item is None:
            return "BETWEEN DRILLS: any hand of this table; the leaks come back on their schedule."
        item = hand.item
        ahead = " (AHEAD OF ITS DAY)" if hand.ahead else ""
        yours = "you discarded everything" if item.yours == DISCARD_ALL else f"you held {item.yours}"
        return (f"LEAK{ahead} {item.where()} · {yours} · {item.times:,}×, "
                f"{item.credits_lost:,.2f} credits lost")

    def _due(self) -> None:
        assert self.drills is not None
        due, soon, later = self.drills.counts()
        said = f"DUE NOW {due} · IN A FEW HANDS {soon} · ON A LATER DAY {later}"
        soonest = self.drills.soonest()
        if soonest is not None:
            said += f" · NEXT: {soonest.named} {soonest.when(self.drills.book.hands, self.now())}"
        self._line("#drill-due", said.upper())

    def _cards(self) -> None:
        hand = self.drills.hand if self.drills is not None else None
        shown = self.mark.hand if self.mark is not None and self.step is Step.MARKED else hand
        best = self.mark.decision.best if self.mark is not None and self.step is Step.MARKED else None
        for place, view in enumerate(self.query(CardView)):
            card = shown.dealt[place] if shown is not None else None
            view.show(card, card is not None and self.held[place],
                      wild=card is not None and shown is not None and shown.paytable.game.is_wild(card.index),
                      best=best is not None and best[place])

    def _show_mark(self) -> None:
        assert self.mark is not None and self.drills is not None
        mark = self.mark
        back = mark.back_text(self.now())
        self._verdict(f"{mark.verdict()}  {back}" if back else mark.verdict(), "right" if mark.right else "wrong")
        self.query_one("#drill-title", Static).update(self._title(mark.hand))
        self._line("#drill-leak", self._leak_text(mark.hand))  # named once the hold is made, never before
        chart = f"\n{mark.line.text()}" if mark.line is not None else ""
        self._line("#drill-best", mark.best_text() + chart)
        self._line("#drill-why", "\n".join(mark.outcomes))
        self._due()
        self._cards()
        if self.drills.unsaved:
            self.notify(self.drills.unsaved, title="NOT SAVED", severity="error", timeout=10, markup=False)

    def _waiting(self) -> None:
        """Nothing to deal: no leaks at all, or every drill due on a later day."""
        assert self.drills is not None
        self.step = Step.WAITING
        self._clear()
        soonest = self.drills.soonest()
        if soonest is None:
            self._line("#drill-leak", NO_LEAKS if self.paytable is None
                       else f"No leaks on record on {visible(self.paytable)}: nothing to drill yet.")
            self._verdict(OFFER_TEST)
        else:
            self._line("#drill-leak", f"ALL CAUGHT UP: the next drill ({soonest.where()}) is due "
                                      f"{soonest.when(self.drills.book.hands, self.now())}.")
            self._due()
            self._verdict(f"ENTER: DRILL IT AHEAD OF TIME · T: A SELF-TEST OF {TEST_HANDS} HANDS")

    def _clear(self) -> None:
        for name in ("#drill-leak", "#drill-due", "#drill-best", "#drill-why"):
            self._line(name, "")
        self.held = [False] * 5
        self.mark = None
        self._cards()

    def _tell(self) -> None:
        """What the player must know about the book or the ledger, said once."""
        assert self.drills is not None
        for notice in self.drills.notices:
            self.notify(notice, title="DRILLS", severity="warning", timeout=15, markup=False)
        self.drills.notices.clear()

    def _say(self, text: str) -> None:
        self.step = Step.WAITING
        self._verdict(text)

    def _line(self, name: str, text: str) -> None:
        self.query_one(name, Static).update(text)

    def _verdict(self, text: str, mark: str | None = None) -> None:
        """The line under the cards; ``mark`` (``right``, ``wrong``) lights it as the mark it is."""
        verdict = self.query_one("#drill-verdict", Static)
        verdict.update(text)
        for kind in ("right", "wrong"):
            verdict.set_class(kind == mark, kind)

    # -- the self-test ---------------------------------------------------------------------------

    def _deal_test(self) -> None:
        assert self.drills is not None
        hand = self.drills.deal_test()
        if hand is None:
            self._graded()
            return
        self.step = Step.TESTING
        self.mark = None
        self._deal(hand)
        self._line("#drill-due", "")

    def _test_refused(self, reason: str) -> None:
        self._say(reason[0].upper() + reason[1:] + ".")
        self._line("#drill-keys", KEYS_LINE)

    def _graded(self) -> None:
        """The self-test graded on the hands answered (all, or fewer if stopped)."""
        assert self.drills is not None
        grade = self.drills.end_test()
        self.step = Step.GRADED
        self._clear()
        self.query_one("#drill-title", Static).update(Text("SELF-TEST GRADED", "bold"))
        if grade is None:
            self._verdict("THE SELF-TEST WAS STOPPED BEFORE ANY HAND WAS ANSWERED")
        else:
            lines = grade_lines(grade)
            self._verdict(lines[0])
            self._line("#drill-why", "\n".join(lines[1:]))
        self._line("#drill-keys", "ENTER BACK TO THE DRILLS · T ANOTHER SELF-TEST · ESC BACK TO THE MACHINE")

