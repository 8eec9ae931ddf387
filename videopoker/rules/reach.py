"""Which entries of a game no hand can ever be paid as: the one check a definition needs its table for.

Every hand the deck can deal is judged, one per class of hands equal up to renaming suits (the
game cannot tell them apart; :mod:`videopoker.deck.suits`); an entry none of them lands on is dead.
Where some hand does make it, the entry that takes those hands first is named, so the fix is
plain ("move it above").
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from videopoker.deck.suits import suit_classes
from videopoker.rules.definition import GameDefinition
from videopoker.rules.lookup import Game, _MadeTable


def unreachable(definition: GameDefinition) -> list[tuple[str, str | None]]:
    """Each dead entry's key and the key of the entry above that takes its hands (None: no hand makes it)."""
    game = Game("check", definition)
    hands, _ = suit_classes(game.deck_size, definition.symmetries)
    paid = np.bincount(game.evaluate_batch(hands), minlength=len(game.categories))
    placed = game.placed
    ordered = {} if placed is None else placed.dead  # an ordered entry is met in place, never as a set
    dead = [index for index in range(len(definition.hands))
            if paid[index] == 0 and definition.hands[index].order is None]
    keys = definition.keys
    dead_in_place = [(keys[index], None if taker is None else keys[taker]) for index, taker in ordered.items()]
    if not dead:
        return dead_in_place
    made = _MadeTable(game)
    takers: dict[int, Counter[int]] = {index: Counter() for index in dead}
    for jokers, deck_wilds, suited, named, naturals, _ in game._blocks():
        reached = made.reachable(naturals, jokers, deck_wilds, suited, named)
        best = made.best(naturals, jokers, deck_wilds, suited, named)
        for index in dead:
            takers[index].update(int(b) for b in best[reached[:, index]] if b < index)
    return dead_in_place + [(keys[index], keys[takers[index].most_common(1)[0][0]] if takers[index] else None)
                            for index in dead]
