"""Five Aces: a 53-card deck, the 52 and a fifth ace of a suit of its own (a star), declared in the
game (``fifth_ace: true``).  The judge, the exact solve, the hint, the machine and the record read
it as an ace that is never in a flush; the Wizard of Odds' published counts are met."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from support import refusal

from tests.rules.brute import brute_category
from videopoker.analysis import analyze, best_holds
from videopoker.analysis.solve.draws import draw_tables
from videopoker.cli import main
from videopoker.deck.cards import Card, Rank, check_deck, full_deck, parse_cards, parse_hand
from videopoker.deck.combos import combinations_colex
from videopoker.deck.suits import suit_classes
from videopoker.errors import CardError
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.paytable.checking import check_document
from videopoker.player.session import Session
from videopoker.rules.catalog import load_game
from videopoker.storage.yamlfile import parse_document

GAME = "five-aces-double-double-bonus"
TABLE = "five-aces-double-double-bonus-9-6"
#: The Wizard of Odds' 9/6 table (the page in the paytable's header), every row, on a denominator
#: a twelfth of ours.  His five aces read 20,141,891, and his total is 72 more than C(53,5) × 713,460
#: allows: the last two digits of the five aces swapped (the rows he gives sum to his total only
#: with them).  Every other row is his to the digit.
WIZARD_9_6 = {
    "five_aces": 20_141_819, "royal_flush": 39_903_077, "straight_flush": 223_419_365,
    "four_aces_with_2_4": 591_005_396, "four_2_4_with_a_4": 291_399_373, "four_aces": 1_639_346_813,
    "four_2_4": 712_435_195, "four_5_k": 2_825_172_174, "full_house": 21_829_408_391, "flush": 27_019_846_823,
    "straight": 26_649_221_243, "three_of_a_kind": 158_404_691_540, "two_pair": 240_503_689_539,
    "pair_of_aces": 202_886_495_776, "nothing": 1_363_769_283_576}
#: His 8/5 table's first seven rows, on our denominator.
WIZARD_8_5 = {
    "five_aces": 244_414_692, "royal_flush": 540_545_520, "straight_flush": 2_698_504_236,
    "four_aces_with_2_4": 7_217_211_096, "four_2_4_with_a_4": 3_503_096_916, "four_aces": 20_026_950_516,
    "four_2_4": 8_551_632_540}


def test_the_fifth_ace_reads_and_prints_as_an_ace_of_stars() -> None:
    ace = Card.fifth_ace()
    assert str(ace) == "A*" and ace.label == "A★" and repr(ace) == "Card('A*')"
    assert ace.rank is Rank.ACE and ace.suit is None and not ace.is_joker and ace.is_fifth_ace
    assert Card.parse("a*") == Card.parse("A★") == Card.parse("A☆") == ace
    assert parse_cards("AsA*Jk") == (Card.parse("As"), ace, Card.joker())
    assert full_deck(0, fifth_ace=True)[-1] == ace and len(full_deck(0, fifth_ace=True)) == 53
    with pytest.raises(CardError, match="'A\\*' is not in the deck of Jacks or Better; play it in a game with a "
                                        "fifth ace"):
        check_deck([ace], full_deck(), "Jacks or Better")


def test_the_game_deals_53_cards_and_the_fifth_ace_is_the_place_after_the_52() -> None:
    game = load_game(GAME)
    definition = game.definition
    assert game.deck_size == 53 and definition.deck[52] == Card.fifth_ace()
    assert game.position(Card.fifth_ace()) == 52 and game.position(Card.parse("As")) == 51
    assert game.place_ranks[52] == 12 and game.place_suits[52] == 4
    assert definition.data()["fifth_ace"] is True
    assert "fifth_ace" not in load_game("jacks-or-better").definition.data()  # old games read as they did


def test_every_hand_of_the_deck_is_what_the_brute_force_judge_reads() -> None:
    """One hand of each suit class (the fifth ace, like a joker, is fixed by every renaming of suits):
    the compiled table against a judge that shares no code with it."""
    game = load_game(GAME)
    hands, weights = suit_classes(game.deck_size)
    assert int(weights.sum()) == 2_869_685  # C(53, 5)
    categories = game.evaluate_batch(hands)
    rng = random.Random(53)
    for at in rng.sample(range(len(hands)), 4000) + [int(i) for i in np.flatnonzero(hands[:, 4] == 52)[::7]]:
        cards = [int(card) for card in hands[at]]
        assert game.categories[categories[at]] == brute_category(game.definition, cards), cards
    five = [game.position(card) for card in parse_hand("Ac Ad Ah As A*")]
    assert game.categories[game.evaluate_index(five)] == "five_aces"
    flush_with_the_star = [game.position(card) for card in parse_hand("Kh Qh Jh Th A*")]
    assert game.categories[game.evaluate_index(flush_with_the_star)] == "straight"  # never in a flush


def test_nine_six_makes_every_published_count_and_return() -> None:
    analysis = analyze(resolve_paytable(TABLE))
    assert analysis.total_combinations == 2_869_685 * 12 * 713_460
    assert {row.category: row.combinations for row in analysis.rows} == \
        {key: 12 * count for key, count in WIZARD_9_6.items()}
    assert f"{float(analysis.rtp):.6f}" == "0.999992"
    assert analysis.rtp == Fraction(sum(12 * count * pay for count, pay in zip(
        WIZARD_9_6.values(), (1200, 800, 100, 400, 160, 160, 80, 50, 9, 6, 4, 2, 1, 1, 0))),
        analysis.total_combinations)


def test_eight_five_makes_the_published_counts_given() -> None:
    text = resolve_paytable(TABLE).source.read_text()  # type: ignore[union-attr]
    text = text.replace("full_house: 9", "full_house: 8").replace("flush: 6", "flush: 5")
    analysis = analyze(check_document(parse_document(text, "8-5.yaml"), "8-5.yaml", "eight-five"))
    for key, count in WIZARD_8_5.items():
        assert analysis.row(key).combinations == count, key


@pytest.mark.parametrize("text", ["As Ah Ad Ac A*", "A* Kh Qh Jh Th", "A* Ah 7c 8d 2s", "3c 3d 3h A* 9s"])
def test_each_hold_is_what_every_draw_from_the_48_unseen_cards_makes(text: str) -> None:
    """An independent solver: every draw of every hold enumerated and judged by the brute-force judge,
    against the hint's counts and EVs."""
    paytable = resolve_paytable(TABLE)
    game = paytable.game
    hand = parse_hand(text)
    dealt = [game.position(card) for card in hand]
    unseen = [card for card in range(53) if card not in dealt]
    pays = {category: paytable.pay(category, 5) for category in game.categories}
    hint = {choice.held: choice for choice in best_holds(paytable, hand)}
    rng = random.Random(len(text))
    for mask in [0b11111, 0b01111, 0b00011, 0b10000] + [rng.randrange(32) for _ in range(2)]:
        held = tuple(bool(mask >> place & 1) for place in range(5))
        kept = [card for card, keep in zip(dealt, held) if keep]
        if len(kept) < 2:  # a thousand-odd draws is plenty for the brute judge: hold two or more
            continue
        counts: dict[str, int] = {}
        draws = combinations_colex(48, 5 - len(kept))
        for draw in draws:
            category = brute_category(game.definition, kept + [unseen[int(card)] for card in draw])
            counts[category] = counts.get(category, 0) + 1
        choice = hint[held]
        assert {key: n for key, n in choice.outcomes.items() if n} == counts, (text, held)
        assert choice.ev == Fraction(sum(n * pays[key] for key, n in counts.items()), len(draws) * 5)


def test_the_best_hold_of_four_aces_and_the_star_is_all_five_and_the_tables_agree() -> None:
    paytable = resolve_paytable(TABLE)
    best = best_holds(paytable, parse_hand("As Ah Ad Ac A*"))[0]
    assert best.held == (True,) * 5 and best.ev == 1200
    three = best_holds(paytable, parse_hand("As Ah A* 9c 2d"))[0]  # three aces, one of them the star
    assert three.cards == parse_cards("As Ah A*") and three.outcomes["five_aces"] == 1 and three.draws == 1128
    tables = draw_tables(paytable.game)
    assert tables.class_weights.sum() == 2_869_685


def test_a_round_pays_five_aces_and_the_record_keeps_the_star(isolated_home: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    paytable = resolve_paytable(TABLE)
    five = parse_hand("As Ah Ad Ac A*")
    assert Round(paytable, 5, five).settle(five) == ("five_aces", 6000)
    with pytest.raises(CardError, match="'A\\*' is not in the deck of Jacks or Better"):
        Round(resolve_paytable("jacks-or-better-9-6"), 5, five)
    with Session.open(isolated_home, random.Random(5), paytable=TABLE) as session:
        session.machine.start(Round(paytable, 5, five, (True,) * 5))
        session.draw()
        session.machine.start(Round(paytable, 5, parse_hand("A* Kh 7c 8d 2s"), (True,) + (False,) * 4))
        session.draw()
    with Session.open(isolated_home, random.Random(6), paytable=TABLE) as session:  # read back from the wallet
        last = session.machine.last
        assert last is not None and last.dealt[0] == Card.fifth_ace() and last.results[0].category != "five_aces"
    capsys.readouterr()
    assert main(["history", "--json"]) == 0
    categories = json.loads(capsys.readouterr().out)["tables"][0]["categories"]
    assert categories["five_aces"]["count"] == 1
    assert main(["history", "--leaks"]) == 0  # the odds of the holds, the star read where it was dealt
    five_aces = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("5 ACES"))
    assert five_aces.split()[2:4] == ["1", "1.0"]  # made once, expected once: all five held


def test_the_deck_shuffles_the_fifth_ace_in_and_draws_never_repeat_it() -> None:
    paytable = resolve_paytable(TABLE)
    rng = random.Random(11)
    seen = 0
    for _ in range(400):
        dealt = Round.deal(paytable, 5, rng).dealt
        seen += Card.fifth_ace() in dealt
        finals = Round(paytable, 5, dealt).draw(rng)
        assert len(set(finals[0])) == 5 and all(card in paytable.game.definition.deck for card in finals[0])
    assert 20 < seen < 80  # 5 / 53 of the deals hold it: about 38 of 400


@pytest.mark.parametrize(("game", "message"), [
    ("fifth_ace: yes", "fifth_ace is true (an ace of stars added to the 52 cards) or false, got the text 'yes'"),
    ("fifth_ace: true\n  jokers: 1", "a deck with a fifth ace has no wild cards yet"),
    ("fifth_ace: true\n  wild: [2]", "a deck with a fifth ace has no wild cards yet"),
    ("wild: [A*]", "wild: the fifth ace is a natural ace; for a wild card add a joker (`jokers: 1`)"),
])
def test_a_fifth_ace_is_refused_where_it_cannot_be_said(game: str, message: str) -> None:
    text = (f"name: Tiny table\ngame:\n  title: Tiny\n  {game}\n  hands:\n    five_aces: {{made: five of a kind}}\n"
            "    pair: {made: pair}\nmax_coins: 5\npays: {five_aces: 1, pair: 1}\n")
    assert message in refusal(text)


def test_an_order_beside_a_fifth_ace_is_refused_in_one_line(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    table = tmp_path / "ordered.yaml"
    table.write_text("name: Ordered Aces\ngame:\n  title: Ordered Aces\n  fifth_ace: true\n  hands:\n"
                     "    sequential_royal: {made: royal flush, order: [10, J, Q, K, A]}\n"
                     "    royal_flush: {made: royal flush}\n    pair: {made: pair}\n"
                     "max_coins: 5\npays: {sequential_royal: 5000, royal_flush: 800, pair: 1}\n")
    assert main(["paytable", "validate", str(table)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ordered.yaml:4:3: sequential_royal pays cards in their places" in err
