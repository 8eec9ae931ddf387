"""Ultimate X played line by line: the simulator holds what the solve holds at each sum of the
lines' multipliers, carries each line's multiplier literally into the next round, and lands within
four standard errors (from the machines' totals) of the exact return."""

from __future__ import annotations

import numpy as np
import pytest

from videopoker.analysis.features.ultimate_x.play import WARM_UP, NextWorths, UltimateXPlayer
from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x
from videopoker.analysis.play.simulate import running, simulate
from videopoker.analysis.play.strategies import strategy_named
from videopoker.analysis.solve.draws import HELD_COUNT, draw_tables
from videopoker.deck.cards import parse_cards, parse_hand
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable

ULTIMATE_JACKS = "ultimate-x-jacks-or-better-8-6"


def sorted_hand(text: str) -> np.ndarray:
    return np.array([sorted(card.index for card in parse_hand(text))], dtype=np.uint8)


def test_simulated_three_play_lands_within_four_standard_errors_of_the_exact_return() -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    solved = analyze_ultimate_x(paytable, 3)
    result = simulate(paytable, strategy_named("optimal", paytable, None), 900_000, None, seed=20261123, multi=3)
    assert (result.coins, result.multi, result.hands, result.rounds) == (10, 3, 900_000, 300_000)
    assert sum(result.counts) == 900_000
    assert result.exact_rtp == pytest.approx(solved.rtp, rel=1e-15)
    assert 0.002 < result.standard_error < 0.02
    assert abs(result.rtp - solved.rtp) <= 4 * result.standard_error, (result.rtp, solved.rtp, result.standard_error)
    assert sum(float(share) for share in result.expected) == pytest.approx(1.0)


def test_the_players_holds_are_the_solves_in_the_long_run() -> None:
    """Every deal's hold at every sum, weighed by the solve's law of sums, wins the solve's average:
    the player's holds are the solve's, to the last digits."""
    player = UltimateXPlayer(resolve_paytable(ULTIMATE_JACKS), 3)
    long_run = player.long_run()
    assert long_run.average_win == pytest.approx(player.solved.average_win, rel=1e-12)
    assert sum(long_run.frequencies) == pytest.approx(1.0, rel=1e-12)


def test_a_high_sum_changes_the_hold_as_the_hint_says() -> None:
    """Ts 9h 8d Qc 4d: the open straight draw at 1X on every line, the queen alone at 12X."""
    player = UltimateXPlayer(resolve_paytable(ULTIMATE_JACKS), 3, machines=1)
    hand = sorted_hand("Ts 9h 8d Qc 4d")
    cards = [int(card) for card in hand[0]]
    held = [{cards[place] for place in range(5) if int(player.holds(hand, np.array([total]))[0]) >> place & 1}
            for total in (3, 36)]
    assert held == [{card.index for card in parse_cards(kept)} for kept in ("Ts 9h 8d Qc", "Qc")]


def test_a_seed_plays_the_same_machines_again_and_another_seed_does_not() -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    strategy = strategy_named("optimal", paytable, None)
    first, again = (simulate(paytable, strategy, 30_000, None, seed=11, multi=3) for _ in range(2))
    other = simulate(paytable, strategy, 30_000, None, seed=12, multi=3)
    assert (first.counts, first.won, first.standard_error) == (again.counts, again.won, again.standard_error)
    assert first.counts != other.counts


def test_every_line_carries_the_multiplier_its_hand_earned() -> None:
    """Round after round, on every machine: a line is paid what it carried times its hand, and
    then carries what its hand earns (a full house 12X, a losing hand 1X)."""
    paytable = resolve_paytable(ULTIMATE_JACKS)
    player = UltimateXPlayer(paytable, 3, machines=64)
    earned = player.solved.multipliers()
    categories = paytable.game.categories
    rng = np.random.default_rng(5)
    machines = np.arange(64)
    full_houses = 0
    for _ in range(12):
        before = player.multipliers.copy()
        played = player.play_round(machines, rng, player.pays, None)
        assert (played.carried == before).all()
        assert (played.won == (before * player.pays[played.finals]).sum(axis=1)).all()
        expected = [[earned.get(categories[final], 1) for final in line] for line in played.finals.tolist()]
        assert player.multipliers.tolist() == expected
        full_house = played.finals == categories.index("full_house")
        assert (player.multipliers[full_house] == 12).all()
        assert (player.multipliers[played.finals == categories.index("nothing")] == 1).all()
        full_houses += int(full_house.sum())
    assert full_houses > 0
    assert player.multipliers.max() > 1 and (player.multipliers.sum(axis=1) != 3).any()


def test_counted_rounds_follow_the_warm_up_and_take_turns() -> None:
    """The warm-up is off the record; the machines take turns, so none plays two rounds more than
    another; every line's hand is counted once."""
    paytable = resolve_paytable(ULTIMATE_JACKS)
    player = UltimateXPlayer(paytable, 5, machines=100)
    counts = np.zeros(len(paytable.game.categories), dtype=np.int64)
    wins = player.play(250, np.random.default_rng(3), player.pays, counts)
    assert player.warmed and WARM_UP >= 1
    assert len(wins) == 250 and int(wins.sum()) == int(player.won.sum())
    assert int(counts.sum()) == 250 * 5
    assert sorted(set(player.rounds.tolist())) == [2, 3] and int(player.rounds.sum()) == 250
    assert np.isfinite(player.standard_error())


def test_remembered_worths_are_the_solves_even_when_keys_fold_alike() -> None:
    """The worth of a hold's key is E[H(next sum)] of the solve; with every key folded to the same
    number, the whole-key check still gives each its own."""
    paytable = resolve_paytable(ULTIMATE_JACKS)
    solved = analyze_ultimate_x(paytable, 10)
    outcomes = draw_tables(paytable.game).hold_outcomes(np.vstack([sorted_hand("Ts 9h 8d Qc 4d"),
                                                                   sorted_hand("Ah Kh Qh 2c 2d")]))
    rows = outcomes.reshape(-1, outcomes.shape[2])
    truth = solved.next_worth(rows)
    for fold in (None, 0):
        worths = NextWorths(solved)
        if fold is not None:
            worths.fold[:] = fold
        earned = np.array([solved.multipliers().get(c, 1) for c in paytable.game.categories])
        keys = np.column_stack([np.repeat(HELD_COUNT, 2)]
                               + [rows[:, earned == value].sum(axis=1) for value in worths.values[1:]])
        assert worths.of(keys) == pytest.approx(truth, rel=1e-12, abs=1e-9)
        assert worths.of(keys) == pytest.approx(truth, rel=1e-12, abs=1e-9)  # now from memory
        assert len(worths) == (len(np.unique(keys, axis=0)) if fold is None else 0)  # unsure: not kept


def test_lines_the_table_does_not_offer_are_refused_in_one_line() -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    strategy = strategy_named("optimal", paytable, None)
    with pytest.raises(VideoPokerError, match="3, 5, 10 hands a round") as refused:
        next(running(paytable, strategy, 3_000, None, seed=1))
    assert "\n" not in str(refused.value) and "--multi 1" in str(refused.value)
    with pytest.raises(VideoPokerError, match="ask for"):
        next(running(paytable, strategy, 3_001, None, seed=1, multi=3))


def test_the_json_keeps_its_keys_and_gives_the_machines_standard_error() -> None:
    paytable = resolve_paytable(ULTIMATE_JACKS)
    result = simulate(paytable, strategy_named("optimal", paytable, None), 15_000, None, seed=4, multi=5)
    data = result.to_json()
    assert {"paytable", "game", "coins", "strategy", "multi", "hands", "seed", "rtp", "standard_error",
            "seconds", "rows"} == set(data)
    assert data["standard_error"] == result.machines_error and data["multi"] == 5
    assert sum(row["count"] for row in data["rows"]) == 15_000
