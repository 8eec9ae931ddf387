"""Which file a paytable name means: a path, a stem of a known file, or an ending only one stem has.

Known files are the player's own (``$VIDEOPOKER_HOME/paytables``) first, then the shipped ones,
so a player's table can stand in for a shipped one of the same name.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from videopoker.errors import PaytableError
from videopoker.paytable.pays import Paytable
from videopoker.paytable.remembered import load_paytable
from videopoker.storage.usertext import quote

SHIPPED_DIR = Path(__file__).parent.parent / "paytables"
DEFAULT_PAYTABLE = "jacks-or-better-9-6"
#: How many names a "no such paytable" message lists before pointing at `paytable list`.
NAMES_SHOWN = 8


def user_dir() -> Path | None:
    """Where a player's own paytables live (``$VIDEOPOKER_HOME/paytables``), if anywhere yet."""
    from videopoker.storage.home import home_dir

    folder = home_dir() / "paytables"
    try:
        return folder if folder.is_dir() else None
    except OSError:  # an unreadable home holds no tables we could use
        return None


def paytable_reference(paytable: Paytable) -> str:
    """How the wallet, the ledger and a progressive meter name a table: a shipped one by stem, any
    other by absolute path (one file, one meter), one never read from a file by its name."""
    if paytable.source is None:
        return paytable.name
    if is_shipped(paytable.source):
        return paytable.source.stem
    return str(paytable.source.resolve())


def is_shipped(path: Path) -> bool:
    """Whether ``path`` is one of the tables that came with the program (never overwritten)."""
    try:
        return path.resolve().parent == SHIPPED_DIR.resolve()
    except OSError:
        return False


def paytable_files() -> Iterator[Path]:
    """Every paytable a name can reach: the player's own first, then the shipped ones.

    Only names are listed here; a name that is not a regular file is refused when it is read.
    """
    for folder in (user_dir(), SHIPPED_DIR):
        if folder is not None:
            try:
                yield from sorted(folder.glob("*.yaml"))
            except OSError:
                continue


def _names_a_file(name: str) -> bool:
    """Whether ``name`` is meant as a path: it has a folder in it, a YAML ending, or names something here."""
    if "/" in name or os.sep in name or name.endswith((".yaml", ".yml")):
        return True
    try:
        return os.path.lexists(Path(name).expanduser())
    except (OSError, ValueError):
        return False


def _listing(stems: list[str]) -> str:
    shown = ", ".join(stems[:NAMES_SHOWN])
    more = len(stems) - NAMES_SHOWN
    return shown + (f" and {more} more (see `videopoker paytable list`)" if more > 0 else "")


def find_paytable(name: str) -> Path:
    """The file a paytable name means: a path as given, else a stem of a known file.

    >>> find_paytable("jacks-or-better-9-6").name
    'jacks-or-better-9-6.yaml'
    """
    if not name.strip():
        raise PaytableError("the paytable name is empty: give a file path or a name such as "
                            f"{DEFAULT_PAYTABLE} (see `videopoker paytable list`)")
    if _names_a_file(name):
        path = Path(name).expanduser()
        if not os.path.lexists(path):
            raise PaytableError(f"no paytable {quote(name)}: there is no such file; check the path, or give "
                                "a name (see `videopoker paytable list`)")
        return path
    files = list(paytable_files())
    for file in files:
        if file.stem == name:
            return file
    endings: dict[str, Path] = {}
    for file in files:  # "jacks-or-better-9-6" for jacks-or-better-9-6, when nothing else ends so
        if file.stem.endswith(f"-{name}"):
            endings.setdefault(file.stem, file)
    if len(endings) == 1:
        return next(iter(endings.values()))
    if endings:
        raise PaytableError(f"paytable {quote(name)} could be any of {_listing(sorted(endings))}; "
                            "give the full name")
    stems = sorted({file.stem for file in files})
    raise PaytableError(f"no paytable {quote(name)}: give a file path or one of {_listing(stems)}")


def resolve_paytable(name: str) -> Paytable:
    """The paytable a name means, read and checked."""
    return load_paytable(find_paytable(name))
