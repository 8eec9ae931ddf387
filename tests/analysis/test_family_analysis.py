"""The exact engine on every family: brute force over every draw, the 53-card deck, ties."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, lcm

import numpy as np
import pytest
from support import game

from videopoker.analysis import analyze, best_holds
from videopoker.analysis.solve.draws import TIE_ORDER, draw_tables, hold_ranks
from videopoker.analysis.solve.exact import class_values, pay_vector
from videopoker.analysis.solve.tally import first_best
from videopoker.deck.cards import Card, parse_hand
from videopoker.deck.combos import colex_rank, combinations_colex
from videopoker.paytable import Paytable, resolve_paytable
from videopoker.rules.definition import PayCategory

DEUCES_WILD = game("deuces-wild")
JOKER_POKER = game("joker-poker")

C = PayCategory
FAMILY_TABLES = ["bonus-poker-8-5", "double-bonus-10-7", "double-double-bonus-9-6", "deuces-wild-full-pay",
                 "deuces-wild-nsu", "joker-poker-kings"]


def brute_force_holds(paytable: Paytable, hand: tuple[Card, ...]) -> dict[tuple[bool, ...], tuple[Fraction, list[int]]]:
    """EV and category counts of every hold, by enumerating every draw from the unseen cards."""
    game = paytable.game
    dealt = [card.index for card in hand]
    unseen = np.array([c for c in range(game.deck_size) if c not in dealt], dtype=np.uint8)
    pays = np.array([paytable.pay(c, 5) for c in game.categories], dtype=np.int64)
    result = {}
    for mask in range(32):
        held = tuple(bool(mask >> p & 1) for p in range(5))
        kept = [c for c, h in zip(dealt, held) if h]
        draws = unseen[combinations_colex(len(unseen), 5 - len(kept))]
        finals = np.hstack([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)), draws])
        counts = np.bincount(game.evaluate_batch(finals), minlength=len(game.categories))
        result[held] = (Fraction(int(counts @ pays), len(draws) * 5), counts.tolist())
    return result


@pytest.mark.parametrize("name, text", [
    ("bonus-poker-8-5", "Ac Ad Ah 2s 3c"), ("bonus-poker-8-5", "2c 2d 7h 9s Kc"),
    ("double-bonus-10-7", "Ah Kh Qh Jh 9c"), ("double-double-bonus-9-6", "Ac Ad Ah 2s 3c"),
    ("double-double-bonus-9-6", "Ac Ad Ah As 7c"), ("double-double-bonus-9-6", "3c 3d 3h 3s 9c"),
    ("deuces-wild-full-pay", "2c 2d 7h 8h 9h"), ("deuces-wild-full-pay", "2c 2d 2h 2s 9c"),
    ("deuces-wild-full-pay", "Ah Kh Qh Jh 2c"), ("deuces-wild-nsu", "4h 5c 2d 7s Kc"),
    ("joker-poker-kings", "Jk Kh Qh 9c 3d"), ("joker-poker-kings", "Ah Kh Qh Jh 9c"),
    ("joker-poker-kings", "Kc Kd 4h 7s 9c"),
])
def test_hold_evs_equal_brute_force_over_every_draw(name: str, text: str) -> None:
    paytable = resolve_paytable(name)
    hand = parse_hand(text)
    expected = brute_force_holds(paytable, hand)
    choices = best_holds(paytable, hand)
    assert len(choices) == 32
    for choice in choices:
        ev, counts = expected[choice.held]
        assert choice.ev == ev
        assert [choice.outcomes.get(c, 0) for c in paytable.game.categories] == counts
    assert choices[0].ev == max(ev for ev, _ in expected.values())


def test_the_53_card_deck_has_its_own_common_denominator() -> None:
    analysis = analyze(resolve_paytable("joker-poker-kings"))
    assert analysis.total_combinations == comb(53, 5) * lcm(*(comb(48, k) for k in range(6)))
    assert sum(row.combinations for row in analysis.rows) == analysis.total_combinations
    tables = draw_tables(JOKER_POKER)
    assert int(tables.class_weights.sum()) == comb(53, 5) and len(tables.class_hands) == 150_891


def test_joker_subset_counts_agree_with_counting_hands() -> None:
    tables = draw_tables(JOKER_POKER)
    hands = combinations_colex(53, 5)
    categories = JOKER_POKER.evaluate_batch(hands)
    for subset in ([], [52], [0, 52], [36, 40, 52], [48, 49, 50, 52], [3, 7, 11, 15]):
        holding = np.ones(len(hands), dtype=bool)
        for card in subset:
            holding &= (hands == card).any(axis=1)
        expected = np.bincount(categories[holding], minlength=len(JOKER_POKER.categories))
        rank = colex_rank(np.array([subset], dtype=np.int64))[0] if subset else 0
        assert tables.subset_counts[len(subset)][rank].tolist() == expected.tolist(), subset


@pytest.mark.slow
@pytest.mark.parametrize("name", ["joker-poker-kings", "deuces-wild-full-pay"])
def test_suit_classes_give_the_return_of_solving_every_hand(name: str) -> None:
    """No reduction at all: every dealt hand's best hold, summed; the joker is nobody's suit."""
    paytable = resolve_paytable(name)
    tables = draw_tables(paytable.game)
    pays = pay_vector(paytable, paytable.max_coins)
    common = lcm(*tables.draw_counts.tolist())
    scale = (common // tables.draw_counts).astype(np.float64)[:, None]
    hands = combinations_colex(paytable.game.deck_size, 5)
    total = 0
    for start in range(0, len(hands), 1 << 17):
        block = hands[start:start + (1 << 17)]
        dealt = paytable.game.evaluate_batch(block).astype(np.intp)
        values = tables.paid(pays).hold_values(hold_ranks(block), dealt) * scale
        total += int(values.max(axis=0).sum())
    expected = analyze(paytable).rtp * paytable.max_coins * comb(paytable.game.deck_size, 5) * common
    assert Fraction(total) == expected


def test_ties_change_no_return_and_only_the_rows_the_readme_names() -> None:
    reversed_order = tuple(reversed(TIE_ORDER))
    for name in ["jacks-or-better-9-6", *FAMILY_TABLES]:
        paytable = resolve_paytable(name)
        usual, other = analyze(paytable), analyze(paytable, tie_order=reversed_order)
        assert usual.rtp == other.rtp
        moved = {a.category for a, b in zip(usual.rows, other.rows) if a.combinations != b.combinations}
        if name == "deuces-wild-full-pay":
            assert moved == {"straight_flush", "flush", "straight", "three_of_a_kind", "nothing"}
        elif paytable.game is JOKER_POKER:
            assert moved and not moved & {"natural_royal_flush", "two_pair"}
        else:
            assert not moved, name


def test_the_hint_ranks_first_the_hold_the_return_table_counts() -> None:
    paytable = resolve_paytable("deuces-wild-full-pay")
    tables = draw_tables(DEUCES_WILD)
    values = class_values(paytable, 5)
    tied = np.flatnonzero((values == values.max(axis=0)).sum(axis=0) > 1)
    assert len(tied) > 1000  # Deuces Wild really is full of ties
    chosen = first_best(values)
    for column in random.Random(7).sample(tied.tolist(), 40):
        hand = tuple(Card(int(c)) for c in tables.class_hands[column])  # sorted by card index
        first = best_holds(paytable, hand)[0]
        assert first.held == tuple(bool(chosen[column] >> p & 1) for p in range(5))
    four_deuces = best_holds(paytable, parse_hand("2c 2d 2h 2s 9c"))
    assert four_deuces[0].label == "2c 2d 2h 2s 9c" and four_deuces[1].rank == 1  # tie: most cards first


def test_every_family_reports_its_top_hand() -> None:
    for name in FAMILY_TABLES:
        analysis = analyze(resolve_paytable(name))
        data = analysis.to_json()
        top = analysis.paytable.game.categories[0]
        assert data["top_category"] == top and data["top_cycle"] == analysis.row(top).one_in
        assert data["royal_cycle"] == data["top_cycle"]  # every shipped family's top hand is a royal
