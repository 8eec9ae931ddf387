"""A bankroll over a lifetime of play: the chance of ever going broke, the bankroll a risk needs,
the Kelly bankroll and N0, from the exact law of a round's win plus what promotions pay a round.

**Lifetime risk.**  Let V be the credits above the bet (a player with fewer credits than the bet
is broke) and X a round's net, promotions in.  When the game returns more than it takes, the
equation E[e^(−R·X)] = 1 has one root R > 0 (Lundberg's exponent; found to float precision, the
only number here that is a root), and e^(−R·V) is a martingale.  Stopped when the player goes
broke, it says e^(−R·V₀) = E[e^(−R·V_ruin); broke], and V_ruin is below 0 by at most what a round
can lose.  So the risk lies between e^(−R·(V₀ + most undershoot)) and e^(−R·(V₀ + least
undershoot)): when credits move in steps of g and a round loses at most its bet, the undershoot
is between g − r and bet − r (r the credits' place between two steps); with promotions paid as
credits it is between 0 and the bet.  Where a round loses at most one step (a hand of 9/6 Jacks or
Better at 5 coins), the two bounds are one number, ρ^b exactly; elsewhere they are within a factor
e^(R·bet) of each other, a few hundred-thousandths for a video poker game, and both are given.

**The bankroll a risk needs** is the smallest that the upper bound puts at or below the risk: a
player who brings it takes no more risk than that, and one bet less might (within a bet of the
exact answer).  **Kelly**: the bankroll at which one round's bet is the Kelly fraction f*, the f
that maximises E[log(1 + f·X/bet)] (the root of E[X/(bet + f·X)] = 0, found to float precision):
bet / f*.  **N0** = variance / mean², in rounds: the play after which the expected win is one
standard deviation of the result.

**A game whose round depends on the last** (Ultimate X: the multipliers the lines earned) is a
:class:`RoundChain` of states, and every figure above is the chain's.  Lundberg's equation
becomes ρ(M(R)) = 1, ρ the Perron root of M(r)[σ, σ′] = E[e^(−r·X); next state σ′ | state σ],
and h(σ)·e^(−R·V) is the martingale, h the Perron vector of M(R): the risk's bounds carry the
ratio of h at the start to h's extremes where a player can go broke.  The mean and variance are
the long run's (the stationary law; the variance with every round's dependence on the ones
before, from Poisson's equation), and Kelly maximises the long run's E[log].  A game without
such a state is a chain of one state, and all of this is exactly what is said above.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.chain import RoundChain

#: The risks a player asks the bankroll of.
RISKS = (Fraction(1, 100), Fraction(2, 100), Fraction(5, 100), Fraction(10, 100))
#: Points of the risk-against-bankroll curve (JSON ``risk_by_bankroll``, ``bankroll --plot``).
CURVE_POINTS = 120
#: Halvings of a bracket: far past float precision.
HALVINGS = 200


@dataclass(frozen=True)
class Lifetime:
    """The lifetime figures of a round's net law (coins, promotions in) at ``bet`` coins a round:
    entry k is a round in state ``origins[k]`` netting ``nets[k]`` and leaving ``targets[k]``."""

    bet: int
    nets: npt.NDArray[np.float64]          # each round's possible net, coins
    chances: npt.NDArray[np.float64]
    step: int | None                        # credits move in steps of this (None: promotions break the steps)
    promotion: float                        # coins a round the promotions pay
    chain: RoundChain

    @classmethod
    def of(cls, law: Mapping[int, Fraction | float], bet: int, promotion: Fraction = Fraction(0)) -> Lifetime:
        """From the law of a round's win (coins won → chance) and what promotions pay a round."""
        return cls.of_chain(RoundChain.single(law, bet), promotion)

    @classmethod
    def of_chain(cls, chain: RoundChain, promotion: Fraction | float = Fraction(0)) -> Lifetime:
        """From a chain of rounds and what promotions pay a round."""
        step = math.gcd(chain.bet, *chain.wins.tolist()) if not promotion else None
        nets = chain.wins.astype(np.float64) - (chain.bet - float(promotion))
        return cls(chain.bet, nets, chain.chances, step, float(promotion), chain)

    @cached_property
    def _played(self) -> npt.NDArray[np.float64]:
        """Each entry's chance in the long run: its state's share times its chance there."""
        played: npt.NDArray[np.float64] = self.chain.stationary[self.chain.origins] * self.chances
        return played

    @property
    def mean(self) -> float:
        return float(np.dot(self._played, self.nets))

    @cached_property
    def variance(self) -> float:
        """A round's, over the long run: with a chain, the variance per round of a long run's total
        (each round's dependence on the ones before in), by Poisson's equation."""
        chain = self.chain
        mean = self.mean
        if chain.states == 1:
            return float(np.dot(self.chances, (self.nets - mean) ** 2))
        expected = np.bincount(chain.origins, self.chances * self.nets, minlength=chain.states)
        size = chain.states
        # (I − P)·g = r − mean, g's long-run mean 0: the rounds' deviations as a martingale's steps
        system = np.vstack([np.eye(size) - chain.moves, chain.stationary])
        g, *_ = np.linalg.lstsq(system, np.append(expected - mean, 0.0), rcond=None)
        steps = self.nets - mean + g[chain.targets] - g[chain.origins]
        return float(np.dot(self._played, steps**2))

    @property
    def positive(self) -> bool:
        return self.mean > 0

    def _excess(self, r: float) -> float:
        """ρ(M(r)) − 1, M(r)[σ, σ′] = E[e^(−rX); σ′ | σ]: for one state E[e^(−rX)] − 1 summed as expm1,
        so small r keeps its digits; for a chain the largest eigenvalue of M(r) − I, whose rows are
        the chain's (with zero sums) plus the same expm1 terms."""
        chain = self.chain
        terms = self.chances * np.expm1(np.minimum(-r * self.nets, 700.0))
        if chain.states == 1:
            return float(terms.sum())
        shifted = chain.moves - np.diag(chain.moves.sum(axis=1)) + chain.by_pair(terms)
        return float(np.linalg.eigvals(shifted).real.max())

    @cached_property
    def exponent(self) -> float | None:
        """Lundberg's R, per coin: the root in R > 0 of E[e^(−R·X)] = 1 (None for a game that does
        not return more than it takes: every bankroll goes broke some day)."""
        if not self.positive:
            return None
        excess = self._excess
        low, high = 0.0, 2 * self.mean / self.variance
        while excess(high) <= 0:
            low, high = high, 2 * high
        for _ in range(HALVINGS):
            middle = (low + high) / 2
            if middle in (low, high):
                break
            low, high = (middle, high) if excess(middle) <= 0 else (low, middle)
        return (low + high) / 2

    def undershoot(self, credits: int) -> tuple[float, float]:
        """How far below the bet a player starting with ``credits`` can be when going broke: least, most."""
        if self.step is None:
            return 0.0, self.bet - self.promotion
        place = (credits - self.bet) % self.step
        return float(self.step - place), float(self.bet - place)

    @cached_property
    def _weights(self) -> tuple[float, float]:
        """h at the start over h's largest and smallest in a state a player can go broke into, h the
        Perron vector of M(R) (1 and 1 for a game of one state)."""
        chain = self.chain
        exponent = self.exponent
        if chain.states == 1 or exponent is None:
            return 1.0, 1.0
        _, h = chain.perron(self.chances * np.exp(-exponent * self.nets))
        broke_into = h[np.unique(chain.targets[self.nets < 0])]
        return float(h[chain.start] / broke_into.max()), float(h[chain.start] / broke_into.min())

    def risk(self, credits: int) -> tuple[float, float]:
        """The chance of ever going broke from ``credits`` on a fresh machine, playing forever:
        between these two."""
        exponent = self.exponent
        if exponent is None or credits < self.bet:
            return 1.0, 1.0
        least, most = self.undershoot(credits)
        above = credits - self.bet
        low, high = self._weights
        return (min(low * math.exp(-exponent * (above + most)), 1.0),
                min(high * math.exp(-exponent * (above + least)), 1.0))

    def bankroll_for(self, risk: Fraction | float) -> int | None:
        """The fewest credits whose lifetime risk is surely at most ``risk`` (by its upper bound)."""
        return self.bankroll_bounds(risk)[1]

    def bankroll_bounds(self, risk: Fraction | float) -> tuple[int | None, int | None]:
        """The fewest credits whose risk might be at most ``risk`` (by its lower bound), and the
        fewest whose risk surely is: the exact answer is between them (a bet apart for a game of
        one state; for a chain, the Perron vector's spread apart too)."""
        exponent = self.exponent
        if exponent is None:
            return None, None

        def fewest(bound: int) -> int:
            # a bound's weight · e^(−R·(credits − bet + undershoot)), the undershoot between 0 and a bet
            enough = self.bet + max(math.ceil(math.log(self._weights[bound] / float(risk)) / exponent), 0)
            candidates = range(max(self.bet, enough - self.bet - 1), enough + 1)
            return next(credits for credits in candidates if self.risk(credits)[bound] <= risk)

        return fewest(0), fewest(1)

    @cached_property
    def kelly_fraction(self) -> float | None:
        """f*, the fraction of the bankroll one round's bet is at the Kelly bankroll."""
        if not self.positive:
            return None
        ratios = self.nets / self.bet
        worst = float(ratios.min())

        def slope(f: float) -> float:  # d/df E[log(1 + f·X/bet)]: falls from the mean to −∞
            return float(np.dot(self._played, ratios / (1 + f * ratios)))

        low, high = 0.0, (1 / -worst if worst < 0 else 1.0)
        for _ in range(HALVINGS):
            middle = (low + high) / 2
            if middle in (low, high):
                break
            low, high = (middle, high) if slope(middle) > 0 else (low, middle)
        return (low + high) / 2

    @property
    def kelly_bankroll(self) -> float | None:
        fraction = self.kelly_fraction
        return None if fraction is None else self.bet / fraction

    @property
    def n0(self) -> float | None:
        """Rounds to the long run: variance / mean² (None when the game has no edge)."""
        return self.variance / self.mean**2 if self.mean else None

    def lines(self, credits: int | None) -> list[tuple[str, str]]:
        """The figures as a player reads them, label and value."""
        if not self.positive:
            return [("Broke some day", "surely, from any bankroll")]
        rows = []
        if credits is not None:
            rows.append((f"Broke some day, from {credits:,} credits", risk_text(*self.risk(credits))))
        for risk in RISKS:
            needed = self.bankroll_for(risk)
            assert needed is not None
            rows.append((f"Bankroll for a {float(risk) * 100:g}% lifetime risk", credits_text(needed, self.bet)))
        kelly = self.kelly_bankroll
        assert kelly is not None and self.n0 is not None
        rows.append(("Kelly bankroll", credits_text(math.ceil(kelly), self.bet)))
        rows.append(("N0, rounds to the long run", f"{self.n0:,.0f}"))
        return rows

    def to_json(self, credits: int | None) -> dict[str, Any]:
        exponent = self.exponent
        low, high = self.risk(credits) if credits is not None else (None, None)
        bounds = {f"{float(risk) * 100:g}%": self.bankroll_bounds(risk) for risk in RISKS}  # each worked out once
        return {"mean": self.mean / self.bet, "variance": self.variance / self.bet**2,
                "exponent": exponent, "risk": high, "risk_bounds": [low, high],
                "exact": credits is not None and low == high,
                "bankrolls": {name: surely for name, (_, surely) in bounds.items()},
                "bankroll_bounds": {name: list(pair) for name, pair in bounds.items()},
                "kelly_bankroll": self.kelly_bankroll, "kelly_fraction": self.kelly_fraction, "n0": self.n0,
                "risk_by_bankroll": self.risk_curve(bounds["1%"][1])}

    def risk_curve(self, furthest: int | None) -> list[list[float]]:
        """``[credits, low, high]`` at :data:`CURVE_POINTS` bankrolls from one bet to a fifth past
        ``furthest`` (the 1% bankroll): the plot's curve of the risk against the bankroll."""
        if furthest is None:
            return []
        points = np.unique(np.linspace(self.bet, furthest * 1.2, CURVE_POINTS).astype(np.int64))
        return [[int(credits), *self.risk(int(credits))] for credits in points]


def risk_text(low: float, high: float) -> str:
    """A lifetime risk, one figure where its bounds agree to the digits shown, else both."""
    one, other = chance_text(low), chance_text(high)
    return one if one == other else f"{one} to {other}"


def credits_text(credits: int, bet: int) -> str:
    return f"{credits:,} credits ({credits / bet:,.0f} bets)"


def chance_text(probability: float) -> str:
    """A probability as a percentage a reader can use; below float rounding, ``< 1e-12%``."""
    if probability == 0:
        return "0%"
    if probability < 1e-14:  # below the rounding of a sum of probabilities
        return "< 1e-12%"
    if probability < 1e-4:
        return f"{probability * 100:.2e}%"
    return f"{probability * 100:.4f}%"
