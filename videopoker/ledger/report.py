"""What the ledger says of a player: results against the exact expectation, table by table.

Expected figures are exact per round and summed: each round's hold was graded when it was drawn
(its EV and the best hold's EV, per coin, from the hint engine), so the expected return is that of
the bets and holds actually played, the perfect return that of the best holds on the same deals,
and their difference the EV lost to mistakes.  Rounds drawn before the hint engine was ready are
graded here, once, and the grade is written back.

Luck is the draw's part alone: ``luck_z`` is (coin-out − expected) over the standard deviation of
the session given its deals and holds (the hands of a multi-hand round draw independently once the
hold is made).  ``luck_percentile`` is the share of such sessions that would have paid less (half
of those paying the same): from the exact law of the total, convolved from each round's exact
distribution while that is small work, else from the normal law with the same mean and deviation
(``luck_method`` says which).  Category counts are set against perfect play's frequencies at the
bet played ("royals: 2 against 1.3 due").

A report only reads: the ledger is opened read-only (:meth:`Ledger.read`), so a backup, a
read-only copy or a full disk reports like any other.  What the game left for the ledger (rounds
the wallet still holds, grades not yet made) is written if the ledger can be written, else
counted in memory and said.  The books compare the wallet and the ledger as they stood at one
moment: the wallet is read before and after the ledger and the check tried again if a game moved
it in between, and the wallet's rounds not yet on record are counted on the ledger's side.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from videopoker.deck.cards import Card
from videopoker.errors import PaytableError, StateError, VideoPokerError
from videopoker.ledger.standing import Standing, standing
from videopoker.ledger.store import Ledger, held_flags, milliseconds, unpack
from videopoker.machine.game import in_play
from videopoker.machine.settled import Doubled, Settled
from videopoker.machine.wallet_content import LEDGER_FORMAT, REFILL_CREDITS, Saved, decode
from videopoker.paytable import Paytable, paytable_reference, resolve_paytable
from videopoker.paytable.feature import Feature, PlayState
from videopoker.paytable.kinds import read_state
from videopoker.storage.usertext import counted
from videopoker.storage.wallet import Wallet

#: Most work (FFT length × its log, summed over the rounds) the exact law of a session's total
#: may take, about a third of a second here; past it the normal law is used.
EXACT_WORK = 4e8
#: Past this many rounds the work is surely too much: not even the rounds are read for it.
EXACT_ROUNDS = 5000
#: The biggest wins a report lists.
BIGGEST = 5
#: Points of the record's course that ``history --json`` carries (its ``course``): a plot's worth.
COURSE_POINTS = 200
#: Looks at the wallet and the ledger for one consistent moment before the books are left unchecked
#: (a game changing its wallet between every pair of reads of a few milliseconds).
BOOKS_TRIES = 25


@dataclass(frozen=True)
class CategoryCount:
    key: str
    label: str
    count: int
    expected: float       # with perfect play at the bets played

    @property
    def expected_text(self) -> str:
        """As players say it ("1.3 due"); a rare hand's to three figures."""
        return f"{self.expected:,.1f}" if self.expected >= 1 else f"{self.expected:.3g}"


@dataclass(frozen=True)
class BigWin:
    at: float             # seconds since the epoch
    paytable: str
    label: str
    final: tuple[Card, ...]
    win: int


@dataclass
class Tally:
    """Hands and credits of a set of rounds, with their exact expectations."""

    rounds: int = 0
    hands: int = 0
    coin_in: int = 0
    coin_out: int = 0
    expected: float = 0.0     # credits the holds made were worth
    perfect: float = 0.0      # credits the best holds were worth
    variance: float = 0.0     # of the total paid, given the deals and holds

    def add(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.hands += other.hands
        self.coin_in += other.coin_in
        self.coin_out += other.coin_out
        self.expected += other.expected
        self.perfect += other.perfect
        self.variance += other.variance

    def per_credit(self, credits: float) -> float:
        return credits / self.coin_in if self.coin_in else 0.0

    @property
    def actual_return(self) -> float:
        return self.per_credit(self.coin_out)

    @property
    def expected_return(self) -> float:
        return self.per_credit(self.expected)

    @property
    def perfect_return(self) -> float:
        return self.per_credit(self.perfect)

    @property
    def ev_lost(self) -> float:
        return self.perfect - self.expected

    @property
    def luck_z(self) -> float | None:
        return (self.coin_out - self.expected) / math.sqrt(self.variance) if self.variance > 0 else None


@dataclass
class TableRecord:
    """One table's part of the record (a table edited since is another table: other pays)."""

    reference: str
    paytable: Paytable
    tally: Tally = field(default_factory=Tally)
    categories: list[CategoryCount] = field(default_factory=list)


@dataclass(frozen=True)
class Balance:
    """The open wallet's books: what the ledger holds of it against its credit meter."""

    start_game: int           # games it had played before its record began
    start_credits: int        # its credits then, a round in play counted in
    refills: int              # refills since
    credits: int              # its credit meter now
    in_play: int              # credits off the meter: a round's bet, a win being doubled
    net: int                  # coin-out less coin-in over its rounds on record, and its doubles' net

    @property
    def balanced(self) -> bool:
        return self.start_credits + self.net + self.refills * REFILL_CREDITS == self.credits + self.in_play

    def text(self) -> str:
        verdict = "balance" if self.balanced else "DO NOT BALANCE"
        in_play = f" and {self.in_play:,} in play" if self.in_play > 0 else \
            f", {-self.in_play:,} of them paid by a stack still climbing" if self.in_play < 0 else ""
        return (f"Books {verdict}: {self.start_credits:,} credits at game {self.start_game:,}, net {self.net:+,}, "
                f"{counted(self.refills, 'refill')}: {self.credits:,} credits now{in_play}.")


@dataclass(frozen=True)
class Doubles:
    """The wins gambled at double-up: each double an even bet (8/17 won, 1/17 pushed, 8/17 lost)."""

    count: int = 0
    won: int = 0
    pushed: int = 0
    lost: int = 0
    net: int = 0                  # credits the doubles won less those they lost

    def text(self) -> str:
        return (f"Double-up: {counted(self.count, 'double')}, {self.won:,} won, {self.pushed:,} pushed, "
                f"{self.lost:,} lost: net {self.net:+,} credits (an even bet: 0 expected).")

    def to_json(self) -> dict[str, int]:
        return {"count": self.count, "won": self.won, "pushed": self.pushed, "lost": self.lost, "net": self.net}


@dataclass(frozen=True)
class Course:
    """The record as it piled up, at up to a few hundred points along the hands played: for plots
    (the ledger screen's, and ``history --plot``'s from the JSON's ``course``)."""

    hands: list[int]              # played so far, at each point
    credits: list[int]            # the credit meter after that round
    actual: list[float]           # return so far: coin-out over coin-in
    expected: list[float]         # what the holds made so far were worth, over coin-in
    net: list[int]                # credits won so far: coin-out less coin-in (the doubles left out)
    expected_net: list[float]     # what the holds made so far were worth, less coin-in
    deviation: list[float]        # the standard deviation of ``net`` given the deals and holds so far

    def to_json(self) -> list[dict[str, float | int]]:
        """A point a dict: the luck of the draw shows as ``net`` against ``expected_net`` ± ``deviation``s."""
        return [{"hands": hands, "net": net, "expected_net": expected, "deviation": deviation}
                for hands, net, expected, deviation in zip(self.hands, self.net, self.expected_net, self.deviation)]


@dataclass
class Report:
    tables: list[TableRecord]
    total: Tally
    luck_percentile: float | None
    luck_method: str              # "exact" or "normal"
    biggest: list[BigWin]
    balance: Balance | None
    since: datetime | None = None
    course: Course | None = None  # asked for by the ledger screen
    doubles: Doubles = Doubles()
    notes: tuple[str, ...] = ()   # what the report could not do, or did only in memory, and why: a line each
    standing: Standing | None = None  # the lifetime risk from the credits the wallet holds now

    def record_lines(self) -> list[str]:
        """The record in all, in three lines of at most 72 columns: what ``videopoker history``
        prints under its table and the ledger (`l`) and session (`s`) screens show, one text for all three."""
        total = self.total
        since = f" since {self.since:%Y-%m-%d %H:%M}" if self.since else ""
        if not total.hands:
            return [f"No hands on record{since} yet: every hand played (not practice) is kept here."]
        return [f"{counted(total.hands, 'hand')} in {counted(total.rounds, 'round')} · {total.coin_in:,} credits bet · "
                f"{total.coin_out:,} paid",
                f"Return {total.actual_return * 100:.2f}%; your holds were worth {total.expected_return * 100:.2f}%, "
                f"perfect holds {total.perfect_return * 100:.2f}%",
                f"EV lost to mistakes: {total.ev_lost:,.2f} credits ({total.ev_lost / total.coin_in * 100:.2f}% of "
                "coin-in)"]

    def luck_lines(self) -> list[str]:
        """Luck in words, two lines that fit 80 columns (none before a graded round)."""
        z = self.total.luck_z
        if z is None or self.luck_percentile is None:
            return []
        side = "above" if z >= 0 else "below"
        how = "exactly" if self.luck_method == "exact" else "by the normal law"
        return [f"Luck: {abs(z):.2f} standard deviations {side} what your holds were worth;",
                f"better than {self.luck_percentile * 100:.0f}% of sessions with these deals and holds ({how})."]

    def to_json(self) -> dict[str, Any]:
        total = self.total
        return {
            "hands": total.hands, "rounds": total.rounds, "coin_in": total.coin_in, "coin_out": total.coin_out,
            "return": total.actual_return, "expected_return": total.expected_return,
            "perfect_return": total.perfect_return, "ev_lost": total.ev_lost, "luck_z": total.luck_z,
            "luck_percentile": self.luck_percentile, "luck_method": self.luck_method,
            "since": self.since.isoformat() if self.since else None,
            "tables": [{"paytable": table.paytable.name, "reference": table.reference,
                        "game": table.paytable.game.key, "hands": table.tally.hands, "rounds": table.tally.rounds,
                        "coin_in": table.tally.coin_in, "coin_out": table.tally.coin_out,
                        "return": table.tally.actual_return, "expected_return": table.tally.expected_return,
                        "perfect_return": table.tally.perfect_return, "ev_lost": table.tally.ev_lost,
                        "categories": {c.key: {"count": c.count, "expected": c.expected} for c in table.categories}}
                       for table in self.tables],
            "biggest_wins": [{"at": datetime.fromtimestamp(win.at).isoformat(timespec="seconds"),
                              "paytable": win.paytable, "hand": win.label,
                              "final": [str(card) for card in win.final], "win": win.win} for win in self.biggest],
            "double_up": self.doubles.to_json(),
            "course": [] if self.course is None else self.course.to_json(),
            "wallet": None if self.balance is None else {
                "start_game": self.balance.start_game, "start_credits": self.balance.start_credits,
                "refills": self.balance.refills, "credits": self.balance.credits, "in_play": self.balance.in_play,
                "net": self.balance.net, "balanced": self.balance.balanced},
            "notes": list(self.notes),
            "standing": None if self.standing is None else self.standing.to_json(),
        }


# -- reading the ledger -----------------------------------------------------------------------

def parse_since(text: str) -> datetime:
    """``--since``: a date or a date and time, local time."""
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise VideoPokerError(f"--since {text[:40]!r} is not a date; write it like 2026-11-24 or "
                              "2026-11-24T18:30") from None


def history(home: Path, paytable: str | None = None, since: datetime | None = None, points: int = 0) -> Report:
    """The report of ``home``'s ledger (an empty one when nothing was ever recorded there); with
    ``points``, its course at about that many points too."""
    opened = open_ledger(home)
    if opened is None:
        if paytable is not None:
            raise VideoPokerError(f"no hands on record on {paytable[:60]!r}; nothing is on record yet")
        empty = Report([], Tally(), None, "exact", [], None, since)
        empty.standing = standing(home)
        return empty
    ledger, notes = opened
    try:
        tables = ledger.tables()
        chosen = chosen_tables(tables, paytable)
        balance, books_note = books(ledger, home)
        report = _report(ledger, tables, chosen, since, balance)
        report.notes = tuple(notes) + ((books_note,) if books_note else ())
        report.standing = standing(home)
        if points:
            report.course = _course(ledger, chosen, since, points, report.total.rounds)
        return report
    finally:
        ledger.close()


def open_ledger(home: Path) -> tuple[Ledger, list[str]] | None:
    """``home``'s ledger, read-only, with every round the wallet holds for it and every grade; and
    what could only be done in memory, said; ``None`` if there is no ledger.  Safe beside a running
    game: the wallet is only read, and the ledger takes turns."""
    ledger = Ledger.read(home)
    if ledger is None:
        return None
    try:
        return _bring_up_to_date(ledger, home)
    except BaseException:
        ledger.close()
        raise


def _bring_up_to_date(ledger: Ledger, home: Path) -> tuple[Ledger, list[str]]:
    """Write what the game left for the ledger (its older schema brought up, the rounds its wallet
    holds, the grades it could not make) if the ledger can be written; else add it to a copy in
    memory for this report and say so."""
    _, saved, _ = read_wallet(home)
    waiting = _waiting(ledger, saved) if saved is not None else ((), ())
    grades = _grades(ledger)
    if not (waiting[0] or waiting[1] or grades or ledger.in_memory):
        return ledger, []
    problem = None
    try:
        writable = Ledger.open(home, create=False)
        if writable is not None:
            try:
                if saved is not None:
                    writable.record(saved.wallet, *waiting)
                writable.grade(grades)
            finally:
                writable.close()
    except StateError as error:
        problem = str(error)
    if problem is None:
        if ledger.in_memory:  # a snapshot of the file as it was: read it again as it is now
            ledger.close()
            reread = Ledger.read(home)
            assert reread is not None
            return reread, []
        return ledger, []
    ledger.into_memory()
    if saved is not None:
        ledger.record(saved.wallet, *waiting)
    ledger.grade(grades)
    notes = [f"{counted(len(waiting[0]), 'round')} the wallet holds for the ledger are counted here but not yet "
             f"on record: {problem}"] if waiting[0] else []
    return ledger, notes


def read_wallet(home: Path) -> tuple[object, Saved | None, str | None]:
    """The wallet of ``home`` as saved, read without the lock: (what was read, to tell whether it
    changed; its content; or why the books cannot be checked against it, in one line)."""
    wallet = Wallet(home)
    try:
        stored = wallet.peek()
    except StateError as error:
        return None, None, f"Books not checked: the wallet cannot be read: {error}."
    if stored is None:
        return None, None, f"Books not checked: there is no wallet in {home} to check them against."
    version, content = stored
    if version < LEDGER_FORMAT:
        return stored, None, (f"Books not checked: the wallet is from before the ledger (format {version}); "
                              "its record begins at its next game.")
    try:
        return stored, decode(version, content), None
    except (ValueError, VideoPokerError) as error:
        return stored, None, f"Books not checked: {wallet.path} does not hold a consistent machine ({error})."


def _waiting(ledger: Ledger, saved: Saved) -> tuple[tuple[Settled, ...], tuple[Doubled, ...]]:
    """The wallet's rounds and doubles that the ledger lacks."""
    rounds = ledger.query("SELECT number FROM rounds JOIN wallets ON wallets.id = rounds.wallet WHERE uuid = ?",
                          (saved.wallet,))
    known = {number for (number,) in rounds}
    doubled = {(number, step) for number, step in ledger.query(
        "SELECT number, step FROM doubles JOIN wallets ON wallets.id = doubles.wallet WHERE uuid = ?",
        (saved.wallet,))}
    start = ledger.query("SELECT start_game FROM wallets WHERE uuid = ?", (saved.wallet,))
    if not start:
        return (), ()  # not on record here: the game puts it on record when it opens
    first = start[0][0]
    return (tuple(item for item in saved.unrecorded if item.number > first and item.number not in known),
            tuple(item for item in saved.unrecorded_doubles
                  if item.number > first and (item.number, item.index) not in doubled))


def _grades(ledger: Ledger) -> list[tuple[int, float, float, float]]:
    """The grades of the rounds recorded before the hint engine was ready, made now."""
    waiting = ledger.query("SELECT id, paytable, bet, hands, dealt, held, meter, multiplier, state, "
                           "(SELECT group_concat(line) FROM (SELECT line FROM hands WHERE round = rounds.id "
                           "AND line IS NOT NULL ORDER BY hand)) FROM rounds WHERE ev IS NULL")
    if not waiting:
        return []
    from videopoker.machine.training import judge

    tables = ledger.tables()
    grades = []
    for round_id, table_id, bet, hands, dealt, held, meter, multiplier, kept, lines in waiting:
        paytable = tables[table_id][1]
        feature = paytable.feature
        if feature is not None and feature.stacks and paytable.plays_feature(bet):
            continue  # a stack is graded as it is recorded, from every deal's hold (one is on record)
        pays = paytable if meter is None else paytable.at_meter(meter)  # as the round paid its first hand
        state = dealt_under(feature, hands, kept, lines, f"round {round_id}")
        decision = judge(pays, bet, 1, unpack(dealt), held_flags(held), multiplier, state)
        assert decision.variance is not None
        grades.append((round_id, float(decision.ev), float(decision.best_ev), float(decision.variance)))
    return grades


def dealt_under(feature: Feature | None, hands: int, kept: str | None, lines: str | None,
                where: str) -> PlayState | None:
    """The state a round on record was dealt under: its kind's state as the round kept it (schema 7),
    or, in a round recorded before, rebuilt from each hand's line multiplier (Ultimate X's lines)."""
    if feature is None:
        return None
    if kept is not None:
        return read_state(json.loads(kept), hands, where)
    played = tuple(int(line) for line in lines.split(",")) if lines else ()  # each hand's line's multiplier
    return feature.state_of_lines(played) if played else None


def chosen_tables(tables: dict[int, tuple[str, Paytable]], wanted: str | None) -> list[int]:
    """The tables on record that ``--paytable`` names: by the name the wallet used, the table's own
    name, or whatever reference names the same file today."""
    if wanted is None:
        return sorted(tables)
    references = {wanted}
    with contextlib.suppress(PaytableError):  # a table deleted since is still on record by its name
        references.add(paytable_reference(resolve_paytable(wanted)))
    chosen = [table_id for table_id, (reference, paytable) in sorted(tables.items())
              if reference in references or paytable.name.casefold() == wanted.casefold()]
    if not chosen:
        played = sorted({reference for reference, _ in tables.values()})
        raise VideoPokerError(f"no hands on record on {wanted[:60]!r}; on record: {', '.join(played) or 'none'}")
    return chosen


def round_filter(chosen: Sequence[int], since: datetime | None, prefix: str = "") -> tuple[str, list[Any]]:
    clauses = [f"{prefix}paytable IN ({', '.join('?' * len(chosen))})"]
    parameters: list[Any] = list(chosen)
    if since is not None:
        clauses.append(f"{prefix}at >= ?")
        parameters.append(milliseconds(since.timestamp()))
    return " AND ".join(clauses), parameters


def _report(ledger: Ledger, tables: dict[int, tuple[str, Paytable]], chosen: list[int], since: datetime | None,
            balance: Balance | None) -> Report:
    where, parameters = round_filter(chosen, since)
    records: dict[int, TableRecord] = {}
    bets: dict[int, list[tuple[int, int, int]]] = defaultdict(list)  # (bet, hands a round, hands) of each table
    for table_id, bet, per_round, rounds, hands, coin_in, coin_out, expected, perfect, variance in ledger.query(
            "SELECT paytable, bet, hands, count(*), sum(hands), sum(bet * hands), sum(win), sum(ev * bet * hands), "
            "sum(best_ev * bet * hands), sum(variance * bet * bet * hands) "
            f"FROM rounds WHERE {where} GROUP BY paytable, bet, hands", parameters):
        reference, paytable = tables[table_id]
        record = records.setdefault(table_id, TableRecord(reference, paytable))
        record.tally.add(Tally(rounds, hands, coin_in, coin_out, expected, perfect, variance))
        bets[table_id].append((bet, per_round, hands))
    joined, joined_parameters = round_filter(chosen, since, "r.")
    counts: dict[tuple[int, int], int] = {
        (table_id, category): n for table_id, category, n in ledger.query(
            "SELECT r.paytable, h.category, count(*) FROM rounds r JOIN hands h ON h.round = r.id "
            f"WHERE {joined} GROUP BY r.paytable, h.category", joined_parameters)}
    for table_id, record in records.items():
        record.categories = _categories(record.paytable, bets[table_id], counts, table_id)
    total = Tally()
    for record in records.values():
        total.add(record.tally)
    percentile, method = _luck_percentile(ledger, tables, where, parameters, total)
    biggest = [BigWin(at / 1000, tables[table_id][1].name, tables[table_id][1].label(
                   tables[table_id][1].every_category[category]), unpack(final), win)
               for win, final, category, at, table_id in ledger.query(
                   "SELECT h.win, h.final, h.category, r.at, r.paytable FROM rounds r JOIN hands h ON h.round = r.id "
                   f"WHERE {joined} AND h.win > 0 ORDER BY h.win DESC, r.id LIMIT {BIGGEST}", joined_parameters)]
    ordered = sorted(records.values(), key=lambda record: -record.tally.hands)
    count, won, pushed, lost, net = ledger.query(
        "SELECT count(*), coalesce(sum(d.stake_after > d.stake_before), 0), "
        "coalesce(sum(d.stake_after = d.stake_before), 0), coalesce(sum(d.stake_after = 0), 0), "
        "coalesce(sum(d.stake_after - d.stake_before), 0) FROM doubles d JOIN rounds r "
        f"ON r.wallet = d.wallet AND r.number = d.number WHERE {joined}", joined_parameters)[0]
    return Report(ordered, total, percentile, method, biggest, balance, since,
                  doubles=Doubles(count, won, pushed, lost, net))


def _course(ledger: Ledger, chosen: list[int], since: datetime | None, points: int, rounds: int) -> Course:
    """Running totals in SQL (a window over the rounds in order), every ``rounds / points``-th kept."""
    where, parameters = round_filter(chosen, since)
    every = max(1, -(-rounds // points))
    rows = ledger.query(
        "SELECT played, credits_after, coin_in, coin_out, expected, variance FROM (SELECT row_number() OVER w AS n, "
        "sum(hands) OVER w AS played, credits_after, sum(bet * hands) OVER w AS coin_in, sum(win) OVER w AS coin_out, "
        "sum(coalesce(ev, 0) * bet * hands) OVER w AS expected, "
        "sum(coalesce(variance, 0) * bet * bet * hands) OVER w AS variance "
        f"FROM rounds WHERE {where} WINDOW w AS (ORDER BY id)) "
        "WHERE n % ? = 0 OR n = ? ORDER BY n", [*parameters, every, rounds])
    return Course([row[0] for row in rows], [row[1] for row in rows], [row[3] / row[2] for row in rows],
                  [row[4] / row[2] for row in rows], [row[3] - row[2] for row in rows],
                  [row[4] - row[2] for row in rows], [math.sqrt(max(row[5], 0.0)) for row in rows])


def _categories(paytable: Paytable, bets: list[tuple[int, int, int]], counts: dict[tuple[int, int], int],
                table_id: int) -> list[CategoryCount]:
    expected: dict[str, float] = defaultdict(float)
    for bet, per_round, hands in bets:
        for category, chance in _frequencies(paytable, bet, per_round):
            expected[category] += hands * chance
    place = paytable.every_category.index
    return [CategoryCount(key, paytable.label(key), counts.get((table_id, place(key)), 0), expected[key])
            for key in _shown_order(paytable, bets)]


def _shown_order(paytable: Paytable, bets: list[tuple[int, int, int]]) -> tuple[str, ...]:
    """A table's hands best first; where its feature bet was played, as that bet judges them (with
    Quick Quads' quick quads among them)."""
    at_feature = any(paytable.plays_feature(bet) for bet, _, _ in bets)
    return (paytable.as_played(None) if at_feature else paytable).game.categories


def _frequencies(paytable: Paytable, bet: int, hands: int) -> list[tuple[str, float]]:
    """How often perfect play makes each final hand, at a bet and a number of hands a round (Ultimate X
    at its feature bet: over the multiplier sums as they come under perfect play)."""
    from videopoker.analysis.solve.exact import analyze

    feature = paytable.feature if paytable.plays_feature(bet) else None
    if feature is not None:
        from videopoker.analysis.features.registry import engine_of

        return engine_of(feature).frequencies(paytable, hands)
    return [(row.category, float(row.probability)) for row in analyze(paytable, bet).rows]


def books(ledger: Ledger, home: Path) -> tuple[Balance | None, str | None]:
    """The wallet's books at one moment, or why they are not checked.  The wallet is read before
    and after the ledger (one statement: one moment of it) and it all again if a game moved the
    wallet in between; its rounds and doubles not yet on record are counted with the ledger's."""
    for _ in range(BOOKS_TRIES):
        before, saved, problem = read_wallet(home)
        if saved is None:
            return None, problem
        first = min([item.number for item in saved.unrecorded] + [item.number for item in saved.unrecorded_doubles],
                    default=saved.history.games + 1)
        rows = ledger.query(
            "SELECT w.start_game, w.start_credits, w.start_refills, "
            "coalesce((SELECT sum(win - bet * hands) FROM rounds WHERE wallet = w.id), 0) "
            "+ coalesce((SELECT sum(stake_after - stake_before) FROM doubles WHERE wallet = w.id), 0), "
            "(SELECT group_concat(number) FROM rounds WHERE wallet = w.id AND number >= ?1), "
            "(SELECT group_concat(number || ':' || step) FROM doubles WHERE wallet = w.id AND number >= ?1) "
            "FROM wallets w WHERE w.uuid = ?2", (first, saved.wallet))
        after, _, _ = read_wallet(home)
        if after != before:
            continue  # a game moved the wallet while the ledger was read: look again
        if not rows:
            return None, (f"Books not checked: the wallet ({saved.wallet[:8]}…) has no record in this ledger; "
                          "the game puts it on record when it next opens.")
        start_game, start_credits, start_refills, net, rounds, doubles = rows[0]
        recorded = {int(number) for number in (rounds or "").split(",") if number}
        doubled = {text for text in (doubles or "").split(",") if text}
        net += sum(item.outcome.win - item.outcome.bet * item.outcome.hands for item in saved.unrecorded
                   if item.number > start_game and item.number not in recorded)
        net += sum(item.step.stake_after - item.step.stake_before for item in saved.unrecorded_doubles
                   if item.number > start_game and f"{item.number}:{item.index}" not in doubled)
        return Balance(start_game, start_credits, saved.history.refills - start_refills, saved.credits,
                       in_play(saved.round, saved.gamble), net), None
    return None, ("Books not checked: a round is in play (the game changed its wallet at every look); "
                  "run history again between rounds.")


# -- luck ---------------------------------------------------------------------------------------

def _luck_percentile(ledger: Ledger, tables: dict[int, tuple[str, Paytable]], where: str,
                     parameters: list[Any], total: Tally) -> tuple[float | None, str]:
    """The share of sessions with these deals and holds that paid less than this one did."""
    z = total.luck_z
    if z is None:
        return None, "exact"
    exact = _exact_percentile(ledger, tables, where, parameters, total)
    if exact is not None:
        return exact, "exact"
    return 0.5 * math.erfc(-z / math.sqrt(2)), "normal"


def _exact_percentile(ledger: Ledger, tables: dict[int, tuple[str, Paytable]], where: str,
                      parameters: list[Any], total: Tally) -> float | None:
    """From each round's exact law (its hold's outcome counts, one hand's pay to the power of the
    round's hands; a progressive hand paying the meter the round was dealt under), by FFT over the
    lattice of the pays; ``None`` if that would be too much work."""
    if total.rounds > EXACT_ROUNDS:
        return None
    rounds = [(tables[table_id][1], bet, hands, dealt, held, meter) for table_id, bet, hands, dealt, held, meter
              in ledger.query(f"SELECT paytable, bet, hands, dealt, held, meter FROM rounds WHERE {where}", parameters)]
    if any(paytable.plays_feature(bet) for paytable, bet, *_ in rounds):
        return None  # a feature's multiplier and wheel: the normal approximation serves
    pays = [[(paytable if meter is None else paytable.at_meter(meter)).pay(category, bet)
             for category in paytable.game.categories] for paytable, bet, _, _, _, meter in rounds]
    step = math.gcd(*(pay for paid in pays for pay in paid))
    if step == 0:
        return None
    size = 1 + sum(hands * max(paid) // step for (_, _, hands, _, _, _), paid in zip(rounds, pays))
    if len(rounds) * size * math.log2(size + 1) > EXACT_WORK:
        return None
    import numpy as np

    from videopoker.analysis.solve.draws import draw_tables
    from videopoker.analysis.solve.hint import SortedHand

    length = 1 << max(1, (size - 1).bit_length())
    spectrum = np.ones(length // 2 + 1, dtype=np.complex128)
    for (paytable, _, hands, dealt, held, _), paid in zip(rounds, pays):
        sorted_hand = SortedHand.of(paytable.game, unpack(dealt))
        flags = held_flags(held)
        mask = sum(1 << slot for slot, place in enumerate(sorted_hand.order) if flags[place])
        counts = draw_tables(paytable.game).hold_outcomes(sorted_hand.cards)[mask, 0, :]
        law = np.zeros(length)
        np.add.at(law, np.array(paid) // step, counts / counts.sum())
        spectrum *= np.fft.rfft(law) ** hands
    distribution = np.clip(np.fft.irfft(spectrum, length)[:size], 0.0, None)
    actual = total.coin_out // step
    below = float(distribution[:actual].sum())
    return min(1.0, (below + 0.5 * float(distribution[actual])) / float(distribution.sum()))
