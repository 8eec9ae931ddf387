"""Paytables: YAML files that price each pay category, read strictly and written back faithfully.

This module is the one name the rest of the program imports; each job lives in its own module:

- :mod:`videopoker.paytable.pays`: the :class:`Paytable` value and the limit on a pay;
- :mod:`videopoker.paytable.checking`: validation, every problem with its ``file:line:col``;
- :mod:`videopoker.paytable.names`: which file a name means (yours first, then the shipped ones);
- :mod:`videopoker.paytable.settings`: the ``--set KEY=PAY`` syntax;
- :mod:`videopoker.paytable.writing`: a repriced copy, comments kept, saved atomically (imported where
  a file is written, so a command that only reads starts without it).
"""

from __future__ import annotations

from videopoker.paytable.names import (
    DEFAULT_PAYTABLE,
    SHIPPED_DIR,
    find_paytable,
    is_shipped,
    paytable_files,
    paytable_reference,
    resolve_paytable,
    user_dir,
)
from videopoker.paytable.pays import (
    DEFAULT_MAX_COINS,
    MAX_COINS_LIMIT,
    MAX_PAY,
    MOST_WIN,
    Paytable,
    Progressive,
    amount_problem,
    max_total,
    per_coin_of,
    per_coin_totals,
)
from videopoker.paytable.remembered import load_paytable
from videopoker.paytable.settings import apply_settings, parse_pay_setting
from videopoker.storage.yamlfile import MAX_DEPTH, MAX_FILE_BYTES, parse_document, read_document, read_text

__all__ = [
    "DEFAULT_MAX_COINS", "DEFAULT_PAYTABLE", "MAX_COINS_LIMIT", "MAX_DEPTH", "MAX_FILE_BYTES",
    "MAX_PAY", "MOST_WIN", "SHIPPED_DIR", "Paytable", "Progressive", "amount_problem",
    "apply_settings",
    "find_paytable", "is_shipped", "load_paytable", "max_total", "parse_document",
    "parse_pay_setting", "paytable_files", "paytable_reference", "per_coin_of", "per_coin_totals", "read_document",
    "read_text",
    "resolve_paytable", "user_dir",
]
