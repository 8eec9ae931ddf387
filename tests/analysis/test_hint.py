from __future__ import annotations

from fractions import Fraction

import pytest

from videopoker.analysis import best_holds
from videopoker.deck.cards import parse_hand
from videopoker.errors import CardError, VideoPokerError
from videopoker.paytable import resolve_paytable


@pytest.fixture(scope="module")
def nine_six():
    return resolve_paytable("jacks-or-better-9-6")


def test_four_to_a_royal_beats_a_made_flush_draw(nine_six) -> None:
    best = best_holds(nine_six, parse_hand("Ah Kh Qh Jh 9c"))[0]
    assert best.label == "Ah Kh Qh Jh"
    # Th makes the royal (800), 8 hearts a flush, 3 tens a straight, 12 cards a high pair: /47
    assert best.ev == Fraction(800 + 8 * 6 + 3 * 4 + 12, 47)
    assert best.outcomes["royal_flush"] == 1 and best.draws == 47


def test_holds_are_sorted_best_first_and_ties_share_a_rank(nine_six) -> None:
    holds = best_holds(nine_six, parse_hand("Ah Kh Qh Jh 9c"))
    evs = [choice.ev for choice in holds]
    assert evs == sorted(evs, reverse=True) and len(holds) == 32
    tied = [choice for choice in holds if choice.label in ("Ah Kh Qh", "Ah Kh Jh", "Ah Qh Jh")]
    assert len({choice.rank for choice in tied}) == 1 and len({choice.ev for choice in tied}) == 1
    assert holds[4].rank == 3  # three holds share rank 3, the next is 6
    assert holds[5].rank == 6
    for choice in holds:
        assert sum(choice.outcomes.values()) == choice.draws


def test_a_low_pair_is_held_over_a_lone_jack(nine_six) -> None:
    best = best_holds(nine_six, parse_hand("Js Tc 4h 4d 9h"))[0]
    assert best.label == "4h 4d"
    assert round(float(best.ev), 4) == 0.8237


def test_pat_hands_are_kept(nine_six) -> None:
    assert best_holds(nine_six, parse_hand("9c 9d 9h 2s 2c"))[0].label == "9c 9d 9h 2s 2c"


def test_bad_hands_are_refused(nine_six) -> None:
    ace = parse_hand("Ah Kh Qh Jh 9c")[0]
    with pytest.raises(CardError, match="'Ah' appears twice"):
        best_holds(nine_six, (ace,) * 5)
    with pytest.raises(CardError, match="a hand is 5 cards, got 4"):
        best_holds(nine_six, parse_hand("Ah Kh Qh Jh 9c")[:4])
    with pytest.raises(VideoPokerError, match="takes 1..5 coins"):
        best_holds(nine_six, parse_hand("Ah Kh Qh Jh 9c"), coins=7)


def test_a_joker_in_a_52_card_game_is_refused_by_the_engine_too() -> None:
    with pytest.raises(CardError, match="'Jk' is not in the deck of Jacks or Better"):
        best_holds(resolve_paytable("jacks-or-better-9-6"), parse_hand("Jk Ah Kh Qh Jh"))
