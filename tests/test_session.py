"""The wallet and the session: saved before shown, never silently reset."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from videopoker.errors import GameError, StateError
from videopoker.game import Phase
from videopoker.session import RECALL_SIZE, Session
from videopoker.wallet import DamagedWallet, Wallet


def test_a_new_player_starts_with_1000_credits(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(1))
    assert session.state().credits == 1000 and session.state().phase is Phase.IDLE
    assert (isolated_home / "wallet.json").exists()


def test_a_dealt_hand_comes_back_after_a_restart(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(1))
    dealt = session.bet_max()
    session.toggle_hold(2)
    again = Session.open(isolated_home, random.Random(999)).state()
    assert again.phase is Phase.DEALT and again.hand == dealt.hand and again.bet == 5
    assert again.credits == 995 and again.held == (False, False, True, False, False)


def test_the_draw_after_a_restart_is_the_draw_that_was_coming(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(1))
    session.bet_max()
    expected = session.machine.stub[:5]
    final = Session.open(isolated_home, random.Random(2)).draw().hand
    assert final == expected


def test_recall_keeps_the_last_ten_games_across_restarts(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(3))
    for _ in range(12):
        session.bet_max()
        session.draw()
    history = Session.open(isolated_home).history
    assert history.games == 12 and len(history.recall) == RECALL_SIZE
    assert history.recall[0] == session.history.recall[0]
    assert history.recall[0].credits_after == session.state().credits


def test_a_hand_edited_wallet_is_kept_aside_and_never_reset(isolated_home: Path) -> None:
    Session.open(isolated_home, random.Random(1)).bet_max()
    file = isolated_home / "wallet.json"
    document = json.loads(file.read_text())
    document["content"]["machine"]["credits"] = 1_000_000
    file.write_text(json.dumps(document))
    edited = file.read_text()
    with pytest.raises(DamagedWallet, match="was changed outside the game") as caught:
        Session.open(isolated_home)
    assert caught.value.aside is not None and caught.value.aside.read_text() == edited
    assert caught.value.aside.name.startswith("wallet.json.corrupt-")
    assert file.read_text() == edited, "nothing is replaced before the player agrees"
    assert Session.start_over(isolated_home).state().credits == 1000


@pytest.mark.parametrize("content, problem", [
    ("{\"format\": 1, \"checksum\": ", "is not valid JSON"),
    ("[1, 2, 3]", "does not hold a wallet"),
    ("{\"format\": 9, \"content\": {}}", "has format 9"),
    ("\udcff".encode("utf-8", "surrogateescape").decode("latin-1"), "is not valid JSON"),
])
def test_damaged_wallets_say_what_is_wrong(isolated_home: Path, content: str, problem: str) -> None:
    isolated_home.mkdir(parents=True)
    (isolated_home / "wallet.json").write_text(content)
    with pytest.raises(DamagedWallet, match=problem):
        Session.open(isolated_home)


def test_an_inconsistent_but_checksummed_wallet_is_refused(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(1))
    session.bet_max()
    content = Wallet(isolated_home).load()
    assert content is not None
    content["machine"]["stub"] = content["machine"]["stub"][:10]
    Wallet(isolated_home).save(content)
    with pytest.raises(DamagedWallet, match="does not hold a consistent machine"):
        Session.open(isolated_home)


def test_a_failed_save_undoes_the_transition(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.open(isolated_home, random.Random(1))
    before = session.state()

    def refuse(content: object) -> None:
        raise StateError("disk full")

    monkeypatch.setattr(session.wallet, "save", refuse)
    with pytest.raises(StateError, match="disk full"):
        session.bet_max()
    assert session.state() == before


def test_refill_only_at_zero_and_counted(isolated_home: Path) -> None:
    session = Session.open(isolated_home, random.Random(1))
    with pytest.raises(GameError, match="only for an empty credit meter"):
        session.refill()
    session.machine.credits = 0
    assert session.refill().credits == 1000
    assert Session.open(isolated_home).history.refills == 1


def test_a_missing_paytable_is_reported_and_play_goes_on(isolated_home: Path, tmp_path: Path) -> None:
    from videopoker.paytable import find_paytable, load_paytable

    mine = tmp_path / "mine.yaml"
    mine.write_text(find_paytable("8-5").read_text())
    session = Session.open(isolated_home, random.Random(1))
    session.switch_paytable(load_paytable(mine))
    mine.unlink()
    reopened = Session.open(isolated_home)
    assert reopened.notice is not None and "no paytable" in reopened.notice
    assert reopened.state().paytable.name == "Jacks or Better 9/6"
