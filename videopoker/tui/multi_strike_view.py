"""How the machine's glass shows Multi-Strike: the stack of levels, top first, played up.

Each level's line starts with its multiplier.  A level played shows its final hand and what it
paid (and ``FREE RIDE`` where its deal brought one); the level in play is the big hand below, its
line saying so; the levels above it wait face down.  The message line names the level in play and
its free ride.
"""

from __future__ import annotations

from rich.text import Text

from videopoker.machine.game import MachineState, Phase
from videopoker.machine.multi_strike_levels import LevelPlayed, levels_of
from videopoker.tui.hand_text import LOST, WON, hand_line

RIDE = "bold black on yellow"


def stacked(state: MachineState) -> bool:
    """Whether the glass shows a stack: a Multi-Strike table at its feature bet, or its last round."""
    if not levels_of(state.paytable):
        return False
    last = state.last
    return state.level > 0 or (state.phase is Phase.IDLE and last is not None and bool(last.levels)) or \
        state.paytable.plays_feature(state.bet)


def stack_lines(state: MachineState) -> list[Text]:
    """One line a level, the top first."""
    levels = levels_of(state.paytable)
    last = state.last
    played: tuple[LevelPlayed, ...] = state.below if state.level else (
        last.levels if state.phase is Phase.IDLE and last is not None else ())
    lines = []
    for level in range(len(levels), 0, -1):
        prefix = f"{levels[level - 1]:>2}X "
        if level <= len(played):
            done = played[level - 1]
            result = Text(f"{state.paytable.game.label(done.category)} {done.win:,}", style=WON) if done.win \
                else Text("—", style=LOST)
            if done.free_ride:
                result.append(" FREE RIDE", style=RIDE)
            lines.append(hand_line(done.final, state.paytable, result, prefix))
        elif level == state.level:
            here = Text("◀ IN PLAY", style=WON)
            if state.free_ride:
                here.append(" FREE RIDE", style=RIDE)
            lines.append(hand_line((None,) * 5, state.paytable, here, prefix))
        else:
            lines.append(hand_line((None,) * 5, state.paytable, None, prefix))
    return lines


def stack_message(state: MachineState) -> str | None:
    """The message line of a Multi-Strike machine, or None where the usual one serves."""
    if state.phase is Phase.DEALT and state.level:
        ride = " · FREE RIDE: THE NEXT LEVEL IS OPEN" if state.free_ride else ""
        return f"LEVEL {state.level} · {state.multiplier}X · HOLD, THEN DRAW{ride}"
    last = state.last
    if state.phase is Phase.IDLE and last is not None and last.levels:
        reached = len(last.levels)
        return (f"WIN {last.win:,} OVER {reached} LEVEL{'S' if reached > 1 else ''}" if last.win
                else f"GAME OVER AT LEVEL {reached}")
    return None
