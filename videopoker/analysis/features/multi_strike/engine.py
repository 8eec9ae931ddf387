"""Multi-Strike's engine: its solve, its simulator's player and its hint on a level, as the
registry asks for them (each reached when asked)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.analysis.features.engine import Engine, Judgement, Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.multi_strike import Climb, Stack
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.multi_strike.solve import MultiStrikeAnalysis
    from videopoker.analysis.features.state_hint import StateHint


class MultiStrikeEngine(Engine):
    options = ("level", "free_ride")

    def solved(self, paytable: Paytable, hands: int | None = None,
               progress: Progress = _quiet) -> MultiStrikeAnalysis:
        from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike

        return analyze_multi_strike(paytable, progress)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """A final hand a level reached, per round."""
        return [(row.category, row.per_round) for row in self.solved(paytable).rows]

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> MultiStrikeAnalysis:
        self.one_hand(paytable, hands)
        return self.solved(paytable, progress=progress)  # a whole stack's law

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.multi_strike.play import StrikePlayer

        player = StrikePlayer(paytable, progress)
        return Playing(player.play, Fraction(player.solved.rtp),
                       tuple(Fraction(row.per_round) for row in player.solved.rows))  # a round: every level's hand

    def refusal(self, paytable: Paytable) -> str:
        return f"--level/--free-ride: {paytable.name!r} is not a Multi-Strike table"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> Climb:
        from videopoker.analysis.features.multi_strike.hint import level_state

        return level_state(paytable, options)

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        from videopoker.analysis.features.multi_strike.hint import level_holds

        assert isinstance(state, Climb)
        return level_holds(paytable, hand, state)

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        from videopoker.analysis.features.multi_strike.hint import judge_level

        assert isinstance(state, Climb)
        return judge_level(paytable, dealt, held, state)

    def stack_grade(self, paytable: Paytable, played: PlayState) -> tuple[Fraction, Fraction, Fraction] | None:
        from videopoker.analysis.features.multi_strike.hint import stack_grade

        assert isinstance(played, Stack)
        return stack_grade(paytable, played)
