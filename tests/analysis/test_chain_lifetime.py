"""Lifetime figures of a game whose round depends on the last (a :class:`RoundChain`): a toy chain
against a ruin found by sweeping the credits and states, a variance summed from covariances, and
Ultimate X's chain against its solve and against its literal per-line play."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from support import agree_within_five_errors, literal_sessions

from videopoker.analysis.features.chain import RoundChain
from videopoker.analysis.features.ultimate_x.play import UltimateXPlayer
from videopoker.analysis.features.ultimate_x.rounds import ultimate_x_rounds
from videopoker.analysis.session.bankroll import bankroll, lifetime_of
from videopoker.analysis.session.chained import chained_session
from videopoker.analysis.session.lifetime import Lifetime
from videopoker.paytable import resolve_paytable
from videopoker.paytable.promotions import Promotions

#: A toy machine of two states, a 2-credit bet: a "hot" state pays double and is left after a round.
#: Entries: (state, win, next state, chance).
TOY = [(0, 0, 0, 0.45), (0, 2, 0, 0.25), (0, 4, 0, 0.2), (0, 10, 1, 0.1),
       (1, 0, 0, 0.4), (1, 4, 0, 0.35), (1, 8, 0, 0.15), (1, 20, 1, 0.1)]


def toy() -> RoundChain:
    origins, wins, targets, chances = (np.array(column) for column in zip(*TOY))
    return RoundChain(2, origins.astype(np.intp), wins.astype(np.int64), targets.astype(np.intp),
                      chances.astype(np.float64), labels=("cold", "hot"))


def ruin_by_sweeping(chain: RoundChain, top: int) -> np.ndarray:
    """r(credits, state), the chance of ever being below the bet, by sweeping r = E[r(next)] on
    0..top (r = 0 above top) until it stops moving: no exponent, no eigenvector."""
    risk = np.zeros((top + 1, chain.states))
    risk[:chain.bet] = 1.0
    for _ in range(200_000):
        before = risk.copy()
        for credits in range(chain.bet, top + 1):
            for state in range(chain.states):
                total = 0.0
                for origin, win, target, chance in zip(chain.origins, chain.wins, chain.targets, chain.chances):
                    after = credits - chain.bet + int(win)
                    if origin == state and after <= top:
                        total += chance * risk[after, target]
                risk[credits, state] = total
        if np.abs(risk - before).max() < 1e-14:
            return risk
    raise AssertionError("the sweep did not settle")


def test_a_chains_risk_is_between_its_bounds() -> None:
    lifetime = Lifetime.of_chain(toy())
    assert lifetime.positive
    truth = ruin_by_sweeping(toy(), 300)
    for credits in (2, 3, 8, 25, 60):
        low, high = lifetime.risk(credits)
        assert low - 1e-12 <= truth[credits, 0] <= high  # the sweep stops within 1e-14
        assert high / low < 1.3


def test_a_chains_variance_is_every_rounds_covariance_summed() -> None:
    chain = toy()
    lifetime = Lifetime.of_chain(chain)
    nets = chain.wins - chain.bet
    moves, stationary = chain.moves, chain.stationary
    mean = lifetime.mean
    expected = np.bincount(chain.origins, chain.chances * nets, minlength=2)   # a round's mean net, by state
    squares = np.bincount(chain.origins, chain.chances * nets**2, minlength=2)
    # E[X₀·X_k] = Σ over the first round's entries of chance · net · (E[X] from its next state, k − 1 rounds on)
    total = float(stationary @ squares) - mean**2
    ahead = expected.copy()
    for _ in range(200):
        after = np.array([sum(c * n * ahead[t] for o, n, t, c in zip(chain.origins, nets, chain.targets,
                                                                    chain.chances) if o == state)
                          for state in range(2)])
        total += 2 * (float(stationary @ after) - mean**2)
        ahead = moves @ ahead
    assert lifetime.variance == pytest.approx(total, rel=1e-10)


def test_a_chains_kelly_is_the_peak_of_the_long_runs_log_growth() -> None:
    chain = toy()
    lifetime = Lifetime.of_chain(chain)
    fraction = lifetime.kelly_fraction
    assert fraction is not None
    played = chain.stationary[chain.origins] * chain.chances
    ratios = (chain.wins - chain.bet) / chain.bet

    def growth(f: float) -> float:
        return float(played @ np.log1p(f * ratios))

    assert growth(fraction) > growth(fraction * 0.99) and growth(fraction) > growth(fraction * 1.01)


def test_a_chain_of_two_alike_states_is_the_game_of_one() -> None:
    one = {0: Fraction(1, 2), 2: Fraction(3, 10), 5: Fraction(1, 5)}
    alike = RoundChain(2, np.array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], dtype=np.intp),
                       np.array([0, 2, 5] * 4, dtype=np.int64),
                       np.array([0, 0, 0, 1, 1, 1] * 2, dtype=np.intp),
                       np.array([0.25, 0.15, 0.1] * 4), labels=("a", "b"))
    single, double = Lifetime.of(one, 2), Lifetime.of_chain(alike)
    assert double.exponent == pytest.approx(single.exponent, rel=1e-12)
    assert double.variance == pytest.approx(single.variance, rel=1e-12)
    assert double.kelly_fraction == pytest.approx(single.kelly_fraction, rel=1e-12)
    assert double.risk(21) == pytest.approx(single.risk(21), rel=1e-10)


@pytest.fixture(scope="module")
def rounds():
    return ultimate_x_rounds(resolve_paytable("ultimate-x-jacks-or-better-8-6"), 3)


def test_ultimate_xs_chain_returns_what_its_solve_does(rounds) -> None:
    chain = rounds.chain
    assert chain.states == 84 and chain.labels[chain.start] == "1X 1X 1X"
    assert np.allclose(np.bincount(chain.origins, chain.chances), 1.0, atol=1e-12)
    played = chain.stationary[chain.origins] * chain.chances
    assert float(played @ chain.wins) / rounds.coins == pytest.approx(rounds.solved.rtp, rel=1e-11)
    # the sum decides the holds, so states of one sum win the same on average and leave the same states
    means = np.bincount(chain.origins, chain.chances * chain.wins)
    for total in (6, 13):
        alike = [place for place, state in enumerate(rounds.states) if sum(state) == total]
        assert len(alike) > 2 and np.ptp(means[alike]) < 1e-9 * means[alike].max()
        assert np.allclose(chain.moves[alike], chain.moves[alike[0]], rtol=0, atol=1e-14)
    # ... but not the same law: 1X 1X 10X can pay a royal ten times over, 4X 4X 4X cannot
    index = {state: place for place, state in enumerate(rounds.states)}
    assert chain.wins[chain.origins == index[(1, 1, 11)]].max() > chain.wins[chain.origins == index[(4, 4, 4)]].max()


def test_ultimate_xs_chain_is_what_its_lines_play(rounds) -> None:
    """The literal game (cards dealt, held by the solve, drawn on each line, multipliers carried)
    against the chain: how often a round at 1X 1X 1X and one at 1X 1X 2X win nothing, and the
    state each leaves, within five standard errors."""
    chain = rounds.chain
    player = UltimateXPlayer(rounds.paytable, 3, machines=4000)
    rng = np.random.default_rng(7)
    index = {state: place for place, state in enumerate(rounds.states)}
    seen_from, seen_win, seen_to = [], [], []
    everyone = np.arange(player.machines)
    for _ in range(60):
        played = player.play_round(everyone, rng, player.pays, None)
        seen_from.extend(index[tuple(sorted(row))] for row in played.carried.tolist())
        seen_win.extend(played.won.tolist())
        seen_to.extend(index[tuple(sorted(row))] for row in player.multipliers.tolist())
    origins, wins, targets = np.array(seen_from), np.array(seen_win), np.array(seen_to)
    for state in (index[(1, 1, 1)], index[(1, 1, 2)]):
        here = origins == state
        count = int(here.sum())
        assert count > 5_000
        mine = chain.origins == state
        for seen, expected in ((wins[here] == 0, chain.chances[mine & (chain.wins == 0)].sum()),
                               (targets[here] == index[(1, 1, 1)],
                                chain.chances[mine & (chain.targets == index[(1, 1, 1)])].sum()),
                               (targets[here] == index[(1, 2, 3)],
                                chain.chances[mine & (chain.targets == index[(1, 2, 3)])].sum())):
            error = np.sqrt(expected * (1 - expected) / count)
            assert abs(seen.mean() - expected) < 5 * error


def test_ultimate_x_with_enough_cash_back_has_a_lifetime(rounds) -> None:
    lifetime = lifetime_of(rounds, Promotions(cashback=Fraction(15, 1000)))
    assert lifetime.positive and lifetime.chain.states == 84
    low, high = lifetime.risk(10_000)
    assert 0 < low < high < 1 and high / low < 1.01
    five = lifetime.bankroll_bounds(0.05)
    assert five[0] is not None and five[1] is not None and five[0] <= five[1]
    assert lifetime.risk(five[1])[1] <= 0.05 < lifetime.risk(five[1] - 1)[1]
    assert not lifetime_of(rounds).positive


def session_by_stepping(chain: RoundChain, start: int, hands: int) -> tuple[np.ndarray, np.ndarray]:
    """The law of the ending credits (all of them, no bucket, no FFT) and the chance of being broke
    after each hand, stepping every entry round by round on a grid that holds every credit count."""
    top = start + hands * int(chain.wins.max()) + 1
    odds = np.zeros((chain.states, top))
    odds[chain.start, start] = 1.0
    broke = []
    for _ in range(hands):
        after = np.zeros_like(odds)
        after[:, :chain.bet] = odds[:, :chain.bet]
        for origin, win, target, chance in zip(chain.origins, chain.wins, chain.targets, chain.chances):
            moved = odds[origin, chain.bet:top - int(win)]
            after[target, win:win + len(moved)] += chance * moved
        odds = after
        broke.append(odds[:, :chain.bet].sum())
    return odds.sum(axis=0), np.array(broke)


def test_a_chains_session_is_its_rounds_stepped_one_by_one() -> None:
    """The Fourier rounds, the shrinking grid and the bucket of the players too high to matter,
    against every entry stepped on a grid that holds every credit count: a toy machine with a
    win of 300 credits on a 2-credit bet, so the bucket is used."""
    entries = [*TOY, (0, 300, 1, 0.0)]
    entries[0] = (0, 0, 0, 0.449)
    entries[-1] = (0, 300, 1, 0.001)
    origins, wins, targets, chances = (np.array(column) for column in zip(*entries))
    chain = RoundChain(2, origins.astype(np.intp), wins.astype(np.int64), targets.astype(np.intp),
                       chances.astype(np.float64), labels=("cold", "hot"))
    hands, start = 300, 12
    marks = np.array([0, 1, 10, 150, 300])
    session = chained_session(chain, 1, start, hands, marks)
    truth, broke = session_by_stepping(chain, start, hands)
    target = session.target
    assert target < len(truth) and session.off_grid > 1e-4
    assert np.abs(session.odds - truth[:target]).max() < 1e-13
    assert session.above == pytest.approx(truth[target:].sum(), abs=1e-13)
    assert session.above_mean == pytest.approx(truth[target:] @ np.arange(target, len(truth)) / truth[target:].sum(),
                                               rel=1e-10)
    assert np.abs(session.ruined[1:] - broke[marks[1:] - 1]).max() < 1e-13


def test_an_ultimate_x_session_is_what_its_lines_play(rounds) -> None:
    """Whole sessions of the literal game (cards dealt and drawn on every line, the multipliers
    carried, the player stopping when broke) against the exact odds, within five standard errors."""
    sessions, hands, credits = 10_000, 100, 300
    exact = bankroll(rounds, credits, hands)
    held = literal_sessions(UltimateXPlayer(rounds.paytable, 3, machines=sessions), rounds.coins, sessions, hands,
                            credits, 11)
    agree_within_five_errors(held, exact, credits, rounds.coins)
    assert 0.5 < exact.ruin < 0.8   # a session that tests something: most go broke, some win big


def test_a_shockwave_session_is_what_its_machine_plays() -> None:
    """Shockwave's hands as a chain of modes (regular, then the hands left) against whole sessions
    of its literal machine (each hand held for its hands left, the mode started by a quad and
    counted down), within five standard errors; the chain returns what the solve does."""
    from videopoker.analysis.features.shockwave.play import ShockwavePlayer
    from videopoker.analysis.features.shockwave.rounds import shockwave_rounds

    paytable = resolve_paytable("shockwave-jacks-or-better-12-8")
    rounds = shockwave_rounds(paytable)
    chain = rounds.chain
    assert chain.states == 11 and chain.labels[0] == "regular"
    played = chain.stationary[chain.origins] * chain.chances
    assert float(played @ chain.wins) / rounds.coins == pytest.approx(rounds.solved.rtp, rel=1e-12)
    sessions, hands, credits = 20_000, 300, 100
    exact = bankroll(rounds, credits, hands)
    player = ShockwavePlayer(paytable, machines=sessions)
    rng = np.random.default_rng(5)
    held = np.full(sessions, credits)
    for _ in range(hands):
        playing = np.flatnonzero(held >= rounds.coins)
        held[playing] += player.play_turn(playing, rng, None, None) - rounds.coins
    for seen, chance in (((held < rounds.coins).mean(), exact.ruin), ((held > credits).mean(), exact.ahead)):
        assert abs(seen - chance) < 5 * np.sqrt(chance * (1 - chance) / sessions)
    assert abs(held.mean() - exact.mean_end) < 5 * held.std() / np.sqrt(sessions)
    assert 0.2 < exact.ruin < 0.9
