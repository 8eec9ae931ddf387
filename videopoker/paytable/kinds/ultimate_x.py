"""Ultimate X: every winning hand of a round earns its line a multiplier for that line's next win.

Its state is the lines' multipliers (:class:`Lines`).  A machine keeps them for every Ultimate X
table it has played, for each number of hands (a Triple Play and a Ten Play cabinet are different
machines, each with its own lines).  A round is dealt under its lines' multipliers, at any bet, and
pays each hand's win times its line's.  At the feature bet a winning hand earns its line the
multiplier of that hand for the next round, and a losing one 1X; a round below the feature bet
leaves every line at 1X after it.  The wallet keeps the multipliers with every round, so they
survive a kill -9 and wait for the next session, as a machine's wait for the next player.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import PLAYED_HANDS, AfterDraw, Drawn, Feature, PlayState
from videopoker.paytable.feature_reading import Reading, read_coins, read_hand_tables
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, key_text, value_position

#: Ultimate X offers its multipliers at these hands a round.
ULTIMATE_X_LINES = (1, 3, 5, 10)
#: The largest multiplier a line may earn (published tables stop at 12X): the solver's states
#: are the sums of the lines' multipliers, up to 10 lines × this.
MAX_LINE_MULTIPLIER = 50

LineTables = tuple[tuple[int, tuple[tuple[PayCategory, int], ...]], ...]


@dataclass(frozen=True)
class Lines(PlayState):
    """Each line's multiplier, one a hand: what a round is dealt under, and, once drawn, what each
    line ``earned`` for the next round."""

    multipliers: tuple[int, ...]
    earned: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"multipliers {','.join(map(str, self.multipliers))} (sum {sum(self.multipliers)})"

    def to_json(self) -> dict[str, Any]:
        return {"lines": list(self.multipliers), **({"earned": list(self.earned)} if self.earned else {})}

    def kept_json(self) -> Any:
        return list(self.multipliers)

    def line(self, place: int) -> int | None:
        return self.multipliers[place]


def fresh(hands: int) -> Lines:
    """Every line at 1X: a machine never played, or whose lines earned nothing."""
    return Lines((1,) * hands)


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

    # -- its state: the lines' multipliers ---------------------------------------------------------

    @property
    def played_hands(self) -> tuple[int, ...]:
        return self.offered_lines

    def carried(self, kept: PlayState | None, hands: int) -> PlayState | None:
        if hands not in self.offered_lines:
            return None
        return kept if isinstance(kept, Lines) and len(kept.multipliers) == hands else fresh(hands)

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        return carried  # dealt under its lines at any bet

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        if state is None:
            return
        if not isinstance(state, Lines) or hands not in self.offered_lines:
            raise GameError(f"Ultimate X has no lines at {hands} hands a round here")
        lines = state.multipliers
        if len(lines) != hands or not all(isinstance(m, int) and 1 <= m <= MAX_LINE_MULTIPLIER for m in lines):
            raise GameError(f"a round of {hands} hands has {hands} line multipliers of 1..{MAX_LINE_MULTIPLIER}X, "
                            f"got {list(lines)}")

    def after_draw(self, state: PlayState, dealt: tuple[Card, ...], held: tuple[bool, ...],
                   drawn: Sequence[Drawn], plays: bool) -> AfterDraw:
        assert isinstance(state, Lines)
        table = self.line_multipliers(len(drawn)) if plays else {}
        earned = tuple(table.get(category, 1) for _, category, _ in drawn)
        kept = Lines(earned) if earned != fresh(len(earned)).multipliers else None  # all 1X is kept as nothing
        return AfterDraw(Lines(state.multipliers, earned), None, kept)

    def state_of_lines(self, lines: tuple[int, ...]) -> PlayState | None:
        return Lines(lines)

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        return Lines(line_multipliers(data, "lines", where, hands)) if "lines" in data else None

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        lines = line_multipliers(data, "lines", where, len(drawn))
        earned = line_multipliers(data, "earned", where, len(drawn))
        if bool(lines) != bool(earned):
            raise ValueError(f"{where}: Ultimate X lines and what they earned come together")
        return Lines(lines, earned) if lines else None

    @classmethod
    def kept_of_json(cls, data: Any, where: str) -> PlayState | None:
        if not isinstance(data, list):
            return None
        if len(data) not in PLAYED_HANDS:
            raise ValueError(f"{where} is not one multiplier a line")
        return Lines(line_multipliers({"lines": data}, "lines", where, len(data)))


def line_multipliers(data: Any, key: str, where: str, hands: int) -> tuple[int, ...]:
    """Multipliers kept one a hand (none if the key is absent)."""
    if not isinstance(data, dict) or key not in data:
        return ()
    items = strict.listed(data, key, where, PLAYED_HANDS[-1])
    if len(items) != hands:
        raise ValueError(f"{where}.{key} has {len(items)} lines for {hands} hands")
    return tuple(strict.whole({"multiplier": item}, "multiplier", f"{where}.{key}[{index}]", 1, MAX_LINE_MULTIPLIER)
                 for index, item in enumerate(items))


def _line_tables(spec: Mapping[Any, Any], reading: Reading) -> LineTables | None:
    """``multipliers: {3: {full_house: 12, ...}, 10: {...}}``: per hands a round, what each hand earns."""

    def multiplier(table: Mapping[Any, Any], key: Any) -> int | None:
        written = table[key]
        if not is_whole(written) or not 1 <= written <= MAX_LINE_MULTIPLIER:
            reading.add(value_position(table, key), f"ultimate x multiplier for {key_text(key)} must be a whole "
                        f"number 1..{MAX_LINE_MULTIPLIER}, got {describe(written)}")
            return None
        return int(written)

    return read_hand_tables(spec, reading, "multipliers", "ultimate x multipliers", ULTIMATE_X_LINES,
                            "the multiplier each winning hand earns its line", "{3: {full_house: 12, flush: 11}}",
                            "winning hands to multipliers, like {full_house: 12, flush: 11}", multiplier)
