"""The shipped catalog: every table checked, and its exact return equal to the published one.

Each shipped paytable carries the return its source publishes for perfect play, to the digits the
source gives, and the source, in a ``# published return: 99.5439% (source, address)`` comment; the
engine's exact return must round to exactly those digits (a feature table's: its feature game's).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import SHIPPED

from videopoker.analysis import analyze
from videopoker.analysis.feature import analyze_feature
from videopoker.paytable import load_paytable
from videopoker.rules.catalog import SHIPPED_GAMES

PUBLISHED = re.compile(r"^# published return: ([0-9]+(?:\.([0-9]+))?)% \((.+), (https?://\S+)\)$", re.M)


def published(text: str) -> tuple[str, int]:
    found = PUBLISHED.search(text)
    assert found, "a shipped table says its published return and its source"
    return found.group(1), len(found.group(2) or "")


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_every_shipped_table_returns_what_is_published(path: Path) -> None:
    figure, digits = published(path.read_text())
    paytable = load_paytable(path)
    rtp = float((analyze_feature(paytable) if paytable.feature else analyze(paytable)).rtp) * 100
    assert f"{rtp:.{digits}f}" == figure, f"{path.stem}: exact {rtp:.6f}%, published {figure}%"


def test_the_catalog_is_a_catalog() -> None:
    games = {load_paytable(path).game.key for path in SHIPPED}
    assert games == {path.stem for path in SHIPPED_GAMES.glob("*.yaml")}, "every game has a table, every table a game"
    assert len(SHIPPED) >= 60 and len(games) >= 30  # what issue 19 asks of a catalog


def test_readme_lists_every_game_and_table() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    for path in [*SHIPPED, *SHIPPED_GAMES.glob("*.yaml")]:
        assert f"`{path.stem}`" in readme, f"README's catalog lacks {path.stem}"


def test_paytable_list_json_lists_every_shipped_table(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from videopoker.cli import main

    assert main(["paytable", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    shipped = [row for row in rows if row["shipped"]]
    assert len(shipped) == len(SHIPPED) and len({row["game"] for row in shipped}) >= 24
    assert {"use_as", "game", "name", "path", "shipped"} <= set(rows[0])
    assert next(row for row in rows if row["use_as"] == "jacks-or-better-9-6")["game"] == "jacks-or-better"
