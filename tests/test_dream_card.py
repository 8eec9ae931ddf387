"""Dream Card: the best fifth card of four, checked hand by hand against the hint and over every four
cards against a solve that reads no suit classes; the return for the chance a table states; the
machine's dream deal, the player's other choice, the wallet and the record."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from videopoker.analysis.features.dream_card.cards import dream_cards
from videopoker.analysis.features.dream_card.solve import analyze_dream_card
from videopoker.analysis.features.registry import engine_of
from videopoker.analysis.solve.draws import draw_tables, hold_ranks
from videopoker.analysis.solve.exact import pay_vector
from videopoker.analysis.solve.hint import best_holds
from videopoker.analysis.solve.tally import common_values
from videopoker.cli import main
from videopoker.deck.cards import Card, parse_hand
from videopoker.deck.combos import combinations_colex
from videopoker.errors import GameError, PaytableError
from videopoker.ledger.store import Ledger
from videopoker.machine.game import Machine
from videopoker.machine.round import Round
from videopoker.paytable import Paytable, load_paytable
from videopoker.paytable.kinds.dream_card import Dreamt
from videopoker.player.session import Session

TABLE = """name: Dream Card Jacks or Better 9/6
game: jacks-or-better
max_coins: 5
pays:
  royal_flush: [250, 500, 750, 1000, 4000]
  straight_flush: 50
  four_of_a_kind: 25
  full_house: 9
  flush: 6
  straight: 4
  three_of_a_kind: 3
  two_pair: 2
  jacks_or_better: 1
feature: {kind: dream card, coins: 10, chance: CHANCE}
"""


def dream_table(folder: Path, chance: str = "0.25") -> Paytable:
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "dream.yaml"
    file.write_text(TABLE.replace("CHANCE", chance))
    return load_paytable(file)


def test_the_wizards_dream_card_controversy_is_answered_with_the_best_card(tmp_path: Path) -> None:
    """The Wizard of Odds' example: 9♥ J♣ K♣ 4♥ offered Q♣ (7.5902 coins of 5) where any jack or
    king makes a high pair worth 7.6827; the machine offers a jack, and ``hint`` ranks them."""
    paytable = dream_table(tmp_path)
    four = tuple(card.index for card in parse_hand("9h Jc Kc 4h", 4))
    ranked = dict(dream_cards(paytable).ranked(four))
    assert f"{float(ranked[Card.parse('Qc').index]):.4f}" == "7.5902"  # expected coins, of the 5-coin column
    assert f"{float(ranked[Card.parse('Js').index]):.4f}" == "7.6827"
    best = engine_of(paytable.feature).choices(paytable, parse_hand("9h Jc Kc 4h 2c"), Dreamt())  # type: ignore[arg-type]
    assert best[0][0].rank in (11, 13) and best[0][1] == ranked[Card.parse("Js").index] / 5


def test_every_fifth_card_is_worth_what_the_hint_says(tmp_path: Path) -> None:
    paytable = dream_table(tmp_path)
    rng = random.Random(4)
    for _ in range(3):
        four = tuple(sorted(rng.sample(range(52), 4)))
        ranked = dream_cards(paytable).ranked(four)
        assert len(ranked) == 48 and [value for _, value in ranked] == sorted((v for _, v in ranked), reverse=True)
        for card, value in ranked:
            hand = [Card(index) for index in (*four, card)]
            assert best_holds(paytable, hand, 5)[0].ev == value / 5, (hand, value)


def test_every_four_cards_best_fifth_over_the_whole_deck_without_suit_classes(tmp_path: Path) -> None:
    """The dream deals' worth from every one of the 2,598,960 hands solved alone and every one of
    the 270,725 fours looking up its 48 hands by colex rank: no suit class, no key."""
    paytable = dream_table(tmp_path)
    tables = draw_tables(paytable.game)
    paid = tables.paid(pay_vector(paytable, 5))
    hands = combinations_colex(52, 5)
    best = np.empty(len(hands), dtype=np.float64)
    for start in range(0, len(hands), 1 << 16):
        chunk = hands[start:start + (1 << 16)]
        dealt = paytable.game.evaluate_batch(chunk).astype(np.intp)
        best[start:start + len(chunk)] = common_values(tables, paid, hold_ranks(chunk), dealt).max(axis=0)
    fours = combinations_colex(52, 4).astype(np.int64)
    binomial = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    top = np.full(len(fours), -1.0)
    for card in range(52):
        free = ~(fours == card).any(axis=1)
        five = np.sort(np.concatenate([fours[free], np.full((int(free.sum()), 1), card)], axis=1), axis=1)
        rank = sum(binomial[five[:, place], place + 1] for place in range(5))
        top[free] = np.maximum(top[free], best[rank])
    solved = analyze_dream_card(paytable)
    assert solved.dream_value == Fraction(int(top.astype(np.int64).sum()), len(fours) * tables.common_draws * 10)


def test_the_return_is_the_chance_stated_of_a_dream_deal_beside_a_plain_one(tmp_path: Path) -> None:
    quarter = analyze_dream_card(dream_table(tmp_path))
    assert quarter.plain_value == quarter.base.rtp / 2  # wins on 5 of the 10 coins
    assert quarter.rtp == Fraction(3, 4) * quarter.plain_value + Fraction(1, 4) * quarter.dream_value
    assert sum(row.probability for row in quarter.rows) == 1
    assert quarter.rtp == sum((row.probability * row.pays * 5 / 10 for row in quarter.rows), Fraction(0))
    half = analyze_dream_card(dream_table(tmp_path, "1/2"))
    assert half.rtp == (half.plain_value + half.dream_value) / 2 and half.rtp > quarter.rtp
    assert f"{float(quarter.rtp):.6f}" == "0.744191"


@pytest.mark.parametrize(("chance", "problem"), [("0", "got 0"), ("1", "got 1"), ("0.3333333", "whole millionths"),
                                                 ("often", "got the text 'often'")])
def test_a_chance_that_is_no_chance_is_refused_in_one_line(tmp_path: Path, chance: str, problem: str) -> None:
    with pytest.raises(PaytableError, match=r"dream.yaml:14:\d+: dream card chance must be") as raised:
        dream_table(tmp_path, chance)
    assert problem in str(raised.value)


def test_the_machine_offers_the_best_card_and_the_player_may_choose_another(isolated_home: Path) -> None:
    paytable = dream_table(isolated_home)
    machine = Machine(paytable, credits=1000, rng=random.Random(3))
    for _ in range(40):
        machine.bet_max()
        current = machine.round
        assert current is not None
        if isinstance(current.state, Dreamt):
            break
        machine.draw()
    assert current is not None and isinstance(current.state, Dreamt)
    choices = engine_of(paytable.feature).choices(paytable, current.dealt, current.state)  # type: ignore[arg-type]
    assert current.dealt[4] == choices[0][0] and current.state.offered == choices[0][0].index
    worse = choices[-1][0]
    assert machine.choose_card(worse).hand[4] == worse
    with pytest.raises(GameError, match="is dealt already"):
        machine.choose_card(current.dealt[0])
    machine.toggle_hold(0)
    with pytest.raises(GameError, match="before holding any"):
        machine.choose_card(choices[0][0])
    plain = Round(paytable, 10, parse_hand("2c 7d 9h Js Kd"))
    with pytest.raises(GameError, match="no card to choose"):
        plain.choose(Card.parse("Ah"))
    with pytest.raises(GameError, match="dream card bet only"):
        Round(paytable, 5, parse_hand("2c 7d 9h Js Kd"), state=Dreamt(4, 0))


def test_a_dream_deal_is_kept_by_the_wallet_and_told_by_the_record(isolated_home: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    paytable = dream_table(isolated_home)
    dealt = parse_hand("9h Jc Kc 4h Js")
    with Session.open(isolated_home, random.Random(2), paytable=str(isolated_home / "dream.yaml")) as session:
        session.machine.start(Round(paytable, 10, dealt, state=Dreamt(4, Card.parse("Js").index)))
        session.choose_card(Card.parse("Qc"))
    with Session.open(isolated_home, random.Random(2)) as session:  # as after a kill: the choice kept
        current = session.machine.round
        assert current is not None and current.dealt[4] == Card.parse("Qc")
        assert current.state == Dreamt(4, Card.parse("Js").index)
        decision = session.judge()
        assert decision.best == (False, True, True, False, True)  # J♣ K♣ Q♣: three to the royal
        session.draw(decision)
    ledger = Ledger.open(isolated_home)
    assert ledger is not None
    assert json.loads(ledger.query("SELECT state FROM rounds")[0][0]) == {"dream_place": 4, "dream_offered": "Js"}
    ledger.close()
    capsys.readouterr()
    assert main(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tables"][0]["coin_in"] == 10


def test_hint_of_four_cards_ranks_the_dream_cards(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dream_table(isolated_home)
    table = str(isolated_home / "dream.yaml")
    assert main(["hint", table, "9h", "Jc", "Kc", "4h", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["dream_cards"]
    assert len(ranked) == 48 and {row["card"] for row in ranked[:6]} == {"Jh", "Jd", "Js", "Kh", "Kd", "Ks"}
    assert f"{ranked[6]['ev'] * 5:.4f}" == "7.5902" and ranked[6]["card"] == "Qc"
    assert main(["hint", table, "9h", "Jc", "Kc", "4h"]) == 0
    shown = capsys.readouterr().out
    assert " 1  Jh Jd Js Kh Kd Ks" in shown and " 2  Qc" in shown
    assert main(["analyze", table]) == 0
    assert "a dream deal is worth 1.483605 a coin of the whole bet, a plain one 0.497720;" in capsys.readouterr().out
    assert main(["hint", table, "9h", "Jc", "Kc", "9h"]) == 1
    assert "four different cards" in capsys.readouterr().err


def test_the_simulator_deals_the_machines_card_and_agrees_with_the_exact_return(
        isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paytable = dream_table(isolated_home)
    cards = dream_cards(paytable)
    fours = np.array([sorted(random.Random(seed).sample(range(52), 4)) for seed in range(40)], dtype=np.intp)
    assert cards.offered(fours).tolist() == [cards.ranked(tuple(int(c) for c in four))[0][0] for four in fours]
    assert main(["simulate", str(isolated_home / "dream.yaml"), "--hands", "400000", "--seed", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    exact = float(analyze_dream_card(paytable).rtp)
    assert result["rtp"] != exact and abs(result["rtp"] - exact) < 4 * result["standard_error"]
    rows = {row["category"]: row for row in result["rows"]}
    assert abs(rows["three_of_a_kind"]["frequency"] - rows["three_of_a_kind"]["expected"]) < 0.003
