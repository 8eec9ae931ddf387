"""What the Python API returns: frozen, typed values, each holding the command line's JSON.

Every result keeps the JSON its command prints with ``--json`` and gives it back, a fresh copy, from
:meth:`Result.to_dict`; the fields a notebook reaches for most are typed attributes beside it, and
``_repr_html_`` draws the result as a table in Jupyter.
"""

from __future__ import annotations

import copy
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """A result: the command line's JSON, whole, behind the typed fields of each kind."""

    data: Mapping[str, Any] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON the command prints with ``--json``, as Python values (a copy: change it freely)."""
        return copy.deepcopy(dict(self.data))

    def _table(self) -> tuple[str, Sequence[str], Sequence[Sequence[Any]]]:
        """A title, headings and rows for ``_repr_html_``."""
        return type(self).__name__, ("key", "value"), [(key, value) for key, value in self.data.items()
                                                      if not isinstance(value, (list, dict))]

    def _repr_html_(self) -> str:
        title, headings, rows = self._table()
        head = "".join(f"<th>{html.escape(str(heading))}</th>" for heading in headings)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(cell))}</td>" for cell in row) + "</tr>"
                       for row in rows)
        return f"<table><caption>{html.escape(title)}</caption><tr>{head}</tr>{body}</table>"


def _cell(value: Any) -> str:
    return f"{value:.6f}" if isinstance(value, float) else str(value)


@dataclass(frozen=True)
class AnalysisResult(Result):
    """``analyze --json``: the exact return of a table under perfect play (its feature game's at the
    feature bet), per coin of the whole bet."""

    paytable: str = ""
    game: str = ""
    coins: int = 0
    rtp: float = 0.0
    rows: tuple[Mapping[str, Any], ...] = ()

    def _table(self) -> tuple[str, Sequence[str], Sequence[Sequence[Any]]]:
        return (f"{self.paytable}: return {self.rtp:.6f} at {self.coins} coins", ("hand", "pays", "probability",
                                                                                "return"),
                [(row["category"], row["pays"], row.get("probability", 0.0), row["return"]) for row in self.rows])


@dataclass(frozen=True)
class HintResult(Result):
    """``hint --json``: every hold of a dealt hand, best first."""

    hand: str = ""
    paytable: str = ""
    holds: tuple[Mapping[str, Any], ...] = ()

    @property
    def best(self) -> Mapping[str, Any]:
        return self.holds[0]

    def _table(self) -> tuple[str, Sequence[str], Sequence[Sequence[Any]]]:
        worth = "worth" in self.holds[0]
        return (f"{self.hand} — {self.paytable}", ("rank", "hold", "ev", *(("worth",) if worth else ())),
                [(hold["rank"], hold["hold"] or "(discard all)", hold["ev"], *((hold["worth"],) if worth else ()))
                 for hold in self.holds])


@dataclass(frozen=True)
class SimulationResult(Result):
    """``simulate --json``: hands played at random against the exact return."""

    paytable: str = ""
    hands: int = 0
    rtp: float = 0.0
    standard_error: float = 0.0

    def _table(self) -> tuple[str, Sequence[str], Sequence[Sequence[Any]]]:
        return (f"{self.paytable}: {self.hands:,} hands, return {self.rtp:.6f} ± {self.standard_error:.6f}",
                ("hand", "count", "frequency", "expected"),
                [(row["category"], row["count"], row["frequency"], row["expected"]) for row in self.data["rows"]])


@dataclass(frozen=True)
class BankrollResult(Result):
    """``bankroll --json``: the exact odds of a session (None without one); ``ending`` the law of the
    ending credits (credits, chance) and ``ruin_by_hand`` the chance of being broke by hand n (n,
    chance), for a plot; ``lifetime`` the figures of playing forever (``risk``, ``bankrolls``,
    ``kelly_bankroll``, ``n0``, …)."""

    paytable: str = ""
    credits: int | None = None
    hands: int | None = None
    ruin: float | None = None
    ahead: float | None = None
    ending: tuple[tuple[int, float], ...] = field(default=(), repr=False)
    ruin_by_hand: tuple[tuple[int, float], ...] = field(default=(), repr=False)
    lifetime: Mapping[str, Any] = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class HistoryResult(Result):
    """``history --json``: every hand on record against the exact expectation."""

    hands: int = 0
    rounds: int = 0
    coin_in: int = 0
    coin_out: int = 0


@dataclass(frozen=True)
class SweepResult(Result):
    """A sweep's rows, one a table: its varied pays, then ``rtp``, ``variance``, ``standard_deviation``,
    ``hit_frequency``, ``top_cycle`` (as ``videopoker sweep -o FILE.jsonl`` writes each)."""

    paytable: str = ""
    rows: tuple[Mapping[str, float | int], ...] = ()

    def _table(self) -> tuple[str, Sequence[str], Sequence[Sequence[Any]]]:
        columns = list(self.rows[0]) if self.rows else ["rtp"]
        return f"{self.paytable}: {len(self.rows):,} tables", columns, [[row[c] for c in columns] for row in self.rows]
