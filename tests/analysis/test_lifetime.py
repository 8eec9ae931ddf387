"""Lifetime figures (:mod:`videopoker.analysis.session.lifetime`) against closed forms, a ruin
worked out by a different method, and a published table."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from videopoker.analysis import analyze
from videopoker.analysis.session.bankroll import lifetime_of
from videopoker.analysis.session.lifetime import Lifetime
from videopoker.paytable import resolve_paytable
from videopoker.paytable.promotions import Promotions


def law(**chances: float) -> dict[int, Fraction]:
    """A round's win law written as w<coins>=chance."""
    return {int(key[1:]): Fraction(chance).limit_denominator(10**9) for key, chance in chances.items()}


def test_an_even_money_bet_is_the_gamblers_ruin() -> None:
    p = 0.55
    even = Lifetime.of(law(w2=p, w0=1 - p), bet=1)
    for credits in (1, 5, 40):
        low, high = even.risk(credits)
        assert low == high == pytest.approx(((1 - p) / p) ** credits, rel=1e-12)
    assert even.kelly_fraction == pytest.approx(2 * p - 1, rel=1e-12)  # Kelly's own example
    assert even.kelly_bankroll == pytest.approx(1 / (2 * p - 1), rel=1e-12)
    assert even.n0 == pytest.approx((1 - 0.1**2) / 0.1**2, rel=1e-12)


def ruin_by_iteration(chances: dict[int, float], bet: int, top: int) -> np.ndarray:
    """r(s), the chance of ever being below ``bet`` from s credits, by sweeping r = E[r(s + X)] on
    0..top (r = 0 above top) until it stops moving: no exponent, no martingale."""
    risk = np.zeros(top + 1)
    risk[:bet] = 1.0
    for _ in range(100_000):
        before = risk.copy()
        for credits in range(bet, top + 1):
            risk[credits] = sum(chance * (risk[credits + net] if credits + net <= top else 0.0)
                                for net, chance in chances.items())
        if np.abs(risk - before).max() < 1e-15:
            return risk
    raise AssertionError("the sweep did not settle")


def test_where_a_round_can_lose_two_steps_the_true_risk_is_between_the_bounds() -> None:
    chances = {-2: 0.5, 0: 0.2, 1: 0.2, 10: 0.1}  # a 2-credit bet: mean +0.2 a round
    lifetime = Lifetime.of({net + 2: Fraction(chance).limit_denominator(100) for net, chance in chances.items()},
                           bet=2)
    assert lifetime.step == 1
    truth = ruin_by_iteration(chances, 2, 400)
    for credits in (2, 3, 7, 20, 41):
        low, high = lifetime.risk(credits)
        assert low < high and low <= truth[credits] <= high
        assert high / low == pytest.approx(math.exp(lifetime.exponent * 1), rel=1e-9)  # bet − step apart


def test_the_bankroll_for_a_risk_is_the_least_that_keeps_under_it() -> None:
    jacks = lifetime_of(analyze(resolve_paytable("jacks-or-better-9-6")), Promotions(cashback=Fraction(1, 200)))
    for risk in (0.01, 0.05, 0.5):
        might, surely = jacks.bankroll_bounds(risk)
        assert might is not None and surely is not None
        assert jacks.risk(surely)[1] <= risk < jacks.risk(surely - 1)[1]
        assert jacks.risk(might)[0] <= risk < jacks.risk(might - 1)[0]


def test_nine_six_jacks_at_one_percent_cash_back_as_published() -> None:
    # frixo.com, "Video Poker: Bankroll Size vs. Risk of Ruin": full pay Jacks or Better, 1% cash back,
    # 1,092 units for a 50% risk and 7,256 for 1% (a unit a 5-coin bet), ln(1/risk)/R bets rounded down.
    jacks = lifetime_of(analyze(resolve_paytable("jacks-or-better-9-6")), Promotions(cashback=Fraction(1, 100)))
    for risk, published in ((0.5, 1092), (0.01, 7256)):
        might, surely = jacks.bankroll_bounds(risk)
        assert might is not None and surely is not None and 0 < surely - might <= 5
        assert might - 5 <= published * 5 <= surely  # between the bounds, to the bet it was rounded to
        assert math.log(1 / risk) / jacks.exponent / 5 == pytest.approx(published, abs=1)


def test_nine_six_jacks_at_an_effective_point_eighty_four_percent_as_video_poker_for_winners_says() -> None:
    # Bob Dancer, "How Can A Lifetime Be So Short?" (Las Vegas Advisor, 2013): 9/6 Jacks or Better at
    # $5 a hand and 0.84% cash back, a 5% lifetime risk needs $34,800 ("slightly rounded"); $27,000 is 9.8%.
    jacks = lifetime_of(analyze(resolve_paytable("jacks-or-better-9-6")), Promotions(cashback=Fraction(84, 10000)))
    might, surely = jacks.bankroll_bounds(0.05)
    assert might is not None and surely is not None and abs((might + surely) / 2 - 34_800) < 50
    assert round(jacks.risk(27_000)[0], 3) == round(jacks.risk(27_000)[1], 3) == 0.098


def test_a_lopsided_game_needs_more_than_a_hundred_thousand_bets() -> None:
    # Dunbar and Math Boy (Blackjack Forum, 1999), Sorokin's example: lose 1 at 75%, win 1 at 24.99%,
    # win 5,101 at 0.01%: a 1% edge, and $100,000 is "still not enough" for a 5% risk.
    toy = Lifetime.of(law(w0=0.75, w2=0.2499, w5102=0.0001), bet=1)
    assert toy.mean == pytest.approx(0.01, rel=1e-9)
    low, high = toy.risk(100_000)
    assert low == high > 0.05
    assert toy.bankroll_for(0.05) > 100_000


def test_kelly_is_the_peak_of_the_log_growth() -> None:
    jacks = lifetime_of(analyze(resolve_paytable("jacks-or-better-9-6")), Promotions(cashback=Fraction(1, 200)))
    fraction = jacks.kelly_fraction
    assert fraction is not None

    def growth(f: float) -> float:
        return float(np.dot(jacks.chances, np.log1p(f * jacks.nets / jacks.bet)))

    assert growth(fraction) > max(growth(fraction * 0.99), growth(fraction * 1.01))
    assert jacks.n0 == pytest.approx(jacks.variance / jacks.mean**2)


def test_a_game_that_takes_more_than_it_returns_breaks_every_bankroll() -> None:
    jacks = lifetime_of(analyze(resolve_paytable("jacks-or-better-9-6")))
    assert jacks.risk(10**9) == (1.0, 1.0)
    assert jacks.bankroll_for(0.05) is None and jacks.kelly_bankroll is None
    assert jacks.lines(1000) == [("Broke some day", "surely, from any bankroll")]


def test_free_play_is_worth_what_it_returns() -> None:
    promotions = Promotions(free_play=Fraction(1, 100), points=Fraction(1, 1000), points_multiplier=Fraction(3))
    assert promotions.rate(Fraction(99, 100)) == Fraction(99, 10000) + Fraction(3, 1000)
