"""A feature in play: what the machine draws for it, when a casino machine draws it.

A times-pay multiplier is drawn on the deal (after the five cards), a Big Times Draw multiplier is
read from them, and a wheel is spun for each trigger hand after the draw; all by the machine's
injected RNG, and the round is saved with what was drawn before a screen shows it.
"""

from __future__ import annotations

from videopoker.deck.cards import RandomLike
from videopoker.errors import GameError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import Feature, Weights


def drawn(slices: Weights, rng: RandomLike) -> int:
    """One value of ``slices`` drawn by weight: a stop of a wheel of ``sum(weights)`` equal stops."""
    stop = rng.randrange(sum(weight for _, weight in slices))
    for value, weight in slices:
        if stop < weight:
            return value
        stop -= weight
    raise AssertionError("a stop beyond the wheel")  # randrange(total) is below the total


def deal_multiplier(slices: Weights, rng: RandomLike) -> int:
    """The multiplier a deal plays under, of those it can (read from the cards, or drawn now)."""
    return slices[0][0] if len(slices) == 1 else drawn(slices, rng)


def spin(feature: Feature, rng: RandomLike) -> int:
    """The wheel's prize for one trigger hand, in credits."""
    return drawn(feature.prizes, rng)


def bets(paytable: Paytable, hands: int | None = None) -> tuple[int, ...]:
    """The bets a hand can make, in the order BET ONE steps through them: 1..max_coins, then the
    feature's (Ultimate X's only at the numbers of hands it offers, Multi-Strike's at one hand a
    round; ``hands`` None: at any)."""
    plain = tuple(range(1, paytable.max_coins + 1))
    feature = paytable.feature
    if feature is None or feature.coins in plain or (hands is not None and hands not in feature.played_hands):
        return plain  # a feature that takes no extra coin plays at max_coins
    return (*plain, feature.coins)


def check_bet(paytable: Paytable, coins: int, hands: int | None = None) -> int:
    """``coins`` if the table takes that bet (at ``hands`` a round), else a :class:`GameError` naming the bets."""
    if coins not in bets(paytable, hands):
        sold = paytable.feature
        if sold is not None and coins == sold.coins and coins in bets(paytable):
            raise GameError(f"{sold.kind} plays {', '.join(map(str, sold.played_hands))} hands a round, not "
                            f"{hands}; change the hands (n) or bet up to {paytable.max_coins}")
        feature = f", or {sold.coins} for its {sold.kind}" if sold is not None else ""
        raise GameError(f"a bet is 1..{paytable.max_coins} coins{feature}, got {coins}")
    return coins


def pay_column(paytable: Paytable, bet: int) -> int:
    """The column of the paytable a bet is paid from: its own, or max_coins at the feature bet."""
    return paytable.max_coins if paytable.plays_feature(bet) else bet


def kept_bet(paytable: Paytable, bet: int, hands: int | None = None) -> int:
    """``bet`` if the table takes it, else the most it takes below it (a table switched, a file edited)."""
    return max(coins for coins in bets(paytable, hands) if coins <= bet) if bet >= 1 else 1
