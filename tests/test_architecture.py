"""The house in rooms: import-linter's contracts in pyproject.toml, and what holds them together."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "videopoker"
#: Everything but the screen and the command line is engine, including modules added later.
FRONT_ENDS = ("tui", "cli", "__main__")


def contracts() -> dict[str, dict[str, object]]:
    """The house's contracts by type: the first of each (the rooms of analysis/ have their own below)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found: dict[str, dict[str, object]] = {}
    for contract in config["tool"]["importlinter"]["contracts"]:
        found.setdefault(contract["type"], contract)
    return found


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


def test_analysis_keeps_no_module_at_its_root_and_its_layers_name_every_room() -> None:
    engine = PACKAGE / "analysis"
    assert sorted(file.name for file in engine.glob("*.py")) == ["__init__.py"]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (inner,) = [contract for contract in config["tool"]["importlinter"]["contracts"]
                if contract.get("containers") == ["videopoker.analysis"]]
    named = [room.strip() for layer in inner["layers"] for room in layer.split("|")]
    rooms = {path.name for path in engine.iterdir() if (path / "__init__.py").is_file()}
    assert sorted(named) == sorted(rooms) and len(rooms) >= 7
