"""Every key of the machine, said once: the bindings, the help screen and the manual's table come from here.

A key acts the same in either case (a player with Caps Lock on still plays), so each letter is
bound in both.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType


@dataclass(frozen=True)
class Key:
    """One row of the help screen: the keys as a player reads them, and what they do."""

    shown: str           # as the help screen and the manual show it
    does: str
    keys: tuple[str, ...]  # Textual key names
    action: str            # the app action they run; a hold key adds its position


KEYS = (
    Key("1–5", "hold or release that card (or click the card)", ("1", "2", "3", "4", "5"), "hold"),
    Key("space, enter", "deal; after the deal, draw", ("space", "enter"), "deal_or_draw"),
    Key("b", "bet one more coin (back to 1 after the most the table takes)", ("b",), "bet_one"),
    Key("m", "bet the most the table takes and deal at once", ("m",), "bet_max"),
    Key("f", "take the free refill when the credit is 0", ("f",), "refill"),
    Key("d", "double-up (where the table offers it): after a win, DOUBLE it; 2–5 pick a card to beat the "
        "dealer's, space collects", ("d",), "double"),
    Key("n", "hands a round: 1, 3, 5, 10, 50, 100 (between rounds)", ("n",), "next_hands"),
    Key("p", "play another paytable (between hands)", ("p",), "choose_paytable"),
    Key("r", "recall the last 10 games", ("r",), "recall"),
    Key("a", "analysis: exact return, compare, simulate, bankroll", ("a",), "analysis"),
    Key("e", "edit this paytable, its exact return shown live", ("e",), "edit_paytable"),
    Key("h", "hint: the best hold marked, its EV a coin bet, the next holds named", ("h",), "hint"),
    Key("t", "trainer: stop a draw that gives up EV (on or off)", ("t",), "trainer"),
    Key("s", "session: the record as history says it, the trainer's grades, costliest mistakes", ("s",),
        "session_grades"),
    Key("l", "ledger: every hand on record against the exact expectation, with plots", ("l",), "ledger"),
    Key("c", "strategy chart for this table, the line for this hand marked", ("c",), "strategy_chart"),
    Key("x", "drills: hands of your leaks, marked at once, back sooner when missed; t there: a self-test",
        ("x",), "drills"),
    Key("o", "another card where the deal lets you choose one (a dream card): the next best", ("o",),
        "choose_card"),
    Key("pgup, pgdn", "scroll the hands of a 50- or 100-hand round", ("pageup", "pagedown"), "scroll_hands"),
    Key("?", "help: how to play and every key", ("question_mark",), "help"),
    Key("q", "quit (the game is saved at every step)", ("q",), "quit"),
)


def bindings() -> list[BindingType]:
    """The app's bindings: the hold keys one per card, letters in both cases."""
    result: list[BindingType] = []
    for key in KEYS:
        if key.action == "hold":
            result += [Binding(name, f"hold({int(name) - 1})", f"hold {name}", show=False) for name in key.keys]
            continue
        if key.action == "scroll_hands":
            result += [Binding(name, f"scroll_hands({step})", key.does, show=False)
                       for name, step in zip(key.keys, (-1, 1))]
            continue
        names = [*key.keys, *(name.upper() for name in key.keys if len(name) == 1 and name.isalpha())]
        result.append(Binding(",".join(names), key.action, key.does, show=False))
    return result
