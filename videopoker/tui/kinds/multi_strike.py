"""How the glass shows Multi-Strike: the stack of levels, top first, played up; and its return pane.

Each level's line starts with its multiplier.  A level played shows its final hand and what it
paid (and ``FREE RIDE`` where its deal brought one); the level in play is the big hand below, its
line saying so; the levels above it wait face down.  The message line names the level in play and
its free ride.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike
from videopoker.machine.game import MachineState, Phase
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.multi_strike import Climb, LevelPlayed, MultiStrike, Stack
from videopoker.tui.hand_text import LOST, WON, hand_line
from videopoker.tui.kinds.base import KindView, Returns, figures_row

RIDE = "bold black on yellow"
HEADERS = ("Hand", "Pays", "A round", "Rounds per", "Return")


def finished(state: MachineState) -> Stack | None:
    """The last stack, while it is on show between rounds."""
    last = state.last
    return last.state if state.phase is Phase.IDLE and last is not None and isinstance(last.state, Stack) else None


class MultiStrikeView(KindView):
    def shows_stack(self, state: MachineState) -> bool:
        """A Multi-Strike table at its feature bet, or its last round, shows the stack."""
        return isinstance(state.state, Climb) or finished(state) is not None or state.paytable.plays_feature(state.bet)

    def stack_lines(self, state: MachineState) -> list[Text]:
        assert isinstance(state.paytable.feature, MultiStrike)
        levels = state.paytable.feature.levels
        climb = state.state if isinstance(state.state, Climb) else None
        done_stack = finished(state)
        played: tuple[LevelPlayed, ...] = climb.below if climb is not None else (
            done_stack.levels if done_stack is not None else ())
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
            elif climb is not None and level == climb.level:
                here = Text("◀ IN PLAY", style=WON)
                if climb.free_ride:
                    here.append(" FREE RIDE", style=RIDE)
                lines.append(hand_line((None,) * 5, state.paytable, here, prefix))
            else:
                lines.append(hand_line((None,) * 5, state.paytable, None, prefix))
        return lines

    def message(self, state: MachineState) -> str | None:
        climb = state.state
        if state.phase is Phase.DEALT and isinstance(climb, Climb):
            ride = " · FREE RIDE: THE NEXT LEVEL IS OPEN" if climb.free_ride else ""
            return f"LEVEL {climb.level} · {state.multiplier}X · HOLD, THEN DRAW{ride}"
        done = finished(state)
        if done is not None and state.last is not None:
            reached, won = len(done.levels), state.last.win
            return (f"WIN {won:,} OVER {reached} LEVEL{'S' if reached > 1 else ''}" if won
                    else f"GAME OVER AT LEVEL {reached}")
        return None

    def returns(self, paytable: Paytable, hands: int, heard: Callable[[float, str], None]) -> Returns:
        """Its hands over the levels a round reaches, and each level's value."""
        analysis = analyze_multi_strike(paytable, heard)
        label = analysis.paytable.game.label
        rows = [figures_row(label(line.category), f"{float(line.pays):g}", f"{line.per_round:.6f}",
                            f"{line.one_in:,.1f}" if line.per_round else "—", f"{line.feature_return:.6f}")
                for line in analysis.rows]
        rows.append(figures_row("TOTAL", "", f"{sum(line.per_round for line in analysis.rows):.6f}", "",
                                f"{analysis.rtp:.6f}"))
        levels = "  ".join(f"{level.level}: {level.multiplier}X worth {level.value:.4f}" for level in analysis.levels)
        status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins, every level bet up front, holds "
                  f"chosen for each level · the base game {analysis.base_rtp * 100:.4f}% · SD "
                  f"{analysis.standard_deviation:.4f} per coin of the whole bet\n"
                  f"Reaching a level is worth, per coin of its bet: {levels}\n"
                  f"A round: final hands a round makes over its levels. The other panes play the base game.")
        return HEADERS, rows, status
