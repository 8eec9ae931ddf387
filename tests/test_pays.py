"""The one limit on a pay: under it, the analysis's float64 arithmetic is exact for every game."""

from __future__ import annotations

from math import comb, lcm

import pytest
from support import FAMILIES, game

from videopoker.analysis import analyze
from videopoker.analysis.solve.draws import HOLDS, draw_tables
from videopoker.paytable import MAX_COINS_LIMIT, MAX_PAY, resolve_paytable
from videopoker.paytable.pays import amount_problem, max_total
from videopoker.rules.evaluate import Game

GAMES = {key: game(key) for key in FAMILIES}

EXACT = 2**53  # float64 holds every integer below this


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda game: game.key)
def test_the_largest_sums_the_analysis_forms_stay_exact(game: Game) -> None:
    top = max_total(MAX_COINS_LIMIT)
    common = lcm(*draw_tables(game).draw_counts.tolist())  # what exact.analyze scales hold values to
    assert top * common < EXACT / 10
    # the inclusion-exclusion over a dealt hand's 32 subsets, each at most every hand of the deck
    assert top * HOLDS * comb(game.deck_size, 5) < EXACT / 5


def test_scaling_every_pay_to_the_limit_scales_the_return_exactly() -> None:
    base = resolve_paytable("jacks-or-better-9-6")
    factor = MAX_PAY // 800  # the royal's 800 per coin becomes exactly MAX_PAY
    scaled = base.with_pays({category: tuple(total * factor for total in totals)
                             for category, totals in base.pays.items()})
    assert max(max(totals) for totals in scaled.pays.values()) == max_total(base.max_coins)
    plain, big = analyze(base), analyze(scaled)
    assert [row.combinations for row in big.rows] == [row.combinations for row in plain.rows]
    assert big.rtp == plain.rtp * factor


def test_the_limit_is_per_coin_bet() -> None:
    assert amount_problem(MAX_PAY) is None and amount_problem(5 * MAX_PAY, 5) is None
    assert "1,000,000 per coin" in str(amount_problem(MAX_PAY + 1))
    assert "for 5 coins" in str(amount_problem(5 * MAX_PAY + 1, 5))
    assert "whole number" in str(amount_problem(True)) and "whole number" in str(amount_problem(-1))
