"""Multi-Strike: a stack of ``levels`` of one hand each, paying 1X, 2X, 4X, ... bottom first; a
paying hand, or a free ride shown on a level's deal, opens the next level.  Its bet is
``max_coins`` a level, so a file gives no ``coins``.

Its state is the level in play (:class:`Climb`).  The whole stack is bet on the first deal.  Each
level's deal may show a free ride, drawn by the machine's RNG on the deal and saved with it before
the glass shows it.  A level pays its multiplier times the pay column at max_coins; a paying hand
or a free ride opens the level above, dealt at once from a fresh deck; otherwise, or after the
top level, the round ends (:class:`Stack`).  The levels played so far travel with the level in
play, so the wallet keeps a stack mid-climb exactly through a kill -9.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import MAX_MULTIPLIER, AfterDraw, Drawn, Feature, PlayState, Weights
from videopoker.paytable.feature_reading import Reading, chance, decimal
from videopoker.paytable.pays import MOST_WIN, is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, item_position, value_position

#: Multi-Strike stacks 2..5 levels.
MOST_LEVELS = 5


@dataclass(frozen=True)
class LevelPlayed:
    """One level of a stack, drawn and paid."""

    level: int                      # 1 at the bottom
    free_ride: bool                 # its deal showed a free ride
    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    final: tuple[Card, ...]
    category: PayCategory
    win: int                        # its multiplier times the pay column at max_coins

    @property
    def opens(self) -> bool:
        """Whether it opens the level above: it paid, or rode free."""
        return self.free_ride or self.win > 0

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "free_ride": self.free_ride, "dealt": [str(c) for c in self.dealt],
                "held": list(self.held), "final": [str(c) for c in self.final], "category": self.category,
                "win": self.win}

    @classmethod
    def of_json(cls, data: Any, where: str) -> LevelPlayed:
        """A level kept by a wallet (its place in the stack is checked by the round)."""
        return cls(strict.whole(data, "level", where, 1, MOST_LEVELS), strict.boolean(data, "free_ride", where),
                   strict.cards(data, "dealt", where), strict.flags(data, "held", where),
                   strict.cards(data, "final", where), strict.category(data, where),
                   strict.whole(data, "win", where, 0, MOST_WIN))


@dataclass(frozen=True)
class Climb(PlayState):
    """A level in play: its number (1 at the bottom), whether its deal showed a free ride, and the
    levels played under it."""

    level: int
    free_ride: bool = False
    below: tuple[LevelPlayed, ...] = ()

    def describe(self) -> str:
        return f"level {self.level}" + (" with a free ride" if self.free_ride else "")

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "free_ride": self.free_ride, "below": [played.to_json() for played in self.below]}

    @property
    def earlier(self) -> tuple[Drawn, ...]:
        return tuple((played.final, played.category, played.win) for played in self.below)


@dataclass(frozen=True)
class Stack(PlayState):
    """A stack played to its end: every level, bottom first."""

    levels: tuple[LevelPlayed, ...]

    def describe(self) -> str:
        return f"{len(self.levels)} levels played"

    def to_json(self) -> dict[str, Any]:
        return {"levels": [{"level": played.level, "free_ride": played.free_ride,
                            "dealt": [str(c) for c in played.dealt], "held": list(played.held)}
                           for played in self.levels]}

    @property
    def stack(self) -> tuple[Drawn, ...]:
        return tuple((played.final, played.category, played.win) for played in self.levels)


@dataclass(frozen=True)
class MultiStrike(Feature):
    """``levels``: each level's pay multiplier, bottom first; ``free_ride``: a free ride's chance on
    each level but the top."""

    levels: tuple[int, ...] = ()
    free_ride: tuple[Fraction, ...] = ()

    kind: ClassVar[str] = "multi-strike"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "levels", "free_ride")
    EXAMPLE: ClassVar[str] = "{kind: multi-strike, levels: [1, 2, 4, 8], free_ride: [0.08, 0.078, 0.078]}"
    carries_state: ClassVar[bool] = True
    stacks: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> MultiStrike | None:
        """``levels: [1, 2, 4, 8]`` and ``free_ride: [p1, p2, p3]``, max_coins a level."""
        add = reading.add
        levels, place = spec.get("levels"), value_position(spec, "levels")
        if (not isinstance(levels, list) or not 2 <= len(levels) <= MOST_LEVELS
                or not all(is_whole(m) and 1 <= m <= MAX_MULTIPLIER for m in levels)):
            add(place, f"multi-strike levels must list 2..{MOST_LEVELS} pay multipliers, bottom level first, each a "
                f"whole number 1..{MAX_MULTIPLIER}, like [1, 2, 4, 8], got {describe(levels)}")
            return None
        rides, place = spec.get("free_ride"), value_position(spec, "free_ride") or place
        if not isinstance(rides, list) or len(rides) != len(levels) - 1:
            add(place, f"multi-strike free_ride must list the chance of a free ride on each level but the top "
                f"({len(levels) - 1} for {len(levels)} levels), like [0.08, 0.078, 0.078], got {describe(rides)}")
            return None
        chances = []
        for index, written in enumerate(rides):
            read = chance(written)
            if read is None:
                add(item_position(rides, index) or place, f"multi-strike free_ride: level {index + 1}'s chance must "
                    f"be a number from 0 up to but not 1 (0.076, or \"19/250\"), got {describe(written)}")
                return None
            chances.append(read)
        coins = len(levels) * (reading.max_coins or 0)
        return cls(coins, levels=tuple(int(m) for m in levels), free_ride=tuple(chances))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "levels": list(self.levels),  # max_coins a level: the table says it
                "free_ride": [decimal(ride) for ride in self.free_ride]}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        rides = ", ".join(f"{float(ride):.2%}" for ride in self.free_ride)
        return [f"Multi-strike, {len(self.levels)} levels of {self.coins // len(self.levels)} coins paying "
                + ", ".join(f"{m}X" for m in self.levels),
                "a paying hand opens the next level, as does a free ride on the deal",
                f"free ride chances, level 1 up: {rides}"]

    # -- its state: the level in play --------------------------------------------------------------

    @property
    def played_hands(self) -> tuple[int, ...]:
        return (1,)

    def ride(self, level: int, rng: RandomLike) -> bool:
        """Whether the deal of ``level`` shows a free ride: its chance exactly, drawn by the RNG."""
        if level >= len(self.levels):
            return False  # the top level has none
        odds = self.free_ride[level - 1]
        return rng.randrange(odds.denominator) < odds.numerator

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        if not plays:
            return None
        climb = carried if isinstance(carried, Climb) else Climb(1)
        return replace(climb, free_ride=self.ride(climb.level, rng))

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        if state is None and not plays:
            return
        if not isinstance(state, Climb) or not plays:
            raise GameError("only a Multi-Strike table at its feature bet plays levels"
                            if state is not None else f"a Multi-Strike round is on a level 1..{len(self.levels)} "
                            f"above the levels played under it")
        if hands != 1:
            raise GameError("Multi-Strike plays one hand a level")
        level, below = state.level, state.below
        if not 1 <= level <= len(self.levels) or len(below) != level - 1:
            raise GameError(f"a Multi-Strike round is on a level 1..{len(self.levels)} above the levels played "
                            f"under it")
        if state.free_ride and level == len(self.levels):
            raise GameError("the top level has no free ride")
        if [played.level for played in below] != list(range(1, level)) or not all(played.opens for played in below):
            raise GameError("every level under the one in play was played and opened it")

    def round_multipliers(self, state: PlayState | None, top: int | None) -> Weights:
        return ((self.levels[state.level - 1], 1),) if isinstance(state, Climb) else self.deal_multipliers(top)

    def after_draw(self, state: PlayState, dealt: tuple[Card, ...], held: tuple[bool, ...],
                   drawn: Sequence[Drawn], plays: bool) -> AfterDraw:
        assert isinstance(state, Climb)
        (final, category, win), = drawn
        played = LevelPlayed(state.level, state.free_ride, dealt, held, final, category, win)
        if played.opens and state.level < len(self.levels):
            return AfterDraw(None, Climb(state.level + 1, below=(*state.below, played)), None)
        return AfterDraw(Stack((*state.below, played)), None, None)

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        if "level" not in data:
            return None
        below = tuple(LevelPlayed.of_json(item, f"{where}.below[{n}]")
                      for n, item in enumerate(strict.listed(data, "below", where, MOST_LEVELS)))
        return Climb(strict.whole(data, "level", where, 1, MOST_LEVELS), strict.boolean(data, "free_ride", where),
                     below)

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        if "levels" not in data:
            return None
        items = strict.listed(data, "levels", where, MOST_LEVELS)
        if len(items) != len(drawn):
            raise ValueError(f"{where}.levels has {len(items)} levels for {len(drawn)} hands")
        return Stack(tuple(LevelPlayed.of_json({**item, "final": [str(c) for c in final], "category": category,
                                                "win": win} if isinstance(item, dict) else item,
                                               f"{where}.levels[{n}]")
                           for n, (item, (final, category, win)) in enumerate(zip(items, drawn))))
