"""Writing a paytable: a repriced copy that keeps the author's comments, checked, then saved atomically.

The new text is checked as a paytable before anything touches the disk, and it reaches the disk
the one safe way (a temporary file in the same folder, fsync, rename), so a bad change or a crash
never leaves a half-written or invalid table where a good one was.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from videopoker.errors import PaytableError
from videopoker.paytable.checking import check_document
from videopoker.paytable.pays import Paytable, per_coin_of
from videopoker.rules.definition import PayCategory
from videopoker.storage.files import write_atomically
from videopoker.storage.yamlfile import parse_document, read_document

#: A comment line that states a return or where a figure comes from: true of the table it was
#: written of, and of no other.
CLAIM = re.compile(r"^[ \t]*#.*(?:[0-9]%|published|https?://|\breturns?\b)", re.IGNORECASE)


def pays_alike(first: Paytable | None, second: Paytable | None) -> bool:
    """Whether two tables return alike: the same in all but their names and files."""
    return first is not None and second is not None and \
        replace(first, name="", source=None) == replace(second, name="", source=None)


def honest_text(text: str, claims_hold: bool) -> str:
    """``text`` as it may be saved: where the table no longer is the one its comments describe, the
    comment lines that state a return or a source dropped (they would lie), every other one kept."""
    if claims_hold:
        return text
    return "".join(line for line in text.splitlines(keepends=True) if not CLAIM.match(line))


def variant_text(source: Path, changes: Mapping[PayCategory, tuple[int, ...]], name: str | None = None) -> str:
    """The YAML of ``source`` with some pays changed, its comments and key order kept."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedSeq

    if name is not None and not name.strip():
        raise PaytableError("the new name is empty; give the table a name, e.g. --name 'My 8/5'")
    document = read_document(source)
    base = check_document(document, str(source), source.stem)
    pays = document["pays"]
    for category, amounts in changes.items():
        per_coin = per_coin_of(amounts)
        pays[category] = per_coin if per_coin is not None else CommentedSeq(amounts)
        if per_coin is None:
            pays[category].fa.set_flow_style()
    document["name"] = name.strip() if name else f"{base.name} (variant)"
    buffer = io.StringIO()
    YAML(typ="rt").dump(document, buffer)
    return honest_text(buffer.getvalue(), all(base.pays[category] == amounts for category, amounts in changes.items()))


def save_text(target: Path, text: str, *, force: bool = False) -> None:
    """Put ``text`` at ``target`` atomically; an existing file is replaced only with ``force``."""
    check_target(target, force=force)
    try:
        write_atomically(target, text)
    except OSError as error:
        raise PaytableError(f"{target}: cannot write: {error.strerror or error}") from None


def check_target(target: Path, *, force: bool = False, example: str = "my-table.yaml") -> None:
    """Refuse a place a file cannot be saved to, before any slow work that would produce it."""
    folder = target.parent
    if not folder.is_dir():
        raise PaytableError(f"{target}: cannot write: there is no folder {folder}; create it or choose "
                            "another place")
    if target.is_dir():
        raise PaytableError(f"{target}: is a folder; give a file name, e.g. {target / example}")
    if os.path.lexists(target):
        if not target.is_file():  # a device, FIFO or dangling link is never replaced by a table
            raise PaytableError(f"{target}: is not a regular file; choose another name")
        if not force:
            raise PaytableError(f"{target}: already exists; add --force to replace it, or choose another name")


def write_variant(source: Path, changes: Mapping[PayCategory, tuple[int, ...]], target: Path,
                  name: str | None = None, *, force: bool = False) -> Paytable:
    """Save a copy of ``source`` with some pays changed (comments kept), checked before it is written."""
    text = variant_text(source, changes, name)
    written = check_document(parse_document(text, str(target)), str(target), target.stem)
    save_text(target, text, force=force)
    return replace(written, source=target)
