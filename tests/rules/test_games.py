"""Games as data: every game file and some never shipped, against a brute-force reading of the same
words; the symmetries the analysis relies on; and definitions that are wrong, each refused in one
line with its place and its fix."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from brute import brute_category

from videopoker.deck.cards import Card, parse_hand
from videopoker.errors import PaytableError
from videopoker.paytable import load_paytable
from videopoker.rules.catalog import game_keys, load_game
from videopoker.rules.checking import check_definition
from videopoker.rules.evaluate import Game
from videopoker.storage.yamlfile import parse_document

BAD = Path(__file__).parent / "bad"

#: Games no file ships, in the language of DESIGN.md: the shapes a designer reaches for.
NEVER_SHIPPED = {
    "sevens-wild": """
title: Sevens Wild
wild: [7]
hands:
  natural_royal_flush: {made: royal flush, natural: true}
  four_sevens: {made: wild cards, count: 4}
  wild_royal_flush: {made: royal flush}
  five_of_a_kind: {made: five of a kind}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
""",
    "double-joker": """
title: Double Joker
jokers: 2
hands:
  natural_royal_flush: {made: royal flush, natural: true}
  wild_royal_flush: {made: royal flush}
  five_of_a_kind: {made: five of a kind}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
  two_pair: {made: two pair}
""",
    "one-eyed-jacks": """
title: One-Eyed Jacks
wild: [Js, Jh]
hands:
  natural_royal_flush: {made: royal flush, natural: true}
  five_of_a_kind: {made: five of a kind}
  wild_royal_flush: {made: royal flush}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
  two_pair: {made: two pair}
  kings_or_better: {made: pair, ranks: [K, A]}
""",
    "deuces-and-joker": """
title: Deuces and Joker Wild
jokers: 1
wild: [2]
hands:
  five_wilds: {made: wild cards, count: 5}
  natural_royal_flush: {made: royal flush, natural: true}
  four_deuces: {made: wild cards, count: 4, ranks: [2]}
  wild_royal_flush: {made: royal flush}
  five_of_a_kind: {made: five of a kind}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
""",
    "kicker-deuces": """
title: Natural Kickers Wild
wild: [2]
hands:
  natural_royal_flush: {made: royal flush, natural: true}
  four_deuces_with_ace: {made: wild cards, count: 4, kicker: [A]}
  four_deuces: {made: wild cards, count: 4}
  natural_four_aces_low: {made: four of a kind, ranks: [A], kicker: [3, 4, 5], natural: true}
  wild_royal_flush: {made: royal flush}
  five_aces: {made: five of a kind, ranks: [A]}
  five_of_a_kind: {made: five of a kind}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
""",
    "aces-only": """
title: Pair of Aces
jokers: 1
wild: [Qd]
hands:
  royal_flush: {made: royal flush}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
  two_pair: {made: two pair}
  pair_of_aces: {made: pair, ranks: [A]}
""",
    # Cards named by suit beside wild cards: a black-jack kicker and a flush holding a red ace.
    "named-cards": """
title: Named Cards
wild: [2]
hands:
  natural_royal_flush: {made: royal flush, natural: true}
  four_deuces: {made: wild cards, count: 4}
  quads_black_jack: {made: four of a kind, ranks: [A, K], kicker: [Js, Jc, 9]}
  wild_royal_flush: {made: royal flush}
  five_of_a_kind: {made: five of a kind}
  straight_flush: {made: straight flush}
  four_of_a_kind: {made: four of a kind}
  red_ace_flush: {made: flush, holding: [Ah, Ad]}
  full_house: {made: full house}
  flush: {made: flush}
  straight: {made: straight}
  three_of_a_kind: {made: three of a kind}
""",
}


def inline_game(key: str) -> Game:
    definition = check_definition(parse_document(NEVER_SHIPPED[key], key), key, key)
    return Game(key, definition)


def sample_hands(deck: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(deck), 5) for _ in range(count)]


def agrees_with_brute_force(game: Game, hands: list[list[int]]) -> None:
    for hand in hands:
        expected = brute_category(game.definition, hand)
        assert game.categories[game.evaluate_index(hand)] == expected, f"{game.key}: {hand}"


@pytest.mark.parametrize("key", game_keys())
def test_every_game_file_means_what_it_says(key: str) -> None:
    game = load_game(key)
    agrees_with_brute_force(game, sample_hands(game.deck_size, 1500, seed=len(key)))


@pytest.mark.parametrize("key", sorted(NEVER_SHIPPED))
def test_games_never_shipped_mean_what_they_say(key: str) -> None:
    game = inline_game(key)
    wild = sorted(game.definition.wild_card_indices)
    rng = random.Random(7)
    # many wild cards are rare in random hands: deal some from the wild cards on purpose
    loaded = [rng.sample(wild, min(len(wild), n)) + rng.sample([c for c in range(game.deck_size) if c not in wild],
                                                                5 - min(len(wild), n)) for n in range(1, 6)
              for _ in range(60)]
    agrees_with_brute_force(game, sample_hands(game.deck_size, 1500, seed=3) + loaded)


def test_a_second_joker_and_suited_wild_cards_in_play() -> None:
    from videopoker.deck.cards import parse_hand
    from videopoker.rules.evaluate import evaluate

    assert evaluate(parse_hand("Jk Jk Ah Ad 9c"), inline_game("double-joker")) == "four_of_a_kind"
    assert evaluate(parse_hand("Jk Jk 2h 2d 2c"), inline_game("double-joker")) == "five_of_a_kind"
    one_eyed = inline_game("one-eyed-jacks")
    assert evaluate(parse_hand("Js Kd Kc 4h 9c"), one_eyed) == "three_of_a_kind"
    assert evaluate(parse_hand("Jc Kd Qc 4h 9c"), one_eyed) == "nothing"  # a jack of clubs is no wild card
    assert evaluate(parse_hand("Ah Kh Qh Th Js"), one_eyed) == "wild_royal_flush"
    deuces_joker = inline_game("deuces-and-joker")
    assert evaluate(parse_hand("2c 2d 2h 2s Jk"), deuces_joker) == "five_wilds"
    assert evaluate(parse_hand("2c 2d 2h 2s 9c"), deuces_joker) == "four_deuces"
    assert evaluate(parse_hand("2c 2d 2h Jk 9c"), deuces_joker) == "five_of_a_kind"  # not four deuces
    kickers = inline_game("kicker-deuces")
    assert evaluate(parse_hand("2c 2d 2h 2s Ac"), kickers) == "four_deuces_with_ace"
    assert evaluate(parse_hand("Ac Ad Ah As 4c"), kickers) == "natural_four_aces_low"
    assert evaluate(parse_hand("Ac Ad Ah 2s 4c"), kickers) == "four_of_a_kind"  # not natural


def test_wild_cards_of_any_two_suits_return_the_same() -> None:
    """Only renamings of suits that keep the wild cards wild are symmetries; the analysis must use
    those, and any two suits are alike, so one-eyed jacks in spades and hearts or in clubs and
    diamonds return exactly the same."""
    from videopoker.analysis.solve.exact import analyze
    from videopoker.paytable import Paytable

    text = NEVER_SHIPPED["one-eyed-jacks"]
    pays = {"natural_royal_flush": (250, 500, 750, 1000, 4000), "five_of_a_kind": (100,), "wild_royal_flush": (50,),
            "straight_flush": (50,), "four_of_a_kind": (16,), "full_house": (8,), "flush": (5,), "straight": (4,),
            "three_of_a_kind": (2,), "two_pair": (1,), "kings_or_better": (1,)}
    returns = []
    for wild in ("[Js, Jh]", "[Jc, Jd]", "[Js, Jc]"):
        definition = check_definition(parse_document(text.replace("[Js, Jh]", wild), "x"), "x", "x")
        game = Game(f"jacks-{wild}", definition)
        totals = {key: amounts if len(amounts) == 5 else tuple(amounts[0] * n for n in range(1, 6))
                  for key, amounts in pays.items()}
        returns.append(analyze(Paytable("t", game, 5, totals), remember=False).rtp)
    assert returns[0] == returns[1] == returns[2]


@pytest.mark.slow
def test_suited_wild_classes_give_the_return_of_solving_every_hand() -> None:
    """Where only some renamings of suits are symmetries (one-eyed jacks), the finer classes still
    cover every dealt hand once, and their return is that of solving all 2,598,960 hands."""
    from math import comb, lcm

    import numpy as np

    from videopoker.analysis.solve.draws import draw_tables, hold_ranks
    from videopoker.analysis.solve.exact import analyze, pay_vector
    from videopoker.deck.combos import combinations_colex
    from videopoker.paytable import Paytable

    definition = check_definition(parse_document(NEVER_SHIPPED["one-eyed-jacks"], "x"), "x", "x")
    game = Game("one-eyed-jacks", definition)
    totals = {key: (250, 500, 750, 1000, 4000) if key == "natural_royal_flush" else tuple(n * pay for n in range(1, 6))
              for key, pay in zip(definition.keys, (0, 100, 50, 50, 10, 5, 4, 3, 2, 1, 1))}
    paytable = Paytable("One-eyed jacks", game, 5, totals)
    tables = draw_tables(game)
    assert 600_000 < len(tables.class_hands) < 800_000  # not the 134,459 of a game blind to suits
    assert int(tables.class_weights.sum()) == comb(52, 5)
    paid = tables.paid(pay_vector(paytable, 5))
    common = lcm(*tables.draw_counts.tolist())
    scale = (common // tables.draw_counts).astype(np.float64)[:, None]
    hands = combinations_colex(52, 5)
    total = 0
    for start in range(0, len(hands), 1 << 16):
        block = hands[start:start + (1 << 16)]
        values = paid.hold_values(hold_ranks(block), game.evaluate_batch(block).astype(np.intp)) * scale
        total += int(values.max(axis=0).sum())
    assert total == analyze(paytable, remember=False).rtp * 5 * comb(52, 5) * common


def test_black_jack_bonus_makes_every_hand_the_wizard_of_odds_counts() -> None:
    """Four of a kind with the jack of spades or clubs beside it: suits in a rule.  Every combination
    of the Wizard of Odds' 9/6 table (his slow program ran four days a table), exactly."""
    from videopoker.analysis.solve.exact import analyze
    from videopoker.paytable import load_paytable
    from videopoker.paytable.names import find_paytable

    analysis = analyze(load_paytable(find_paytable("black-jack-bonus-9-6")), remember=False)
    assert [row.combinations for row in analysis.rows] == [
        486203646, 2203932480, 375173532, 863022792, 1780551210, 8368302246, 9053778936, 26202429360,
        202560451044, 231319834884, 261796363338, 1497410737884, 2343890018796, 4313089582038, 11033830135014]
    eight_six = analyze(load_paytable(find_paytable("black-jack-bonus-8-6")), remember=False)
    assert [row.combinations for row in eight_six.rows][:10] == [  # the rows of his 8/6 table we have
        485848896, 2203293672, 375047370, 862960872, 1780112094, 8361797292, 9053007774, 26186728770,
        202444719468, 233705700462]
    game = analysis.paytable.game
    assert game.named == tuple(Card.parse(text).index for text in ("Jc", "Js"))
    judged = [game.categories[game.evaluate_index([card.index for card in parse_hand(text)])]
              for text in ("Ah Ac Ad As Js", "Ah Ac Ad As Jh", "Jh Jc Jd Js Ah", "5h 5c 5d 5s Jc")]
    assert judged == ["four_aces_black_jack", "four_aces_jacks", "four_aces_jacks", "four_5_k_black_jack"]


@pytest.mark.parametrize("key", ["black-jack-bonus", "named-cards"])
def test_cards_named_by_suit_mean_what_they_say_on_every_four_of_a_kind_and_flush(key: str) -> None:
    game = load_game(key) if key in game_keys() else inline_game(key)
    quads = [[rank * 4 + suit for suit in range(4)] + [kicker] for rank in range(13)
             for kicker in range(52) if kicker // 4 != rank]
    rng = random.Random(5)
    flushes = [[rank * 4 + suit for rank in rng.sample(range(13), 5)] for suit in range(4) for _ in range(100)]
    agrees_with_brute_force(game, quads + flushes)


def test_a_made_hand_can_name_how_many_wild_cards_it_holds() -> None:
    """Super Bonus Deuces pays five of a kind made of a natural four of a kind and one deuce apart:
    `count` on a made hand is exactly so many wild cards in it (`natural: true` is count 0)."""
    from videopoker.deck.cards import parse_hand
    from videopoker.rules.evaluate import evaluate

    game = load_game("super-bonus-deuces")
    assert evaluate(parse_hand("9c 9d 9h 9s 2c"), game) == "five_of_a_kind_one_deuce"
    assert evaluate(parse_hand("9c 9d 9h 2s 2c"), game) == "five_of_a_kind"  # two deuces
    assert evaluate(parse_hand("Ac Ad Ah As 2c"), game) == "five_of_a_kind_one_deuce"
    assert evaluate(parse_hand("2c 2d 2h 2s Ac"), game) == "four_deuces_with_ace"
    agrees_with_brute_force(game, [[c.index for c in parse_hand(text)] for text in
                                   ("9c 9d 9h 9s 2c", "9c 9d 9h 2s 2c", "Kc Kd Kh 2s 2c", "Kc Kd 2h 2s 2c")])


def test_an_inline_game_plays_validates_and_analyses(tmp_path: Path) -> None:
    table = tmp_path / "mine.yaml"
    table.write_text("name: Mine\ngame:\n" + "\n".join("  " + line for line in NEVER_SHIPPED["sevens-wild"].strip()
                                                      .splitlines()) +
                     "\nmax_coins: 5\npays: {natural_royal_flush: [250, 500, 750, 1000, 4000], four_sevens: 200, "
                     "wild_royal_flush: 25, five_of_a_kind: 15, straight_flush: 9, four_of_a_kind: 5, full_house: 3, "
                     "flush: 2, straight: 2, three_of_a_kind: 1}\n")
    paytable = load_paytable(table)
    assert paytable.game.key == "sevens-wild" and paytable.game.title == "Sevens Wild"
    assert paytable.pay("four_sevens", 5) == 1000


#: Each bad definition, named for its fault: the place and the words its one error must have.
BAD_GAMES = {
    "unknown-word.yaml": ("6:24", "unknown word 'rank'", "did you mean 'ranks'?"),
    "unknown-made.yaml": ("5:28", "made the text 'straigth flush' is not a hand", "did you mean 'straight flush'?"),
    "no-such-rank.yaml": ("5:52", "ranks the text 'B' is not a rank", "2..10, J, Q, K, A"),
    "no-such-card.yaml": ("3:14", "wild: the text 'Zs' is neither a rank", "nor a card"),
    "kicker-without-fifth-card.yaml": ("5:36", "a kicker is the fifth card", "full house"),
    "count-beyond-deck.yaml": ("5:44", "count 5 is more wild cards than this deck can deal", "(4)"),
    "three-jokers.yaml": ("3:11", "jokers (added to the 52 cards) must be a whole number 0..2", "got 3"),
    "duplicate-hand.yaml": ("6:5", "duplicate key 'flush'", "keep one of them"),
    "unreachable-entry.yaml": ("5:5", "four_aces can never be paid: four_of_a_kind above it", "move four_aces above"),
    "pays-not-hands.yaml": ("13:3", "'four_ace' is not a hand of", "did you mean"),
    "wild-card-count-missing.yaml": ("5:19", "say how many wild cards with `count:`", "four deuces"),
    "count-on-a-natural-game.yaml": ("5:54", "count 1 is more wild cards than this deck can deal", "(0)"),
    "order-in-a-wild-game.yaml": ("5:43", "an order is for games without wild cards", "drop `order`"),
    "order-too-short.yaml": ("4:62", "order is a list of 3 to 5 ranks or cards", "got 2"),
    "order-names-a-card-twice.yaml": ("4:71", "order names As twice", "one place"),
    "reversible-without-order.yaml": ("4:38", "reversible reads an `order` right to left", "give the order"),
    "order-below-its-hand.yaml": ("5:5", "sequential_royal can never be paid: royal_flush above it",
                                  "move sequential_royal above royal_flush"),
    "natural-with-a-count.yaml": ("5:44", "natural means no wild card, and count says 2", "keep one of them"),
}


@pytest.mark.parametrize("name", sorted(BAD_GAMES))
def test_a_bad_definition_gives_one_line_with_its_place_and_fix(name: str) -> None:
    place, first, second = BAD_GAMES[name]
    with pytest.raises(PaytableError) as caught:
        load_paytable(BAD / name)
    assert len(caught.value.problems) == 1, caught.value.problems
    line = caught.value.problems[0]
    assert f"{name}:{place}:" in line and first in line and second in line, line
    assert "\n" not in line and len(line.removeprefix(str(BAD / name))) < 300  # wherever the checkout lies


@pytest.mark.parametrize("hostile", ["many-hands", "alias-bomb", "huge-list", "deep"])
def test_hostile_definitions_are_refused_not_worked_through(tmp_path: Path, hostile: str) -> None:
    head = "name: x\nmax_coins: 5\npays: {}\ngame:\n  title: x\n"
    texts = {
        "many-hands": head + "  hands:\n" + "".join(f"    h{n}: {{made: pair}}\n" for n in range(3000)),
        "alias-bomb": "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n" + head,
        "huge-list": head + "  wild: [" + ", ".join(["2"] * 12000) + "]\n  hands: {p: {made: pair}}\n",
        "deep": head + "  hands: " + "[" * 500 + "]" * 500 + "\n",
    }
    file = tmp_path / "hostile.yaml"
    file.write_text(texts[hostile])
    started = time.perf_counter()
    with pytest.raises(PaytableError) as caught:
        load_paytable(file)
    # refused, never worked through; how fast is measured in tests/benchmarks/games_speed.py
    assert time.perf_counter() - started < 60  # only a definition worked through misses this, never a busy machine
    assert all("\n" not in line and len(line) < 300 for line in caught.value.problems)
