"""Monte Carlo play: a simulation run batch by batch, each batch thousands of rounds in a few numpy
steps (:mod:`~videopoker.analysis.deal.rounds` deals and draws them), never a Python loop per hand.

Here the bet chooses who plays the rounds: the base game's strategy, or at a feature's bet that
feature's player (:mod:`videopoker.analysis.features`), which knows the feature's exact return.  The
batch size is fixed, so a seed gives the same game on any machine.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from videopoker.analysis.deal.holds import Strategy
from videopoker.analysis.deal.rounds import play_rounds
from videopoker.analysis.features.feature_play import FeatureOptimal
from videopoker.analysis.features.registry import engine_of
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import pay_vector
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.rules.definition import PayCategory

#: Rounds dealt per numpy step: small enough that a deck row block stays in cache.
BATCH = 1 << 14
#: Hands a simulation may ask for (the analysis screen offers 1,000 … 100,000,000).
MOST_HANDS = 10**10

@dataclass(frozen=True)
class Simulation:
    """Where a simulation stands: after some rounds, or at the end."""

    paytable: Paytable
    coins: int
    strategy: str
    multi: int
    seed: int
    rounds: int                          # rounds played so far
    counts: tuple[int, ...]              # final hands of each category (game order)
    won: int                             # coins won in all
    won_squared: int                     # sum over rounds of (coins won in the round)²
    expected: tuple[Fraction, ...]       # exact probability of each category under the strategy
    seconds: float
    exact: Fraction | None = None        # a feature game's exact return (its pays are not one column)
    machines_error: float | None = None  # Ultimate X: the standard error from its machines' totals

    @property
    def hands(self) -> int:
        return self.rounds * self.multi

    @property
    def rtp(self) -> float:
        """Return per coin bet so far."""
        return self.won / (self.hands * self.coins) if self.rounds else 0.0

    @property
    def exact_rtp(self) -> float:
        """What the strategy returns per coin, exactly (from its expected frequencies)."""
        if self.exact is not None:
            return float(self.exact)
        game = self.paytable.game
        return float(sum((p * self.paytable.pay(c, self.coins) for c, p in zip(game.categories, self.expected)),
                         Fraction(0)) / self.coins)

    @property
    def standard_error(self) -> float:
        """Standard error of :attr:`rtp`, from the spread of the rounds' wins (rounds of N hands
        share their deal, so it is the rounds, not the hands, that are independent).  Ultimate X
        rounds carry multipliers into the next, so there it is the machines' totals that are."""
        if self.machines_error is not None:
            return self.machines_error
        if self.rounds < 2:
            return math.inf
        mean = self.won / self.rounds
        variance = max(self.won_squared - self.rounds * mean * mean, 0.0) / (self.rounds - 1)
        return math.sqrt(variance / self.rounds) / (self.multi * self.coins)

    def summary(self) -> str:
        """The return so far, its standard error, and how far it is from the exact one (one line).

        Rounds that all paid the same (a table that pays nothing, or a short run of losses) have a
        standard error of 0, and no distance in standard errors: the line says so instead."""
        error = self.standard_error
        head = f"Return {self.rtp * 100:.4f}% ± {error * 100:.4f} (1 SE); exact {self.exact_rtp * 100:.4f}%, "
        if self.rounds > 1 and error == 0:
            same = math.isclose(self.rtp, self.exact_rtp, rel_tol=1e-12, abs_tol=1e-15)
            return head + ("as every round paid the same" if same else
                           "every round paid the same (no spread to measure the gap in SE)")
        away = (self.rtp - self.exact_rtp) / error if self.rounds > 1 else 0.0
        return head + f"{away:+.2f} SE away"

    def to_json(self) -> dict[str, Any]:
        game = self.paytable.game
        return {"paytable": self.paytable.name, "game": game.key, "coins": self.coins,
                "strategy": self.strategy, "multi": self.multi, "hands": self.hands, "seed": self.seed,
                "rtp": self.rtp, "standard_error": self.standard_error, "seconds": self.seconds,
                "rows": [{"category": category, "count": count,
                          "frequency": count / self.hands if self.hands else 0.0,
                          "expected": float(expected)}
                         for category, count, expected in zip(game.categories, self.counts, self.expected)]}

    def count(self, category: PayCategory) -> int:
        return self.counts[self.paytable.game.category_index(category)]


def new_seed() -> int:
    """A seed for a run that did not name one, reported so the run can be repeated."""
    return int.from_bytes(os.urandom(4), "big")


def default_hands(paytable: Paytable, coins: int | None) -> int:
    """Hands a round when none are asked: one, or the most Ultimate X gives multipliers for at its bet."""
    feature = paytable.feature if paytable.plays_feature(coins) else None
    return engine_of(feature).default_hands(paytable) if feature is not None else 1


def check_hands(hands: int, multi: int) -> int:
    """The rounds that ``hands`` hands make, or a refusal saying what would work."""
    if not 1 <= hands <= MOST_HANDS:
        raise VideoPokerError(f"--hands {hands}: simulate 1 to {MOST_HANDS:,} hands")
    if hands % multi:
        below, above = hands - hands % multi, hands - hands % multi + multi
        raise VideoPokerError(f"--hands {hands} is not a whole number of {multi}-hand rounds; "
                              f"ask for {below or above:,} or {above:,}")
    return hands // multi


def simulate(paytable: Paytable, strategy: Strategy, hands: int, coins: int | None = None,
             seed: int | None = None, multi: int = 1) -> Simulation:
    """Play ``hands`` hands (in rounds of ``multi``) and return the whole result."""
    *_, last = running(paytable, strategy, hands, coins, seed, multi)
    return last


def running(paytable: Paytable, strategy: Strategy, hands: int, coins: int | None = None,
            seed: int | None = None, multi: int = 1, progress: Progress = _quiet) -> Iterator[Simulation]:
    """The simulation after every batch, for a screen that plots it or a player who cancels.

    ``progress`` hears about the strategy's preparation (the optimal lookup's first solve).  At
    the Ultimate X bet ``multi`` is the number of lines, one the table gives multipliers for.
    """
    feature = paytable.feature if paytable.plays_feature(coins) else None
    if feature is not None and not isinstance(strategy, FeatureOptimal):
        raise VideoPokerError(f"at the feature bet simulate plays perfect play only (its exact return is known); "
                              f"--coins {paytable.base_top_bet} plays the base game with {strategy.name}")
    engine = engine_of(feature) if feature is not None else None
    if engine is not None:
        engine.check_hands(paytable, multi)  # refused before the solve
    bet = feature.coins if feature is not None else paytable.base_bet(coins)
    rounds = check_hands(hands, multi)
    seed = new_seed() if seed is None else seed
    judged = paytable.as_played(coins)  # the hands as this bet judges them
    game = judged.game
    rng = np.random.default_rng(seed)
    pays = pay_vector(judged, paytable.max_coins if feature else bet).astype(np.int64)
    exact_return = None
    machines_error: Callable[[], float] | None = None
    if engine is not None:
        playing = engine.player(paytable, strategy, multi, rounds, progress)
        play, exact_return, expected = playing.play, playing.exact_return, playing.expected
        machines_error = playing.standard_error
    else:
        strategy.prepare(progress)
        exact = strategy.expected()
        play = partial(play_rounds, paytable, strategy, multi=multi)
        expected = tuple(exact.get(category, Fraction(0)) for category in game.categories)
    counts = np.zeros(len(game.categories), dtype=np.int64)
    won = won_squared = played = 0
    start = time.perf_counter()
    while played < rounds:
        n = min(BATCH, rounds - played)
        round_wins = play(n, rng=rng, pays=pays, counts=counts)
        played += n
        won += int(round_wins.sum())
        won_squared += int(np.dot(round_wins, round_wins))
        yield Simulation(judged, bet, strategy.name, multi, seed, played, tuple(int(c) for c in counts),
                         won, won_squared, expected, time.perf_counter() - start, exact_return,
                         machines_error() if machines_error else None)
