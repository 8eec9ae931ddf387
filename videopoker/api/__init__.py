"""The Python API, for notebooks and scripts: the command line's answers as values.

>>> import videopoker as vp
>>> table = vp.load("jacks-or-better-9-6")
>>> round(vp.analyze(table).rtp, 6)
0.995439
>>> vp.hint(table, "Ah Kh Qh Jh 9c").best["hold"]
'Ah Kh Qh Jh'

Each function takes a table as a shipped name, a path, a dict in the file format, or what
:func:`load` returned; each result's ``to_dict()`` equals the command's ``--json``.  Errors are
the one :class:`~videopoker.errors.VideoPokerError` family, as on the command line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from videopoker.api.checks import checked
from videopoker.api.results import (
    AnalysisResult,
    BankrollResult,
    HintResult,
    HistoryResult,
    SimulationResult,
    SweepResult,
)
from videopoker.errors import VideoPokerError
from videopoker.paytable import Paytable, resolve_paytable
from videopoker.paytable.promotions import Promotions

__all__ = ["AnalysisResult", "BankrollResult", "HintResult", "HistoryResult", "SimulationResult", "SweepResult",
           "analyze", "bankroll", "hint", "history", "load", "simulate", "sweep"]

#: A table as the API takes it (checked by :mod:`videopoker.api.checks`, as every argument is).
Table = Paytable | str | os.PathLike[str] | Mapping[str, Any]


@checked
def load(table: Table) -> Paytable:
    """A paytable: a shipped name (``"jacks-or-better-9-6"``), a file, or a dict in the file format,
    checked as a file is (a problem is one ``PaytableError``)."""
    if isinstance(table, Paytable):
        return table
    if isinstance(table, Mapping):
        from videopoker.paytable.checking import check_document
        from videopoker.storage.yamlfile import parse_document

        text = json.dumps(table, indent=1)  # JSON is YAML: the file's checks, with places in this text
        return check_document(parse_document(text, "<dict>"), "<dict>", str(table.get("name", "table")))
    return resolve_paytable(os.fspath(table))


@checked
def analyze(table: Table, coins: int | None = None, multi: int | None = None,
            promotions: str | Mapping[str, Any] | None = None) -> AnalysisResult:
    """The exact return under perfect play at ``coins`` a hand (default: the top bet, a feature's
    where the table sells one); ``multi``: hands a round (Ultimate X: the lines solved for);
    ``promotions`` (a file's name or path, or a dict like ``{"cashback": "0.5%"}``): their part of
    the return beside the game's (``rtp_with_promotions``)."""
    paytable = load(table)
    feature = paytable.feature if paytable.plays_feature(coins) else None
    data: dict[str, Any]
    if feature is not None:
        from videopoker.analysis.features.registry import engine_of

        data = engine_of(feature).solved(paytable, multi).to_json(multi or 1)
    else:
        from videopoker.analysis.solve.exact import analyze as solve

        data = solve(paytable, coins).to_json(multi or 1)
    given = _promotions("analyze", promotions)
    if given:
        data |= given.priced(float(data["rtp"]))
    return AnalysisResult(data, data["paytable"], data["game"], data["coins"], data["rtp"], tuple(data["rows"]))


@checked
def hint(table: Table, cards: str | Sequence[str], coins: int | None = None, multipliers: tuple[int, ...] = (),
         level: int | None = None, free_ride: bool = False) -> HintResult:
    """Every hold of a dealt hand (``"Ah Kh Qh Jh 9c"``), best first; on Ultimate X lines
    (``multipliers``) or a Multi-Strike ``level``, ranked by their worth in that state.  The cards
    may be a list too (``["Ah", "Kh", "Qh", "Jh", "9c"]``)."""
    from videopoker.deck.cards import check_deck, check_hand, parse_cards

    paytable = load(table)
    assert isinstance(cards, str)  # a list is made text at the door (api.checks: the rule for cards)
    hand = parse_cards(cards)
    check_hand(hand)
    check_deck(hand, paytable.game.definition.deck, paytable.game.title)
    from videopoker.analysis.features.registry import asked_state, engine_of

    state = asked_state(paytable, {"multipliers": tuple(multipliers), "level": level, "free_ride": free_ride}, coins)
    data: dict[str, Any]
    if state is not None and paytable.feature is not None:
        data = engine_of(paytable.feature).holds(paytable, hand, state).to_json(paytable, hand)
    else:
        from videopoker.analysis.solve.hint import best_holds, hint_json

        data = hint_json(paytable, hand, best_holds(paytable, hand, coins))
    return HintResult(data, data["hand"], data["paytable"], tuple(data["holds"]))


@checked
def simulate(table: Table, hands: int | None = 1_000_000, coins: int | None = None, seed: int | None = None,
             strategy: str = "optimal", multi: int | None = None) -> SimulationResult:
    """``hands`` hands played at random with ``strategy`` (optimal, hold-nothing, random or a chart
    file), against the exact return."""
    from videopoker.analysis.play.simulate import default_hands
    from videopoker.analysis.play.simulate import simulate as play
    from videopoker.analysis.play.strategies import strategy_named

    paytable = load(table)
    multi = default_hands(paytable, coins) if multi is None else multi
    hands = 1_000_000 if hands is None else hands
    result = play(paytable, strategy_named(strategy, paytable, coins or paytable.top_bet), hands, coins, seed, multi)
    data = result.to_json()
    return SimulationResult(data, data["paytable"], data["hands"], data["rtp"], data["standard_error"])


@checked
def bankroll(table: Table, credits: int | None = None, hands: int | None = None, coins: int | None = None,
             promotions: str | Mapping[str, Any] | None = None, multi: int | None = None) -> BankrollResult:
    """A bankroll's lifetime figures (``lifetime``: the risk of ever going broke from ``credits``,
    the bankroll for a 1, 2, 5 and 10% risk, the Kelly bankroll, N0) and, given ``hands``, the exact
    odds of a session from ``credits``: ruin, ending ahead, percentiles, the law of the ending
    credits and the chance of being broke by each hand; ``promotions`` as :func:`analyze` takes them;
    ``multi`` hands a round from one deal (``hands`` then counts rounds)."""
    from videopoker.analysis.session.bankroll import bankroll as session
    from videopoker.analysis.session.bankroll import lifetime_json, lifetime_of, round_hands, session_law

    if hands is not None and credits is None:
        raise VideoPokerError("vp.bankroll: hands is a session's length; give the credits it starts with too")
    paytable, given = load(table), _promotions("bankroll", promotions)
    law = session_law(paytable, coins, multi)
    if hands is not None and credits is not None:
        data = session(law, credits, hands, given).to_json() | {"multi": round_hands(law)}
    else:
        data = lifetime_json(law, lifetime_of(law, given), credits, given, round_hands(law))
    return BankrollResult(data, data["paytable"], data["credits"], data["hands"], data["ruin"], data["ahead"],
                          tuple((credit, chance) for credit, chance in data["ending"]),
                          tuple((hand, chance) for hand, chance in data["ruin_by_hand"]), data["lifetime"])


def _promotions(function: str, given: str | Mapping[str, Any] | None) -> Promotions:
    """The promotions an argument names: none, a file (its name or path), or a dict in its terms;
    a problem is one line naming the argument."""
    from videopoker.errors import ArgumentError, PaytableError
    from videopoker.paytable.promotions import NO_PROMOTIONS, find_promotions, promotions_of_mapping, read_promotions

    if given is None:
        return NO_PROMOTIONS
    try:
        if isinstance(given, str):
            return read_promotions(find_promotions(given, said="promotions="))
        return promotions_of_mapping(given)
    except PaytableError as error:
        raise ArgumentError(f"vp.{function}: {error if isinstance(given, str) else f'promotions: {error}'}") from None


@checked
def history(paytable: str | None = None, since: datetime | None = None,
            home: str | os.PathLike[str] | None = None) -> HistoryResult:
    """Every hand on record in the ledger (of ``home``, default ``VIDEOPOKER_HOME`` or your data
    folder), against the exact expectation of the holds made."""
    from videopoker.ledger.report import COURSE_POINTS
    from videopoker.ledger.report import history as report
    from videopoker.storage.home import home_dir

    data = report(Path(home) if home is not None else home_dir(), paytable, since, COURSE_POINTS).to_json()
    return HistoryResult(data, data["hands"], data["rounds"], data["coin_in"], data["coin_out"])


@checked
def sweep(table: Table, vary: Mapping[str, Iterable[int]], where: str | None = None, coins: int | None = None,
          client: Any = None, yes: bool = False, promotions: str | Mapping[str, Any] | None = None) -> SweepResult:
    """Exact returns of a grid of tables: every combination of the pays per coin in ``vary``
    (``{"full_house": range(5, 10)}``), the rows ``where`` keeps (``"rtp > 0.99"``); solved here, or
    on the ``dask.distributed`` ``Client`` given.  With ``promotions`` (as :func:`analyze` takes
    them) each row has ``rtp_with_promotions`` too, which ``where`` can ask of.  A row is what ``videopoker
    sweep -o FILE.jsonl`` writes for the table: its varied pays, then the figures.  A grid of over
    ten million tables, or one solved here that a sample of it says takes over ten minutes,
    needs ``yes=True``, as the command needs ``--yes``."""
    from videopoker.analysis.sweeps.sweep import (
        PROMOTED,
        Grid,
        Vary,
        check_size,
        check_time,
        chunk_order,
        parse_where,
        portable,
        promoted,
        rows_of,
        solve_tables,
    )

    paytable, given = load(table), _promotions("sweep", promotions)
    varied = []
    for key, pays in vary.items():  # tuples of whole pays 0..MAX_PAY by now (videopoker.api.checks)
        if key not in paytable.game.paying:
            raise VideoPokerError(f"vp.sweep: vary {key!r}: give a hand of {paytable.game.title} "
                                  f"({', '.join(paytable.game.paying)})")
        varied.append(Vary(key, tuple(pays)))
    grid = Grid(paytable, varied, paytable.base_bet(coins))
    check_size(grid, yes, "pass yes=True")
    keep = parse_where(where, [*grid.columns, *([PROMOTED] if given else [])]) if where else (lambda row: True)
    data = portable(grid)
    if client is None:  # on one core: timed on a sample first, its rows kept (the command's check)
        solved = check_time(grid, set(), 1, yes, "pass yes=True")
        sampled = {tuple(int(pay) for pay in line[:len(grid.keys)]) for lines in solved for line in lines}
        solved += [solve_tables(data, chunk) for chunk in grid.chunks(sampled, chunk_order(data))]
    else:
        import numpy as np

        order = client.submit(chunk_order, data, pure=False).result()
        solved = client.gather([client.submit(solve_tables, data, np.array(chunk), pure=False)
                                for chunk in grid.chunks(set(), order)])
    rows = [row for lines in solved for row in (promoted(row, given) for row in rows_of(grid.keys, lines))
            if keep(row)]
    return SweepResult({"paytable": paytable.name, "rows": rows}, paytable.name, tuple(rows))
