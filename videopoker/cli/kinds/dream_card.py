"""Dream Card on the command line: ``analyze`` says what a dream deal is worth beside a plain one,
and ``hint`` of four cards ranks every fifth card a dream deal could be given, best first, so the
best one is never in doubt (the "dream card controversy": a cabinet that offers a worse one)."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from videopoker.cli.kinds.base import ByRoundCommands, show_feature_analysis
from videopoker.cli.output import Column, Grid, show
from videopoker.deck.cards import Card, check_deck, parse_cards
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.dream_card import DREAM_PLACE, DreamCard

if TYPE_CHECKING:
    from videopoker.analysis.features.feature import FeatureAnalysis

#: Fifth cards ``hint`` shows without ``--all``.
SHOWN = 10


class DreamCardCommands(ByRoundCommands):
    def show_analysis(self, paytable: Paytable, args: argparse.Namespace) -> int:
        return show_feature_analysis(paytable, args, _deals_worth)

    def own_hint(self, paytable: Paytable, args: argparse.Namespace) -> int | None:
        cards = parse_cards(" ".join(args.cards))
        if len(cards) != DREAM_PLACE:
            return None
        from videopoker.analysis.features.dream_card.cards import dream_cards

        check_deck(cards, paytable.game.definition.deck, paytable.game.title)
        if len(set(cards)) != len(cards):
            raise VideoPokerError(f"{' '.join(map(str, cards))}: four different cards, the dream card's deal")
        game = paytable.game
        ranked = [(game.definition.deck[card], value / paytable.max_coins)
                  for card, value in dream_cards(paytable).ranked(tuple(game.position(card) for card in cards))]
        if args.json:
            print(json.dumps({"four": [str(card) for card in cards], "paytable": paytable.name,
                              "dream_cards": [{"card": str(card), "ev": float(ev)} for card, ev in ranked]}, indent=2))
            return 0
        show(_ranked_grid(paytable, cards, ranked, args.all))
        return 0


def _deals_worth(solved: FeatureAnalysis) -> list[str]:
    """What a dream deal and a plain one are worth, and the chance that would return 100%."""
    from videopoker.analysis.features.dream_card.solve import DreamAnalysis

    assert isinstance(solved, DreamAnalysis) and isinstance(solved.feature, DreamCard)
    even = (1 - solved.plain_value) / (solved.dream_value - solved.plain_value)
    return [f"a dream deal is worth {float(solved.dream_value):.6f} a coin of the whole bet, a plain one "
            f"{float(solved.plain_value):.6f};",
            f"{float(solved.feature.chance):.2%} dream deals return {float(solved.rtp):.4%}; "
            + (f"{float(even):.2%} would return 100%" if 0 < even < 1 else "no chance returns 100%")]


def _ranked_grid(paytable: Paytable, four: tuple[Card, ...], ranked: list[tuple[Card, Fraction]], every: bool) -> Grid:
    """The fifth cards best first, those of equal worth on one line."""
    grid = Grid(f"{' '.join(card.label for card in four)} + a dream card — {paytable.name}, EV per coin",
                [Column("#"), Column("Dream card", right=False), Column("EV")],
                note="the machine offers the first; --all for every card")
    groups: list[tuple[Fraction, list[Card]]] = []
    for card, ev in ranked:
        if groups and groups[-1][0] == ev:
            groups[-1][1].append(card)
        else:
            groups.append((ev, [card]))
    for place, (ev, cards) in enumerate(groups if every else groups[:SHOWN], 1):
        named = " ".join(str(card) for card in cards)
        grid.rows.append([str(place), named if len(named) <= 40 else named[:39] + "…", f"{float(ev):.6f}"])
    return grid
