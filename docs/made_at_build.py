"""The manual's pages and pictures made from the code when it is built (mkdocs-gen-files runs this).

What is made here cannot go stale: the catalog is read from the shipped files, the checker's
messages are the checker's own on the suite's bad fixtures, the machine's picture is the SVG
snapshot the suite compares the screen with, and each plot is drawn by the command's ``--plot``.
``tests/test_manual.py`` imports the same functions.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD_FIXTURES = (ROOT / "tests/paytables/bad", ROOT / "tests/paytables/bad-features", ROOT / "tests/rules/bad")
MACHINE_SNAPSHOT = ROOT / "tests/tui/__snapshots__/test_snapshots/test_won.svg"
#: Each picture of the manual: the file it is drawn to and the command that draws it.
PICTURES = {
    "bankroll.svg": ["bankroll", "jacks-or-better-9-6", "--credits", "1000", "--hands", "2000"],
    "sweep.svg": ["sweep", "jacks-or-better-9-6", "--vary", "full_house=6..10", "flush=5..7"],
    "feature.svg": ["analyze", "multi-strike-16x-bonus-poker-7-5"],
    "history.svg": ["history"],
}
#: The session the history picture shows: rounds of 9/6 Jacks or Better held as the hint says.
PLAYED_ROUNDS, PLAYED_SEED = 400, 2026


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text shown as it is in a table cell: markdown and HTML characters escaped."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for mark in "\\`*_|[]":
        text = text.replace(mark, "\\" + mark)
    return text


def _deck(definition: object) -> str:
    from videopoker.rules.definition import GameDefinition

    assert isinstance(definition, GameDefinition)
    wild = ([f"{definition.jokers} joker" + ("s" if definition.jokers > 1 else "")] if definition.jokers else [])
    wild += [f"{'A' if rank == 14 else rank}s" for rank in sorted(definition.wild_ranks)]
    wild += ["one-eyed jacks"] if definition.wild_cards else []
    return f"{definition.deck_size}" + (f", wild: {', '.join(wild)}" if wild else "")


def catalog_page() -> str:
    """Every shipped table with what its source publishes, then every shipped game."""
    from videopoker.paytable import load_paytable
    from videopoker.paytable.published import published
    from videopoker.rules.catalog import SHIPPED_GAMES, load_game

    plain: list[list[str]] = []
    featured: list[list[str]] = []
    for path in sorted((ROOT / "videopoker/paytables").glob("*.yaml")):
        table = load_paytable(path)
        claim = published(path.read_text())
        figure, source = (claim.shown, claim.source) if claim is not None else ("", "")
        if table.feature is None:
            plain.append([f"`{path.stem}`", table.name, figure, source])
        else:
            featured.append([f"`{path.stem}`", table.name, table.feature.kind, figure, source])
    games = []
    for path in sorted(SHIPPED_GAMES.glob("*.yaml")):
        game = load_game(path.stem)
        games.append([f"`{path.stem}`", game.title, _deck(game.definition), str(len(game.categories))])
    return "\n".join([
        "# Catalog",
        "",
        "Made from the shipped files when this manual was built. Each table's first lines state the",
        "figure its source publishes for perfect play at its top bet, and the source; a test asserts that",
        "`videopoker analyze` gives exactly that figure to the published digits.",
        "",
        f"## Tables ({len(plain)})",
        "",
        _table(["table", "name", "published return", "source"], plain),
        f"## Feature tables ({len(featured)})",
        "",
        "The return at the feature bet, per coin of the whole bet (see [Feature games](features.md)); a",
        "Multi-Strike source publishes a level's value per coin of one level's bet.",
        "",
        _table(["table", "name", "feature", "published", "source"], featured),
        f"## Games ({len(games)})",
        "",
        "A paytable's `game:` is one of these keys, or a game of your own (see [Games](games.md)).",
        "",
        _table(["`game:`", "title", "deck", "hands"], games),
    ])


def checker_page() -> str:
    """The checker's own words on every bad file the suite keeps, one section per kind of file."""
    from videopoker.errors import PaytableError
    from videopoker.paytable import load_paytable

    titles = {"bad": "Paytable files", "bad-features": "Features", "rules/bad": "Games written in a paytable"}
    parts = ["# What the checker says", "",
             "Every file `videopoker paytable validate` (and any command that reads a table) refuses is",
             "refused with one line per problem: the file, the line and column, what is wrong and what to do.",
             "Below are the checker's own words on each bad file the test suite keeps, made when this",
             "manual was built.", ""]
    for folder in BAD_FIXTURES:
        key = "rules/bad" if folder.parent.name == "rules" else folder.name
        parts += [f"## {titles[key]}", "", "| file | what the checker says |", "|---|---|"]
        for path in sorted(folder.glob("*.yaml")):
            try:
                load_paytable(path)
                problems = ["(accepted)"]
            except PaytableError as error:
                problems = [line.removeprefix(str(path)).lstrip(":") for line in error.problems]
            said = "<br>".join(_cell(line) for line in problems)
            parts.append(f"| `{path.name}` | {said} |")
        parts.append("")
    return "\n".join(parts)


@contextlib.contextmanager
def _own_home() -> Iterator[Path]:
    """A VIDEOPOKER_HOME of the build's own, so building never touches a player's files."""
    before = os.environ.get("VIDEOPOKER_HOME")
    with tempfile.TemporaryDirectory(prefix="videopoker-manual-") as folder:
        os.environ["VIDEOPOKER_HOME"] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("VIDEOPOKER_HOME", None)
            else:
                os.environ["VIDEOPOKER_HOME"] = before


def play_perfectly(home: Path, rounds: int = PLAYED_ROUNDS, seed: int = PLAYED_SEED) -> None:
    """A ledger to show: ``rounds`` one-hand rounds at 5 coins, each held as the hint says."""
    import random

    from videopoker.player.session import Session

    with Session.open(home, random.Random(seed)) as session:
        for _ in range(rounds):
            session.bet_max()  # 200 bets: this seed's session never runs out
            decision = session.judge()
            for position, (held, best) in enumerate(zip(decision.held, decision.best)):
                if held != best:
                    session.toggle_hold(position)
            session.draw(session.judge())


def draw_pictures() -> dict[str, bytes]:
    """Each picture of :data:`PICTURES`, drawn by its command's ``--plot`` (the history's from a
    session played for it)."""
    from videopoker.cli import main

    drawn = {}
    with _own_home() as home:
        play_perfectly(home)
        for name, command in PICTURES.items():
            target = home / name
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                status = main([*command, "--plot", str(target)])
            if status != 0:
                raise SystemExit(f"videopoker {' '.join(command)} --plot: exit {status}")
            drawn[name] = target.read_bytes()
    return drawn


def build() -> None:
    import mkdocs_gen_files

    with mkdocs_gen_files.open("catalog.md", "w") as page:
        page.write(catalog_page())
    with mkdocs_gen_files.open("checker.md", "w") as page:
        page.write(checker_page())
    with mkdocs_gen_files.open("images/machine.svg", "wb") as picture:
        picture.write(MACHINE_SNAPSHOT.read_bytes())
    for name, drawn in draw_pictures().items():
        with mkdocs_gen_files.open(f"images/{name}", "wb") as picture:
            picture.write(drawn)


if __name__ in {"__main__", "<run_path>"}:
    build()
