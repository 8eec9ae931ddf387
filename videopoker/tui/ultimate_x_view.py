"""How the machine's glass shows Ultimate X: each line's multiplier, and what a round earned them.

The message line names the lines' multipliers, the dealt (bottom) hand's first, while a hand is
dealt; after a round at the feature bet it says what each line carries into the next one
(``NEXT HAND 12X 1X 2X``); between rounds, multipliers waiting on the lines come with what one
round at max_coins a hand nets on them, the figure an advantage player works out by hand.  Each
upper hand's line starts with its own multiplier.
"""

from __future__ import annotations

from collections.abc import Sequence

from videopoker.machine.game import MachineState, Phase
from videopoker.machine.training import ready
from videopoker.machine.ultimate_x_lines import found_value


def times(lines: Sequence[int]) -> str:
    """``12X 1X 1X``: the lines' multipliers, the bottom hand's first."""
    return " ".join(f"{multiplier}X" for multiplier in lines)


def lines_message(state: MachineState) -> str | None:
    """The message line of an Ultimate X machine, or None where the usual one serves."""
    feature = state.paytable.feature
    if state.phase is Phase.DEALT and state.lines:
        return f"HOLD, THEN DRAW · LINES {times(state.lines)}"
    if state.phase is not Phase.IDLE or feature is None:
        return None
    last = state.last
    if last is not None and last.lines and last.hands == state.hands:
        won = f"WIN {last.win:,} · " if last.win else ""
        if any(multiplier > 1 for multiplier in last.earned):
            return f"{won}NEXT HAND {times(last.earned)}"
        return None
    if state.lines and any(multiplier > 1 for multiplier in state.lines):
        waiting = f"LINES {times(state.lines)} WAITING"
        if not ready(state.paytable):  # the value waits for the tables the machine loads at start
            return waiting
        value = float(found_value(state.paytable, state.lines))
        return f"{waiting} · A ROUND AT {state.paytable.max_coins} NETS {value:+,.2f}"
    return None


def line_prefix(state: MachineState, hand: int) -> str:
    """What starts hand ``hand``'s line (0 is the dealt hand): its multiplier, where lines are played."""
    last = state.last
    if state.phase is Phase.IDLE and last is not None and last.lines and last.hands == state.hands:
        return f"{last.lines[hand]:>2}X "
    return f"{state.lines[hand]:>2}X " if state.lines else ""


def earned_suffix(state: MachineState, hand: int) -> str:
    """`` → 12X`` after a hand that earned its line a multiplier for the next round."""
    last = state.last
    if state.phase is not Phase.IDLE or last is None or not last.earned or last.earned[hand] == 1:
        return ""
    return f" → {last.earned[hand]}X"
