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


def module_name(file: Path) -> str:
    """``videopoker/cli/commands.py`` is ``videopoker.cli.commands``; a package is its ``__init__.py``."""
    parts = file.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_only(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` (bare or as ``typing.TYPE_CHECKING``): what an ``if`` on it imports never runs."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_run(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import under ``node`` that can run, at the top or inside a function (a late import
    is still a cycle), leaving out the body of ``if TYPE_CHECKING:``."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [node]
    if isinstance(node, ast.If) and type_checking_only(node.test):
        children: list[ast.AST] = list(node.orelse)
    else:
        children = list(ast.iter_child_nodes(node))
    return [found for child in children for found in imports_run(child)]


def import_graph() -> dict[str, set[str]]:
    """Which of videopoker's modules each of them imports, read from the source (like import-linter:
    ``from a import b`` is an import of the module ``a.b`` where there is one, else of ``a``)."""
    files = {module_name(file): file for file in sorted(PACKAGE.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, file in files.items():
        package = name if file.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = set()
        for node in imports_run(ast.parse(file.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = package.rsplit(".", node.level - 1)[0] if node.level else ""  # from .. import x
                source = ".".join(part for part in (base, node.module) if part)
                targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in files else source
                           for alias in node.names]
            graph[name].update(target for target in targets if target in files and target != name)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    components: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(components)


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert import_cycles({"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}, "e": {"a"}}) == [["a", "b"], ["c", "d"]]
    graph = import_graph()
    commands = graph["videopoker.cli.commands"]
    assert {"videopoker.cli.output", "videopoker.cli.state_hint"} <= commands  # at the top and inside a function
    assert "videopoker.analysis.solve.hint" not in graph["videopoker.cli.holds"]  # only under TYPE_CHECKING
    cycles = [", ".join(f"{module} → {imported}" for module in cycle for imported in sorted(graph[module] & {*cycle}))
              for cycle in import_cycles(graph)]
    assert not cycles, "import cycles (a shared piece belongs in a module below its users):\n" + "\n".join(cycles)


def test_analysis_keeps_no_module_at_its_root_and_its_layers_name_every_room() -> None:
    engine = PACKAGE / "analysis"
    assert sorted(file.name for file in engine.glob("*.py")) == ["__init__.py"]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (inner,) = [contract for contract in config["tool"]["importlinter"]["contracts"]
                if contract.get("containers") == ["videopoker.analysis"]]
    named = [room.strip() for layer in inner["layers"] for room in layer.split("|")]
    rooms = {path.name for path in engine.iterdir() if (path / "__init__.py").is_file()}
    assert sorted(named) == sorted(rooms) and len(rooms) >= 7
