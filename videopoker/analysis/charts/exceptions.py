"""Exceptions under a chart line, penalty-card style: "except with a card of its suit thrown: AQ
unsuited" under "QT suited".

A line of patterns cannot say that a discarded card changes the best hold, yet that is what keeps
the whole chart from perfect play: QT suited loses to AQ unsuited when a card of its suit is thrown
(it spoils the flush), KT suited to the king alone when a nine is thrown.  Published charts say
these as exceptions under the line.  An exception here is a few *conditions* on the cards the
line's hold throws away (all must hold; none: whenever the hand has the exception's pattern) and the
patterns to keep instead; a hand the line plays, that meets the conditions and has a hold of one of
those patterns, keeps the first such hold in the chart's tie order.  The line still plays the hand:
the trainer names it.

The conditions are the penalty cards players learn, each with its negation: a card of its suit
thrown (a flush penalty), a thrown card in its straight (a straight penalty), a thrown card that
pairs one of it, and a given rank thrown.  They are evaluated in numpy for many hands at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from videopoker.deck.cards import RANK_SYMBOLS
from videopoker.rules.lookup import JOKER_RANK, Game

#: The conditions' words, each code's; a code's negation is the code with the NOT bit.
_RANK_WORDS = tuple({"T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(symbol, symbol)
                    for symbol in RANK_SYMBOLS)
SUIT_THROWN, STRAIGHT_THROWN, PAIR_THROWN = 0, 1, 2
FIRST_RANK = 3
NOT = 1 << 5
_WORDS = {SUIT_THROWN: ("a card of its suit thrown", "no card of its suit thrown"),
          STRAIGHT_THROWN: ("a thrown card in its straight", "no thrown card in its straight"),
          PAIR_THROWN: ("a thrown card that pairs it", "no thrown card that pairs it"),
          **{FIRST_RANK + place: (f"{'an' if word in ('ace', '8') else 'a'} {word} thrown", f"no {word} thrown")
             for place, word in enumerate(_RANK_WORDS)}}
CONDITIONS = tuple(code | negated * NOT for code in _WORDS for negated in (0, 1))


def condition_text(code: int) -> str:
    return _WORDS[code & ~NOT][bool(code & NOT)]


#: Words → condition, as a chart file says them.
CONDITION_WORDS = {condition_text(code): code for code in CONDITIONS}


@dataclass(frozen=True)
class LineException:
    """Under a line: when every condition holds of what the line's hold throws, keep a hold of one of
    ``patterns`` instead (the first in the chart's tie order)."""

    conditions: tuple[int, ...]
    patterns: tuple[int, ...]

    def condition_words(self) -> str:
        """``with a card of its suit thrown and a nine thrown``; nothing when there is no condition."""
        return f" with {' and '.join(condition_text(code) for code in self.conditions)}" if self.conditions else ""


def conditions_met(game: Game, hands: npt.NDArray[np.uint8], masks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """(condition codes, hands): whether each condition holds of sorted ``hands`` (n, 5) of places in
    ``game``'s deck when the hold ``masks`` (bit p: the p-th card kept) is the line's.  Jokers have
    no rank nor suit; a fifth ace is an ace of a suit no other card has."""
    cards = hands.astype(np.intp)
    ranks, suits = game.place_ranks.take(cards), game.place_suits.take(cards)  # ranks 0 (a deuce) .. 12 (an ace)
    real = ranks < JOKER_RANK
    kept = ((masks[:, None] >> np.arange(5)) & 1).astype(bool)
    thrown = ~kept & real
    held = kept & real
    ranks = ranks.clip(0, 12)
    low, high = np.where(held, suits, 4).min(axis=1), np.where(held, suits, -1).max(axis=1)
    one_suit = (held.sum(axis=1) >= 2) & (low == high)
    suit_thrown = one_suit & (thrown & (suits == high[:, None])).any(axis=1)
    held_ranks = np.zeros((len(cards), 13), dtype=bool)
    every = np.arange(len(cards))
    for place in range(5):
        held_ranks[every, ranks[:, place]] |= held[:, place]
    pairs = (thrown & np.take_along_axis(held_ranks, ranks, axis=1)).any(axis=1)
    straight = _in_straight(held_ranks, ranks, thrown)
    rank_thrown = [(thrown & (ranks == rank)).any(axis=1) for rank in range(13)]
    met = np.empty((len(CONDITIONS), len(cards)), dtype=bool)
    base = {SUIT_THROWN: suit_thrown, STRAIGHT_THROWN: straight, PAIR_THROWN: pairs,
            **{FIRST_RANK + rank: rank_thrown[rank] for rank in range(13)}}
    for row, code in enumerate(CONDITIONS):
        met[row] = ~base[code & ~NOT] if code & NOT else base[code]
    return met


def _in_straight(held_ranks: npt.NDArray[np.bool_], ranks: npt.NDArray[np.int64],
                 thrown: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Whether a thrown card of a rank the hold lacks would still leave it inside some straight."""
    # the ten straights as rank masks over 0..12 (the wheel: A 2 3 4 5)
    windows = np.zeros((10, 13), dtype=bool)
    windows[0, [12, 0, 1, 2, 3]] = True
    for low in range(9):
        windows[low + 1, low:low + 5] = True
    has_held = held_ranks.any(axis=1)
    fits = ~(held_ranks[:, None, :] & ~windows[None, :, :]).any(axis=2)  # (hands, windows): holds' ranks inside
    found = np.zeros(len(ranks), dtype=bool)
    for place in range(5):
        rank = ranks[:, place]
        fresh = thrown[:, place] & ~np.take_along_axis(held_ranks, rank[:, None], axis=1)[:, 0]
        inside = (fits & windows[:, rank].T).any(axis=1)
        found |= fresh & inside & has_held
    return found


def parse_conditions(text: str) -> tuple[int, ...] | None:
    """``with a card of its suit thrown and a nine thrown`` → its codes ("" → none); None when a
    condition is not one of :data:`CONDITION_WORDS`."""
    text = " ".join(text.split()).lower()
    if not text:
        return ()
    if not text.startswith("with "):
        return None
    codes = [CONDITION_WORDS.get(part.strip()) for part in text[5:].split(" and ")]
    return None if any(code is None for code in codes) else tuple(code for code in codes if code is not None)
