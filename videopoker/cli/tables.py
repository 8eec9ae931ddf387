"""The ``paytable`` commands: list, show, validate, new, solve and diff."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from videopoker.cli.output import Column, Grid, complain, say, show
from videopoker.cli.progress import progress_bar
from videopoker.errors import PaytableError
from videopoker.machine.pay_order import pay_order_warnings
from videopoker.paytable import (
    SHIPPED_DIR,
    Paytable,
    find_paytable,
    is_shipped,
    load_paytable,
    parse_pay_setting,
    paytable_files,
    resolve_paytable,
    user_dir,
)
from videopoker.paytable.writing import write_variant
from videopoker.storage.home import home_dir
from videopoker.storage.usertext import counted, excerpt


def run_paytable(args: argparse.Namespace) -> int:
    if args.action == "list":
        return list_paytables_json(args.returns) if args.json else list_paytables(args.returns)
    if args.action == "show":
        show_paytable(resolve_paytable(args.paytable))
        return 0
    if args.action == "validate":
        return validate_files(args.files)
    if args.action == "solve":
        return solve_for_target(args)
    if args.action == "diff":
        return diff_tables(resolve_paytable(args.first), resolve_paytable(args.second), args.json)
    source = find_paytable(args.source)
    base = load_paytable(source)
    changes = dict(parse_pay_setting(text, base) for text in args.set)
    written = write_variant(source, changes, args.output, args.name, force=args.force)
    say(f"wrote {args.output} ({written.name})")
    return 0


def _folder_grid(title: str, files: list[Path], returns: dict[Path, dict[str, Any]] | None = None) -> Grid:
    """The folder's tables, and under them those that play a double-up or a meter beside their pays
    (a feature is in a table's name; these two often are not).  With ``returns``, each table's
    return (its pays alone) and a feature table's feature game's, in place of the name."""
    second = [Column("Return"), Column("Feature game", right=False)] if returns is not None else \
        [Column("Name", right=False)]
    grid = Grid(title, [Column("Use as", right=False), *second], keys=2, note="")
    doubling, metered = [], []
    for file in files:
        try:
            paytable = load_paytable(file)
            grid.rows.append([file.stem, *(_return_cells(returns[file]) if returns is not None else [paytable.name])])
            doubling += [file.stem] * paytable.double_up
            metered += [file.stem] * (paytable.progressive is not None)
        except PaytableError as error:
            problem = error.found[0].message if error.found else str(error)
            grid.rows.append([file.stem, f"invalid: {excerpt(problem, 40)}", *([""] if returns is not None else [])])
            grid.note = "invalid: `videopoker paytable validate FILE` says what to fix"
    marks = [f"{what}: {', '.join(stems)}" for what, stems in (("double-up", doubling),
                                                               ("progressive meter", metered)) if stems]
    told = ["Return: perfect play of the pays alone; Feature game: of the feature, a coin of its whole bet"
            ] if returns is not None else []
    grid.note = "; ".join(filter(None, [grid.note, *marks, *told]))
    return grid


def _return_cells(figures: dict[str, Any]) -> list[str]:
    rtp, featured, hands = figures["rtp"], figures["feature_rtp"], figures["feature_hands"]
    played = f" at {hands} hands" if hands and hands > 1 else ""
    return [f"{rtp * 100:.4f}%", f"{featured * 100:.4f}%{played}" if featured is not None else ""]


def _returns(files: list[Path]) -> dict[Path, dict[str, Any]]:
    """Each readable table's return and its feature game's (None where it has none), solved with a
    progress bar."""
    from videopoker.analysis import analyze
    from videopoker.analysis.features.listed import feature_return

    found: dict[Path, dict[str, Any]] = {}
    with progress_bar() as bar:
        task = None if bar is None else bar.add_task("solving every table", total=len(files))
        for file in files:
            try:
                paytable = load_paytable(file)
            except PaytableError:
                continue
            featured = feature_return(paytable)
            found[file] = {"rtp": float(analyze(paytable).rtp), "feature_rtp": featured and featured[0],
                           "feature_hands": featured and featured[1]}
            if bar is not None and task is not None:
                bar.advance(task)
    return found


def list_paytables_json(returns: bool = False) -> int:
    """Every table a name reaches, as data: what to call it, its game, its name, where, shipped or
    yours (and with ``returns`` the figures of :func:`_returns`)."""
    rows: list[dict[str, object]] = []
    files = list(paytable_files())
    figures = _returns(files) if returns else {}
    for file in files:
        row: dict[str, object] = {"use_as": file.stem, "path": str(file), "shipped": is_shipped(file)}
        try:
            paytable = load_paytable(file)
            row |= {"game": paytable.game.key, "name": paytable.name,
                    "feature": None if paytable.feature is None else str(paytable.feature.kind),
                    "double_up": paytable.double_up, "progressive": paytable.progressive is not None,
                    **figures.get(file, {})}
        except PaytableError as error:
            row |= {"game": None, "name": None, "problem": error.found[0].message if error.found else str(error)}
        rows.append(row)
    print(json.dumps(rows, indent=2))
    return 0


def list_paytables(returns: bool = False) -> int:
    """The tables a name reaches, by folder: the folder on its own line, each file by its stem."""
    files = list(paytable_files())
    figures = _returns(files) if returns else None
    mine = user_dir()
    folders = [(f"Yours, in {mine}", mine)] if mine else []
    folders.append((f"Shipped, in {SHIPPED_DIR}", SHIPPED_DIR))
    first = True
    for title, folder in folders:
        inside = [file for file in files if file.parent == folder]
        if not inside:
            continue
        if not first:
            say("")
        show(_folder_grid(title, inside, figures))
        first = False
    if mine is None:
        say("")
        say(f"Your own tables go in {home_dir() / 'paytables'} (see the manual, docs/paytables.md).")
    return 0


def show_paytable(paytable: Paytable) -> None:
    """Every bet's pays; on a narrow terminal the bets are split into parts, never cut."""
    bets = range(1, paytable.max_coins + 1)
    grid = Grid(f"{paytable.name} ({paytable.game.title})",
                [Column("Hand", right=False), *[Column(f"{coins} coin{'s' * (coins > 1)}") for coins in bets]])
    for category in paytable.game.paying:
        grid.rows.append([paytable.game.label(category), *[f"{paytable.pay(category, n):,}" for n in bets]])
    show(grid)
    if paytable.feature is not None:
        for line in paytable.feature.lines(paytable.game.label):
            say(line)


def validate_files(files: Sequence[str]) -> int:
    """One ``ok`` line per good file on stdout; one line per problem on stderr; exit 1 if any."""
    failed = False
    for name in files:
        try:
            paytable = load_paytable(name)
            say(f"{name}: ok ({paytable.name}, {paytable.game.key})")
            for warning in pay_order_warnings(paytable):
                complain(f"{name}: warning: {warning}", prefix="")
        except PaytableError as error:
            failed = True
            for line in error.problems:
                complain(line, prefix="")
    return 1 if failed else 0


def solve_for_target(args: argparse.Namespace) -> int:
    """The pay per coin for one category that brings the return closest to a target."""
    from videopoker.analysis.tables.target import category_named, read_target, solve_pay

    paytable = resolve_paytable(args.paytable)
    category = category_named(paytable, args.category)
    target = read_target(args.target)
    solved = solve_pay(paytable, category, target, args.coins)
    if args.json:
        print(json.dumps(solved.to_json(), indent=2))
        return 0
    grid = Grid(f"{paytable.name}: {paytable.game.label(category)} for {float(target) * 100:.4f}% at "
                f"{counted(solved.coins, 'coin')}",
                [Column("", right=False), Column("Pays per coin"), Column("Return"), Column("From target")])
    for label, choice in (("one less", solved.below), ("closest", solved.best), ("one more", solved.above)):
        if choice is not None:
            grid.rows.append([label, str(choice.pay), f"{float(choice.rtp) * 100:.4f}%",
                              f"{float(choice.rtp - target) * 100:+.4f}"])
    show(grid)
    return 0


def diff_tables(first: Paytable, second: Paytable, as_json: bool) -> int:
    """The categories whose pays differ, and both exact returns at each table's max bet."""
    from videopoker.analysis import analyze
    from videopoker.analysis.tables.target import differences, pays_text

    changed = differences(first, second)
    returns = [analyze(table).rtp for table in (first, second)]
    if as_json:
        sides = [{"paytable": table.name, "game": table.game.key, "max_coins": table.max_coins, "rtp": float(rtp),
                  "feature": table.feature.to_json() if table.feature else None}
                 for table, rtp in zip((first, second), returns)]
        print(json.dumps({"a": sides[0], "b": sides[1], "difference": float(returns[1] - returns[0]),
                          "rows": [{"category": c, "a": pays_text(first, c), "b": pays_text(second, c)}
                                   for c in changed]}, indent=2))
        return 0
    if first.game is not second.game:
        say(f"{first.name} is {first.game.title}; {second.name} is {second.game.title}")
    grid = Grid(f"{first.name} → {second.name}", [Column("Hand", right=False), Column("First"), Column("Second")],
                note="pays per coin, or the totals for 1..max coins")
    grid.rows.extend([first.game.label(category), pays_text(first, category), pays_text(second, category)]
                     for category in changed)
    grid.footer.append(["Return", f"{float(returns[0]) * 100:.4f}%", f"{float(returns[1]) * 100:.4f}%"])
    if not changed:
        grid.note = "the two tables pay alike" if first.feature == second.feature else "their pay columns are alike"
    show(grid)
    say(f"Difference {float(returns[1] - returns[0]) * 100:+.4f} points of return")
    if first.feature != second.feature:  # the returns above are of the pay columns, at max_coins
        for table in (first, second):
            sells = f"sells {table.feature.kind} at {table.feature.coins} coins" if table.feature else "has no feature"
            say(f"{table.name} {sells}" + ("; `analyze` gives its return" if table.feature else ""))
    return 0
