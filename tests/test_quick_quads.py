"""Quick Quads: three of a kind whose two other cards add up to its rank is paid as four of a kind at
the feature bet.  Its game language (``sides_add_up``) against the brute-force judge on every hand
with a three of a kind, its published return tables count by count, and a round of it played,
recorded and reported."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from support import refusal

from tests.rules.brute import brute_category
from videopoker.analysis.features.feature import analyze_feature, worth_vector
from videopoker.analysis.solve.draws import HELD_COUNT, HOLDS, draw_tables
from videopoker.analysis.solve.hint import best_holds
from videopoker.analysis.solve.tally import HoldTally, common_values, first_best
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session

BONUS = "quick-quads-bonus-poker-8-5"
TRIPLE = "quick-quads-triple-bonus-plus-8-5"
#: The Wizard of Odds' return tables, every combination (pages named in the paytables' headers).
BONUS_COUNTS = {
    "royal_flush": 499479060, "straight_flush": 2050898292, "four_aces": 4198382916, "four_2_4": 8547691188,
    "four_5_k": 28035965772, "quick_quads_2_4": 15712580868, "quick_quads_5_10": 67124966712,
    "full_house": 215327009640, "flush": 196543103748, "straight": 218788333320,
    "three_of_a_kind": 1370336618856, "two_pair": 2593167713280, "jacks_or_better": 4179309331284,
    "nothing": 11033588442264}
TRIPLE_COUNTS = {
    "royal_flush": 504017940, "straight_flush": 2365418856, "four_aces": 4524385524, "four_2_4": 8634092292,
    "four_5_k": 27974079828, "quick_quads_2_4": 17702690184, "quick_quads_5_10": 68964537480,
    "full_house": 185443611660, "flush": 205240266984, "straight": 235581271812,
    "three_of_a_kind": 1376903008512, "two_pair": 2440209901752, "jacks_or_better": 4133837770020,
    "nothing": 11225345464356}


def test_the_feature_bet_judges_quick_quads_as_the_fours_they_add_up_to() -> None:
    paytable = resolve_paytable(BONUS)
    played = paytable.as_played(6)
    assert paytable.as_played(5) is paytable and played.as_played(6) is played
    assert played.game.categories[:8] == ("royal_flush", "straight_flush", "four_aces", "four_2_4", "four_5_k",
                                          "quick_quads_2_4", "quick_quads_5_10", "full_house")
    assert [played.pay(key, 5) for key in ("four_aces", "four_2_4", "quick_quads_2_4", "quick_quads_5_10")] == \
        [500, 300, 300, 230]
    assert paytable.every_category == (*paytable.game.categories, "quick_quads_2_4", "quick_quads_5_10")
    for cards, quick, plain in (("3c 6d 9h 9s 9c", "quick_quads_5_10", "three_of_a_kind"),
                                ("4c 4d 8h 8s 8c", "quick_quads_5_10", "full_house"),  # a pair of sides counts
                                ("Ac Ad 2h 2s 2c", "quick_quads_2_4", "full_house"),
                                ("Ac 4d 5h 5s 5c", "quick_quads_5_10", "three_of_a_kind"),
                                ("Ac 9d Th Ts Tc", "quick_quads_5_10", "three_of_a_kind"),
                                ("Kc Ad Kh Ks 2c", "three_of_a_kind", "three_of_a_kind"),  # faces never
                                ("Jc Ad Th Ts Tc", "three_of_a_kind", "three_of_a_kind")):
        dealt = parse_hand(cards)
        assert Round(paytable, 6, dealt).settle(dealt)[0] == quick, cards
        assert Round(paytable, 5, dealt).settle(dealt)[0] == plain, cards
    assert Round(paytable, 6, parse_hand("3c 6d 9h 9s 9c")).settle(parse_hand("3c 6d 9h 9s 9c")) == \
        ("quick_quads_5_10", 230)


def test_sides_that_add_up_mean_what_the_brute_force_judge_reads_on_every_three_of_a_kind() -> None:
    game = resolve_paytable(TRIPLE).as_played(None).game
    checked = 0
    for hand in combinations(range(52), 5):
        ranks = sorted(card // 4 for card in hand)
        if max(ranks.count(rank) for rank in ranks) != 3:
            continue
        assert game.categories[game.evaluate_index(list(hand))] == brute_category(game.definition, list(hand))
        checked += 1
    assert checked == 54_912 + 3_744  # every three of a kind and every full house


def test_bonus_poker_quick_quads_makes_every_published_count() -> None:
    analysis = analyze_feature(resolve_paytable(BONUS))
    assert {row.category: row.combinations for row in analysis.rows} == BONUS_COUNTS
    assert f"{float(analysis.rtp):.6f}" == "0.995495" and f"{float(analysis.base.rtp):.6f}" == "0.991660"


def test_triple_bonus_plus_quick_quads_is_the_wizards_return_and_his_counts_under_his_tie_rule() -> None:
    """The Wizard's table returns exactly what ours does; where two holds are worth the same his
    counts keep the fewer cards (a three-card straight flush over a four-card straight of equal
    worth), ours the more, so the counts are his under his rule."""
    paytable = resolve_paytable(TRIPLE)
    analysis = analyze_feature(paytable)
    published = Fraction(sum(n * paytable.as_played(6).pay(key, 5) for key, n in TRIPLE_COUNTS.items()),
                         sum(TRIPLE_COUNTS.values()) * 6)
    assert analysis.rtp == published and f"{float(published):.6f}" == "0.998742"
    played = paytable.as_played(None)
    tables = draw_tables(played.game)
    paid = tables.paid(worth_vector(paytable)[0])
    fewest_first = tuple(sorted(range(HOLDS), key=lambda mask: (int(HELD_COUNT[mask]), mask)))
    tally = HoldTally(tables, paytable.max_coins)
    for chunk in tables.class_chunks():
        values = common_values(tables, paid, chunk.ranks, chunk.dealt)
        tally.add(chunk, values, first_best(values, fewest_first))
    assert dict(zip(played.game.categories, tally.group_combinations()[0])) == TRIPLE_COUNTS


def test_the_hint_at_the_feature_bet_keeps_the_quick_quad_and_draws_to_one() -> None:
    paytable = resolve_paytable(BONUS)
    best = best_holds(paytable, parse_hand("9c 9d 9h 3s Kc"), 6)[0]
    assert best.label == "9c 9d 9h 3s" and best.outcomes["quick_quads_5_10"] == 4  # the four sixes
    assert best_holds(paytable, parse_hand("9c 9d 9h 3s 6c"), 6)[0].ev == 46
    assert best_holds(paytable, parse_hand("9c 9d 9h 3s 6c"), 5)[0].held == (True, True, True, False, False)


def test_a_quick_quad_played_is_recorded_and_reported_as_its_own_hand(isolated_home: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    paytable = resolve_paytable(BONUS)
    with Session.open(isolated_home, random.Random(5), paytable=BONUS) as session:
        session.machine.start(Round(paytable, 6, parse_hand("3c 6d 9h 9s 9c"), (True,) * 5))
        session.draw()
        session.machine.start(Round(paytable, 5, parse_hand("4c 4d 8h 8s 8c"), (True,) * 5))
        session.draw()
        last = session.machine.last
        assert last is not None and last.results[0].category == "full_house" and last.results[0].win == 40
    capsys.readouterr()
    assert main(["history", "--json"]) == 0
    categories = json.loads(capsys.readouterr().out)["tables"][0]["categories"]
    assert categories["quick_quads_5_10"]["count"] == 1 and categories["full_house"]["count"] == 1
    assert categories["three_of_a_kind"]["count"] == 0
    assert main(["history"]) == 0
    assert "QUICK 5s-10s" in capsys.readouterr().out


@pytest.mark.parametrize(("hands", "feature", "message"), [
    ("four_of_a_kind: {made: four of a kind}\n  full_house: {made: full house, sides_add_up: true}", "",
     "full_house: sides_add_up asks the two cards beside a three of a kind to add up to its rank; write made: "
     "three of a kind, not full house"),
    ("four_of_a_kind: {made: four of a kind}\n  three_of_a_kind: {made: three of a kind, sides_add_up: yes}", "",
     "three_of_a_kind: sides_add_up is true or false, got the text 'yes'"),
    ("four_aces: {made: four of a kind, ranks: [A]}\n  three_of_a_kind: {made: three of a kind}",
     "feature: {kind: quick quads, coins: 6}",
     "quick quads are paid as four of a kind, and Tiny pays no four 2s-10s without a kicker; add that hand"),
])
def test_quick_quads_are_refused_where_they_cannot_be_said(hands: str, feature: str, message: str) -> None:
    keys = [line.split(":")[0].strip() for line in hands.splitlines()]
    entries = "".join(f"    {line.strip()}\n" for line in hands.splitlines())
    text = (f"name: Tiny table\ngame:\n  title: Tiny\n  hands:\n{entries}max_coins: 5\n"
            f"pays: {{{', '.join(f'{key}: 1' for key in keys)}}}\n{feature}\n")
    assert message in refusal(text)


def test_quick_quads_on_a_wild_game_and_sides_in_a_wild_game_are_refused(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: Path) -> None:
    table = tmp_path / "wild.yaml"
    table.write_text(resolve_paytable("deuces-wild-full-pay").source.read_text()  # type: ignore[union-attr]
                     + "feature: {kind: quick quads, coins: 6}\n")
    assert main(["paytable", "validate", str(table)]) == 1
    assert "Deuces Wild has wild cards, which add up to nothing a machine says; choose a game without wild cards" \
        in capsys.readouterr().err
