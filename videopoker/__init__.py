"""videopoker: a video poker machine for the terminal with an exact return-to-player engine.

The modules live in rooms (subpackages) named for what they hold; see the manual, "How the code is
laid out".  Modules that stood at the root before the rooms still import by their old names
(``videopoker.cards``, ``videopoker.session``, ...) with a :class:`DeprecationWarning` naming the
new one, so a script written against them keeps working.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType

__version__ = "0.1.0"

#: Where each module that stood at the root lives now.
MOVED = {
    "home": "storage.home", "files": "storage.files", "yamlfile": "storage.yamlfile",
    "remembered": "storage.remembered", "wallet": "storage.wallet", "usertext": "storage.usertext",
    "cards": "deck.cards", "suits": "deck.suits", "combos": "deck.combos",
    "hands": "rules.hands", "lookup": "rules.lookup", "evaluate": "rules.evaluate",
    "game": "machine.game", "round": "machine.round", "settled": "machine.settled",
    "pay_order": "machine.pay_order", "double_up": "machine.double_up", "training": "machine.training",
    "wallet_content": "machine.wallet_content", "session": "player.session",
}


class _OldPaths(MetaPathFinder, Loader):
    """Answers an old module path with the module where it lives now (asked only when no other
    finder knows the name, so it costs nothing to any other import)."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        package, _, old = fullname.partition(".")
        if package != __name__ or old not in MOVED:
            return None
        return ModuleSpec(fullname, self)

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # a placeholder; exec_module puts the real module in its place

    def exec_module(self, module: ModuleType) -> None:
        new = f"{__name__}.{MOVED[module.__name__.partition('.')[2]]}"
        warnings.warn(f"{module.__name__} is now {new}", DeprecationWarning, stacklevel=2)
        sys.modules[module.__name__] = importlib.import_module(new)


sys.meta_path.append(_OldPaths())

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
