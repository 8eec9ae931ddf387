from __future__ import annotations

import random
import secrets

import numpy as np
import pytest

from videopoker.deck.cards import Card, Rank, Suit, full_deck, parse_cards, parse_hand, shuffled
from videopoker.errors import CardError
from videopoker.machine.game import Machine
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable


@pytest.mark.parametrize("text, expected", [
    ("Ah", "Ah"), ("ah", "Ah"), ("AH", "Ah"), ("Td", "Td"), ("10d", "Td"), ("t♦", "Td"),
    ("A♥", "Ah"), ("2♣", "2c"), ("K♠", "Ks"), ("Q♡", "Qh"), ("Jk", "Jk"), ("JK", "Jk"),
])
def test_card_text_is_read_in_every_usual_spelling(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["1x", "1h", "11h", "Ax", "A", "", "Ahh", "Z♥"])
def test_bad_card_text_names_the_text_and_the_fix(text: str) -> None:
    with pytest.raises(CardError, match=r"is not a card: use rank 2-9,T,J,Q,K,A and suit c,d,h,s"):
        Card.parse(text)


def test_rank_suit_and_label() -> None:
    card = Card.parse("10h")
    assert (card.rank, card.suit) == (Rank.TEN, Suit.HEARTS)
    assert card.label == "10♥" and card.suit.is_red
    assert Card.of(Rank.ACE, Suit.SPADES).label == "A♠"
    assert Card.joker().rank is None and Card.joker().label == "JOKER"


def test_every_card_round_trips_through_its_text() -> None:
    for card in full_deck(jokers=1):
        assert Card.parse(str(card)) == card


def test_hands_are_read_spaced_or_run_together() -> None:
    spaced = parse_hand("Ah Kh Qh Jh 9c")
    assert parse_hand("AhKhQhJh9c") == spaced
    assert parse_hand("A♥ K♥ Q♥ J♥ 9♣") == spaced
    assert parse_hand("Ah,Kh,Qh,Jh,9c") == spaced
    assert parse_cards("10h10d") == (Card.parse("Th"), Card.parse("Td"))


def test_a_hand_refuses_a_card_twice_and_the_wrong_size() -> None:
    with pytest.raises(CardError, match="'Ah' appears twice"):
        parse_hand("Ah Kh Qh Jh Ah")
    with pytest.raises(CardError, match="a hand is 5 cards, got 4"):
        parse_hand("Ah Kh Qh Jh")
    with pytest.raises(CardError, match="a hand is 5 cards, got 6"):
        parse_hand("Ah Kh Qh Jh Th 9h")
    with pytest.raises(CardError, match="'Xq' is not a card"):
        parse_hand("Ah Kh Qh Jh Xq")


def test_decks_have_52_to_54_different_cards() -> None:
    assert len(set(full_deck())) == 52
    assert len(set(full_deck(jokers=1))) == 53
    assert len(set(full_deck(jokers=2))) == 54
    with pytest.raises(CardError):
        full_deck(jokers=3)


def test_a_second_jk_is_the_second_joker() -> None:
    first, second = parse_hand("Jk Jk Ah Kh Qh")[:2]
    assert first.is_joker and second.is_joker and first != second and str(second) == "Jk"


def test_shuffle_is_reproducible_with_a_seed_and_keeps_every_card() -> None:
    deck = full_deck()
    first = shuffled(deck, random.Random(42))
    assert first == shuffled(deck, random.Random(42))
    assert sorted(first) == list(deck) and first != list(deck)


#: Deals for the chi-square test: enough that a bias moving 2% of the probability at any one
#: position (total variation 0.02 from uniform) gives a noncentrality of at least
#: DEALS * (2 * 0.02)**2 = 160, far above the critical value below (power > 99.9%).
DEALS = 100_000
POSITIONS = 10  # five dealt cards, five drawn


def chi_square_critical(freedom: int, z: float = 5.2) -> float:
    """Wilson–Hilferty: the chi-square value exceeded with probability about 1e-7 (z = 5.2)."""
    a = 2 / (9 * freedom)
    return freedom * (1 - a + z * a**0.5) ** 3


def biased_positions(counts: np.ndarray) -> list[int]:
    """Positions (rows of card counts) whose chi-square against uniform exceeds the critical value."""
    expected = counts.sum(axis=1, keepdims=True) / counts.shape[1]
    statistic = ((counts - expected) ** 2 / expected).sum(axis=1)
    return [int(p) for p in np.flatnonzero(statistic > chi_square_critical(counts.shape[1] - 1))]


def test_the_chi_square_criterion_catches_a_two_percent_bias() -> None:
    """The criterion below, fed counts from a shuffle 2% off at one position, rejects it."""
    generator = np.random.default_rng(7)
    uniform = np.full(52, 1 / 52)
    biased = uniform * 0.98
    biased[0] += 0.02  # 2% of the probability moved onto one card
    for trial in range(20):
        counts = np.stack([generator.multinomial(DEALS, uniform) for _ in range(POSITIONS)])
        assert biased_positions(counts) == [], "a fair shuffle must pass"
        counts[trial % POSITIONS] = generator.multinomial(DEALS, biased)
        assert biased_positions(counts) == [trial % POSITIONS]


@pytest.mark.slow
def test_the_production_deal_and_draw_are_unbiased_at_every_position() -> None:
    """The real path: the machine's default SystemRandom, dealing and then drawing five."""
    paytable = resolve_paytable("jacks-or-better-9-6")
    rng = Machine(paytable).rng
    assert isinstance(rng, secrets.SystemRandom)
    counts = np.zeros((POSITIONS, 52), dtype=np.int64)
    for _ in range(DEALS):
        dealt = Round.deal(paytable, 1, rng)
        cards = dealt.dealt + dealt.draw(rng)[0]  # one hand: its final five
        counts[np.arange(POSITIONS), [card.index for card in cards]] += 1
    assert biased_positions(counts) == []
