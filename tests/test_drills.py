"""Drills: the schedule (a miss back sooner than a right hold), hands that really play at the drilled
line, the book kept in the home across restarts and refused aloud when damaged, the self-test's
grade; and practice that never touches the credits or the ledger's play."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import Counter
from pathlib import Path

import pytest
from leaky import FLUSH_LINE, LOW_PAIR_LINE, leaky_home

from videopoker.analysis.charts.derive import chart_for
from videopoker.analysis.solve.hint import best_holds
from videopoker.deck.cards import Card, parse_hand
from videopoker.deck.suits import suit_symmetries
from videopoker.errors import GameError
from videopoker.machine.drill_book import BOOK_NAME, VERSION, decode, encode, open_book, save_book
from videopoker.machine.drill_deal import deal_of_line, hands_of_line, renamed
from videopoker.machine.drills import BOXES, DAY, DrillBook, DrillItem, DrillResult, Kind, grade_test
from videopoker.machine.training import chart_line_of
from videopoker.paytable import resolve_paytable
from videopoker.player.drilling import TEST_HANDS, Drills, grade_lines, leak_items

NINE_SIX = "jacks-or-better-9-6"
START = 1_000_000.0


class Clock:
    """The wall clock, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def item(line: int, lost: float) -> DrillItem:
    return DrillItem(NINE_SIX, 5, line, f"line {line}'s words", "low pair", 3, lost)


def answer(book: DrillBook, key: DrillItem | None, right: bool, now: float) -> DrillBook:
    dealt = parse_hand("Ah Kh Qh Jh 9c")
    flags = (True,) * 5
    result = DrillResult(now, Kind.DRILL if key else Kind.BETWEEN, NINE_SIX, 5, 0, dealt, flags, flags,
                         0.0 if right else 1.5)
    return book.answered(result, key)


def test_a_missed_item_comes_back_sooner_than_a_right_one() -> None:
    book = DrillBook(items=(item(7, 3.0), item(8, 50.0)))
    assert [due.line for due in book.due(START)] == [8, 7]  # the costliest leak first
    book = answer(book, book.item((NINE_SIX, 5, 8)), right=False, now=START)
    book = answer(book, book.item((NINE_SIX, 5, 7)), right=True, now=START)
    missed, right = book.item((NINE_SIX, 5, 8)), book.item((NINE_SIX, 5, 7))
    assert missed is not None and right is not None
    assert (missed.box, right.box) == (0, 1)
    assert missed.due_hand == 1 + BOXES[0].hands < right.due_hand == 2 + BOXES[1].hands
    assert book.due(START) == []
    while not book.due(START):  # hands between drills move the clock
        book = answer(book, None, right=True, now=START)
    assert [due.line for due in book.due(START)] == [8]
    assert book.hands == 1 + BOXES[0].hands
    while len(book.due(START)) < 2:
        book = answer(book, None, right=True, now=START)
    assert book.hands == 2 + BOXES[1].hands


def test_a_line_held_right_again_and_again_waits_days_then_a_miss_starts_it_over() -> None:
    book = DrillBook(items=(item(7, 3.0),))
    now = START
    for box in range(1, 4):
        while not book.due(now):
            book = answer(book, None, right=True, now=now)
        book = answer(book, book.items[0], right=True, now=now)
        assert book.items[0].box == box
    assert book.items[0].when(book.hands, now) == "in 1 day"
    for _ in range(50):  # no number of hands brings it back before its day
        book = answer(book, None, right=True, now=now)
    assert not book.due(now) and book.due(now + DAY)
    book = answer(book, book.items[0], right=False, now=now + DAY)
    assert book.items[0].box == 0 and book.items[0].when(book.hands, now + DAY) == "in 2 hands"


def test_the_leaks_join_the_book_once_and_keep_their_place(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    found, tables = leak_items(isolated_home)
    assert [(leak.line, leak.words) for leak in found] == [(LOW_PAIR_LINE, "low pair"), (FLUSH_LINE, "4 to a flush")]
    assert set(tables) == {NINE_SIX}
    book = DrillBook().with_leaks(found, tables)
    book = answer(book, book.items[0], right=True, now=START)
    again = book.with_leaks(found, tables)
    assert again.items == book.items and again.items[0].box == 1


@pytest.mark.parametrize("name", [NINE_SIX, "deuces-wild-full-pay", "double-joker-9-5-4"])
def test_a_drill_deals_real_hands_of_its_line_each_line_of_the_chart(name: str) -> None:
    table = resolve_paytable(name)
    chart = chart_for(table, 5)
    assert chart is not None
    rng = random.Random(5)
    for number in range(len(chart.lines) + 1):
        if not hands_of_line(chart, number):
            assert deal_of_line(chart, number, rng) is None
            continue
        for _ in range(20):
            dealt = deal_of_line(chart, number, rng)
            assert dealt is not None and len(set(dealt)) == 5
            assert chart_line_of(chart, table, dealt).number == number


def test_a_rare_line_is_dealt_at_once_and_in_every_suit_alike() -> None:
    table = resolve_paytable(NINE_SIX)
    chart = chart_for(table, 5)
    assert chart is not None
    royal = chart.texts().index("4 to a royal") + 1
    assert hands_of_line(chart, royal) == 936  # of 2,598,960
    rng = random.Random(9)
    suits: Counter[str] = Counter()
    for _ in range(800):
        dealt = deal_of_line(chart, royal, rng)
        assert dealt is not None
        suits[Counter(str(card.suit) for card in dealt).most_common(1)[0][0]] += 1
    assert len(suits) == 4 and min(suits.values()) > 140  # 200 each expected


def test_a_suit_renaming_keeps_single_wild_cards_wild() -> None:
    wild = frozenset({Card.parse("Js").index, Card.parse("Jh").index})
    allowed = suit_symmetries(wild)
    assert allowed is not None
    rng = random.Random(1)
    for _ in range(50):
        cards = renamed([Card.parse("Js").index, Card.parse("2c").index], allowed, rng)
        assert cards[0].index in wild


def test_the_book_survives_a_restart(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    clock = Clock()
    drills = Drills.open(isolated_home, random.Random(3), now=clock)
    hand = drills.deal()
    assert hand is not None and hand.kind is Kind.DRILL and hand.item is not None
    assert hand.item.line == LOW_PAIR_LINE  # the costliest leak first
    mark = drills.mark((False,) * 5)  # the habit: the low pair thrown away
    assert not mark.right and mark.cost > 0
    assert mark.verdict() == f"WRONG — COSTS {mark.cost:,.2f} CREDITS"
    assert mark.back_text(clock()) == "BACK IN 2 HANDS · BOX 1 OF 7"
    assert mark.line is not None and mark.line.number == LOW_PAIR_LINE
    hand = drills.deal()
    assert hand is not None and hand.item is not None and hand.item.line == FLUSH_LINE
    mark = drills.mark(best_holds(hand.paytable, hand.dealt, 5)[0].held)
    assert mark.right and mark.verdict() == "RIGHT" and mark.back_text(clock()) == "BACK IN 4 HANDS · BOX 2 OF 7"
    kept = drills.book

    again = Drills.open(isolated_home, random.Random(4), now=clock)
    assert again.notices == []
    assert again.book == kept and again.book.hands == 2
    assert [(item.line, item.box) for item in again.items()] == [(LOW_PAIR_LINE, 0), (FLUSH_LINE, 1)]
    assert again.counts() == (0, 2, 0)
    between = again.deal()
    assert between is not None and between.kind is Kind.BETWEEN
    again.mark(best_holds(between.paytable, between.dealt, 5)[0].held)
    back = again.deal()
    assert back is not None and back.item is not None and back.item.line == LOW_PAIR_LINE  # the miss, first back


def test_the_book_reads_back_what_it_wrote(isolated_home: Path) -> None:
    book = DrillBook(items=(item(7, 3.25),), tables={NINE_SIX: resolve_paytable(NINE_SIX)})
    book = answer(book, book.items[0], right=False, now=START)
    save_book(isolated_home, book)
    opened = open_book(isolated_home)
    assert opened.notice is None and opened.writable
    assert opened.book == book
    assert decode(json.loads(json.dumps(encode(book)))) == book
    assert json.loads((isolated_home / BOOK_NAME).read_text())["version"] == VERSION


@pytest.mark.parametrize(("content", "said"), [
    ('{"version": 1, "hands": 3, "items": [', "is not valid JSON (line 1, column"),
    ('[1, 2, 3]', "the book is not a mapping"),
    ('{"version": 1, "hands": -4, "tables": {}, "items": [], "results": [], "tests": []}', "the book.hands -4"),
    ('{"version": 1, "hands": 0, "tables": {}, "items": [{"table": "x"}], "results": [], "tests": []}',
     "items[0].table 'x' is not among the book's tables"),
    ('{"version": 1, "hands": 0, "tables": {}, "items": [], "results": [], "tests": [], "x": NaN}', "NaN"),
])
def test_a_damaged_book_is_set_aside_and_said_in_one_line(isolated_home: Path, content: str, said: str) -> None:
    isolated_home.mkdir(parents=True)
    (isolated_home / BOOK_NAME).write_text(content)
    opened = open_book(isolated_home)
    assert opened.book == DrillBook() and opened.writable
    assert opened.notice is not None and "\n" not in opened.notice and said in opened.notice
    assert "it is kept as drills.json.corrupt-" in opened.notice and "start over from your leaks" in opened.notice
    (aside,) = isolated_home.glob(f"{BOOK_NAME}.corrupt-*")
    assert aside.read_text() == content and not (isolated_home / BOOK_NAME).exists()


def test_a_book_from_a_newer_program_is_left_alone_and_not_written(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    newer = json.dumps({"version": VERSION + 1, "hands": 7})
    (isolated_home / BOOK_NAME).write_text(newer)
    drills = Drills.open(isolated_home, random.Random(1))
    assert drills.notices and "newer videopoker (version 2" in drills.notices[0]
    hand = drills.deal()
    assert hand is not None
    drills.mark((False,) * 5)
    assert (isolated_home / BOOK_NAME).read_text() == newer


def rounds_on_record(home: Path) -> int:
    with sqlite3.connect(home / "ledger.sqlite") as db:
        return int(db.execute("SELECT count(*) FROM rounds").fetchone()[0])


def test_drills_and_the_self_test_leave_the_credits_and_the_ledgers_play_alone(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    wallet = (isolated_home / "wallet.json").read_bytes()
    rounds = rounds_on_record(isolated_home)
    drills = Drills.open(isolated_home, random.Random(2))
    for _ in range(6):
        hand = drills.deal()
        assert hand is not None
        drills.mark((False,) * 5)
    drills.start_test(5)
    while (hand := drills.deal_test()) is not None:
        drills.mark((True,) * 5)
    assert drills.end_test() is not None
    assert (isolated_home / "wallet.json").read_bytes() == wallet
    assert rounds_on_record(isolated_home) == rounds
    kept = json.loads((isolated_home / BOOK_NAME).read_text())
    # a miss is back after two hands: drill, drill, a hand between, the two again, a hand between
    assert [result["kind"] for result in kept["results"]][:6] == ["drill", "drill", "between", "drill", "drill",
                                                                  "between"]
    assert Counter(result["kind"] for result in kept["results"]) == {"drill": 4, "between": 2, "test": 5}


def test_the_self_test_deals_the_tables_played_this_month_and_grades_at_the_end(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    clock = Clock()
    clock.now = time.time()
    drills = Drills.open(isolated_home, random.Random(6), now=clock)
    test = drills.start_test()
    assert test.hands == TEST_HANDS
    with pytest.raises(GameError, match="self-test is under way"):
        drills.deal()
    costs = []
    while (hand := drills.deal_test()) is not None:
        assert hand.kind is Kind.TEST and hand.paytable.name == "Jacks or Better 9/6" and hand.coins == 5
        mark = drills.mark((False,) * 5)  # nothing held, every time
        assert mark.item is None and mark.outcomes == ()  # graded at the end, not at once
        costs.append(mark.cost)
    grade = drills.end_test()
    assert grade is not None and grade.hands == TEST_HANDS
    assert grade.right == sum(cost == 0 for cost in costs)
    assert grade.credits_lost == pytest.approx(sum(costs))
    assert grade.lost_per_100_hands == pytest.approx(sum(costs) * 100 / TEST_HANDS)
    assert [miss.cost for miss in grade.misses] == sorted(costs, reverse=True)[:5]
    lines = grade_lines(grade)
    assert lines[0].startswith(f"{grade.right} OF {TEST_HANDS} RIGHT (")
    assert all(len(line) <= 78 for line in lines)
    assert Drills.open(isolated_home, random.Random(6), now=clock).book.tests == (grade,)


def test_a_month_without_play_has_no_self_test_but_on_the_table_in_play(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    clock = Clock()
    clock.now = time.time() + 31 * DAY
    drills = Drills.open(isolated_home, random.Random(6), now=clock)
    with pytest.raises(GameError, match="no hands on record in the last 30 days"):
        drills.start_test()
    eight_five = resolve_paytable("jacks-or-better-8-5")
    drills.start_test(3, fallback=(eight_five, 2))
    hand = drills.deal_test()
    assert hand is not None and hand.paytable.name == eight_five.name and hand.coins == 2


def test_no_leaks_no_drill(isolated_home: Path) -> None:
    drills = Drills.open(isolated_home, random.Random(1))
    assert drills.items() == [] and drills.deal() is None and drills.deal(ahead=True) is None


def test_the_grade_of_a_test_of_misses_names_the_costliest_first() -> None:
    dealt = parse_hand("Ah Kh Qh Jh 9c")
    results = [DrillResult(START, Kind.TEST, NINE_SIX, 5, 0, dealt, (False,) * 5, (True,) * 5, cost)
               for cost in (0.0, 2.5, 0.0, 7.25, 1.0)]
    grade = grade_test(results, START)
    assert (grade.hands, grade.right, grade.percent_right) == (5, 2, 40.0)
    assert [miss.cost for miss in grade.misses] == [7.25, 2.5, 1.0]
    assert grade.lost_per_100_hands == pytest.approx(215.0)


def test_when_every_leak_waits_for_a_later_day_nothing_is_dealt_unless_asked_ahead(isolated_home: Path) -> None:
    leaky_home(isolated_home)
    clock = Clock()
    drills = Drills.open(isolated_home, random.Random(8), now=clock)
    while drills.counts()[2] < 2:  # every leak held right until both wait for a day
        hand = drills.deal()
        assert hand is not None
        drills.mark(best_holds(hand.paytable, hand.dealt, hand.coins)[0].held)
    assert drills.counts() == (0, 0, 2)
    assert drills.deal() is None
    ahead = drills.deal(ahead=True)
    assert ahead is not None and ahead.ahead and ahead.item is not None
    assert ahead.item == drills.soonest()
    clock.now += DAY
    assert len(drills.due()) == 2
