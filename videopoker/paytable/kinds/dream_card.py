"""Dream Card: for 10 coins a hand (wins on the 5-coin column), with the ``chance`` the table states
a deal is four cards and a *dream card*: the fifth card the machine makes the one with the best
expected pay under perfect play.  The player may choose any other card the deck holds before the
hold; then the round plays as any other, drawing from the deck without the five.

The chance is drawn by the machine's RNG on the deal, as a times-pay multiplier is; the card is
chosen by the engine (:meth:`~videopoker.analysis.features.engine.Engine.dealt`), which knows the
best hold of every hand.  The round carries where the dream card lies and which card the machine
offered (:class:`Dreamt`), so the glass, the wallet and the record say it, and a player who chose
another card is shown the best one beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from videopoker.deck.cards import Card, RandomLike
from videopoker.errors import CardError, GameError
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import Drawn, Feature, PlayState
from videopoker.paytable.feature_reading import Reading, chance, decimal, read_coins
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, value_position

#: Where the dream card lies on the glass: the fifth place, beside the four dealt.
DREAM_PLACE = 4
#: The chances a table may state: whole millionths are as fine as any cabinet's setting.
FINEST_CHANCE = 1_000_000


@dataclass(frozen=True)
class Dreamt(PlayState):
    """A deal with a dream card: its place, and the card the machine offered there (None until the
    engine chose it; the card in the place may be another the player chose)."""

    place: int = DREAM_PLACE
    offered: int | None = None

    #: The state says what was dealt, not what decides a hold: the hold is the plain game's.
    decides_hold: ClassVar[bool] = False

    def describe(self) -> str:
        offered = f", {Card(self.offered)} offered" if self.offered is not None else ""
        return f"a dream card in place {self.place + 1}{offered}"

    def to_json(self) -> dict[str, Any]:
        return {"dream_place": self.place,
                **({"dream_offered": str(Card(self.offered))} if self.offered is not None else {})}


def _dreamt(data: Mapping[str, Any], where: str) -> Dreamt | None:
    """A :class:`Dreamt` from a round's record, if it has one; ValueError naming the place if damaged."""
    if not isinstance(data, Mapping) or "dream_place" not in data:
        return None
    place = strict.whole(data, "dream_place", where, 0, DREAM_PLACE)
    offered = data.get("dream_offered")
    if offered is None:
        return Dreamt(place)
    try:
        card = Card.parse(offered) if isinstance(offered, str) else None
    except CardError:
        card = None
    if card is None:
        raise ValueError(f"{where}.dream_offered is not a card")
    return Dreamt(place, card.index)


@dataclass(frozen=True)
class DreamCard(Feature):
    """``chance``: of a deal at the feature bet being four cards and a dream card."""

    chance: Fraction = Fraction(0)

    kind: ClassVar[str] = "dream card"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "chance")
    EXAMPLE: ClassVar[str] = "{kind: dream card, coins: 10, chance: 0.25}"

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> DreamCard | None:
        coins = read_coins(spec, reading)
        written = spec.get("chance")
        read = chance(written)
        if read is None or read == 0 or (FINEST_CHANCE * read).denominator != 1:
            reading.add(value_position(spec, "chance"), f"dream card chance must be the chance of a deal with a dream "
                        f"card, above 0 and below 1 in whole millionths (0.25, or 1/4), got {describe(written)}")
            return None
        return cls(coins, read) if coins else None

    def settings_json(self) -> dict[str, Any]:
        return {"chance": decimal(self.chance)}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        return [f"{self.head}: {float(self.chance):.2%} of deals are four cards and a dream card,",
                "the fifth card of the best expected pay (you may choose another)"]

    # -- the deal it changes: a state of the deal, not one carried from round to round -------------

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        if not plays:
            return None
        drawn = Fraction(rng.randrange(FINEST_CHANCE), FINEST_CHANCE)
        return Dreamt() if drawn < self.chance else None

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        if state is None:
            return
        if not isinstance(state, Dreamt) or not plays:
            raise GameError("a dream card is dealt at the dream card bet only")
        if state.offered is None:
            raise GameError("a dream deal is shown with the card the machine offers")

    def chosen_place(self, state: PlayState | None) -> int | None:
        return state.place if isinstance(state, Dreamt) else None

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        return _dreamt(data, where)

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        return _dreamt(data, where)
