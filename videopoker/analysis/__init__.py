"""Exact analysis: pure functions of a paytable, built on numpy (no screen, no state).

The names below are reached lazily, so a command that needs one module of the analysis (a hint
needs no return table) does not start slower for the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from videopoker.analysis.solve.exact import Analysis, ReturnRow, analyze
    from videopoker.analysis.solve.hint import HoldChoice, best_holds

_HOMES = {"Analysis": "solve.exact", "ReturnRow": "solve.exact", "analyze": "solve.exact", "HoldChoice": "solve.hint",
          "best_holds": "solve.hint"}
__all__ = ["Analysis", "HoldChoice", "ReturnRow", "analyze", "best_holds"]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
