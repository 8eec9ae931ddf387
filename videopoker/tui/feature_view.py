"""How the machine's glass shows a feature: the bet that plays it, the multiplier a deal plays
under, and the wheel spinning to the prize a trigger hand won.

The prize is drawn and saved with the round before the wheel turns on the glass: the spin only
shows it (a key press stops it early), so a machine killed mid-spin shows the same prize, paid
once, when it comes back.
"""

from __future__ import annotations

from videopoker.machine.game import MachineState, Outcome, Phase
from videopoker.tui.kinds import view_of

#: Frames of a spin, and the seconds between two.
SPIN_FRAMES = 16
SPIN_STEP = 0.07


def feature_tag(state: MachineState) -> str | None:
    """What the title says of the feature: how to play it, or the multiplier now in play."""
    feature = state.paytable.feature
    if feature is None:
        return None
    name = str(feature.kind).upper()
    named = name in state.paytable.name.upper()  # "Big Times Draw ..." says it already
    if state.hands not in feature.played_hands:
        played = feature.played_hands
        return f"{name} AT {', '.join(map(str, played))} HAND{'S' if played != (1,) else ''} (N)"
    told = view_of(state.paytable).title_tag(state)
    if told is not None:
        return told
    if state.bet != feature.coins:
        return f"BET {feature.coins} FOR {name}"
    if feature.carries_state:  # the lines or the levels are on the glass
        return None if named else name
    last = state.last
    if state.phase is Phase.DEALT:
        multiplier = state.multiplier
    elif last is not None and last.bet == feature.coins:
        multiplier = last.multiplier
    else:
        return None if named else name
    if not view_of(state.paytable).tells_multiplier:
        return None if named else name
    return f"{multiplier}X" if named else f"{name} {multiplier}X"


def prize_of(outcome: Outcome | None) -> int:
    """The wheel prizes a round won, together."""
    return 0 if outcome is None else sum(result.prize for result in outcome.results)


def feature_message(state: MachineState) -> str | None:
    """The message line after a round that spun the wheel or won at a multiplier, or ``None`` for
    the usual one."""
    last = state.last
    if state.phase is not Phase.IDLE or last is None or not last.win:
        return None
    if not prize_of(last):
        if last.multiplier == 1 or last.hands > 1:
            return None
        return f"{last.results[0].name} × {last.multiplier}   WIN {last.win:,}"
    spun = sum(1 for result in last.results if result.prize)
    if last.hands == 1:
        return f"{last.results[0].name} + WHEEL {last.results[0].prize:,}   WIN {last.win:,}"
    return f"WHEEL {prize_of(last):,} ON {spun} OF {last.hands} HANDS   WIN {last.win:,}"


class WheelSpin:
    """The frames of one spin: the wheel's prizes passing by, slowing onto the one won."""

    def __init__(self, prizes: list[int], won: int) -> None:
        stops = sorted(set(prizes))
        start = (stops.index(won) + 1) % len(stops) if won in stops else 0
        self.frames = [stops[(start + step) % len(stops)] for step in range(SPIN_FRAMES - 1)] + [won]
        self.shown = 0

    @property
    def done(self) -> bool:
        return self.shown >= len(self.frames)

    def next_text(self) -> str:
        """The message line for the next frame."""
        value = self.frames[min(self.shown, len(self.frames) - 1)]
        self.shown += 1
        arrows = "▶ " if not self.done else "★ "
        return f"WHEEL  {arrows}{value:,}{' ◀' if not self.done else ' ★'}"

    def stop(self) -> None:
        self.shown = len(self.frames)
