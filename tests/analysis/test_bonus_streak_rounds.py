"""Ultimate X Bonus Streak's rounds as a chain of the lines' queues: against its solve, against whole
sessions of its literal machine, through the command, and the sparse session it needs (560 states
reach under 2% of their state pairs) against the dense one."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support import agree_within_five_errors, literal_sessions

from videopoker.analysis.features.bonus_streak.play import BonusStreakPlayer
from videopoker.analysis.features.bonus_streak.rounds import bonus_streak_rounds
from videopoker.analysis.features.chain import RoundChain
from videopoker.analysis.session import chained
from videopoker.analysis.session.bankroll import bankroll
from videopoker.cli import main
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable

TABLE = "bonus-streak-double-double-bonus-6-5"


@pytest.fixture(scope="module")
def rounds():
    return bonus_streak_rounds(resolve_paytable(TABLE), 3)


def test_the_chain_returns_what_the_solve_does(rounds) -> None:
    """The chain plays the solve's holds, so its long run is the solve's: the return to rounding
    (the solve's own is proven to 1e-9 coins of a 30-coin round; the chain is the same policy, so
    they meet far closer, 1e-13 measured), and how often each state comes."""
    chain = rounds.chain
    solved = rounds.solved
    assert chain.states == len(solved.chain.states) == 560 and chain.labels[chain.start] == "-,-,-"
    assert rounds.hands == 3 and rounds.coins == 30
    assert np.allclose(np.bincount(chain.origins, chain.chances), 1.0, atol=1e-12)
    played = chain.stationary[chain.origins] * chain.chances
    assert abs(float(played @ chain.wins) / rounds.coins - solved.rtp) < 1e-11
    assert np.abs(chain.stationary - np.array(solved.probabilities)).max() < 1e-10
    # a state's lines are paid their own multipliers: only 12X on a line can pay a royal twelve times
    queues = solved.chain
    fresh, raised = 0, queues.index(((12, 12), (), ()))
    assert chain.wins[chain.origins == fresh].max() == 3 * 4000
    assert chain.wins[chain.origins == raised].max() == 12 * 4000 + 2 * 4000


def test_a_session_is_what_the_machine_plays(rounds) -> None:
    """Whole sessions of the literal game (cards dealt, held for the lines' queues as the simulator's
    player holds, drawn on every line, each line paid its next multiplier, its queue moved by its
    hand, the player stopping when broke) against the exact odds, within five standard errors."""
    sessions, hands, credits = 10_000, 100, 300
    exact = bankroll(rounds, credits, hands)
    held = literal_sessions(BonusStreakPlayer(rounds.paytable, 3, machines=sessions), rounds.coins, sessions, hands,
                            credits, 13)
    agree_within_five_errors(held, exact, credits, rounds.coins)
    assert 0.5 < exact.ruin < 0.95 and exact.ahead > 0.03   # most go broke, some win big


def test_bankroll_answers_at_three_hands_and_refuses_five_and_ten(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bankroll", TABLE, "--credits", "200", "--hands", "100", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["multi"] == 3 and data["coins"] == 30 and 0 < data["ruin"] < 1
    whole = sum(chance for _, chance in data["ending"]) + data["ending_beyond"]["chance"]
    assert whole == pytest.approx(1, abs=1e-9)
    assert main(["bankroll", TABLE, "--credits", "200", "--hands", "100"]) == 0
    assert "30 coins a round of 3 hands" in capsys.readouterr().out
    for hands in ("5", "10"):
        assert main(["bankroll", TABLE, "--multi", hands]) == 1
        said = capsys.readouterr().err
        assert said.count("\n") == 1 and "--multi 3" in said
    with pytest.raises(VideoPokerError, match="3, 5, 10"):
        bonus_streak_rounds(resolve_paytable(TABLE), 4)


def toy() -> RoundChain:
    """Three states, a 2-credit bet, each state reaching two of the three: a sparse chain."""
    entries = [(0, 0, 0, 0.5), (0, 2, 0, 0.3), (0, 9, 1, 0.2), (1, 0, 2, 0.6), (1, 4, 1, 0.3), (1, 300, 2, 0.1),
               (2, 0, 0, 0.7), (2, 6, 2, 0.3)]
    origins, wins, targets, chances = (np.array(column) for column in zip(*entries))
    return RoundChain(2, origins.astype(np.intp), wins.astype(np.int64), targets.astype(np.intp),
                      chances.astype(np.float64), labels=("a", "b", "c"))


def test_a_sparse_session_is_the_dense_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pair-by-pair rounds against the dense matrix's (checked against every entry stepped, in
    test_chain_lifetime), on one chain carried both ways: their grids differ a little (the fall is
    bounded by another Perron root's method), the figures not, players taken off the grid and all."""
    chain, marks = toy(), np.array([0, 1, 10, 150, 300])
    monkeypatch.setattr(chained, "SPARSE", 0.0)
    dense = chained.chained_session(chain, 1, 12, 300, marks)
    monkeypatch.setattr(chained, "SPARSE", 2.0)
    monkeypatch.setattr(chained, "SPARSE_STATES", 1)
    sparse = chained.chained_session(chain, 1, 12, 300, marks)
    assert sparse.target == dense.target and sparse.off_grid > 1e-6
    assert np.abs(sparse.odds - dense.odds).max() < 1e-14
    assert sparse.above == pytest.approx(dense.above, abs=1e-14)
    assert sparse.above_mean == pytest.approx(dense.above_mean, rel=1e-9)   # the FFT rounding, 6e-11 here
    assert np.abs(sparse.ruined - dense.ruined).max() < 1e-14


def test_the_falls_perron_root_from_above_is_the_eigenvalue(rounds) -> None:
    """The power iteration's root bounds the Perron root from above, and meets it."""
    chain = rounds.chain
    nets = (chain.wins - chain.bet) // 5
    for tilt in (1e-5, 0.01, 1.0):
        amounts = chain.chances * np.exp(-tilt * nets)
        above, vector = chained._perron_above(chain, amounts)
        root, _ = chain.perron(amounts)
        assert root * (1 - 1e-12) <= above <= root * (1 + 1e-11)
        assert (chain.by_pair(amounts) @ vector <= above * vector * (1 + 1e-15)).all()
