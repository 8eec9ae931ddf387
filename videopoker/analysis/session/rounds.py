"""The law of a multi-hand round's win: N hands drawn from one dealt hand under perfect play, by
its generating function (:mod:`~videopoker.analysis.solve.spectra`).  Deals whose holds end alike
(the same count of each final hand over the same draws: about 1,300 laws for Jacks or Better's
134,459 classes) are merged before the power is taken.
"""

from __future__ import annotations

import math

import numpy as np

from videopoker.analysis.solve.exact import analyze, pay_vector
from videopoker.analysis.solve.spectra import RoundLaw, at_points, hold_laws, law_of, round_spectrum, transform_size
from videopoker.paytable import Paytable


def round_law(paytable: Paytable, coins: int | None, hands: int) -> RoundLaw:
    """The law of a round of ``hands`` hands at ``coins`` a hand (default the top bet), perfect play."""
    bet = paytable.base_bet(coins)
    pays = pay_vector(paytable, bet)
    holds, weights = hold_laws(paytable, pays)
    whole = pays.astype(np.int64)
    step = math.gcd(*whole.tolist()) or 1
    size = transform_size(hands * int(whole.max()) // step)
    values = at_points(whole // step, size)
    spectrum = round_spectrum(holds[:, :-2] / holds[:, -2:-1], weights, values, hands)
    wins, chances = law_of(spectrum, size)
    return RoundLaw(paytable, bet, hands, analyze(paytable, bet).rtp, wins * step, chances)
