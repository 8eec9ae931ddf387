"""A feature: a bet above ``max_coins`` per hand that buys a multiplier or a prize wheel.

Every kind is one model of the round's win, so the analysis, the machine and the ledger handle
them all alike::

    win = M × (pay of the final hand at max_coins + P if that hand is a trigger)

``M`` is known on the deal, before the hold (``big times draw``: fixed by the highest card dealt;
``times pay``: drawn by weight), ``P`` is drawn after the draw (``wheel``).  A kind without one of
them has M = 1 or no trigger.  Wins are paid from the ``max_coins`` column and returns are quoted
per coin of the whole bet, the feature's coins included, as published tables do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from videopoker.deck.cards import JOKER_INDEX, RANK_SYMBOLS
from videopoker.rules.definition import PayCategory

#: The most coins a hand's feature bet may take.
MAX_FEATURE_COINS = 20
#: The largest multiplier, and the largest weight of one slice of a multiplier or prize wheel.
MAX_MULTIPLIER = 1000
MAX_WEIGHT = 1_000_000

#: Big Times Draw's ranks, aces low: the top card of a hand is its highest rank counting an ace as 1.
ACE_LOW = 1
TOP_RANK_NAMES = {ACE_LOW: "A", **{rank: RANK_SYMBOLS[rank - 2] for rank in range(2, 14)}}
TOP_RANK_NAMES[10] = "10"


class FeatureKind(StrEnum):
    BIG_TIMES_DRAW = "big times draw"
    TIMES_PAY = "times pay"
    WHEEL = "wheel"


Weights = tuple[tuple[int, int], ...]  # (value, weight) pairs, as written


def top_rank(cards: Sequence[int]) -> int | None:
    """The highest rank of the cards (indices) counting aces low, jokers not counted: 1 (A) .. 13 (K);
    ``None`` for a hand of jokers alone (which five cards never are)."""
    ranks = [ACE_LOW if card // 4 == 12 else card // 4 + 2 for card in cards if card < JOKER_INDEX]
    return max(ranks) if ranks else None


def _mean(weights: Weights, power: int = 1) -> Fraction:
    total = sum(weight for _, weight in weights)
    return Fraction(sum(value**power * weight for value, weight in weights), total)


@dataclass(frozen=True)
class Feature:
    """What a table's feature bet buys.

    ``by_top_rank`` (big times draw) maps a top rank, aces low, to its multiplier; ``multipliers``
    (times pay) are (multiplier, weight) slices; ``trigger`` and ``wheel`` (prize in credits,
    weight) are a wheel's.
    """

    kind: FeatureKind
    coins: int
    by_top_rank: tuple[tuple[int, int], ...] = ()
    multipliers: Weights = ()
    trigger: tuple[PayCategory, ...] = ()
    wheel: Weights = ()

    def deal_multipliers(self, top: int | None) -> Weights:
        """The multipliers a deal of top rank ``top`` can bring, with their weights."""
        if self.kind is FeatureKind.BIG_TIMES_DRAW:
            return ((dict(self.by_top_rank)[top if top is not None else ACE_LOW], 1),)
        if self.kind is FeatureKind.TIMES_PAY:
            return self.multipliers
        return ((1, 1),)

    @property
    def depends_on_cards(self) -> bool:
        """Whether the multiplier is read from the cards dealt (so the analysis splits deals by it)."""
        return self.kind is FeatureKind.BIG_TIMES_DRAW

    def multiplier_moments(self, top: int | None) -> tuple[Fraction, Fraction]:
        """E[M] and E[M²] on a deal of top rank ``top``."""
        slices = self.deal_multipliers(top)
        return _mean(slices), _mean(slices, 2)

    @property
    def prizes(self) -> Weights:
        return self.wheel if self.wheel else ((0, 1),)

    def prize_moments(self) -> tuple[Fraction, Fraction]:
        """E[P] and E[P²] of the prize a trigger hand adds, in credits (coins)."""
        return _mean(self.prizes), _mean(self.prizes, 2)

    def to_json(self) -> dict[str, Any]:
        """The feature as a paytable file writes it (keys of mappings as text)."""
        data: dict[str, Any] = {"kind": str(self.kind), "coins": self.coins}
        if self.kind is FeatureKind.BIG_TIMES_DRAW:
            data["multipliers"] = {TOP_RANK_NAMES[rank]: m for rank, m in self.by_top_rank}
        elif self.kind is FeatureKind.TIMES_PAY:
            data["multipliers"] = {str(m): weight for m, weight in self.multipliers}
        else:
            data["trigger"] = list(self.trigger)
            data["wheel"] = {str(prize): weight for prize, weight in self.wheel}
        return data

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        """What the feature does, for a person, in lines of at most 80 characters."""
        head = f"{str(self.kind).capitalize()}, {self.coins} coins a hand"
        if self.kind is FeatureKind.BIG_TIMES_DRAW:
            return [f"{head}: the top card dealt (aces low) multiplies wins",
                    "  ".join(f"{TOP_RANK_NAMES[rank]}:{m}X" for rank, m in self.by_top_rank)]
        if self.kind is FeatureKind.TIMES_PAY:
            mean, _ = self.multiplier_moments(None)
            chance = 1 - Fraction(dict(self.multipliers).get(1, 0), sum(w for _, w in self.multipliers))
            return [f"{head}: a multiplier on {float(chance):.2%} of deals, {float(mean):.4f}X on average"]
        import textwrap

        mean, _ = self.prize_moments()
        names = ", ".join(label(key) for key in self.trigger)
        return textwrap.wrap(f"{head}: a wheel prize of {float(mean):,.2f} credits on average for {names}", 80)
