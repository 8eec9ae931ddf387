"""A drill sitting: the hands of your leaks dealt on their schedule, each marked at once; and the self-test.

The items come from the leaks on record (:func:`videopoker.ledger.leaks.leaks`), one per chart line
a table plays at a bet, the costliest first; the book in the home (:mod:`videopoker.machine.drill_book`)
keeps where each stands.  A hand of an item is a fresh hand of its line
(:func:`videopoker.machine.drill_deal.deal_of_line`), never the one on record; the hands between
the items due are any hands of the table.  Each hold is judged exactly, as the trainer judges a
draw, and the cost said in credits at the item's bet.

The self-test deals :data:`TEST_HANDS` hands of the tables played in the last :data:`LATELY_DAYS`
days (each table as often as it was played, at the bet it was played), any hands, and grades them
all at the end.

Drill hands are practice: no bet, no win, nothing in the wallet or among the ledger's rounds; the
answers are kept in the drill book only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError, StateError, VideoPokerError
from videopoker.ledger.leaks import leaks
from videopoker.ledger.report import open_ledger
from videopoker.ledger.store import milliseconds
from videopoker.machine.drill_book import Opened, open_book, save_book
from videopoker.machine.drills import BOXES, DAY, DrillItem, DrillResult, Kind, SelfTestGrade, grade_test
from videopoker.machine.round import deal_hand
from videopoker.machine.training import Decision, PlayedLine, cards_text, chart_line_of, judge, outcome_lines
from videopoker.paytable import Paytable, paytable_reference, resolve_paytable

#: A self-test deals this many hands, unless asked for another number.
TEST_HANDS = 50
#: The self-test's tables: those played in this many days before it.
LATELY_DAYS = 30

Progress = Callable[[float, str], None]


def _quiet(done: float, stage: str) -> None:
    """No one listening."""


@dataclass(frozen=True)
class DrillHand:
    """A hand in front of the player: what it is for, its table and bet, the cards."""

    kind: Kind
    table: str               # the table's reference
    paytable: Paytable
    coins: int
    dealt: tuple[Card, ...]
    item: DrillItem | None = None   # the leak drilled, for a drill hand
    ahead: bool = False             # a drill hand dealt before its item was due


@dataclass(frozen=True)
class Mark:
    """A hold judged: right or wrong, what it cost, the best hold and why; for a drill, when it is back."""

    hand: DrillHand
    decision: Decision
    line: PlayedLine | None       # the chart line that plays the hand (None where the table has no chart)
    item: DrillItem | None        # the drill's item as the schedule now has it
    clock: int                    # the book's hands, this one counted
    outcomes: tuple[str, ...]     # the two holds' outcome tables side by side (none when right)

    @property
    def right(self) -> bool:
        return self.decision.right

    @property
    def cost(self) -> float:
        """EV given up, in credits at the hand's bet."""
        return float(self.decision.cost * self.hand.coins)

    def verdict(self) -> str:
        """``RIGHT`` or ``WRONG — COSTS 1.37 CREDITS``."""
        return "RIGHT" if self.right else f"WRONG — COSTS {self.cost:,.2f} CREDIT{'S' * (self.cost != 1)}"

    def best_text(self) -> str:
        """``BEST: HOLD K♥ 8♥ 5♥ 9♥ — EV 1.2340 · YOURS 5♣ 5♥ 0.8234 A COIN``."""
        decision = self.decision
        best = f"BEST: HOLD {decision.held_text(decision.best)} — EV {float(decision.best_ev):.4f}"
        if self.right:
            return f"{best} A COIN"
        return f"{best} · YOURS {decision.held_text()} {float(decision.ev):.4f} A COIN"

    def back_text(self, now: float) -> str:
        """When the drill comes back, and its box: ``BACK IN 2 HANDS · BOX 1 OF 7``."""
        if self.item is None:
            return ""
        return f"BACK {self.item.when(self.clock, now).upper()} · BOX {self.item.box + 1} OF {len(BOXES)}"


class Drills:
    """The drill sitting: the book, the hand in front of the player, the self-test under way."""

    def __init__(self, home: Path, opened: Opened, rng: RandomLike, now: Callable[[], float] = time.time,
                 only: str | None = None, notices: Sequence[str] = ()) -> None:
        """``only``: drill the leaks of this table alone (its reference)."""
        self.home, self.rng, self.now, self.only = home, rng, now, only
        self.book = opened.book
        self.writable = opened.writable
        self.notices = [*([opened.notice] if opened.notice else []), *notices]  # for the player, once
        self.hand: DrillHand | None = None
        self.test: SelfTest | None = None
        self.unsaved: str | None = None  # why the last answer could not be kept, if it could not
        self.skipped: set[tuple[str, int, int]] = set()  # items whose line the chart no longer has

    @classmethod
    def open(cls, home: Path, rng: RandomLike, paytable: str | None = None, now: Callable[[], float] = time.time,
             progress: Progress = _quiet) -> Drills:
        """The home's book brought up to date with the leaks on record (of ``paytable`` alone, where
        named), and every drilled table made ready to deal at once (its chart derived once, a few
        seconds, then cached).  What cannot be read is said in :attr:`notices`, never raised."""
        opened = open_book(home)
        notices = []
        only = None
        if paytable is not None:
            try:
                only = paytable_reference(resolve_paytable(paytable))
            except VideoPokerError:
                only = paytable  # a table deleted since is still on record by its name
        try:
            found, tables = leak_items(home, paytable)
        except VideoPokerError as error:
            found, tables = [], {}
            notices.append(f"The leaks on record: {error}")
        drills = cls(home, Opened(opened.book.with_leaks(found, tables), opened.notice, opened.writable), rng,
                     now, only, notices)
        drills.warm(progress)
        return drills

    # -- the schedule ----------------------------------------------------------------------------

    def items(self) -> list[DrillItem]:
        return [item for item in self.book.items if self._mine(item)]

    def _mine(self, item: DrillItem) -> bool:
        if item.key in self.skipped:
            return False
        return self.only is None or self.only in (item.table, self.book.tables[item.table].name)

    def due(self) -> list[DrillItem]:
        """The items due now, the costliest leak first."""
        return [item for item in self.book.due(self.now()) if self._mine(item)]

    def counts(self) -> tuple[int, int, int]:
        """Items due now, due after some more hands, due on a later day."""
        now, hands = self.now(), self.book.hands
        items = self.items()
        due = sum(item.due(hands, now) for item in items)
        soon = sum(not item.due(hands, now) and item.waits_on_hands(hands) for item in items)
        return due, soon, len(items) - due - soon

    def soonest(self) -> DrillItem | None:
        """Of the items not due, the one due first."""
        now, hands = self.now(), self.book.hands
        waiting = [item for item in self.items() if not item.due(hands, now)]
        if not waiting:
            return None
        return min(waiting, key=lambda item: (not item.waits_on_hands(hands), item.due_hand, item.due_at,
                                              -item.credits_lost))

    def warm(self, progress: Progress = _quiet) -> None:
        """Load what dealing and judging the drilled tables need, so each hand is at once."""
        from videopoker.analysis.charts.derive import chart_for
        from videopoker.analysis.solve.draws import draw_tables
        from videopoker.machine.drill_deal import class_lines

        for table, coins in sorted({(item.table, item.coins) for item in self.items()}):
            paytable = self.book.tables[table]
            draw_tables(paytable.game, progress)
            chart = chart_for(paytable, coins, progress=progress)
            if chart is not None:
                class_lines(chart)

    # -- dealing and marking ---------------------------------------------------------------------

    def deal(self, ahead: bool = False) -> DrillHand | None:
        """The next hand: the costliest item due; else, while items wait some hands, a hand of
        theirs between; else (``ahead``) the item due soonest, before its time; else None."""
        if self.test is not None:
            raise GameError("a self-test is under way: finish it or stop it first")
        while True:
            due = self.due()
            if due:
                hand = self._deal_item(due[0], ahead=False)
            else:
                soonest = self.soonest()
                if soonest is None:
                    return None
                if soonest.waits_on_hands(self.book.hands):
                    paytable = self.book.tables[soonest.table]
                    hand = DrillHand(Kind.BETWEEN, soonest.table, paytable, soonest.coins,
                                     deal_hand(paytable, self.rng))
                elif ahead:
                    hand = self._deal_item(soonest, ahead=True)
                else:
                    return None
            if hand is not None:
                self.hand = hand
                return hand

    def _deal_item(self, item: DrillItem, ahead: bool) -> DrillHand | None:
        """A fresh hand of the item's line; None (and the item set aside for this sitting) where the
        table's chart has no such line any more."""
        from videopoker.analysis.charts.derive import chart_for
        from videopoker.machine.drill_deal import deal_of_line  # numpy and the charts: not at start-up

        paytable = self.book.tables[item.table]
        chart = chart_for(paytable, item.coins)
        number = item.line
        if chart is not None and chart.words(number) != item.words:  # the chart was derived anew since
            texts = chart.texts()
            number = texts.index(item.words) + 1 if item.words in texts else -1
        dealt = deal_of_line(chart, number, self.rng) if chart is not None and number >= 0 else None
        if dealt is None:
            self.skipped.add(item.key)
            self.notices.append(f"{paytable.name}: no hand plays at {item.where()} in its chart now; "
                                "that drill is left out")
            return None
        return DrillHand(Kind.DRILL, item.table, paytable, item.coins, dealt, item, ahead)

    def mark(self, held: Sequence[bool]) -> Mark:
        """Judge the hold of the hand in front of the player, move its item in the schedule, keep
        the answer (a self-test's: with the test, graded at its end)."""
        hand = self.hand
        if hand is None:
            raise GameError("no drill hand is dealt")
        held = tuple(held)
        decision = judge(hand.paytable, hand.coins, 1, hand.dealt, held)
        line = _played_line(hand)
        now = self.now()
        result = DrillResult(now, hand.kind, hand.table, hand.coins, line.number if line else 0, hand.dealt, held,
                             decision.best, float(decision.cost * hand.coins))
        self.hand = None
        if hand.kind is Kind.TEST:
            assert self.test is not None
            self.test.answered.append(result)
            return Mark(hand, decision, line, None, self.book.hands, ())
        item = self.book.item(hand.item.key) if hand.item is not None else None
        self.book = self.book.answered(result, item)
        self._save()
        moved = self.book.item(item.key) if item is not None else None
        outcomes = () if decision.right else tuple(outcome_lines(hand.paytable, hand.coins, hand.dealt, held))
        return Mark(hand, decision, line, moved, self.book.hands, outcomes)

    def _save(self) -> None:
        if not self.writable:
            return
        try:
            save_book(self.home, self.book)
        except StateError as error:
            self.unsaved = str(error)
        else:
            self.unsaved = None

    # -- the self-test ---------------------------------------------------------------------------

    def start_test(self, hands: int = TEST_HANDS, fallback: tuple[Paytable, int] | None = None,
                   progress: Progress = _quiet) -> SelfTest:
        """A self-test of ``hands`` hands of the tables played lately (``fallback``, the table in
        play and its bet, where none was); its tables made ready to judge at once."""
        from videopoker.analysis.solve.draws import draw_tables

        tables = played_lately(self.home, self.now())
        if not tables and fallback is not None:
            tables = [(paytable_reference(fallback[0]), fallback[0], min(fallback[1], fallback[0].max_coins), 1)]
        if not tables:
            raise GameError(f"no hands on record in the last {LATELY_DAYS} days to test you on")
        for _, paytable, _, _ in tables:
            draw_tables(paytable.game, progress)
        self.hand = None
        self.test = SelfTest(tables, hands, self.rng)
        return self.test

    def deal_test(self) -> DrillHand | None:
        """The self-test's next hand; None once all are answered."""
        if self.test is None:
            raise GameError("no self-test is under way")
        self.hand = self.test.deal()
        return self.hand

    def end_test(self) -> SelfTestGrade | None:
        """Grade the self-test on the hands answered (all of them, or fewer if stopped) and keep the
        grade; None (and nothing kept) when none was answered."""
        test, self.test, self.hand = self.test, None, None
        if test is None or not test.answered:
            return None
        grade = grade_test(test.answered, self.now())
        self.book = self.book.tested(test.answered, grade)
        self._save()
        return grade


class SelfTest:
    """Hands of the tables played lately, each table as often as it was played; graded at the end."""

    def __init__(self, tables: Sequence[tuple[str, Paytable, int, int]], hands: int, rng: RandomLike) -> None:
        """``tables``: (reference, pays, coins, rounds played) each."""
        self.tables, self.hands, self.rng = list(tables), hands, rng
        self.answered: list[DrillResult] = []

    @property
    def done(self) -> bool:
        return len(self.answered) >= self.hands

    def deal(self) -> DrillHand | None:
        if self.done:
            return None
        pick = self.rng.randrange(sum(rounds for *_, rounds in self.tables))
        for reference, paytable, coins, rounds in self.tables:
            if pick < rounds:
                return DrillHand(Kind.TEST, reference, paytable, coins, deal_hand(paytable, self.rng))
            pick -= rounds
        raise AssertionError("a pick past every table")


def _played_line(hand: DrillHand) -> PlayedLine | None:
    """The line of the table's chart at the hand's bet that plays it (None where there is no chart)."""
    from videopoker.analysis.charts.derive import chart_for

    chart = chart_for(hand.paytable, hand.coins, derive=False)
    return None if chart is None else chart_line_of(chart, hand.paytable, hand.dealt)


def leak_items(home: Path, paytable: str | None = None) -> tuple[list[DrillItem], dict[str, Paytable]]:
    """The leaks on record as drill items, one per table, bet and chart line (several holds made
    over one line are one item: the line is what is drilled), the costliest first; and their tables."""
    found = leaks(home, paytable).leaks
    if not found:
        return [], {}
    named = tables_by_name(home)
    items: dict[tuple[str, int, int], DrillItem] = {}
    tables: dict[str, Paytable] = {}
    for leak in found:
        if leak.paytable not in named:
            continue
        reference, table = named[leak.paytable]
        tables[reference] = table
        key = (reference, leak.coins, leak.line)
        kept = items.get(key)
        if kept is None:  # the costliest hold over the line names it
            items[key] = DrillItem(reference, leak.coins, leak.line, leak.should, leak.yours, leak.times,
                                   leak.credits_lost)
        else:
            items[key] = DrillItem(reference, leak.coins, leak.line, leak.should, kept.yours,
                                   kept.times + leak.times, kept.credits_lost + leak.credits_lost)
    return sorted(items.values(), key=lambda item: -item.credits_lost), tables


def tables_by_name(home: Path) -> dict[str, tuple[str, Paytable]]:
    """The tables on record by their names (a leak names its table so), each as last played:
    its reference and its pays."""
    opened = open_ledger(home)
    if opened is None:
        return {}
    ledger = opened[0]
    try:
        tables = ledger.tables()
    finally:
        ledger.close()
    return {paytable.name: (reference, paytable) for _, (reference, paytable) in sorted(tables.items())}


def played_lately(home: Path, now: float, days: int = LATELY_DAYS) -> list[tuple[str, Paytable, int, int]]:
    """The tables played in the ``days`` before ``now``, at each bet played: (reference, pays,
    coins, rounds).  A feature's bet is tested on its base game at the top base bet."""
    opened = open_ledger(home)
    if opened is None:
        return []
    ledger = opened[0]
    try:
        tables = ledger.tables()
        rows = ledger.query("SELECT paytable, bet, count(*) FROM rounds WHERE at >= ? GROUP BY paytable, bet "
                            "ORDER BY paytable, bet", [milliseconds(now - days * DAY)])
    finally:
        ledger.close()
    pays: dict[tuple[str, int], Paytable] = {}
    counted: dict[tuple[str, int], int] = {}
    for table_id, bet, rounds in rows:
        reference, paytable = tables[table_id]
        key = (reference, min(bet, paytable.max_coins))
        pays[key] = paytable  # the pays as last played
        counted[key] = counted.get(key, 0) + rounds
    return [(reference, pays[reference, coins], coins, rounds) for (reference, coins), rounds in counted.items()]


def misses_lines(grade: SelfTestGrade) -> list[str]:
    """The costliest misses of a graded test, a line each:
    ``K♥ 8♥ 5♣ 5♥ 9♥ · yours 5♣ 5♥ · best K♥ 8♥ 5♥ 9♥ · 1.37``."""
    lines = []
    for miss in grade.misses:
        kept = [card for card, keep in zip(miss.dealt, miss.held) if keep]
        best = [card for card, keep in zip(miss.dealt, miss.best) if keep]
        lines.append(f"{cards_text(miss.dealt)} · yours {cards_text(kept)} · best {cards_text(best)} · "
                     f"{miss.cost:,.2f}")
    return lines


def grade_lines(grade: SelfTestGrade) -> list[str]:
    """A self-test's grade as the screen says it: the score, then the costliest misses."""
    lines = [f"{grade.right} OF {grade.hands} RIGHT ({grade.percent_right:.0f}%) · EV LOST "
             f"{grade.credits_lost:,.2f} CREDITS · {grade.lost_per_100_hands:,.2f} PER 100 HANDS"]
    if grade.misses:
        lines.append("The costliest misses (dealt · your hold · the best · credits):")
        lines += misses_lines(grade)
    else:
        lines.append("No miss: every hold was the best.")
    return lines
