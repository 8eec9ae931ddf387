"""A paytable that pays a lower hand more than a better one: legal, but most likely a typo.

Returned as values (category, place, bets) so the CLI prints a warning line and an editor can
mark the cell; loading never refuses such a table, since a machine may really pay that way.

>>> from videopoker.paytable import resolve_paytable
>>> table = resolve_paytable("jacks-or-better-9-6")
>>> pay_order_warnings(table)
[]
>>> flipped = table.with_pays({"two_pair": (4, 8, 12, 16, 20)})  # a full house is both
>>> [str(warning) for warning in pay_order_warnings(flipped)]
['two_pair pays 4 per coin, more than three_of_a_kind above it (3): check the order of the pays']
"""

from __future__ import annotations

from dataclasses import dataclass

from videopoker.paytable import Paytable, per_coin_of
from videopoker.rules.definition import PayCategory


@dataclass(frozen=True)
class PayOrderWarning:
    """``category`` pays more than ``above``, a better category the same hand can make, on ``bets``."""

    category: PayCategory
    above: PayCategory
    pays: float              # per coin, at the first bet of ``bets``
    above_pays: float
    bets: tuple[int, ...]    # the bet sizes on which the order is wrong
    every_bet: bool

    def __str__(self) -> str:
        where = "" if self.every_bet else f" on a bet of {', '.join(map(str, self.bets))}"
        return (f"{self.category} pays {self.pays:g} per coin, more than {self.above} above it "
                f"({self.above_pays:g}){where}: check the order of the pays")


def pay_order_warnings(paytable: Paytable) -> list[PayOrderWarning]:
    """Each category that pays more per coin, on some bet, than a better one a hand can make with it.

    Such a hand is paid as the better category, so the player gets the smaller pay: most likely a
    typo.  Categories no hand can make together (four aces, a straight flush) may pay in any order,
    as Bonus Poker's do.  One warning per category, naming the best category it outpays.
    """
    game = paytable.game
    bets = range(1, paytable.max_coins + 1)
    warnings = []
    for lower, category in enumerate(game.paying):
        for higher, above in enumerate(game.paying[:lower]):
            wrong = tuple(n for n in bets if paytable.pay(category, n) > paytable.pay(above, n))
            if wrong and game.overlaps[higher, lower] and not _top_bet_jackpot(paytable, above, category):
                first = wrong[0]
                warnings.append(PayOrderWarning(category, above, paytable.pay(category, first) / first,
                                                paytable.pay(above, first) / first, wrong, len(wrong) == len(bets)))
                break
    return warnings


def _top_bet_jackpot(paytable: Paytable, above: PayCategory, category: PayCategory) -> bool:
    """Whether ``above`` is a jackpot for the top bet only that pays at least ``category`` there: real
    machines pay such a hand as a lesser one below the top bet (Deuces and Joker Wild's four deuces
    and the joker), so a lower bet paying ``category`` more is no typo."""
    top = paytable.max_coins
    proportional = per_coin_of(paytable.pays.get(above, ())) is not None
    return not proportional and paytable.pay(above, top) >= paytable.pay(category, top)
