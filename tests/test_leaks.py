"""Your leaks (`history --leaks`): a scripted player who always holds a low pair over four to a
flush, and otherwise plays perfectly, finds exactly that leak first, with its exact EV lost."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from videopoker.analysis.solve.hint import best_holds
from videopoker.cli import main
from videopoker.player.session import Session

NINE_SIX = "jacks-or-better-9-6"


def low_pair_over_four_to_a_flush(hand: list, best: tuple[bool, ...]) -> tuple[bool, ...] | None:
    """The low pair's places, where the hand has a low pair and perfect play keeps four cards of one
    suit that make no straight (a flush draw, not a straight flush draw); else None."""
    ranks = [card.rank for card in hand]
    low = [rank for rank in set(ranks) if ranks.count(rank) == 2 and rank < 11]  # 2..10: below jacks
    kept = [card for card, keep in zip(hand, best) if keep]
    if len(low) != 1 or len(kept) != 4 or len({card.suit for card in kept}) != 1:
        return None
    spread = sorted(14 if card.rank == 14 else int(card.rank) for card in kept)
    wheel = sorted(1 if card.rank == 14 else int(card.rank) for card in kept)
    if spread[-1] - spread[0] <= 4 or wheel[-1] - wheel[0] <= 4:
        return None  # four to a straight flush: another line of the chart
    return tuple(rank == low[0] for rank in ranks)


def test_the_scripted_players_leak_is_found_first_with_its_exact_cost(isolated_home: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    lost, times = 0.0, 0
    with Session.open(isolated_home, random.Random(44)) as session:
        for _ in range(3000):
            if session.state().credits < 5:
                session.refill()
            state = session.bet_max()
            choices = best_holds(state.paytable, state.hand, 5)
            leak = low_pair_over_four_to_a_flush(list(state.hand), choices[0].held)
            held = choices[0].held if leak is None else leak
            if leak is not None and leak != choices[0].held:
                mine = next(choice for choice in choices if choice.held == leak)
                lost += float(choices[0].ev - mine.ev) * 5
                times += 1
            for place, keep in enumerate(held):
                if keep:
                    session.toggle_hold(place)
            session.draw()
    assert times > 3  # the leak came up
    assert main(["history", "--leaks", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    first = found["leaks"][0]
    assert (first["yours"], first["should"], first["times"]) == ("low pair", "4 to a flush", times)
    assert first["credits_lost"] == pytest.approx(lost, rel=1e-9)
    assert found["mistakes"] == times and len(found["leaks"]) == 1  # perfect play otherwise
    assert main(["history", "--leaks"]) == 0
    out = capsys.readouterr().out
    assert f"You held low pair over 4 to a flush (line 7): {times} times, {lost:,.2f} credits lost" in out
    assert "\n  7. 4 to a flush\n" in out  # the chart line's words under the table, which fits 80 columns
    assert max(len(line) for line in out.splitlines()[1:]) <= 80


def test_no_leaks_is_said_plainly(isolated_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--leaks"]) == 0
    assert capsys.readouterr().out.startswith("No leaks on record")
    assert main(["history", "--leaks", "--plot", "x.svg"]) == 1


def test_a_hold_of_nothing_reads_as_a_player_says_it() -> None:
    from videopoker.ledger.leaks import Leak

    leak = Leak("Jacks or Better 9/6", 5, "discard everything", 8, "low pair", 2, 4.65, "3♦ 2♠ 7♥ K♥ 2♣")
    assert leak.text() == "You discarded everything over low pair (line 8): 2 times, 4.65 credits lost"
