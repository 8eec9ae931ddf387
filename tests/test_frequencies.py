"""Hands made against the odds of your holds (`history --leaks`, the ledger screen): the exact
Poisson-binomial tail against brute force and the binomial's closed form, and a scripted player's
record whose counts and odds are worked out here, hold by hold, from the hint engine."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from videopoker.analysis.solve.hint import best_holds
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.ledger.frequencies import AS_DUE, TOO_OFTEN, TOO_RARELY, Frequency, count_law, frequencies, tail
from videopoker.ledger.report import history
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session
from videopoker.tui.screens.ledger import FREQUENCIES_SHOWN, ledger_lines

NINE_SIX = "jacks-or-better-9-6"
HOT_ROLL = "hot-roll-jacks-or-better-9-6"  # a times-pay multiplier at its feature bet, 10 coins
FOUR_TO_A_ROYAL = parse_hand("Ah Kh Qh Jh 2c")


# -- the law of a count of independent draws ---------------------------------------------------------

def brute_force(chances: list[Fraction]) -> list[Fraction]:
    """The exact law of the number of successes, by enumerating every outcome of every draw."""
    law = [Fraction(0)] * (len(chances) + 1)
    for outcome in itertools.product((False, True), repeat=len(chances)):
        weight = Fraction(1)
        for success, p in zip(outcome, chances):
            weight *= p if success else 1 - p
        law[sum(outcome)] += weight
    return law


def exact_law(chances: list[Fraction]) -> list[Fraction]:
    """The same law, one draw at a time in whole numbers over the common denominator to the power
    of the draws (no fractions to reduce: fast enough for a few hundred draws)."""
    denominator = math.lcm(*(p.denominator for p in chances)) if chances else 1
    law = [1]
    for p in chances:
        hit = p.numerator * (denominator // p.denominator)
        miss = denominator - hit
        law = [a * miss + b * hit for a, b in zip([*law, 0], [0, *law])]
    whole = denominator ** len(chances)
    return [Fraction(n, whole) for n in law]


GROUPS = [
    [(2, Fraction(1, 3)), (1, Fraction(1, 47)), (3, Fraction(5, 7)), (1, Fraction(1)), (2, Fraction(0))],
    [(4, Fraction(1, 1081)), (3, Fraction(46, 47)), (2, Fraction(1, 2))],
    [(1, Fraction(3, 16215)), (1, Fraction(45, 178365)), (1, Fraction(1, 1533939)), (5, Fraction(9, 10))],
]


@pytest.mark.parametrize("groups", GROUPS)
def test_the_law_and_both_tails_are_the_brute_force_enumerations(groups: list[tuple[int, Fraction]]) -> None:
    chances = [p for m, p in groups for _ in range(m)]
    truth = brute_force(chances)
    first, law = count_law(groups)
    assert sum(truth[:first]) == 0 and sum(truth[first + len(law):]) == 0  # nothing trimmed that can happen
    for i, chance in enumerate(law):
        assert chance == pytest.approx(float(truth[first + i]), rel=1e-12)
    for made in range(len(chances) + 1):
        assert tail(groups, made, upper=True) == pytest.approx(float(sum(truth[made:])), rel=1e-12)
        assert tail(groups, made, upper=False) == pytest.approx(float(sum(truth[:made + 1])), rel=1e-12)


@pytest.mark.parametrize(("n", "p", "made"), [(1000, Fraction(1, 47), 100), (1000, Fraction(1, 47), 21),
                                              (1000, Fraction(1, 47), 0), (300, Fraction(7, 10), 260),
                                              (5000, Fraction(1, 649_740), 3)])
def test_a_single_chance_is_the_binomial_in_closed_form_even_far_out_in_its_tails(n: int, p: Fraction,
                                                                                   made: int) -> None:
    hit, miss, whole = p.numerator, p.denominator - p.numerator, p.denominator ** n
    below = Fraction(sum(math.comb(n, k) * hit ** k * miss ** (n - k) for k in range(made + 1)), whole)
    above = 1 - below + Fraction(math.comb(n, made) * hit ** made * miss ** (n - made), whole)  # exact: no rounding
    assert tail([(n, p)], made, upper=True) == pytest.approx(float(above), rel=1e-9)
    assert tail([(n, p)], made, upper=False) == pytest.approx(float(below), rel=1e-9)
    if made == 100:  # 1.9e-36: one less the other side would be 0.0; summed on its own side it is exact
        assert 0 < tail([(n, p)], made, upper=True) < 1e-35 and 1 - float(below) == 0.0


def test_sure_and_impossible_draws_shift_and_vanish() -> None:
    assert tail([(5, Fraction(1)), (3, Fraction(0))], 5, upper=True) == 1.0
    assert tail([(5, Fraction(1))], 6, upper=True) == 0.0 and tail([(5, Fraction(1))], 4, upper=False) == 0.0
    assert count_law([]) == (0, pytest.approx([1.0]))


def test_a_tail_is_said_as_a_chance_and_as_one_in_n() -> None:
    rare = Frequency(1, "Jacks or Better 9/6", NINE_SIX, "straight_flush", "STRAIGHT FLUSH", 3, 0.412, 0.0621)
    assert (rare.side, rare.text()) == (TOO_OFTEN, "Straight flush: 3 made, 0.412 due, too often: 1 in 16 (0.062)")
    few = Frequency(1, "Jacks or Better 9/6", NINE_SIX, "full_house", "FULL HOUSE", 9, 31.2, 2.5e-7)
    assert few.text() == "Full house: 9 made, 31.2 due, too rarely: 1 in 4e+06 (2.5e-07)"
    assert few.to_json()["one_in"] == pytest.approx(4e6) and few.side == TOO_RARELY
    assert Frequency(1, "x", "x", "royal_flush", "ROYAL FLUSH", 0, 0.0, 1.0).text() == "Royal flush: 0 made, as due"


# -- the ledger's counts ---------------------------------------------------------------------------

def play(session: Session, rounds: int, rng: random.Random) -> tuple[Counter[str], dict[str, list[Fraction]]]:
    """Rounds at five coins, held as a careless player holds: the best hold most of the time, else
    a hold picked at random among all 32.  What each hand made, and each hand's chance of each
    category at the hold made, from the hint engine."""
    made: Counter[str] = Counter()
    chances: dict[str, list[Fraction]] = {}
    for _ in range(rounds):
        if session.state().credits < 5 * session.state().hands:
            session.refill()
        state = session.bet_max()
        choices = best_holds(state.paytable, state.hand, 5)[:32]
        choice = choices[0] if rng.random() < 0.7 else rng.choice(choices)
        for place, keep in enumerate(choice.held):
            if keep:
                session.toggle_hold(place)
        last = session.draw().last
        assert last is not None and last.held == choice.held
        made.update(result.category for result in last.results)
        for category in state.paytable.game.paying:
            chances.setdefault(category, []).extend([choice.probability(category)] * len(last.results))
    return made, chances


def test_a_scripted_players_hands_are_counted_against_the_odds_of_the_holds_made(
        isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Session.open(isolated_home, random.Random(44)) as session:
        made, chances = play(session, 300, random.Random(1))
    assert main(["history", "--leaks", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["mistakes"] > 0 and found["feature_rounds"] == 0  # the leaks' keys are still there
    listed = {row["hand"]: row for row in found["frequencies"]}
    assert set(listed) == set(resolve_paytable(NINE_SIX).game.paying)
    for category, row in listed.items():
        due = sum(chances[category])
        assert row["made"] == made[category]
        assert row["expected"] == pytest.approx(float(due), rel=1e-12)
        assert row["side"] == (TOO_OFTEN if made[category] > due else TOO_RARELY if made[category] < due else AS_DUE)
    tails = [row["tail"] for row in found["frequencies"]]
    assert tails == sorted(tails) and 0 < tails[0] < 1  # the most surprising first
    for category in ("straight_flush", "four_of_a_kind", "full_house", "two_pair"):  # exactly, in whole numbers
        law, count = exact_law(chances[category]), made[category]
        side = law[count:] if listed[category]["side"] == TOO_OFTEN else law[:count + 1]
        assert listed[category]["tail"] == pytest.approx(float(sum(side)), rel=1e-10)
    assert main(["history", "--leaks"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    at = lines.index("Hands made against perfect play's odds at your holds, the most surprising first")
    assert lines[at + 1].split() == ["Hand", "Made", "Expected", "Side", "Chance", "1", "in"]
    first, row = found["frequencies"][0], lines[at + 3]  # under the heading and its rule
    assert row.startswith(first["label"]) and f" {first['made']} " in row and f" {first['side']} " in row
    assert len(lines) - at == 3 + len(listed) + 1  # a row a paying hand, and the note
    assert max(len(line) for line in lines[at:]) <= 80


def test_the_ledger_screen_names_the_most_surprising_two(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(45)) as session:
        play(session, 40, random.Random(2))
    made = frequencies(isolated_home)
    lines = ledger_lines(history(isolated_home), None, made)
    shown = [frequency for frequency in made.frequencies if frequency.side != AS_DUE][:FREQUENCIES_SHOWN]
    at = lines.index("Hands made against the odds of your holds (all: videopoker history --leaks):")
    assert lines[at + 1:] == [f"  {frequency.text()}" for frequency in shown] and len(shown) == 2
    assert max(len(line) for line in lines[at:]) <= 78


def test_a_multi_hand_round_is_as_many_draws_from_its_one_hold(isolated_home: Path) -> None:
    paytable = resolve_paytable(NINE_SIX)
    with Session.open(isolated_home, random.Random(3)) as session:
        session.machine.start(Round(paytable, 5, FOUR_TO_A_ROYAL, (True,) * 4 + (False,), hands=10))
        last = session.draw().last
    assert last is not None and len(last.results) == 10
    counted = Counter(result.category for result in last.results)
    found = frequencies(isolated_home)
    assert found.hands == 10
    listed = {frequency.category: frequency for frequency in found.frequencies}
    # AhKhQhJh draws one of 47: the Th (royal), 8 other hearts (flush), 3 tens (straight), 12 high pairs
    for category, outs in (("royal_flush", 1), ("flush", 8), ("straight", 3), ("jacks_or_better", 12),
                           ("straight_flush", 0), ("two_pair", 0)):
        frequency = listed[category]
        assert frequency.made == counted[category]
        assert frequency.expected == pytest.approx(10 * outs / 47, rel=1e-12)
        p = Fraction(outs, 47)
        terms = [math.comb(10, k) * p ** k * (1 - p) ** (10 - k) for k in range(11)]
        side = terms[frequency.made:] if frequency.side == TOO_OFTEN else terms[:frequency.made + 1]
        assert frequency.tail == pytest.approx(float(sum(side)) if frequency.side != AS_DUE else 1.0, rel=1e-12)


def test_rounds_at_a_features_bet_are_left_out_and_counted(isolated_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    base: Counter[str] = Counter()
    with Session.open(isolated_home, random.Random(11), paytable=HOT_ROLL) as session:
        for _ in range(6):
            assert session.bet_max().bet == 10  # the feature's bet
            session.draw()
        session.set_bet(5)
        for _ in range(4):
            session.deal()
            last = session.draw().last
            assert last is not None and last.bet == 5
            base.update(result.category for result in last.results)
    found = frequencies(isolated_home)
    assert (found.feature_rounds, found.hands) == (6, 4)
    assert {frequency.category: frequency.made for frequency in found.frequencies if frequency.made} == {
        category: n for category, n in base.items() if category != "nothing"}
    assert main(["history", "--leaks"]) == 0
    assert "6 rounds at a feature's bet left out of the hands against the odds" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["aces-bonus-8-5", "jacks-or-better-sequential-royal-9-6"])
def test_a_game_of_places_counts_each_holds_odds_in_place_as_the_hint_does(name: str) -> None:
    import numpy as np

    from videopoker.deck.cards import Card
    from videopoker.ledger.frequencies import draw_chances

    paytable = resolve_paytable(name)
    rng = random.Random(9)
    hands = [parse_hand(text) for text in ("As Ac Ah 7d 9c", "9c As Ac 2d Ad", "Th Jh Qh 2c 3d", "Qh Th Jh 2c 3d")]
    royal_and_aces = [32, 33, 34, 35, 36, 38, 40, 42, 44, 46, 48, 49, 50, 51, 3, 7, 11, 15]  # tens up, some low
    hands += [tuple(Card(index) for index in rng.sample(royal_and_aces, 5)) for _ in range(8)]
    holds = [best_holds(paytable, hand)[rng.randrange(4)] for hand in hands]
    dealt = np.array([sum(card.index << (6 * place) for place, card in enumerate(hand)) for hand in hands])
    held = np.array([sum(1 << place for place, keep in enumerate(choice.held) if keep) for choice in holds])
    numerators, denominator = draw_chances(paytable, dealt, held)
    for row, choice in zip(numerators, holds):
        assert [Fraction(int(n), denominator) for n in row] == \
            [choice.probability(category) for category in paytable.game.categories]
