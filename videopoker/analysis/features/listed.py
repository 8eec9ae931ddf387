"""A feature table's return as a list of tables shows it (the picker, ``paytable list --returns``):
its feature game's, per coin of the whole bet, at the hands a round its analysis plays."""

from __future__ import annotations

from videopoker.analysis.features.registry import engine_of
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable


def feature_return(paytable: Paytable) -> tuple[float, int] | None:
    """The feature game's return and the hands a round it is solved at; None for a table without a
    feature or a kind not solved yet (its base game's figure stands, said so)."""
    if paytable.feature is None:
        return None
    engine = engine_of(paytable.feature)
    hands = engine.default_hands(paytable)
    try:
        return float(engine.solved(paytable, hands).rtp), hands
    except VideoPokerError:
        return None
