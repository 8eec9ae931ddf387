"""A round-by-round feature table at several hands a round: the law of a round's win, for a
bankroll (:mod:`~videopoker.analysis.solve.spectra`).

The deal's multiplier (Big Times Draw's by its top card, Hot Roll's dice) multiplies every hand of
the round, and each trigger hand draws its own prize (Wheel Poker).  So, per group of deals that
share the multiplier's law, the round's win before the multiplier is the N-th power of a hand's
generating function, each category's value its pay plus, on a trigger hand, the prize's law; then
each multiplier stretches that law, and the groups add up.  Holds are the feature game's best, by
worth (:func:`~videopoker.analysis.features.feature.worth_vector`), with its tie rule.
"""

from __future__ import annotations

import math

import numpy as np

from videopoker.analysis.features.feature import analyze_feature, deal_groups, worth_vector
from videopoker.analysis.solve.draws import draw_tables
from videopoker.analysis.solve.exact import pay_vector
from videopoker.analysis.solve.spectra import RoundLaw, at_points, hold_laws, law_of, round_spectrum, transform_size
from videopoker.paytable import Paytable


def feature_round_law(paytable: Paytable, hands: int) -> RoundLaw:
    """The law of a round of ``hands`` hands at the feature bet, perfect play of the feature game."""
    feature = paytable.feature
    assert feature is not None
    played = paytable.as_played(None)  # its hands as the feature bet judges them
    pays = pay_vector(played, paytable.max_coins).astype(np.int64)
    prizes = feature.prizes
    triggers = [played.game.categories.index(key) for key in feature.trigger]
    step = math.gcd(*pays.tolist(), *(value for value, _ in prizes)) or 1
    largest = int(pays.max()) + (max(value for value, _ in prizes) if triggers else 0)
    size = transform_size(hands * largest // step)
    values = at_points(pays // step, size)
    whole = sum(weight for _, weight in prizes)
    for category in triggers:  # a trigger hand's pay, plus each prize by its weight
        values[category] = sum(weight / whole * at_points(np.array([(pays[category] + value) // step]), size)[0]
                               for value, weight in prizes)
    laws, dealt = hold_laws(played, worth_vector(paytable)[0], deal_groups(draw_tables(played.game), feature))
    most = max(multiplier for group in np.unique(laws[:, -1]) for multiplier, _ in _multipliers(paytable, int(group)))
    law = np.zeros(most * hands * largest // step + 1)
    for group in np.unique(laws[:, -1]):
        here = laws[:, -1] == group
        spectrum = round_spectrum(laws[here, :-2] / laws[here, -2:-1], dealt[here], values, hands)
        wins, chances = law_of(spectrum, size)
        slices = _multipliers(paytable, int(group))
        total = sum(weight for _, weight in slices)
        for multiplier, weight in slices:
            np.add.at(law, wins * multiplier, chances * (float(dealt[here].sum()) * weight / total))
    kept = np.flatnonzero(law > 0)
    return RoundLaw(paytable, feature.coins, hands, analyze_feature(paytable).rtp, kept.astype(np.int64) * step,
                    law[kept] / law[kept].sum())


def _multipliers(paytable: Paytable, group: int) -> tuple[tuple[int, int], ...]:
    """The multipliers (and weights) a deal of ``group`` plays under: its top rank's, or everyone's."""
    feature = paytable.feature
    assert feature is not None
    return tuple(feature.deal_multipliers(group if feature.depends_on_cards else None))
