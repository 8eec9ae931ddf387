"""Games whose hands pay by their places (Sequential Royal, ACE$ Bonus): the hands listed in place,
judging in place, every hold's ordered draws counted one by one, and the whole solve checked deal
by deal, in all 120 orders of each deal, against the holds the hint ranks."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb, factorial, perm
from pathlib import Path

import numpy as np
import pytest

from tests.rules.brute import brute_category
from videopoker.analysis.solve.exact import analyze, pay_vector
from videopoker.analysis.solve.hint import best_holds
from videopoker.analysis.solve.placed import solve_deals
from videopoker.deck.cards import Card, parse_hand
from videopoker.paytable import Paytable, load_paytable
from videopoker.paytable.names import find_paytable
from videopoker.rules.catalog import load_game

REVERSIBLE = """
name: Reversible Royal Jacks or Better 9/6
game:
  title: Reversible Royal
  hands:
    reversible_royal: {made: royal flush, order: [10, J, Q, K, A], reversible: true}
    royal_flush: {made: royal flush}
    straight_flush: {made: straight flush}
    four_of_a_kind: {made: four of a kind}
    full_house: {made: full house}
    flush: {made: flush}
    straight: {made: straight}
    three_of_a_kind: {made: three of a kind}
    two_pair: {made: two pair}
    jacks_or_better: {made: pair, ranks: [J, Q, K, A]}
max_coins: 5
pays: {reversible_royal: [250, 500, 750, 1000, 50000], royal_flush: [250, 500, 750, 1000, 4000],
       straight_flush: 50, four_of_a_kind: 25, full_house: 9, flush: 6, straight: 4, three_of_a_kind: 3,
       two_pair: 2, jacks_or_better: 1}
"""

#: Never shipped: the ACE$ aces either way, a straight flush of three named spades in order paying
#: more than a royal, and pays no source publishes.
ODD_ORDERS = """
name: Odd Orders
game:
  title: Odd Orders
  hands:
    spades_in_order: {made: straight flush, order: [9s, 10s, Js], label: SPADES IN ORDER}
    royal_flush: {made: royal flush}
    straight_flush: {made: straight flush}
    aces_spelled: {made: four of a kind, ranks: [A], order: [As, Ac, Ah, Ad], reversible: true}
    four_aces: {made: four of a kind, ranks: [A]}
    four_of_a_kind: {made: four of a kind}
    full_house: {made: full house}
    flush: {made: flush}
    straight: {made: straight}
    three_of_a_kind: {made: three of a kind}
    two_pair: {made: two pair}
    jacks_or_better: {made: pair, ranks: [J, Q, K, A]}
max_coins: 5
pays: {spades_in_order: 2000, royal_flush: [250, 500, 750, 1000, 4000], straight_flush: 50, aces_spelled: 400,
       four_aces: 80, four_of_a_kind: 25, full_house: 8, flush: 5, straight: 4, three_of_a_kind: 3, two_pair: 2,
       jacks_or_better: 1}
"""


def written(tmp_path: Path, text: str) -> Paytable:
    file = tmp_path / "table.yaml"
    file.write_text(text)
    return load_paytable(file)


def shipped(name: str) -> Paytable:
    return load_paytable(find_paytable(name))


def cards(text: str) -> list[int]:
    return [card.index for card in parse_hand(text)]


def test_every_hand_an_order_pays_is_listed_in_its_places(tmp_path: Path) -> None:
    royal = load_game("jacks-or-better-sequential-royal").placed
    assert royal is not None and len(royal.sequences) == 4
    assert {tuple(row % 4) for row in royal.sequences} == {(suit,) * 5 for suit in range(4)}
    assert all(list(row // 4 + 2) == [10, 11, 12, 13, 14] for row in royal.sequences)
    spelled = load_game("aces-bonus").placed
    assert spelled is not None and len(spelled.sequences) == 2 * 48  # from the first or second place, any kicker
    reversible = written(tmp_path, REVERSIBLE).game.placed
    assert reversible is not None and len(reversible.sequences) == 8
    odd = written(tmp_path, ODD_ORDERS).game.placed
    assert odd is not None
    # 9s Ts Js side by side from three places, made a straight flush by 7s 8s, 8s Qs or Qs Ks in the two
    # places left, either way round:
    assert (odd.entries == 0).sum() == 3 * 3 * 2 and (odd.entries == 3).sum() == 4 * 48


@pytest.mark.parametrize("name", ["jacks-or-better-sequential-royal-9-6", "aces-bonus-8-5", "reversible", "odd"])
def test_listed_hands_are_judged_in_their_places_in_all_120_orders(name: str, tmp_path: Path) -> None:
    paytable = {"reversible": lambda: written(tmp_path, REVERSIBLE),
                "odd": lambda: written(tmp_path, ODD_ORDERS)}.get(name, lambda: shipped(name))()
    game = paytable.game
    assert game.placed is not None
    for row in game.placed.sequences[::7]:
        for order in itertools.permutations(int(card) for card in row):
            assert game.categories[game.evaluate_index(list(order))] == brute_category(game.definition, list(order))


def test_the_places_decide_what_a_hand_pays() -> None:
    game = load_game("jacks-or-better-sequential-royal")
    judged = [game.categories[game.evaluate_index(cards(text))] for text in
              ("Th Jh Qh Kh Ah", "Ah Kh Qh Jh Th", "Jh Th Qh Kh Ah")]
    assert judged == ["sequential_royal", "royal_flush", "royal_flush"]
    assert game.categories[game.evaluate_batch(np.array([cards("Th Jh Qh Kh Ah")]))[0]] == "royal_flush"  # a set
    aces = load_game("aces-bonus")
    judged = [aces.categories[aces.evaluate_index(cards(text))] for text in
              ("As Ac Ah Ad 7c", "7c As Ac Ah Ad", "As 7c Ac Ah Ad", "Ac As Ah Ad 7c")]
    assert judged == ["aces_spelled", "aces_spelled", "four_aces", "four_aces"]


def counted_by_hand(paytable: Paytable, dealt: list[int], as_sets: set[str]) -> dict[tuple[bool, ...], Fraction]:
    """Every hold's EV counted draw by draw in place: every set of drawn cards judged as a set, and
    where the set is one of ``as_sets`` (what an ordered entry's hand is as a set), every order of the
    drawn cards into the gaps judged one by one by the brute-force rules."""
    game = paytable.game
    pays = np.array([paytable.pay(category, paytable.max_coins) for category in game.categories])
    rest = np.array([card for card in range(game.deck_size) if card not in dealt])
    results = {}
    for held in itertools.product([True, False], repeat=5):
        gaps = [place for place, keep in enumerate(held) if not keep]
        picks = list(itertools.combinations(range(len(rest)), len(gaps)))
        draws = rest[np.array(picks, dtype=np.intp).reshape(len(picks), len(gaps))]
        finals = np.repeat(np.array([dealt]), len(draws), axis=0)
        finals[:, gaps] = draws
        judged = game.evaluate_batch(np.sort(finals, axis=1))
        special = np.isin(judged, [game.category_index(category) for category in as_sets])
        total = int(pays[judged[~special]].sum()) * factorial(len(gaps))
        for final, drawn in zip(finals[special], draws[special]):
            placed = [int(card) for card in final]
            for arranged in itertools.permutations(int(card) for card in drawn):
                for place, card in zip(gaps, arranged):
                    placed[place] = card
                total += paytable.pay(brute_category(game.definition, placed), paytable.max_coins)
        results[held] = Fraction(total, perm(len(rest), len(gaps)) * paytable.max_coins)
    return results


@pytest.mark.parametrize("name, text", [
    ("jacks-or-better-sequential-royal-9-6", "Th Jh Qh 2c 3d"),    # three in place: worth holding
    ("jacks-or-better-sequential-royal-9-6", "Qh Th Jh 2c 3d"),    # the same cards out of place
    ("jacks-or-better-sequential-royal-9-6", "9c Jd 2s Kh 4c"),    # one card in its place, alone
    ("aces-bonus-8-5", "As Ac Ah 7d 9c"),
    ("aces-bonus-8-5", "9c As Ac 2d Ad"),                           # the kicker first, an ace out of place
    ("reversible", "2c 3d Qh Jh Th"),                               # 10-J-Q read right to left
    ("odd", "9s Ts 2c Js Ad"),                                      # a spade out of its place, an ace
])
def test_every_hold_is_worth_what_its_ordered_draws_pay(name: str, text: str, tmp_path: Path) -> None:
    paytable = {"reversible": lambda: written(tmp_path, REVERSIBLE),
                "odd": lambda: written(tmp_path, ODD_ORDERS)}.get(name, lambda: shipped(name))()
    hand = parse_hand(text)
    as_sets = {"royal_flush", "straight_flush", "four_aces"} & set(paytable.game.categories)
    by_hand = counted_by_hand(paytable, [card.index for card in hand], as_sets)
    holds = best_holds(paytable, hand)
    assert len(holds) == 32
    for choice in holds:
        assert choice.ev == by_hand[choice.held], choice.label
        assert choice.draws == perm(47, 5 - len(choice.cards))


def test_the_hint_keeps_the_cards_in_their_places(tmp_path: Path) -> None:
    reversible = written(tmp_path, REVERSIBLE)
    best = best_holds(reversible, parse_hand("2c 3d Qh Jh Th"))[0]
    assert best.label == "-- -- Qh Jh Th" and best.places == (3, 4, 5)
    assert best.to_json()["places"] == [3, 4, 5]
    elsewhere = best_holds(reversible, parse_hand("Qh 2c Jh 3d Th"))
    same_cards = next(choice for choice in elsewhere if choice.places == (1, 3, 5))
    assert best.ev - same_cards.ev == Fraction((50000 - 4000), 5 * 47 * 46)  # one ordered draw in 2,162


def _deals(game_deck: int, seed: int, count: int, must: list[str]) -> np.ndarray:
    rng = random.Random(seed)
    hands = [sorted(cards(text)) for text in must]
    hands += [sorted(rng.sample(range(game_deck), 5)) for _ in range(count)]
    return np.array(hands, dtype=np.uint8)


@pytest.mark.parametrize("name, must", [
    ("jacks-or-better-sequential-royal-9-6", ["Th Jh Qh 2c 3d", "Th Jh Qh Kh 2c", "Jh Qh Kh Ah 2c", "Th Jh Qh Kh Ah",
                                              "Jh Jd Qh 4c 5d", "As Ks Qs Js 9s", "Th Ts Jc Js Qh"]),
    ("aces-bonus-8-5", ["As Ac Ah Ad 7c", "As Ac 2d 3h 9c", "As Ah Ad Kc Kd", "As 7c 8d 9h 2s", "Ac Ad 5c 6d 7h"]),
    ("odd", ["9s Ts Js 2c 3d", "8s 9s Ts Js Ks", "As Ac Ah 9s Ts", "Ad Ah Ac 3c 4d"]),
])
def test_the_solve_plays_every_order_of_a_deal_as_the_hint_ranks_it(name: str, must: list[str],
                                                                       tmp_path: Path) -> None:
    paytable = written(tmp_path, ODD_ORDERS) if name == "odd" else shipped(name)
    bet = paytable.max_coins
    hands = _deals(paytable.game.deck_size, seed=len(name), count=25, must=must)
    weights = np.ones(len(hands), dtype=np.int64)
    combinations, _ = solve_deals(paytable, bet, pay_vector(paytable, bet), hands, weights)
    orders, draws = factorial(5), perm(47, 5)
    assert sum(combinations) == len(hands) * orders * draws
    paid = sum(n * paytable.pay(category, bet) for n, category in zip(combinations, paytable.game.categories))
    solved = Fraction(paid, draws * bet)  # every deal in every order, an ordered draw's worth at a time
    hinted = sum((best_holds(paytable, [Card(int(hand[place])) for place in order])[0].ev
                  for hand in hands for order in itertools.permutations(range(5))), Fraction(0))
    assert solved == hinted


def test_ace_dollar_beats_the_anchor_by_keeping_a_kicker_in_its_place() -> None:
    analysis = analyze(shipped("aces-bonus-8-5"))
    assert f"{float(analysis.rtp):.8f}" == "0.99406929"       # fully in place (checked independently)
    assert float(analysis.rtp) - 0.994065 > 4e-6               # the Wizard's holds by the aces' places only
    # every order of every deal times the ordered draws, over what all the counts share (576): the
    # Wizard of Odds' permutations
    assert analysis.total_combinations == 99_666_152_586_000 == comb(52, 5) * factorial(5) * perm(47, 5) // 576


def test_a_reversible_royal_comes_about_once_in_1_9_million_hands(tmp_path: Path) -> None:
    analysis = analyze(written(tmp_path, REVERSIBLE))
    assert f"{analysis.row('reversible_royal').one_in / 1e6:.1f}" == "1.9"
    assert analysis.rtp > analyze(shipped("jacks-or-better-sequential-royal-9-6")).rtp


def test_an_order_can_name_its_kicker_by_suit(tmp_path: Path) -> None:
    """Order and suits together: the ACE$ aces with the jack of spades beside them, and no other."""
    text = ODD_ORDERS.replace("order: [As, Ac, Ah, Ad], reversible: true}", "kicker: [Js], order: [As, Ac, Ah, Ad]}")
    game = written(tmp_path, text).game
    assert game.placed is not None
    spelled = game.placed.sequences[game.placed.entries == game.category_index("aces_spelled")]
    assert sorted(tuple(str(Card(int(card))) for card in row) for row in spelled) == [
        ("As", "Ac", "Ah", "Ad", "Js"), ("Js", "As", "Ac", "Ah", "Ad")]
    for row in spelled:
        for order in itertools.permutations(int(card) for card in row):
            assert game.categories[game.evaluate_index(list(order))] == brute_category(game.definition, list(order))
