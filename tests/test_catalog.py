"""The shipped catalog: every table checked, and its exact return equal to the published one.

Each shipped paytable carries the return its source publishes for perfect play, to the digits the
source gives, and the source, in a ``# published return: 99.5439% (source, address)`` comment; the
engine's exact return must round to exactly those digits (a feature table's: its feature game's).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SHIPPED

from videopoker.analysis import analyze
from videopoker.analysis.features.multi_strike.solve import analyze_multi_strike
from videopoker.analysis.features.registry import engine_of
from videopoker.paytable import Paytable, load_paytable
from videopoker.paytable.published import published
from videopoker.rules.catalog import SHIPPED_GAMES


def exact_return(paytable: Paytable, lines: int | None = None) -> float:
    """The table's return as `analyze` gives it: its feature game's where it sells one (Ultimate X
    at the most hands a round it offers, as its sources publish; ``lines`` where the claim says)."""
    feature = paytable.feature
    if feature is None:
        return float(analyze(paytable).rtp)
    return float(engine_of(feature).solved(paytable, lines).rtp)


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_every_shipped_table_returns_what_is_published(path: Path) -> None:
    paytable = load_paytable(path)
    claim = published(path.read_text())
    assert claim is not None, "a shipped table says its published figure and its source"
    if claim.level is not None:  # Multi-Strike's sources publish a level's value (per coin of a level's bet)
        solved = analyze_multi_strike(paytable).levels[claim.level - 1]
        exact = solved.value_without_free_ride if claim.without_free_ride else solved.value
        assert f"{exact:.{claim.decimals}f}" == claim.figure, f"{path.stem}: exact {exact:.8f}, published {claim.shown}"
        return
    rtp = (float(analyze(paytable).rtp) if claim.base else exact_return(paytable, claim.lines)) * 100
    assert f"{rtp:.{claim.decimals}f}" == claim.figure, f"{path.stem}: exact {rtp:.6f}%, published {claim.shown}"


def test_the_catalog_is_a_catalog() -> None:
    games = {load_paytable(path).game.key for path in SHIPPED}
    assert games == {path.stem for path in SHIPPED_GAMES.glob("*.yaml")}, "every game has a table, every table a game"
    assert len(SHIPPED) >= 60 and len(games) >= 30  # what issue 19 asks of a catalog


def test_paytable_list_json_lists_every_shipped_table(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from videopoker.cli import main

    assert main(["paytable", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    shipped = [row for row in rows if row["shipped"]]
    assert len(shipped) == len(SHIPPED) and len({row["game"] for row in shipped}) >= 24
    assert {"use_as", "game", "name", "path", "shipped"} <= set(rows[0])
    assert next(row for row in rows if row["use_as"] == "jacks-or-better-9-6")["game"] == "jacks-or-better"
