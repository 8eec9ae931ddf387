"""The exact return of a feature table (:mod:`videopoker.paytable.feature`) under perfect play.

A multiplier known on the deal scales every hold of that deal alike, so it never changes the
best hold; a wheel's prize is part of its trigger hands' worth, so it can.  Each dealt hand
therefore plays the best hold of its *worth*: the pay at ``max_coins`` plus, on a trigger hand,
the mean prize (all times the mean's denominator, so worths stay whole numbers and ties exact).
Deals are tallied apart by what decides their multiplier (Big Times Draw: the top card, aces
low), and the figures follow exactly from the counts and the moments of M and P::

    E[W]  = Σ_deals Σ_final E[M | deal] · (pay + t·E[P])
    E[W²] = Σ_deals Σ_final E[M² | deal] · (pay² + t·(2·pay·E[P] + E[P²]))

per coin of the whole bet (the feature's coins included), t = 1 on a trigger hand.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import DrawTables, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import (
    Analysis,
    _analysis,
    _total,
    analyze,
    pay_vector,
)
from videopoker.analysis.solve.tally import HoldTally, common_values, first_best
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import ACE_LOW, Feature
from videopoker.rules.definition import PayCategory
from videopoker.rules.lookup import JOKER_RANK, Game

#: Big Times Draw tallies deals by top rank, aces low: 1 (A) .. 13 (K); index 0 is never used.
TOP_GROUPS = 14


@dataclass(frozen=True)
class FeatureRow:
    """One final hand of a feature table's return table, per coin of the whole bet."""

    category: PayCategory
    pays: Fraction             # per coin at max_coins, as the pay column says
    combinations: int          # on the common denominator
    probability: Fraction
    base_return: Fraction      # what the pay column alone returns of the whole bet
    feature_return: Fraction   # with the multiplier and the prize: the hand's part of the return

    @property
    def one_in(self) -> float:
        return float(1 / self.probability) if self.probability else float("inf")


@dataclass(frozen=True)
class FeatureAnalysis:
    """A feature table solved: the return of its feature game and of its base game at max_coins."""

    paytable: Paytable          # as its feature bet judges and pays hands (Paytable.as_played)
    feature: Feature
    rows: tuple[FeatureRow, ...]
    total_combinations: int
    rtp: Fraction
    second_moment: Fraction     # E[W²], W the round's win per coin of the whole bet
    dealt_second_moment: float  # E[(M·v)²], v a dealt hand's expected worth per coin of the whole bet
    base: Analysis              # the same table at max_coins without the feature
    #: Per group of deals (what sets their multiplier), the final hands' counts by category.
    group_counts: tuple[tuple[int, ...], ...] = ()

    @property
    def coins(self) -> int:
        return self.feature.coins

    @property
    def variance(self) -> Fraction:
        return self.second_moment - self.rtp**2

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def covariance(self) -> float:
        """Two hands of one round share the deal, the hold and the multiplier."""
        return self.dealt_second_moment - float(self.rtp) ** 2

    def multi_standard_deviation(self, hands: int) -> float:
        return math.sqrt(float(self.variance) + (hands - 1) * self.covariance)

    def win_law(self) -> dict[int, Fraction]:
        """The law of one hand's win in coins: M × (pay + P on a trigger hand), over every
        multiplier, final hand and prize, each with its exact probability."""
        paytable, feature = self.paytable, self.feature
        game, bet = paytable.game, paytable.max_coins
        law: dict[int, Fraction] = {}
        prizes = feature.prizes
        prize_total = sum(weight for _, weight in prizes)
        for group, counts in enumerate(self.group_counts):
            if not any(counts):
                continue
            slices = feature.deal_multipliers(group if feature.depends_on_cards else None)
            total = sum(weight for _, weight in slices)
            for category, n in zip(game.categories, counts):
                if not n:
                    continue
                pay = paytable.pay(category, bet)
                spun = prizes if category in feature.trigger else ((0, 1),)
                spun_total = prize_total if category in feature.trigger else 1
                for multiplier, weight in slices:
                    for prize, chance in spun:
                        win = multiplier * (pay + prize)
                        law[win] = law.get(win, Fraction(0)) + Fraction(n * weight * chance,
                                                                         self.total_combinations * total * spun_total)
        return law

    def to_json(self, hands: int = 1) -> dict[str, Any]:
        """``analyze --json`` of a feature table: ``rtp`` is the feature game's."""
        return {
            "paytable": self.paytable.name, "game": self.paytable.game.key, "coins": self.coins, "multi": hands,
            "rtp": float(self.rtp), "base_rtp": float(self.base.rtp), "variance": float(self.variance),
            "standard_deviation": self.multi_standard_deviation(hands), "covariance": self.covariance,
            "feature": self.feature.to_json(), "total_combinations": self.total_combinations,
            "rows": [{"category": row.category, "pays": float(row.pays), "combinations": row.combinations,
                      "probability": float(row.probability), "one_in": row.one_in,
                      "return": float(row.feature_return), "base_return": float(row.base_return)}
                     for row in self.rows],
        }


def worth_vector(paytable: Paytable) -> tuple[npt.NDArray[np.float64], int]:
    """Each final hand's worth at max_coins (its pay, plus the mean prize on a trigger hand) times
    ``scale``, the mean prize's denominator: whole numbers, so holds compare exactly.  The hands
    are those the table judges at its feature bet (:meth:`~videopoker.paytable.Paytable.as_played`)."""
    feature = paytable.feature
    paytable = paytable.as_played(None)
    pays = pay_vector(paytable, paytable.max_coins)
    if feature is None or not feature.trigger:
        return pays, 1
    mean, _ = feature.prize_moments()
    worth = pays * mean.denominator
    for key in feature.trigger:
        worth[paytable.game.categories.index(key)] += mean.numerator
    return worth, mean.denominator


def top_ranks(game: Game, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.intp]:
    """:func:`~videopoker.paytable.feature.top_rank` of many hands (n, 5) of places in ``game``'s deck."""
    ranks = game.place_ranks  # 12 an ace, 13 a joker
    aces_low = np.where(ranks == JOKER_RANK, 0, np.where(ranks == 12, ACE_LOW, ranks + 2))
    top: npt.NDArray[np.intp] = aces_low.take(hands.astype(np.intp)).max(axis=1)
    return top


def deal_groups(tables: DrawTables, feature: Feature) -> npt.NDArray[np.intp] | None:
    """Per dealt-hand class, what decides its multiplier (its top rank, aces low), or None when
    every deal draws from the same multipliers."""
    return top_ranks(tables.game, tables.class_hands) if feature.depends_on_cards else None


def analyze_feature(paytable: Paytable, progress: Progress = _quiet) -> FeatureAnalysis:
    """Solve a feature table exactly: every deal's best hold of its worth and what the feature pays."""
    feature = paytable.feature
    if feature is None:
        raise VideoPokerError(f"{paytable.name!r} has no feature")
    if feature.carries_state:  # not one round's win: its own solver (multi_strike, ultimate_x)
        raise VideoPokerError(f"{paytable.name!r}: {feature.kind} carries state from round to round; `analyze`, "
                              f"`hint` and `simulate` know it, this does not yet (--coins {paytable.base_top_bet} "
                              "plays the base game)")
    bet, played = paytable.max_coins, paytable.as_played(None)
    worth, scale = worth_vector(paytable)
    file = cache_file("feature", played.game, "json", worth.tobytes(), json.dumps(feature.to_json()).encode(),
                      bytes([bet]))
    saved = _load(file, played, feature)
    if saved is None:
        tables = draw_tables(played.game, progress)
        progress(0.9, "best holds")
        groups = deal_groups(tables, feature)
        tally, paid = HoldTally(tables, bet * scale, TOP_GROUPS if groups is not None else 1), tables.paid(worth)
        for chunk in tables.class_chunks():
            values = common_values(tables, paid, chunk.ranks, chunk.dealt)
            tally.add(chunk, values, first_best(values), None if groups is None else groups[chunk.classes])
        saved = tally.group_combinations(), tally.group_second_moments()
        save(file, json.dumps({"combinations": saved[0], "second": saved[1]}).encode())
    progress(1.0, "done")
    combinations, seconds = saved
    base = analyze(paytable) if feature.trigger or played is not paytable else _analysis(
        paytable, bet, [sum(column) for column in zip(*combinations)], sum(seconds))
    return _figures(played, feature, combinations, seconds, base)


def _figures(paytable: Paytable, feature: Feature, combinations: list[list[int]], seconds: list[float],
             base: Analysis) -> FeatureAnalysis:
    game, bet, coins = paytable.game, paytable.max_coins, feature.coins
    total = _total(paytable)
    prize, prize_square = feature.prize_moments()
    by_category = [Fraction(0)] * len(game.categories)
    second, dealt_second = Fraction(0), 0.0
    for group, counts in enumerate(combinations):
        if not any(counts):
            continue
        mean, square = feature.multiplier_moments(group if feature.depends_on_cards else None)
        dealt_second += float(square) * seconds[group] * (bet / coins) ** 2
        for index, (category, n) in enumerate(zip(game.categories, counts)):
            pay, trigger = paytable.pay(category, bet), category in feature.trigger
            by_category[index] += n * mean * (pay + prize * trigger)
            second += n * square * (pay**2 + trigger * (2 * pay * prize + prize_square))
    rows = []
    for index, category in enumerate(game.categories):
        n = sum(counts[index] for counts in combinations)
        pay = paytable.pay(category, bet)
        rows.append(FeatureRow(category, Fraction(pay, bet), n, Fraction(n, total), Fraction(n * pay, total * coins),
                               by_category[index] / (total * coins)))
    rtp = sum((row.feature_return for row in rows), Fraction(0))
    return FeatureAnalysis(paytable, feature, tuple(rows), total, rtp, second / (total * coins**2), dealt_second,
                           base, tuple(tuple(counts) for counts in combinations))


def _load(file: Path, paytable: Paytable, feature: Feature) -> tuple[list[list[int]], list[float]] | None:
    """A cached solve, if whole: per group one count per category, every group summing to its deals."""
    try:
        data = json.loads(load(file) or b"null")
        combinations, seconds = data["combinations"], data["second"]
    except (ValueError, KeyError, TypeError):
        return None
    groups = TOP_GROUPS if feature.depends_on_cards else 1
    categories = len(paytable.game.categories)
    if (not isinstance(combinations, list) or len(combinations) != groups or not isinstance(seconds, list)
            or len(seconds) != groups or not all(isinstance(s, float) for s in seconds)
            or not all(isinstance(row, list) and len(row) == categories
                       and all(type(n) is int and n >= 0 for n in row) for row in combinations)
            or sum(map(sum, combinations)) != _total(paytable)):
        return None
    return combinations, seconds

