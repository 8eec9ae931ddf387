"""Exceptions under a chart line, penalty-card style: their conditions read as a player reads them,
played by every reader of a chart (the exact check, the simulator, the trainer's line), written and
read back, and the perfect tier's exceptions bring it nearer perfect play."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from support import game

from videopoker.analysis.charts.chart import chart_file, parse_chart, read_chart
from videopoker.analysis.charts.derive import chart_for, chart_return
from videopoker.analysis.charts.exceptions import CONDITIONS, NOT, condition_text, conditions_met
from videopoker.analysis.charts.tiers import ladder
from videopoker.cli import main
from videopoker.deck.cards import Card, parse_cards, parse_hand
from videopoker.errors import VideoPokerError
from videopoker.machine.training import chart_line_of
from videopoker.paytable import resolve_paytable

NINE_SIX = "jacks-or-better-9-6"
JACKS_OR_BETTER = game("jacks-or-better")
RANK_WORDS = {10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
STRAIGHTS = [set(range(low, low + 5)) for low in range(2, 11)] + [{14, 2, 3, 4, 5}]

EXCEPTED = """\
low pair
QT, JT suited
  except with a card of its suit thrown: AQ unsuited
KT suited
  except with a card of its suit thrown and a thrown card in its straight: king alone
2 high cards unsuited
"""


def said_conditions(cards: list[Card], kept: list[Card]) -> set[str]:
    """The conditions a player would say of what ``kept`` throws, worked out card by card."""
    thrown = [card for card in cards if card not in kept]
    ranks = {card.rank for card in kept}
    suits = {card.suit for card in kept}
    said = {f"{'an' if card.rank in (8, 14) else 'a'} {RANK_WORDS.get(card.rank, str(int(card.rank)))} thrown"
            for card in thrown}
    if len(kept) >= 2 and len(suits) == 1 and any(card.suit in suits for card in thrown):
        said.add("a card of its suit thrown")
    if ranks and any(card.rank not in ranks and any(ranks | {card.rank} <= straight for straight in STRAIGHTS)
                     for card in thrown):
        said.add("a thrown card in its straight")
    if any(card.rank in ranks for card in thrown):
        said.add("a thrown card that pairs it")
    return said


def test_each_condition_is_what_a_player_says_of_the_thrown_cards() -> None:
    rng = random.Random(7)
    deck = [Card(index) for index in range(52)]
    jacks_or_better = game("jacks-or-better")
    for _ in range(3000):
        cards = sorted(rng.sample(deck, 5), key=lambda card: card.index)
        mask = rng.randrange(32)
        kept = [card for place, card in enumerate(cards) if mask >> place & 1]
        hand = np.array([[card.index for card in cards]], dtype=np.uint8)
        met = conditions_met(jacks_or_better, hand, np.array([mask]))[:, 0]
        found = {condition_text(code) for code, holds in zip(CONDITIONS, met, strict=True) if holds and not code & NOT}
        assert found == said_conditions(cards, kept), (cards, kept)
        for code, holds in zip(CONDITIONS, met, strict=True):  # a "no …" is its condition's negation
            if code & NOT:
                assert holds != met[CONDITIONS.index(code & ~NOT)]


@pytest.mark.parametrize(("dealt", "kept"), [
    ("2d 3c Td Qd Ac", "Qd Ac"),   # a diamond thrown: QT suited gives way to AQ unsuited
    ("2c 3c Td Qd Ac", "Td Qd"),   # no diamond thrown: QT suited
    ("2d 3h 9d Tc Kc", "Tc Kc"),   # a nine, but no club, thrown: KT suited
    ("2c 3h 9d Tc Kc", "Kc"),      # a club and a nine thrown: the king alone
])
def test_a_line_keeps_its_exceptions_hold_where_the_conditions_hold(dealt: str, kept: str) -> None:
    chart = parse_chart(EXCEPTED, JACKS_OR_BETTER, "chart.txt")
    cards = parse_hand(dealt)
    played = chart_line_of(chart, resolve_paytable(NINE_SIX), cards)
    assert set(played.kept) == set(parse_cards(kept))


def test_exceptions_are_written_and_read_back_and_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = parse_chart(EXCEPTED, JACKS_OR_BETTER, "chart.txt")
    assert chart.numbered()[2] == "   except with a card of its suit thrown: AQ unsuited"
    file = tmp_path / "excepted.txt"
    file.write_text(chart_file(chart, ["with exceptions"]))
    assert read_chart(file, JACKS_OR_BETTER) == chart
    plain = parse_chart("\n".join(line for line in EXCEPTED.splitlines() if "except" not in line),
                        JACKS_OR_BETTER, "plain.txt")
    paytable = resolve_paytable(NINE_SIX)
    assert chart_return(chart, paytable).rtp > chart_return(plain, paytable).rtp  # the penalty cards pay
    assert main(["strategy", "check", str(file), NINE_SIX, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rtp"] == float(chart_return(chart, paytable).rtp)


@pytest.mark.parametrize(("text", "message"), [
    ("  except with a card of its suit thrown: AQ unsuited\n", "chart.txt:1: an exception goes under the chart line"),
    ("low pair\n  except when lucky: AQ unsuited\n", "chart.txt:2: 'except when lucky: AQ unsuited' is not an"),
    ("low pair\n  except with a 11 thrown: AQ unsuited\n", "chart.txt:2: 'except with a 11 thrown"),
    ("low pair\n  except with a 9 thrown: AQ unsutied\n", "chart.txt:2: 'AQ unsutied' is not a pattern"),
])
def test_a_bad_exception_says_where_and_how_to_fix_it(text: str, message: str) -> None:
    with pytest.raises(VideoPokerError) as raised:
        parse_chart(text, JACKS_OR_BETTER, "chart.txt")
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_the_perfect_tiers_exceptions_bring_it_nearer_perfect_play(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    paytable = resolve_paytable(NINE_SIX)
    perfect = ladder(paytable)[-1]
    whole = chart_return(chart_for(paytable, 5), paytable)
    assert any(line.exceptions for line in perfect.chart.lines)
    assert perfect.played.cost < whole.cost / 4  # 0.00025% against the whole chart's 0.0015%
    file = tmp_path / "perfect.txt"
    file.write_text(chart_file(perfect.chart, ["perfect"]))
    assert main(["simulate", NINE_SIX, "--strategy", str(file), "--hands", "200000", "--seed", "5", "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert abs(played["rtp"] - float(perfect.played.rtp)) < 4 * played["standard_error"]
