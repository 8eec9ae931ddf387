"""Strategy charts: the patterns' words, a chart's exact return checked by brute force and by
simulation, the derived charts' targets, and chart files read back."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from math import comb, lcm
from pathlib import Path

import numpy as np
import pytest
from support import FAMILIES, game

from videopoker.analysis.charts.chart import chart_file, class_patterns, parse_chart, read_chart, vocabulary
from videopoker.analysis.charts.derive import chart_return, class_values, departures, derive_chart
from videopoker.analysis.charts.patterns import Kind, Pattern, describe, held_patterns, patterns_of
from videopoker.analysis.solve.draws import draw_tables
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import VideoPokerError
from videopoker.paytable import resolve_paytable
from videopoker.rules.definition import PayCategory

JACKS_OR_BETTER = game("jacks-or-better")
GAMES = {key: game(key) for key in FAMILIES}

NINE_SIX = "jacks-or-better-9-6"

#: The whole derived chart beside the published ones (Wizard of Odds' and Dancer's charts: 9/6 Jacks
#: or Better about 28 lines, full-pay Deuces Wild 26-28, 9/6 Double Double Bonus 30-35): at most
#: so many lines, at most so much below perfect play.
READABLE = {NINE_SIX: (30, Fraction("0.00002")), "deuces-wild-full-pay": (28, Fraction("0.0001")),
            "double-double-bonus-9-6": (35, Fraction("0.0001"))}

#: A hand-written chart whose play is easy to write down independently (see ``_three_line_hold``).
THREE_LINES = """\
# made hands first; then any pair; then four cards of a suit
game: jacks-or-better
1. royal flush or straight flush or four of a kind or full house or flush or straight or three of a kind or two pair
2. high pair or low pair
3. 4 to a royal or 4 to a straight flush or 4 to a flush
"""


def _three_line_hold(cards: list[int]) -> int:
    """The chart above, written as plain rules over a sorted hand: the hold as a mask."""
    ranks = [card // 4 for card in cards]
    suits = [card % 4 for card in cards]
    count = Counter(ranks)
    category = JACKS_OR_BETTER.categories[JACKS_OR_BETTER.evaluate_index(cards)]
    if category in ("royal_flush", "straight_flush", "full_house",
                    "flush", "straight"):
        return 0b11111
    if category == "four_of_a_kind" or category == "three_of_a_kind":
        kind = max(count, key=lambda rank: count[rank])
        return sum(1 << place for place, rank in enumerate(ranks) if rank == kind)
    if category == "two_pair" or max(count.values()) == 2:
        return sum(1 << place for place, rank in enumerate(ranks) if count[rank] == 2)
    suit, most = Counter(suits).most_common(1)[0]
    if most == 4:
        return sum(1 << place for place, card_suit in enumerate(suits) if card_suit == suit)
    return 0


def test_a_hand_written_chart_returns_exactly_what_brute_force_finds() -> None:
    paytable = resolve_paytable(NINE_SIX)
    chart = parse_chart(THREE_LINES, paytable.game, "three.txt")
    played = chart_return(chart, paytable)
    tables = draw_tables(paytable.game)
    values = class_values(paytable, 5)
    total = 0
    for klass, hand in enumerate(tables.class_hands.tolist()):
        total += int(tables.class_weights[klass]) * int(values[_three_line_hold(hand), klass])
    common = lcm(*tables.draw_counts.tolist())
    assert played.rtp == Fraction(total, comb(52, 5) * common * 5)
    assert Fraction(92, 100) > played.rtp > Fraction(88, 100)  # no high cards kept: about 90%


def test_the_chart_plays_a_hand_as_its_first_fitting_line_says() -> None:
    game = JACKS_OR_BETTER
    chart = parse_chart(THREE_LINES, game, "three.txt")
    for text, kept in [("2h 2d 5h 8h 9h", "2h 2d"), ("Ah Kh 5h 8h 9c", "5h 8h Ah Kh"), ("2c 3d 7h 9s Jd", ""),
                       ("Js Jd Jh 4c 9s", "Js Jd Jh"), ("8s 9s Ts Js Qs", "8s 9s Ts Js Qs")]:
        hand = sorted(parse_hand(text), key=lambda card: card.index)
        holds, _ = chart.play(patterns_of(game, np.array([[card.index for card in hand]], dtype=np.uint8)))
        held = {str(card) for place, card in enumerate(hand) if int(holds[0]) >> place & 1}
        assert held == set(kept.split()), text


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_pattern_of_every_family_has_its_own_words(key: str) -> None:
    game = GAMES[key]
    words = vocabulary(game)
    assert len(words.words) == len(words.codes) + len(words.members)  # no two patterns share words
    for text, codes in words.words.items():
        assert text == text.lower() and " or " not in text and "#" not in text
        chart = parse_chart(f"{text}\n", game, "one.txt")
        assert chart.lines[0].patterns == codes
    assert describe(game, words.words["discard everything"][0]) == "discard everything"


def test_a_derived_chart_meets_the_jacks_or_better_targets_and_reads_back(tmp_path: Path) -> None:
    paytable = resolve_paytable(NINE_SIX)
    full = derive_chart(paytable)
    assert len(full.chart.lines) <= 40 and full.rtp >= Fraction("0.99524"), float(full.rtp)
    short = derive_chart(paytable, most_lines=12)
    assert short.chart.holding_lines <= 12 and full.optimal.rtp - short.rtp <= Fraction("0.0015"), float(short.rtp)
    assert short.chart.texts()[-1] == "discard everything" and len(short.chart.lines) == short.chart.holding_lines + 1
    for result in (full, short):
        file = tmp_path / "chart.txt"
        file.write_text(chart_file(result.chart, ["a heading"]), encoding="utf-8")
        again = read_chart(file, paytable.game)
        assert again.texts() == result.chart.texts()
        assert chart_return(again, paytable).rtp == result.rtp


@pytest.mark.parametrize("name", ["deuces-wild-full-pay", "joker-poker-kings", "bonus-poker-8-5"])
def test_every_family_gets_a_chart_close_to_perfect_play(name: str) -> None:
    paytable = resolve_paytable(name)
    result = derive_chart(paytable)
    assert 0 < result.cost < Fraction(1, 1000), float(result.cost)  # within 0.1% of perfect play
    assert result.analysis.total_combinations == result.optimal.total_combinations
    worst = departures(result, most=5)
    assert worst and all(d.cost > 0 for d in worst)
    assert sum(d.share for d in departures(result, most=10_000)) == pytest.approx(1)


def test_a_seeded_simulation_of_a_chart_agrees_with_its_exact_return(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    file = tmp_path / "three.txt"
    file.write_text(THREE_LINES, encoding="utf-8")
    assert main(["simulate", NINE_SIX, "--strategy", str(file), "--hands", "400000", "--seed", "11",
                 "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    exact = chart_return(read_chart(file, JACKS_OR_BETTER), resolve_paytable(NINE_SIX))
    assert played["strategy"] == "chart three.txt"
    assert abs(played["rtp"] - float(exact.rtp)) < 4 * played["standard_error"]
    for row in played["rows"]:
        assert row["expected"] == pytest.approx(float(exact.analysis.row(PayCategory(row["category"])).probability))


def test_strategy_writes_a_chart_that_check_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "short.txt"
    assert main(["strategy", NINE_SIX, "--lines", "8", "-o", str(file), "--json"]) == 0
    derived = json.loads(capsys.readouterr().out)
    assert set(derived) >= {"paytable", "lines", "rtp", "optimal_rtp", "cost"}
    assert [line["rank"] for line in derived["lines"]] == list(range(1, len(derived["lines"]) + 1)) and len(
        derived["lines"]) <= 8 + 1  # and discard everything
    assert all(line["text"] == " or ".join(line["pattern"]) for line in derived["lines"])
    assert main(["strategy", "check", str(file), NINE_SIX, "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["rtp"] == derived["rtp"] and checked["optimal_rtp"] == pytest.approx(0.995439, abs=5e-7)
    assert checked["cost"] == pytest.approx(derived["cost"])
    departure = checked["departures"][0]
    assert set(departure) >= {"hand", "chart_hold", "line", "best_hold", "cost"} and departure["cost"] > 0
    assert main(["strategy", NINE_SIX, "--lines", "8", "-o", str(file)]) == 1  # no --force: kept
    assert "already exists" in capsys.readouterr().err
    assert main(["strategy", "check", str(file), NINE_SIX]) == 0
    out = capsys.readouterr().out
    assert "Where the chart departs" in out and "The chart's lines above:" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 80  # the first names the file


@pytest.mark.parametrize(("text", "message"), [
    ("4 to a royl\n", "chart.txt:1: '4 to a royl' is not a pattern of Jacks or Better; did you mean '4 to a royal'"),
    ("# only words\n\n", "chart.txt: no chart lines"),
    ("low pair\n\nlow pair\n", "chart.txt:3: 'low pair' is already taken by line 1"),
    ("game: deuces-wild\nlow pair\n", "chart.txt:1: this chart is for Deuces Wild, not Jacks or Better"),
    ("game: nonsense\n", "chart.txt:1: this chart is for 'nonsense'"),
    ("low\x1b[2J pair\n", "chart.txt:1: a control character"),
])
def test_a_bad_chart_line_says_where_and_how_to_fix_it(text: str, message: str) -> None:
    with pytest.raises(VideoPokerError, match="^" + message.replace("(", r"\(").replace("[", r"\[")) as raised:
        parse_chart(text, JACKS_OR_BETTER, "chart.txt")
    assert "\n" not in str(raised.value) and "\x1b" not in str(raised.value)


def test_a_chart_file_may_have_tabs_a_byte_order_mark_and_windows_line_ends(tmp_path: Path) -> None:
    file = tmp_path / "chart.txt"
    file.write_bytes("\ufeff1.\tHigh  Pair\r\n2. 4 to a flush.  # a comment\r\n".encode())
    assert read_chart(file, JACKS_OR_BETTER).texts() == ["high pair", "4 to a flush"]


def test_a_broad_name_takes_the_patterns_no_line_above_took() -> None:
    chart = parse_chart("QJ suited\n2 to a royal without a ten\n", JACKS_OR_BETTER, "chart.txt")
    assert len(chart.lines[0].patterns) == 1 and len(chart.lines[1].patterns) == 5
    assert chart.texts() == ["QJ suited", "2 to a royal without a ten"]
    assert chart.numbered()[1] == "2. 2 to a royal without a ten"


def test_the_classes_patterns_match_the_hands_own() -> None:
    tables = draw_tables(JACKS_OR_BETTER)
    some = np.arange(0, len(tables.class_hands), 997)
    assert (class_patterns(JACKS_OR_BETTER)[:, some] == patterns_of(JACKS_OR_BETTER, tables.class_hands[some])).all()


def test_a_one_line_chart_keeps_what_pays(capsys: pytest.CaptureFixture[str]) -> None:
    """`--lines N` counts the lines that keep cards; "discard everything" closes every chart
    uncounted, so one line is the best single line, not the fallback alone (33.69%)."""
    assert main(["strategy", NINE_SIX, "--lines", "1"]) == 0
    out = capsys.readouterr().out
    numbered = [line for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert len(numbered) == 2 and numbered[1].endswith("discard everything")
    assert all(words in numbered[0] for words in ("royal flush", "three of a kind", "two pair", "high pair"))
    summary = next(line for line in out.splitlines() if "then discard everything: return" in line)
    assert summary.startswith("1 line, then discard everything: return 86.")
    one = float(summary.split("return ")[1].split("%")[0])
    assert main(["strategy", NINE_SIX, "--lines", "2"]) == 0
    two = float(next(line for line in capsys.readouterr().out.splitlines()
                     if "then discard everything: return" in line).split("return ")[1].split("%")[0])
    assert 86 < one < two  # every line more buys return


def test_no_short_chart_breaks_up_a_dealt_royal() -> None:
    """Four hands in 2.6 million, but 0.12% of 9/6's return: a chart cut short keeps the top hand."""
    paytable = resolve_paytable(NINE_SIX)
    for lines in (1, 5, 8):
        result = derive_chart(paytable, most_lines=lines)
        assert result.chart.texts()[0].startswith("royal flush"), (lines, result.chart.texts())
        assert result.chart.holding_lines <= lines


@pytest.mark.parametrize("name", sorted(READABLE))
def test_the_whole_chart_says_each_concept_once_in_a_players_words(name: str, tmp_path: Path) -> None:
    """Each line one concept ("4 to a straight flush", not its seven variants joined by "or"), or
    made hands of different concepts, or one list of cards ("AK, AQ, AJ unsuited"); as short and
    as close to perfect play as the published charts; and it reads back to the same return."""
    paytable = resolve_paytable(name)
    result = derive_chart(paytable)
    most, cost = READABLE[name]
    assert result.chart.holding_lines <= most and result.cost <= cost, (len(result.chart.lines), float(result.cost))
    words = vocabulary(paytable.game)
    for text in result.chart.texts():
        phrases = text.split(" or ")
        named = [parse_chart(phrase, paytable.game, "one.txt").lines[0].patterns for phrase in phrases]
        roots = [{(words.chains[code] or (code,))[-1] for code in codes} for codes in named]  # the broadest concepts
        assert all(len(root) == 1 or "," in phrase for root, phrase in zip(roots, phrases)), text
        assert len(set().union(*roots)) == sum(map(len, roots)), text  # no concept twice on a line
        kinds = {Pattern.unpack(code).kind for root in roots for code in root}
        assert len(phrases) == 1 or kinds <= {Kind.MADE, Kind.OF_A_KIND, Kind.TWO_PAIR}, text
    file = tmp_path / "chart.txt"
    file.write_text(chart_file(result.chart, ["a heading"]), encoding="utf-8")
    again = read_chart(file, paytable.game)
    assert again.texts() == result.chart.texts() and chart_return(again, paytable).rtp == result.rtp


def test_nine_six_says_the_published_lines() -> None:
    texts = derive_chart(resolve_paytable(NINE_SIX)).chart.texts()
    for line in ("4 to a straight flush", "3 to a royal", "4 to a flush", "low pair", "4 to an outside straight",
                 "2 to a royal without a ten", "KQJ unsuited", "1 high card"):
        assert line in texts
    assert texts.index("4 to a straight flush") < texts.index("high pair") < texts.index("3 to a royal") \
        < texts.index("4 to a flush") < texts.index("low pair") < texts.index("4 to an outside straight")


def test_cards_of_one_kind_are_one_list_and_read_back() -> None:
    chart = parse_chart("AK, AQ, AJ unsuited\nKQ, KJ suited\n3 to a straight flush, ways + high cards at least 3\n",
                        JACKS_OR_BETTER, "chart.txt")
    assert [len(line.patterns) for line in chart.lines] == [3, 2, 5]
    assert chart.texts() == ["AK, AQ, AJ unsuited", "KQ, KJ suited",
                             "3 to a straight flush, ways + high cards at least 3"]
    with pytest.raises(VideoPokerError, match="'AK, AX unsuited' is not a pattern"):
        parse_chart("AK, AX unsuited\n", JACKS_OR_BETTER, "chart.txt")


def test_a_concept_takes_what_no_line_above_took_at_every_level() -> None:
    chart = parse_chart("4 to an outside straight flush, 2 high cards\n4 to an outside straight flush\n"
                        "4 to a straight flush\n", JACKS_OR_BETTER, "chart.txt")
    assert [len(line.patterns) for line in chart.lines] == [1, 2, 4]
    assert chart.texts() == ["4 to an outside straight flush, 2 high cards", "4 to an outside straight flush",
                             "4 to an inside straight flush"]  # the finest name that takes the same


@pytest.mark.parametrize(("hand", "words"), [
    ("2h 4c 5c Ac", "4 to an inside straight flush (1 deuce)"),  # a wheel: the deuce stands in for the 2
    ("2h Kc Ac", "AK suited (1 deuce)"),  # weaker than QJ with a deuce: no straight below the ace
    ("2h 5c 6c 7c", "4 to a straight flush, 3 ways (1 deuce)"),
])
def test_deuces_wild_holds_say_what_they_draw_to(hand: str, words: str) -> None:
    deuces = GAMES["deuces-wild"]
    cards = sorted(card.index for card in parse_hand(hand, len(hand.split())))
    assert describe(deuces, int(held_patterns(deuces, np.array([cards], dtype=np.uint8))[0])) == words


def test_a_feature_tables_chart_and_sweep_say_they_are_its_base_games(capsys: pytest.CaptureFixture[str]) -> None:
    """A chart or a sweep of a feature table is its pays alone: it says so, never answering as the
    feature game without a word (a plain table's says nothing of the kind)."""
    from videopoker.cli import main

    assert main(["strategy", "multi-strike-16x-bonus-poker-7-5"]) == 0
    assert "the base game, without its multi-strike" in capsys.readouterr().out.splitlines()[0]
    assert main(["sweep", "ultimate-x-jacks-or-better-8-6", "--vary", "full_house=7..9"]) == 0
    assert "(the base game, without its ultimate x)" in capsys.readouterr().out
    assert main(["sweep", "jacks-or-better-9-6", "--vary", "full_house=7..9"]) == 0
    assert "base game" not in capsys.readouterr().out


def test_a_chart_says_what_its_shorthand_means(capsys: pytest.CaptureFixture[str]) -> None:
    from videopoker.analysis.charts.patterns import legend
    from videopoker.cli import main

    assert main(["strategy", "jacks-or-better-9-6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == ["T is a ten (QT: a queen and a ten)",
                        "ways: straights the held cards can still make (outside 2, inside 1)",
                        "high cards: ranks that pay as a pair"]
    assert legend(["KQJ unsuited", "low pair"]) == []
    assert legend(["KT suited"]) == ["T is a ten (QT: a queen and a ten)"]
