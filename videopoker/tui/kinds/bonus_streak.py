"""How the glass shows Ultimate X Bonus Streak: each line's queue of multipliers, next hand first,
and what a round earned or raised them to; and its return pane.

A queue reads ``2X 4 8``: the multiplier its line's next hand is paid at, then the ones after it
(an empty queue is ``1X``).  While a hand is dealt each upper hand's line starts with its queue, the
heads in one column; the dealt (bottom) hand's is on the message line (``BOTTOM LINE 2X 4 8``).
Once drawn an upper line starts with the multiplier it was paid at, as Ultimate X's does (a whole
queue there would leave no room for the hand's name), and a streak hand's win ends with what its
line has now (`` → 2X 4 8`` earned, `` → 12X 12`` raised), as much as the line's 48 columns hold;
the message line counts the streaks earned and raised and says the bottom line's next queue.  The
title says the sum of the lines' next multipliers (what a round pays at against a plain round's
lines), and a fresh glass which hands earn which streaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from videopoker.analysis.features.bonus_streak.solve import MOST_EXACT_LINES, analyze_bonus_streak
from videopoker.machine.game import MachineState, Phase
from videopoker.paytable import Paytable
from videopoker.paytable.kinds.bonus_streak import RAISED, BonusStreak, Queue, Queues, line_multiplier
from videopoker.rules.definition import PayCategory
from videopoker.tui.kinds.base import KindView, Returns, figures_row

HEADERS = ("Hand", "Pays", "Prob.", "1 in", "Return")
#: The message line's room (the app's MESSAGE_WIDTH: the glass is 80 columns, less its margins).
WIDTH = 78
#: An upper hand's line (the hands box of machine.tcss, 48 columns beside the 32 of the paytable):
#: its queue, five cards of four columns, a space and what it made.
LINE_WIDTH = 48
CARDS_WIDTH = 21


def queue_text(queue: Queue, digits: int = 1) -> str:
    """``2X 4 8``: the next hand's multiplier (set right in ``digits`` columns, so that the heads of
    lines line up), then the rest; ``1X`` for none."""
    return " ".join([f"{line_multiplier(queue):>{digits}}X", *map(str, queue[1:])])


def head_digits(queues: Sequence[Queue]) -> int:
    """The columns the upper lines' (all but the first) next multipliers take: 2 once one is 10X or
    more, so that every line's cards start in one column."""
    return max((len(str(line_multiplier(queue))) for queue in queues[1:]), default=1)


def queues_now(state: MachineState) -> tuple[Queue, ...]:
    """The lines' queues of the round in play, or those the next deal carries in."""
    return state.state.queues if isinstance(state.state, Queues) else ()


def played(state: MachineState) -> Queues | None:
    """The last round's queues and what they left, while it is on show at the same hands."""
    last = state.last
    if state.phase is Phase.IDLE and last is not None and isinstance(last.state, Queues) and last.state.left \
            and last.hands == state.hands:
        return last.state
    return None


def streak_hands(state: MachineState) -> tuple[bool, ...]:
    """Of the round on show, the lines whose hand earned or raised a streak (a streak hand at the
    feature bet)."""
    last, feature = state.last, state.paytable.feature
    if last is None or not isinstance(feature, BonusStreak) or last.hands not in feature.offered_lines \
            or not state.paytable.plays_feature(last.bet):
        return (False,) * (last.hands if last is not None else 0)
    streaks = feature.streaks(last.hands)
    return tuple(result.category in streaks for result in last.results)


def rule(paytable: Paytable, hands: int) -> str:
    """Which hands earn which streak, in one line: ``STREAKS: FULL HOUSE OR BETTER 2-4-8-10-12 · …``."""
    feature = paytable.feature
    assert isinstance(feature, BonusStreak)
    offered = feature.offered_lines
    table = feature.streaks(hands if hands in offered else offered[0])
    paying, label = list(paytable.game.paying), paytable.game.label
    groups: dict[tuple[int, ...], list[str]] = {}
    for key in paying:
        if key in table:
            groups.setdefault(table[key], []).append(key)

    def named(keys: list[str], terse: bool) -> str:
        if keys == paying[:len(keys)] and len(keys) > 1:  # every hand from the top down
            return f"{label(keys[-1])} {'UP' if terse else 'OR BETTER'}"
        return ("/" if terse else ", ").join(map(label, keys))

    def written(terse: bool, between: str) -> str:
        return "STREAKS: " + between.join(f"{named(keys, terse)} {'-'.join(map(str, streak))}"
                                          for streak, keys in groups.items())

    return first_fitting(written(False, " · "), written(True, " · "), written(True, ", "))


def first_fitting(*tries: str) -> str:
    """The first of ``tries`` that fits the message line, else the last cut to it."""
    return next((line for line in tries if len(line) <= WIDTH), tries[-1][:WIDTH - 1] + "…")


class BonusStreakView(KindView):
    def awards(self, state: MachineState) -> dict[PayCategory, str]:
        """At the feature bet, the streak each streak hand earns its line, first to last multiplier
        (``2→12X`` for 2-3-4-7-12: the whole queue does not fit beside the pays), beside its pay."""
        feature = state.paytable.feature
        if not isinstance(feature, BonusStreak) or state.bet != feature.coins or \
                state.hands not in feature.offered_lines:
            return {}
        return {category: f"{streak[0]}→{streak[-1]}X" for category, streak in feature.streaks(state.hands).items()}

    def title_tag(self, state: MachineState) -> str | None:
        """At the feature bet, the sum of the lines' next multipliers (``LINES 14X``), or no streaks."""
        queues = queues_now(state)
        feature = state.paytable.feature
        if not queues or feature is None or state.bet != feature.coins:
            return None  # below it the title says the bet that plays the feature
        return f"LINES {summed(queues)}X" if any(queues) else "NO STREAKS"

    def message(self, state: MachineState) -> str | None:
        queues = queues_now(state)
        if state.phase is Phase.DEALT:
            return f"HOLD, THEN DRAW · BOTTOM LINE {queue_text(queues[0])}" if queues else None
        if state.phase is not Phase.IDLE:
            return None
        last, before = state.last, played(state)
        if last is None or before is None:
            if last is None and queues and not any(queues) and state.credits >= state.stake:
                return rule(state.paytable, state.hands)  # a fresh glass says what earns streaks
            return f"STREAKS WAITING · BOTTOM LINE {queue_text(queues[0])}" if any(queues) else None
        hit = streak_hands(state)
        earned = sum(1 for place, streak in enumerate(hit) if streak and not before.queues[place][1:])
        raised = sum(1 for place, streak in enumerate(hit) if streak and before.queues[place][1:])
        if not earned and not raised and not before.left[0]:
            return None  # the usual line: the upper lines show what they have left at the next deal
        won = f"WIN {last.win:,} · " if last.win else ""
        made = f"{last.results[0].name} · " if last.results[0].win else ""  # the usual line names it
        bottom = f"BOTTOM LINE NEXT {queue_text(before.left[0])}" if before.left[0] else ""
        streaks = f"{earned} STREAK{'S' if earned > 1 else ''} EARNED" if earned else ""
        long_raise = f"{raised} RAISED TO {RAISED}X" if raised else ""
        short_raise = f"{raised} RAISED" if raised else ""

        def line(*parts: str) -> str:
            return won + " · ".join(part for part in parts if part)

        full = line(streaks, long_raise, bottom)
        return first_fitting(made + full, full, line(streaks, short_raise, bottom),
                             line(bottom or streaks or short_raise))

    def line_prefix(self, state: MachineState, hand: int) -> str:
        """While a hand is dealt, or is next: the line's queue, padded to the longest of the upper
        lines' so their cards line up.  Once drawn: the multiplier it was paid at, as Ultimate X's,
        leaving the line's room for what the hand made and what its line has now."""
        before = played(state)
        if before is not None:
            return f"{queue_text(before.queues[hand][:1], head_digits(before.queues))} "
        queues = queues_now(state)
        if not queues:
            return ""
        digits = head_digits(queues)
        width = max(len(queue_text(queue, digits)) for queue in queues[1:])
        return f"{queue_text(queues[hand], digits):<{width}} "

    def earned_suffix(self, state: MachineState, hand: int) -> str:
        """`` → 2X 4 8`` after a streak hand: what its line has now, earned or raised to 12X; as much
        of it as the line has room for (`` → 2X 4…``, `` → 12X``), the arrow closed up on every line
        (`` →12X``) where one line has no room else, or nothing (the message line counts the streaks
        earned and raised, and the next deal shows every queue)."""
        before, last = played(state), state.last
        hit = streak_hands(state)
        if before is None or last is None or not hit or not hit[hand] or not before.left[hand]:
            return ""
        marked = [place for place in range(1, len(hit)) if hit[place] and before.left[place]]
        spaced = all(len(f" → {queue_text(before.left[place][:1])}") <= self._room(state, place) for place in marked)
        arrow = " → " if spaced else " →"
        left = before.left[hand]
        tries = [f"{arrow}{queue_text(left[:shown])}{'…' if shown < len(left) else ''}"
                 for shown in range(len(left), 0, -1)]
        tries.append(f"{arrow}{queue_text(left[:1])}")  # its next multiplier alone, as Ultimate X's
        return next((suffix for suffix in tries if len(suffix) <= self._room(state, hand)), "")

    def _room(self, state: MachineState, hand: int) -> int:
        """The columns an upper hand's line has after what the hand made, once drawn."""
        assert state.last is not None
        result = state.last.results[hand]
        return LINE_WIDTH - len(self.line_prefix(state, hand)) - CARDS_WIDTH - len(f"{result.name} {result.win:,}")

    def returns(self, paytable: Paytable, hands: int, heard: Callable[[float, str], None]) -> Returns:
        """Its hands over the lines' queues as they come, at ``hands`` lines where it is solved exactly;
        else at the most lines that are (10-play is not: 5-play bounds it from above), and says so."""
        feature = paytable.feature
        assert isinstance(feature, BonusStreak)
        exact = [lines for lines in feature.offered_lines if lines <= MOST_EXACT_LINES]
        lines = hands if hands in exact else max(exact)
        analysis = analyze_bonus_streak(paytable, lines, heard)
        label = paytable.game.label
        rows = [figures_row(label(line["category"]), f"{line['pays']:g}", f"{line['probability']:.8f}",
                            f"{line['one_in']:,.1f}" if line["probability"] else "—", f"{line['return']:.6f}")
                for line in analysis.rows()]
        rows.append(figures_row("TOTAL", "", f"{sum(analysis.frequencies):.8f}", "", f"{analysis.rtp:.6f}"))
        chain = analysis.chain
        mean = sum(chance * summed(chain.state_queues(state)) for state, chance in enumerate(analysis.probabilities))
        instead = "" if lines == hands else (f"{hands}-play is not solved exactly; {lines}-play, shown, bounds it "
                                             f"from above. ")
        status = (f"Return {analysis.rtp * 100:.4f}% at {analysis.coins} coins a hand, {analysis.lines}-play, each "
                  f"hold chosen for the lines' queues · the base game's holds "
                  f"{analysis.rtp_plain_holds * 100:.4f}% · the base game {analysis.base_rtp * 100:.4f}%\n"
                  f"{instead}The lines' next multipliers sum to {mean:.2f} on average. The other panes play the "
                  f"base game.")
        return HEADERS, rows, status


def summed(queues: Sequence[Queue]) -> int:
    """The sum of the lines' next multipliers: what a round is paid at against a plain one's lines."""
    return sum(map(line_multiplier, queues))
