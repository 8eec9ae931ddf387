"""A game definition read the slow, plain way: every value of every wild card tried, each entry
judged with a Counter and an if-chain.  Shares no code with :mod:`videopoker.rules.hands` or
:mod:`videopoker.rules.lookup`, so where both agree the compiled table means what the file says."""

from __future__ import annotations

import itertools
from collections import Counter

from videopoker.rules.definition import GameDefinition, HandSpec

ACE = 14


def _straight(ranks: list[int]) -> bool:
    distinct = sorted(set(ranks))
    return len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [2, 3, 4, 5, ACE])


def _holds(spec: HandSpec, ranks: list[int], suited: bool, wilds: int, deck_wilds: int,
           naturals: list[int], cards: list[int]) -> bool:
    made = spec.made.value
    if spec.holding is not None and not set(cards) & spec.holding:
        return False
    if spec.natural and wilds:
        return False
    if made != "wild cards" and spec.count is not None and wilds != spec.count:
        return False
    if made == "wild cards":
        counted = deck_wilds if spec.ranks is not None else wilds
        if counted != spec.count:
            return False
        return spec.kicker is None or (len(naturals) == 1 and naturals[0] in spec.kicker)
    count = Counter(ranks)
    shape = sorted(count.values(), reverse=True)
    group = spec.ranks if spec.ranks is not None else set(range(2, ACE + 1))
    if made == "royal flush":
        return suited and _straight(ranks) and min(ranks) == 10
    if made == "straight flush":
        return suited and _straight(ranks)
    if made == "flush":
        return suited
    if made == "straight":
        return _straight(ranks)
    if made == "two pair":
        return len(shape) >= 2 and shape[0] >= 2 and shape[1] >= 2
    if made == "full house":
        return shape == [3, 2] and any(n == 3 and r in group for r, n in count.items())
    if spec.sides_add_up:  # 3-6-9-9-9: the two odd cards add up to the trips' rank, aces 1, faces never
        trips = [r for r, n in count.items() if n == 3 and r in group and r <= 10]
        sides = [r for r, n in count.items() for _ in range(n) if n != 3]
        return shape[0] == 3 and bool(trips) and all(r <= 10 or r == ACE for r in sides) and \
            sum(1 if r == ACE else r for r in sides) == trips[0]
    size = {"five of a kind": 5, "four of a kind": 4, "three of a kind": 3, "pair": 2}[made]
    if spec.kicker is None and spec.kicker_cards is None:
        return any(n >= size and r in group for r, n in count.items())
    if not (shape == [4, 1] and any(n == 4 and r in group for r, n in count.items())):
        return False
    odd = next(r for r, n in count.items() if n == 1)
    # the odd card named by suit: a card of the hand of that rank, the only one (not a wild card's value)
    named = any(card // 4 + 2 == odd for card in cards if card in (spec.kicker_cards or ()))
    return odd in (spec.kicker or ()) or named


def _in_order(spec: HandSpec, cards: list[int]) -> bool:
    """Whether the cards, in their places, show ``spec.order`` side by side (either way if reversible)."""
    if spec.order is None:
        return True
    readings = [list(spec.order), list(reversed(spec.order))] if spec.reversible else [list(spec.order)]
    for reading in readings:
        for start in range(len(cards) - len(reading) + 1):
            shown = cards[start:start + len(reading)]
            if all(card // 4 + 2 == slot.rank and slot.suit in (None, card % 4) for card, slot in zip(shown, reading)):
                return True
    return False


def brute_category(definition: GameDefinition, cards: list[int]) -> str:
    """The key of the first entry the five card indices, in their places, can make, or ``nothing``."""
    wild = definition.wild_card_indices
    naturals = [c for c in cards if c not in wild]
    wilds = len(cards) - len(naturals)
    jokers = sum(1 for c in cards if definition.deck[c].is_joker)
    # a fifth ace (the place after the 52, in a game without wild cards) is an ace of a fifth suit, the star
    natural_ranks = [ACE if c >= 52 else c // 4 + 2 for c in naturals]
    suited = len({"star" if c >= 52 else c % 4 for c in naturals}) <= 1
    best = len(definition.hands)
    for values in itertools.combinations_with_replacement(range(2, ACE + 1), wilds):
        ranks = natural_ranks + list(values)
        for index, spec in enumerate(definition.hands[:best]):
            if _holds(spec, ranks, suited, wilds, wilds - jokers, natural_ranks, naturals) and _in_order(spec, cards):
                best = index
                break
    return definition.keys[best] if best < len(definition.hands) else "nothing"
