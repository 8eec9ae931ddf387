"""Quick Quads: for a coin above ``max_coins``, three of a kind of 2s to 10s whose two other cards
add up to its rank (aces count 1, faces never; a pair of them counts: 4-4-8-8-8) is paid as four of
that rank, 3-6-9-9-9 as four nines.  The table may raise what four of a kind pays at that bet
(``pays``, per coin at ``max_coins``: 8/5 Bonus Poker's 100/60/46).

A round at the feature bet is judged by the table's game with one entry more per four of a kind
the quick quads are paid as (``sides_add_up`` in the game language, :mod:`videopoker.rules`), so
the machine, the record and the exact analysis read one game: :meth:`QuickQuads.judging`.  Its
quick quads are their own rows (``quick_quads_5_10``), as the published return tables show them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any, ClassVar

from videopoker.paytable.feature import Feature
from videopoker.paytable.feature_reading import Reading, read_coins, read_pays
from videopoker.rules.definition import GameDefinition, HandSpec, Made, PayCategory, rank_word, ranks_text
from videopoker.rules.lookup import Game
from videopoker.storage.yamlfile import key_position

#: The ranks a quick quad is made of: two side cards add up to at most 10 (aces count 1).
QUICK_RANKS = tuple(range(2, 11))
#: Entries a quick quad cannot be, and that it takes the place of: it is paid as four of a kind.
_BELOW = (Made.FULL_HOUSE, Made.THREE_OF_A_KIND, Made.TWO_PAIR, Made.PAIR)


def paid_as(definition: GameDefinition, rank: int) -> HandSpec | None:
    """The entry four cards of ``rank`` are paid as when nothing beside them counts: the first four
    of a kind of that rank that names no kicker and no card (a quick quad has no fifth card)."""
    return next((spec for spec in definition.hands if spec.made is Made.FOUR_OF_A_KIND
                 and (spec.ranks is None or rank in spec.ranks) and spec.kicker is None
                 and spec.kicker_cards is None and spec.holding is None), None)


def quick_entries(definition: GameDefinition) -> list[tuple[HandSpec, PayCategory]]:
    """The game's quick quads, an entry per four of a kind they are paid as (Bonus Poker: 2s-4s and
    5s-10s), each with the key of that four of a kind."""
    entries = []
    by_key = [(rank, spec.key) for rank in QUICK_RANKS if (spec := paid_as(definition, rank)) is not None]
    several = len({key for _, key in by_key}) > 1
    for quads, group in groupby(by_key, key=lambda pair: pair[1]):
        ranks = frozenset(rank for rank, _ in group)
        key = f"quick_quads_{rank_word(min(ranks))}_{rank_word(max(ranks))}".lower() if several else "quick_quads"
        label = f"QUICK {ranks_text(ranks)}" if several else "QUICK QUADS"
        entries.append((HandSpec(key, Made.THREE_OF_A_KIND, ranks, label=label, sides_add_up=True), quads))
    return entries


@dataclass(frozen=True)
class QuickQuads(Feature):
    """``pays``: per coin at ``max_coins``, what the listed hands pay at the feature bet instead."""

    pays: tuple[tuple[PayCategory, int], ...] = ()

    kind: ClassVar[str] = "quick quads"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "pays")
    EXAMPLE: ClassVar[str] = "{kind: quick quads, coins: 6, pays: {four_aces: 100, four_2_4: 60, four_5_k: 46}}"

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> QuickQuads | None:
        coins = read_coins(spec, reading)
        pays = read_pays(spec, "quick quads pays", "at the feature bet", reading) if "pays" in spec else ()
        game = reading.game
        if game is not None:
            definition, place = game.definition, key_position(spec, "kind")
            if definition.wild_card_indices:
                reading.add(place, f"quick quads add up the cards beside three of a kind, and {game.title} has wild "
                            "cards, which add up to nothing a machine says; choose a game without wild cards")
                return None
            missing = [rank for rank in QUICK_RANKS if paid_as(definition, rank) is None]
            if missing:
                reading.add(place, f"quick quads are paid as four of a kind, and {game.title} pays no four "
                            f"{ranks_text(frozenset(missing))} without a kicker; add that hand to the game")
                return None
        return None if not coins or pays is None else cls(coins, pays)

    def settings_json(self) -> dict[str, Any]:
        return {"pays": dict(self.pays)} if self.pays else {}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        lines = [f"{self.head}: three of a kind of 2s-10s whose two other cards",
                 "add up to its rank (aces 1) is paid as four of a kind: 3-6-9-9-9"]
        if self.pays:
            lines.append("at this bet " + ", ".join(f"{label(key)} {pay:,}" for key, pay in self.pays) + " a coin")
        return lines

    def judging(self, game: Game, pays: Mapping[PayCategory, tuple[int, ...]], max_coins: int
                ) -> tuple[Game, dict[PayCategory, tuple[int, ...]]] | None:
        raised = {key: (*pays[key][:-1], pay * max_coins) for key, pay in self.pays}
        played = dict(pays) | raised
        definition = game.definition
        if any(spec.sides_add_up for spec in definition.hands):  # the game says its quick quads already
            return game, played
        quick = quick_entries(definition)
        hands = list(definition.hands)
        first_below = next((index for index, spec in enumerate(hands) if spec.made in _BELOW), len(hands))
        hands[first_below:first_below] = [spec for spec, _ in quick]
        played |= {spec.key: played[quads] for spec, quads in quick}
        return Game(game.key, replace(definition, hands=tuple(hands)), game.inline), played
