"""Monte Carlo play, vectorised: thousands of rounds per numpy step, never a Python loop per hand.

Each batch deals its rounds by a partial Fisher–Yates shuffle of one deck row per round (the
first five places are the deal), sorts the dealt cards with a sorting network, asks the strategy
for the holds, and then, for each hand of an N-play round, shuffles five more places of the rest
of the deck into that hand's draw.  Final hands are scored by the same lookup table as play.  The
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
import numpy.typing as npt

from videopoker.analysis.solve.draws import HAND, Progress, _quiet
from videopoker.analysis.solve.exact import pay_vector
from videopoker.analysis.strategies import FeatureOptimal, Strategy
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import Feature, FeatureKind
from videopoker.rules.definition import PayCategory
from videopoker.rules.evaluate import Game

#: Rounds dealt per numpy step: small enough that a deck row block stays in cache.
BATCH = 1 << 14
#: Hands a simulation may ask for (the analysis screen offers 1,000 … 100,000,000).
MOST_HANDS = 10**10

#: A sorting network for five values: nine compare-exchanges, no Python loop per hand.
SORT_FIVE = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))


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
    return feature.offered_lines[-1] if feature is not None and feature.offered_lines else 1


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
    ultimate = feature is not None and feature.kind is FeatureKind.ULTIMATE_X
    if feature is not None and not isinstance(strategy, FeatureOptimal):
        raise VideoPokerError(f"at the feature bet simulate plays perfect play only (its exact return is known); "
                              f"--coins {paytable.max_coins} plays the base game with {strategy.name}")
    if ultimate:
        from videopoker.analysis.ultimate_x import check_lines

        check_lines(paytable, multi)  # refused before the solve
    bet = feature.coins if feature is not None else paytable.base_bet(coins)
    rounds = check_hands(hands, multi)
    if not ultimate:  # Ultimate X holds by the sum of the multipliers, not by one table
        strategy.prepare(progress)
    seed = new_seed() if seed is None else seed
    game = paytable.game
    rng = np.random.default_rng(seed)
    pays = pay_vector(paytable, paytable.max_coins if feature else bet).astype(np.int64)
    exact_return = None
    machines_error: Callable[[], float] | None = None
    play = partial(play_rounds, paytable, strategy, multi=multi, feature=feature)
    if ultimate:
        from videopoker.analysis.ultimate_x_play import MACHINES, UltimateXPlayer

        machines = UltimateXPlayer(paytable, multi, progress, machines=min(MACHINES, rounds))
        exact_return = Fraction(machines.solved.rtp)
        expected = tuple(Fraction(share) for share in machines.long_run(progress).frequencies)  # per hand
        play, machines_error = partial(machines.play), machines.standard_error
    elif feature is not None and feature.kind is FeatureKind.MULTI_STRIKE:
        from videopoker.analysis.strike_play import StrikePlayer

        player = StrikePlayer(paytable, progress)
        exact_return = Fraction(player.solved.rtp)
        expected = tuple(Fraction(row.per_round) for row in player.solved.rows)  # a round: every level's hand
        play = partial(player.play)
    else:
        exact = strategy.expected()
        if feature is not None:
            from videopoker.analysis.feature import analyze_feature

            exact_return = analyze_feature(paytable).rtp
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
        yield Simulation(paytable, bet, strategy.name, multi, seed, played, tuple(int(c) for c in counts),
                         won, won_squared, expected, time.perf_counter() - start, exact_return,
                         machines_error() if machines_error else None)


def play_rounds(paytable: Paytable, strategy: Strategy, n: int, multi: int, rng: np.random.Generator,
                pays: npt.NDArray[np.int64], counts: npt.NDArray[np.int64],
                feature: Feature | None = None) -> npt.NDArray[np.int64]:
    """Deal and play ``n`` rounds; add their final hands to ``counts``; return each round's win
    (at a ``feature`` bet: the deal's multiplier times the pays and the prizes of its hands)."""
    game = paytable.game
    deal = Deal.shuffled(n, game.deck_size, rng)
    hands = deal.hands
    masks = strategy.holds(hands, rng)
    multipliers = None
    if feature is not None:
        from videopoker.analysis.feature import deal_multipliers, prizes

        multipliers = deal_multipliers(feature, hands, rng)
        triggers = np.array([game.categories.index(key) for key in feature.trigger], dtype=np.intp)
    kept = deal.kept(masks)
    round_wins = np.zeros(n, dtype=np.int64)
    for _ in range(multi):
        categories = deal.draw(game, kept, rng)
        counts += np.bincount(categories, minlength=len(counts))
        if feature is None or multipliers is None:
            round_wins += pays.take(categories)
            continue
        won = pays.take(categories)
        if len(triggers):
            won += prizes(feature, categories, triggers, rng)
        round_wins += multipliers * won
    return round_wins


@dataclass(frozen=True)
class Deal:
    """Rounds dealt from one deck row each: the first five places are the deal, the next five a
    hand's draw.  Every hand of a multi-hand round draws from the same rest of the deck, afresh."""

    deck: npt.NDArray[np.uint8]          # (rounds, deck size)
    rows: npt.NDArray[np.int64]          # where each round's row starts in the flat deck
    dealt: list[npt.NDArray[np.intp]]    # the five dealt cards, sorted: one column per place

    @classmethod
    def shuffled(cls, n: int, size: int, rng: np.random.Generator) -> Deal:
        """Deal ``n`` rounds: five Fisher–Yates places of each row, sorted by a sorting network."""
        deck = np.empty((n, size), dtype=np.uint8)
        deck[:] = np.arange(size, dtype=np.uint8)
        rows = np.arange(n, dtype=np.int64) * size
        _shuffle_places(deck.reshape(-1), rows, range(HAND), size, rng)
        dealt = [deck[:, place].astype(np.intp) for place in range(HAND)]
        for a, b in SORT_FIVE:
            dealt[a], dealt[b] = np.minimum(dealt[a], dealt[b]), np.maximum(dealt[a], dealt[b])
        return cls(deck, rows, dealt)

    @property
    def hands(self) -> npt.NDArray[np.uint8]:
        """The dealt hands, sorted (rounds, 5): what a strategy is asked to hold."""
        return np.stack(self.dealt, axis=1).astype(np.uint8)

    @staticmethod
    def kept(masks: npt.NDArray[np.integer[Any]]) -> list[npt.NDArray[np.bool_]]:
        """Per place of the sorted deal, whether each round's hold keeps that card."""
        return [(masks >> place & 1).astype(bool) for place in range(HAND)]

    def draw(self, game: Game, kept: list[npt.NDArray[np.bool_]], rng: np.random.Generator) -> npt.NDArray[np.uint8]:
        """One hand of every round: shuffle five fresh draw places from the rest of its deck, fill
        the discards from them, and return each final hand's category."""
        size = self.deck.shape[1]
        _shuffle_places(self.deck.reshape(-1), self.rows, range(HAND, 2 * HAND), size, rng)
        keys = game.card_keys
        key = np.zeros(len(self.rows), dtype=np.int64)
        for place in range(HAND):
            key += keys.take(np.where(kept[place], self.dealt[place], self.deck[:, HAND + place]))
        return game.category_of_keys(key)


def _shuffle_places(cards: npt.NDArray[np.uint8], rows: npt.NDArray[np.int64], places: range, size: int,
                    rng: np.random.Generator) -> None:
    """Fisher–Yates steps for ``places`` of every deck row: each place gets a uniform card from
    itself onwards.  A second call over the draw places gives a fresh, independent draw."""
    for place in places:
        here = rows + place
        there = rows + rng.integers(place, size, size=len(rows))
        swap = cards[here]
        cards[here] = cards[there]
        cards[there] = swap
