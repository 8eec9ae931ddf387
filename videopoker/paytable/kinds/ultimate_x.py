"""Ultimate X: every winning hand of a round earns its line a multiplier for that line's next win."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.paytable.feature import Feature
from videopoker.paytable.feature_reading import Reading, near, number, read_coins
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, key_position, key_text, value_position

#: Ultimate X offers its multipliers at these hands a round.
ULTIMATE_X_LINES = (1, 3, 5, 10)
#: The largest multiplier a line may earn (published tables stop at 12X): the solver's states
#: are the sums of the lines' multipliers, up to 10 lines × this.
MAX_LINE_MULTIPLIER = 50

LineTables = tuple[tuple[int, tuple[tuple[PayCategory, int], ...]], ...]


@dataclass(frozen=True)
class UltimateX(Feature):
    """``line_tables``: for each number of hands a round it offers, the multiplier each hand earns its line."""

    line_tables: LineTables = ()

    kind: ClassVar[str] = "ultimate x"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "multipliers")
    EXAMPLE: ClassVar[str] = "{kind: ultimate x, coins: 10, multipliers: {3: {full_house: 12, flush: 11, …}}}"
    carries_state: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> UltimateX | None:
        coins = read_coins(spec, reading)
        tables = _line_tables(spec, reading)
        return None if tables is None else cls(coins, line_tables=tables)

    def settings_json(self) -> dict[str, Any]:
        return {"multipliers": {str(lines): dict(table) for lines, table in self.line_tables}}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        said = [f"Ultimate X, {self.coins} coins a hand: a winning hand earns its line a multiplier for its next win"]
        for lines, table in self.line_tables:
            said += textwrap.wrap(f"{lines}-play: " + ", ".join(f"{label(key)} {m}X" for key, m in table), 80,
                                  subsequent_indent="  ")
        return said

    @property
    def offered_lines(self) -> tuple[int, ...]:
        """The numbers of hands a round its multipliers are published for."""
        return tuple(lines for lines, _ in self.line_tables)

    def line_multipliers(self, lines: int) -> dict[PayCategory, int]:
        """The multiplier each hand earns its line in a round of ``lines`` hands (a hand not listed,
        and a losing one, earn 1)."""
        return dict(dict(self.line_tables)[lines])


def _line_tables(spec: Mapping[Any, Any], reading: Reading) -> LineTables | None:
    """``multipliers: {3: {full_house: 12, ...}, 10: {...}}``: per hands a round, what each hand earns."""
    add, game = reading.add, reading.game
    tables, place = spec.get("multipliers"), value_position(spec, "multipliers")
    offered = ", ".join(map(str, ULTIMATE_X_LINES))
    if not isinstance(tables, Mapping) or not tables:
        add(place, f"ultimate x multipliers must map hands a round ({offered}) to the multiplier each winning "
            f"hand earns its line, like {{3: {{full_house: 12, flush: 11}}}}, got {describe(tables)}")
        return None
    hands = [str(key) for key in game.paying] if game is not None else None
    read: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    problems = False
    for written, table in tables.items():
        lines = number(written)
        if lines not in ULTIMATE_X_LINES:
            add(key_position(tables, written), f"ultimate x multipliers: {key_text(written)} is not a number of "
                f"hands a round it is played at; use {offered}")
            problems = True
            continue
        if any(lines == seen for seen, _ in read):
            add(key_position(tables, written), f"ultimate x multipliers: {lines}-play is given twice; give it once")
            problems = True
            continue
        if not isinstance(table, Mapping) or not table:
            add(value_position(tables, written), f"ultimate x multipliers for {lines}-play must map winning hands "
                f"to multipliers, like {{full_house: 12, flush: 11}}, got {describe(table)}")
            problems = True
            continue
        for key, multiplier in table.items():
            if hands is not None and key not in hands:
                add(key_position(table, key), f"ultimate x multipliers: {key_text(key)} is not a paying hand of "
                    f"{reading.title}; {near(key, hands)}its paying hands are {', '.join(hands)}")
                problems = True
            if not is_whole(multiplier) or not 1 <= multiplier <= MAX_LINE_MULTIPLIER:
                add(value_position(table, key), f"ultimate x multiplier for {key_text(key)} must be a whole number "
                    f"1..{MAX_LINE_MULTIPLIER}, got {describe(multiplier)}")
                problems = True
        order = hands if hands is not None else [str(key) for key in table]
        read.append((int(lines), tuple((key, int(table[key])) for key in order if key in table)))
    return None if problems else tuple(sorted(read))
