"""A multi-hand round's law (:mod:`videopoker.analysis.session.rounds`) against the return table's
exact mean, variance and the covariance of two hands of a round, worked out another way."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
import pytest

from videopoker.analysis import analyze
from videopoker.analysis.session.rounds import round_law
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
