"""What the engine does for a feature kind: one :class:`Engine` a kind, found through
:mod:`~videopoker.analysis.features.registry`, so the commands, the machine and the screens ask
the engine and never which kind a table sells.

Every ability has the base's answer here: an ability a kind does not have yet says "not yet"
itself, in one line naming the kind and what works instead, rather than a refusal in its caller.
An engine is a thin class: it reaches its kind's solver inside the ability asked, so finding a
table's engine costs a command nothing it does not use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from videopoker.analysis.solve.draws import Progress, _quiet
from videopoker.deck.cards import Card
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable
from videopoker.paytable.feature import Feature, PlayState
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from videopoker.analysis.deal.holds import Strategy
    from videopoker.analysis.features.state_hint import StateHint
    from videopoker.analysis.solve.hint import HoldChoice


class Solved(Protocol):
    """A feature table solved exactly, as ``analyze`` reports it."""

    @property
    def rtp(self) -> Any: ...

    def to_json(self, hands: int = 1) -> dict[str, Any]: ...


class WinLaw(Protocol):
    """A table solved with the law of a round's win, in coins: what session odds are worked out from."""

    @property
    def paytable(self) -> Paytable: ...

    @property
    def coins(self) -> int: ...

    @property
    def rtp(self) -> Any: ...

    def win_law(self) -> Mapping[int, Fraction | float]: ...  # coins won a round → chance


@dataclass(frozen=True)
class Judgement:
    """A hold judged in a state, against the best hold there (what the trainer's decision keeps)."""

    coins: int                       # coins a hand the hold is judged at
    hands: int
    best: tuple[bool, ...]
    ev: Fraction                     # expected win per coin of the bet, as the round pays it
    best_ev: Fraction
    variance: Fraction
    worth: Fraction | None = None    # what ranks the holds in the state, per coin of the bet
    best_worth: Fraction | None = None


@dataclass(frozen=True)
class Playing:
    """How a simulation plays rounds of a feature table, and the exact figures it is held against."""

    play: Callable[..., npt.NDArray[np.int64]]   # (n, rng=, pays=, counts=) -> each round's win
    exact_return: Fraction
    expected: tuple[Fraction, ...]               # each hand's share of the final hands, per round
    standard_error: Callable[[], float] | None = None


def feature_of(paytable: Paytable) -> Feature:
    assert paytable.feature is not None
    return paytable.feature


class Engine:
    """The engine of one kind.  A kind's own engine overrides what it can do."""

    #: The options a player gives to name a state of the kind (``hint --level 2``, ``multipliers=``).
    options: tuple[str, ...] = ()

    def not_yet(self, paytable: Paytable, what: str) -> VideoPokerError:
        return VideoPokerError(f"{paytable.name!r}: {what} of a {feature_of(paytable).kind} table is not worked out "
                               f"yet; --coins {paytable.base_top_bet} gives the base game's")

    # -- the game solved ---------------------------------------------------------------------------

    def solved(self, paytable: Paytable, hands: int | None = None, progress: Progress = _quiet) -> Solved:
        """The table solved at its feature bet (``hands`` a round where the kind's return depends on it)."""
        raise self.not_yet(paytable, "the exact return")

    def ready(self, paytable: Paytable, hands: int) -> bool:
        """Whether a hint or a judgement at ``hands`` hands a round is instant now (a kind whose
        solve takes long says False until it is cached)."""
        return True

    def warm(self, paytable: Paytable, hands: int, progress: Progress = _quiet) -> None:
        """Work out now, once, what makes a hint at ``hands`` hands a round instant (nothing here)."""

    def default_hands(self, paytable: Paytable) -> int:
        """Hands a round when none are asked."""
        return 1

    def check_hands(self, paytable: Paytable, hands: int) -> int:
        """``hands`` if the kind is solved at that many hands a round, else a one-line refusal."""
        return hands

    def frequencies(self, paytable: Paytable, hands: int) -> list[tuple[PayCategory, float]]:
        """How often perfect play makes each final hand, per hand (a stack's: per round)."""
        raise self.not_yet(paytable, "how often each hand comes")

    def session_law(self, paytable: Paytable, hands: int | None = None, progress: Progress = _quiet) -> WinLaw:
        """The solved table whose law of a round's win a bankroll's figures are worked out from, at
        ``hands`` hands a round (None: the kind's own)."""
        raise self.not_yet(paytable, "a bankroll")

    def one_hand(self, paytable: Paytable, hands: int | None) -> None:
        """Refuse, in one line, a bankroll at several hands a round of a kind worked out for one."""
        if hands not in (None, 1):
            raise VideoPokerError(f"a bankroll of {paytable.name!r} at {hands} hands a round is not worked out "
                                  f"yet; drop --multi for one hand a round, or --coins {paytable.base_top_bet} "
                                  f"for the base game's")

    def player(self, paytable: Paytable, strategy: Strategy, hands: int, rounds: int,
               progress: Progress = _quiet) -> Playing:
        """A simulation's player of ``rounds`` rounds of ``hands`` hands at the feature bet."""
        raise self.not_yet(paytable, "a simulation")

    # -- a deal the kind makes -----------------------------------------------------------------------

    def dealt(self, paytable: Paytable, dealt: tuple[Card, ...], state: PlayState
              ) -> tuple[tuple[Card, ...], PlayState]:
        """The deal as the kind makes it once its state is drawn, before the glass shows it (the
        cards as dealt, here)."""
        return dealt, state

    def choices(self, paytable: Paytable, dealt: Sequence[Card], state: PlayState) -> list[tuple[Card, Fraction]]:
        """The cards a player may put in the place the kind lets them choose, with the expected pay
        of each at the top of the pay column, best first (none here)."""
        return []

    # -- a state of the kind -------------------------------------------------------------------------

    def refusal(self, paytable: Paytable) -> str:
        """Why this kind's options do not fit ``paytable``, in one line."""
        return f"{'/'.join(self.options)}: {paytable.name!r} does not take them"

    def state(self, paytable: Paytable, options: Mapping[str, Any]) -> PlayState:
        """The state ``options`` name, checked against the table."""
        raise self.not_yet(paytable, "a hint in a state")

    def holds(self, paytable: Paytable, hand: Sequence[Card], state: PlayState) -> StateHint:
        """Every hold of ``hand`` ranked by its worth in ``state``."""
        raise self.not_yet(paytable, "a hint in a state")

    def advice(self, paytable: Paytable, coins: int, dealt: Sequence[Card], state: PlayState) -> list[HoldChoice]:
        """Every hold of a deal at ``coins`` a hand under ``state``, best first (the machine's hint)."""
        return self.holds(paytable, dealt, state).holds

    def judge(self, paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
              state: PlayState) -> Judgement:
        """The hold ``held`` of a deal at ``coins`` a hand under ``state``, against the best there."""
        raise self.not_yet(paytable, "judging a hold in a state")

    def stack_grade(self, paytable: Paytable, played: PlayState) -> tuple[Fraction, Fraction, Fraction] | None:
        """A round of several deals graded as a whole when it ends: (EV, best EV, variance) per coin
        of its bet; None where each deal's hold is graded as it is drawn."""
        return None
