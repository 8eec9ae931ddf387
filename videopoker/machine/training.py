"""The trainer: each hold judged against the best one, and the session's grades.

A hold is judged by its exact expected value per coin bet (:func:`videopoker.analysis.solve.hint.best_holds`,
about a millisecond once the family's tables are loaded), so a hold whose EV equals the best is
never a mistake, whatever cards it keeps.  Grades count rounds (a multi-hand round is one
decision, played on every hand) and weigh EVs by the credits staked, so the session's figures are
in credits: what the player's holds were worth, what perfect holds on the same deals were
worth, and the difference, the EV lost.  Sums are exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from videopoker.deck.cards import Card
from videopoker.machine.settled import Grade
from videopoker.paytable import Paytable
from videopoker.paytable.feature import PlayState

if TYPE_CHECKING:
    from videopoker.analysis.charts.chart import Chart
    from videopoker.analysis.solve.hint import HoldChoice

#: A mistake costing at least this much per coin bet is major; less is minor.  A tenth of a coin
#: separates the slips of a good player (a kicker kept, 0.01–0.05) from holding the wrong hand.
MAJOR_COST = Fraction(1, 10)
#: The costliest mistakes a session keeps for the player to look back on.
KEPT_MISTAKES = 10


@dataclass(frozen=True)
class Decision:
    """One dealt hand, the hold the player chose, the best hold, and both EVs per coin bet."""

    paytable: str                   # the table's name, to say where a kept mistake was made
    coins: int                      # per hand
    hands: int                      # in the round
    dealt: tuple[Card, ...]
    held: tuple[bool, ...]
    best: tuple[bool, ...]
    ev: Fraction
    best_ev: Fraction
    #: Of one hand's pay per coin at the hold made (the ledger's luck figures need it); None for a
    #: kept mistake of a wallet older than the ledger, which never needs it.
    variance: Fraction | None = None
    #: Where state carried across rounds decides the hold (Ultimate X's lines), what ranks the holds:
    #: their worth per coin bet, the multipliers they earn included; ``ev`` and ``best_ev`` stay this
    #: round's expected win (the best hold's may be the smaller: it buys multipliers).
    worth: Fraction | None = None
    best_worth: Fraction | None = None

    @property
    def cost(self) -> Fraction:
        """EV (or worth) per coin bet given up by this hold (0 for any hold as good as the best)."""
        if self.worth is not None and self.best_worth is not None:
            return self.best_worth - self.worth
        return self.best_ev - self.ev

    @property
    def right(self) -> bool:
        return self.cost == 0

    @property
    def major(self) -> bool:
        return self.cost >= MAJOR_COST

    @property
    def stake(self) -> int:
        return self.coins * self.hands

    def held_text(self, flags: Sequence[bool] | None = None) -> str:
        kept = [card for card, keep in zip(self.dealt, self.held if flags is None else flags) if keep]
        return cards_text(kept)

    def warning(self) -> str:
        """The trainer's stop: ``BEST: HOLD Q♥ J♥ 10♥ — EV 1.5232; YOURS 0.4681 (COSTS 1.0551)``."""
        if self.worth is not None and self.best_worth is not None:
            return (f"BEST: HOLD {self.held_text(self.best)} — WORTH {float(self.best_worth):.4f}; "
                    f"YOURS {float(self.worth):.4f} (COSTS {float(self.cost):.4f})")
        return (f"BEST: HOLD {self.held_text(self.best)} — EV {float(self.best_ev):.4f}; "
                f"YOURS {float(self.ev):.4f} (COSTS {float(self.cost):.4f})")


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the machine shows them (``Q♥ J♥ 10♥``); a hold of no cards is ``NOTHING``."""
    return " ".join(card.label for card in cards) or "NOTHING"


def judge(paytable: Paytable, coins: int, hands: int, dealt: Sequence[Card], held: Sequence[bool],
          multiplier: int | None = None, state: PlayState | None = None) -> Decision:
    """The player's hold of ``dealt`` against the best, exactly; at a feature bet by their worth per
    coin of the whole bet under the deal's ``multiplier`` (its mean where not given); under a kind's
    ``state`` (Ultimate X's lines, a Multi-Strike level), as that kind's engine judges it there."""
    from videopoker.analysis.solve.hint import best_holds

    feature = paytable.feature
    if state is not None and state.decides_hold and feature is not None:
        from videopoker.analysis.features.registry import engine_of

        judged = engine_of(feature).judge(paytable, coins, dealt, held, state)
        return Decision(paytable.name, judged.coins, judged.hands, tuple(dealt), tuple(held), judged.best, judged.ev,
                        judged.best_ev, judged.variance, judged.worth, judged.best_worth)
    choices = best_holds(paytable, dealt, coins, multiplier)
    yours = next(choice for choice in choices if choice.held == tuple(held))
    if yours.worth is None or choices[0].worth is None or feature is None:
        squares = sum(count * paytable.pay(category, coins) ** 2 for category, count in yours.outcomes.items())
        variance = Fraction(squares, yours.draws * coins**2) - yours.ev**2
        return Decision(paytable.name, coins, hands, tuple(dealt), tuple(held), choices[0].held, yours.ev,
                        choices[0].ev, variance)
    prize, prize_square = feature.prize_moments()
    second = Fraction(0)  # E[W²] of one hand, W = M × (pay + P on a trigger hand)
    for category, count in yours.outcomes.items():
        pay, trigger = paytable.pay(category, paytable.max_coins), category in feature.trigger
        second += count * yours.multiplier**2 * (pay**2 + trigger * (2 * pay * prize + prize_square))
    variance = second / (yours.draws * coins**2) - yours.worth**2
    return Decision(paytable.name, coins, hands, tuple(dealt), tuple(held), choices[0].held, yours.worth,
                    choices[0].worth, variance)


def advice(paytable: Paytable, coins: int, dealt: Sequence[Card], count: int = 3,
           multiplier: int | None = None, state: PlayState | None = None) -> list[HoldChoice]:
    """The best ``count`` holds of ``dealt``, best first (the hint); at a feature bet by their worth
    under the deal's ``multiplier``, or under a kind's ``state`` as its engine ranks them."""
    from videopoker.analysis.solve.hint import best_holds

    if state is not None and state.decides_hold and paytable.feature is not None:
        from videopoker.analysis.features.registry import engine_of

        return engine_of(paytable.feature).advice(paytable, coins, dealt, state)[:count]
    return best_holds(paytable, dealt, coins, multiplier)[:count]


def outcome_lines(paytable: Paytable, coins: int, dealt: Sequence[Card], held: Sequence[bool],
                  multiplier: int | None = None, state: PlayState | None = None) -> list[str]:
    """Why the best hold beats yours, as two outcome tables side by side: each paying hand either can
    make, how often yours makes it and how often the best does (the chance, or one in N where it is
    rare); what pays nothing is the rest."""
    choices = advice(paytable, coins, dealt, 32, multiplier, state)
    best = choices[0]
    yours = next((choice for choice in choices if choice.held == tuple(held)), None)
    if yours is None or yours.held == best.held:
        return []
    game = paytable.as_played(coins).game  # the hands this bet judges (a quick quad at its bet)
    label = game.label
    rows = [f"{'HOW EACH ENDS':<20}{'YOURS':>12}{'BEST':>12}"]
    for category in game.paying:
        mine, theirs = yours.probability(category), best.probability(category)
        if mine or theirs:
            rows.append(f"{label(category).capitalize():<20}{chance_text(mine):>12}{chance_text(theirs):>12}")
    return rows


def chance_text(chance: Fraction) -> str:
    """A final hand's chance as a player reads it: a percentage, or one in N below 1 in 10,000."""
    if not chance:
        return "—"
    if chance < Fraction(1, 10_000):
        return f"1 in {float(1 / chance):,.0f}"
    return f"{float(chance):.2%}"


def stack_grade(paytable: Paytable, played: PlayState) -> Grade | None:
    """A round of several deals graded as a whole when it ends, as its kind's engine grades it (None:
    each deal's hold was graded as it was drawn)."""
    from videopoker.analysis.features.registry import engine_of

    if paytable.feature is None:
        return None
    graded = engine_of(paytable.feature).stack_grade(paytable, played)
    return None if graded is None else Grade(*graded)


def ready(paytable: Paytable, hands: int = 1) -> bool:
    """Whether judging a hold of this table is instant now: its family's tables are loaded, and its
    feature game, where its engine solves it apart, is solved at ``hands`` hands a round."""
    from videopoker.analysis.solve.draws import tables_ready

    return tables_ready(paytable.game) and feature_ready(paytable, hands)


def feature_ready(paytable: Paytable, hands: int) -> bool:
    """Whether the table's feature engine answers a hint at ``hands`` hands a round at once."""
    if paytable.feature is None or not paytable.feature.carries_state:
        return True
    from videopoker.analysis.features.registry import engine_of

    return engine_of(paytable.feature).ready(paytable, hands)


def warm(paytable: Paytable, progress: Callable[[float, str], None] | None = None, hands: int = 1) -> None:
    """Load (or build, once) the family's tables, so that judging and hints are instant after, then
    the table's strategy chart at its top bet (derived once, a few seconds, then cached), so the
    trainer can say which chart line plays a hand, then what its feature engine solves apart at
    ``hands`` hands a round.  ``progress`` is called often along the way; raising there stops the
    work (a machine that is quitting does not wait for it)."""
    from videopoker.analysis.charts.derive import chart_for
    from videopoker.analysis.solve.draws import draw_tables

    listen = progress or (lambda done, stage: None)
    draw_tables(paytable.game, listen)
    chart_for(paytable, paytable.max_coins, progress=listen)
    if paytable.feature is not None and paytable.feature.carries_state:
        from videopoker.analysis.features.registry import engine_of

        engine_of(paytable.feature).warm(paytable, hands, listen)


@dataclass(frozen=True)
class PlayedLine:
    """The line of a strategy chart that plays a dealt hand, and the cards it keeps."""

    number: int                  # from 1; 0 when no line fits and everything is discarded
    words: str
    kept: tuple[Card, ...]

    def text(self) -> str:
        """``CHART LINE 7: 4 to a flush — HOLD K♥ 5♥ 8♥ 9♥``."""
        where = f"LINE {self.number}" if self.number else "NO LINE FITS"
        return f"CHART {where}: {self.words} — HOLD {cards_text(self.kept)}"


def chart_line_of(chart: Chart, paytable: Paytable, dealt: Sequence[Card]) -> PlayedLine:
    """Which line of ``chart`` plays ``dealt``, as a player following it would find."""
    from videopoker.analysis.charts.patterns import patterns_of
    from videopoker.analysis.solve.hint import SortedHand

    hand = SortedHand.of(paytable.game, dealt)
    holds, lines = chart.play(patterns_of(paytable.game, hand.cards), hand.cards)
    number = chart.number(int(lines[0]))
    kept = hand.held(int(holds[0]))
    return PlayedLine(number, chart.words(number), tuple(card for card, keep in zip(dealt, kept) if keep))


def why(paytable: Paytable, coins: int, dealt: Sequence[Card]) -> str | None:
    """The line of the table's strategy chart that plays ``dealt``, and what it keeps:
    ``CHART LINE 7: 4 to a flush — HOLD 5♥ 8♥ 9♥ K♥``; None while that chart is not known yet."""
    from videopoker.analysis.charts.derive import chart_for

    if coins > paytable.max_coins:  # a feature bet: a multiplier leaves the base game's chart right
        if paytable.feature is None or paytable.feature.trigger or paytable.feature.carries_state:
            return None  # a wheel changes the holds: no chart of the feature game is derived yet
        coins = paytable.max_coins
    chart = chart_for(paytable, coins, derive=False)
    return None if chart is None else chart_line_of(chart, paytable, dealt).text()


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@dataclass
class Training:
    """What the trainer keeps in the wallet: its switch, the grades, the costliest mistakes."""

    trainer: bool = False
    decisions: int = 0              # rounds judged
    right: int = 0                  # of them with a best hold
    hands: int = 0                  # hands played in those rounds
    staked: int = 0                 # credits bet in them
    won: int = 0                    # credits won in them
    worth: Fraction = Fraction(0)   # credits the player's holds were worth on average
    best_worth: Fraction = Fraction(0)  # credits perfect holds were worth on the same deals
    mistakes: tuple[Decision, ...] = field(default=())  # costliest first, at most KEPT_MISTAKES

    def record(self, decision: Decision, won: int) -> None:
        self.decisions += 1
        self.right += decision.right
        self.hands += decision.hands
        self.staked += decision.stake
        self.won += won
        self.worth += decision.ev * decision.stake
        self.best_worth += (decision.ev + decision.cost) * decision.stake  # the best hold's, in the judge's terms
        if not decision.right:
            kept = sorted((*self.mistakes, decision), key=lambda d: -d.cost * d.stake)
            self.mistakes = tuple(kept[:KEPT_MISTAKES])

    def copy(self) -> Training:
        return replace(self)

    @property
    def lost(self) -> Fraction:
        """Credits of EV given up by the holds chosen."""
        return self.best_worth - self.worth

    def lost_per_100_hands(self) -> float:
        return float(self.lost) * 100 / self.hands if self.hands else 0.0

    def percent_right(self) -> float:
        return 100 * self.right / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"trainer": self.trainer, "decisions": self.decisions, "right": self.right, "hands": self.hands,
                "staked": self.staked, "won": self.won, "worth": fraction_text(self.worth),
                "best_worth": fraction_text(self.best_worth),
                "mistakes": [decision_to_json(d) for d in self.mistakes]}


def decision_to_json(decision: Decision) -> dict[str, Any]:
    return {"paytable": decision.paytable, "coins": decision.coins, "hands": decision.hands,
            "dealt": [str(card) for card in decision.dealt], "held": list(decision.held),
            "best": list(decision.best), "ev": fraction_text(decision.ev),
            "best_ev": fraction_text(decision.best_ev),
            **({} if decision.variance is None else {"variance": fraction_text(decision.variance)}),
            **({} if decision.worth is None or decision.best_worth is None else
               {"worth": fraction_text(decision.worth), "best_worth": fraction_text(decision.best_worth)})}
