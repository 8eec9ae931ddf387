"""A round of play as a value: the dealt hand, the holds, the bet, the hands and the pays it was dealt under.

A round is frozen: holding a card gives a new round, so undoing a failed save is keeping the old
value, and a test deals a known hand by building one.  The replacement cards are not part of a
dealt round: :meth:`Round.draw` chooses them when the player draws, from the deck without the
dealt cards, so nothing in memory or on disk knows the coming draw before the player asks for it.
The round carries its paytable, so it settles on the pays it was dealt under even if the file
is edited or moved before the draw.

A multi-hand round (Triple, Five, Ten Play …) is one dealt hand whose holds are copied to
``hands`` hands; at the draw each hand gets its own replacements from its own deck without the
dealt cards, and each is settled alone.  ``bet`` is coins per hand; the round stakes
``bet × hands``.

>>> import random
>>> from videopoker.paytable import resolve_paytable
>>> dealt = Round(resolve_paytable("jacks-or-better-9-6"), 5, parse_hand("Ah Kh Qh Jh 2c"))
>>> dealt.hold(0).hold(1).hold(2).hold(3).settle(parse_hand("Ah Kh Qh Jh Th"))
('royal_flush', 4000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from videopoker.deck.cards import (  # noqa: F401
    HAND_SIZE,
    Card,
    RandomLike,
    check_deck,
    check_hand,
    full_deck,
    parse_hand,
    take_random,
)
from videopoker.errors import GameError
from videopoker.machine.feature_play import check_bet, deal_multiplier, pay_column, spin
from videopoker.paytable import Paytable, paytable_reference
from videopoker.paytable.feature import PLAYED_HANDS, AfterDraw, Drawn, PlayState, top_rank
from videopoker.rules.definition import PayCategory

#: The hands a machine deals at once: single hand, Triple, Five, Ten, Fifty and Hundred Play.
PLAY_LINES = PLAYED_HANDS



def deal_hand(paytable: Paytable, rng: RandomLike) -> tuple[Card, ...]:
    """Five cards at random from a full deck of the paytable's game, as the machine deals them."""
    return tuple(take_random(paytable.game.definition.deck, HAND_SIZE, rng))

@dataclass(frozen=True)
class Round:
    """One dealt hand waiting for its draw, to be played as ``hands`` hands."""

    paytable: Paytable
    bet: int
    dealt: tuple[Card, ...]
    held: tuple[bool, ...] = (False,) * HAND_SIZE
    hands: int = 1
    meter: Fraction | None = None   # a progressive table's meter as dealt (this round's bet on it)
    multiplier: int = 1             # at a feature bet, the multiplier this deal plays under
    #: The state of a kind that carries one (Ultimate X's lines, a Multi-Strike level): its kind's.
    state: PlayState | None = None
    #: How the machine names the table the round was dealt on (its meter and its lines are kept
    #: by it): a round read back from the wallet carries pays, not a file, so it keeps the name.
    reference: str = ""

    def __post_init__(self) -> None:
        check_hand(self.dealt, HAND_SIZE)
        if len(self.held) != HAND_SIZE:
            raise GameError(f"a round holds {HAND_SIZE} flags, got {len(self.held)}")
        if self.hands not in PLAY_LINES:
            raise GameError(f"a round plays {', '.join(map(str, PLAY_LINES))} hands, got {self.hands}")
        check_bet(self.paytable, self.bet, self.hands)
        feature = self.paytable.feature
        if feature is not None:
            feature.check_state(self.state, self.hands, self.plays_feature)
        elif self.state is not None:
            raise GameError("a table without a feature deals under no state")
        check_deck(self.dealt, self.paytable.game.definition.deck, self.paytable.game.title)
        if (self.meter is None) != (self.paytable.progressive is None):
            raise GameError("a progressive table's round is dealt under its meter, and only such a round")
        can = {1} if feature is None or not self.plays_feature else {
            m for m, _ in feature.round_multipliers(self.state, top_rank(self.dealt))}
        if self.multiplier not in can:
            raise GameError(f"this deal plays under {' or '.join(f'{m}X' for m in sorted(can))}, "
                            f"not {self.multiplier}X")

    @property
    def table_reference(self) -> str:
        return self.reference or paytable_reference(self.paytable)

    @property
    def plays_feature(self) -> bool:
        """Whether the round is at its table's feature bet."""
        return self.paytable.plays_feature(self.bet)

    @property
    def stake(self) -> int:
        """Credits the round takes: coins per hand times hands."""
        return self.bet * self.hands

    @property
    def jackpot(self) -> bool:
        """Whether the meter is in play: a progressive table at its top bet."""
        return self.meter is not None and self.bet == self.paytable.max_coins

    @property
    def pays(self) -> Paytable:
        """The table as this round pays its first hand: at the meter it was dealt under, if in play
        (what the hint and the trainer judge holds by)."""
        if self.jackpot and self.meter is not None:
            return self.paytable.at_meter(int(self.meter))
        return self.paytable

    @classmethod
    def deal(cls, paytable: Paytable, bet: int, rng: RandomLike, hands: int = 1,
             meter: Fraction | None = None, carried: PlayState | None = None) -> Round:
        """Five cards at random from a full deck of the paytable's game, then the state the deal
        plays under (``carried`` in: Ultimate X's lines, the next level of a stack) and, at a
        feature bet, its multiplier (read from the cards, or drawn), as the feature's kind says."""
        feature = paytable.feature
        dealt = deal_hand(paytable, rng)
        plays = feature is not None and paytable.plays_feature(bet)
        state = feature.deal_state(carried, hands, plays, rng) if feature is not None else None
        if state is not None:  # the kind may make the deal its own (a dream card)
            from videopoker.analysis.features.registry import engine_of

            assert feature is not None
            dealt, state = engine_of(feature).dealt(paytable, dealt, state)
        multiplier = deal_multiplier(feature.round_multipliers(state, top_rank(dealt)),
                                     rng) if feature is not None and plays else 1
        return cls(paytable, bet, dealt, hands=hands, meter=meter, multiplier=multiplier, state=state,
                   reference=paytable_reference(paytable))

    def choose(self, card: Card) -> Round:
        """The round with ``card`` in the place its kind lets the player choose (a dream card's),
        before any card is held: a card of the deck that is not among the others dealt."""
        feature = self.paytable.feature
        place = feature.chosen_place(self.state) if feature is not None else None
        if place is None:
            raise GameError("this deal has no card to choose")
        if any(self.held):
            raise GameError("choose the card before holding any")
        others = [dealt for at, dealt in enumerate(self.dealt) if at != place]
        if card in others:
            raise GameError(f"{card} is dealt already; choose a card the deck holds")
        dealt = list(self.dealt)
        dealt[place] = card
        return replace(self, dealt=tuple(dealt))

    def hold(self, position: int) -> Round:
        """The round with the card at ``position`` (0..4) held or released."""
        if not 0 <= position < HAND_SIZE:
            raise GameError(f"card positions are 1..{HAND_SIZE}, got {position + 1}")
        held = list(self.held)
        held[position] = not held[position]
        return replace(self, held=tuple(held))

    def draw(self, rng: RandomLike) -> tuple[tuple[Card, ...], ...]:
        """The final hands, the dealt one first: each keeps the held cards and replaces the others
        from its own deck, the full deck without the five dealt cards."""
        rest = [card for card in self.paytable.game.definition.deck if card not in self.dealt]
        drawing = self.held.count(False)
        finals = []
        for _ in range(self.hands):
            replacements = iter(take_random(rest, drawing, rng))
            finals.append(tuple(card if keep else next(replacements) for card, keep in zip(self.dealt, self.held)))
        return tuple(finals)

    def settle_all(self, finals: tuple[tuple[Card, ...], ...]) -> tuple[tuple[tuple[PayCategory, int], ...],
                                                                         Fraction | None]:
        """Every final hand judged and paid, in order, and the meter after: with the meter in play,
        the first hand to make its hand pays the meter's whole credits and sets it back to base,
        so a second one in the same round pays base, as one meter shared by the hands would."""
        meter = self.meter
        results = []
        for place, final in enumerate(finals):
            category, win = self.settle(final)
            win *= (self.state.line(place) if self.state is not None else None) or 1
            progressive = self.paytable.progressive
            if self.jackpot and progressive is not None and meter is not None and category == progressive.hand:
                win, meter = int(meter), Fraction(progressive.base)
            results.append((category, win))
        return tuple(results), meter

    def settle(self, final: tuple[Card, ...]) -> tuple[PayCategory, int]:
        """What one final hand ``final`` is and what it pays on this round's coins per hand and fixed
        pays (a progressive meter is paid by :meth:`settle_all`)."""
        played, feature = self.paytable.as_played(self.bet), self.paytable.feature
        game = played.game
        category = game.categories[game.evaluate_index([game.position(card) for card in final])]
        column = pay_column(self.paytable, self.bet)
        pay = played.pay(category, column)
        if feature is not None:
            pay = feature.state_pay(self.state, category, pay, column)
        return category, pay * self.multiplier

    def after_draw(self, drawn: Sequence[Drawn]) -> AfterDraw | None:
        """What the draw leaves by the rules of the state the round was dealt under (None: no state)."""
        feature = self.paytable.feature
        if self.state is None or feature is None:
            return None
        return feature.after_draw(self.state, self.dealt, self.held, drawn, self.plays_feature)

    def spin(self, settled: tuple[tuple[PayCategory, int], ...], rng: RandomLike) -> tuple[int, ...]:
        """The wheel's prize for each settled hand (0 where it does not spin), drawn now, in order."""
        feature = self.paytable.feature
        if feature is None or not feature.trigger or not self.plays_feature:
            return (0,) * len(settled)
        return tuple(spin(feature, rng) * self.multiplier if category in feature.trigger else 0
                     for category, _ in settled)
