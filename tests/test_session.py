"""The wallet and the session: saved before shown, one game at a time, never silently reset."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from support import REPO

from videopoker.deck.cards import Card
from videopoker.errors import CardError, GameError, PaytableError, StateError
from videopoker.machine.game import Phase
from videopoker.machine.training import Training
from videopoker.paytable import find_paytable, load_paytable
from videopoker.player.session import RECALL_SIZE, Session
from videopoker.storage.wallet import FORMAT, DamagedWallet, Wallet, WalletBusy, checksum

FIXTURES = REPO / "tests" / "wallets"


def reopen(home: Path, rng: random.Random | None = None, paytable: str | None = None) -> Session:
    with Session.open(home, rng, paytable) as session:
        return session


def rewrite(home: Path, change: object) -> None:
    """Edit the saved content and recompute the checksum, as a determined hand editor would."""
    file = home / "wallet.json"
    document = json.loads(file.read_text())
    change(document["content"])  # type: ignore[operator]
    document["checksum"] = checksum(document["content"])
    file.write_text(json.dumps(document))


def test_a_new_player_starts_with_1000_credits(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        assert session.state().credits == 1000 and session.state().phase is Phase.IDLE
    assert (isolated_home / "wallet.json").exists()


def test_a_dealt_hand_and_its_holds_come_back_after_a_restart(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        dealt = session.bet_max()
        session.toggle_hold(2)
    again = reopen(isolated_home, random.Random(999)).state()
    assert again.phase is Phase.DEALT and again.hand == dealt.hand and again.bet == 5
    assert again.credits == 995 and again.held == (False, False, True, False, False)


def cards_in(value: object) -> set[str]:
    """Every string in a JSON value that names a card."""
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value))
    if isinstance(value, str):
        try:
            return {str(Card.parse(value))}
        except CardError:
            return set()
    return set()


def test_no_file_holds_the_coming_draw(isolated_home: Path) -> None:
    """Before the draw the home holds the five dealt cards and nothing else of the deck (the
    ledger holds settled rounds only, and none is settled yet)."""
    with Session.open(isolated_home, random.Random(1)) as session:
        dealt = session.bet_max().hand
        session.toggle_hold(0)
        assert {p.name for p in isolated_home.iterdir()} <= {"wallet.json", "wallet.lock", "ledger.sqlite",
                                                             "ledger.sqlite-wal", "ledger.sqlite-shm"}
        assert session.ledger is not None and session.ledger.query("SELECT count(*) FROM hands") == [(0,)]
        saved = json.loads((isolated_home / "wallet.json").read_text())
        assert cards_in(saved) == {str(card) for card in dealt}


def test_the_draw_is_chosen_at_draw_time(isolated_home: Path) -> None:
    """Two restarts of the same dealt hand draw with their own randomness, not a stored deck."""
    with Session.open(isolated_home, random.Random(1)) as session:
        session.bet_max()
    backup = (isolated_home / "wallet.json").read_bytes()
    finals = set()
    for seed in range(5):
        (isolated_home / "wallet.json").write_bytes(backup)
        with Session.open(isolated_home, random.Random(seed)) as session:
            finals.add(session.draw().hand)
    assert len(finals) > 1


def test_recall_keeps_the_last_ten_games_across_restarts(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(3)) as session:
        for _ in range(12):
            session.bet_max()
            session.draw()
    history = reopen(isolated_home).history
    assert history.games == 12 and len(history.recall) == RECALL_SIZE
    assert history.recall[0] == session.history.recall[0]
    assert history.recall[0].credits_after == session.state().credits


# -- one game at a time ---------------------------------------------------------------------------

def test_a_second_game_on_the_same_wallet_is_refused_with_the_holder(isolated_home: Path) -> None:
    import os

    with Session.open(isolated_home), pytest.raises(WalletBusy, match=f"pid {os.getpid()}"):
        Session.open(isolated_home)
    reopen(isolated_home)  # released on close: the next game may play


def test_practice_never_touches_the_wallet(isolated_home: Path) -> None:
    practice = Session.for_practice(random.Random(1))
    assert practice.practice
    practice.bet_max()
    practice.draw()
    assert not isolated_home.exists()
    with Session.open(isolated_home):  # and a practice game does not hold the real wallet
        pass


# -- the pays of a hand in play ----------------------------------------------------------------------

def test_a_hand_settles_on_its_pays_when_the_file_changes_or_goes(isolated_home: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(find_paytable("jacks-or-better-8-5").read_text())
    with Session.open(isolated_home, random.Random(1)) as session:
        session.switch_paytable(load_paytable(mine))
        session.bet_max()
    mine.write_text(mine.read_text().replace("four_of_a_kind: 25", "four_of_a_kind: 2000000"))
    with Session.open(isolated_home) as session:
        assert session.state().paytable.pay(session.state().paytable.game.paying[2], 5) == 125
    mine.unlink()
    with Session.open(isolated_home, random.Random(2)) as session:
        assert session.state().phase is Phase.DEALT and session.state().paytable.name == "Jacks or Better 8/5"
        assert session.notice == (f"the paytable {mine.resolve()} cannot be read now (`videopoker paytable "
                                  "validate` says why); your dealt hand finishes on Jacks or Better 8/5; then "
                                  "Jacks or Better 9/6 is in play")
        outcome = session.draw().last
        assert outcome is not None and outcome.win == load_paytable(
            find_paytable("jacks-or-better-8-5")).pay(outcome.category, 5)
        assert session.state().paytable.name == "Jacks or Better 9/6"  # the next game: the default


def test_play_another_table_with_a_hand_waiting_finishes_the_hand_first(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        dealt = session.bet_max()
    with Session.open(isolated_home, random.Random(1), "jacks-or-better-8-5") as session:
        assert session.state().hand == dealt.hand and session.state().paytable.name == "Jacks or Better 9/6"
        assert session.notice == ("your dealt hand finishes on Jacks or Better 9/6; then Jacks or Better 8/5 "
                                  "is in play")
    with Session.open(isolated_home) as session:  # the choice is kept even if nothing was played
        assert session.state().phase is Phase.DEALT and session.notice is not None
        session.draw()
        assert session.state().paytable.name == "Jacks or Better 8/5"


def test_a_bad_table_named_at_the_start_changes_nothing(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        session.bet_max()
    before = (isolated_home / "wallet.json").read_bytes()
    with pytest.raises(PaytableError, match="nope"):
        Session.open(isolated_home, paytable="nope")
    assert (isolated_home / "wallet.json").read_bytes() == before
    reopen(isolated_home)  # and the wallet was not left locked


# -- older and newer formats --------------------------------------------------------------------------

def _as_saved(content: dict) -> tuple[int, int, list[str] | None, list[bool] | None]:
    """Credits, bet, and the dealt cards and holds of a round in play, from a format 1 or 2 file."""
    if "machine" in content:  # format 1
        machine = content["machine"]
        dealt = machine["phase"] == "dealt"
        return (machine["credits"], machine["bet"], machine["hand"] if dealt else None,
                machine["held"] if dealt else None)
    played = content["round"]
    return (content["credits"], content["bet"], played and played["dealt"], played and played["held"])


@pytest.mark.parametrize("fixture", ["format-1-idle.json", "format-1-dealt.json", "format-2-idle.json",
                                     "format-2-dealt.json", "format-3-idle.json", "format-3-dealt.json",
                                     "format-5-idle.json", "format-5-dealt.json",
                                     "format-7-idle.json", "format-7-dealt.json",  # 7: the last before features
                                     "format-8-idle.json", "format-8-dealt.json"])  # 8: the last before lines
def test_a_wallet_from_an_older_format_loads_and_is_migrated(isolated_home: Path, fixture: str) -> None:
    isolated_home.mkdir()
    shutil.copy(FIXTURES / fixture, isolated_home / "wallet.json")
    document = json.loads((FIXTURES / fixture).read_text())
    old = document["content"]
    credits, bet, dealt, held = _as_saved(old)
    with Session.open(isolated_home, random.Random(5)) as session:
        state = session.state()
        assert session.migrated_from == document["format"] < FORMAT
        assert (state.credits, state.bet, state.hands) == (credits, bet, old.get("hands", 1))
        assert session.training == Training()  # no trainer before format 4: off, no grades
        assert session.history.games == old["history"]["games"] == 3
        assert session.history.total_bet == old["history"]["total_bet"]
        assert [[(hand.final, hand.win) for hand in game.results] for game in session.history.recall] == [
            [(tuple(Card.parse(c) for c in hand["final"]), hand["win"]) for hand in game.get("hands", [game])]
            for game in old["history"]["recall"]]
        assert json.loads((isolated_home / "wallet.json").read_text())["format"] == FORMAT
        assert state.phase is (Phase.DEALT if dealt else Phase.IDLE)
        if dealt:
            assert [str(card) for card in state.hand] == dealt and list(state.held) == held
        session.deal_or_draw()
    saved = json.loads((isolated_home / "wallet.json").read_text())
    assert saved["format"] == FORMAT and "stub" not in json.dumps(saved)
    with Session.open(isolated_home) as session:  # and what was migrated reads back as itself
        assert session.migrated_from is None and session.history.games == 3 + bool(dealt)


def test_a_format_1_hand_whose_table_is_gone_is_void_with_its_bet_returned(isolated_home: Path) -> None:
    isolated_home.mkdir()
    document = json.loads((FIXTURES / "format-1-dealt.json").read_text())
    document["content"]["paytable"] = "/nowhere/gone.yaml"
    document["checksum"] = checksum(document["content"])
    (isolated_home / "wallet.json").write_text(json.dumps(document))
    with Session.open(isolated_home) as session:
        assert session.state().phase is Phase.IDLE
        assert session.state().credits == document["content"]["machine"]["credits"] + 3
        assert session.notice is not None and "void" in session.notice and "returned" in session.notice


def test_a_wallet_from_a_newer_version_is_refused_and_left_untouched(isolated_home: Path) -> None:
    reopen(isolated_home)
    rewrite(isolated_home, lambda content: None)
    file = isolated_home / "wallet.json"
    document = json.loads(file.read_text())
    document["format"] = FORMAT + 1
    file.write_text(json.dumps(document))
    before = file.read_bytes()
    with pytest.raises(StateError, match="newer videopoker") as caught:
        Session.open(isolated_home)
    assert not isinstance(caught.value, DamagedWallet)
    assert file.read_bytes() == before and not list(isolated_home.glob("*.corrupt-*"))


# -- damaged and hostile wallets ----------------------------------------------------------------------

def test_a_hand_edited_wallet_is_kept_aside_and_never_reset(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        session.bet_max()
    file = isolated_home / "wallet.json"
    document = json.loads(file.read_text())
    document["content"]["credits"] = 1_000_000
    file.write_text(json.dumps(document))
    edited = file.read_text()
    with pytest.raises(DamagedWallet, match="was changed outside the game") as caught:
        Session.open(isolated_home)
    assert caught.value.aside is not None and caught.value.aside.read_text() == edited
    assert caught.value.aside.name.startswith("wallet.json.corrupt-")
    assert file.read_text() == edited, "nothing is replaced before the player agrees"
    with Session.start_over(isolated_home) as fresh:
        assert fresh.state().credits == 1000


@pytest.mark.parametrize("content, problem", [
    ("{\"format\": 2, \"checksum\": ", "is not valid JSON"),
    ("[1, 2, 3]", "does not hold a wallet"),
    ("{\"format\": \"x\", \"content\": {}}", "which no videopoker wrote"),
    ("\udcff".encode("utf-8", "surrogateescape").decode("latin-1"), "is not valid JSON"),
    ("[" * 100_000, "nests deeper"),
    ('{"format": 2, "content": {"credits": ' + "9" * 5000 + "}}", "holds a value no wallet has"),
    ('{"format": 2, "content": {"credits": Infinity}}', "holds a value no wallet has"),
    ("{" + " " * (1 << 20) + "}", "larger than"),
])
def test_damaged_wallets_say_what_is_wrong(isolated_home: Path, content: str, problem: str) -> None:
    isolated_home.mkdir(parents=True)
    (isolated_home / "wallet.json").write_text(content)
    with pytest.raises(DamagedWallet, match=problem):
        Session.open(isolated_home)


@pytest.mark.parametrize("change, problem", [
    (lambda c: c.update(credits=10**4000), "credits of many digits outside"),
    (lambda c: c.update(credits=-5), "credits -5 outside"),
    (lambda c: c.update(credits=1.5), "credits is not a whole number"),
    (lambda c: c.update(credits=True), "credits is not a whole number"),
    (lambda c: c.update(bet=51), "bet 51 outside"),  # the most is a feature bet of 50
    (lambda c: c["round"].update(dealt=["Ah", "Ah", "Kh", "Qh", "Jh"]), "card twice"),
    (lambda c: c["round"].update(dealt=["Jk", "Ah", "Kh", "Qh", "Jh"]), "not in the deck"),
    (lambda c: c["round"].update(held=[1, 0, 0, 0, 0]), "true/false"),
    (lambda c: c["round"]["paytable"]["pays"].update(flush=[1, 2]), "5 whole totals"),
    (lambda c: c["round"]["paytable"].update(name="\x1b]0;PWNED\x07"), "control characters"),
    (lambda c: c["round"]["paytable"].update(game=["jacks-or-better"]), "not a short text"),
    (lambda c: c.update(bet=4), "a bet of 4 × 1 hands is not the 5 × 1 of the round in play"),
    (lambda c: c.update(hands=3), "a bet of 5 × 3 hands is not the 5 × 1 of the round in play"),
    (lambda c: c.update(hands=4), "wallet.hands 4 is not one of 1, 3, 5, 10, 50, 100"),
    (lambda c: c["round"].update(hands=1000), "round.hands 1000 outside 1..100"),
    (lambda c: c.pop("hands"), "lacks 'hands'"),
    (lambda c: c.pop("history"), "lacks 'history'"),
])
def test_an_inconsistent_but_checksummed_wallet_is_refused(isolated_home: Path, change: object,
                                                           problem: str) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        session.bet_max()
    rewrite(isolated_home, change)
    with pytest.raises(DamagedWallet, match=problem):
        Session.open(isolated_home)


def test_a_wallet_that_is_a_link_is_refused_untouched(isolated_home: Path, tmp_path: Path) -> None:
    isolated_home.mkdir()
    (isolated_home / "wallet.json").symlink_to(tmp_path / "missing.json")
    with pytest.raises(StateError, match="symbolic link") as caught:
        Session.open(isolated_home)
    assert not isinstance(caught.value, DamagedWallet)
    assert (isolated_home / "wallet.json").is_symlink() and not (tmp_path / "missing.json").exists()


def test_a_wallet_that_is_a_fifo_is_refused_without_hanging(isolated_home: Path) -> None:
    import os

    isolated_home.mkdir()
    os.mkfifo(isolated_home / "wallet.json")
    with pytest.raises(StateError, match="not a regular file"):
        Session.open(isolated_home)


def test_a_leftover_temp_file_that_cannot_be_removed_is_no_crash(isolated_home: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a read-only home (root can write anywhere, so the refusal is simulated)."""
    with Session.open(isolated_home, random.Random(1)) as session:
        session.bet_max()
    (isolated_home / "wallet.json.1-abcd.tmp").write_text("half a write")

    def refuse(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", refuse)
    with Session.open(isolated_home) as again:
        assert again.state().phase is Phase.DEALT


def test_a_home_that_cannot_be_made_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StateError, match="cannot use this folder for the wallet"):
        Session.open(blocker / "home")


def test_a_failed_save_undoes_the_transition(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        before = session.state()

        def refuse(content: object) -> None:
            raise StateError("disk full")

        assert session.wallet is not None
        monkeypatch.setattr(session.wallet, "save", refuse)
        with pytest.raises(StateError, match="disk full"):
            session.bet_max()
        assert session.state() == before


def test_refill_only_at_zero_and_counted(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(1)) as session:
        with pytest.raises(GameError, match="only for an empty credit meter"):
            session.refill()
        session.machine.credits = 0
        assert session.refill().credits == 1000
    assert reopen(isolated_home).history.refills == 1


def test_a_missing_paytable_is_reported_and_play_goes_on(isolated_home: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(find_paytable("jacks-or-better-8-5").read_text())
    with Session.open(isolated_home, random.Random(1)) as session:
        session.set_bet(5)
        session.switch_paytable(load_paytable(mine))
    mine.unlink()
    reopened = reopen(isolated_home)
    assert reopened.notice is not None and reopened.notice.endswith("; playing Jacks or Better 9/6 instead")
    assert reopened.state().paytable.name == "Jacks or Better 9/6"


def test_wallet_content_round_trips(isolated_home: Path) -> None:
    with Session.open(isolated_home, random.Random(4)) as session:
        for _ in range(3):
            session.bet_max()
            session.toggle_hold(1)
            session.draw()
        session.deal()
        session.toggle_hold(3)
        state, history = session.state(), session.history
    with Session.open(isolated_home) as again:
        assert again.state() == state and again.history == history
    assert Wallet(isolated_home).load() is not None


def test_a_round_waiting_from_before_multi_hand_finishes_as_one_hand_then_the_hands_asked_for(
        isolated_home: Path) -> None:
    isolated_home.mkdir()
    shutil.copy(FIXTURES / "format-2-dealt.json", isolated_home / "wallet.json")
    with Session.open(isolated_home, random.Random(1), hands=5) as session:
        state = session.state()
        assert (state.hands, state.bet, state.stake, state.credits) == (1, 3, 3, 982)
        state = session.draw()
        assert state.last is not None and state.last.hands == 1 and state.last.stake == 3
        assert (state.hands, state.stake) == (5, 15)
        state = session.deal()
        assert state.hands == 5 and state.credits == 982 + state.last.win - 15  # type: ignore[union-attr]


def test_a_round_keeps_the_game_it_was_dealt_under(isolated_home: Path) -> None:
    """Editing a game file mid-hand changes nothing for that hand: the round (and the wallet) keep
    the definition it was dealt under; the next deal plays the file as it is now."""
    games, tables = isolated_home / "games", isolated_home / "paytables"
    games.mkdir(parents=True)
    tables.mkdir(parents=True)
    jacks = (REPO / "videopoker" / "games" / "jacks-or-better.yaml").read_text()
    (games / "house.yaml").write_text(jacks.replace("title: Jacks or Better", "title: House"))
    table = (REPO / "videopoker" / "paytables" / "jacks-or-better-9-6.yaml").read_text()
    (tables / "house-9-6.yaml").write_text(table.replace("game: jacks-or-better", "game: house"))
    with Session.open(isolated_home, random.Random(1), "house-9-6") as session:
        session.bet_max()
    # the house now pays only tens or better, and calls it so
    (games / "house.yaml").write_text(jacks.replace("title: Jacks or Better", "title: House Tens")
                                      .replace("ranks: [J, Q, K, A]", "ranks: [10, J, Q, K, A]"))
    with Session.open(isolated_home, random.Random(2)) as session:
        dealt = session.machine.round
        assert dealt is not None and dealt.paytable.game.title == "House"
        assert 10 not in dealt.paytable.game.spec("jacks_or_better").ranks
        session.draw()
        session.bet_max()
        assert session.machine.round is not None and session.machine.round.paytable.game.title == "House Tens"


def test_a_session_opened_on_another_table_starts_on_a_clean_glass(isolated_home: Path) -> None:
    """`videopoker play B` after a round of A: B's glass does not show A's round (nor offer to double
    A's win), as switching tables on the machine does; the round stays in the recall."""
    with Session.open(isolated_home, random.Random(3), "jacks-or-better-9-6") as session:
        session.set_hands(10)
        session.bet_max()
        session.draw()
        assert session.state().last is not None
    with Session.open(isolated_home, random.Random(4), "big-times-draw-jacks-or-better-8-6") as session:
        state = session.state()
        assert state.last is None and state.gamble is None and session.history.recall
    with Session.open(isolated_home, random.Random(5), "big-times-draw-jacks-or-better-8-6") as session:
        assert session.state().last is None  # the same table again: nothing new to show
