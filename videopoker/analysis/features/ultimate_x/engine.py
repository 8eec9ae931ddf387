"""Ultimate X's engine: its solve over the sums of the lines' multipliers, its simulator's player
and its hint on the lines, as the registry asks for them (each reached when asked)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.analysis.features.engine import Engine, Judgement, Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.ultimate_x import Lines, UltimateX
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.state_hint import StateHint
    from videopoker.analysis.features.ultimate_x.rounds import UltimateXRounds
    from videopoker.analysis.features.ultimate_x.solve import UltimateXAnalysis
    from videopoker.analysis.solve.hint import HoldChoice


class UltimateXEngine(Engine):
    options = ("multipliers",)

    def solved(self, paytable: Paytable, hands: int | None = None,
               progress: Progress = _quiet) -> UltimateXAnalysis:
        from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x

        return analyze_ultimate_x(paytable, hands, progress)

    def default_hands(self, paytable: Paytable) -> int:
        """The most hands a round the table gives multipliers for (as its sources publish)."""
        assert isinstance(paytable.feature, UltimateX)
        return paytable.feature.offered_lines[-1]

    def check_hands(self, paytable: Paytable, hands: int) -> int:
        from videopoker.analysis.features.ultimate_x.solve import check_lines

        return check_lines(paytable, hands)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """Over the multiplier sums as they come under perfect play."""
        return list(zip(paytable.game.categories, self.solved(paytable, hands).frequencies))

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> UltimateXRounds:
        """The rounds as a chain over the lines' multipliers (at 3 hands a round)."""
        from videopoker.analysis.features.ultimate_x.rounds import ultimate_x_rounds

        return ultimate_x_rounds(paytable, hands, progress)

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        from videopoker.analysis.features.ultimate_x.play import MACHINES, UltimateXPlayer

        machines = UltimateXPlayer(paytable, hands, progress, machines=min(MACHINES, rounds))
        expected = tuple(Fraction(share) for share in machines.long_run(progress).frequencies)  # per hand
        return Playing(machines.play, Fraction(machines.solved.rtp), expected, machines.standard_error)

    def refusal(self, paytable: Paytable) -> str:
        return f"--multipliers: {paytable.name!r} is not an Ultimate X table"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> Lines:
        from videopoker.analysis.features.ultimate_x.hint import lines_state

        return lines_state(paytable, options)

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        from videopoker.analysis.features.ultimate_x.hint import lines_holds

        assert isinstance(state, Lines)
        return lines_holds(paytable, hand, state)

    def advice(self, paytable: Paytable, coins: int, dealt: Sequence[Card], state: PlayState) -> list[HoldChoice]:
        from videopoker.analysis.features.ultimate_x.hint import lines_advice

        assert isinstance(state, Lines)
        return lines_advice(paytable, coins, dealt, state)  # worths a coin bet, as the glass says them

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        from videopoker.analysis.features.ultimate_x.hint import judge_lines

        assert isinstance(state, Lines)
        return judge_lines(paytable, coins, dealt, held, state)
