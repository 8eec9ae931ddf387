"""Ultimate X Bonus Streak played line by line: the simulator holds what the solve holds in each
state of the lines' queues, moves every line's queue by the kind's rules into the next round, and
lands within four standard errors (from the machines' totals) of the exact return."""

from __future__ import annotations

import json

import numpy as np
import pytest

from videopoker.analysis.features.bonus_streak.hint import streak_holds
from videopoker.analysis.features.bonus_streak.play import WARM_UP, BonusStreakPlayer
from videopoker.analysis.features.bonus_streak.solve import analyze_bonus_streak
from videopoker.analysis.play.simulate import running, simulate
from videopoker.analysis.play.strategies import strategy_named
from videopoker.cli import main
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable
from videopoker.paytable.kinds.bonus_streak import BonusStreak, Queues, line_multiplier, next_queue

JACKS = "bonus-streak-jacks-or-better-8-6"  # the quicker solve (3 classes, 364 states at 3-play)


def test_simulated_three_play_lands_within_four_standard_errors_of_the_exact_return() -> None:
    paytable = resolve_paytable(JACKS)
    solved = analyze_bonus_streak(paytable, 3)
    result = simulate(paytable, strategy_named("optimal", paytable, None), 1_200_000, None, seed=20260517, multi=3)
    assert (result.coins, result.multi, result.hands, result.rounds) == (10, 3, 1_200_000, 400_000)
    assert sum(result.counts) == 1_200_000
    assert result.exact_rtp == pytest.approx(solved.rtp, rel=1e-15)
    assert 0.003 < result.standard_error < 0.012   # the machines' spread: a streak's 12X on a four of a kind
    assert abs(result.rtp - solved.rtp) <= 4 * result.standard_error, (result.rtp, solved.rtp, result.standard_error)
    assert [float(share) for share in result.expected] == list(solved.frequencies)
    hands = result.hands
    for count, share in zip(result.counts, result.expected):  # each hand's count, a binomial's few SE
        assert abs(count - hands * float(share)) <= 5 * (hands * float(share)) ** 0.5 + 5


@pytest.mark.parametrize("state", [0, 199])
def test_the_players_best_worth_over_every_deal_is_the_solves_value(state: int) -> None:
    """E over every dealt hand of the player's best worth in a state is ``g + V(state)``, the
    equation the solve proves: the player's holds are the solve's, to the last digits."""
    player = BonusStreakPlayer(resolve_paytable(JACKS), 3, machines=1)
    hands, weights = player.tables.class_hands, player.tables.class_weights.astype(np.float64)
    total = 0.0
    for start in range(0, len(hands), 16384):
        chunk = slice(start, start + 16384)
        worths = player.worths(hands[chunk], np.full(len(hands[chunk]), state))
        total += float(weights[chunk] @ worths[player.holds(hands[chunk], np.full(len(hands[chunk]), state)),
                                               np.arange(len(hands[chunk]))])
    solved = player.solved
    assert total / weights.sum() == pytest.approx(solved.average_win + solved.values[state], rel=1e-12)


def test_every_line_is_paid_its_multiplier_and_moves_its_queue_by_the_rules() -> None:
    """A scripted round on machines set to every queue the table's streaks leave: each line is paid
    its next multiplier (1X on none) times its hand, and its queue moves by ``next_queue`` — used up,
    earned anew on none or the last, raised to 12X while some are left — and each hold is the hint's."""
    paytable = resolve_paytable(JACKS)
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    streaks, categories = feature.streaks(3), paytable.game.categories
    player = BonusStreakPlayer(paytable, 3, machines=240)
    queues = player.chain.queues
    rng = np.random.default_rng(7)
    player.queues[:] = rng.integers(0, len(queues), size=player.queues.shape)
    player.queues[:len(queues), 0] = np.arange(len(queues))  # every queue on some line
    seen = set()
    for _ in range(3):
        before = [player.queues_of(machine) for machine in range(player.machines)]
        played = player.play_round(np.arange(player.machines), rng, player.pays, None)
        for machine, (lines, finals, won) in enumerate(zip(before, played.finals.tolist(), played.won.tolist())):
            assert won == sum(line_multiplier(queue) * int(player.pays[final]) for queue, final in zip(lines, finals))
            after = player.queues_of(machine)
            for queue, final, moved in zip(lines, finals, after):
                streak = streaks.get(categories[final])
                assert moved == next_queue(queue, streak)
                seen.add("raised" if streak and len(queue) > 1 else "earned" if streak else
                         "used" if queue else "none")
                if streak and len(queue) > 1:
                    assert moved == (12,) * (len(queue) - 1)
                elif streak:
                    assert moved == streak
    assert seen == {"raised", "earned", "used", "none"}
    for machine in range(12):  # the hold is the hint's best in the machine's queues (ties: any of the best)
        hand = [Card(int(index)) for index in played.dealt[machine]]
        hint = streak_holds(paytable, hand, Queues(tuple(queues[place] for place in played.carried[machine])))
        mine = next(choice for choice in hint.holds
                    if choice.held == tuple(bool(played.held[machine] >> place & 1) for place in range(5)))
        assert float(mine.judged) == pytest.approx(float(hint.holds[0].judged), rel=1e-12)


def test_a_seed_plays_the_same_machines_again() -> None:
    paytable = resolve_paytable(JACKS)
    strategy = strategy_named("optimal", paytable, None)
    first, again = (simulate(paytable, strategy, 30_000, None, seed=11, multi=3) for _ in range(2))
    other = simulate(paytable, strategy, 30_000, None, seed=12, multi=3)
    assert (first.counts, first.won, first.standard_error) == (again.counts, again.won, again.standard_error)
    assert first.counts != other.counts


def test_counted_rounds_follow_the_warm_up_and_take_turns() -> None:
    paytable = resolve_paytable(JACKS)
    player = BonusStreakPlayer(paytable, 3, machines=100)
    counts = np.zeros(len(paytable.game.categories), dtype=np.int64)
    wins = player.play(250, np.random.default_rng(3), player.pays, counts)
    assert player.warmed and WARM_UP >= 5  # a queue lasts five rounds; the machine forgets slower
    assert len(wins) == 250 and int(wins.sum()) == int(player.won.sum())
    assert int(counts.sum()) == 250 * 3
    assert sorted(set(player.rounds.tolist())) == [2, 3] and int(player.rounds.sum()) == 250
    assert np.isfinite(player.standard_error())


def test_simulate_json_plays_three_hands_a_round_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", JACKS, "--hands", "30000", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["multi"] == 3 and data["coins"] == 10 and data["hands"] == 30_000 and data["seed"] == 5
    assert sum(row["count"] for row in data["rows"]) == 30_000
    assert sum(row["expected"] for row in data["rows"]) == pytest.approx(1.0)
    rtp = analyze_bonus_streak(resolve_paytable(JACKS), 3).rtp
    assert data["standard_error"] > 0 and abs(data["rtp"] - rtp) <= 4 * data["standard_error"]


def test_ten_play_and_one_play_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", JACKS, "--multi", "10", "--hands", "3000"]) == 1
    said = capsys.readouterr().err.strip()
    assert "\n" not in said and "solved exactly up to 5" in said
    paytable = resolve_paytable(JACKS)
    with pytest.raises(VideoPokerError, match="3, 5, 10 hands a round") as refused:
        next(running(paytable, strategy_named("optimal", paytable, None), 3_000, None, seed=1, multi=1))
    assert "\n" not in str(refused.value)
