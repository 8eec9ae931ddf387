"""A feature: a bet above ``max_coins`` per hand that buys a multiplier, a prize wheel, or a game
that carries state from one round to the next.

The kinds that play round by round (Feature games I) are one model of the round's win, so the
analysis, the machine and the ledger handle them all alike::

    win = M × (pay of the final hand at max_coins + P if that hand is a trigger)

``M`` is known on the deal, before the hold (``big times draw``: fixed by the highest card dealt;
``times pay``: drawn by weight), ``P`` is drawn after the draw (``wheel``).  A kind without one of
them has M = 1 or no trigger.  Wins are paid from the ``max_coins`` column and returns are quoted
per coin of the whole bet, the feature's coins included, as published tables do.

Two kinds carry state across rounds, so the right hold depends on more than the cards (Feature
games II): ``multi-strike`` stacks ``levels`` of one hand each, paying 1X, 2X, 4X, ... where a
paying hand or a free ride opens the next level; ``ultimate x`` gives every winning line a
multiplier for that line's next win.  Their solvers are :mod:`videopoker.analysis.features.multi_strike.solve`
and :mod:`videopoker.analysis.features.ultimate_x.solve`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from videopoker.deck.cards import JOKER_INDEX, RANK_SYMBOLS
from videopoker.rules.definition import PayCategory

#: The most coins a hand's feature bet may take (a multi-strike stack of five levels at ten coins).
MAX_FEATURE_COINS = 50
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
    MULTI_STRIKE = "multi-strike"
    ULTIMATE_X = "ultimate x"


#: Multi-Strike stacks 2..5 levels; Ultimate X offers its multipliers at these hands a round.
MOST_LEVELS = 5
ULTIMATE_X_LINES = (1, 3, 5, 10)
#: The largest multiplier a line of Ultimate X may earn (published tables stop at 12X): the
#: solver's states are the sums of the lines' multipliers, up to 10 lines × this.
MAX_LINE_MULTIPLIER = 50


Weights = tuple[tuple[int, int], ...]  # (value, weight) pairs, as written


def top_rank(cards: Sequence[int]) -> int | None:
    """The highest rank of the cards (indices) counting aces low, jokers not counted: 1 (A) .. 13 (K);
    ``None`` for a hand of jokers alone (which five cards never are)."""
    ranks = [ACE_LOW if card // 4 == 12 else card // 4 + 2 for card in cards if card < JOKER_INDEX]
    return max(ranks) if ranks else None


def _decimal(chance: Fraction) -> float | str:
    """A chance as a file writes it: a decimal number where it is one, else ``"n/d"``."""
    as_float = float(chance)
    return as_float if Fraction(str(as_float)) == chance else f"{chance.numerator}/{chance.denominator}"


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
    levels: tuple[int, ...] = ()               # multi-strike: each level's pay multiplier, bottom first
    free_ride: tuple[Fraction, ...] = ()       # multi-strike: a free ride's chance on each level but the top
    #: ultimate x: for each number of hands a round it offers, the multiplier each hand earns its line
    line_tables: tuple[tuple[int, tuple[tuple[PayCategory, int], ...]], ...] = ()

    @property
    def carries_state(self) -> bool:
        """Whether the right hold depends on state carried across rounds (Feature games II)."""
        return self.kind in (FeatureKind.MULTI_STRIKE, FeatureKind.ULTIMATE_X)

    @property
    def offered_lines(self) -> tuple[int, ...]:
        """Ultimate X: the numbers of hands a round its multipliers are published for."""
        return tuple(lines for lines, _ in self.line_tables)

    def line_multipliers(self, lines: int) -> dict[PayCategory, int]:
        """Ultimate X: the multiplier each hand earns its line in a round of ``lines`` hands (a hand
        not listed, and a losing one, earn 1)."""
        return dict(dict(self.line_tables)[lines])

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
        elif self.kind is FeatureKind.MULTI_STRIKE:
            del data["coins"]  # max_coins a level: the table says it
            data["levels"] = list(self.levels)
            data["free_ride"] = [_decimal(chance) for chance in self.free_ride]
        elif self.kind is FeatureKind.ULTIMATE_X:
            data["multipliers"] = {str(lines): dict(table) for lines, table in self.line_tables}
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
        if self.kind is FeatureKind.MULTI_STRIKE:
            rides = ", ".join(f"{float(chance):.2%}" for chance in self.free_ride)
            return [f"Multi-strike, {len(self.levels)} levels of {self.coins // len(self.levels)} coins paying "
                    + ", ".join(f"{m}X" for m in self.levels),
                    "a paying hand opens the next level, as does a free ride on the deal",
                    f"free ride chances, level 1 up: {rides}"]
        if self.kind is FeatureKind.ULTIMATE_X:
            said = [f"Ultimate X, {self.coins} coins a hand: a winning hand earns its line a multiplier for its "
                    "next win"]
            for lines, table in self.line_tables:
                said += textwrap.wrap(f"{lines}-play: " + ", ".join(f"{label(key)} {m}X" for key, m in table), 80,
                                      subsequent_indent="  ")
            return said
        if self.kind is FeatureKind.TIMES_PAY:
            mean, _ = self.multiplier_moments(None)
            chance = 1 - Fraction(dict(self.multipliers).get(1, 0), sum(w for _, w in self.multipliers))
            return [f"{head}: a multiplier on {float(chance):.2%} of deals, {float(mean):.4f}X on average"]
        mean, _ = self.prize_moments()
        names = ", ".join(label(key) for key in self.trigger)
        return textwrap.wrap(f"{head}: a wheel prize of {float(mean):,.2f} credits on average for {names}", 80)
