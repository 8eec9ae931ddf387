"""A home with leaks on record, for the drills' tests: a scripted player at Jacks or Better 9/6 who
plays perfectly but for two habits, holding a low pair over four to a flush (line 7) and throwing
a low pair away (line 8)."""

from __future__ import annotations

import atexit
import functools
import random
import shutil
import tempfile
from pathlib import Path

from test_leaks import low_pair_over_four_to_a_flush

#: The chart lines (Jacks or Better 9/6, 5 coins) of the two leaks.
FLUSH_LINE, LOW_PAIR_LINE = 7, 8


def discard_over_low_pair(hand: list, best: tuple[bool, ...]) -> tuple[bool, ...] | None:
    """Nothing held, where perfect play keeps a low pair alone; else None."""
    kept = [card.rank for card, keep in zip(hand, best) if keep]
    if len(kept) != 2 or kept[0] != kept[1] or kept[0] >= 11:
        return None
    return (False,) * 5


def play_leaks(home: Path, each: int = 1, seed: int = 44) -> int:
    """Play 5 coins a hand in ``home`` until each habit has cost something ``each`` times; the rounds played."""
    from videopoker.analysis.solve.hint import best_holds
    from videopoker.player.session import Session

    made = {FLUSH_LINE: 0, LOW_PAIR_LINE: 0}
    rounds = 0
    with Session.open(home, random.Random(seed)) as session:
        while min(made.values()) < each:
            rounds += 1
            if session.state().credits < 5:
                session.refill()
            state = session.bet_max()
            best = best_holds(state.paytable, state.hand, 5)[0].held
            held = best
            for line, habit in ((FLUSH_LINE, low_pair_over_four_to_a_flush), (LOW_PAIR_LINE, discard_over_low_pair)):
                wrong = habit(list(state.hand), best)
                if wrong is not None and wrong != best:
                    held = wrong
                    made[line] += 1
            for place, keep in enumerate(held):
                if keep:
                    session.toggle_hold(place)
            session.draw()
    return rounds


@functools.cache
def _template() -> Path:
    """One home with both leaks on record, built once per test run (a second or two)."""
    root = Path(tempfile.mkdtemp(prefix="leaky-home-"))
    atexit.register(shutil.rmtree, root, True)
    home = root / "home"
    play_leaks(home, each=2)
    return home


def leaky_home(home: Path) -> Path:
    """``home`` (not yet made) made a copy of a home with both leaks on record."""
    shutil.copytree(_template(), home, ignore=shutil.ignore_patterns("wallet.lock", "cache"))
    return home
