"""How the glass shows Ultimate X: each line's multiplier, and what a round earned them; and its
return pane.

The message line names the lines' multipliers as the hands are shown, the upper ones from the top
down, then the main (dealt, bottom) hand's, named, while a hand is dealt; after a round at the
feature bet it says what each line carries into the next one (``NEXT HAND 1X 2X · MAIN 12X``);
between rounds, multipliers waiting on the lines come with what one round at max_coins a hand
nets on them, the figure an advantage player works out by hand.  Each upper hand's line starts
with its own multiplier.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from videopoker.analysis.features.ultimate_x.hint import found_value
from videopoker.analysis.features.ultimate_x.solve import analyze_ultimate_x
from videopoker.machine.game import MachineState, Phase
from videopoker.machine.training import ready
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.ultimate_x import Lines, UltimateX
from videopoker.rules.definition import PayCategory
from videopoker.tui.kinds.base import KindView, Returns, figures_row

HEADERS = ("Hand", "Pays", "Prob.", "1 in", "Return")


def times(lines: Sequence[int]) -> str:
    """``1X 3X · MAIN 12X``: the lines' multipliers as the glass shows the hands, the upper ones from
    the top down, then the main (dealt, bottom) hand's, named."""
    upper = " ".join(f"{multiplier}X" for multiplier in lines[1:])
    return f"{upper} · MAIN {lines[0]}X" if upper else f"MAIN {lines[0]}X"


def lines_now(state: MachineState) -> tuple[int, ...]:
    """The lines' multipliers of the round in play, or those the next deal carries in."""
    return state.state.multipliers if isinstance(state.state, Lines) else ()


def played(state: MachineState) -> Lines | None:
    """The last round's lines and what they earned, while it is on show at the same hands."""
    last = state.last
    if state.phase is Phase.IDLE and last is not None and isinstance(last.state, Lines) and last.hands == state.hands:
        return last.state
    return None


class UltimateXView(KindView):
    def awards(self, state: MachineState) -> dict[PayCategory, str]:
        """At the feature bet, the multiplier each hand earns its line (a flush 11X), beside its pay."""
        feature = state.paytable.feature
        if not isinstance(feature, UltimateX) or state.bet != feature.coins or state.hands not in feature.offered_lines:
            return {}
        return {category: f"{multiplier}X" for category, multiplier in feature.line_multipliers(state.hands).items()}

    def message(self, state: MachineState) -> str | None:
        lines = lines_now(state)
        if state.phase is Phase.DEALT and lines:
            return f"HOLD, THEN DRAW · LINES {times(lines)}"
        if state.phase is not Phase.IDLE:
            return None
        last, before = state.last, played(state)
        if last is not None and before is not None:
            won = f"WIN {last.win:,} · " if last.win else ""
            if any(multiplier > 1 for multiplier in before.earned):
                return f"{won}NEXT HAND {times(before.earned)}"
            return None
        if any(multiplier > 1 for multiplier in lines):
            waiting = f"LINES {times(lines)} WAITING"
            if not ready(state.paytable):  # the value waits for the tables the machine loads at start
                return waiting
            value = float(found_value(state.paytable, lines))
            return f"{waiting} · A ROUND AT {state.paytable.max_coins} NETS {value:+,.2f}"
        return None

    def line_prefix(self, state: MachineState, hand: int) -> str:
        before = played(state)
        if before is not None:
            return f"{before.multipliers[hand]:>2}X "
        lines = lines_now(state)
        return f"{lines[hand]:>2}X " if lines else ""

    def earned_suffix(self, state: MachineState, hand: int) -> str:
        """`` → 12X`` after a hand that earned its line a multiplier for the next round."""
        last = state.last
        earned = last.state.earned if state.phase is Phase.IDLE and last is not None and \
            isinstance(last.state, Lines) else ()
        if not earned or earned[hand] == 1:
            return ""
        return f" → {earned[hand]}X"

    def returns(self, paytable: Paytable, hands: int, heard: Callable[[float, str], None]) -> Returns:
        """Its hands over the multiplier sums as they come, at ``hands`` lines where it offers them."""
        assert isinstance(paytable.feature, UltimateX)
        offered = paytable.feature.offered_lines
        analysis = analyze_ultimate_x(paytable, hands if hands in offered else None, heard)
        label = analysis.paytable.game.label
        rows = [figures_row(label(line["category"]), f"{line['pays']:g}", f"{line['probability']:.8f}",
                            f"{line['one_in']:,.1f}" if line["probability"] else "—", f"{line['return']:.6f}")
                for line in analysis.rows()]
        rows.append(figures_row("TOTAL", "", f"{sum(analysis.frequencies):.8f}", "", f"{analysis.rtp:.6f}"))
        mean = sum(total * chance for total, chance in zip(analysis.sums, analysis.probabilities))
        status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins a hand, {analysis.lines}-play, each "
                  f"hold chosen for the sum of the lines' multipliers · the base game's holds "
                  f"{analysis.rtp_base_strategy * 100:.4f}% · the base game {analysis.base_rtp * 100:.4f}%\n"
                  f"The lines' multipliers sum to {mean:.2f} on average. The other panes play the base game.")
        return HEADERS, rows, status
