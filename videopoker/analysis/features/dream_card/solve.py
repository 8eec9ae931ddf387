"""Dream Card solved exactly: a plain deal with the chance the table does not state, a dream deal
with the one it does, each played perfectly.

A plain deal is the base game's (every class of five cards, its best hold).  A dream deal is four
cards and the best fifth (:mod:`.cards`): each class of four cards is weighed by the deals it
stands for and plays the best hold of the hand its fifth card makes, so the dream deals' final
hands are tallied as the base game's are, with those weights.  The two tallies are cached (they
do not depend on the chance), and the return table is their mixture on one common denominator::

    P(hand) = (1 − p)·plain(hand)/C(52,5)·L + p·dream(hand)/C(52,4)·L

per coin of the whole bet (wins on the ``max_coins`` column), L the lcm of the draw counts.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from videopoker.analysis.features.dream_card.cards import FOUR, dream_cards, dream_deals
from videopoker.analysis.features.feature import FeatureAnalysis, FeatureRow
from videopoker.analysis.solve.cache import cache_file, load, save
from videopoker.analysis.solve.draws import HAND, Progress, _quiet, draw_tables
from videopoker.analysis.solve.exact import analyze, class_values, pay_vector
from videopoker.analysis.solve.tally import HoldTally, first_best
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.dream_card import DreamCard

PLAIN, DREAM = 0, 1


@dataclass(frozen=True)
class DreamAnalysis(FeatureAnalysis):
    """A Dream Card table solved: what a dream deal and a plain one are worth beside the return."""

    dream_value: Fraction = Fraction(0)   # a dream deal's expected win, per coin of the whole bet
    plain_value: Fraction = Fraction(0)   # a plain deal's

    def to_json(self, hands: int = 1) -> dict[str, Any]:
        """``analyze --json``: the feature's ``dream_value`` and ``plain_value`` beside the return."""
        data = super().to_json(hands)
        data["feature"] |= {"dream_value": float(self.dream_value), "plain_value": float(self.plain_value)}
        return data


def analyze_dream_card(paytable: Paytable, progress: Progress = _quiet) -> DreamAnalysis:
    """The exact return of a Dream Card table at its feature bet, for the chance it states."""
    feature = paytable.feature
    assert isinstance(feature, DreamCard)
    bet = paytable.max_coins
    file = cache_file("dream", paytable.game, "json", pay_vector(paytable, bet).tobytes())
    saved = _load(file, paytable)
    if saved is None:
        saved = _tally(paytable, progress)
        save(file, json.dumps(saved).encode())
    progress(1.0, "done")
    return _figures(paytable, feature, saved)


def _tally(paytable: Paytable, progress: Progress) -> dict[str, list[int] | list[float] | int]:
    """The final hands of the plain and the dream deals, each hold chosen perfectly; the sums of the
    best values; and E[v²] of each kind of deal (v its expected pay per coin at max coins)."""
    bet = paytable.max_coins
    tables = draw_tables(paytable.game, progress)
    progress(0.6, "best holds")
    values = class_values(paytable, bet)
    holds = first_best(values)
    progress(0.8, "the best fifth card of every four")
    cards = dream_cards(paytable, values)
    deals = dream_deals(cards)
    dream_weights = np.bincount(deals.chosen, weights=deals.weights, minlength=len(holds)).astype(np.int64)
    tally = HoldTally(tables, bet, groups=2)
    for chunk in tables.class_chunks():
        chosen, held = values[:, chunk.classes], holds[chunk.classes]
        count = chosen.shape[1]
        tally.add(chunk, chosen, held, np.full(count, PLAIN, dtype=np.intp))
        tally.add(chunk, chosen, held, np.full(count, DREAM, dtype=np.intp), weights=dream_weights[chunk.classes])
    plain, dream = tally.group_combinations()
    return {"plain": plain, "dream": dream, "second": [float(s) for s in tally.second],
            "plain_sum": int(np.dot(tables.class_weights, cards.best.astype(np.int64))),
            "dream_sum": int(np.dot(deals.weights, deals.values.astype(np.int64)))}


def _figures(paytable: Paytable, feature: DreamCard, saved: dict) -> DreamAnalysis:  # type: ignore[type-arg]
    game, bet, coins, chance = paytable.game, paytable.max_coins, feature.coins, feature.chance
    common = draw_tables(game).common_draws
    plain_deals, dream_deals_ = comb(game.deck_size, HAND), comb(game.deck_size, FOUR)
    plain_total, dream_total = plain_deals * common, dream_deals_ * common
    total = chance.denominator * math.lcm(plain_total, dream_total)
    plain_share = (chance.denominator - chance.numerator) * (total // chance.denominator // plain_total)
    dream_share = chance.numerator * (total // chance.denominator // dream_total)
    counts = [plain_share * a + dream_share * b for a, b in zip(saved["plain"], saved["dream"])]
    rows = []
    for category, n in zip(game.categories, counts):
        pay = paytable.pay(category, bet)
        contribution = Fraction(n * pay, total * coins)
        rows.append(FeatureRow(category, Fraction(pay, bet), n, Fraction(n, total), contribution, contribution))
    rtp = sum((row.feature_return for row in rows), Fraction(0))
    second = sum((Fraction(n * paytable.pay(category, bet) ** 2, total * coins**2)
                  for category, n in zip(game.categories, counts)), Fraction(0))
    plain_second, dream_second = saved["second"]
    scale = (bet / coins) ** 2  # a deal's pay per coin at max coins, as a share of the whole bet
    dealt_second = scale * ((1 - float(chance)) * plain_second / plain_deals
                            + float(chance) * dream_second / dream_deals_)
    return DreamAnalysis(paytable, feature, tuple(rows), total, rtp, second, dealt_second, analyze(paytable),
                         (tuple(counts),), Fraction(saved["dream_sum"], dream_deals_ * common * coins),
                         Fraction(saved["plain_sum"], plain_deals * common * coins))


def _load(file: Path, paytable: Paytable) -> dict | None:  # type: ignore[type-arg]
    """A cached tally, if whole: the plain deals summing to every five cards, the dream deals to every four."""
    try:
        data = json.loads(load(file) or b"null")
        plain, dream, second = data["plain"], data["dream"], data["second"]
        sums = data["plain_sum"], data["dream_sum"]
    except (ValueError, KeyError, TypeError):
        return None
    common = draw_tables(paytable.game).common_draws
    categories = len(paytable.game.categories)
    deck = paytable.game.deck_size
    if not all(isinstance(row, list) and len(row) == categories and all(type(n) is int and n >= 0 for n in row)
               for row in (plain, dream)) or sum(plain) != comb(deck, HAND) * common \
            or sum(dream) != comb(deck, FOUR) * common or not all(type(s) is int for s in sums) \
            or not (isinstance(second, list) and len(second) == 2 and all(isinstance(s, float) for s in second)):
        return None
    return data  # type: ignore[no-any-return]
