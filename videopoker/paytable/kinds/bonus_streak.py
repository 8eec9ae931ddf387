"""Ultimate X Bonus Streak: a streak hand earns its line a streak of multipliers for its next hands.

Its state is each line's queue of multipliers, next hand first (:class:`Queues`).  A machine keeps
the queues for every Bonus Streak table it has played, for each number of hands, as it keeps
Ultimate X's lines.  A round is dealt under its lines' queues, at any bet: each hand's win is its
pay at ``max_coins`` times its line's next multiplier (1X when the queue is empty), which it uses
up.  Then, at the feature bet only, a streak hand (one its table lists) on a line with no
multipliers left earns the line its streak for the next hands; on a line with multipliers still
left it raises all of them to 12X, adding none.  Other wins change nothing.  A round below the
feature bet is still paid its lines' multipliers and uses them up, but earns and raises nothing:
the machine pays what the glass shows whatever the bet, and sells only the streaks.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import AfterDraw, Drawn, Feature, PlayState
from videopoker.paytable.feature_reading import Reading, read_coins, read_hand_tables
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, item_position, key_text, value_position

#: What a streak hand raises the multipliers left on its line to (every published table's top).
RAISED = 12
#: Bonus Streak is sold at these hands a round.
BONUS_STREAK_LINES = (3, 5, 10)
#: The largest multiplier a streak may hold, and its most multipliers (published ones: 12X, five):
#: bounds that keep a line's queue, and so the solver's states, small.
MAX_STREAK_MULTIPLIER = 50
MAX_STREAK = 10

Queue = tuple[int, ...]
Streak = tuple[int, ...]
StreakTables = tuple[tuple[int, tuple[tuple[PayCategory, Streak], ...]], ...]


@dataclass(frozen=True)
class Queues(PlayState):
    """Each line's multipliers for its next hands, next first: what a round is dealt under, and,
    once drawn, what each line has ``left`` for the next round."""

    queues: tuple[Queue, ...]
    left: tuple[Queue, ...] = ()

    def describe(self) -> str:
        return f"streaks {queues_text(self.queues)}"

    def to_json(self) -> dict[str, Any]:
        return {"streaks": [list(queue) for queue in self.queues],
                **({"streaks_left": [list(queue) for queue in self.left]} if self.left else {})}

    def kept_json(self) -> Any:
        # A mapping, so that neither Ultimate X's reader (a list) nor Shockwave's (a number) takes it.
        return {"streaks": [list(queue) for queue in self.queues]}

    def line(self, place: int) -> int | None:
        return line_multiplier(self.queues[place])


def line_multiplier(queue: Queue) -> int:
    """The multiplier a line's next hand is paid at: the head of its queue, 1X when it is empty."""
    return queue[0] if queue else 1


def next_queue(queue: Queue, streak: Streak | None) -> Queue:
    """A line's queue after its hand used the head: ``streak`` is what the hand earns (None: not a
    streak hand, or a round below the feature bet).  A streak hand with multipliers still left on
    its line raises them all to :data:`RAISED` and adds none; on its line's last multiplier, or on
    none, it earns its streak anew.

    >>> next_queue((2, 3, 4), None), next_queue((2, 3, 4), (2, 3, 4)), next_queue((4,), (2, 3, 4))
    ((3, 4), (12, 12), (2, 3, 4))
    """
    rest = queue[1:]
    if streak is None:
        return rest
    if rest:
        return (RAISED,) * len(rest)
    return streak


def fresh(hands: int) -> Queues:
    """Every line's queue empty: a machine never played, or whose streaks ran out."""
    return Queues(((),) * hands)


def queues_text(queues: Sequence[Queue]) -> str:
    """Queues as a hint writes them: ``2-3-4,12-12,-`` (``-`` for an empty one)."""
    return ",".join("-".join(map(str, queue)) if queue else "-" for queue in queues)


def parse_queues(text: str, hands: int) -> tuple[Queue, ...]:
    """The queues ``2-3-4,12-12,-`` name, one a line, next hand first, ``-`` for none; ValueError
    with one line saying what is wrong.

    >>> parse_queues("2-3-4,12-12,-", 3)
    ((2, 3, 4), (12, 12), ())
    """
    written = text.split(",")
    if len(written) != hands:
        raise ValueError(f"{text[:60]!r} gives {len(written)} queues; a round of {hands} hands has {hands}, "
                         f"one a line, like {queues_text(([(2, 3, 4), (12, 12)] + [()] * hands)[:hands])}")
    return tuple(_parse_queue(part.strip(), place) for place, part in enumerate(written, start=1))


def _parse_queue(part: str, place: int) -> Queue:
    if part == "-":
        return ()
    items = part.split("-")
    if len(items) > MAX_STREAK or not all(item.isascii() and item.isdigit() and len(item) <= 3 for item in items) \
            or not all(1 <= int(item) <= MAX_STREAK_MULTIPLIER for item in items):
        raise ValueError(f"line {place}'s queue {part[:30]!r} is not up to {MAX_STREAK} multipliers "
                         f"1..{MAX_STREAK_MULTIPLIER} joined by '-', like 2-3-4, or - for none")
    return tuple(int(item) for item in items)


@dataclass(frozen=True)
class BonusStreak(Feature):
    """``streak_tables``: for each number of hands a round it is sold at, the streak each listed hand
    earns its line (a hand not listed earns nothing)."""

    streak_tables: StreakTables = ()

    kind: ClassVar[str] = "bonus streak"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "streaks")
    EXAMPLE: ClassVar[str] = "{kind: bonus streak, coins: 10, streaks: {3: {full_house: [2, 3, 4, 7, 12], …}}}"
    carries_state: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> BonusStreak | None:
        coins = read_coins(spec, reading)
        tables = _streak_tables(spec, reading)
        return None if tables is None else cls(coins, streak_tables=tables)

    def settings_json(self) -> dict[str, Any]:
        return {"streaks": {str(lines): {key: list(streak) for key, streak in table}
                            for lines, table in self.streak_tables}}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        said = textwrap.wrap(f"Ultimate X Bonus Streak, {self.coins} coins a hand: a streak hand earns its line "
                             f"multipliers for its next hands", 80, subsequent_indent="  ")
        alike: dict[tuple[tuple[PayCategory, Streak], ...], list[int]] = {}  # published tables repeat
        for lines, table in self.streak_tables:
            alike.setdefault(table, []).append(lines)
        for table, counts in alike.items():
            plays = " and ".join(filter(None, (", ".join(f"{n}-" for n in counts[:-1]), str(counts[-1]))))
            said += textwrap.wrap(f"{plays}-play: {_streaks_said(table, label)}", 80, subsequent_indent="  ",
                                  break_on_hyphens=False)
        said.append(f"a streak hand on a line with multipliers left raises them all to {RAISED}X")
        return said

    @property
    def offered_lines(self) -> tuple[int, ...]:
        """The numbers of hands a round its streaks are published for."""
        return tuple(lines for lines, _ in self.streak_tables)

    def streaks(self, lines: int) -> dict[PayCategory, Streak]:
        """The streak each listed hand earns its line in a round of ``lines`` hands."""
        return dict(dict(self.streak_tables)[lines])

    # -- its state: the lines' queues ---------------------------------------------------------------

    @property
    def played_hands(self) -> tuple[int, ...]:
        return self.offered_lines

    def carried(self, kept: PlayState | None, hands: int) -> PlayState | None:
        if hands not in self.offered_lines:
            return None
        return Queues(kept.queues) if isinstance(kept, Queues) and len(kept.queues) == hands else fresh(hands)

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        return carried  # dealt under its queues at any bet: the glass pays what it shows

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        if state is None:
            return
        if not isinstance(state, Queues) or hands not in self.offered_lines:
            raise GameError(f"Ultimate X Bonus Streak has no lines at {hands} hands a round here")
        queues = state.queues
        if len(queues) != hands or not all(
                len(queue) <= MAX_STREAK and all(is_whole(m) and 1 <= m <= MAX_STREAK_MULTIPLIER for m in queue)
                for queue in queues):
            raise GameError(f"a round of {hands} hands has {hands} queues of at most {MAX_STREAK} multipliers "
                            f"of 1..{MAX_STREAK_MULTIPLIER}X, got {queues_text(queues)[:80]!r}")

    def after_draw(self, state: PlayState, dealt: tuple[Card, ...], held: tuple[bool, ...],
                   drawn: Sequence[Drawn], plays: bool) -> AfterDraw:
        assert isinstance(state, Queues)
        table = self.streaks(len(drawn)) if plays else {}
        left = tuple(next_queue(queue, table.get(category)) for queue, (_, category, _) in zip(state.queues, drawn))
        kept = Queues(left) if any(left) else None  # every queue empty is kept as nothing
        return AfterDraw(Queues(state.queues, left), None, kept)

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        return Queues(kept_queues(data, "streaks", where, hands)) if "streaks" in data else None

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        if "streaks" not in data and "streaks_left" not in data:
            return None
        if "streaks" not in data or "streaks_left" not in data:
            raise ValueError(f"{where}: Bonus Streak queues and what they left come together")
        return Queues(kept_queues(data, "streaks", where, len(drawn)),
                      kept_queues(data, "streaks_left", where, len(drawn)))

    @classmethod
    def kept_of_json(cls, data: Any, where: str) -> PlayState | None:
        if not isinstance(data, dict) or "streaks" not in data:
            return None
        queues = kept_queues(data, "streaks", where, None)
        return Queues(queues)


def _streaks_said(table: tuple[tuple[PayCategory, Streak], ...], label: Callable[[PayCategory], str]) -> str:
    """A table's streaks for a person, the hands that earn one streak together."""
    hands: dict[Streak, list[str]] = {}
    for key, streak in table:
        hands.setdefault(streak, []).append(label(key))
    return "; ".join(f"{', '.join(names)} earn{'s' if len(names) == 1 else ''} {'-'.join(map(str, streak))}"
                     for streak, names in hands.items())


def kept_queues(data: Mapping[str, Any], key: str, where: str, hands: int | None) -> tuple[Queue, ...]:
    """Queues kept one a line, for ``hands`` lines (None: any number Bonus Streak is sold at)."""
    items = strict.listed(data, key, where, BONUS_STREAK_LINES[-1])
    if hands is not None and len(items) != hands:
        raise ValueError(f"{where}.{key} has {len(items)} lines for {hands} hands")
    if hands is None and len(items) not in BONUS_STREAK_LINES:
        raise ValueError(f"{where}.{key} has {len(items)} lines, not {', '.join(map(str, BONUS_STREAK_LINES))}")
    return tuple(_kept_queue(item, f"{where}.{key}[{index}]") for index, item in enumerate(items))


def _kept_queue(item: Any, where: str) -> Queue:
    if not isinstance(item, list) or len(item) > MAX_STREAK:
        raise ValueError(f"{where} is not a queue of at most {MAX_STREAK} multipliers")
    return tuple(strict.whole({"multiplier": m}, "multiplier", f"{where}[{n}]", 1, MAX_STREAK_MULTIPLIER)
                 for n, m in enumerate(item))


def _streak_tables(spec: Mapping[Any, Any], reading: Reading) -> StreakTables | None:
    """``streaks: {3: {full_house: [2, 3, 4, 7, 12], ...}, 10: {...}}``: per hands a round, the
    streak each listed hand earns its line."""
    return read_hand_tables(spec, reading, "streaks", "bonus streak streaks", BONUS_STREAK_LINES,
                            "the streak each hand earns its line",
                            "{3: {full_house: [2, 3, 4, 7, 12], flush: [2, 3, 4]}}",
                            "hands to the streaks they earn, like {full_house: [2, 3, 4, 7, 12]}",
                            lambda table, key: _streak_read(table, key, reading))


def _streak_read(table: Mapping[Any, Any], key: Any, reading: Reading) -> Streak | None:
    """The streak ``table[key]`` is: a list of 1..MAX_STREAK multipliers, each 1..max (else None, told)."""
    streak = table[key]
    if not isinstance(streak, list) or not 1 <= len(streak) <= MAX_STREAK:
        reading.add(value_position(table, key), f"bonus streak streak for {key_text(key)} must list 1..{MAX_STREAK} "
                    f"multipliers for its line's next hands, like [2, 3, 4], got {describe(streak)}"
                    f"{f' of {len(streak)}' if isinstance(streak, list) and streak else ''}")
        return None
    for index, multiplier in enumerate(streak):
        if not is_whole(multiplier) or not 1 <= multiplier <= MAX_STREAK_MULTIPLIER:
            reading.add(item_position(streak, index) or value_position(table, key), f"bonus streak streak for "
                        f"{key_text(key)}: each multiplier must be a whole number 1..{MAX_STREAK_MULTIPLIER}, got "
                        f"{describe(multiplier)}")
            return None
    return tuple(int(multiplier) for multiplier in streak)
