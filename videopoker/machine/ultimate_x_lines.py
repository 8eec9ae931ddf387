"""Ultimate X on the machine: each line's multiplier, carried from one round to the next.

A machine keeps the multipliers of every Ultimate X table it has played, for each number of
hands (a Triple Play and a Ten Play cabinet are different machines, each with its own lines).  A
round is dealt under its lines' multipliers, at any bet, and pays each hand's win times its
line's.  At the feature bet a winning hand earns its line the multiplier of that hand for the
next round, and a losing one 1X; a round below the feature bet leaves every line at 1X after it.
The multipliers are saved in the wallet with every round, so they survive a kill -9 and wait for
the next session, as a machine's wait for the next player.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from videopoker.errors import GameError
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.ultimate_x import MAX_LINE_MULTIPLIER, UltimateX
from videopoker.rules.definition import PayCategory


def is_ultimate_x(paytable: Paytable) -> bool:
    return paytable.feature is not None and isinstance(paytable.feature, UltimateX)


def offers(paytable: Paytable, hands: int) -> bool:
    """Whether the table plays Ultimate X at ``hands`` hands a round (its multipliers are given for it)."""
    feature = paytable.feature
    return isinstance(feature, UltimateX) and hands in feature.offered_lines


def machine_key(reference: str, hands: int) -> str:
    """Whose multipliers these are: one table (by its reference), at one number of hands."""
    return f"{reference}@{hands}"


def fresh(hands: int) -> tuple[int, ...]:
    return (1,) * hands


def check_lines(paytable: Paytable, hands: int, lines: Sequence[int]) -> None:
    """A :class:`GameError` unless ``lines`` can be the multipliers of a round of ``hands`` hands."""
    if not lines:
        return
    if not offers(paytable, hands):
        raise GameError(f"{paytable.name!r} has no Ultimate X lines at {hands} hands a round")
    if len(lines) != hands or not all(isinstance(m, int) and 1 <= m <= MAX_LINE_MULTIPLIER for m in lines):
        raise GameError(f"a round of {hands} hands has {hands} line multipliers of 1..{MAX_LINE_MULTIPLIER}X, "
                        f"got {list(lines)}")


def earned(paytable: Paytable, plays_feature: bool, categories: Sequence[PayCategory]) -> tuple[int, ...]:
    """Each line's multiplier for the next round, from the hands it made this round."""
    feature = paytable.feature
    if not isinstance(feature, UltimateX) or not plays_feature:
        return fresh(len(categories))
    table = feature.line_multipliers(len(categories))
    return tuple(table.get(category, 1) for category in categories)


def found_value(paytable: Paytable, lines: Sequence[int]) -> Fraction:
    """What one round at max_coins a hand is worth, net of its bet, on lines found with these
    multipliers: it pays them and earns none, so it plays the base game's holds (exact, in coins)."""
    from videopoker.analysis.solve.exact import analyze

    bet = paytable.max_coins
    return sum(lines) * analyze(paytable).rtp * bet - len(lines) * bet
