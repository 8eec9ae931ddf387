"""The exact engine against published figures and against brute force over every draw."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from support import game

from videopoker.analysis import analyze, best_holds
from videopoker.analysis.solve import draws as draws_module
from videopoker.analysis.solve.draws import build_draw_tables, draw_tables
from videopoker.deck.cards import Card, parse_hand
from videopoker.deck.combos import colex_rank, combinations_colex
from videopoker.paytable import apply_settings, resolve_paytable
from videopoker.rules.definition import PayCategory

JACKS_OR_BETTER = game("jacks-or-better")

C = PayCategory

#: Published returns under perfect play (Wizard of Odds, vpFREE2), to the digits they give.
PUBLISHED_RETURNS = {
    "jacks-or-better-9-6": 0.995439,
    "jacks-or-better-8-5": 0.972984,
    "jacks-or-better-7-5": 0.961472,
    "jacks-or-better-6-5": 0.949961,
    "tens-or-better-6-5": 0.991388,
    # The families: derived here from nothing (census checked against brute force, hold EVs against
    # every draw, the joker's suit classes against solving every hand); they agree with the
    # published figures to the digits those give.
    "bonus-poker-8-5": 0.991660,
    "double-bonus-10-7": 1.001725,
    "double-double-bonus-9-6": 0.989808,
    "deuces-wild-full-pay": 1.007620,
    "deuces-wild-nsu": 0.997283,
    "joker-poker-kings": 1.006463,
}


def test_nine_six_return_table_matches_the_published_one() -> None:
    analysis = analyze(resolve_paytable("jacks-or-better-9-6"))
    assert analysis.total_combinations == 19_933_230_517_200 == comb(52, 5) * 7_669_695
    assert round(float(analysis.rtp), 8) == 0.99543904
    assert analysis.row("royal_flush").combinations == 493_512_264
    assert round(float(analysis.variance), 4) == 19.5147
    assert sum(row.combinations for row in analysis.rows) == analysis.total_combinations
    published = {"straight_flush": 2_178_883_296, "four_of_a_kind": 47_093_167_764,
                 "full_house": 229_475_482_596, "flush": 219_554_786_160, "straight": 223_837_565_784,
                 "three_of_a_kind": 1_484_003_070_324, "two_pair": 2_576_946_164_148,
                 "jacks_or_better": 4_277_372_890_968, "nothing": 10_872_274_993_896}
    for category, combinations in published.items():
        assert analysis.row(category).combinations == combinations
    assert round(analysis.royal_cycle) == 40_391


@pytest.mark.parametrize("name", sorted(PUBLISHED_RETURNS))
def test_every_shipped_table_matches_its_published_return(name: str) -> None:
    assert round(float(analyze(resolve_paytable(name)).rtp), 6) == PUBLISHED_RETURNS[name]


def test_a_bet_of_fewer_coins_is_the_same_as_the_per_coin_table() -> None:
    paytable = resolve_paytable("jacks-or-better-9-6")
    one_coin = analyze(paytable, coins=1)
    repriced = analyze(apply_settings(paytable, ["royal_flush=250"]))
    assert one_coin.rtp == repriced.rtp and one_coin.coins == 1
    assert one_coin.rtp < analyze(paytable).rtp
    assert one_coin.row("royal_flush").pays == 250


def test_json_has_the_contract_keys() -> None:
    data = json.loads(json.dumps(analyze(resolve_paytable("jacks-or-better-9-6")).to_json()))
    assert {"paytable", "game", "coins", "rtp", "variance", "total_combinations", "rows"} <= set(data)
    assert [row["category"] for row in data["rows"]][-1] == "nothing"
    assert {"category", "pays", "combinations", "probability", "return"} <= set(data["rows"][0])
    assert data["rows"][0]["pays"] == 800


def test_suit_classes_cover_every_hand_once() -> None:
    tables = draw_tables(JACKS_OR_BETTER)
    assert len(tables.class_hands) == 134_459
    assert int(tables.class_weights.sum()) == 2_598_960


def test_subset_counts_agree_with_counting_hands() -> None:
    tables = draw_tables(JACKS_OR_BETTER)
    hands = combinations_colex(52, 5)
    categories = JACKS_OR_BETTER.evaluate_batch(hands)
    for subset in ([], [51], [0, 4], [36, 40, 44], [3, 7, 11, 15], [32, 33, 34, 35], [48, 49, 50, 51]):
        holding = np.ones(len(hands), dtype=bool)
        for card in subset:
            holding &= (hands == card).any(axis=1)
        expected = np.bincount(categories[holding], minlength=10)
        rank = colex_rank(np.array([subset], dtype=np.int64))[0] if subset else 0
        assert tables.subset_counts[len(subset)][rank].tolist() == expected.tolist(), subset


def brute_force_holds(hand: tuple[Card, ...]) -> dict[tuple[bool, ...], tuple[Fraction, list[int]]]:
    """EV and category counts of every hold, by enumerating every draw from the 47 unseen cards."""
    paytable = resolve_paytable("jacks-or-better-9-6")
    game = paytable.game
    dealt = [card.index for card in hand]
    unseen = np.array([c for c in range(52) if c not in dealt], dtype=np.uint8)
    pays = np.array([paytable.pay(c, 5) for c in game.categories], dtype=np.int64)
    result = {}
    for mask in range(32):
        held = tuple(bool(mask >> p & 1) for p in range(5))
        kept = [c for c, h in zip(dealt, held) if h]
        draws = unseen[combinations_colex(47, 5 - len(kept))]
        finals = np.hstack([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)), draws])
        counts = np.bincount(game.evaluate_batch(finals), minlength=len(game.categories))
        result[held] = (Fraction(int(counts @ pays), len(draws) * 5), counts.tolist())
    return result


@pytest.mark.parametrize("text", ["Ah Kh Qh Jh 9c", "Js Tc 4h 4d 9h", "2c 7d 9h Js Kc", "Ts Js Qs 9s 2d",
                                  "5c 5d 5h 5s Ac", "3h 4h 5h 6c 7d"])
def test_fast_hold_evs_equal_brute_force_over_every_draw(text: str) -> None:
    hand = parse_hand(text)
    expected = brute_force_holds(hand)
    choices = best_holds(resolve_paytable("jacks-or-better-9-6"), hand)
    assert len(choices) == 32
    for choice in choices:
        ev, counts = expected[choice.held]
        assert choice.ev == ev
        assert [choice.outcomes.get(c, 0) for c in JACKS_OR_BETTER.categories] == counts
    assert choices[0].ev == max(ev for ev, _ in expected.values())


def test_the_disk_cache_gives_the_same_answer_and_survives_damage(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(tmp_path))
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    paytable = resolve_paytable("jacks-or-better-8-5")
    cold = analyze(paytable)
    cached = list(tmp_path.glob("draws-jacks-or-better-*.d"))
    assert len(cached) == 1
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    assert analyze(paytable, remember=False).rows == cold.rows  # the draw tables read back from disk
    (cached[0] / "counts3.bin").write_bytes(b"cut short")
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    assert analyze(paytable, remember=False).rows == cold.rows  # rebuilt
    [result] = tmp_path.glob("return-jacks-or-better-*.json")
    assert analyze(paytable) == cold  # the solve itself, remembered
    result.write_text('{"combinations": [1, 2, 3], "second": 1.0}')
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    assert analyze(paytable) == cold  # a damaged result is solved again


def test_a_fresh_build_matches_the_cached_tables() -> None:
    fresh = build_draw_tables(JACKS_OR_BETTER)
    cached = draw_tables(JACKS_OR_BETTER)
    for size in range(5):
        assert np.array_equal(fresh.subset_counts[size], cached.subset_counts[size])
    assert np.array_equal(fresh.class_hands, cached.class_hands)


def test_progress_is_reported_while_building(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(tmp_path))
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    heard: list[float] = []
    analyze(resolve_paytable("jacks-or-better-9-6"), progress=lambda fraction, stage: heard.append(fraction))
    assert heard == sorted(heard) and heard[-1] == 1.0 and len(heard) > 10
