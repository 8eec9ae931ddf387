"""A feature kind in one place: each floor finds a kind through its one registry, the registries
name the same kinds, and no shared code asks which kind it holds."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_architecture import PACKAGE, import_graph, module_name
from videopoker.paytable.kinds import KINDS

#: Each floor's registry of the kinds, and the folders of the kinds' own modules on it.
REGISTRIES = {
    "videopoker.paytable.kinds": "KINDS",
    "videopoker.analysis.features.registry": "ENGINES",
    "videopoker.cli.kinds": "COMMANDS",
    "videopoker.tui.kinds": "VIEWS",
    "videopoker.plots.kinds": "PICTURES",
}
#: A kind's engine is a package of its own under analysis/features/.
ENGINES = tuple(f"videopoker.analysis.features.{path.name}"
                for path in sorted((PACKAGE / "analysis" / "features").iterdir()) if (path / "__init__.py").is_file())
KIND_HOMES = ("videopoker.paytable.kinds.", "videopoker.cli.kinds.", "videopoker.tui.kinds.",
              "videopoker.plots.kinds.", *ENGINES)


def kind_module(module: str) -> bool:
    """A kind's own module (a floor's base of the kinds is not one: everyone may build on it)."""
    return module.startswith(KIND_HOMES) and not module.endswith(".base")


def test_every_floor_names_the_same_kinds() -> None:
    import importlib

    names = {registry: set(getattr(importlib.import_module(registry), table)) for registry, table in REGISTRIES.items()}
    assert len(KINDS) >= 5
    assert all(kinds == set(KINDS) for kinds in names.values()), names


def test_shared_code_reaches_a_kind_only_through_its_floors_registry() -> None:
    """Outside the kinds' own modules and the registries, no module imports a kind's module: it
    cannot ask which kind it holds (no ``isinstance`` of a kind's class, no state of a kind read)."""
    graph = import_graph()
    reaching = sorted(f"{module} → {imported}" for module, imported_ones in graph.items()
                      if not kind_module(module) and module not in REGISTRIES
                      for imported in imported_ones if kind_module(imported))
    assert not reaching, "shared code imports a kind's own module (ask the floor's registry):\n" + "\n".join(reaching)


def test_shared_code_names_no_kind() -> None:
    """Outside the kinds' own modules and the registries no code holds a kind's name (``"ultimate
    x"``) to compare or branch on; a docstring may tell of one."""
    found = []
    for file in sorted(PACKAGE.rglob("*.py")):
        module = module_name(file)
        if kind_module(module) or module in REGISTRIES:
            continue
        tree = ast.parse(file.read_text())
        told = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)}
        found += [f"{Path(file).relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in told
                  and node.value.casefold() in KINDS]
    assert not found, "shared code names a kind:\n" + "\n".join(found)


def test_a_kinds_own_modules_stay_in_its_kind() -> None:
    """The kinds' engines never reach into one another (import-linter holds analysis/'s two); on
    every floor a kind's module imports no other kind's."""
    graph = import_graph()

    def kind_of(module: str) -> str:
        return module.rsplit(".", 1)[-1] if not module.startswith("videopoker.analysis.features.") \
            else module.split(".")[3]

    crossing = sorted(f"{module} → {imported}" for module, imported_ones in graph.items() if kind_module(module)
                      for imported in imported_ones if kind_module(imported) and kind_of(imported) != kind_of(module))
    assert not crossing, "\n".join(crossing)
