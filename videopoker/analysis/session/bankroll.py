"""A bankroll's odds over a session, exactly: the chance of going broke, of ending ahead, and where
the credits end, from the exact per-hand pay distribution under perfect play (no sampling).

Credits move in steps of ``g``, the greatest common divisor of the bet and every pay, so the state
is a whole number of steps.  The probability of every credit count is carried through the session;
a player with fewer credits than the bet is broke and stays where they are (an absorbing state), so
``ruin`` is the mass that ends there.  Credits above a ceiling that the session reaches with
probability below 1e-16 (a Chernoff bound on the running maximum) are kept in one bucket above
every percentile.  Long sessions go a block of 64 hands at a time (:func:`_session_in_blocks`: one
FFT convolution per block, the players who went broke inside it found exactly near the bottom and
taken back out); short ones hand by hand (:func:`_session`).  The two agree to 1e-14 (a test), and
the figures are exact to within about 1e-15 absolute.  A session whose exact odds would take more
than seconds (a year of play) is approximated instead, and says so: :mod:`videopoker.analysis.session.diffusion`.

The long-run risk of ruin (playing forever), the bankroll a risk needs and the Kelly bankroll
are :mod:`~videopoker.analysis.session.lifetime`'s, with the promotions paid as the rounds are
played; in a session, a promotion is paid as a casino pays it: the session bonus at the start,
the rest posted after the session.

For a picture, the JSON also carries the law of the ending credits (``ending``) and the chance of
being broke by hand n (``ruin_by_hand``, at up to :data:`RUIN_POINTS` + 1 hands from 0 to the
session's end): the broke mass is read off as the session is worked out, hand by hand or block by
block, so it costs nothing more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from videopoker.analysis.features.chain import RoundChain
from videopoker.analysis.features.engine import WinLaw
from videopoker.analysis.features.registry import engine_of
from videopoker.analysis.session.chained import chained_session
from videopoker.analysis.session.diffusion import Diffusion
from videopoker.analysis.session.lifetime import Lifetime, chance_text, risk_text
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.analysis.solve.exact import analyze
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.promotions import NO_PROMOTIONS, Promotions

#: The session's chance of ending above the ceiling is below this.
TAIL = 1e-16
PERCENTILES = (5, 25, 50, 75, 95)
#: ``ruin_by_hand`` is read at most this many hands apart, plus hand 0: enough for a curve, and the
#: JSON stays small however long the session.
RUIN_POINTS = 200
#: Blocks × FFT work (size · log2 size) a computation may take: about ten seconds here.  A longer
#: session is refused at once rather than left running for minutes.
MOST_WORK = 12_000_000_000


@dataclass(frozen=True)
class Bankroll:
    """The odds of a session of ``hands`` hands at ``coins`` a hand, starting with ``credits``."""

    analysis: WinLaw
    credits: int
    hands: int
    ruin: float                      # broke within the session or at its end
    ahead: float                     # ending with more than ``credits``
    percentiles: dict[int, int]      # ending credits
    long_run_ruin: float             # broke some day, playing forever (the upper of its bounds)
    mean_end: float                  # expected ending credits
    #: None: worked out exactly; else the session was too long for that and the figures are a
    #: Brownian motion's (:mod:`~videopoker.analysis.session.diffusion`), this the Berry–Esseen bound on
    #: how far the law of the session's total win can be from the normal law it uses.
    error_bound: float | None
    #: The chance of each ending credit count (``ending`` credits): the screen's sparkline, and the
    #: JSON's ``ending`` (the chances below :data:`TAIL` left out).
    ending: npt.NDArray[np.int64] = field(repr=False, compare=False, default_factory=lambda: np.zeros(0, np.int64))
    odds: npt.NDArray[np.float64] = field(repr=False, compare=False, default_factory=lambda: np.zeros(0))
    #: The chance of being broke after each of the hands ``marks`` (0 and ``hands`` among them): the
    #: JSON's ``ruin_by_hand``, its last value ``ruin``.
    marks: npt.NDArray[np.int64] = field(repr=False, compare=False, default_factory=lambda: np.zeros(0, np.int64))
    ruined: npt.NDArray[np.float64] = field(repr=False, compare=False, default_factory=lambda: np.zeros(0))
    #: What the casino adds (paid after the session; a session bonus at its start), and the
    #: lifetime figures with them.
    promotions: Promotions = field(default=NO_PROMOTIONS, compare=False)
    lifetime: Lifetime | None = field(default=None, repr=False, compare=False)
    paid: int = 0                    # credits the promotions post after the session
    #: Where ``ending`` stops being the whole law (a chain's session: :mod:`~videopoker.analysis.session.chained`):
    #: from these credits up, the chance of ending there and the mean; None where ``ending`` is whole.
    beyond: tuple[int, float, float] | None = field(default=None, compare=False)

    @property
    def coins(self) -> int:
        return self.analysis.coins

    def histogram(self, bins: int) -> list[float]:
        """The ending-credit distribution in ``bins`` equal bins from 0 to its 99.9th percentile."""
        if not len(self.odds):
            return [0.0] * bins
        top = int(self.ending[min(int(np.searchsorted(np.cumsum(self.odds), 0.999)), len(self.ending) - 1)])
        edges = np.linspace(0, max(top, 1), bins + 1)
        counts, _ = np.histogram(self.ending, bins=edges, weights=self.odds)
        return [float(c) for c in counts]

    def lines(self, forever: bool = True) -> list[tuple[str, str]]:
        """The figures as a player reads them, label and value: the command and the screen show these
        (``forever``: the lifetime risk too, where no lifetime table is shown beside them)."""
        lifetime = self.lifetime
        long_run = (risk_text(*lifetime.risk(self.credits + self.promotions.session_bonus)) if lifetime
                    else chance_text(self.long_run_ruin))
        how = [] if self.error_bound is None else [
            ("Worked out", f"approximately, ±{self.error_bound * 100:.2f}%")]
        bonus = ([("Session bonus, at the start", f"{self.promotions.session_bonus:,} credits")]
                 if self.promotions.session_bonus else [])
        posted = [("Promotions, posted after the session", f"{self.paid:,} credits")] if self.promotions else []
        return [*how, *bonus, *posted,
                ("Broke before the end", chance_text(self.ruin)),
                (f"Ending with more than {self.credits:,}", chance_text(self.ahead)),
                ("Average ending credits", f"{self.mean_end:,.1f}"),
                *((f"Ending credits, {p}th percentile", f"{credits:,}") for p, credits in self.percentiles.items()),
                *([("Broke some day, playing forever", long_run)] if forever else [])]

    def to_json(self) -> dict[str, Any]:
        paytable = self.analysis.paytable
        return {"paytable": paytable.name, "game": paytable.game.key, "coins": self.coins,
                "credits": self.credits, "hands": self.hands, "ruin": self.ruin, "ahead": self.ahead,
                "percentiles": {str(p): credits for p, credits in self.percentiles.items()},
                "long_run_ruin": self.long_run_ruin, "mean_end": self.mean_end,
                "method": "exact" if self.error_bound is None else "brownian motion",
                "error_bound": self.error_bound,
                "ending": [[int(credits), float(chance)] for credits, chance in zip(self.ending, self.odds)
                           if chance >= TAIL],
                "ruin_by_hand": [[int(hand), float(chance)] for hand, chance in zip(self.marks, self.ruined)],
                "ending_beyond": (None if self.beyond is None else
                                  dict(zip(("credits", "chance", "mean"), self.beyond))),
                "promotions": self.promotions.to_json() | {"posted_after_session": self.paid},
                "lifetime": (self.lifetime.to_json(self.credits + self.promotions.session_bonus)
                             if self.lifetime else None)}


def session_law(paytable: Paytable, coins: int | None = None, hands: int | None = None,
                progress: Progress = _quiet) -> WinLaw:
    """The solved table whose law of a round's win a bankroll is worked out from, at ``coins`` a hand
    (default the top bet) and ``hands`` hands a round (None: one, or the feature's own): the base
    game's hand or round (:mod:`~videopoker.analysis.session.rounds`), a round-by-round feature's
    hand, a whole Multi-Strike stack, or Ultimate X's rounds as a chain of multiplier states."""
    feature = paytable.feature if paytable.plays_feature(coins) else None
    if feature is not None:
        return engine_of(feature).session_law(paytable, hands, progress)
    if hands is not None and hands != 1:
        from videopoker.analysis.session.rounds import round_law

        return round_law(paytable, coins, hands)
    return analyze(paytable, coins, progress)


def session_odds(paytable: Paytable, credits: int, hands: int, coins: int | None = None,
                 promotions: Promotions = NO_PROMOTIONS, multi: int | None = None) -> Bankroll:
    """:func:`bankroll` of ``paytable`` at ``coins`` a hand (default the top bet), ``multi`` hands a round."""
    return bankroll(session_law(paytable, coins, multi), credits, hands, promotions)


@runtime_checkable
class Chained(Protocol):
    """A solved table whose round depends on the state the last one left (Ultimate X's multipliers)."""

    def round_chain(self) -> RoundChain: ...


def round_chain(analysis: WinLaw) -> RoundChain:
    """``analysis``'s rounds as a chain: its own, or one state whose every round has its law."""
    if isinstance(analysis, Chained):
        return analysis.round_chain()
    return RoundChain.single(analysis.win_law(), analysis.coins)


def round_hands(analysis: WinLaw) -> int:
    """Hands a round of ``analysis`` plays (one where it does not say)."""
    return int(getattr(analysis, "hands", 1))


def lifetime_of(analysis: WinLaw, promotions: Promotions = NO_PROMOTIONS) -> Lifetime:
    """The lifetime figures of ``analysis``'s table with ``promotions`` paid as the rounds are played."""
    return Lifetime.of_chain(round_chain(analysis), promotions.rate(analysis.rtp) * analysis.coins)


def lifetime_json(analysis: WinLaw, lifetime: Lifetime, credits: int | None, promotions: Promotions,
                  multi: int) -> dict[str, Any]:
    """``bankroll --json`` without a session (no ``--hands``): the lifetime figures alone (``lifetime``,
    :func:`lifetime_of` the table with the promotions), the session's keys null; the API's
    ``BankrollResult`` holds the same."""
    paytable = analysis.paytable
    start = None if credits is None else credits + promotions.session_bonus
    return {"paytable": paytable.name, "game": paytable.game.key, "coins": analysis.coins, "multi": multi,
            "credits": credits, "hands": None, "ruin": None, "ahead": None, "ending": [], "ruin_by_hand": [],
            "promotions": promotions.to_json(), "lifetime": lifetime.to_json(start)}


def bankroll(analysis: WinLaw, credits: int, hands: int, promotions: Promotions = NO_PROMOTIONS,
             progress: Progress = _quiet) -> Bankroll:
    """The exact odds of playing ``hands`` hands of ``analysis``'s table from ``credits`` (a feature
    table's at its feature bet: every multiplier, hand and prize in the law of a hand's win).

    Promotions are paid as a casino pays them: a session bonus when the session starts, the rest
    posted after it (they count in where the credits end, not against going broke during it);
    over a lifetime of sessions, as the rounds are played.
    """
    if credits < 1 or hands < 1:
        raise VideoPokerError("a bankroll needs at least 1 credit and 1 hand")
    lifetime = lifetime_of(analysis, promotions)
    paid = math.floor(lifetime.promotion * hands)
    own, credits = credits, credits + promotions.session_bonus
    if lifetime.chain.states > 1:
        return _chained(analysis, lifetime, own, credits, hands, promotions, paid, progress)
    coins = analysis.coins
    # a hand's net win → its probability (hands that pay alike merged)
    merged = {win - coins: probability for win, probability in analysis.win_law().items()}
    step = math.gcd(coins, *merged)
    bet = coins // step                    # a hand costs ``bet`` steps
    moves = {net // step: float(p) for net, p in merged.items()}
    start, rest = divmod(credits, step)    # credits = start·step + rest, rest never changes
    ceiling = start + _reach(moves, hands)
    size = _fft_size(ceiling, _reach(moves, BLOCK), BLOCK * bet)
    long_run = lifetime.risk(credits)[1]
    if hands / BLOCK * size * math.log2(size) > MOST_WORK:  # hours exactly: approximate, and say so
        rough = _approximately(analysis, credits, hands, {net: float(p) for net, p in merged.items()}, long_run,
                               paid, own)
        return replace(rough, credits=own, promotions=promotions, lifetime=lifetime, paid=paid)
    marks = _marks(hands)
    odds, above, ruined = _session_in_blocks(moves, bet, start, ceiling, hands, marks)
    ending = np.arange(ceiling + 1) * step + rest + paid
    broke = float(odds[:bet].sum())
    ruined = np.maximum.accumulate(np.minimum(ruined, broke))  # summed in another order: ends at ``broke``
    ruined[-1] = broke
    ahead = float(odds[ending > own].sum()) + above
    cumulative = np.cumsum(odds)
    percentiles = {p: int(ending[min(int(np.searchsorted(cumulative, p / 100 - 1e-12)), ceiling)])
                   for p in PERCENTILES}
    mean_end = float(np.dot(odds, ending)) + above * ending[-1]
    return Bankroll(analysis, own, hands, broke, ahead, percentiles, long_run, mean_end, None, ending, odds,
                    marks, ruined, promotions, lifetime, paid)


def _chained(analysis: WinLaw, lifetime: Lifetime, own: int, credits: int, hands: int, promotions: Promotions,
             paid: int, progress: Progress) -> Bankroll:
    """:func:`bankroll` of a game whose round depends on the last (:mod:`~videopoker.analysis.session.chained`):
    the ending credits exact below its target, above it their chance and mean (``beyond``)."""
    chain = lifetime.chain
    step = math.gcd(chain.bet, *chain.wins.tolist())
    start, rest = divmod(credits, step)
    marks = _marks(hands)
    session = chained_session(chain, step, start, hands, marks, progress)
    exact = np.arange(session.target) * step + rest + paid
    broke = float(session.odds[:chain.bet // step].sum())
    ruined = session.ruined
    ruined[-1] = broke
    cumulative = np.cumsum(session.odds)
    percentiles = {p: int(exact[min(int(np.searchsorted(cumulative, p / 100 - 1e-12)), len(exact) - 1)])
                   for p in PERCENTILES}
    beyond = (session.target * step + rest + paid, session.above, session.above_mean * step + rest + paid)
    ahead = float(session.odds[exact > own].sum()) + session.above
    mean_end = float(session.odds @ exact) + session.above * (session.above_mean * step + rest + paid)
    return Bankroll(analysis, own, hands, broke, ahead, percentiles, lifetime.risk(credits)[1], mean_end, None,
                    exact, session.odds, marks, ruined, promotions, lifetime, paid, beyond)


def _marks(hands: int) -> npt.NDArray[np.int64]:
    """The hands after which ``ruin_by_hand`` is read: 0, ``hands`` and at most :data:`RUIN_POINTS`
    − 1 evenly between."""
    return np.unique(np.rint(np.linspace(0, hands, min(hands, RUIN_POINTS) + 1)).astype(np.int64))


def _approximately(analysis: WinLaw, credits: int, hands: int,
                   nets: dict[int, float], long_run: float, paid: int, own: int) -> Bankroll:
    """The session's figures for a Brownian motion with the hand's exact mean and variance, ruined
    half a credit below the bet (a player with fewer credits than the bet is broke); ``paid``
    credits posted after it, ``ahead`` of the player's ``own``."""
    motion = Diffusion.of(nets)
    floor = analysis.coins - 0.5
    distance = credits - floor
    ruin = motion.ruin(distance, hands)
    above, alive = motion.survivors(distance, hands)
    alive *= (1 - ruin) / max(float(alive[-1]), 1e-300)  # the grid's top holds all the rest
    ending = np.rint(floor + above).astype(np.int64) + paid
    percentiles = {}
    for p in PERCENTILES:
        share = p / 100
        percentiles[p] = 0 if share <= ruin else int(ending[min(int(np.searchsorted(alive, share - ruin)),
                                                                 len(ending) - 1)])
    ahead = float(1 - ruin - np.interp(own - paid - floor, above, alive))
    odds = np.diff(alive, prepend=0.0)
    mean_end = float(np.dot(odds, floor + above)) + paid  # the broke end with next to nothing
    credit_counts, where = np.unique(np.concatenate(([paid], ending)), return_inverse=True)
    law = np.bincount(where, weights=np.concatenate(([ruin], odds))).astype(np.float64)  # merged a credit apart
    marks = _marks(hands)
    ruined = np.maximum.accumulate([motion.ruin(distance, int(hand)) if hand else float(distance <= 0)
                                    for hand in marks])
    return Bankroll(analysis, credits, hands, ruin, ahead, percentiles, long_run, mean_end,
                    motion.error_bound(hands), credit_counts.astype(np.int64), law, marks, ruined)


def _reach(moves: dict[int, float], hands: int) -> int:
    """Steps above the start that the credits pass at any time of ``hands`` hands with probability
    below :data:`TAIL`: P(max S ≥ a) ≤ exp(H·max(ψ(t), 0) − t·a) for every t > 0, ψ the log of
    E[e^{tX}] (Doob's inequality for the exponential martingale), so that mass parked above the
    ceiling could not have come back down."""
    nets = np.array(list(moves), dtype=np.float64)
    probabilities = np.array(list(moves.values()))
    most = int(nets.max()) * hands
    if most <= 0:
        return 0
    best = most
    for t in np.geomspace(1e-6, 700 / nets.max(), 400):  # e^{t·X} stays finite
        psi = max(math.log(float(np.dot(probabilities, np.exp(t * nets)))), 0.0)
        reach = (hands * psi - math.log(TAIL)) / t  # Doob: e^{tS} is a submartingale when ψ ≥ 0
        best = min(best, math.ceil(reach))
    return max(best, 0)


def _session(moves: dict[int, float], bet: int, start: int, ceiling: int, hands: int,
             marks: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.float64], float, npt.NDArray[np.float64]]:
    """The distribution of the ending state (0..ceiling), the mass that went above the ceiling,
    and the chance of being broke after each hand of ``marks``."""
    odds = np.zeros(ceiling + 1)
    if start < bet:
        odds[start] = 1.0
        return odds, 0.0, np.ones(len(marks))
    odds[start] = 1.0
    ruined = np.zeros(len(marks))
    place = {int(hand): index for index, hand in enumerate(marks)}
    spare = np.zeros(ceiling + 1)
    above = 0.0
    low = high = start                     # the states that can hold mass
    for hand in range(1, hands + 1):
        spare[:] = 0.0
        spare[:bet] = odds[:bet]           # broke players stay broke
        playing = odds[max(low, bet):high + 1]
        first = max(low, bet)
        for net, p in moves.items():
            lo, hi = first + net, high + net
            if hi > ceiling:                # beyond the ceiling: one bucket above everything
                cut = len(playing) - (hi - ceiling)
                above += p * float(playing[max(cut, 0):].sum())
                if cut <= 0:
                    continue
                spare[lo:ceiling + 1] += p * playing[:cut]
            else:
                spare[lo:hi + 1] += p * playing
        odds, spare = spare, odds
        low = min(max(first - bet, 0), low)
        high = min(high + max(moves), ceiling)
        if hand in place:
            ruined[place[hand]] = float(odds[:bet].sum())
    return odds, above, ruined


#: Hands per block of :func:`_session_in_blocks`.
BLOCK = 64


def _kernels(moves: dict[int, float], bet: int, steps: int, reach: int) -> npt.NDArray[np.float64]:
    """Row r: the distribution of the net of r hands (r = 0..steps), unrestricted, index 0 being a
    net of −steps·bet, cut at ``reach`` (beyond it the chance is below :data:`TAIL`)."""
    offset = steps * bet
    rows = np.zeros((steps + 1, offset + reach + 1))
    rows[0, offset] = 1.0
    for r in range(1, steps + 1):
        for net, p in moves.items():
            lo, hi = max(0, -net), min(rows.shape[1], rows.shape[1] - net)
            rows[r, lo + net:hi + net] += p * rows[r - 1, lo:hi]
    return rows


def _fft_size(ceiling: int, reach: int, offset: int) -> int:
    """The FFT length that holds a block's convolution whole: states, plus the kernel's span."""
    return 1 << math.ceil(math.log2(ceiling + 1 + offset + reach + 1))


def _session_in_blocks(moves: dict[int, float], bet: int, start: int, ceiling: int, hands: int,
                       marks: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.float64], float,
                                                              npt.NDArray[np.float64]]:
    """What :func:`_session` gives, a block of hands at a time: about ten times faster for long
    sessions, exact to about 1e-16 absolute (FFT rounding) instead of relative.

    Within a block of m hands, a player more than m bets above broke cannot go broke, so the
    whole distribution moves by one FFT convolution with the m-hand net distribution K^m, as if
    nobody went broke.  The ones who did are found exactly by a small step-by-step programme on
    the states near broke (they can only come from there), and since a broke player stops, each
    bit of mass that went broke after j hands is taken back out with its unrestricted future
    K^(m−j): true = K^m·playing − Σ_j K^(m−j)·broke_j.  Who went broke at each hand of a block is
    known that way too, so the chance of being broke by each hand of ``marks`` comes with it.
    """
    odds = np.zeros(ceiling + 1)
    odds[start] = 1.0
    if start < bet or hands < 2 * BLOCK:
        return _session(moves, bet, start, ceiling, hands, marks)
    ruined = np.zeros(len(marks))      # marks[0] is hand 0: nobody is broke before a hand
    reach = _reach(moves, BLOCK)
    kernels = _kernels(moves, bet, BLOCK, reach)
    going_broke = _going_broke(moves, bet, BLOCK)
    offset = BLOCK * bet
    size = _fft_size(ceiling, reach, offset)
    spectra: dict[int, npt.NDArray[np.complex128]] = {}
    above = 0.0
    done = 0
    while done < hands:
        m = min(BLOCK, hands - done)
        if m not in spectra:
            spectra[m] = np.fft.rfft(kernels[m], size)
        near = np.zeros(going_broke.shape[1])
        near[:min(len(near), len(odds))] = odds[:len(near)]
        broke_new = (going_broke @ near).reshape(BLOCK, bet)[:m]       # (m, bet): went broke at hand j + 1
        playing = odds.copy()
        playing[:bet] = 0.0
        moved = np.fft.irfft(np.fft.rfft(playing, size) * spectra[m], size)  # index i: state i − offset
        for place in range(bet):                                      # take the broke back out
            future = broke_new[:, place] @ kernels[m - 1::-1][:m]      # Σ_j broke_j · K^(m−1−j)
            moved[place:place + len(future)] -= future
        states = moved[offset:offset + ceiling + 1]
        above += float(np.clip(moved[offset + ceiling + 1:], 0, None).sum())
        dead = odds[:bet] + broke_new.sum(axis=0)
        by_hand = float(odds[:bet].sum()) + np.cumsum(broke_new.sum(axis=1))  # broke after hand done + j + 1
        inside = (marks > done) & (marks <= done + m)
        ruined[inside] = by_hand[marks[inside] - done - 1]
        odds = np.clip(states, 0.0, None)
        odds[:bet] = dead
        done += m
    return odds, above, ruined


def _going_broke(moves: dict[int, float], bet: int, steps: int) -> npt.NDArray[np.float64]:
    """A matrix that turns the states near the bottom into who goes broke when: row j·bet + i,
    applied to the chances of states 0..(steps + 1)·bet − 1, gives the mass that goes broke (to
    broke state i) at hand j + 1 of the next ``steps`` hands.

    Only states below (steps + 1)·bet can go broke in time (a hand loses at most one bet), and
    mass that climbs above them cannot come back in time, so this small window is exact.  The
    matrix is the window's one-hand transition T, kept to live states, taken to each power.
    """
    window = (steps + 1) * bet
    step = np.zeros((window, window))                  # step[to, from], from a live state
    for net, p in moves.items():
        for state in range(bet, window):
            if 0 <= state + net < window:
                step[state + net, state] += p
    rows = np.zeros((steps * bet, window))
    reach = np.eye(window)
    reach[:bet] = 0.0                                  # broke states hold no live mass
    for j in range(steps):
        after = step @ reach
        rows[j * bet:(j + 1) * bet] = after[:bet]
        after[:bet] = 0.0
        reach = after
    return rows
