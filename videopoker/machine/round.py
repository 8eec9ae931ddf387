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

from dataclasses import dataclass, replace
from fractions import Fraction

from videopoker.deck.cards import Card, RandomLike, check_deck, check_hand, full_deck, parse_hand, take_random  # noqa: F401
from videopoker.errors import GameError
from videopoker.machine.feature_play import PLAYED_HANDS, check_bet, deal_multiplier, pay_column, spin
from videopoker.machine.multi_strike_levels import LevelPlayed, check_level, free_ride, is_multi_strike, levels_of
from videopoker.machine.ultimate_x_lines import check_lines, earned
from videopoker.paytable import Paytable, paytable_reference
from videopoker.paytable.feature import top_rank
from videopoker.rules.definition import PayCategory

HAND_SIZE = 5
#: The hands a machine deals at once: single hand, Triple, Five, Ten, Fifty and Hundred Play.
PLAY_LINES = PLAYED_HANDS


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
    lines: tuple[int, ...] = ()     # Ultimate X: each hand's line multiplier this round (none: not played)
    level: int = 0                  # Multi-Strike: the level this hand is dealt on, 1 at the bottom (0: none)
    free_ride: bool = False         # Multi-Strike: the level's deal showed a free ride
    below: tuple[LevelPlayed, ...] = ()  # Multi-Strike: the levels played under this one
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
        check_lines(self.paytable, self.hands, self.lines)
        check_level(self.paytable, self.plays_feature, self.hands, self.level, self.free_ride, self.below)
        check_deck(self.dealt, self.paytable.game.jokers, self.paytable.game.title)
        if (self.meter is None) != (self.paytable.progressive is None):
            raise GameError("a progressive table's round is dealt under its meter, and only such a round")
        feature = self.paytable.feature
        can = {1} if feature is None or not self.plays_feature else {
            m for m, _ in feature.deal_multipliers(top_rank([card.index for card in self.dealt]))}
        if self.level:
            can = {levels_of(self.paytable)[self.level - 1]}
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
             meter: Fraction | None = None, lines: tuple[int, ...] = ()) -> Round:
        """Five cards at random from a full deck of the paytable's game, then, at a feature bet,
        the multiplier the deal plays under (read from the cards, or drawn); ``lines``: the
        Ultimate X multipliers the lines carry into it."""
        feature = paytable.feature
        if feature is not None and paytable.plays_feature(bet) and is_multi_strike(paytable):
            return cls.strike(paytable, bet, rng, 1, ())
        dealt = tuple(take_random(full_deck(paytable.game.jokers), HAND_SIZE, rng))
        plays = feature is not None and paytable.plays_feature(bet) and not lines
        multiplier = deal_multiplier(feature, dealt, rng) if feature is not None and plays else 1
        return cls(paytable, bet, dealt, hands=hands, meter=meter, multiplier=multiplier, lines=lines,
                   reference=paytable_reference(paytable))

    @classmethod
    def strike(cls, paytable: Paytable, bet: int, rng: RandomLike, level: int, below: tuple[LevelPlayed, ...]) -> Round:
        """A Multi-Strike level dealt from a fresh deck, its free ride drawn on the deal."""
        dealt = tuple(take_random(full_deck(paytable.game.jokers), HAND_SIZE, rng))
        return cls(paytable, bet, dealt, multiplier=levels_of(paytable)[level - 1], level=level,
                   free_ride=free_ride(paytable, level, rng), below=below, reference=paytable_reference(paytable))

    def climbed(self, played: LevelPlayed, rng: RandomLike) -> Round | None:
        """The level above, dealt now, when ``played`` (this level, drawn) opens it; None when the round ends."""
        if not played.opens or self.level >= len(levels_of(self.paytable)):
            return None
        return replace(Round.strike(self.paytable, self.bet, rng, self.level + 1, (*self.below, played)),
                       reference=self.table_reference)

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
        dealt = {card.index for card in self.dealt}
        rest = [card for card in full_deck(self.paytable.game.jokers) if card.index not in dealt]
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
            win *= self.lines[place] if self.lines else 1
            progressive = self.paytable.progressive
            if self.jackpot and progressive is not None and meter is not None and category == progressive.hand:
                win, meter = int(meter), Fraction(progressive.base)
            results.append((category, win))
        return tuple(results), meter

    def settle(self, final: tuple[Card, ...]) -> tuple[PayCategory, int]:
        """What one final hand ``final`` is and what it pays on this round's coins per hand and fixed
        pays (a progressive meter is paid by :meth:`settle_all`)."""
        game = self.paytable.game
        category = game.categories[game.evaluate_index([card.index for card in final])]
        return category, self.paytable.pay(category, pay_column(self.paytable, self.bet)) * self.multiplier

    def earned(self, settled: tuple[tuple[PayCategory, int], ...]) -> tuple[int, ...]:
        """Ultimate X: each line's multiplier for the next round (none where the round has no lines)."""
        if not self.lines:
            return ()
        return earned(self.paytable, self.plays_feature, [category for category, _ in settled])

    def spin(self, settled: tuple[tuple[PayCategory, int], ...], rng: RandomLike) -> tuple[int, ...]:
        """The wheel's prize for each settled hand (0 where it does not spin), drawn now, in order."""
        feature = self.paytable.feature
        if feature is None or not feature.trigger or not self.plays_feature:
            return (0,) * len(settled)
        return tuple(spin(feature, rng) * self.multiplier if category in feature.trigger else 0
                     for category, _ in settled)
