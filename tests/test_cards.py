from __future__ import annotations

import random
from collections import Counter

import pytest

from videopoker.cards import Card, Rank, Suit, full_deck, parse_cards, parse_hand, shuffled
from videopoker.errors import CardError


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


def test_decks_have_52_or_53_different_cards() -> None:
    assert len(set(full_deck())) == 52
    assert len(set(full_deck(jokers=1))) == 53
    with pytest.raises(CardError):
        full_deck(jokers=2)


def test_shuffle_is_reproducible_with_a_seed_and_keeps_every_card() -> None:
    deck = full_deck()
    first = shuffled(deck, random.Random(42))
    assert first == shuffled(deck, random.Random(42))
    assert sorted(first) == list(deck) and first != list(deck)


def test_shuffle_is_unbiased() -> None:
    """Each card lands in the first place about equally often (chi-square, 51 degrees of freedom)."""
    rng = random.Random(2024)
    trials = 52_000
    tops = Counter(shuffled(full_deck(), rng)[0] for _ in range(trials))
    expected = trials / 52
    chi_square = sum((tops[card] - expected) ** 2 / expected for card in full_deck())
    assert len(tops) == 52
    assert chi_square < 90  # p ≈ 0.0007 for 51 degrees of freedom
