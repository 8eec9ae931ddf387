"""What a machine pays: the paytable value and the one limit on a pay.

Reading, checking, finding and writing paytable files live beside this module
(``paytable_yaml``, ``paytable_check``, ``paytable_names``, ``paytable_set``, ``paytable_write``);
:mod:`videopoker.paytable` gathers them under the one name the rest of the program imports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from videopoker.errors import PaytableError
from videopoker.paytable.feature import MAX_MULTIPLIER, Feature
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import Game

DEFAULT_MAX_COINS = 5
MAX_COINS_LIMIT = 10

#: The most a paytable may pay per coin bet; a total for a bet of n coins is at most n times this.
#:
#: Why this number: the analysis weighs pays by draw counts in float64, which is exact only below
#: 2**53 ≈ 9.0e15.  With a top total of MAX_PAY × MAX_COINS_LIMIT = 1e7 coins, the largest sum it
#: forms is the inclusion–exclusion over a dealt hand's 32 subsets, each at most C(53,5) hands:
#: 32 × 2,869,685 × 1e7 ≈ 9.2e14; a hold's value on the common denominator is at most
#: lcm(draw counts) × 1e7 ≈ 8.6e6 × 1e7 = 8.6e13.  Both stay ten times below 2**53, so every
#: figure is exact.  ``tests/test_pays.py`` recomputes this bound for every game.
MAX_PAY = 1_000_000
#: The most one hand can win: the top pay at a feature's multiplier, and a wheel's prize at it.
MOST_WIN = (MAX_PAY * MAX_COINS_LIMIT + MAX_PAY) * MAX_MULTIPLIER


def max_total(coins: int) -> int:
    """The largest total a bet of ``coins`` may pay."""
    return MAX_PAY * coins


def is_whole(value: Any) -> bool:
    """A whole number that is not a boolean (YAML ``true`` is not a pay)."""
    return isinstance(value, int) and not isinstance(value, bool)


def per_coin_totals(pay: int, max_coins: int) -> tuple[int, ...]:
    """The totals for bets of 1..max_coins coins when each coin pays ``pay``."""
    return tuple(pay * coins for coins in range(1, max_coins + 1))


def per_coin_of(totals: Sequence[Any]) -> int | None:
    """The pay per coin when ``totals`` are that pay times each bet (a file writes such a row as one
    figure), else ``None`` (a list: a jackpot for the top bet, or values still being typed)."""
    first: Any = totals[0] if totals else None
    if is_whole(first) and all(is_whole(total) and total == first * coins for coins, total in enumerate(totals, 1)):
        return int(first)
    return None


def amount_problem(value: Any, coins: int = 1) -> str | None:
    """Why ``value`` cannot be the total paid for a bet of ``coins``, or ``None`` when it can."""
    if not is_whole(value) or value < 0:
        return "must be a whole number of coins ≥ 0"
    if value > max_total(coins):
        per = " per coin" if coins == 1 else f" for {coins} coins ({MAX_PAY:,} per coin)"
        return f"is more than the most a paytable may pay, {max_total(coins):,}{per}"
    return None


@dataclass(frozen=True)
class Progressive:
    """A jackpot meter on one hand, as a casino's progressive machine runs it.

    The meter is in credits at the top bet: every credit bet adds ``rate`` of a credit to it, the
    hand made at the top bet pays the meter's whole credits instead of its fixed total, and a hit
    sets it back to ``base``.  Below the top bet the hand pays its fixed total.
    """

    hand: PayCategory
    base: int
    rate: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "base": self.base, "rate": f"{self.rate.numerator}/{self.rate.denominator}"}


@dataclass(frozen=True)
class Paytable:
    """What a machine pays: for each paying category, the total for a bet of 1..max_coins coins.

    A table may run a ``progressive`` meter on one hand, may offer ``double_up`` after a win, and
    may sell a ``feature`` for a bet above ``max_coins`` (:mod:`videopoker.paytable.feature`).
    """

    name: str
    game: Game
    max_coins: int
    pays: Mapping[PayCategory, tuple[int, ...]]
    source: Path | None = field(default=None, compare=False)
    progressive: Progressive | None = None
    double_up: bool = False
    feature: Feature | None = None

    def base_bet(self, coins: int | None) -> int:
        """The bet of the base game a figure is asked at: ``coins``, 1..max_coins (default max_coins)."""
        bet = self.max_coins if coins is None else coins
        if not 1 <= bet <= self.max_coins:
            feature = f", or {self.feature.coins} to play its {self.feature.kind}" if self.feature else ""
            raise PaytableError(f"--coins {bet}: {self.name!r} takes 1..{self.max_coins} coins{feature}")
        return bet

    def plays_feature(self, coins: int | None) -> bool:
        """Whether a bet of ``coins`` a hand (None: the top bet) plays the table's feature."""
        return self.feature is not None and coins in (None, self.feature.coins)

    def as_played(self, coins: int | None) -> Paytable:
        """The table as a hand bet ``coins`` (None: the top bet) is judged and paid by: itself, but at
        a feature bet whose kind judges hands its own way, the game and pays it plays there (Quick
        Quads: 3-6-9-9-9 is four of a kind).  Play, the record and the analysis all ask here."""
        return self._at_feature_bet if self.plays_feature(coins) else self

    @cached_property
    def _at_feature_bet(self) -> Paytable:
        judged = self.feature.judging(self.game, self.pays, self.max_coins) if self.feature is not None else None
        if judged is None:
            return self
        played = replace(self, game=judged[0], pays=judged[1])
        played.__dict__["_at_feature_bet"] = played  # the table as played plays as itself: judged once
        return played

    @cached_property
    def every_category(self) -> tuple[PayCategory, ...]:
        """Every hand the table pays at any bet, as the record numbers them: its game's, then those
        only its feature bet judges (Quick Quads' quick quads), so a number is one hand at every bet."""
        mine = self.game.categories
        return (*mine, *(key for key in self.as_played(None).game.categories if key not in mine))

    def label(self, category: PayCategory) -> str:
        """The machine's name of a hand the table pays at any bet (``QUICK 5s-10s``, ``FULL HOUSE``)."""
        return self.as_played(None).game.label(category)

    @property
    def base_top_bet(self) -> int:
        """The most a hand bets on the base game alone: ``max_coins``, one less where a feature plays
        there (a feature that takes no extra coin)."""
        return self.max_coins - 1 if self.plays_feature(self.max_coins) and self.max_coins > 1 else self.max_coins

    @property
    def base_game_words(self) -> str:
        """What a figure of the table's pays alone is, where the table sells a feature: said beside
        a chart or a sweep so a feature table is never answered as its base game without a word."""
        return f"the base game, without its {self.feature.kind}" if self.feature is not None else ""

    @property
    def top_bet(self) -> int:
        """The most a hand can bet: the feature's coins where there is one, else ``max_coins``."""
        return self.feature.coins if self.feature else self.max_coins

    def pay(self, category: PayCategory, coins: int) -> int:
        """Coins paid for ``category`` on a bet of ``coins`` (0 for ``nothing``)."""
        if not 1 <= coins <= self.max_coins:
            raise PaytableError(f"a bet is 1..{self.max_coins} coins on {self.name!r}, got {coins}")
        return self.pays[category][coins - 1] if category in self.pays else 0

    def pays_per_coin(self, coins: int | None = None) -> list[float]:
        """Per coin bet at ``coins`` (default max), one figure per game category, ``nothing`` 0."""
        bet = self.max_coins if coins is None else coins
        return [self.pay(category, bet) / bet for category in self.game.categories]

    def with_pays(self, changes: Mapping[PayCategory, tuple[int, ...]], name: str | None = None) -> Paytable:
        """A variant with some categories repriced (``analyze --set``)."""
        pays = dict(self.pays) | dict(changes)
        return replace(self, name=name or f"{self.name} (modified)", pays=pays, source=None)

    def at_meter(self, meter: int) -> Paytable:
        """The table as it pays with the progressive meter at ``meter`` whole credits: the hand's
        total at the top bet is the meter (what the analysis solves; the machine pays the same)."""
        if self.progressive is None:
            raise PaytableError(f"{self.name!r} has no progressive meter")
        totals = self.pays[self.progressive.hand]
        return replace(self, pays=dict(self.pays) | {self.progressive.hand: (*totals[:-1], meter)})

    @property
    def stem(self) -> str:
        return self.source.stem if self.source else self.name
