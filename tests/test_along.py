"""The best holds along a line of worths (:mod:`videopoker.analysis.solve.along`) against every
deal solved at each step on its own, and the counts of holds tallied from others' against a
tally from scratch."""

from __future__ import annotations

import numpy as np

from videopoker.analysis.solve.along import WorthLine, brackets
from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.exact import hold_counts, moved_counts, pay_vector
from videopoker.analysis.solve.tally import common_values
from videopoker.paytable.names import resolve_paytable


def each_deal_alone(paytable, worth):
    """Per class, every hold's value of ``worth`` and the best value, straight from the tables."""
    tables = draw_tables(paytable.game)
    paid = tables.paid(worth)
    values = np.concatenate([common_values(tables, paid, chunk.ranks, chunk.dealt)
                             for chunk in tables.class_chunks()], axis=1)
    return values, values.max(axis=0)


def test_holds_along_a_line_are_each_steps_best():
    paytable = resolve_paytable("jacks-or-better-9-6")
    pays = pay_vector(paytable, 5)
    quads = np.array([float(category == "four_of_a_kind") for category in paytable.game.categories])
    line = WorthLine(pays, quads, -40.0, 900.0)
    bracket, = brackets(paytable, [line])
    assert 0 < len(bracket.open) < len(bracket.at_low) // 2  # a shortcut: most deals hold alike all along
    steps = [-40.0, 900.0, 125.0, 0.0, 12.5, 640.0, 125.0]
    for step, holds in zip(steps, bracket.holds(steps)):
        values, best = each_deal_alone(paytable, pays + step * quads)
        chosen = values[holds.astype(np.intp), np.arange(values.shape[1])]
        assert np.allclose(chosen, best, rtol=1e-12, atol=0)
        if step == 0.0:  # whole pays: exact values, the one best hold of the tie order
            assert np.array_equal(chosen, best)


def test_counts_moved_from_a_known_hold_are_the_tallys():
    paytable = resolve_paytable("jacks-or-better-9-6")
    pays = pay_vector(paytable, 5)
    quads = np.array([float(category == "four_of_a_kind") for category in paytable.game.categories])
    bracket, = brackets(paytable, [WorthLine(pays, quads, 0.0, 2000.0)])
    middle, = bracket.holds([300.0])
    known = (hold_counts(paytable, bracket.at_low), bracket.at_low)
    for holds, counts in zip((bracket.at_high, middle), moved_counts(paytable, known, [bracket.at_high, middle])):
        assert counts == hold_counts(paytable, holds)
    assert hold_counts(paytable, bracket.at_high) != known[0]
