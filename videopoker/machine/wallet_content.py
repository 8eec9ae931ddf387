"""What a session writes into the wallet, and how every format is read back, strictly.

The file is user input: a hand edit with a recomputed checksum, or a file from an older version,
must give either a machine that real play could have produced or a clear :class:`ValueError`
(which the session turns into the damaged-wallet question); never a crash, and never a number
that the game cannot hold.  Format 1 kept the rest of the shuffled deck and no pays; it is
migrated on reading: the coming draw is dropped (it is chosen at DRAW now), and the dealt hand
takes the pays of its table as the file stands, or is voided with its bet returned if the table
is gone.  Format 2 played one hand a round: it reads as rounds of one hand.  Format 3 had no
trainer: it reads with the trainer off and no grades yet.  Format 4 had no ledger: it reads as a
wallet given its id now, with nothing waiting to go on record.

Format 5 had no progressive meters: it reads with every meter at its base.

Format 6 had no double-up: it reads with no win being doubled.

Format 7 had no feature games: it reads with every round at multiplier 1 and no wheel prizes.

Format 8 had no Ultimate X or Multi-Strike: it reads with every line at 1X and no level in play.

Format 9 content (8 without ``lines``, a round's ``lines``, ``level``, ``free_ride`` and ``below``, and
an outcome's ``lines``, ``earned`` and ``levels``; 7 also
without a round's and an outcome's ``multiplier`` and a hand's ``prize``; 6 also
without ``gamble``, ``unrecorded_doubles`` and an outcome's ``doubles``; 5 also
without ``meters`` and a round's ``meter``; 4 also without ``wallet`` and ``unrecorded``; 3 also
without ``training``)::

    {"wallet": its id, a uuid, "meters": {a progressive table's reference: meter in credits, a fraction},
     "lines": {an Ultimate X table's reference "@" hands a round: [each line's multiplier] (not all 1)},
     "gamble": null | {"stake", "at_risk", "dealer": null | card, "steps": [double …]},
     "credits", "bet": coins per hand, "hands": hands per round,
     "paytable": reference of the table the next deal uses,
     "round": null | {"paytable": {"name", "game", "definition", "max_coins", "pays": {key: [totals]},
                                   "progressive"?: {"hand", "base", "rate"}, "double_up"?, "feature"?},
                      "bet", "hands", "dealt": [5 cards], "held": [5 flags], "meter"?: as dealt,
                      "multiplier"?: at a feature bet, as dealt, "lines"?: [Ultimate X multipliers, a hand each],
                      "level"?, "free_ride"?, "below"?: [level played …]: Multi-Strike},
     "last": null | outcome, "history": {"games", "total_bet", "total_won", "refills", "recall"},
     "training": {"trainer", "decisions", "right", "hands", "staked", "won", "worth", "best_worth",
                  "mistakes": [{"paytable", "coins", "hands", "dealt", "held", "best", "ev", "best_ev"} …]},
     "unrecorded": [settled rounds not yet known to be in the ledger, oldest first …],
     "unrecorded_doubles": [{"number", "index", "step": double} …]}

    double: {"dealer", "cards": [4 cards], "picked": 0..3, "stake_before", "stake_after"}

    settled: {"number", "at": seconds, "reference", "paytable": as in "round", "outcome",
              "grade": null | {"ev", "best_ev", "variance"}, "meter"?: whole credits it was dealt under}

    worth, best_worth, ev, best_ev: exact fractions written "numerator/denominator"

    outcome: {"dealt", "held", "bet", "hands": [{"final", "category", "win", "prize"?} …], "credits_after",
              "doubles"?: [double …], "multiplier"?, "lines"?: [as dealt], "earned"?: [for the next round],
              "levels"?: [{"level", "free_ride", "dealt", "held"} …]: a Multi-Strike stack, a hand a level}

    level played: {"level", "free_ride", "dealt", "held", "final", "category", "win"}
    (formats 1 and 2: {"dealt", "held", "final", "category", "bet", "win", "credits_after"})
"""

from __future__ import annotations

import itertools
import math
import re
import uuid
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from videopoker.deck.cards import Card
from videopoker.errors import CardError, GameError, PaytableError, StateError
from videopoker.machine.double_up import CHOICES, MOST_DOUBLES, DoubleStep, Gamble, outcome
from videopoker.machine.feature_play import bets
from videopoker.machine.game import HandResult, Outcome, double_to_json
from videopoker.machine.round import PLAY_LINES, Round
from videopoker.machine.settled import Doubled, Grade, Settled
from videopoker.machine.training import KEPT_MISTAKES, Decision, Training, fraction_text
from videopoker.paytable import MAX_COINS_LIMIT, MAX_PAY, MOST_WIN, Paytable, Progressive, resolve_paytable
from videopoker.paytable import kept_data as strict
from videopoker.paytable.feature import MAX_FEATURE_COINS, MAX_MULTIPLIER, PlayState
from videopoker.paytable.feature_checking import feature_of_data
from videopoker.paytable.kinds import read_kept, read_played, read_state
from videopoker.rules.catalog import game_of_data, load_game
from videopoker.rules.checking import MAX_KEY_LENGTH
from videopoker.storage.usertext import first_control
from videopoker.storage.wallet import FORMAT, Wallet

STARTING_CREDITS = 1000
REFILL_CREDITS = 1000
#: No real play comes near this; it keeps every figure an exact integer in a float as well.
MAX_CREDITS = 10**15
MAX_RECALL = 100
RECALL_SIZE = 10
#: Rounds a wallet may hold for a ledger that cannot be written.  None is ever given up: at this
#: many the machine stops dealing (a casino machine that cannot log tilts) until the ledger takes them.
MAX_UNRECORDED = 100
#: The first format with a ledger: the wallet's id and its rounds not yet on record.
LEDGER_FORMAT = 5
#: The first format with progressive meters.
METER_FORMAT = 6
#: The first format with double-up.
DOUBLE_FORMAT = 7
#: The first format with Ultimate X's line multipliers.
LINES_FORMAT = 9


@dataclass
class History:
    """What a machine's game recall and meters keep: the last games and the lifetime totals."""

    games: int = 0                      # rounds played, of however many hands
    total_bet: int = 0
    total_won: int = 0
    refills: int = 0
    recall: tuple[Outcome, ...] = ()

    def record(self, outcome: Outcome) -> None:
        self.games += 1
        self.total_bet += outcome.stake
        self.total_won += outcome.win
        self.recall = (outcome, *self.recall)[:RECALL_SIZE]

    def gambled(self, outcome: Outcome, step: DoubleStep) -> None:
        """A double of the last game's win: the meters move by what it won or lost, and the recall
        shows the game with its doubles."""
        self.total_won += step.stake_after - step.stake_before
        self.recall = (outcome, *self.recall[1:])

    def copy(self) -> History:
        return History(self.games, self.total_bet, self.total_won, self.refills, self.recall)


@dataclass
class Saved:
    """A decoded wallet: everything a session is rebuilt from."""

    credits: int
    bet: int                # coins per hand
    hands: int              # hands per round, for the next deal
    paytable: str           # reference of the table for the next deal
    round: Round | None
    last: Outcome | None
    history: History
    notice: str | None = None
    training: Training = field(default_factory=Training)
    meters: dict[str, Fraction] = field(default_factory=dict)
    gamble: Gamble | None = None
    unrecorded_doubles: tuple[Doubled, ...] = ()
    kept: dict[str, PlayState] = field(default_factory=dict)  # what each machine keeps for its next round
    wallet: str = field(default_factory=lambda: str(uuid.uuid4()))  # the wallet's id (a new one for an old file)
    unrecorded: tuple[Settled, ...] = ()


# -- writing --------------------------------------------------------------------------------------

def paytable_to_json(paytable: Paytable) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    if paytable.progressive is not None:
        extras["progressive"] = paytable.progressive.to_json()
    if paytable.double_up:
        extras["double_up"] = True
    if paytable.feature is not None:
        extras["feature"] = paytable.feature.to_json()
    return {"name": paytable.name, "game": paytable.game.key, "definition": paytable.game.definition.data(),
            "max_coins": paytable.max_coins,
            "pays": {category: list(amounts) for category, amounts in paytable.pays.items()}, **extras}


def settled_to_json(settled: Settled) -> dict[str, Any]:
    grade = settled.grade
    return {"number": settled.number, "at": settled.at, "reference": settled.reference,
            "paytable": paytable_to_json(settled.paytable), "outcome": settled.outcome.to_json(),
            "meter": settled.meter,
            "grade": None if grade is None else {"ev": fraction_text(grade.ev), "best_ev": fraction_text(grade.best_ev),
                                                 "variance": fraction_text(grade.variance)}}


def encode(wallet: str, meters: dict[str, Fraction], gamble: Gamble | None, credits: int, bet: int, hands: int,
           paytable: str, current: Round | None, last: Outcome | None, history: History, training: Training,
           unrecorded: tuple[Settled, ...], unrecorded_doubles: tuple[Doubled, ...],
           kept: dict[str, PlayState]) -> dict[str, Any]:
    played = None if current is None else {
        "paytable": paytable_to_json(current.paytable), "bet": current.bet, "hands": current.hands,
        "dealt": [str(card) for card in current.dealt], "held": list(current.held),
        "reference": current.table_reference,
        **({} if current.meter is None else {"meter": fraction_text(current.meter)}),
        **({} if current.multiplier == 1 else {"multiplier": current.multiplier}),
        **(current.state.to_json() if current.state is not None else {})}
    gambled = None if gamble is None else {
        "stake": gamble.stake, "at_risk": gamble.at_risk,
        "dealer": None if gamble.dealer is None else str(gamble.dealer),
        "steps": [double_to_json(step) for step in gamble.steps]}
    return {"wallet": wallet, "meters": {name: fraction_text(meter) for name, meter in meters.items()},
            "lines": {name: state.kept_json() for name, state in kept.items()},
            "gamble": gambled, "credits": credits, "bet": bet, "hands": hands, "paytable": paytable, "round": played,
            "last": last.to_json() if last else None,
            "history": {"games": history.games, "total_bet": history.total_bet, "total_won": history.total_won,
                        "refills": history.refills, "recall": [outcome.to_json() for outcome in history.recall]},
            "training": training.to_json(), "unrecorded": [settled_to_json(item) for item in unrecorded],
            "unrecorded_doubles": [{"number": item.number, "index": item.index, "step": double_to_json(item.step)}
                                   for item in unrecorded_doubles]}


# -- reading, strictly ---------------------------------------------------------------------------

def _label(data: Any, where: str) -> str:
    label = data.get("label", "") if isinstance(data, dict) else ""
    if not isinstance(label, str) or len(label) > MAX_KEY_LENGTH or first_control(label) is not None:
        raise ValueError(f"{where}.label is not a machine's name for a hand")
    return label


def _result(data: Any, where: str) -> HandResult:
    spun = isinstance(data, dict) and "prize" in data
    prize = strict.whole(data, "prize", where, 0, MAX_PAY * MAX_MULTIPLIER) if spun else 0
    return HandResult(strict.cards(data, "final", where), strict.category(data, where),
                      strict.whole(data, "win", where, prize, MOST_WIN), _label(data, where), prize)


def _hands(data: Any, key: str, where: str) -> int:
    hands = strict.whole(data, key, where, 1, PLAY_LINES[-1])
    if hands not in PLAY_LINES:
        raise ValueError(f"{where}.{key} {hands} is not one of {', '.join(map(str, PLAY_LINES))}")
    return hands


def _outcome(data: Any, where: str, version: int) -> Outcome:
    results: tuple[HandResult, ...]
    if version < 3:  # one hand a round, its result inline
        results = (_result(data, where),)
    else:
        items = strict.listed(data, "hands", where, PLAY_LINES[-1])
        results = tuple(_result(item, f"{where}.hands[{n}]") for n, item in enumerate(items))
    state = read_played(data, [(result.final, result.category, result.win) for result in results], where) \
        if isinstance(data, dict) else None
    if len(results) not in PLAY_LINES and (state is None or not state.stack):  # a stack: a hand a deal
        raise ValueError(f"{where}.hands has {len(results)} hands")
    doubles: tuple[DoubleStep, ...] = ()
    if isinstance(data, dict) and "doubles" in data:
        doubles = tuple(_double(item, f"{where}.doubles[{n}]")
                        for n, item in enumerate(strict.listed(data, "doubles", where, MOST_DOUBLES)))
    multiplier = strict.whole(data, "multiplier", where, 1, MAX_MULTIPLIER) if isinstance(data, dict) and \
        "multiplier" in data else 1
    return Outcome(strict.cards(data, "dealt", where), strict.flags(data, "held", where),
                   strict.whole(data, "bet", where, 1, MAX_FEATURE_COINS), results,
                   strict.whole(data, "credits_after", where, 0, MAX_CREDITS), doubles, multiplier, state)


def _card(data: Any, key: str | int, where: str) -> Card:
    text = data[key] if isinstance(key, int) else strict.field(data, key, where)
    try:
        card = Card.parse(text) if isinstance(text, str) and len(text) <= 3 else None
    except CardError:
        card = None
    if card is None or card.suit is None:  # a double up deals the 52: no joker, no fifth ace
        raise ValueError(f"{where}.{key} is not a card of a 52-card deck")
    return card


def _double(data: Any, where: str) -> DoubleStep:
    dealer = _card(data, "dealer", where)
    items = strict.listed(data, "cards", where, CHOICES)
    cards = tuple(_card(items, place, f"{where}.cards") for place in range(len(items)))
    picked = strict.whole(data, "picked", where, 0, CHOICES - 1)
    before = strict.whole(data, "stake_before", where, 1, MAX_CREDITS)
    after = strict.whole(data, "stake_after", where, 0, MAX_CREDITS)
    if len(cards) != CHOICES or len({dealer, *cards}) != CHOICES + 1 or \
            after != before * outcome(dealer, cards[picked]):
        raise ValueError(f"{where} is not a double as the cards play it")
    return DoubleStep(dealer, cards, picked, before, after)


def _gamble(data: Any) -> Gamble | None:
    if data is None:
        return None
    where = "gamble"
    steps = tuple(_double(item, f"gamble.steps[{n}]")
                  for n, item in enumerate(strict.listed(data, "steps", where, MOST_DOUBLES)))
    dealer = None if strict.field(data, "dealer", where) is None else _card(data, "dealer", where)
    gamble = Gamble(strict.whole(data, "stake", where, 1, MAX_CREDITS), strict.boolean(data, "at_risk", where),
                    dealer, steps)
    chained = all(a.stake_after == b.stake_before for a, b in itertools.pairwise(steps))
    if not chained or (steps and steps[-1].stake_after != gamble.stake) or ((dealer or steps) and not gamble.at_risk):
        raise ValueError("gamble: its doubles do not add up to its stake")
    return gamble


def _history(data: Any, version: int) -> History:
    where = "history"
    recall = tuple(_outcome(item, f"history.recall[{n}]", version)
                   for n, item in enumerate(strict.listed(data, "recall", where, MAX_RECALL)))
    return History(strict.whole(data, "games", where, 0, MAX_CREDITS),
                   strict.whole(data, "total_bet", where, 0, MAX_CREDITS),
                   strict.whole(data, "total_won", where, 0, MAX_CREDITS),
                   strict.whole(data, "refills", where, 0, MAX_CREDITS), recall)


def paytable_from_json(data: Any, where: str) -> Paytable:
    """A paytable as a round saved it; held to the same limits as a file."""
    game_key = strict.text(data, "game", where)
    if isinstance(data, dict) and "definition" in data:  # the game the round was dealt under, as it was
        try:
            game = game_of_data(game_key, data["definition"])
        except ValueError as error:
            raise ValueError(f"{where}.definition: {error}") from None
    else:  # formats before games were data: one of the games that shipped then, which keep their keys
        try:
            game = load_game(game_key)
        except PaytableError:
            raise ValueError(f"{where}.game {game_key[:40]!r} is not a game this program plays") from None
    max_coins = strict.whole(data, "max_coins", where, 1, MAX_COINS_LIMIT)
    pays_data = strict.field(data, "pays", where)
    if not isinstance(pays_data, dict) or set(pays_data) != {c for c in game.paying}:
        raise ValueError(f"{where}.pays does not price exactly the hands of {game.title}")
    pays = {}
    for category in game.paying:
        amounts = strict.listed(pays_data, category, f"{where}.pays", max_coins)
        if len(amounts) != max_coins or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_PAY * max_coins for n in amounts):
            raise ValueError(f"{where}.pays.{category} is not {max_coins} whole totals")
        pays[category] = tuple(amounts)
    progressive = None
    if "progressive" in data:
        spec = data["progressive"]
        progressive = Progressive(strict.text(spec, "hand", f"{where}.progressive"),
                                  strict.whole(spec, "base", f"{where}.progressive", 1, MAX_PAY * max_coins),
                                  _fraction(spec, "rate", f"{where}.progressive"))
        if progressive.hand not in game.paying or not 0 < progressive.rate < 1:
            raise ValueError(f"{where}.progressive is not a meter on a hand of {game.title}")
    double_up = data.get("double_up", False)
    if not isinstance(double_up, bool):
        raise ValueError(f"{where}.double_up is not true or false")
    feature = None
    if "feature" in data:
        try:
            feature = feature_of_data(data["feature"], game, max_coins, max(totals[-1] for totals in pays.values()))
        except ValueError as error:
            raise ValueError(f"{where}.feature: {error}") from None
    return Paytable(strict.text(data, "name", where), game, max_coins, pays, progressive=progressive,
                    double_up=double_up, feature=feature)


def _round(data: Any, version: int, machine_reference: str) -> Round | None:
    """The round in play.  A wallet before format 9 named its table only as the machine's: a round
    is dealt on the machine's table, and the table changes only between rounds."""
    if data is None:
        return None
    where = "round"
    hands = _hands(data, "hands", where) if version >= 3 else 1
    try:
        return Round(paytable_from_json(strict.field(data, "paytable", where), "round.paytable"),
                     strict.whole(data, "bet", where, 1, MAX_FEATURE_COINS), strict.cards(data, "dealt", where),
                     strict.flags(data, "held", where), hands,
                     _meter(data, "meter", where) if isinstance(data, dict) and "meter" in data else None,
                     strict.whole(data, "multiplier", where, 1, MAX_MULTIPLIER) if isinstance(data, dict)
                     and "multiplier" in data else 1,
                     read_state(data, hands, where) if isinstance(data, dict) else None,
                     strict.text(data, "reference", where) if isinstance(data, dict) and "reference" in data
                     else machine_reference)
    except (GameError, CardError) as error:
        raise ValueError(f"round: {error}") from None


_FRACTION = re.compile(r"(-?[0-9]{1,40})/([0-9]{1,40})")


def _fraction(data: Any, key: str, where: str) -> Fraction:
    text = strict.field(data, key, where)
    match = _FRACTION.fullmatch(text) if isinstance(text, str) else None
    if match is None or int(match[2]) == 0:
        raise ValueError(f"{where}.{key} is not a fraction like 3/4")
    return Fraction(int(match[1]), int(match[2]))


def _meter(data: Any, key: str, where: str) -> Fraction:
    meter = _fraction(data, key, where)
    if not 0 < meter <= MAX_PAY * MAX_COINS_LIMIT:
        raise ValueError(f"{where}.{key} is not a meter a machine shows")
    return meter


def _decision(data: Any, where: str) -> Decision:
    worths = (_fraction(data, "worth", where), _fraction(data, "best_worth", where)) \
        if isinstance(data, dict) and "worth" in data else (None, None)
    decision = Decision(strict.text(data, "paytable", where),
                        strict.whole(data, "coins", where, 1, MAX_FEATURE_COINS), _hands(data, "hands", where),
                        strict.cards(data, "dealt", where), strict.flags(data, "held", where),
                        strict.flags(data, "best", where), _fraction(data, "ev", where),
                        _fraction(data, "best_ev", where),
                        _fraction(data, "variance", where) if "variance" in data else None, *worths)
    if not 0 <= (decision.variance or 0) <= MAX_PAY**2 * MAX_MULTIPLIER**2:
        raise ValueError(f"{where}: a hold's variance is out of range")
    if decision.worth is not None and decision.best_worth is not None:  # Ultimate X: the worths rank the holds
        if not (0 <= decision.worth <= decision.best_worth <= MOST_WIN and 0 <= decision.ev <= MOST_WIN
                and 0 <= decision.best_ev <= MOST_WIN):
            raise ValueError(f"{where}: a hold's worth is not between 0 and the best worth")
    elif not 0 <= decision.ev <= decision.best_ev <= MAX_PAY:
        raise ValueError(f"{where}: a hold's EV is not between 0 and the best EV")
    return decision


def _training(data: Any) -> Training:
    where = "training"
    mistakes = tuple(_decision(item, f"training.mistakes[{n}]")
                     for n, item in enumerate(strict.listed(data, "mistakes", where, KEPT_MISTAKES)))
    training = Training(strict.boolean(data, "trainer", where),
                        strict.whole(data, "decisions", where, 0, MAX_CREDITS),
                        strict.whole(data, "right", where, 0, MAX_CREDITS),
                        strict.whole(data, "hands", where, 0, MAX_CREDITS),
                        strict.whole(data, "staked", where, 0, MAX_CREDITS),
                        strict.whole(data, "won", where, 0, MAX_CREDITS),
                        _fraction(data, "worth", where), _fraction(data, "best_worth", where), mistakes)
    if training.right > training.decisions or not 0 <= training.worth <= training.best_worth:
        raise ValueError("training: the grades do not add up")
    return training


def _grade(data: Any, where: str) -> Grade | None:
    if data is None:
        return None
    grade = Grade(_fraction(data, "ev", where), _fraction(data, "best_ev", where),
                  _fraction(data, "variance", where))
    most = MAX_PAY * MAX_MULTIPLIER  # a feature's worth: a pay, and a prize, at its multiplier
    if not 0 <= grade.ev <= grade.best_ev <= most or not 0 <= grade.variance <= most**2:
        raise ValueError(f"{where}: a hold's EV is not between 0 and the best EV, or its variance not a variance")
    return grade


def _settled(data: Any, where: str) -> Settled:
    at = strict.field(data, "at", where)
    if not isinstance(at, float | int) or isinstance(at, bool) or not math.isfinite(at) or not 0 <= at < 1e11:
        raise ValueError(f"{where}.at is not a time")
    paytable = paytable_from_json(strict.field(data, "paytable", where), f"{where}.paytable")
    outcome = _outcome(strict.field(data, "outcome", where), f"{where}.outcome", FORMAT)
    if outcome.bet not in bets(paytable) or any(result.category not in paytable.as_played(outcome.bet).game.categories
                                               for result in outcome.results):
        raise ValueError(f"{where}.outcome was not played on its paytable")
    meter = data.get("meter") if isinstance(data, dict) else None
    return Settled(strict.whole(data, "number", where, 1, MAX_CREDITS), float(at),
                   strict.text(data, "reference", where),
                   paytable, outcome, _grade(strict.field(data, "grade", where), f"{where}.grade"),
                   None if meter is None else strict.whole(data, "meter", where, 1, MAX_PAY * MAX_COINS_LIMIT))


def _wallet_id(content: dict[str, Any]) -> str:
    text = strict.text(content, "wallet", "wallet")
    try:
        return str(uuid.UUID(text))
    except ValueError:
        raise ValueError("wallet.wallet is not a wallet's id") from None


def decode(version: int, content: dict[str, Any]) -> Saved:
    """The wallet's content, from any format this program has written; :class:`ValueError` if untrue."""
    if version == 1:
        return _decode_format_1(content)
    saved = _decode(version, content)
    if version >= LEDGER_FORMAT:
        saved.wallet = _wallet_id(content)
        items = strict.listed(content, "unrecorded", "wallet", MAX_UNRECORDED)
        saved.unrecorded = tuple(_settled(item, f"unrecorded[{n}]") for n, item in enumerate(items))
        numbers = [settled.number for settled in saved.unrecorded]
        if numbers != sorted(set(numbers)) or any(number > saved.history.games for number in numbers):
            raise ValueError("unrecorded rounds are not games of this wallet, in order")
    if version >= DOUBLE_FORMAT:
        saved.gamble = _gamble(strict.field(content, "gamble", "wallet"))
        items = strict.listed(content, "unrecorded_doubles", "wallet", MAX_UNRECORDED * MOST_DOUBLES)
        saved.unrecorded_doubles = tuple(
            Doubled(strict.whole(item, "number", f"unrecorded_doubles[{n}]", 1, saved.history.games),
                    strict.whole(item, "index", f"unrecorded_doubles[{n}]", 0, MOST_DOUBLES - 1),
                    _double(strict.field(item, "step", f"unrecorded_doubles[{n}]"), f"unrecorded_doubles[{n}].step"))
            for n, item in enumerate(items))
        if saved.gamble is not None and saved.round is not None:
            raise ValueError("a win is being doubled while a round is dealt")
    if version >= LINES_FORMAT:
        machines = strict.field(content, "lines", "wallet")  # each machine's lines, as its kind keeps them
        if not isinstance(machines, dict) or len(machines) > MAX_RECALL:
            raise ValueError("wallet.lines is not a few machines' multipliers")
        for name, items in machines.items():
            key = strict.text({"name": name}, "name", "wallet.lines")
            saved.kept[key] = read_kept(items, f"wallet.lines[{key!r}]")
    if version >= METER_FORMAT:
        meters = strict.field(content, "meters", "wallet")
        if not isinstance(meters, dict) or len(meters) > MAX_RECALL:
            raise ValueError("wallet.meters is not a few tables' meters")
        saved.meters = {strict.text({"name": name}, "name", "wallet.meters"): _meter(meters, name, "wallet.meters")
                        for name in meters}
    return saved


def _decode(version: int, content: dict[str, Any]) -> Saved:
    last = strict.field(content, "last", "wallet")
    return Saved(strict.whole(content, "credits", "wallet", 0, MAX_CREDITS),
                 strict.whole(content, "bet", "wallet", 1, MAX_FEATURE_COINS),
                 _hands(content, "hands", "wallet") if version >= 3 else 1, strict.text(content, "paytable", "wallet"),
                 _round(strict.field(content, "round", "wallet"), version, strict.text(content, "paytable", "wallet")),
                 None if last is None else _outcome(last, "last", version),
                 _history(strict.field(content, "history", "wallet"), version),
                 training=_training(strict.field(content, "training", "wallet")) if version >= 4 else Training())


def _decode_format_1(content: dict[str, Any]) -> Saved:
    """Format 1: the machine's fields under ``machine``, a dealt hand with the rest of its deck."""
    machine = strict.field(content, "machine", "wallet")
    where = "machine"
    reference = strict.text(content, "paytable", "wallet")
    credits = strict.whole(machine, "credits", where, 0, MAX_CREDITS)
    bet = strict.whole(machine, "bet", where, 1, MAX_COINS_LIMIT)
    last_data = strict.field(machine, "last", where)
    last = None if last_data is None else _outcome(last_data, "machine.last", 1)
    saved = Saved(credits, bet, 1, reference, None, last, _history(strict.field(content, "history", "wallet"), 1))
    phase = strict.field(machine, "phase", where)
    if phase == "idle":
        return saved
    if phase != "dealt":
        raise ValueError(f"machine.phase {str(phase)[:20]!r} is neither idle nor dealt")
    dealt, held = strict.cards(machine, "hand", where), strict.flags(machine, "held", where)
    try:
        paytable = resolve_paytable(reference)
    except PaytableError:
        saved.credits += bet
        saved.notice = (f"the hand dealt before this update was played on {reference!r}, which can no "
                        f"longer be read; the hand is void and its bet of {bet} was returned")
        return saved
    try:
        saved.round = Round(paytable, bet, dealt, held)
    except (GameError, CardError) as error:
        raise ValueError(f"machine: {error}") from None
    return saved


def peek_saved(home: Path) -> tuple[int, Saved] | None:
    """The wallet of ``home`` as saved, for a reader beside a running game (``history``, ``analyze``
    of a progressive table): read without the lock and changing nothing; ``None`` when there is no
    wallet or it cannot be trusted (the game itself says what is wrong with it)."""
    try:
        stored = Wallet(home).peek()
        return None if stored is None else (stored[0], decode(*stored))
    except (StateError, ValueError):
        return None
