"""The batched solver: every table of a grid exactly as `analyze` solves it alone, in every family."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from support import FAMILIES

from videopoker.analysis.batch import BatchSolver, figures
from videopoker.analysis.exact import analyze, pay_vector
from videopoker.paytable import Paytable, per_coin_totals, resolve_paytable

SHIPPED = {"jacks-or-better": "jacks-or-better-9-6", "tens-or-better": "tens-or-better-6-5",
           "bonus-poker": "bonus-poker-8-5", "double-bonus": "double-bonus-10-7",
           "double-double-bonus": "double-double-bonus-9-6", "deuces-wild": "deuces-wild-full-pay",
           "joker-poker": "joker-poker-kings"}


def random_grid(paytable: Paytable, tables: int, seed: int) -> list[Paytable]:
    """Tables that reprice three mid-table hands by up to ±3 coins each."""
    rng = random.Random(seed)
    paying = paytable.game.paying
    keys = [paying[len(paying) // 2 - 1], paying[len(paying) // 2], paying[len(paying) // 2 + 1]]
    grid = []
    for n in range(tables):
        changes = {key: per_coin_totals(max(0, paytable.pay(key, 1) + rng.randint(-3, 3)), paytable.max_coins)
                   for key in keys}
        grid.append(paytable.with_pays(changes, name=f"variant {n}"))
    return grid


@pytest.mark.parametrize("family", FAMILIES)
def test_every_row_is_what_analyze_says(family: str) -> None:
    grid = random_grid(resolve_paytable(SHIPPED[family]), 12, seed=len(family))
    for table, row in zip(grid, figures(grid)):
        alone = analyze(table, remember=False)
        assert row.rtp == alone.rtp and row.variance == alone.variance
        assert row.combinations == tuple(line.combinations for line in alone.rows)
        assert row.hit_frequency == sum((line.probability for line in alone.rows if line.pays), Fraction(0))


def test_most_classes_are_settled_once_for_a_whole_box() -> None:
    """The issue's grid: full house 5..10, flush 4..8, quads 20..30 on 9/6."""
    table = resolve_paytable("jacks-or-better-9-6")
    low, high = pay_vector(table, 5).astype(np.int64), pay_vector(table, 5).astype(np.int64)
    for key, (least, most) in {"full_house": (5, 10), "flush": (4, 8), "four_of_a_kind": (20, 30)}.items():
        place = table.game.categories.index(key)
        low[place], high[place] = 5 * least, 5 * most
    solver = BatchSolver(table.game, low, high)
    assert 0.8 < solver.stable_share < 1
    with pytest.raises(ValueError, match="outside the box"):
        solver.solve(high[None, :] + 5)
