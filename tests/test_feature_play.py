"""Feature games on the machine: the bet that plays them, the multiplier on the deal, the wheel
after the draw, each drawn by the machine's RNG, saved before it is shown, and on record."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from videopoker.cli import main
from videopoker.deck.cards import parse_hand
from videopoker.errors import GameError
from videopoker.ledger.store import Ledger
from videopoker.machine.feature_play import drawn
from videopoker.machine.game import Machine, Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.player.session import Session
from videopoker.storage.wallet import DamagedWallet, checksum

BIG_TIMES = "big-times-draw-jacks-or-better-8-6"
HOT_ROLL = "hot-roll-jacks-or-better-9-6"
WHEEL = "wheel-poker-bonus-poker-8-5"
QUADS = parse_hand("9h 9d 9c 9s 2c")  # top card 9: 3X on Big Times Draw 8/6
WHEEL_PRIZES = {100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 2000}


def test_bet_one_steps_through_the_coins_then_the_feature_bet_and_bet_max_plays_it() -> None:
    machine = Machine(resolve_paytable(BIG_TIMES), credits=1000, rng=random.Random(1), bet=1)
    seen = [machine.bet_one().bet for _ in range(6)]
    assert seen == [2, 3, 4, 5, 10, 1]
    state = machine.bet_max()
    assert state.bet == 10 and state.phase is Phase.DEALT and machine.credits == 990
    with pytest.raises(GameError, match=r"a bet is 1..5 coins, or 10 for its big times draw, got 7"):
        Machine(resolve_paytable(BIG_TIMES), rng=random.Random(1)).set_bet(7)


def test_a_big_times_draw_deal_pays_every_win_at_its_top_cards_multiplier() -> None:
    paytable = resolve_paytable(BIG_TIMES)
    machine = Machine(paytable, credits=100, rng=random.Random(2))
    machine.start(Round(paytable, 10, QUADS, (True,) * 5, multiplier=3))
    assert machine.snapshot().multiplier == 3
    state = machine.draw()
    assert state.last is not None and state.last.multiplier == 3
    assert state.last.results[0].win == 3 * 125 and state.credits == 90 + 375
    with pytest.raises(GameError, match="this deal plays under 3X, not 5X"):
        Round(paytable, 10, QUADS, multiplier=5)
    with pytest.raises(GameError, match="this deal plays under 1X"):
        Round(paytable, 5, QUADS, multiplier=3)  # below the feature bet there is none


def test_below_the_feature_bet_a_feature_table_plays_its_pay_columns() -> None:
    paytable = resolve_paytable(WHEEL)
    machine = Machine(paytable, credits=100, rng=random.Random(2))
    machine.start(Round(paytable, 5, QUADS, (True,) * 4 + (False,)))
    state = machine.draw()
    assert state.last is not None and state.last.results[0].win == 125 and state.last.results[0].prize == 0


def test_the_deal_multiplier_is_drawn_by_its_weights() -> None:
    paytable = resolve_paytable(HOT_ROLL)
    assert paytable.feature is not None
    rng = random.Random(5)
    seen = Counter(Round.deal(paytable, 10, rng).multiplier for _ in range(21_600))
    assert set(seen) <= set(range(1, 13)) and 17_000 < seen[1] < 19_000 and seen[7] > seen[12]
    wheel = resolve_paytable(WHEEL).feature
    assert wheel is not None
    stops = Counter(drawn(wheel.wheel, rng) for _ in range(15_400))
    assert set(stops) == WHEEL_PRIZES and 2_300 < stops[250] < 2_900 and stops[2000] < 500


def test_a_wheel_spins_for_each_trigger_hand_and_its_prize_is_paid_and_kept(isolated_home: Path) -> None:
    paytable = resolve_paytable(WHEEL)
    with Session.open(isolated_home, random.Random(7), paytable=WHEEL) as session:
        session.machine.start(Round(paytable, 6, QUADS, (True,) * 4 + (False,), hands=3))
        session.draw()
        last = session.machine.last
        assert last is not None
        for result in last.results:
            assert result.category == "four_5_k" and result.prize in WHEEL_PRIZES
            assert result.win == 125 + result.prize
        credits = session.machine.credits
    saved = json.loads((isolated_home / "wallet.json").read_text())
    assert [hand["prize"] for hand in saved["content"]["last"]["hands"]] == [r.prize for r in last.results]
    with Session.open(isolated_home, random.Random(8)) as session:  # after a kill mid-spin: paid once
        assert session.machine.credits == credits and session.machine.last == last
    ledger = Ledger.open(isolated_home)
    assert ledger is not None
    assert ledger.query("SELECT prize, win FROM hands ORDER BY hand") == [(r.prize, r.win) for r in last.results]
    ledger.close()


def test_a_times_pay_multiplier_is_in_the_wallet_before_the_hold(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(11), paytable=HOT_ROLL) as session:
        multipliers = []
        for _ in range(40):
            state = session.bet_max()
            saved = json.loads((isolated_home / "wallet.json").read_text())["content"]["round"]
            assert saved.get("multiplier", 1) == state.multiplier == session.machine.round.multiplier
            multipliers.append(state.multiplier)
            session.draw()
            assert session.machine.last is not None and session.machine.last.multiplier == state.multiplier
    assert any(m > 1 for m in multipliers)
    ledger = Ledger.open(isolated_home)
    assert ledger is not None
    assert [m for (m,) in ledger.query("SELECT multiplier FROM rounds ORDER BY number")] == multipliers
    ledger.close()


def test_a_multiplier_edited_into_the_wallet_is_damage_not_a_payout(isolated_home: Path) -> None:
    paytable = resolve_paytable(BIG_TIMES)
    with Session.open(isolated_home, random.Random(3), paytable=BIG_TIMES) as session:
        session.machine.start(Round(paytable, 10, QUADS, multiplier=3))
        session._save()
    wallet = isolated_home / "wallet.json"
    document = json.loads(wallet.read_text())
    document["content"]["round"]["multiplier"] = 10
    document["checksum"] = checksum(document["content"])
    wallet.write_text(json.dumps(document))
    with pytest.raises(DamagedWallet, match="this deal plays under 3X, not 10X"):
        Session.open(isolated_home, random.Random(3))


def test_the_grade_of_a_feature_hold_is_its_worth_at_the_deals_multiplier(isolated_home: Path) -> None:
    paytable = resolve_paytable(BIG_TIMES)
    with Session.open(isolated_home, random.Random(3), paytable=BIG_TIMES) as session:
        session.machine.start(Round(paytable, 10, QUADS, (True,) * 3 + (False,) * 2, multiplier=3))
        decision = session.judge()
        assert decision.best_ev == 3 * 25 * 5 / 10  # the quads held, 3X, per coin of the 10-coin bet
        assert decision.ev < decision.best_ev and decision.variance > 0
        session.draw(decision)
    assert main(["history", "--json"]) == 0


def test_history_of_feature_rounds_expects_the_features_return(isolated_home: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    expected = 0.0
    with Session.open(isolated_home, random.Random(12), paytable=WHEEL) as session:
        for _ in range(30):
            session.bet_max()
            decision = session.judge()  # nothing held: worth what a wheel game is worth discarding all
            expected += float(decision.ev) * 6
            session.draw(decision)
    capsys.readouterr()
    assert main(["history", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    table = figures["tables"][0]
    assert table["coin_in"] == 180 and table["expected_return"] == pytest.approx(expected / 180)
    assert sum(row["expected"] for row in table["categories"].values()) == pytest.approx(30)


def test_simulate_plays_the_feature_and_agrees_with_the_exact_return(capsys: pytest.CaptureFixture[str]) -> None:
    for name in (BIG_TIMES, WHEEL, HOT_ROLL):
        assert main(["simulate", name, "--hands", "2000000", "--seed", "4", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert main(["analyze", name, "--json"]) == 0
        exact = json.loads(capsys.readouterr().out)["rtp"]
        assert result["coins"] == resolve_paytable(name).top_bet
        assert abs(result["rtp"] - exact) < 4 * result["standard_error"], (name, result["rtp"], exact)
    assert main(["simulate", WHEEL, "--hands", "1000", "--strategy", "random"]) == 1
    assert "at the feature bet simulate plays perfect play only" in capsys.readouterr().err


def test_bankroll_of_a_feature_table_uses_the_law_of_its_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    from videopoker.analysis.features.feature import analyze_feature

    solved = analyze_feature(resolve_paytable(WHEEL))
    law = solved.win_law()
    assert sum(law.values()) == 1
    assert sum(win * p for win, p in law.items()) / solved.coins == solved.rtp
    assert sum(win * win * p for win, p in law.items()) / solved.coins**2 == solved.second_moment
    assert main(["bankroll", WHEEL, "--credits", "600", "--hands", "500", "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert odds["coins"] == 6 and 0 < odds["ruin"] < 1
