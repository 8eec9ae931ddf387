"""The house in rooms: import-linter's contracts in pyproject.toml, and what holds them together."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import videopoker

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "videopoker"
#: Everything but the screen and the command line is engine, including modules added later.
FRONT_ENDS = ("tui", "cli", "__main__")


def contracts() -> dict[str, dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return {contract["type"]: contract for contract in config["tool"]["importlinter"]["contracts"]}


def imported_modules(file: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(file.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_engine_imports_neither_textual_nor_the_tui() -> None:
    files = [file for file in sorted(PACKAGE.rglob("*.py"))
             if file.relative_to(PACKAGE).parts[0].removesuffix(".py") not in FRONT_ENDS]
    assert len(files) > 8
    for file in files:
        for module in imported_modules(file):
            forbidden = module.startswith(("textual", "videopoker.tui", "videopoker.cli"))
            assert not forbidden, f"{file.name} imports {module}"


def test_the_import_linter_contracts_hold() -> None:
    from importlinter.cli import lint_imports

    assert lint_imports(no_cache=True) == 0


def test_the_root_keeps_only_the_package_its_entry_and_the_error_family() -> None:
    assert sorted(file.name for file in PACKAGE.glob("*.py")) == ["__init__.py", "__main__.py", "errors.py"]


def test_the_layers_name_every_room_and_the_textual_ban_covers_every_room_below_the_tui() -> None:
    layers = contracts()["layers"]["layers"]
    assert isinstance(layers, list)
    rooms = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert sorted(layers) == sorted(rooms | modules)
    below_the_tui = [f"videopoker.{layer}" for layer in layers[layers.index("tui") + 1:]]
    assert contracts()["forbidden"]["source_modules"] == below_the_tui


@pytest.mark.parametrize("old", sorted(videopoker.MOVED))
def test_an_old_import_path_is_the_module_where_it_lives_now(old: str) -> None:
    sys.modules.pop(f"videopoker.{old}", None)
    with pytest.warns(DeprecationWarning, match=f"videopoker.{old} is now videopoker.{videopoker.MOVED[old]}"):
        module = importlib.import_module(f"videopoker.{old}")
    assert module is importlib.import_module(f"videopoker.{videopoker.MOVED[old]}")


def test_a_script_written_before_the_rooms_still_runs() -> None:
    script = ("from videopoker.cards import parse_hand\nfrom videopoker.evaluate import evaluate\n"
              "from videopoker.paytable import resolve_paytable\n"
              "print(evaluate(parse_hand('Ah Kh Qh Jh Th'), resolve_paytable('jacks-or-better-9-6').game))")
    run = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", script],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and "videopoker.cards is now videopoker.deck.cards" in run.stderr
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "royal_flush"
