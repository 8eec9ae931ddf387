"""README and the manual are true of the code: every example in them is run here, as written.

A ```console block is commands (``$ videopoker ...``, a pipe to ``head``/``tail`` allowed) each
followed by the output it must print, run one after another in a folder of their own by a shell,
as a reader would type them; ``...`` on a line of its own stands for any lines.  A ```pycon block
is a doctest.  The manual's generated pages (catalog, checker, pictures) are made by
``docs/made_at_build.py``, tried here without MkDocs, and the API reference must list the API as
it is.
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib.util
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import videopoker as vp

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(console|pycon)\n(.*?)^```$", re.M | re.S)
CHECK = doctest.ELLIPSIS


def blocks(kind: str) -> list[tuple[str, int, str]]:
    """Each fenced block of ``kind``: (page, line, text)."""
    found = []
    for page in PAGES:
        text = page.read_text()
        for match in FENCE.finditer(text):
            if match.group(1) == kind:
                found.append((page.name, text.count("\n", 0, match.start()) + 2, match.group(2)))
    return found


def commands(text: str) -> list[tuple[str, str]]:
    """A console block's commands, each with the output it must print."""
    runs: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            runs.append((line[2:], []))
        else:
            assert runs, f"output before any command: {line!r}"
            runs[-1][1].append(line)
    return [(command, "\n".join(output) + "\n" if output else "") for command, output in runs]


PIPE = re.compile(r"^(?P<command>.*?)(?: \| (?P<end>head|tail) -(?P<lines>[0-9]+))?$")


def run_as_shown(command: str, folder: Path, env: dict[str, str], where: str) -> str:
    """What ``command`` prints; a pipe to ``head -N``/``tail -N`` is applied here to the whole output,
    so the command always finishes and its own exit status is checked (a real pipe may close early)."""
    found = PIPE.match(command)
    assert found is not None and "|" not in found["command"], f"{where}: only | head -N or | tail -N may follow"
    run = subprocess.run(["bash", "-c", found["command"]], cwd=folder, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, f"{where}: `{command}` failed: {run.stderr}"
    lines = run.stdout.splitlines(keepends=True)
    if found["end"] is not None:
        count = int(found["lines"])
        lines = lines[:count] if found["end"] == "head" else lines[-count:]
    return "".join(lines)


def matches(want: str, got: str) -> bool:
    """Exact, but ``...`` on a line of its own stands for any lines (doctest's ELLIPSIS)."""
    return doctest.OutputChecker().check_output(want, got, CHECK)


@pytest.fixture(scope="module")
def manual_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One VIDEOPOKER_HOME for every example, so each table is solved once (its cache kept)."""
    return tmp_path_factory.mktemp("manual-home")


def environment(home: Path) -> dict[str, str]:
    bin_folder = str(Path(sys.executable).parent)
    return {**os.environ, "VIDEOPOKER_HOME": str(home), "PATH": bin_folder + os.pathsep + os.environ["PATH"],
            "COLUMNS": "80", "NO_COLOR": "1"}


CONSOLE = blocks("console")
PYCON = blocks("pycon")


def test_the_pages_have_examples() -> None:
    assert len(CONSOLE) >= 5 and len(PYCON) >= 5
    assert any(page == "README.md" for page, _, _ in CONSOLE + PYCON)


@pytest.mark.parametrize(("page", "line", "text"), CONSOLE, ids=[f"{p}:{n}" for p, n, _ in CONSOLE])
def test_a_console_example_prints_what_it_shows(page: str, line: int, text: str, manual_home: Path,
                                                tmp_path: Path) -> None:
    for command, want in commands(text):
        assert command.startswith("videopoker "), f"{page}:{line}: an example runs videopoker, not {command!r}"
        shown = run_as_shown(command, tmp_path, environment(manual_home), f"{page}:{line}")
        assert matches(want, shown), f"{page}:{line}: `{command}` printed\n{shown}\nnot\n{want}"


PYTHON_PAGES = sorted({page for page, _, _ in PYCON})


@pytest.mark.parametrize("page", PYTHON_PAGES)
def test_the_python_examples_of_a_page_run_as_written(page: str, manual_home: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's ```pycon blocks are one session, as a reader would type them one after another."""
    for key, value in environment(manual_home).items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)
    runner = doctest.DocTestRunner(optionflags=CHECK | doctest.NORMALIZE_WHITESPACE)
    names: dict[str, object] = {}
    output: list[str] = []
    for _, line, text in (block for block in PYCON if block[0] == page):
        test = doctest.DocTestParser().get_doctest(text, names, f"{page}:{line}", page, line)
        runner.run(test, out=output.append, clear_globs=False)
        names = test.globs  # DocTest copies its globals: carry them to the next block
    assert runner.failures == 0, "".join(output)


def made_at_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("made_at_build", ROOT / "docs" / "made_at_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalog_lists_every_shipped_table_and_game_with_its_published_figure() -> None:
    page = made_at_build().catalog_page()
    for path in sorted((ROOT / "videopoker/paytables").glob("*.yaml")):
        row = next((line for line in page.splitlines() if line.startswith(f"| `{path.stem}` |")), None)
        assert row is not None, f"the catalog lacks {path.stem}"
        figure = r"\| (?:base game )?(?:[0-9]+-play )?[0-9.]+%|level [0-9]"
        assert re.search(figure, row), f"{path.stem} states no published figure: {row}"
    for path in (ROOT / "videopoker/games").glob("*.yaml"):
        assert f"| `{path.stem}` |" in page, f"the catalog lacks the game {path.stem}"


def test_the_checker_page_has_one_refusal_for_every_bad_fixture() -> None:
    module = made_at_build()
    page = module.checker_page()
    fixtures = [path for folder in module.BAD_FIXTURES for path in folder.glob("*.yaml")]
    assert len(fixtures) > 40
    for path in fixtures:
        row = next(line for line in page.splitlines() if line.startswith(f"| `{path.name}` |"))
        assert "(accepted)" not in row and re.search(r"\| [0-9]+:[0-9]+: ", row), row


def surface_line(name: str, value: object) -> str:
    """One name of the API as the reference lists it: a function's signature, a result's fields."""
    if isinstance(value, type):
        fields = [f"{field.name}: {field.type}" for field in dataclasses.fields(value) if field.name != "data"]
        return f"{name}({', '.join(fields)})"
    signature = inspect.signature(value)  # type: ignore[arg-type]
    parameters = [f"{p.name}: {p.annotation}" + ("" if p.default is inspect.Parameter.empty else f" = {p.default!r}")
                  for p in signature.parameters.values()]
    return f"{name}({', '.join(parameters)}) -> {signature.return_annotation}"


def test_the_reference_lists_the_api_as_it_is() -> None:
    """A rename, a new parameter or a new field changes the API: the reference must say so too."""
    reference = (ROOT / "docs" / "reference.md").read_text()
    listed = reference.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert listed == [surface_line(name, getattr(vp, name)) for name in vp.API]
    for name in vp.API:
        assert f"::: videopoker.api.{'results.' if isinstance(getattr(vp, name), type) else ''}{name}" in reference


def test_the_front_door_counts_the_catalog_as_it_is_and_stays_short() -> None:
    tables = len(list((ROOT / "videopoker/paytables").glob("*.yaml")))
    games = len(list((ROOT / "videopoker/games").glob("*.yaml")))
    for page in (ROOT / "README.md", ROOT / "docs/index.md"):
        assert f"{tables} tables of {games} games" in page.read_text(), page.name
    assert len((ROOT / "README.md").read_bytes()) <= 12 * 1024, "README is the front door: at most 12 KB"
