"""The ``--set KEY=PAY`` syntax: reprice a category per coin, or give its totals for each bet.

The same limit as a file applies (:data:`videopoker.paytable.pays.MAX_PAY`), so a table made on the
command line is exactly as safe to analyse as one read from disk.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from videopoker.errors import PaytableError
from videopoker.paytable.pays import MAX_PAY, Paytable, amount_problem, per_coin_totals
from videopoker.rules.definition import PayCategory
from videopoker.storage.usertext import quote

#: ASCII digits only: ``str.isdigit`` also accepts ``²`` and other digits ``int`` cannot read.
_DIGITS = re.compile(r"[0-9]+")
#: Digits enough for any pay up to the limit; longer text is refused before it becomes a number.
_MOST_DIGITS = len(str(MAX_PAY * 100))


def parse_pay_setting(text: str, paytable: Paytable) -> tuple[PayCategory, tuple[int, ...]]:
    """Read ``KEY=PAY`` (per coin) or ``KEY=T1,T2,...`` (totals for 1..max_coins coins).

    >>> from videopoker.paytable.names import resolve_paytable
    >>> parse_pay_setting("full_house=8", resolve_paytable("jacks-or-better-9-6"))
    ('full_house', (8, 16, 24, 32, 40))
    """
    key, equals, value = text.partition("=")
    key = key.strip()
    if not equals or key not in paytable.game.paying:
        raise PaytableError(f"--set {quote(text)}: write KEY=PAY with KEY one of "
                            f"{', '.join(paytable.game.paying)}")
    parts = [part.strip() for part in value.split(",")]
    if len(parts) not in (1, paytable.max_coins) or not all(_DIGITS.fullmatch(part) for part in parts):
        raise PaytableError(f"--set {quote(text)}: PAY must be a whole number of coins ≥ 0 per coin, or "
                            f"{paytable.max_coins} totals separated by commas")
    per_coin = len(parts) == 1
    for coins, part in enumerate(parts, start=1):
        bet = 1 if per_coin else coins
        problem = "is too long" if len(part) > _MOST_DIGITS else amount_problem(int(part), bet)
        if problem:
            raise PaytableError(f"--set {quote(text)}: the pay {quote(part, 12)} {problem}")
    amounts = [int(part) for part in parts]
    if per_coin:
        return key, per_coin_totals(amounts[0], paytable.max_coins)
    return key, tuple(amounts)


def apply_settings(paytable: Paytable, settings: Iterable[str]) -> Paytable:
    """``paytable`` with each ``KEY=PAY`` setting applied, or itself when there are none."""
    changes = dict(parse_pay_setting(text, paytable) for text in settings)
    return paytable.with_pays(changes) if changes else paytable
