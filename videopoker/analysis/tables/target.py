"""The pay for one category that brings a table's return closest to a target, and what two tables differ in.

Under perfect play the return never falls when a pay rises (the player can always keep playing
the old way), so the pay is found by search — doubling up from the current pay, then halving —
each step an exact warm re-solve (about 60 ms), never a formula.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from videopoker.analysis.solve.exact import analyze
from videopoker.errors import VideoPokerError
from videopoker.paytable import MAX_PAY, Paytable, per_coin_of, per_coin_totals
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class PayReturn:
    """A pay per coin for the category and the exact return it gives."""

    pay: int
    rtp: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"pay": self.pay, "rtp": float(self.rtp)}


@dataclass(frozen=True)
class Solved:
    paytable: Paytable
    category: PayCategory
    coins: int
    target: Fraction
    best: PayReturn
    below: PayReturn | None          # the next pay down (None at 0)
    above: PayReturn | None          # the next pay up (None at the largest pay allowed)

    def to_json(self) -> dict[str, Any]:
        return {"paytable": self.paytable.name, "category": self.category, "coins": self.coins,
                "target": float(self.target), "pay": self.best.pay, "rtp": float(self.best.rtp),
                "below": self.below.to_json() if self.below else None,
                "above": self.above.to_json() if self.above else None}


def category_named(paytable: Paytable, key: str) -> PayCategory:
    if key not in paytable.game.paying:
        raise VideoPokerError(f"--category {key!r}: {paytable.game.title} pays {', '.join(paytable.game.paying)}")
    return key


def priced(paytable: Paytable, category: PayCategory, pay: int) -> Paytable:
    """``paytable`` with ``category`` paying ``pay`` per coin at every bet."""
    return paytable.with_pays({category: per_coin_totals(pay, paytable.max_coins)},
                              f"{paytable.name} ({category}={pay})")


def solve_pay(paytable: Paytable, category: PayCategory, target: Fraction, coins: int | None = None) -> Solved:
    """The whole pay per coin for ``category`` whose exact return at ``coins`` is closest to ``target``."""
    bet = paytable.base_bet(coins)
    returns: dict[int, Fraction] = {}

    def rtp(pay: int) -> Fraction:
        if pay not in returns:
            returns[pay] = analyze(priced(paytable, category, pay), bet, remember=False).rtp
        return returns[pay]

    low, high = 0, max(1, paytable.pay(category, 1))
    while rtp(high) < target and high < MAX_PAY:
        low, high = high, min(2 * high, MAX_PAY)
    while high - low > 1:                           # rtp(low) < target ≤ rtp(high), or the ends
        middle = (low + high) // 2
        low, high = (middle, high) if rtp(middle) < target else (low, middle)
    candidates = [pay for pay in (low, high) if pay >= 0]
    best = min(candidates, key=lambda pay: (abs(rtp(pay) - target), pay))
    below = PayReturn(best - 1, rtp(best - 1)) if best > 0 else None
    above = PayReturn(best + 1, rtp(best + 1)) if best < MAX_PAY else None
    return Solved(paytable, category, bet, target, PayReturn(best, rtp(best)), below, above)


def read_target(text: str) -> Fraction:
    """A target return: ``0.985``, ``98.5%`` or ``98.5`` (read as percent when above 2)."""
    cleaned = text.strip().rstrip("%").strip()
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise VideoPokerError(f"--target {text!r}: write a return like 0.985 or 98.5%") from None
    if text.strip().endswith("%") or value > 2:
        value /= 100
    if not 0 < value < 2:
        raise VideoPokerError(f"--target {text!r}: a return is between 0 and 200% (0.985 or 98.5%)")
    return value


def pays_text(paytable: Paytable, category: PayCategory) -> str:
    """A category's pay as a paytable file writes it: per coin when every bet pays alike, else the totals."""
    if category not in paytable.pays:
        return "—"
    amounts = paytable.pays[category]
    per_coin = per_coin_of(amounts)
    return str(per_coin) if per_coin is not None else ",".join(str(n) for n in amounts)


def differences(first: Paytable, second: Paytable) -> list[PayCategory]:
    """The categories, in the first table's order then the second's, whose pays differ."""
    order = list(dict.fromkeys([*first.game.paying, *second.game.paying]))
    return [category for category in order if pays_text(first, category) != pays_text(second, category)]
