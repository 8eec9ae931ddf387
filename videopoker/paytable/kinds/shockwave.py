"""Shockwave: a four of a kind starts Shockwave mode for the next ``hands`` hands, in which a four of
a kind pays far more (800 a coin) and ends the mode without starting another.  One line, no extra
coin: the feature plays at ``max_coins``, so a file gives no ``coins``.

Its state is the hands left in the mode (:class:`Mode`, 0 in regular mode).  A trigger hand in
regular mode, at the feature bet, starts the mode with the next hand; every hand in the mode pays
the mode's pays where it lists the hand (per coin) and counts the mode down, at any bet, and a hand
that ends it ends it.  The machine keeps the hands left from one round to the next, and the wallet
with every round, as it keeps Ultimate X's lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import GameError
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import AfterDraw, Drawn, Feature, PlayState
from videopoker.paytable.feature_reading import Reading, read_hands, read_pays
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, value_position

#: The longest Shockwave mode a table may give.
MOST_HANDS = 100


@dataclass(frozen=True)
class HandsLeft(PlayState):
    """The hands left in Shockwave mode when a round is dealt (0: regular mode), and, once drawn,
    what it left for the next round (``after``)."""

    left: int
    after: int | None = None

    def describe(self) -> str:
        return f"Shockwave mode, {self.left} hands left" if self.left else "regular mode"

    def to_json(self) -> dict[str, Any]:
        return {"shockwave_left": self.left, **({"shockwave_after": self.after} if self.after is not None else {})}

    def kept_json(self) -> Any:
        return self.left


@dataclass(frozen=True)
class Shockwave(Feature):
    """``starts``: the hands that start the mode (the file's ``trigger``); ``pays``: per coin, what a
    hand pays in the mode; ``ends_on``: the hands that end it."""

    hands: int = 10
    starts: tuple[PayCategory, ...] = ()
    pays: tuple[tuple[PayCategory, int], ...] = ()
    ends_on: tuple[PayCategory, ...] = ()

    kind: ClassVar[str] = "shockwave"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "hands", "trigger", "pays", "ends_on")
    EXAMPLE: ClassVar[str] = ("{kind: shockwave, hands: 10, trigger: [four_of_a_kind], "
                              "pays: {four_of_a_kind: 800}, ends_on: [four_of_a_kind]}")
    carries_state: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> Shockwave | None:
        written: Any = spec.get("hands")
        hands = int(written) if is_whole(written) and 1 <= written <= MOST_HANDS else None
        if hands is None:
            reading.add(value_position(spec, "hands"), f"shockwave hands must be how many hands the mode lasts, a "
                        f"whole number 1..{MOST_HANDS}, got {describe(written)}")
        starts = _hands(spec, "trigger", "start the mode", reading)
        ends = _hands(spec, "ends_on", "end the mode", reading)
        pays = read_pays(spec, "shockwave pays", "in the mode", reading)
        if hands is None or starts is None or ends is None or pays is None:
            return None
        return cls(reading.max_coins or 0, hands, starts, pays, ends)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "hands": self.hands, "trigger": list(self.starts), "pays": dict(self.pays),
                "ends_on": list(self.ends_on)}  # no coins: it plays at max_coins

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        starts = " or ".join(label(key) for key in self.starts)
        pays = ", ".join(f"{label(key)} {pay:,} a coin" for key, pay in self.pays)
        ends = " or ".join(label(key) for key in self.ends_on)
        return [f"Shockwave, no extra coin: {starts} starts Shockwave mode for the next {self.hands} hands",
                f"in the mode: {pays}", f"the mode ends after its hands, or on {ends}"]

    # -- its state: the hands left in the mode ----------------------------------------------------

    @property
    def played_hands(self) -> tuple[int, ...]:
        return (1,)

    def mode_pay(self, category: PayCategory) -> int | None:
        """What ``category`` pays a coin in the mode, where the mode pays it otherwise."""
        return dict(self.pays).get(category)

    def carried(self, kept: PlayState | None, hands: int) -> PlayState | None:
        if hands not in self.played_hands:
            return None
        return HandsLeft(kept.left) if isinstance(kept, HandsLeft) else HandsLeft(0)

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        return carried  # the mode counts down at any bet

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        if state is None:
            return
        if not isinstance(state, HandsLeft) or hands not in self.played_hands:
            raise GameError("Shockwave plays one hand a round")
        if not 0 <= state.left <= self.hands:
            raise GameError(f"a Shockwave mode has 0..{self.hands} hands left, not {state.left}")

    def state_pay(self, state: PlayState | None, category: PayCategory, pay: int, coins: int) -> int:
        mode_pay = self.mode_pay(category)
        if isinstance(state, HandsLeft) and state.left and mode_pay is not None:
            return mode_pay * coins
        return pay

    def after_draw(self, state: PlayState, dealt: tuple[Card, ...], held: tuple[bool, ...],
                   drawn: Sequence[Drawn], plays: bool) -> AfterDraw:
        assert isinstance(state, HandsLeft)
        ((_, category, _),) = drawn
        if state.left:
            after = 0 if category in self.ends_on else state.left - 1
        else:
            after = self.hands if plays and category in self.starts else 0
        return AfterDraw(HandsLeft(state.left, after), None, HandsLeft(after) if after else None)

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        if "shockwave_left" not in data:
            return None
        return HandsLeft(strict.whole(data, "shockwave_left", where, 0, MOST_HANDS))

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        if "shockwave_left" not in data:
            return None
        return HandsLeft(strict.whole(data, "shockwave_left", where, 0, MOST_HANDS),
                         strict.whole(data, "shockwave_after", where, 0, MOST_HANDS))

    @classmethod
    def kept_of_json(cls, data: Any, where: str) -> PlayState | None:
        if not isinstance(data, int) or isinstance(data, bool):
            return None
        return HandsLeft(strict.whole({"left": data}, "left", where, 1, MOST_HANDS))


def _hands(spec: Mapping[Any, Any], key: str, does: str, reading: Reading) -> tuple[PayCategory, ...] | None:
    """A list of the game's paying hands, each once."""
    game = reading.game
    hands = [str(category) for category in game.paying] if game is not None else None
    return read_hands(spec, key, f"shockwave {key}", does, hands, "paying hand", reading)
