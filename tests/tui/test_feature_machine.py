"""Feature tables on the glass: the bet that plays the feature, the multiplier on the deal, and
the wheel turning to a prize that was won and saved before it turned (the frames of a spin are
checked in test_feature_view; a key or a busy machine may end one before a test sees it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from waiting import rendered_rows, until

from videopoker.deck.cards import parse_hand
from videopoker.machine.game import Outcome, Phase
from videopoker.machine.round import Round
from videopoker.paytable import resolve_paytable
from videopoker.paytable.kinds.multi_strike import Climb
from videopoker.paytable.kinds.ultimate_x import Lines
from videopoker.player.session import Session
from videopoker.tui.app import VideoPokerApp
from videopoker.tui.widgets.meters import Meters

SIZE = (80, 24)
WHEEL = "wheel-poker-bonus-poker-8-5"


def shown(app: VideoPokerApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def dealt_quads(home: Path, hand: str) -> int:
    """A wallet whose Wheel Poker round is dealt four of a kind, the four held; its credits."""
    paytable = resolve_paytable(WHEEL)
    with Session.open(home, None, paytable=WHEEL) as session:
        session.machine.start(Round(paytable, 6, parse_hand(hand), (True,) * 4 + (False,)))
        session._save()
        return session.machine.credits


async def drawn_on_the_glass(pilot: Pilot[None], app: VideoPokerApp) -> Outcome:
    """Wait for the dealt round of the wallet, press DRAW, and return the round it settled."""
    await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
    await pilot.press("space")
    await until(pilot, lambda: app.session is not None and app.session.machine.last is not None)
    assert app.session is not None and app.session.machine.last is not None
    return app.session.machine.last


async def test_bet_max_plays_big_times_draw_and_the_title_says_the_deals_multiplier(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, "big-times-draw-jacks-or-better-8-6", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "BET 10 FOR BIG TIMES DRAW" in shown(app, "#title"))
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        assert app.session is not None
        state = app.session.state()
        assert state.bet == 10 and state.credits == 990
        await until(pilot, lambda: f"· {state.multiplier}X" in shown(app, "#title"))
        await pilot.press("h")
        await until(pilot, lambda: "WORTH" in shown(app, "#message"))


async def test_the_wheel_turns_to_the_prize_already_won_and_a_key_stops_it(isolated_home: Path) -> None:
    dealt_quads(isolated_home, "9h 9d 9c 9s 2c")
    app = VideoPokerApp(isolated_home, seed=None)
    async with app.run_test(size=SIZE) as pilot:
        last = await drawn_on_the_glass(pilot, app)
        prize = last.results[0].prize
        assert prize > 0 and last.win == 125 + prize and app.spun is last  # it spun (however fast it went)
        await until(pilot, lambda: f"+ WHEEL {prize:,}   WIN {125 + prize:,}" in shown(app, "#message"))
        assert f"WIN {125 + prize:,}" in str(app.query_one(Meters).render())
        await pilot.press("b")  # the next key after a spin works as usual
        await until(pilot, lambda: app.session is not None and app.session.state().bet == 1)


async def test_a_machine_left_after_a_spin_shows_the_same_prize_paid_once(isolated_home: Path) -> None:
    before = dealt_quads(isolated_home, "Kh Kd Kc Ks 2c")
    app = VideoPokerApp(isolated_home, seed=None)
    async with app.run_test(size=SIZE) as pilot:
        won = (await drawn_on_the_glass(pilot, app)).win
    again = VideoPokerApp(isolated_home, seed=None)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.session is not None)
        assert again.session is not None and again.session.machine.credits == before + won
        await until(pilot, lambda: f"WIN {won:,}" in shown(again, "#message"))
        assert again.spin is None  # a round restored is not spun again


async def test_the_analysis_screen_at_the_feature_bet_shows_the_feature_games_return(isolated_home: Path) -> None:
    from textual.widgets import DataTable

    from videopoker.tui.screens.analysis import AnalysisScreen

    app = VideoPokerApp(isolated_home, "big-times-draw-jacks-or-better-8-6", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None)
        await pilot.press("m", "a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        screen = app.screen
        await until(pilot, lambda: "Return 95.4895% at 10 coins" in str(screen.query_one("#return-status",
                                                                                          Static).render()))
        table = screen.query_one("#return-table", DataTable)
        assert [str(cell) for cell in table.get_row_at(table.row_count - 1)][-1] == "0.954895"


async def hold_the_hint(pilot: Pilot[None], app: VideoPokerApp) -> None:
    """Ask for the hint and hold the cards it marks, as a player following it would."""
    await pilot.press("h")
    await until(pilot, lambda: "WORTH" in shown(app, "#message"))
    assert app.hint is not None
    for position, keep in enumerate(app.hint[1]):
        if keep:
            await pilot.press(str(position + 1))


async def test_ultimate_x_shows_the_lines_and_what_a_round_earned_them(isolated_home: Path) -> None:
    """Triple Play Ultimate X at 10 coins: the lines on the message line while dealt, the upper hands
    led by their multipliers, and after a win the NEXT HAND multipliers, dealt under next."""
    from videopoker.tui.widgets.hands import HandsPanel

    app = VideoPokerApp(isolated_home, "ultimate-x-jacks-or-better-8-6", seed=3, hands=3)
    app.DEAL_GUARD = 0  # a robot's quick deals are deliberate
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "BET 10 FOR ULTIMATE X" in shown(app, "#title"))
        for _ in range(40):
            await pilot.press("m")
            await until(pilot, lambda: "LINES" in shown(app, "#message"))
            await hold_the_hint(pilot, app)  # the best hold in the lines' state, by worth
            await pilot.press("space")
            await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
            if "NEXT HAND" in shown(app, "#message"):
                break
        state = app.session.state()
        assert state.last is not None and isinstance(state.last.state, Lines) and isinstance(state.state, Lines)
        lines, played = state.state.multipliers, state.last.state
        assert lines == played.earned != (1, 1, 1)
        assert all(line.startswith(f"{m:>2}X") for line, m in zip(app.query_one(HandsPanel).lines_shown,
                                                                    played.multipliers[1:]))
        await pilot.press("m")
        on_glass = " ".join(f"{m}X" for m in lines[1:]) + f" · MAIN {lines[0]}X"  # top down, the main hand named
        await until(pilot, lambda: f"LINES {on_glass}" in shown(app, "#message"))


async def test_multi_strike_shows_the_stack_and_plays_up_it(isolated_home: Path) -> None:
    """BET MAX bets the whole stack; the glass shows every level's multiplier, the level in play and,
    once a level pays or rides free, the next one dealt above it."""
    from videopoker.tui.widgets.hands import HandsPanel

    app = VideoPokerApp(isolated_home, "multi-strike-16x-bonus-poker-7-5", seed=4)
    app.DEAL_GUARD = 0  # a robot's quick deals are deliberate
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "BET 25 FOR MULTI-STRIKE" in shown(app, "#title"))
        for _ in range(60):
            await pilot.press("m")
            await until(pilot, lambda: "LEVEL 1 · 1X" in shown(app, "#message"))
            panel = app.query_one(HandsPanel).lines_shown
            assert [line.split("X")[0].strip() for line in panel] == ["16", "8", "4", "2", "1"]
            assert "IN PLAY" in panel[-1]
            await hold_the_hint(pilot, app)  # the best hold on the level, by worth
            await pilot.press("space")
            await until(pilot, lambda: "LEVEL 2" in shown(app, "#message") or "LEVEL 1" in shown(app, "#message")
                        or "GAME OVER" in shown(app, "#message"))
            if "LEVEL 2 · 2X" in shown(app, "#message"):
                break
        climb = app.session.state().state if app.session is not None else None
        assert isinstance(climb, Climb) and climb.level == 2
        assert "IN PLAY" in app.query_one(HandsPanel).lines_shown[-2]


@pytest.mark.parametrize(("name", "hands", "says"), [
    ("multi-strike-16x-bonus-poker-7-5", None, "Return 98.3556% at 25 coins"),
    ("ultimate-x-jacks-or-better-8-6", 3, "Return 99.2978% at 10 coins a hand, 3-play")])
async def test_the_analysis_screen_solves_a_stack_and_lines_for_the_whole_game(isolated_home: Path, name: str,
                                                                             hands: int | None, says: str) -> None:
    """At the feature bet of Multi-Strike and of Ultimate X (at the machine's hands a round), the
    return pane shows the game solved exactly, level values or multiplier sums and all."""
    from textual.widgets import DataTable

    from videopoker.tui.screens.analysis import AnalysisScreen

    app = VideoPokerApp(isolated_home, name, seed=5, hands=hands)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None)
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        screen = app.screen
        await until(pilot, lambda: says in str(screen.query_one("#return-status", Static).render()))
        assert app.session is not None
        categories = len(app.session.state().paytable.game.categories)
        assert screen.query_one("#return-table", DataTable).row_count == categories + 1


async def test_shockwave_mode_is_on_the_glass_its_pays_in_the_table_and_its_hands_counting_down(
        isolated_home: Path) -> None:
    """A quad drawn in regular mode (dealt here, all held): the title and the message line say the mode
    and its hands left, the paytable pays four of a kind 800 a coin while it lasts, and each hand
    counts it down."""
    from videopoker.paytable.kinds.shockwave import HandsLeft

    table = "shockwave-jacks-or-better-12-8"
    with Session.open(isolated_home, None, paytable=table) as session:
        session.machine.start(Round(resolve_paytable(table), 5, parse_hand("8s 8h 8d 8c 2h"), (True,) * 5,
                                    state=HandsLeft(0)))
        session._save()
    app = VideoPokerApp(isolated_home, table, seed=3)
    app.DEAL_GUARD = 0  # a robot's quick deals are deliberate
    async with app.run_test(size=SIZE) as pilot:
        await drawn_on_the_glass(pilot, app)
        await until(pilot, lambda: "SHOCKWAVE · 10 HANDS LEFT" in shown(app, "#title"))
        assert "SHOCKWAVE! NEXT 10 HANDS: FOUR OF A KIND PAYS 800 A COIN" in shown(app, "#message")
        assert "3,200" in app.export_screenshot()  # four of a kind at 4 coins, 800 a coin

        await pilot.press("m")
        await until(pilot, lambda: "SHOCKWAVE · 10 LEFT · HOLD, THEN DRAW" in shown(app, "#message"))
        await pilot.press("space")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.IDLE)
        assert app.session is not None and app.session.state().state in (HandsLeft(9), HandsLeft(0))


async def test_a_fresh_shockwave_glass_says_what_starts_the_mode_and_what_it_pays(isolated_home: Path) -> None:
    app = VideoPokerApp(isolated_home, "shockwave-jacks-or-better-12-8", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        rule = "FOUR OF A KIND STARTS SHOCKWAVE: 10 HANDS OF FOUR OF A KIND 800 A COIN"
        await until(pilot, lambda: rule in shown(app, "#message"))
        assert len(rule) <= 78


async def test_a_fresh_wheel_glass_says_what_spins_it_and_the_help_its_bet(isolated_home: Path) -> None:
    from textual.widgets import Static

    app = VideoPokerApp(isolated_home, "wheel-poker-double-double-bonus-9-6", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        rule = "AT 6 COINS FOUR OF A KIND SPINS THE WHEEL: 100 TO 2,000 CREDITS"
        await until(pilot, lambda: rule in shown(app, "#message"))
        await pilot.press("question_mark")
        await until(pilot, lambda: any("Bet 1 to 6 coins" in str(text.render())
                                       for text in app.screen.query(Static)))


async def test_the_chart_at_a_features_bet_is_the_base_games_and_the_machine_stays_up(isolated_home: Path) -> None:
    """`c` at the wheel's 6 coins crashed the machine (the chart was asked for 6 coins of a 5-coin
    table in a worker): it shows the base game's chart at 5 coins."""
    from videopoker.tui.screens.chart import ChartScreen

    app = VideoPokerApp(isolated_home, "wheel-poker-double-double-bonus-9-6", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChartScreen) and len(app.screen.query(".chart-line")) > 10)
        assert app.screen.coins == 5 and app.is_running
        assert "BASE GAME" in str(app.screen.query_one(".dialog-title").render())


async def test_the_hint_says_every_worth_a_coin_bet_and_names_the_runner_ups(isolated_home: Path) -> None:
    """On Ultimate X lines the hint's worth is the trainer's, a coin bet (not coins of the round), and
    the holds after the best are named, within the line."""
    import re

    from videopoker.machine.training import advice, cards_text, judge

    app = VideoPokerApp(isolated_home, "ultimate-x-jacks-or-better-8-6", seed=3, hands=3)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "BET 10 FOR ULTIMATE X" in shown(app, "#title"))
        await pilot.press("m")
        await until(pilot, lambda: app.session is not None and app.session.state().phase is Phase.DEALT)
        await pilot.press("h")
        await until(pilot, lambda: "WORTH" in shown(app, "#message"))
        said = shown(app, "#message")
        assert app.session is not None and app.session.machine.round is not None
        current = app.session.machine.round
        decision = judge(current.pays, current.bet, current.hands, current.dealt, current.held, None, current.state)
        worth = re.search(r"WORTH (\d+\.\d{4}) A COIN · NEXT (.+?) \d+\.\d{4}", said)
        assert worth is not None and float(worth[1]) == pytest.approx(float(decision.best_worth or 0), abs=1e-4)
        runner_up = advice(current.pays, current.bet, current.dealt, state=current.state)[1]
        assert worth[2] == cards_text(runner_up.cards) and len(said) <= 78


@pytest.mark.parametrize(("table", "earned", "also"), [
    ("ultimate-x-jacks-or-better-8-6", ("FULL HOUSE", "12X"), ("FLUSH", "11X")),
    ("bonus-streak-jacks-or-better-8-6", ("FULL HOUSE", "2→12X"), ("FLUSH", "2→4X"))])
async def test_the_pays_show_what_each_hand_earns_at_the_feature_bet(isolated_home: Path, table: str,
                                                                     earned: tuple[str, str],
                                                                     also: tuple[str, str]) -> None:
    """As a cabinet prints them: at the feature bet each hand's pay has what it earns its line (Ultimate
    X's multiplier; a Bonus Streak's streak, first to last); below the feature bet, nothing."""
    from videopoker.tui.widgets.paytable import PaytablePanel

    app = VideoPokerApp(isolated_home, table, seed=3, hands=3)
    async with app.run_test(size=SIZE) as pilot:
        panel = app.query_one(PaytablePanel)
        await until(pilot, lambda: panel.region.width > 0)
        assert not any(earned[1] in row for row in rendered_rows(panel))
        await pilot.press("m")
        await until(pilot, lambda: any(earned[0] in row and earned[1] in row for row in rendered_rows(panel)))
        assert any(also[0] in row and also[1] in row and "STRAIGHT" not in row for row in rendered_rows(panel))


async def test_a_dream_card_is_marked_its_worth_told_beside_the_best_and_o_offers_the_next(
        isolated_home: Path) -> None:
    """A dream deal on the glass: DREAM under the card, its expected credits beside the best card's
    (the "dream card controversy" answered on the glass), and ``o`` puts the next best card there."""
    from tests.test_dream_card import dream_table
    from videopoker.analysis.features.registry import engine_of
    from videopoker.deck.cards import Card
    from videopoker.paytable.kinds.dream_card import Dreamt
    from videopoker.tui.widgets.card import CardView

    paytable = dream_table(isolated_home)
    table = isolated_home / "dream.yaml"
    dealt = parse_hand("9h Jc Kc 4h Js")
    with Session.open(isolated_home, None, paytable=str(table)) as session:
        session.machine.start(Round(paytable, 10, dealt, state=Dreamt(4, Card.parse("Js").index)))
        session._save()
    choices = [card for card, _ in engine_of(paytable.feature).choices(paytable, dealt, Dreamt())]  # type: ignore[arg-type]
    app = VideoPokerApp(isolated_home)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "DREAM CARD J♠: THE BEST, 7.68 CREDITS EXPECTED" in shown(app, "#message"))
        assert "DREAM" in rendered_rows(app.query(CardView)[4])[-1]
        await pilot.press("o")  # the next card of the ranking after the jack of spades
        following = choices[choices.index(Card.parse("Js")) + 1]
        await until(pilot, lambda: app.session is not None and app.session.state().hand[4] == following)
        await until(pilot, lambda: "BEST J" in shown(app, "#message") or "THE BEST" in shown(app, "#message"))
