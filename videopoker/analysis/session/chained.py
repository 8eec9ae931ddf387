"""A session's odds, exactly, for a game whose round depends on the state the last one left
(Ultimate X: the multipliers the lines carry), a :class:`~videopoker.analysis.features.chain.RoundChain`.

The chance of every (credits, state) is carried round by round, credits in steps of ``g`` (the
greatest common divisor of the bet and every win); a player with fewer credits than the bet is
broke and stays so.  A round is a convolution in the credits and a matrix over the states, so it
is worked out in Fourier space: at each frequency, the row of the states' transforms times the
matrix of the kernels' transforms (one matrix product a round, over the frequencies at once).

**What is cut, and why it is exact.**  The lines' multiplier can make a round win tens of
thousands of credits, so the grid of credits cannot reach every credit count the session might.
Instead, a player who has climbed so high that, in the rounds left, he can neither go broke nor
end below ``target`` except with a chance below :data:`TAIL` is taken off the grid into one bucket
a state, which keeps his chance and his mean credits (exact: the bucket moves by the chain and the
states' mean nets, since nobody in it goes broke).  The height is a Chernoff bound on how far the
chain can fall in r rounds: P(fall ≥ a) ≤ (max h / min h)·ρ(t)^r·e^(−t·a) for every t > 0, ρ(t)
the Perron root of E[e^(−t·net); next state] and h its vector (Doob's inequality on the
martingale h·e^(−t·S)/ρ^n).  So the grid is ``target`` plus that fall, and shrinks as the rounds
left do.  Every figure is exact to within TAIL plus the FFT's rounding (about 1e-11 over two
thousand rounds): the chance of going broke, of ending ahead, and the law of the ending credits
below ``target``; above it, its chance and mean together.  ``target`` is set above the session's
95th percentile (it is doubled and the session worked out again if it was not).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.chain import RoundChain
from videopoker.errors import VideoPokerError

#: The chance a player taken off the grid could still have gone broke or ended below the target.
TAIL = 1e-15
#: FFT lengths are multiples of this: the states' kernels are transformed once a length.
GRAIN = 512
#: The most memory the kernels' transforms may take, in bytes, and the most work (frequencies ×
#: states² summed over the rounds): beyond them a session is refused at once, not left running.
MOST_MEMORY = 1_500_000_000
MOST_WORK = 200_000_000_000   # about four minutes here
#: A chain of this many states or more whose rounds reach fewer than :data:`SPARSE` of its (state,
#: next state) pairs is carried pair by pair, not as a dense matrix: Bonus Streak's 560 states reach
#: about 5,000 of 313,600 (Shockwave's 11 states and Ultimate X's 84 stay dense).
SPARSE = 0.25
SPARSE_STATES = 100
#: Frequencies a sparse round multiplies at once: its products stay some tens of megabytes.
FREQUENCY_BLOCK = 256
#: A sparse pair's product costs about this many of a dense matrix's in :data:`MOST_WORK` (a
#: gather, a product and a sum in numpy, against one pass of a matrix product).
SPARSE_COST = 5


@dataclass(frozen=True)
class ChainedSession:
    """Where the credits end, in steps: ``odds[i]`` the chance of ending with i steps (exact for
    i < ``target``), ``above`` the chance of ending at ``target`` or higher and ``above_mean`` its
    mean, in steps; ``ruined`` the chance of being broke after each hand of ``marks``."""

    odds: npt.NDArray[np.float64]
    above: float
    above_mean: float
    ruined: npt.NDArray[np.float64]
    target: int
    off_grid: float   # of ``above``, the players taken off the grid on the way


def chained_session(chain: RoundChain, step: int, start: int, hands: int, marks: npt.NDArray[np.int64],
                    progress: Callable[[float, str], None] = lambda done, stage: None) -> ChainedSession:
    """``hands`` rounds of ``chain`` from ``start`` steps of ``step`` credits on a fresh machine."""
    bet = chain.bet // step
    wins = chain.wins // step
    nets = wins - bet
    fall = _Fall(chain, nets)
    mean, variance = _round_moments(chain, nets)

    def target_of(rounds: int) -> int:
        return start + bet + math.ceil(max(mean, 0.0) * rounds + 1.2 * math.sqrt(max(variance, 1.0) * rounds))

    def fits(rounds: int) -> bool:
        return _fits(_grid(target_of(rounds), rounds, fall), _width(chain),
                     1 if _Pairs.of(chain) is None else SPARSE_COST)

    if not fits(hands):
        low, high = 0, hands          # the most rounds that fit is in [low, high)
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if fits(middle) else (low, middle)
        most = low // 100 * 100 or low
        raise VideoPokerError(f"a session of {hands:,} rounds of this game is too long to work out exactly here (its "
                              f"grid of credits grows with the rounds); --hands {most:,} or fewer works")
    target = target_of(hands)
    while True:
        session = _session(chain, wins, bet, start, hands, marks, target, fall, progress)
        exact = float(session.odds[:target].sum())
        if exact >= 0.95 or session.above < 1e-12:
            return session
        target = start + 2 * (target - start)


@dataclass(frozen=True)
class _Pairs:
    """The (state, next state) pairs a sparse chain's rounds reach, ordered by next state, and each
    entry's pair."""

    origins: npt.NDArray[np.intp]
    targets: npt.NDArray[np.intp]
    of_entry: npt.NDArray[np.intp]

    @classmethod
    def of(cls, chain: RoundChain) -> _Pairs | None:
        """The chain's pairs, or None where it reaches enough of them to be carried as a matrix."""
        if chain.states < SPARSE_STATES:
            return None
        codes, of_entry = np.unique(chain.targets * chain.states + chain.origins, return_inverse=True)
        if len(codes) >= SPARSE * chain.states**2:
            return None
        return cls((codes % chain.states).astype(np.intp), (codes // chain.states).astype(np.intp),
                   of_entry.ravel().astype(np.intp))

    def carry(self, transforms: npt.NDArray[np.complex128], transformed: npt.NDArray[np.complex128],
              states: int) -> npt.NDArray[np.complex128]:
        """(frequencies, states): each next state's transform, its pairs' kernels times their
        states', summed; a block of frequencies at a time."""
        reached, starts = np.unique(self.targets, return_index=True)
        carried = np.zeros((len(transformed), states), dtype=np.complex128)
        products = np.empty((FREQUENCY_BLOCK, len(self.origins)), dtype=np.complex128)
        for low in range(0, len(transformed), FREQUENCY_BLOCK):
            band = slice(low, low + FREQUENCY_BLOCK)
            here = products[:len(transformed[band])]
            np.take(transformed[band], self.origins, axis=1, out=here)
            np.multiply(here, transforms[band], out=here)
            carried[band, reached] = np.add.reduceat(here, starts, axis=1)
        return carried


def _width(chain: RoundChain) -> int:
    """Transforms a frequency carries: a pair's kernel each of a sparse chain's, else states²."""
    pairs = _Pairs.of(chain)
    return chain.states**2 if pairs is None else len(pairs.origins)


@dataclass(frozen=True)
class _Spectra:
    """The states' kernels at one FFT length: their transforms (frequencies, next state, state; or
    frequencies, pair of a sparse chain), and the chance (and chance × net) of a round whose win is
    too large for the grid, by state pair."""

    length: int
    transforms: npt.NDArray[np.complex128]
    over: npt.NDArray[np.float64]
    over_net: npt.NDArray[np.float64]


def _spectra(chain: RoundChain, wins: npt.NDArray[np.int64], bet: int, length: int,
             room: npt.NDArray[np.complex128], pairs: _Pairs | None = None) -> _Spectra:
    """The kernels of wins below half ``length`` transformed, in ``room`` (the first length's,
    reused: its pages are touched once); the larger ones counted apart (they land above any grid
    this length holds)."""
    size = chain.states
    kept = wins < length // 2
    over = chain.by_pair(chain.chances, ~kept), chain.by_pair(chain.chances * (wins - bet), ~kept)
    if pairs is not None:
        width = len(pairs.origins)
        paired = room[:(length // 2 + 1) * width].reshape(length // 2 + 1, width)
        for low in range(0, width, GRAIN):
            here = kept & (pairs.of_entry >= low) & (pairs.of_entry < low + GRAIN)
            kernels = np.zeros((length, min(GRAIN, width - low)))
            np.add.at(kernels, (wins[here], pairs.of_entry[here] - low), chain.chances[here])
            paired[:, low:low + GRAIN] = np.fft.rfft(kernels, axis=0)
        return _Spectra(length, paired, *over)
    transforms = room[:(length // 2 + 1) * size * size].reshape(length // 2 + 1, size, size)
    for state in range(size):
        here = kept & (chain.origins == state)
        kernels = np.zeros((length, size))
        np.add.at(kernels, (wins[here], chain.targets[here]), chain.chances[here])
        transforms[:, :, state] = np.fft.rfft(kernels, axis=0)
    return _Spectra(length, transforms, *over)


class _Fall:
    """How far the chain can fall (in steps) in r rounds, but for a chance below :data:`TAIL`."""

    def __init__(self, chain: RoundChain, nets: npt.NDArray[np.int64]) -> None:
        self.tilts = np.geomspace(1e-5, 30.0 / max(int(-nets.min()), 1), 80)
        growth, spread = [], []
        sparse = _Pairs.of(chain) is not None
        for tilt in self.tilts:
            amounts = chain.chances * np.exp(-tilt * nets)
            root, h = _perron_above(chain, amounts) if sparse else chain.perron(amounts)
            growth.append(max(math.log(root), 0.0))
            spread.append(math.log(h.max() / max(h.min(), 1e-300)))
        self.growth, self.spread = np.array(growth), np.array(spread)

    def __call__(self, rounds: int) -> int:
        bound = (rounds * self.growth + self.spread - math.log(TAIL)) / self.tilts
        return math.ceil(float(bound.min()))


def _perron_above(chain: RoundChain, amounts: npt.NDArray[np.float64], most: int = 20_000
                  ) -> tuple[float, npt.NDArray[np.float64]]:
    """A positive vector h and the largest of (M·h)ᵢ / hᵢ, M = :meth:`~RoundChain.by_pair` ``amounts``:
    the Perron root from above (Collatz–Wielandt) and its vector, by power iteration (shifted, so a
    periodic chain settles too).  M·h ≤ ρ·h is all the fall's bound asks, so it holds however far
    the iteration got; hundreds of states' dense eigenvectors take seconds each, this milliseconds."""
    matrix = chain.by_pair(amounts)
    shift = float(matrix.sum(axis=1).mean())
    vector = np.ones(len(matrix))
    for _ in range(most):
        image = matrix @ vector
        ratios = image / vector
        high, low = float(ratios.max()), float(ratios.min())
        if high - low <= 1e-13 * high:
            break
        renewed = image + shift * vector
        vector = renewed / renewed.max()
    else:  # the bound of the vector returned
        high = float(((matrix @ vector) / vector).max())
    return high, vector


def _grid(target: int, hands: int, fall: _Fall) -> tuple[list[int], list[int]]:
    """The grid's height before each round and after the last, and the FFT length of each round."""
    heights = [target + fall(hands - done) for done in range(hands + 1)]
    return heights, [GRAIN * math.ceil(2 * height / GRAIN) for height in heights[:hands]]


def _fits(grid: tuple[list[int], list[int]], width: int, cost: int = 1) -> bool:
    """Whether a session on ``grid``, ``width`` transforms a frequency (:func:`_width`) each ``cost``
    units of work, keeps within :data:`MOST_MEMORY` and :data:`MOST_WORK`."""
    lengths = grid[1]
    memory = (lengths[0] // 2 + 1) * width * 16
    return memory <= MOST_MEMORY and sum(length // 2 + 1 for length in lengths) * width * cost <= MOST_WORK


def _round_moments(chain: RoundChain, nets: npt.NDArray[np.int64]) -> tuple[float, float]:
    """A round's net's mean and variance, in steps, over the long run's states: where a normal law
    would put the 95th percentile sizes the target (a video poker session's, skewed by its rare
    big wins, is lower)."""
    played = chain.stationary[chain.origins] * chain.chances
    mean = float(played @ nets)
    return mean, float(played @ (nets - mean) ** 2)


def _session(chain: RoundChain, wins: npt.NDArray[np.int64], bet: int, start: int, hands: int,
             marks: npt.NDArray[np.int64], target: int, fall: _Fall,
             progress: Callable[[float, str], None]) -> ChainedSession:
    heights, lengths = _grid(target, hands, fall)
    states = chain.states
    moves = chain.moves
    move_net = chain.by_pair(chain.chances * (wins - bet))
    odds = np.zeros((heights[0], states))   # credits by state, the credits first: each transform contiguous
    dead = np.zeros(bet)
    if start < bet:
        dead[start] = 1.0
    else:
        odds[start, chain.start] = 1.0
    bucket, bucket_sum = np.zeros(states), np.zeros(states)  # chance, and chance × steps, a state
    ruined = np.zeros(len(marks))
    place = {int(hand): index for index, hand in enumerate(marks)}
    ruined[place[0]] = float(dead.sum())
    pairs = _Pairs.of(chain)
    room = np.empty((lengths[0] // 2 + 1) * _width(chain), dtype=np.complex128)
    spectra: _Spectra | None = None
    for done in range(hands):
        progress(done / hands, f"round {done + 1:,} of {hands:,}")
        if spectra is None or spectra.length != lengths[done]:
            spectra = _spectra(chain, wins, bet, lengths[done], room, pairs)
        length, height = lengths[done], heights[done + 1]
        where = np.arange(len(odds), dtype=np.float64)
        chance, credit = odds.sum(axis=0), where @ odds
        bucket_sum = bucket_sum @ moves + bucket @ move_net + credit @ spectra.over + chance @ spectra.over_net
        bucket = bucket @ moves + chance @ spectra.over
        if pairs is None:
            carried = np.matmul(spectra.transforms, np.fft.rfft(odds, length, axis=0)[:, :, None])[:, :, 0]
        else:
            carried = pairs.carry(spectra.transforms, np.fft.rfft(odds, length, axis=0), states)
        after = np.fft.irfft(carried, length, axis=0)[bet:]
        spill = after[height:]
        bucket += spill.sum(axis=0)
        bucket_sum += np.arange(height, height + len(spill), dtype=np.float64) @ spill
        odds = np.clip(after[:height], 0.0, None)
        dead += odds[:bet].sum(axis=1)
        odds[:bet] = 0.0
        if done + 1 in place:
            ruined[place[done + 1]] = float(dead.sum())
    progress(1.0, "done")
    ending = odds.sum(axis=1)
    ending[:bet] = dead
    top = ending[target:]
    above = float(top.sum() + bucket.sum())
    above_sum = float(top @ np.arange(target, len(ending)) + bucket_sum.sum())
    return ChainedSession(ending[:target].copy(), above, above_sum / above if above > 0 else float(target),
                          np.maximum.accumulate(ruined), target, float(bucket.sum()))
