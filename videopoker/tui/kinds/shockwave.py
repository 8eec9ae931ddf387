"""How the glass shows Shockwave: the mode and its hands left in the title and on the message line,
the mode starting and ending as it happens; and its return pane on the analysis screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from videopoker.analysis.features.shockwave.solve import analyze_shockwave
from videopoker.machine.game import MachineState, Phase
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.shockwave import HandsLeft, Shockwave
from videopoker.tui.kinds.base import KindView, Returns, figures_row

HEADERS = ("Hand", "Pays", "Prob.", "1 in", "Return")


def left_now(state: MachineState) -> int:
    """The hands left in the mode: the round's in play, else what the next deal carries in."""
    return state.state.left if isinstance(state.state, HandsLeft) else 0


def mode_pays(paytable: Paytable) -> str:
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    label = paytable.game.label
    return ", ".join(f"{label(key)} PAYS {pay:,} A COIN" for key, pay in feature.pays)


def rule(paytable: Paytable) -> str:
    """The feature in one line: what starts the mode, and what it pays for how many hands."""
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    starts = " OR ".join(paytable.game.label(key) for key in feature.starts)
    pays = ", ".join(f"{paytable.game.label(key)} {pay:,} A COIN" for key, pay in feature.pays)
    return f"{starts} STARTS SHOCKWAVE: {feature.hands} HANDS OF {pays}"


class ShockwaveView(KindView):
    def paytable_shown(self, state: MachineState, paytable: Paytable) -> Paytable:
        """In the mode, the mode's pays where it lists a hand."""
        feature = paytable.feature
        if not left_now(state) or not isinstance(feature, Shockwave):
            return paytable
        coins = range(1, paytable.max_coins + 1)
        return replace(paytable, pays={**paytable.pays, **{key: tuple(pay * n for n in coins) for key, pay in
                                                             feature.pays}})

    def title_tag(self, state: MachineState) -> str | None:
        left = left_now(state)
        return f"SHOCKWAVE · {left} HAND{'S' if left > 1 else ''} LEFT" if left else None

    def message(self, state: MachineState) -> str | None:
        left = left_now(state)
        if state.phase is Phase.DEALT:
            return f"SHOCKWAVE · {left} LEFT · HOLD, THEN DRAW" if left else None
        last = state.last
        if state.phase is Phase.IDLE and last is None and not left and state.credits >= state.stake:
            return rule(state.paytable)  # a fresh glass says what the feature does
        if state.phase is not Phase.IDLE or last is None or not isinstance(last.state, HandsLeft):
            return None
        won = f"WIN {last.win:,} · " if last.win else ""
        played, after = last.state.left, last.state.after or 0
        if not played and after:
            return f"{won}SHOCKWAVE! NEXT {after} HANDS: {mode_pays(state.paytable)}"
        if played and not after:
            return f"{won}SHOCKWAVE MODE OVER"
        if after:
            return f"{won}SHOCKWAVE · {after} HAND{'S' if after > 1 else ''} LEFT"
        return None

    def returns(self, paytable: Paytable, hands: int, heard: Callable[[float, str], None]) -> Returns:
        """Its hands over the modes as they come, and the two fixed policies beside the optimum."""
        analysis = analyze_shockwave(paytable, heard)
        label = paytable.game.label
        rows = [figures_row(label(line["category"]), f"{line['pays']:g}", f"{line['probability']:.8f}",
                            f"{line['one_in']:,.1f}" if line["probability"] else "—", f"{line['return']:.6f}")
                for line in analysis.rows()]
        rows.append(figures_row("TOTAL", "", "1.00000000", "", f"{analysis.rtp:.6f}"))
        status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins, each hold chosen for the hands "
                  f"left · the mode as a fixed bonus {float(analysis.fixed_bonus.rtp) * 100:.4f}% · the plain "
                  f"holds {float(analysis.plain.rtp) * 100:.4f}% · the table without it "
                  f"{analysis.base_rtp * 100:.4f}%\n"
                  f"In regular mode {float(analysis.best.shares[0]):.2%} of hands. The other panes play the "
                  f"base game.")
        return HEADERS, rows, status
