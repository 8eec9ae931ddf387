"""Drills: the hands of your leaks dealt again and again, on a spaced-repetition schedule.

A drill item is one line of a table's strategy chart at one bet that you have misplayed on record
("4 to a flush" on Jacks or Better 9/6 at 5 coins).  Items sit in Leitner boxes: every item starts
in the first; a right hold moves it up a box, a wrong one sends it back to the first.  Each box
says when its items come back (:data:`BOXES`): the first three count drill hands, so a miss is dealt
again two hands later and a hold right in the first box four hands later, within the same sitting;
the boxes above count days (one, three, seven, twenty-one), so a line learned comes back tomorrow,
then less and less often.  A hand counts when it is answered; the hands between the items due are
hands of the same table dealt at random (any hand), so you never know which hand is the leak.

Of the items due, the costliest leak is dealt first.  Everything here is a value: marking a hand
gives a new book, which :mod:`videopoker.machine.drill_book` writes to the home.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from videopoker.deck.cards import Card
from videopoker.paytable import Paytable

DAY = 24 * 60 * 60.0


@dataclass(frozen=True)
class Interval:
    """How long an item waits in a box: drill hands, or seconds of the clock."""

    hands: int = 0
    seconds: float = 0.0

    def text(self) -> str:
        """``2 hands``, ``1 day``, ``3 weeks``."""
        if self.hands:
            return f"{self.hands} hand{'s' * (self.hands != 1)}"
        return wait_text(self.seconds)


#: The Leitner boxes, first to last, and how long an item waits in each before it is due again.
BOXES = (Interval(hands=2), Interval(hands=4), Interval(hands=8),
         Interval(seconds=DAY), Interval(seconds=3 * DAY), Interval(seconds=7 * DAY), Interval(seconds=21 * DAY))
#: Answers kept in the book (the newest), and self-tests.
KEPT_RESULTS = 500
KEPT_TESTS = 20


def wait_text(seconds: float) -> str:
    """A wait as a player says it.

    >>> [wait_text(seconds) for seconds in (0, 300, 3 * 3600, DAY, 3 * DAY, 21 * DAY)]
    ['now', '5 min', '3 h', '1 day', '3 days', '3 weeks']
    """
    if seconds <= 0:
        return "now"
    if seconds < 3600:
        return f"{max(1, round(seconds / 60))} min"
    if seconds < DAY:
        return f"{round(seconds / 3600)} h"
    days = round(seconds / DAY)
    if days >= 14 and days % 7 == 0:
        return f"{days // 7} weeks"
    return f"{days} day{'s' * (days != 1)}"


@dataclass(frozen=True)
class DrillItem:
    """One leak to drill: a chart line of a table at a bet, where it stands in the schedule."""

    table: str               # the table's reference, as the wallet and the ledger name it
    coins: int
    line: int                # the chart line's number (0: no line fits, discard everything)
    words: str               # what the line says ("4 to a flush")
    yours: str               # what you held instead, on record ("low pair"; the costliest of them)
    times: int               # mistakes of this line on record
    credits_lost: float      # what they gave up on record, in credits
    box: int = 0
    due_hand: int = 0        # due once the book's clock reaches this many hands ...
    due_at: float = 0.0      # ... and the clock on the wall this time (seconds since the epoch)
    right: int = 0           # drill answers, right and wrong
    wrong: int = 0

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.table, self.coins, self.line)

    def due(self, hands: int, now: float) -> bool:
        return self.due_hand <= hands and self.due_at <= now

    def waits_on_hands(self, hands: int) -> bool:
        """Due after some more drill hands (in one of the first boxes), not on the clock."""
        return self.due_hand > hands

    def marked(self, right: bool, hands: int, now: float) -> DrillItem:
        """The item after an answer, ``hands`` being the book's clock with that hand counted:
        up a box when right, back to the first when wrong, and due after that box's wait."""
        box = min(self.box + 1, len(BOXES) - 1) if right else 0
        wait = BOXES[box]
        return replace(self, box=box, due_hand=hands + wait.hands, due_at=now + wait.seconds,
                       right=self.right + right, wrong=self.wrong + (not right))

    def when(self, hands: int, now: float) -> str:
        """When it is due, from now: ``now``, ``in 2 hands``, ``in 1 day``."""
        if self.due(hands, now):
            return "now"
        if self.waits_on_hands(hands):
            left = self.due_hand - hands
            return f"in {left} hand{'s' * (left != 1)}"
        return f"in {wait_text(self.due_at - now)}"

    @property
    def named(self) -> str:
        """``line 7`` (``discard everything`` where no line fits)."""
        return f"line {self.line}" if self.line else self.words

    def where(self) -> str:
        """``line 7: 4 to a flush`` (``discard everything`` where no line fits)."""
        return f"{self.named}: {self.words}" if self.line else self.words


class Kind(StrEnum):
    """What a hand in front of the player is for."""

    DRILL = "drill"        # a hand of a leak's line, on the schedule
    BETWEEN = "between"    # any hand of the table, dealt between the items due
    TEST = "test"          # a hand of a self-test


@dataclass(frozen=True)
class DrillResult:
    """One answered hand, as the book keeps it."""

    at: float
    kind: Kind
    table: str
    coins: int
    line: int                # the chart line that plays the hand (0: none fits)
    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    best: tuple[bool, ...]
    cost: float              # EV given up, in credits at the hand's coins (0: a best hold)

    @property
    def right(self) -> bool:
        return self.cost == 0


@dataclass(frozen=True)
class SelfTestGrade:
    """A self-test graded: hands, how many right, what the misses gave up, the costliest of them."""

    at: float
    hands: int
    right: int
    credits_lost: float
    misses: tuple[DrillResult, ...] = ()   # the costliest, at most :data:`SHOWN_MISSES`

    @property
    def percent_right(self) -> float:
        return 100 * self.right / self.hands if self.hands else 0.0

    @property
    def lost_per_100_hands(self) -> float:
        return 100 * self.credits_lost / self.hands if self.hands else 0.0


#: The costliest misses a self-test's grade names.
SHOWN_MISSES = 5


def grade_test(results: Sequence[DrillResult], at: float) -> SelfTestGrade:
    """The grade of a self-test's answered hands."""
    misses = sorted((result for result in results if not result.right), key=lambda result: -result.cost)
    return SelfTestGrade(at, len(results), sum(result.right for result in results),
                     sum(result.cost for result in results), tuple(misses[:SHOWN_MISSES]))


@dataclass(frozen=True)
class DrillBook:
    """The schedule and the answers, as kept in the home between runs."""

    hands: int = 0                                   # drill hands answered: the first boxes' clock
    items: tuple[DrillItem, ...] = ()
    results: tuple[DrillResult, ...] = ()            # the newest :data:`KEPT_RESULTS`
    tests: tuple[SelfTestGrade, ...] = ()                # the newest :data:`KEPT_TESTS`
    #: The pays of every table an item or a result names, by reference, as they were played.
    tables: dict[str, Paytable] = field(default_factory=dict, compare=False)

    def due(self, now: float) -> list[DrillItem]:
        """The items due now, the costliest leak first."""
        return sorted((item for item in self.items if item.due(self.hands, now)),
                      key=lambda item: (-item.credits_lost, item.table, item.coins, item.line))

    def item(self, key: tuple[str, int, int]) -> DrillItem | None:
        return next((item for item in self.items if item.key == key), None)

    def with_leaks(self, found: Iterable[DrillItem], tables: dict[str, Paytable]) -> DrillBook:
        """The book with the leaks on record now: a new one joins the first box, due at once; one
        already drilled keeps its place in the schedule, its figures brought up to date."""
        known = {item.key: item for item in self.items}
        for leak in found:
            kept = known.get(leak.key)
            known[leak.key] = leak if kept is None else replace(
                kept, words=leak.words, yours=leak.yours, times=leak.times, credits_lost=leak.credits_lost)
        return replace(self, items=tuple(known.values()), tables={**self.tables, **tables})

    def answered(self, result: DrillResult, item: DrillItem | None = None) -> DrillBook:
        """The book after a hand of a drill or between drills is answered: the clock a hand on, the
        item (if the hand was one) moved in the schedule, the answer kept."""
        hands = self.hands + 1
        items = self.items
        if item is not None:
            moved = item.marked(result.right, hands, result.at)
            items = tuple(moved if kept.key == item.key else kept for kept in items)
        return replace(self, hands=hands, items=items, results=(*self.results, result)[-KEPT_RESULTS:])

    def tested(self, results: Sequence[DrillResult], grade: SelfTestGrade) -> DrillBook:
        """The book after a self-test: its answers and its grade kept (the schedule's clock does not move)."""
        return replace(self, results=(*self.results, *results)[-KEPT_RESULTS:],
                       tests=(*self.tests, grade)[-KEPT_TESTS:])
