"""Your leaks: the mistakes on record, grouped by what you held and the strategy chart's line that
should have played the hand ("you hold a low pair over 4 to a flush: 14 times, 3.2 credits
lost"), the costliest first (``history --leaks``).

A round is a mistake when the hold made was worth less than the best hold (both graded exactly,
per coin, and kept in the ledger).  The chart is the one ``videopoker strategy`` derives for the
table at the bet (:func:`~videopoker.analysis.charts.derive.chart_for`); what you held is said in
the chart's own words, the pattern of the cards kept.  What a mistake lost is in credits: the EV
given up per coin, times the coins bet and the hands of the round.  Rounds at a feature's bet,
whose holds the base game's chart does not say, are left out, and said so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from videopoker.ledger.report import chosen_tables, open_ledger, round_filter
from videopoker.ledger.store import held_flags, unpack
from videopoker.paytable import Paytable

#: The chart's words for a hold of nothing.
DISCARD_ALL = "discard everything"
#: A hold worth this much less than the best, per coin, is a mistake (below it: equal holds, rounding).
MISTAKE = 1e-9


@dataclass(frozen=True)
class Leak:
    """One kind of mistake on one table: what was held where the chart holds otherwise."""

    paytable: str
    coins: int
    yours: str               # the hold made, in the chart's words ("low pair")
    line: int                # the chart's line that plays these hands (0: discard everything)
    should: str              # its words ("4 to a flush")
    times: int
    credits_lost: float      # EV given up, in credits
    example: str             # a dealt hand of it, as the machine shows cards

    def text(self) -> str:
        """``You held low pair over 4 to a flush (line 7): 14 times, 3.20 credits lost``; a hold of
        nothing reads ``You discarded everything over low pair (line 8): …``."""
        where = f"line {self.line}" if self.line else DISCARD_ALL
        did = "You discarded everything" if self.yours == DISCARD_ALL else f"You held {self.yours}"
        return (f"{did} over {self.should} ({where}): {self.times:,} "
                f"time{'s' * (self.times != 1)}, {self.credits_lost:,.2f} credits lost")

    def to_json(self) -> dict[str, Any]:
        return {"paytable": self.paytable, "coins": self.coins, "yours": self.yours, "line": self.line,
                "should": self.should, "times": self.times, "credits_lost": self.credits_lost,
                "example": self.example}


@dataclass(frozen=True)
class Leaks:
    """Every leak on record, the costliest first, and the mistakes no chart could name."""

    leaks: list[Leak]
    mistakes: int            # rounds graded as mistakes, all
    unnamed: int             # of those, at a feature's bet or on a table without a chart

    def to_json(self) -> dict[str, Any]:
        return {"mistakes": self.mistakes, "unnamed": self.unnamed, "leaks": [leak.to_json() for leak in self.leaks]}


def leaks(home: Path, paytable: str | None = None, since: datetime | None = None) -> Leaks:
    """The leaks of ``home``'s ledger (of one table, since a time, where asked)."""
    opened = open_ledger(home)
    if opened is None:
        return Leaks([], 0, 0)
    ledger = opened[0]
    try:
        tables = ledger.tables()
        where, parameters = round_filter(chosen_tables(tables, paytable), since, "")
        rows = ledger.query(f"SELECT paytable, bet, hands, dealt, held, ev, best_ev FROM rounds WHERE {where} "
                            f"AND ev IS NOT NULL AND best_ev - ev > {MISTAKE} ORDER BY id", parameters)
    finally:
        ledger.close()
    groups: dict[tuple[int, int], list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows:
        groups[(row[0], row[1])].append(row)  # by table and bet: one chart each
    found: dict[tuple[str, int, str, int], list[Any]] = {}
    unnamed = 0
    for (table_id, bet), played in groups.items():
        table = tables[table_id][1]
        named = _named(table, bet, played)
        if named is None:
            unnamed += len(played)
            continue
        for (yours, line, should), (credits, dealt) in named:
            key = (table.name, bet, yours, line)
            entry = found.setdefault(key, [should, 0, 0.0, dealt])
            entry[1] += 1
            entry[2] += credits
    listed = [Leak(name, bet, yours, line, should, times, lost, example)
              for (name, bet, yours, line), (should, times, lost, example) in found.items()]
    listed.sort(key=lambda leak: (-leak.credits_lost, leak.paytable, leak.line))
    return Leaks(listed, len(rows), unnamed)


def _named(paytable: Paytable, bet: int, played: Sequence[tuple[Any, ...]]
           ) -> list[tuple[tuple[str, int, str], tuple[float, str]]] | None:
    """Each mistake of ``played`` (rounds on one table at one bet) named by what was held and the
    chart line that plays the hand; None where no chart of the base game says the holds."""
    from videopoker.analysis.charts.derive import chart_for
    from videopoker.analysis.charts.patterns import UNNAMED, describe, patterns_of
    from videopoker.analysis.solve.hint import SortedHand
    from videopoker.machine.training import cards_text, chart_line_of

    if bet > paytable.max_coins:  # a feature's bet: its holds are not the base game's chart's
        return None
    chart = chart_for(paytable, bet)
    if chart is None:
        return None
    named = []
    for _, _, hands, dealt, held, ev, best in played:
        cards, flags = unpack(dealt), held_flags(held)
        hand = SortedHand.of(paytable.game, cards)
        mask = sum(1 << slot for slot, place in enumerate(hand.order) if flags[place])
        code = int(patterns_of(paytable.game, hand.cards)[mask, 0])
        count = sum(flags)
        yours = (describe(paytable.game, code) if code != UNNAMED
                 else f"{count} card{'s' * (count != 1)} no chart keeps")
        line = chart_line_of(chart, paytable, cards)
        named.append(((yours, line.number, line.words), ((best - ev) * bet * hands, cards_text(cards))))
    return named
