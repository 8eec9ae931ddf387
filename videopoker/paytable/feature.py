"""A feature: a bet above ``max_coins`` per hand that buys a multiplier, a prize wheel, or a game
that carries state from one round to the next.

Each kind is a subclass of :class:`Feature` in its own module under :mod:`videopoker.paytable.kinds`
and answers for itself: its keys and example, its reader, its JSON, its lines for a person, and
what the shared model below asks of it.  Shared code asks the feature, never which kind it is.

The kinds that play round by round (Feature games I) are one model of the round's win, so the
analysis, the machine and the ledger handle them all alike::

    win = M × (pay of the final hand at max_coins + P if that hand is a trigger)

``M`` is known on the deal, before the hold (:meth:`Feature.deal_multipliers`), ``P`` is drawn
after the draw (:attr:`Feature.prizes`, for the hands in :attr:`Feature.trigger`).  A kind without
one of them keeps the base's answer: M = 1, no trigger.  Wins are paid from the ``max_coins``
column and returns are quoted per coin of the whole bet, the feature's coins included, as
published tables do.

A kind that carries state from deal to deal (Feature games II) says so with ``carries_state``:
the right hold then depends on more than the cards.  Its state is a :class:`PlayState` of its
own, which the machine, the wallet and the engine carry without looking in: the kind says what
a deal carries in, checks it, and says what a draw leaves (:class:`AfterDraw`).  Its engine lives
in its own package under :mod:`videopoker.analysis.features`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from videopoker.deck.cards import RANK_SYMBOLS, Card, RandomLike
from videopoker.errors import GameError
from videopoker.rules.definition import PayCategory

if TYPE_CHECKING:
    from videopoker.paytable.feature_reading import Reading
    from videopoker.rules.lookup import Game

#: The most coins a hand's feature bet may take (a multi-strike stack of five levels at ten coins).
MAX_FEATURE_COINS = 50
#: The largest multiplier, and the largest weight of one slice of a multiplier or prize wheel.
MAX_MULTIPLIER = 1000
MAX_WEIGHT = 1_000_000

#: Big Times Draw's ranks, aces low: the top card of a hand is its highest rank counting an ace as 1.
ACE_LOW = 1
TOP_RANK_NAMES = {ACE_LOW: "A", **{rank: RANK_SYMBOLS[rank - 2] for rank in range(2, 14)}}
TOP_RANK_NAMES[10] = "10"

#: The hands a round a machine deals: single hand, Triple, Five, Ten, Fifty and Hundred Play.
PLAYED_HANDS = (1, 3, 5, 10, 50, 100)

Weights = tuple[tuple[int, int], ...]  # (value, weight) pairs, as written
#: A hand after the draw: its final cards, what it made, and what it won.
Drawn = tuple[tuple[Card, ...], PayCategory, int]


def top_rank(cards: Sequence[Card]) -> int | None:
    """The highest rank of the cards counting aces low, jokers not counted: 1 (A) .. 13 (K);
    ``None`` for a hand of jokers alone (which five cards never are)."""
    ranks = [ACE_LOW if card.rank == 14 else int(card.rank) for card in cards if card.rank is not None]
    return max(ranks) if ranks else None


def mean(weights: Weights, power: int = 1) -> Fraction:
    """E[value**power] over (value, weight) slices."""
    total = sum(weight for _, weight in weights)
    return Fraction(sum(value**power * weight for value, weight in weights), total)


@dataclass(frozen=True)
class PlayState:
    """What a kind that carries state shows on the glass that decides a hold: the state a deal is
    dealt under, and what a round played under it left.  Opaque to the machine, the wallet and
    the engine; its kind's modules read it."""

    #: Whether the state decides the hold (Ultimate X's lines do); a state that only says what was
    #: dealt (a dream card) leaves the hold to the plain game's rules.
    decides_hold: ClassVar[bool] = True

    def describe(self) -> str:
        """The state in a few words, as a hint names it."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """What the state adds to the record of a round: its keys beside the round's own."""
        raise NotImplementedError

    def kept_json(self) -> Any:
        """The state as a wallet keeps it between rounds, when the machine keeps it for the next."""
        raise NotImplementedError

    @property
    def earlier(self) -> tuple[Drawn, ...]:
        """The hands the round played on its deals before this one (a stack's levels under it): none."""
        return ()

    @property
    def paid(self) -> int:
        """Credits the round paid on its deals before this one."""
        return sum(win for _, _, win in self.earlier)

    def line(self, place: int) -> int | None:
        """The multiplier the win of hand ``place`` is paid at, where its line has one of its own."""
        return None

    @property
    def stack(self) -> tuple[Drawn, ...]:
        """A round of several deals, one hand each: the hands it played, one a deal, as its outcome
        shows them (none: a round of one deal shows its own hands)."""
        return ()


@dataclass(frozen=True)
class AfterDraw:
    """What the draw of a round under a state leaves, by its kind's rules."""

    played: PlayState | None   # the round's state as its outcome shows it (None while it deals again)
    again: PlayState | None    # the round deals again, carrying this in (a stack's next level)
    kept: PlayState | None     # what the machine keeps for its next round at the table and hands (None: fresh)


@dataclass(frozen=True)
class Feature:
    """What a table's feature bet buys: ``coins`` a hand, and what its kind adds.

    The class attributes say what a file writes (``kind``, ``KEYS``, ``EXAMPLE``); the methods
    answer the round model of the module's docstring with a plain hand's answers, which a kind
    overrides where it does more.
    """

    coins: int

    #: The name a paytable file gives the kind (``feature: {kind: ...}``).
    kind: ClassVar[str]
    #: The keys a file may give the kind's feature, and a feature written out as an example.
    KEYS: ClassVar[tuple[str, ...]]
    EXAMPLE: ClassVar[str]
    #: Whether the right hold depends on state carried across rounds (Feature games II).
    carries_state: ClassVar[bool] = False
    #: Whether the multiplier is read from the cards dealt (so the analysis splits deals by it).
    depends_on_cards: ClassVar[bool] = False
    #: Whether a round at the feature bet is a stack of deals of one hand each, graded as a whole.
    stacks: ClassVar[bool] = False

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> Feature | None:
        """The feature ``spec`` (a mapping whose keys are checked) writes, or None with its problems
        told to ``reading``."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The feature as a paytable file writes it (keys of mappings as text)."""
        return {"kind": self.kind, "coins": self.coins, **self.settings_json()}

    def settings_json(self) -> dict[str, Any]:
        """What the kind writes beside ``kind`` and ``coins``."""
        return {}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        """What the feature does, for a person, in lines of at most 80 characters."""
        raise NotImplementedError

    @property
    def head(self) -> str:
        """The first words of :meth:`lines`: the kind and its bet."""
        return f"{self.kind.capitalize()}, {self.coins} coins a hand"

    @property
    def trigger(self) -> tuple[PayCategory, ...]:
        """The hands that win a prize after the draw (none)."""
        return ()

    @property
    def prizes(self) -> Weights:
        """The prizes a trigger hand draws, in credits, with their weights."""
        return ((0, 1),)

    def prize_moments(self) -> tuple[Fraction, Fraction]:
        """E[P] and E[P²] of the prize a trigger hand adds, in credits (coins)."""
        return mean(self.prizes), mean(self.prizes, 2)

    def deal_multipliers(self, top: int | None) -> Weights:
        """The multipliers a deal of top rank ``top`` can bring, with their weights (1X)."""
        return ((1, 1),)

    def multiplier_moments(self, top: int | None) -> tuple[Fraction, Fraction]:
        """E[M] and E[M²] on a deal of top rank ``top``."""
        slices = self.deal_multipliers(top)
        return mean(slices), mean(slices, 2)

    def judging(self, game: Game, pays: Mapping[PayCategory, tuple[int, ...]], max_coins: int
                ) -> tuple[Game, dict[PayCategory, tuple[int, ...]]] | None:
        """The game and pays a round at the feature bet judges and pays its hands by, where the kind
        judges them its own way (Quick Quads' 3-6-9-9-9 is four of a kind): None, the table's own."""
        return None

    # -- a kind that carries state (the base: none) ------------------------------------------------

    @property
    def played_hands(self) -> tuple[int, ...]:
        """The hands a round the feature is played at."""
        return PLAYED_HANDS

    def carried(self, kept: PlayState | None, hands: int) -> PlayState | None:
        """The state the next deal at ``hands`` hands carries in, from what the machine ``kept``
        for the table (as the glass shows it before the deal)."""
        return None

    def deal_state(self, carried: PlayState | None, hands: int, plays: bool, rng: RandomLike) -> PlayState | None:
        """The state a deal plays under, once its cards are out (``plays``: at the feature bet),
        with what the kind draws on the deal drawn now by the machine's RNG."""
        return None

    def check_state(self, state: PlayState | None, hands: int, plays: bool) -> None:
        """A :class:`GameError` unless a round of ``hands`` hands can be dealt under ``state``."""
        if state is not None:
            raise GameError(f"a {self.kind} round is dealt under no state of its own")

    def chosen_place(self, state: PlayState | None) -> int | None:
        """The place of a dealt card the player may choose before the hold (a dream card's), if any."""
        return None

    def state_pay(self, state: PlayState | None, category: PayCategory, pay: int, coins: int) -> int:
        """What a hand of ``category`` pays under ``state`` on ``coins`` of the pay column, where the
        table pays ``pay`` (the table's pay)."""
        return pay

    def round_multipliers(self, state: PlayState | None, top: int | None) -> Weights:
        """The multipliers a deal under ``state`` can play under, with their weights."""
        return self.deal_multipliers(top)

    def after_draw(self, state: PlayState, dealt: tuple[Card, ...], held: tuple[bool, ...],
                   drawn: Sequence[Drawn], plays: bool) -> AfterDraw:
        """What the draw of a round dealt under ``state`` leaves."""
        return AfterDraw(state, None, None)

    def state_of_lines(self, lines: tuple[int, ...]) -> PlayState | None:
        """The state a round was dealt under, from each hand's line multiplier as the ledger keeps it."""
        return None

    @classmethod
    def state_of_json(cls, data: Mapping[str, Any], hands: int, where: str) -> PlayState | None:
        """The state of a round in play that a wallet kept, if ``data`` (the round's record) holds
        one of this kind; ValueError naming the place if it is damaged."""
        return None

    @classmethod
    def played_of_json(cls, data: Mapping[str, Any], drawn: Sequence[Drawn], where: str) -> PlayState | None:
        """The state of a finished round (its outcome's record, ``drawn`` its hands), if one of this kind."""
        return None

    @classmethod
    def kept_of_json(cls, data: Any, where: str) -> PlayState | None:
        """What a machine kept for its next round, as a wallet writes it (:meth:`PlayState.kept_json`),
        if of this kind."""
        return None
