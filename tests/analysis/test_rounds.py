"""A multi-hand round's law (:mod:`videopoker.analysis.session.rounds`) against the return table's
exact mean, variance and the covariance of two hands of a round, worked out another way."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
import pytest

from videopoker.analysis import analyze
from videopoker.analysis.session.rounds import round_law
from videopoker.analysis.solve.exact import pay_vector
from videopoker.paytable import resolve_paytable


@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild-full-pay", "double-double-bonus-9-6"])
@pytest.mark.parametrize("hands", [3, 10])
def test_a_rounds_law_has_the_tables_mean_and_spread(name: str, hands: int) -> None:
    paytable = resolve_paytable(name)
    table = analyze(paytable)
    law = round_law(paytable, None, hands)
    per_coin = law.wins / (law.coins)  # a round's win per coin of its bet
    mean = float(np.dot(law.chances, per_coin))
    assert law.coins == 5 * hands and mean == pytest.approx(float(table.rtp), rel=1e-11)  # FFT rounding
    spread = float(np.dot(law.chances, (per_coin - mean) ** 2)) * hands  # per hand of the round
    assert spread == pytest.approx(table.multi_standard_deviation(hands) ** 2, rel=1e-9)
    pays = {paytable.pay(category, 5) for category in paytable.game.categories}
    assert set(law.wins.tolist()) <= {sum(each) for each in combinations_with_replacement(pays, hands)}


def test_one_hand_a_round_is_the_return_tables_law() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    exact = analyze(paytable).win_law()
    law = round_law(paytable, None, 1).win_law()
    assert set(law) == set(exact)
    for win, chance in exact.items():
        assert law[win] == pytest.approx(float(chance), rel=1e-12, abs=1e-16)


@pytest.mark.parametrize(("table", "hands"), [("hot-roll-jacks-or-better-9-6", 3),
                                               ("big-times-draw-jacks-or-better-8-6", 5),
                                               ("wheel-poker-bonus-poker-8-5", 3)])
def test_a_feature_round_of_several_hands_is_what_its_machine_plays(table: str, hands: int) -> None:
    """The round's law at the feature bet (the deal's multiplier on every hand, each trigger hand its
    own prize) returns the feature game's return exactly, and the literal machine's rounds (dealt,
    held by the feature's best holds, drawn on every hand) agree with it within five standard
    errors: their mean, how often a round wins nothing, and how often it wins 10 bets or more."""
    from videopoker.analysis.features.feature_play import FeaturePlayer
    from videopoker.analysis.features.hands import feature_round_law
    from videopoker.analysis.play.strategies import strategy_named

    paytable = resolve_paytable(table)
    assert paytable.feature is not None
    law = feature_round_law(paytable, hands)
    wins, chances = law.wins.astype(float), law.chances
    assert float(chances @ wins) / law.coins == pytest.approx(float(law.rtp), rel=1e-11)
    assert chances.sum() == pytest.approx(1, abs=1e-12)
    strategy = strategy_named("optimal", paytable, paytable.top_bet)
    player = FeaturePlayer(paytable, paytable.feature, strategy, hands)
    rounds = 200_000
    played = player.play(rounds, np.random.default_rng(9), pay_vector(paytable, paytable.max_coins).astype(np.int64),
                         np.zeros(len(paytable.game.categories), dtype=np.int64))
    mean, spread = float(chances @ wins), float(np.sqrt(chances @ (wins - chances @ wins) ** 2))
    assert abs(played.mean() - mean) < 5 * spread / np.sqrt(rounds)
    for seen, chance in (((played == 0).mean(), float(chances[wins == 0].sum())),
                         ((played >= 10 * law.coins).mean(), float(chances[wins >= 10 * law.coins].sum()))):
        assert abs(seen - chance) < 5 * np.sqrt(chance * (1 - chance) / rounds) + 1e-12
