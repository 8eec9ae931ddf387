"""A bankroll's exact odds: checked against sessions played by the simulator, against identities
that hold exactly, and against the long run."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from videopoker.analysis import analyze
from videopoker.analysis.deal.rounds import play_rounds
from videopoker.analysis.play.strategies import strategy_named
from videopoker.analysis.session.bankroll import bankroll
from videopoker.analysis.solve.exact import pay_vector
from videopoker.paytable import resolve_paytable

NINE_SIX = "jacks-or-better-9-6"


def played_sessions(name: str, credits: int, hands: int, sessions: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(broke, ending credits) of ``sessions`` sessions really dealt and played by optimal play."""
    paytable = resolve_paytable(name)
    coins = paytable.max_coins
    strategy = strategy_named("optimal", paytable, coins)
    rng = np.random.default_rng(seed)
    pays = pay_vector(paytable, coins).astype(np.int64)
    counts = np.zeros(len(paytable.game.categories), dtype=np.int64)
    wins = np.concatenate([play_rounds(paytable, strategy, hands * 1000, 1, rng, pays, counts)
                           for _ in range(sessions // 1000)]).reshape(sessions, hands)
    path = np.concatenate([np.full((sessions, 1), credits), credits + np.cumsum(wins - coins, axis=1)], axis=1)
    short = path < coins                                   # before each hand, and at the end
    broke = short.any(axis=1)
    first = np.where(broke, short.argmax(axis=1), hands)
    return broke, path[np.arange(sessions), first]


def test_the_exact_odds_agree_with_played_sessions() -> None:
    odds = bankroll(analyze(resolve_paytable(NINE_SIX)), 100, 300)
    broke, ending = played_sessions(NINE_SIX, 100, 300, 20_000, seed=8)
    se = 0.5 / np.sqrt(len(broke))
    assert 0.2 < odds.ruin < 0.8
    assert abs(broke.mean() - odds.ruin) < 4 * se, (broke.mean(), odds.ruin)
    assert abs((ending > 100).mean() - odds.ahead) < 4 * se, ((ending > 100).mean(), odds.ahead)
    for percent, credits in odds.percentiles.items():
        assert (ending <= credits).mean() > percent / 100 - 4 * se, percent
        assert (ending < credits).mean() < percent / 100 + 4 * se, percent
    assert abs(ending.mean() - odds.mean_end) < 4 * ending.std() / np.sqrt(len(ending))


def test_one_hand_from_one_bet_is_the_return_table() -> None:
    analysis = analyze(resolve_paytable(NINE_SIX))
    odds = bankroll(analysis, 5, 1)
    nothing = analysis.row(analysis.paytable.game.categories[-1]).probability
    paying_more = sum((row.probability for row in analysis.rows
                       if analysis.paytable.pay(row.category, 5) > 5), Fraction(0))
    assert odds.ruin == pytest.approx(float(nothing), abs=1e-15)
    assert odds.ahead == pytest.approx(float(paying_more), abs=1e-15)
    assert odds.percentiles[5] == 0 and odds.percentiles[75] == 5 and odds.percentiles[95] == 15


def test_with_credits_for_every_hand_the_mean_loses_exactly_the_house_edge() -> None:
    for name in (NINE_SIX, "deuces-wild-full-pay", "joker-poker-kings"):
        analysis = analyze(resolve_paytable(name))
        odds = bankroll(analysis, 2005, 400)  # 400 losses in a row still leave a bet
        assert odds.ruin == pytest.approx(0.0, abs=1e-15)  # FFT rounding, not a chance
        expected = 2005 - 400 * 5 * (1 - float(analysis.rtp))
        assert odds.mean_end == pytest.approx(expected, abs=1e-6)


def test_too_few_credits_for_a_bet_is_broke_at_once() -> None:
    odds = bankroll(analyze(resolve_paytable(NINE_SIX)), 4, 10)
    assert odds.ruin == 1.0 and odds.ahead == 0.0 and set(odds.percentiles.values()) == {4}


def test_the_long_run() -> None:
    """A table under 100% ruins every bankroll some day; above it, the chance of ever going broke
    bounds the session's from above and the sessions approach it as they grow."""
    assert bankroll(analyze(resolve_paytable(NINE_SIX)), 1000, 10).long_run_ruin == 1.0
    deuces = analyze(resolve_paytable("deuces-wild-full-pay"))
    forever = bankroll(deuces, 500, 10).long_run_ruin
    assert forever is not None and 0 < forever < 1
    sessions = [bankroll(deuces, 500, hands).ruin for hands in (1000, 4000, 16000)]
    assert sessions[0] < sessions[1] < sessions[2] < forever
    rho = forever ** (1 / 100)  # 500 credits are 100 bets of 5
    nets = {}
    for row in deuces.rows:
        net = (deuces.paytable.pay(row.category, 5) - 5) // 5
        nets[net] = nets.get(net, 0.0) + float(row.probability)
    assert sum(p * rho**net for net, p in nets.items()) == pytest.approx(1.0, abs=1e-12)
    assert bankroll(deuces, 1000, 10).long_run_ruin == pytest.approx(forever**2, rel=1e-9)


def test_json_has_the_contract_keys() -> None:
    data = bankroll(analyze(resolve_paytable("double-double-bonus-9-6")), 400, 200).to_json()
    assert {"paytable", "game", "coins", "credits", "hands", "ruin", "ahead", "percentiles",
            "long_run_ruin"} <= set(data)
    assert list(data["percentiles"]) == ["5", "25", "50", "75", "95"]


def test_a_session_too_long_to_work_out_exactly_is_approximated_at_once() -> None:
    analysis = analyze(resolve_paytable(NINE_SIX), 1)
    odds = bankroll(analysis, 10**9, 10**9)  # years exactly; 0.1 s so
    assert odds.error_bound is not None and odds.error_bound < 0.001
    # a billion credits outlast a billion 1-coin hands, which lose 1.63% of what they bet (σ√T: 140,000)
    assert odds.ruin < 1e-12 and odds.ahead < 1e-12
    expected = 10**9 * (1 + float(analysis.rtp - 1))
    assert abs(odds.percentiles[50] - expected) < 1000 and abs(odds.mean_end - expected) < 1000


@pytest.mark.parametrize(("name", "settings", "credits", "hands"), [
    (NINE_SIX, [], 500, 1000), ("deuces-wild-full-pay", [], 300, 2000), ("joker-poker-kings", [], 1000, 700),
    (NINE_SIX, ["royal_flush=250,500,750,1000,4001"], 400, 600),   # a pay that is no whole number of bets
])
def test_blocks_of_hands_give_what_hand_by_hand_gives(name: str, settings: list[str], credits: int,
                                                      hands: int) -> None:
    """The fast method (a block of hands per FFT, the broke taken back out) against the plain one."""
    from videopoker.analysis.session import bankroll as module
    from videopoker.paytable import apply_settings

    analysis = analyze(apply_settings(resolve_paytable(name), settings))
    fast = bankroll(analysis, credits, hands)
    try:
        module._session_in_blocks, saved = module._session, module._session_in_blocks
        plain = bankroll(analysis, credits, hands)
    finally:
        module._session_in_blocks = saved
    assert np.abs(fast.odds - plain.odds).max() < 1e-14
    assert fast.ruin == pytest.approx(plain.ruin, abs=1e-13) and fast.ahead == pytest.approx(plain.ahead, abs=1e-13)
    assert fast.percentiles == plain.percentiles
    assert fast.mean_end == pytest.approx(plain.mean_end, rel=1e-11)
