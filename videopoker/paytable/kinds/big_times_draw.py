"""Big Times Draw: the top card dealt, aces low, multiplies the round's wins."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from videopoker.paytable.feature import ACE_LOW, MAX_MULTIPLIER, TOP_RANK_NAMES, Feature, Weights
from videopoker.paytable.feature_reading import Reading, number, read_coins
from videopoker.paytable.pays import is_whole
from videopoker.rules.definition import PayCategory
from videopoker.storage.yamlfile import describe, key_position, key_text, value_position

RANK_WORDS = {**{name: rank for rank, name in TOP_RANK_NAMES.items()}, "T": 10}


@dataclass(frozen=True)
class BigTimesDraw(Feature):
    """``by_top_rank`` maps a top rank, aces low, to its multiplier."""

    by_top_rank: tuple[tuple[int, int], ...] = ()

    kind: ClassVar[str] = "big times draw"
    KEYS: ClassVar[tuple[str, ...]] = ("kind", "coins", "multipliers")
    EXAMPLE: ClassVar[str] = "{kind: big times draw, coins: 10, multipliers: {2: 10, 3: 9, …, K: 1}}"
    depends_on_cards: ClassVar[bool] = True

    @classmethod
    def read(cls, spec: Mapping[Any, Any], reading: Reading) -> BigTimesDraw | None:
        coins = read_coins(spec, reading)
        by_rank = _by_top_rank(spec, reading)
        return None if by_rank is None else cls(coins, by_top_rank=by_rank)

    def settings_json(self) -> dict[str, Any]:
        return {"multipliers": {TOP_RANK_NAMES[rank]: m for rank, m in self.by_top_rank}}

    def lines(self, label: Callable[[PayCategory], str] = str) -> list[str]:
        return [f"{self.head}: the top card dealt (aces low) multiplies wins",
                "  ".join(f"{TOP_RANK_NAMES[rank]}:{m}X" for rank, m in self.by_top_rank)]

    def deal_multipliers(self, top: int | None) -> Weights:
        return ((dict(self.by_top_rank).get(top if top is not None else ACE_LOW, 1), 1),)  # 1X: a rank never on top


def _rank(key: Any) -> int | None:
    """The top rank a multiplier table's key names: 2..10 as numbers, or J, Q, K, A (T for 10)."""
    read = number(key)
    if read is not None:
        return read if 2 <= read <= 10 else None
    return RANK_WORDS.get(key) if isinstance(key, str) else None


def _by_top_rank(spec: Mapping[Any, Any], reading: Reading) -> tuple[tuple[int, int], ...] | None:
    add = reading.add
    table = spec.get("multipliers")
    place = value_position(spec, "multipliers")
    if not isinstance(table, Mapping):
        add(place, f"big times draw multipliers must map each rank that can be the highest card dealt (aces low) "
            f"to its multiplier, like {{2: 10, 3: 9, …, K: 1}}, got {describe(table)}")
        return None
    with_ace = reading.game is not None and reading.game.jokers > 0
    needed = [rank for rank in TOP_RANK_NAMES if rank != ACE_LOW or with_ace]
    seen: dict[int, Any] = {}
    problems = False
    for key, multiplier in table.items():
        rank = _rank(key)
        if rank is None:
            add(key_position(table, key), f"big times draw multipliers: {key_text(key)} is not a rank; use 2..10, "
                f"J, Q, K" + (" and A" if with_ace else ""))
            problems = True
            continue
        if rank in seen:
            add(key_position(table, key), f"big times draw multipliers: rank {TOP_RANK_NAMES[rank]} is given twice "
                f"({key_text(seen[rank])} and {key_text(key)}); give each rank once")
            problems = True
            continue
        seen[rank] = key
        if rank == ACE_LOW and not with_ace:
            add(key_position(table, key), "big times draw multipliers: A is never the highest card dealt (aces are "
                "low, and without jokers five cards are never all aces); remove it")
            problems = True
        if not is_whole(multiplier) or not 1 <= multiplier <= MAX_MULTIPLIER:
            add(value_position(table, key), f"big times draw multiplier for {TOP_RANK_NAMES[rank]} must be a whole "
                f"number 1..{MAX_MULTIPLIER}, got {describe(multiplier)}")
            problems = True
    missing = [rank for rank in needed if rank not in seen]
    if missing:
        why = " (with jokers, four aces and a joker are topped by an ace)" if ACE_LOW in missing else ""
        names = ", ".join(TOP_RANK_NAMES[rank] for rank in missing)
        add(place, f"big times draw multipliers miss {names}{why}: give a "
            f"multiplier for every rank that can be the highest card dealt, aces low")
        problems = True
    if problems:
        return None
    return tuple((rank, int(table[seen[rank]])) for rank in sorted(seen))
