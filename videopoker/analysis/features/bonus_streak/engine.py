"""Bonus Streak's engine: its solve over the multiset of the lines' queues, its hint on the queues
and what a machine found is worth, as the registry asks for them (each reached when asked)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.analysis.features.engine import Engine, Judgement, Playing
from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState
from videopoker.paytable.kinds.bonus_streak import BonusStreak, Queues
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.bonus_streak.rounds import BonusStreakRounds
    from videopoker.analysis.features.bonus_streak.solve import BonusStreakAnalysis
    from videopoker.analysis.features.state_hint import StateHint
    from videopoker.analysis.solve.hint import HoldChoice


def sells_streaks(paytable: Paytable, hands: int) -> bool:
    """Whether the table sells its streaks at ``hands`` hands a round (a Fifty Play round of it is
    its base game's)."""
    assert isinstance(paytable.feature, BonusStreak)
    return hands in paytable.feature.offered_lines


class BonusStreakEngine(Engine):
    options = ("streaks",)

    def solved(self, paytable: Paytable, hands: int | None = None,
               progress: Progress = _quiet) -> BonusStreakAnalysis:
        from videopoker.analysis.features.bonus_streak.solve import analyze_bonus_streak

        return analyze_bonus_streak(paytable, hands, progress)

    def ready(self, paytable: Paytable, hands: int) -> bool:
        """At hands a round the streaks are sold at, whether their solve (or 10-play's blind
        strategy) is cached; at any other, a round is the base game's: ready."""
        from videopoker.analysis.features.bonus_streak.bounds import blind_ready
        from videopoker.analysis.features.bonus_streak.solve import MOST_EXACT_LINES, solved_ready

        if not sells_streaks(paytable, hands):
            return True
        return (blind_ready if hands > MOST_EXACT_LINES else solved_ready)(paytable, hands)

    def warm(self, paytable: Paytable, hands: int, progress: Progress = _quiet) -> None:
        """The solve at ``hands`` (a minute or two at 5-play, cached), or 10-play's blind strategy."""
        from videopoker.analysis.features.bonus_streak.bounds import blind
        from videopoker.analysis.features.bonus_streak.solve import MOST_EXACT_LINES

        if not sells_streaks(paytable, hands):
            return
        if hands > MOST_EXACT_LINES:
            blind(paytable, hands)
        else:
            self.solved(paytable, hands, progress)

    def default_hands(self, paytable: Paytable) -> int:
        """The fewest hands a round the table offers (3-play, the Wizard of Odds' figure)."""
        assert isinstance(paytable.feature, BonusStreak)
        return paytable.feature.offered_lines[0]

    def check_hands(self, paytable: Paytable, hands: int) -> int:
        from videopoker.analysis.features.bonus_streak.solve import check_lines

        return check_lines(paytable, hands)

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """Over the lines' queues as they come under perfect play."""
        return list(zip(paytable.game.categories, self.solved(paytable, hands).frequencies))

    def session_law(self, paytable: Paytable, hands: int | None = None,
                    progress: Progress = _quiet) -> BonusStreakRounds:
        """The rounds as a chain over the lines' queues (at 3 hands a round)."""
        from videopoker.analysis.features.bonus_streak.rounds import bonus_streak_rounds

        return bonus_streak_rounds(paytable, hands, progress)

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        """Machines side by side, each line's queue literal (:mod:`.play`), held against the solve:
        its return, and each hand's share of the final hands, per hand, over the queues as they come."""
        from videopoker.analysis.features.bonus_streak.play import MACHINES, BonusStreakPlayer

        machines = BonusStreakPlayer(paytable, hands, progress, machines=min(MACHINES, rounds))
        expected = tuple(Fraction(share) for share in machines.solved.frequencies)  # per hand
        return Playing(machines.play, Fraction(machines.solved.rtp), expected, machines.standard_error)

    def refusal(self, paytable: Paytable) -> str:
        return f"--streaks: {paytable.name!r} is not a Bonus Streak table"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> Queues:
        from videopoker.analysis.features.bonus_streak.hint import streaks_state

        return streaks_state(paytable, options)

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        from videopoker.analysis.features.bonus_streak.hint import streak_holds

        assert isinstance(state, Queues)
        return streak_holds(paytable, hand, state)

    def advice(self, paytable: Paytable, coins: int, dealt: Sequence[Card], state: PlayState) -> list[HoldChoice]:
        from videopoker.analysis.features.bonus_streak.hint import streak_advice

        assert isinstance(state, Queues)
        return streak_advice(paytable, coins, dealt, state)  # worths a coin bet, as the glass says them

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        from videopoker.analysis.features.bonus_streak.hint import judge_streaks

        assert isinstance(state, Queues)
        return judge_streaks(paytable, coins, dealt, held, state)
