"""Shockwave's engine: its solve over the hands left in the mode, and its hint in a state, as the
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
from videopoker.paytable.kinds.shockwave import HandsLeft
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.shockwave.rounds import ShockwaveRounds
    from videopoker.analysis.features.shockwave.solve import ShockwaveAnalysis
    from videopoker.analysis.features.state_hint import StateHint


class ShockwaveEngine(Engine):
    options = ("shockwave_left",)

    def solved(self, paytable: Paytable, hands: int | None = None,
               progress: Progress = _quiet) -> ShockwaveAnalysis:
        from videopoker.analysis.features.shockwave.solve import analyze_shockwave

        return analyze_shockwave(paytable, progress)

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> ShockwaveRounds:
        """Its hands as a chain of modes."""
        from videopoker.analysis.features.shockwave.rounds import shockwave_rounds

        self.one_hand(paytable, hands)
        return shockwave_rounds(paytable, progress)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """Each final hand a hand, over the modes as they come."""
        return [(row["category"], row["probability"]) for row in self.solved(paytable).rows()]

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.shockwave.play import MACHINES, ShockwavePlayer

        machines = ShockwavePlayer(paytable, progress, machines=min(MACHINES, rounds))
        expected = tuple(Fraction(row["probability"]) for row in machines.solved.rows())
        return Playing(machines.play, machines.solved.best.rtp, expected, machines.standard_error)

    def refusal(self, paytable: Paytable) -> str:
        return f"--shockwave-left: {paytable.name!r} is not a Shockwave table"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> HandsLeft:
        from videopoker.analysis.features.shockwave.hint import mode_state

        return mode_state(paytable, options)

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        from videopoker.analysis.features.shockwave.hint import mode_holds

        assert isinstance(state, HandsLeft)
        return mode_holds(paytable, hand, state)

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        from videopoker.analysis.features.shockwave.hint import judge_mode

        assert isinstance(state, HandsLeft)
        return judge_mode(paytable, dealt, held, state)
