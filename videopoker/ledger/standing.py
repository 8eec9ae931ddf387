"""Where the player stands: the chance of ever going broke from the credits on the meter now,
playing the table and bet the wallet holds for its next deal forever, perfectly (``history``).

It is worked out where a round's law is known: a plain table's round of any hands, a hand of a
round-by-round feature table, a Multi-Strike stack; elsewhere (Ultimate X) it says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from videopoker.errors import VideoPokerError
from videopoker.machine.wallet_content import peek_saved
from videopoker.paytable import resolve_paytable


@dataclass(frozen=True)
class Standing:
    """The lifetime risk from the credits the wallet holds now."""

    credits: int
    paytable: str
    coins: int                          # a hand
    hands: int                          # a round
    risk: tuple[float, float] | None    # lower and upper bound; None: not worked out
    why: str = ""                       # why not

    def line(self) -> str:
        """One line of at most 80 columns (the upper bound of a risk known between two)."""
        from videopoker.analysis.session.lifetime import chance_text

        each = f"{self.coins} a hand" if self.hands == 1 else f"{self.hands} hands of {self.coins}"
        where = f"From your {self.credits:,} credits now at {each}"
        if self.risk is None:
            return f"{where}: {self.why}"
        low, high = (chance_text(bound) for bound in self.risk)
        return f"{where}: broke some day {high if low == high else '≤ ' + high}"

    def to_json(self) -> dict[str, Any]:
        return {"credits": self.credits, "paytable": self.paytable, "coins": self.coins, "hands": self.hands,
                "risk": None if self.risk is None else self.risk[1],
                "risk_bounds": None if self.risk is None else list(self.risk), "why": self.why}


def standing(home: Path) -> Standing | None:
    """Where the wallet of ``home`` stands (None without a wallet that can be read)."""
    from videopoker.analysis.session.bankroll import lifetime_of, session_law

    peeked = peek_saved(home)
    if peeked is None:
        return None
    saved = peeked[1]
    try:
        paytable = resolve_paytable(saved.paytable)
    except VideoPokerError:
        return None
    try:
        lifetime = lifetime_of(session_law(paytable, saved.bet, saved.hands))
    except VideoPokerError:
        return Standing(saved.credits, paytable.name, saved.bet, saved.hands, None,
                        "not worked out for this game yet")  # Bonus Streak; Ultimate X past 3 hands
    return Standing(saved.credits, paytable.name, saved.bet, saved.hands, lifetime.risk(saved.credits))
