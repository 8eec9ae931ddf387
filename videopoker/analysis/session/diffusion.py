"""A session too long to work out exactly, approximated: the credits as a Brownian motion with the
game's exact mean and variance per hand, stopped when the player can no longer bet.

A year of play (10,000,000 hands) is about 150,000 blocks of the exact computation in
:mod:`~videopoker.analysis.session.bankroll`, each an FFT over every reachable credit count: hours.  Over
that many hands the sum of the hands' wins is close to normal (the royal's skew fades as
1/√hands), and for a Brownian motion with drift μ and variance σ² per hand, started ``d`` above
the point of ruin, the reflection principle gives the chance of ruin by hand T and the law of
the survivors in closed form:

    P(ruined by T) = Φ((−d − μT)/s) + e^(−2μd/σ²) · Φ((−d + μT)/s),   s = σ√T
    P(alive, ending at most x above ruin) = Φ((x − d − μT)/s) − Φ((−d − μT)/s)
                                            − e^(−2μd/σ²) · (Φ((x + d − μT)/s) − Φ((d − μT)/s))

How close it is: the Berry–Esseen theorem bounds the distance between the law of the unstopped
total and its normal law by 0.4748 · E|X − μ|³ / (σ³ √T) (Shevtsova's constant), which this
module reports; :mod:`tests.analysis.test_diffusion` compares the two methods where both run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: Shevtsova (2011): the Berry–Esseen constant for identically distributed summands.
BERRY_ESSEEN = 0.4748
#: Points of the grid the survivors' law is read on.
GRID = 20_001


@dataclass(frozen=True)
class Diffusion:
    """The moments of one hand's net win, in credits, and what a session of them does."""

    mean: float          # μ, per hand
    variance: float      # σ², per hand
    third: float         # E|X − μ|³, per hand

    @classmethod
    def of(cls, moves: dict[int, float]) -> Diffusion:
        nets = np.array(list(moves), dtype=np.float64)
        chances = np.array(list(moves.values()), dtype=np.float64)
        chances = chances / chances.sum()
        mean = float(np.dot(chances, nets))
        centred = nets - mean
        return cls(mean, float(np.dot(chances, centred**2)), float(np.dot(chances, np.abs(centred) ** 3)))

    def error_bound(self, hands: int) -> float:
        """Berry–Esseen: how far the law of the total win of ``hands`` hands can be from normal."""
        return float(min(1.0, BERRY_ESSEEN * self.third / (self.variance**1.5 * math.sqrt(hands))))

    def _frame(self, distance: float, hands: int) -> tuple[float, float, float]:
        """The session's spread s = σ√T, drift μT, and the log of the mirror's factor −2μd/σ²."""
        return math.sqrt(self.variance * hands), self.mean * hands, -2 * self.mean * distance / self.variance

    def ruin(self, distance: float, hands: int) -> float:
        """The chance a motion started ``distance`` above ruin reaches it within ``hands`` hands."""
        spread, drift, mirror = self._frame(distance, hands)
        return min(1.0, _phi((-distance - drift) / spread) + _scaled_phi(mirror, (-distance + drift) / spread))

    def survivors(self, distance: float, hands: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Credits above the point of ruin at the end (a grid ``y``), and the chance of being alive
        and ending at most that far above it: the survivors' cumulative law, rising to 1 − ruin
        (what lies below the grid's first point is counted at it)."""
        spread, drift, mirror = self._frame(distance, hands)
        centre = distance + drift  # the grid covers where the survivors can end: ±10 spreads
        y = np.linspace(max(centre - 10 * spread, 0.0), max(centre + 10 * spread, 1.0), GRID)
        phi = np.vectorize(_phi)
        scaled = np.vectorize(lambda z: _scaled_phi(mirror, z))
        # Φ(a(y)) + e^mirror · Φ(−b(y)) − ruin: the mirrored term as an upper tail, which stays
        # exact where the factor is huge and Φ(b) is 1 to the last bit
        ruin = self.ruin(distance, hands)
        below = phi((y - distance - drift) / spread) + scaled((drift - distance - y) / spread) - ruin
        return y, np.maximum.accumulate(np.clip(below, 0.0, 1.0))


def _phi(z: float) -> float:
    """The standard normal CDF."""
    return 0.5 * math.erfc(-float(z) / math.sqrt(2))


def _scaled_phi(log_factor: float, z: float) -> float:
    """e^log_factor · Φ(z), without overflow where the factor is huge and Φ(z) tiny."""
    if z > -30:
        value = _phi(z)
        return math.exp(log_factor + math.log(value)) if value > 0 else 0.0
    # Φ(z) ≈ φ(z)/|z| · (1 − 1/z²) far in the left tail
    log_phi = -z * z / 2 - math.log(-z * math.sqrt(2 * math.pi)) + math.log1p(-1 / (z * z))
    exponent = log_factor + log_phi
    return math.exp(exponent) if exponent < 700 else math.inf
