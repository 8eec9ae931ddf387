"""The strategies a simulation may be asked for by name (``--strategy``): perfect play (a feature's
at its bet), a player who keeps nothing or a random hold, or a chart file followed literally."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from videopoker.analysis.charts.chart import read_chart
from videopoker.analysis.deal.holds import CardBlind, ChartPlayer, Masks, Optimal, Strategy
from videopoker.analysis.features.feature_play import FeatureOptimal
from videopoker.analysis.solve.draws import HOLDS
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.storage.usertext import quote


def _nothing(n: int, rng: np.random.Generator) -> Masks:
    return np.zeros(n, dtype=np.uint8)


def _random(n: int, rng: np.random.Generator) -> Masks:
    return rng.integers(0, HOLDS, size=n, dtype=np.uint8)


STRATEGIES = ("optimal", "hold-nothing", "random")


def strategy_named(name: str, paytable: Paytable, coins: int) -> Strategy:
    """The strategy called ``name``, a chart file, or a one-line refusal that lists the choices."""
    if name == "optimal":
        if paytable.plays_feature(coins):
            return FeatureOptimal(paytable, paytable.max_coins)  # it plays the hands as_played judges
        return Optimal(paytable, coins)
    if name == "hold-nothing":
        return CardBlind(name, paytable.game, _nothing)
    if name == "random":
        return CardBlind(name, paytable.game, _random)
    file = Path(name)
    if not name or not os.path.lexists(file):
        raise VideoPokerError(f"--strategy {quote(name)}: choose one of {', '.join(STRATEGIES)}, or give a "
                              "chart file (`videopoker strategy PAYTABLE -o FILE` writes one); no such file")
    return ChartPlayer(f"chart {file.name}", read_chart(file, paytable.game), paytable, coins)
