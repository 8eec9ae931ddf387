"""Multi-Strike's engine: its solve, its simulator's player and its hint on a level, as the
registry asks for them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from videopoker.analysis.deal.holds import Strategy
from videopoker.analysis.features.engine import Engine, Judgement, Playing
from videopoker.analysis.features.multi_strike.hint import judge_level, level_holds, level_state, stack_grade
from videopoker.analysis.features.multi_strike.solve import MultiStrikeAnalysis, analyze_multi_strike
from videopoker.analysis.features.state_hint import StateHint
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.multi_strike import Climb, Stack
from videopoker.rules.definition import PayCategory


class MultiStrikeEngine(Engine):
    options = ("level", "free_ride")

    def solved(self, paytable: Paytable, hands: int | None = None,
               progress: Progress = _quiet) -> MultiStrikeAnalysis:
        return analyze_multi_strike(paytable, progress)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """A final hand a level reached, per round."""
        return [(row.category, row.per_round) for row in analyze_multi_strike(paytable).rows]

    def session_law(self, paytable: Paytable) -> MultiStrikeAnalysis:
        return analyze_multi_strike(paytable)  # a whole stack's law

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.multi_strike.play import StrikePlayer

        player = StrikePlayer(paytable, progress)
        return Playing(player.play, Fraction(player.solved.rtp),
                       tuple(Fraction(row.per_round) for row in player.solved.rows))  # a round: every level's hand

    def refusal(self, paytable: Paytable) -> str:
        return f"--level/--free-ride: {paytable.name!r} is not a Multi-Strike table"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> Climb:
        return level_state(paytable, options)

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        assert isinstance(state, Climb)
        return level_holds(paytable, hand, state)

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        assert isinstance(state, Climb)
        return judge_level(paytable, dealt, held, state)

    def stack_grade(self, paytable: Paytable, played: PlayState) -> tuple[Fraction, Fraction, Fraction] | None:
        assert isinstance(played, Stack)
        return stack_grade(paytable, played)
