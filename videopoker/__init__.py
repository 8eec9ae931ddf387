"""videopoker: a video poker machine for the terminal with an exact return-to-player engine.

The modules live in rooms (subpackages) named for what they hold; see the manual, "How the code is
laid out".  The public surface is the command line and the API below (``import videopoker as vp``):
a module's path inside the package is not part of it.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

#: The Python API (:mod:`videopoker.api`), reached as ``videopoker.analyze`` and so on: loaded on
#: first use, so that no command starts slower for it.
API = ("load", "analyze", "hint", "simulate", "bankroll", "sweep", "history", "AnalysisResult", "HintResult",
       "SimulationResult", "BankrollResult", "SweepResult", "HistoryResult")


def __getattr__(name: str) -> object:
    if name in API:
        return getattr(importlib.import_module(f"{__name__}.api"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *API])
