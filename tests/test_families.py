"""Every family's evaluator against an independent brute force, and the named edge cases.

The brute force below shares no code with the engine: it names a made hand with plain Python
(a Counter and an if-chain per family, written from the rules as the issue states them), tries
every value for every wild card and both suitednesses, and keeps the best by the family's order.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import numpy as np
import pytest
from support import FAMILIES, game

from videopoker.deck.cards import Rank, parse_hand
from videopoker.deck.combos import combinations_colex
from videopoker.rules.definition import GameDefinition, HandSpec, Made, PayCategory
from videopoker.rules.evaluate import Game, evaluate

BONUS_POKER = game("bonus-poker")
DEUCES_WILD = game("deuces-wild")
DOUBLE_BONUS = game("double-bonus")
DOUBLE_DOUBLE_BONUS = game("double-double-bonus")
JACKS_OR_BETTER = game("jacks-or-better")
JOKER_POKER = game("joker-poker")
TENS_OR_BETTER = game("tens-or-better")
GAMES = {key: game(key) for key in FAMILIES}

HIGH = ["royal_flush", "straight_flush"]
LOW = ["full_house", "flush", "straight", "three_of_a_kind", "two_pair", "jacks_or_better"]
BONUS_QUADS = ["four_aces", "four_2_4", "four_5_k"]
#: Each family's categories, best first, as the issue lists them.
ORDER = {
    "jacks-or-better": [*HIGH, "four_of_a_kind", *LOW],
    "tens-or-better": [*HIGH, "four_of_a_kind", *LOW[:-1], "tens_or_better"],
    "bonus-poker": [*HIGH, *BONUS_QUADS, *LOW],
    "double-bonus": [*HIGH, *BONUS_QUADS, *LOW],
    "double-double-bonus": [*HIGH, "four_aces_with_2_4", "four_2_4_with_a_4", *BONUS_QUADS, *LOW],
    "deuces-wild": ["natural_royal_flush", "four_deuces", "wild_royal_flush", "five_of_a_kind", "straight_flush",
                    "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind"],
    "joker-poker": ["natural_royal_flush", "five_of_a_kind", "wild_royal_flush", "straight_flush", "four_of_a_kind",
                    "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "kings_or_better"],
}
LOWEST_PAIR = {"jacks-or-better": (11, "jacks_or_better"), "tens-or-better": (10, "tens_or_better"),
               "joker-poker": (13, "kings_or_better")}


def name_made_hand(game: str, ranks: tuple[int, ...], suited: bool, wilds: int) -> str:
    """The category of five definite ranks (2..14, wilds already valued), by a plain if-chain."""
    count = Counter(ranks)
    shape = sorted(count.values(), reverse=True)
    low_to_high = sorted(set(ranks))
    straight = len(low_to_high) == 5 and (low_to_high[4] - low_to_high[0] == 4 or low_to_high == [2, 3, 4, 5, 14])
    royal = straight and suited and low_to_high[0] == 10
    wild_game = game in ("deuces-wild", "joker-poker")
    if royal:
        return ("wild_royal_flush" if wilds else "natural_royal_flush") if wild_game else "royal_flush"
    if game == "deuces-wild" and wilds == 4:
        return "four_deuces"
    if shape[0] == 5:
        return "five_of_a_kind"
    if straight and suited:
        return "straight_flush"
    if shape[0] == 4:
        quads = next(r for r, n in count.items() if n == 4)
        kicker = next(r for r, n in count.items() if n == 1)
        if game == "double-double-bonus":
            if quads == 14 and kicker in (2, 3, 4):
                return "four_aces_with_2_4"
            if quads in (2, 3, 4) and kicker in (14, 2, 3, 4):
                return "four_2_4_with_a_4"
        if game in ("bonus-poker", "double-bonus", "double-double-bonus"):
            return "four_aces" if quads == 14 else "four_2_4" if quads <= 4 else "four_5_k"
        return "four_of_a_kind"
    if shape[:2] == [3, 2]:
        return "full_house"
    if suited:
        return "flush"
    if straight:
        return "straight"
    if shape[0] == 3:
        return "three_of_a_kind"
    if game == "deuces-wild":
        return "nothing"
    if shape[:2] == [2, 2]:
        return "two_pair"
    lowest, category = LOWEST_PAIR.get(game, (11, "jacks_or_better"))
    if shape[0] == 2 and next(r for r, n in count.items() if n == 2) >= lowest:
        return category
    return "nothing"


def brute_category(game: str, naturals: tuple[int, ...], wilds: int, suited: bool) -> str:
    """The best category over every value of every wild card (and either suitedness it allows)."""
    order = [*ORDER[game], "nothing"]
    best = len(order) - 1
    for values in itertools.combinations_with_replacement(range(2, 15), wilds):  # order never matters
        for as_suited in {False, suited}:
            named = name_made_hand(game, tuple(naturals) + values, as_suited, wilds)
            best = min(best, order.index(named))
    return order[best]


@functools.cache
def hand_shapes(deck_size: int, wild_ranks: frozenset[int]) -> list[tuple[tuple[int, ...], bool, int]]:
    """Every hand of the deck as (natural ranks, suited, how many hands), counted by brute force."""
    hands = np.array(list(itertools.combinations(range(deck_size), 5)), dtype=np.int64)
    wild = (hands == 52) | np.isin(hands // 4 + 2, list(wild_ranks)) & (hands < 52)
    ranks = np.sort(np.where(wild, 0, hands // 4 + 2), axis=1)
    suits = np.where(wild, -1, hands % 4)
    first = suits.max(axis=1)
    suited = ((suits == first[:, None]) | (suits == -1)).all(axis=1)
    keys = suited.astype(np.int64)
    for place in range(5):
        keys = keys * 16 + ranks[:, place]
    unique, counts = np.unique(keys, return_counts=True)
    shapes = []
    for key, n in zip(unique.tolist(), counts.tolist()):
        digits = [(key >> (4 * (4 - place))) & 15 for place in range(5)]
        shapes.append((tuple(r for r in digits if r), bool(key >> 20), n))
    return shapes


def brute_census(game: Game) -> dict[str, int]:
    """Category counts over every hand of the game's deck, by the brute force above."""
    census: Counter[str] = Counter()
    for naturals, suited, n in hand_shapes(game.deck_size, game.wild_ranks):
        census[brute_category(game.key, naturals, 5 - len(naturals), suited)] += n
    return dict(census)


def engine_census(game: Game) -> dict[str, int]:
    found = np.bincount(game.evaluate_batch(combinations_colex(game.deck_size, 5)), minlength=len(game.categories))
    return {category: int(n) for category, n in zip(game.categories, found) if n}


def test_each_family_has_its_categories_in_the_issues_order() -> None:
    for key, order in ORDER.items():
        assert list(GAMES[key].categories) == [*order, "nothing"]
    assert GAMES["joker-poker"].deck_size == 53 and GAMES["deuces-wild"].max_wilds == 4


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_census_matches_a_brute_force_over_every_hand(game: Game) -> None:
    expected = brute_census(game)
    assert sum(expected.values()) == (2_598_960 if game.deck_size == 52 else 2_869_685)
    assert engine_census(game) == expected


@pytest.mark.slow
@pytest.mark.parametrize("game", [BONUS_POKER, DOUBLE_DOUBLE_BONUS, DEUCES_WILD, JOKER_POKER], ids=lambda g: g.key)
def test_scalar_and_batch_agree_on_every_hand(game: Game) -> None:
    hands = combinations_colex(game.deck_size, 5)
    batch = game.evaluate_batch(hands)
    scalar = np.fromiter(map(game.evaluate_index, hands.tolist()), dtype=np.uint8, count=len(hands))
    assert np.array_equal(scalar, batch)


@pytest.mark.parametrize("game, hand, category", [
    # wild cards fill gaps, wheels, flushes and make five of a kind
    (DEUCES_WILD, "4h 5c 2d 7s 8s", "straight"),               # 4-5-W-7-8
    (DEUCES_WILD, "Ah 2c 3d 4s 5h", "straight"),               # A-W-3-4-5
    (DEUCES_WILD, "Ah 2c 2d 4s 5h", "straight"),               # A-2-W-4-5: two wilds, still a wheel
    (DEUCES_WILD, "Ah 2h 3h 4h 5h", "straight_flush"),
    (DEUCES_WILD, "2c 2d 2h 9s 9c", "five_of_a_kind"),
    (DEUCES_WILD, "Ah Kh Qh Jh Th", "natural_royal_flush"),
    (DEUCES_WILD, "Ah Kh Qh Jh 2c", "wild_royal_flush"),       # a royal with a wild is not natural
    (DEUCES_WILD, "Ah Kh 2d 2s Th", "wild_royal_flush"),
    (DEUCES_WILD, "3h 7h 9h Jh 2c", "flush"),
    (DEUCES_WILD, "3h 7h 9h Jh Kc", "nothing"),
    (DEUCES_WILD, "2c 8h 8d 5s 5c", "full_house"),
    (DEUCES_WILD, "2c 8h 8d 5s 4c", "three_of_a_kind"),        # no pair pays in Deuces Wild
    (DEUCES_WILD, "8c 8h 5d 5s Kc", "nothing"),
    (DEUCES_WILD, "2c 2d 7h 8s Kc", "three_of_a_kind"),
    (JOKER_POKER, "Jk Ac Ad Ah As", "five_of_a_kind"),
    (JOKER_POKER, "Jk Kh Qh Jh Th", "wild_royal_flush"),
    (JOKER_POKER, "Ah Kh Qh Jh Th", "natural_royal_flush"),
    (JOKER_POKER, "2c 3d 4h 5s Jk", "straight"),               # the joker as the fifth card of a straight
    (JOKER_POKER, "Jk 2c 3d 4h 6s", "straight"),               # ... or in the gap
    (JOKER_POKER, "Jk 9c Tc Jc Kc", "straight_flush"),
    (JOKER_POKER, "Jk 3c 7c 9c Qc", "flush"),
    (JOKER_POKER, "Jk Kc 3d 5h 8s", "kings_or_better"),
    (JOKER_POKER, "Jk Qc 3d 5h 8s", "nothing"),
    (JOKER_POKER, "Kc Kd 3d 5h 8s", "kings_or_better"),
    (JOKER_POKER, "Qc Qd 3d 5h 8s", "nothing"),
    (JOKER_POKER, "Jk Qc Qd 5h 5s", "full_house"),
    (DOUBLE_DOUBLE_BONUS, "Ac Ad Ah As 4c", "four_aces_with_2_4"),
    (DOUBLE_DOUBLE_BONUS, "Ac Ad Ah As 5c", "four_aces"),
    (DOUBLE_DOUBLE_BONUS, "2c 2d 2h 2s Ac", "four_2_4_with_a_4"),   # four 2-4 with an ace kicker
    (DOUBLE_DOUBLE_BONUS, "4c 4d 4h 4s 3c", "four_2_4_with_a_4"),
    (DOUBLE_DOUBLE_BONUS, "4c 4d 4h 4s Kc", "four_2_4"),
    (DOUBLE_DOUBLE_BONUS, "5c 5d 5h 5s Ac", "four_5_k"),
    (BONUS_POKER, "2c 2d 2h 2s Ac", "four_2_4"),
    (BONUS_POKER, "Kc Kd Kh Ks Ac", "four_5_k"),
    (DOUBLE_BONUS, "Ac Ad Ah As Kc", "four_aces"),
])
def test_edge_cases(game: Game, hand: str, category: PayCategory) -> None:
    assert evaluate(parse_hand(hand), game) == category


def test_four_deuces_with_any_fifth_card() -> None:
    deuces = list(parse_hand("2c 2d 2h 2s Ac")[:4])
    for fifth in range(4, 52):
        assert DEUCES_WILD.evaluate_index([c.index for c in deuces] + [fifth]) == 1  # four_deuces


def test_quad_aces_with_each_kicker() -> None:
    aces = [c.index for c in parse_hand("Ac Ad Ah As 2c")[:4]]
    for kicker in range(48):
        rank = kicker // 4 + 2
        ddb = DOUBLE_DOUBLE_BONUS.categories[DOUBLE_DOUBLE_BONUS.evaluate_index([*aces, kicker])]
        assert ddb == ("four_aces_with_2_4" if rank <= 4 else "four_aces")
        assert BONUS_POKER.categories[BONUS_POKER.evaluate_index([*aces, kicker])] == "four_aces"


def test_a_high_pair_game_pays_the_pair_it_is_given() -> None:
    """The category and the lowest pair are the definition's, not Jacks-or-Better's."""
    spec = JACKS_OR_BETTER.definition.hands
    pair = HandSpec("kings_or_better", Made.PAIR, ranks=frozenset({Rank.QUEEN, Rank.KING, Rank.ACE}))
    queens = Game("queens-or-better", GameDefinition("Queens or Better", hands=(*spec[:-1], pair)))
    assert evaluate(parse_hand("Qc Qd 3h 4s 2c"), queens) == "kings_or_better"
    assert evaluate(parse_hand("Jc Jd 3h 4s 2c"), queens) == "nothing"
    assert queens.categories[-2] == "kings_or_better"


def test_labels_are_what_a_machine_shows() -> None:
    labels = {c: played.label(c) for played in GAMES.values() for c in played.categories}
    assert labels["four_aces"] == "4 ACES" and labels["four_2_4"] == "4 2s-4s"
    assert labels["four_aces_with_2_4"] == "4 ACES + 2-4" and labels["wild_royal_flush"] == "WILD ROYAL"
    assert labels["five_of_a_kind"] == "5 OF A KIND" and labels["full_house"] == "FULL HOUSE"
    assert all("_" not in label and len(label) <= 15 for label in labels.values())
    for played in GAMES.values():
        assert len({played.short(c) for c in played.categories}) == len(played.categories)


def test_unpaired_tables_keep_their_jacks_census() -> None:
    """The bonus families split four of a kind and change nothing else."""
    jacks, bonus = engine_census(JACKS_OR_BETTER), engine_census(DOUBLE_DOUBLE_BONUS)
    quads = ("four_aces_with_2_4", "four_2_4_with_a_4", "four_aces", "four_2_4", "four_5_k")
    assert sum(bonus.pop(q) for q in quads) == jacks.pop("four_of_a_kind")
    assert bonus == jacks
    assert engine_census(TENS_OR_BETTER)["tens_or_better"] > jacks["jacks_or_better"]
