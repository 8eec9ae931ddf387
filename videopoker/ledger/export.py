"""Every hand on record as rows for a spreadsheet (``videopoker history --csv FILE``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from videopoker.ledger.report import chosen_tables, open_ledger, round_filter
from videopoker.ledger.store import held_flags, unpack
from videopoker.machine.training import cards_text

HEADER = ("time", "paytable", "game", "round", "hand", "coins", "dealt", "held", "final", "made", "win",
          "ev_per_coin", "best_ev_per_coin")


def hand_rows(home: Path, paytable: str | None, since: datetime | None) -> Iterator[tuple[object, ...]]:
    """The header, then one row a hand, oldest first: cards as the machine shows them, held cards
    as a hold's text, EVs per coin bet as the trainer gives them (blank if never graded)."""
    yield HEADER
    opened = open_ledger(home)
    if opened is None:
        return
    ledger = opened[0]
    try:
        tables = ledger.tables()
        where, parameters = round_filter(chosen_tables(tables, paytable), since, "r.")
        for at, table_id, number, hand, bet, dealt, held, final, category, win, ev, best in ledger.query(
                "SELECT r.at, r.paytable, r.number, h.hand, r.bet, r.dealt, r.held, h.final, h.category, h.win, "
                f"r.ev, r.best_ev FROM rounds r JOIN hands h ON h.round = r.id WHERE {where} ORDER BY r.id, h.hand",
                parameters):
            table = tables[table_id][1]
            cards = unpack(dealt)
            kept = [card for card, keep in zip(cards, held_flags(held)) if keep]
            yield (datetime.fromtimestamp(at / 1000).isoformat(timespec="seconds"), table.name, table.game.key,
                   number, hand + 1, bet, cards_text(cards), cards_text(kept), cards_text(unpack(final)),
                   table.label(table.every_category[category]), win,
                   "" if ev is None else f"{ev:.6f}", "" if best is None else f"{best:.6f}")
    finally:
        ledger.close()
