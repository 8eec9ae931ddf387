"""What the checks concluded about a file's text, remembered on disk and never believed unverified.

Parsing and checking YAML with ruamel.yaml's round-trip loader costs a command about 0.05 s (the
import and the parse), for files that rarely change.  What the checks concluded is kept in the
cache folder as JSON, named by a digest of the file's exact text, a context (the name the file
would default to) and the code that checks it: a changed byte, a renamed file or new checks make
a new name.  Each record carries a digest of its own content, checked when it is read, so a record
damaged on disk or edited by hand is thrown away and the file checked again: a cache never decides
what the machine pays.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from videopoker.storage.cachespace import used, write_file
from videopoker.storage.home import cache_dir

PACKAGE = Path(__file__).resolve().parent.parent


def source_files(sources: tuple[str, ...]) -> list[tuple[str, Path]]:
    """The named source files of the package, and every module in the named folders and their rooms
    below, each with its name within what was named (a file's name alone at a folder's top)."""
    files = []
    for name in sources:
        path = PACKAGE / name
        if path.is_dir():
            files += [(file.relative_to(path).as_posix(), file) for file in sorted(path.rglob("*.py"))]
        else:
            files.append((path.name, path))
    return files


@cache
def source_digest(sources: tuple[str, ...]) -> bytes:
    """A digest of the named source files and folders of the package (what a cache depends on)."""
    digest = hashlib.sha256()
    for name, file in source_files(sources):
        digest.update(name.encode() + b"\0" + file.read_bytes())
    return digest.digest()


def _file(kind: str, sources: tuple[str, ...], parts: Iterable[str]) -> Path:
    digest = hashlib.sha256(source_digest(sources))
    for part in parts:
        digest.update(hashlib.sha256(part.encode()).digest())
    return cache_dir() / kind / f"{digest.hexdigest()[:32]}.json"


def content_digest(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


def recall(kind: str, sources: tuple[str, ...], *parts: str) -> Any:
    """The data remembered for ``parts`` (the file's text, its context), or None: missing, damaged or edited."""
    file = _file(kind, sources, parts)
    try:
        record = json.loads(file.read_bytes())
        body = record["body"]
        if not isinstance(body, str) or record["digest"] != content_digest(body):
            return None
        data = json.loads(body)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    used(file)
    return data


def remember(kind: str, sources: tuple[str, ...], data: Any, *parts: str) -> None:
    """Keep ``data`` for ``parts``, with the digest that vouches for it (never raises: only a cache)."""
    body = json.dumps(data)
    write_file(_file(kind, sources, parts), json.dumps({"digest": content_digest(body), "body": body}).encode())
