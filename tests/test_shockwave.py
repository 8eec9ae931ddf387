"""Shockwave, a kind that carries state added in its own modules: read from a file, solved exactly
over the hands left in the mode, played on the machine and kept by the wallet."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from videopoker.analysis.features.shockwave.hint import mode_holds
from videopoker.analysis.features.shockwave.solve import analyze_shockwave
from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import PaytableError
from videopoker.machine.game import Machine
from videopoker.machine.round import Round
from videopoker.paytable import parse_document, resolve_paytable
from videopoker.paytable.checking import check_document
from videopoker.paytable.kinds.shockwave import HandsLeft, Shockwave
from videopoker.player.session import Session

TABLE = "shockwave-jacks-or-better-12-8"
QUADS = "8s 8h 8d 8c 2h"       # held whole: four of a kind
PAIR = "Kh Kd 5h 6h 7h"


def test_the_plain_holds_return_what_a_renewal_argument_gives() -> None:
    """Played with the plain table's holds in both modes, the game is a renewal process: regular
    hands until a quad (geometric), then a mode of up to K hands that a quad ends. Its return,
    worked out apart from the solver's linear system, is the solver's, exactly."""
    paytable = resolve_paytable(TABLE)
    analysis = analyze_shockwave(paytable)
    feature = paytable.feature
    assert isinstance(feature, Shockwave)
    quad = next(row.probability for row in analysis.base.rows if row.category == "four_of_a_kind")
    regular = analysis.base.rtp
    mode = regular + quad * (800 - Fraction(paytable.pay("four_of_a_kind", 5), 5))
    mode_hands = (1 - (1 - quad) ** feature.hands) / quad
    assert analysis.plain.rtp == (regular / quad + mode * mode_hands) / (1 / quad + mode_hands)


def test_the_exact_return_beats_the_fixed_bonus_which_beats_the_plain_holds() -> None:
    """The Wizard of Odds prices the mode as a fixed bonus on the quad; the optimum is a few 1e-8
    above it, and both about 0.4% above the plain table's holds; the mix of modes is his."""
    analysis = analyze_shockwave(resolve_paytable(TABLE))
    best, fixed, plain = analysis.best.rtp, analysis.fixed_bonus.rtp, analysis.plain.rtp
    assert 0 < best - fixed < Fraction(1, 10**6) and Fraction(3, 1000) < fixed - plain < Fraction(5, 1000)
    assert f"{float(best) * 100:.2f}" == "99.55"
    assert f"{float(analysis.best.shares[0]):.4f}" == "0.9778"  # 97.78% of hands in regular mode
    per_mode = sum(analysis.best.shares[1:]) / analysis.best.shares[-1]
    assert f"{float(per_mode):.2f}" == "9.88"  # hands a mode, on average
    assert 18.3 <= float(analysis.bonus) / 5 <= 18.9  # the mode is worth 18.3–18.8 bets
    values = analysis.best.values
    assert values[0] == 0 and all(a < b for a, b in itertools.pairwise(values))  # more hands left, more worth


def test_in_the_mode_a_pair_beats_a_flush_draw_and_the_hint_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """In regular mode 12/8's flush draw beats a pair of kings; in the mode four kings pay 800 a coin."""
    paytable = resolve_paytable(TABLE)
    regular, mode = (mode_holds(paytable, parse_hand(PAIR), HandsLeft(left)) for left in (0, 3))
    assert (regular.holds[0].label, mode.holds[0].label) == ("Kh 5h 6h 7h", "Kh Kd")
    assert not regular.changed and mode.changed
    assert main(["hint", TABLE, *PAIR.split(), "--shockwave-left", "3"]) == 0
    said = capsys.readouterr().out
    assert "Shockwave mode, 3 hands left" in said and "The state changes the hold: Kh Kd" in said
    assert main(["hint", TABLE, *PAIR.split(), "--shockwave-left", "11"]) == 1
    assert "--shockwave-left 11" in capsys.readouterr().err
    assert main(["hint", "jacks-or-better-9-6", *PAIR.split(), "--shockwave-left", "2"]) == 1
    assert "is not a Shockwave table" in capsys.readouterr().err


def test_a_quad_starts_the_mode_which_pays_800_a_coin_and_ends_on_the_next() -> None:
    machine = Machine(resolve_paytable(TABLE), credits=1000, rng=random.Random(1))
    machine.start(Round(machine.paytable, 5, parse_hand(QUADS), (True,) * 5, state=HandsLeft(0)))
    state = machine.draw()
    assert state.last is not None and state.last.win == 125  # the table's quad, in regular mode
    assert state.state == HandsLeft(10)  # the next ten hands
    machine.start(Round(machine.paytable, 5, parse_hand(QUADS), (True,) * 5, state=HandsLeft(10)))
    state = machine.draw()
    assert state.last is not None and state.last.win == 4000 and state.state == HandsLeft(0)
    machine.start(Round(machine.paytable, 5, parse_hand("2c 5d 9h Js 7c"), (True,) * 5, state=HandsLeft(4)))
    assert machine.draw().state == HandsLeft(3)  # a hand of the mode, counted down


def test_the_mode_survives_a_kill_and_waits_for_the_next_session(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(5), TABLE) as session:
        session.machine.start(Round(session.machine.paytable, 5, parse_hand(QUADS), (True,) * 5,
                                    state=HandsLeft(0)))
        session.draw()
        assert session.state().state == HandsLeft(10)
        session.bet_max()
        dealt = session.machine.round
    assert dealt is not None and dealt.state == HandsLeft(10)
    with Session.open(isolated_home, random.Random(6)) as session:  # as after a kill -9: the round as saved
        assert session.machine.round == dealt
        session.draw()
        after = session.state().state
    assert after in (HandsLeft(9), HandsLeft(0))
    with Session.open(isolated_home, random.Random(7)) as session:
        assert session.state().state == after
    saved = json.loads((isolated_home / "wallet.json").read_text())["content"]
    assert saved["last"]["shockwave_left"] == 10 and saved["last"]["shockwave_after"] in (9, 0)


def test_a_mistake_in_a_shockwave_feature_is_told_with_its_place() -> None:
    text = (resolve_paytable(TABLE).name and Path(__file__).parent.parent / "videopoker/paytables" /
            f"{TABLE}.yaml").read_text().replace("ends_on: [four_of_a_kind]", "ends_on: [four_of_kind]")
    with pytest.raises(PaytableError, match=r"t.yaml:\d+:\d+: shockwave ends_on 'four_of_kind' is not a paying hand"
                                            r".*did you mean 'four_of_a_kind'"):
        check_document(parse_document(text, "t.yaml"), "t.yaml", "t")


def test_simulate_plays_the_literal_game_and_agrees_with_the_exact_return(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", TABLE, "--hands", "300000", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert abs(data["rtp"] - analyze_shockwave(resolve_paytable(TABLE)).rtp) < 4 * data["standard_error"] < 0.1


def test_a_machine_found_in_the_mode_is_worth_its_hands_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Played on, a machine found with k hands left is worth H(k) beside a fresh one; a player who
    walks away once a hand is not worth its bet nets a little less, and nothing in regular mode."""
    analysis = analyze_shockwave(resolve_paytable(TABLE))
    for left in (0, 1, 7):
        assert main(["analyze", TABLE, "--found", str(left), "--json"]) == 0
        found = json.loads(capsys.readouterr().out)["found"]
        assert found["value"] == pytest.approx(float(analysis.best.values[left]))
        assert 0 <= found["vulture"] <= found["value"] + 1e-9 and found["worth_playing"] == (left > 0)
    assert found["vulture"] > found["value"] - 1  # seven hands of 800-coin quads are worth playing out
    assert main(["analyze", "jacks-or-better-9-6", "--found", "3"]) == 1
    assert "keeps no state" in capsys.readouterr().err


def test_what_the_engine_cannot_do_yet_names_the_bet_that_plays_the_base_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Shockwave takes no extra coin, so the base game is played below max_coins, not at it."""
    assert main(["bankroll", TABLE, "--credits", "1000", "--hands", "100", "--multi", "3"]) == 1
    assert "not worked out yet; drop --multi for one hand a round, or --coins 4 for the base game's" in \
        capsys.readouterr().err
    assert main(["bankroll", TABLE, "--credits", "1000", "--hands", "100"]) == 0  # its modes as a chain
    assert main(["simulate", TABLE, "--strategy", "hold-nothing", "--hands", "1000"]) == 1
    assert "--coins 4 plays the base game with hold-nothing" in capsys.readouterr().err
