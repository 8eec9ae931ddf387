"""The batched solver: every table of a grid exactly as `analyze` solves it alone, in every family."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from support import FAMILIES, FAMILY_TABLE

from videopoker.analysis.solve.exact import analyze, pay_vector
from videopoker.analysis.sweeps.batch import BatchSolver, figures
from videopoker.paytable import Paytable, per_coin_totals, resolve_paytable


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
    grid = random_grid(resolve_paytable(FAMILY_TABLE[family]), 12, seed=len(family))
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


@pytest.mark.parametrize("family", ["jacks-or-better", "deuces-wild"])
def test_a_wide_box_with_many_contenders_is_still_exact(family: str) -> None:
    """Every paying hand but the top one repriced between nothing and twice its pay: classes keep
    three or more contenders, some with fewer than others, and each table is still `analyze`'s."""
    table = resolve_paytable(FAMILY_TABLE[family])
    rng = random.Random(7)
    grid = [table.with_pays({key: per_coin_totals(rng.randint(0, 2 * table.pay(key, 1)), table.max_coins)
                             for key in table.game.paying[1:]}, name=f"wide {n}") for n in range(6)]
    pays = np.array([pay_vector(variant, 5) for variant in grid], dtype=np.int64)
    solver = BatchSolver(table.game, pays.min(axis=0), pays.max(axis=0))
    each = solver.contender_counts(solver.low, solver.high)
    assert each.max() >= 4 and len(set(each.tolist())) >= 3
    for variant, row in zip(grid, solver.figures(pays, 5)):
        alone = analyze(variant, remember=False)
        assert row.rtp == alone.rtp and row.variance == alone.variance
        assert row.combinations == tuple(line.combinations for line in alone.rows)
