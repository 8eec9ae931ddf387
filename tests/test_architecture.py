"""The engine never imports the screen: checked by import-linter's contract in pyproject.toml."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "videopoker"
ENGINE = ["cards.py", "evaluate.py", "categories.py", "hands.py", "lookup.py", "families", "pay_order.py",
          "paytable.py", "game.py", "wallet.py", "session.py", "errors.py", "home.py",
          "analysis"]


def imported_modules(file: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(file.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_engine_imports_neither_textual_nor_the_tui() -> None:
    files = [file for name in ENGINE for file in ([PACKAGE / name] if name.endswith(".py") else
                                                   sorted((PACKAGE / name).glob("*.py")))]
    assert len(files) > 8
    for file in files:
        if not file.exists():
            continue
        for module in imported_modules(file):
            forbidden = module.startswith(("textual", "videopoker.tui", "videopoker.cli"))
            assert not forbidden, f"{file.name} imports {module}"


def test_the_import_linter_contract_holds() -> None:
    from importlinter.cli import lint_imports

    assert lint_imports(no_cache=True) == 0
