"""Dream Card's engine: its exact solve, the dream card a deal is given, and the cards a player may
choose instead, as the registry asks for them (each reached when asked)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from videopoker.analysis.features.by_round import RoundByRound
from videopoker.analysis.features.engine import Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.dream_card import Dreamt

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.dream_card.solve import DreamAnalysis


class DreamCardEngine(RoundByRound):
    """A round's win is the pay of its final hand, as the round-by-round kinds' with no multiplier;
    what differs is the deal, which this engine makes and solves."""

    def solved(self, paytable: Paytable, hands: int | None = None, progress: Progress = _quiet) -> DreamAnalysis:
        from videopoker.analysis.features.dream_card.solve import analyze_dream_card

        return analyze_dream_card(paytable, progress)

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> DreamAnalysis:
        self.one_hand(paytable, hands)
        return self.solved(paytable, progress=progress)

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        """Dream deals with the table's chance, the machine's card in them, perfect play after."""
        from videopoker.analysis.features.dream_card.play import DreamPlayer

        strategy.prepare(progress)
        solved = self.solved(paytable, progress=progress)
        return Playing(DreamPlayer(paytable, strategy, hands).play, solved.rtp,
                       tuple(row.probability for row in solved.rows))

    def dealt(self, paytable: Paytable, dealt: tuple[Card, ...], state: PlayState
              ) -> tuple[tuple[Card, ...], PlayState]:
        """Four of the cards dealt and, in the dream card's place, the best card the deck holds beside them."""
        if not isinstance(state, Dreamt):
            return dealt, state
        (best, _), *_ = self.choices(paytable, dealt, state)
        cards = list(dealt)
        cards[state.place] = best
        return tuple(cards), Dreamt(state.place, best.index)

    def choices(self, paytable: Paytable, dealt: Sequence[Card], state: PlayState) -> list[tuple[Card, Fraction]]:
        """Every card for the dream card's place, with the expected pay per coin of the hand it makes
        (perfect play, the top of the pay column), best first: the machine offers the first."""
        from videopoker.analysis.features.dream_card.cards import dream_cards

        if not isinstance(state, Dreamt):
            return []
        game = paytable.game
        four = tuple(game.position(card) for place, card in enumerate(dealt) if place != state.place)
        return [(game.definition.deck[card], value / paytable.max_coins)
                for card, value in dream_cards(paytable).ranked(four)]
