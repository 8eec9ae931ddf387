from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import game

from videopoker.deck.cards import parse_hand
from videopoker.deck.combos import combinations_colex
from videopoker.rules.definition import PayCategory
from videopoker.rules.evaluate import RANK_KEYS, RANK_WEIGHTS, Game, evaluate

JACKS_OR_BETTER = game("jacks-or-better")
TENS_OR_BETTER = game("tens-or-better")

C = PayCategory

#: The census of all 2,598,960 hands, as every poker reference gives it.
JACKS_CENSUS = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3_744,
    "flush": 5_108, "straight": 10_200, "three_of_a_kind": 54_912, "two_pair": 123_552,
    "jacks_or_better": 337_920, "nothing": 2_062_860,
}


def test_rank_weights_give_every_multiset_its_own_sum() -> None:
    for size in range(1, 6):
        sums = Counter()
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) <= 4:
                sums[sum(RANK_WEIGHTS[r] for r in ranks)] += 1
        assert max(sums.values()) == 1, f"two {size}-card rank multisets share a key"
        assert max(sums) < RANK_KEYS


@pytest.mark.parametrize("hand, category", [
    ("Ah Kh Qh Jh Th", "royal_flush"),
    ("Th Jh Qh Kh Ah", "royal_flush"),
    ("9s Ks Qs Js Ts", "straight_flush"),
    ("Ad 2d 3d 4d 5d", "straight_flush"),      # the steel wheel: never a royal
    ("Ad 2c 3d 4d 5d", "straight"),            # the wheel
    ("Ac Kd Qh Js Tc", "straight"),
    ("Qh Kh Ah 2h 3h", "flush"),               # no wrapping around the ace
    ("Qh Kd Ah 2c 3s", "nothing"),
    ("9c 9d 9h 9s 2c", "four_of_a_kind"),
    ("9c 9d 9h 2s 2c", "full_house"),
    ("9c 9d 9h 3s 2c", "three_of_a_kind"),
    ("9c 9d 3h 3s 2c", "two_pair"),
    ("Jc Jd 3h 4s 2c", "jacks_or_better"),
    ("Ac Ad 3h 4s 2c", "jacks_or_better"),
    ("Tc Td 3h 4s 2c", "nothing"),             # tens are no pay in Jacks or Better
    ("2c 7d 9h Js Kc", "nothing"),
])
def test_jacks_or_better_edge_cases(hand: str, category: PayCategory) -> None:
    assert evaluate(parse_hand(hand), JACKS_OR_BETTER) == category


def test_tens_or_better_pays_a_pair_of_tens_but_not_nines() -> None:
    assert evaluate(parse_hand("Tc Td 3h 4s 2c"), TENS_OR_BETTER) == "tens_or_better"
    assert evaluate(parse_hand("9c 9d 3h 4s 2c"), TENS_OR_BETTER) == "nothing"


@pytest.fixture(scope="module")
def every_hand() -> np.ndarray:
    return combinations_colex(52, 5)


def census(game: Game, categories: np.ndarray) -> dict[PayCategory, int]:
    return {game.categories[i]: int(n) for i, n in enumerate(np.bincount(categories, minlength=len(game.categories)))}


def test_batch_census_of_all_2598960_hands(every_hand: np.ndarray) -> None:
    assert len(every_hand) == 2_598_960
    assert census(JACKS_OR_BETTER, JACKS_OR_BETTER.evaluate_batch(every_hand)) == JACKS_CENSUS


def test_tens_or_better_census(every_hand: np.ndarray) -> None:
    counts = census(TENS_OR_BETTER, TENS_OR_BETTER.evaluate_batch(every_hand))
    assert counts["tens_or_better"] == 337_920 + 84_480  # one more pair rank: 4 ranks → 5
    assert counts["nothing"] == 2_062_860 - 84_480


@pytest.mark.slow
@pytest.mark.parametrize("game", [JACKS_OR_BETTER, TENS_OR_BETTER], ids=lambda g: g.key)
def test_scalar_and_batch_agree_on_every_hand(game: Game, every_hand: np.ndarray) -> None:
    batch = game.evaluate_batch(every_hand)
    scalar = np.fromiter(map(game.evaluate_index, every_hand.tolist()), dtype=np.uint8, count=len(every_hand))
    assert np.array_equal(scalar, batch)


def test_the_table_is_filled_from_the_rules() -> None:
    """No rank multiset a real hand can have is left without a category."""
    table = JACKS_OR_BETTER.table
    assert set(np.unique(table)) <= set(range(len(JACKS_OR_BETTER.categories))) | {255}
    assert (table != 255).sum() == 6175 + 1287  # 5-rank multisets (≤4 of a kind) + flushes


hands = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(hand=hands, order=st.permutations(range(5)), suits=st.permutations(range(4)))
def test_category_ignores_card_order_and_suit_names(hand: list[int], order: list[int], suits: list[int]) -> None:
    game = JACKS_OR_BETTER
    category = game.evaluate_index(hand)
    assert game.evaluate_index([hand[i] for i in order]) == category
    assert game.evaluate_index([c // 4 * 4 + suits[c % 4] for c in hand]) == category
