"""The machine's memory between runs: credits, the game in progress and the game recall.

Everything lives in one JSON file, ``$VIDEOPOKER_HOME/wallet.json``, so one atomic write (temp
file, fsync, rename, fsync of the folder) moves the whole machine from one consistent state to
the next: a power cut at any moment leaves either the state before a transition or the one
after it, never a mix.  A checksum over the content tells a damaged or hand-edited file from a
good one; such a file is never silently replaced: it is copied aside and the player is asked.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from videopoker.errors import StateError

WALLET_NAME = "wallet.json"
FORMAT = 1


class DamagedWallet(StateError):
    """The wallet file exists but cannot be trusted; ``aside`` is where a copy was kept."""

    def __init__(self, message: str, aside: Path | None) -> None:
        super().__init__(message)
        self.aside = aside


def checksum(content: Mapping[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old file or the new, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


class Wallet:
    """The wallet file of one ``VIDEOPOKER_HOME``."""

    def __init__(self, home: Path) -> None:
        self.path = home / WALLET_NAME

    def load(self) -> dict[str, Any] | None:
        """The saved content, or ``None`` for a new player; :class:`DamagedWallet` if untrustworthy."""
        for stale in self.path.parent.glob(f"{WALLET_NAME}.*.tmp"):
            stale.unlink(missing_ok=True)  # a write cut short before its rename
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StateError(f"{self.path}: cannot read: {error.strerror or error}") from None
        try:
            document = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise self.damaged("is not text") from None
        except json.JSONDecodeError as error:
            raise self.damaged(f"is not valid JSON (line {error.lineno}, column {error.colno}: "
                                f"{error.msg})") from None
        if not isinstance(document, dict) or not isinstance(document.get("content"), dict):
            raise self.damaged("does not hold a wallet")
        if document.get("format") != FORMAT:
            raise self.damaged(f"has format {document.get('format')!r}; this program reads format {FORMAT}")
        content: dict[str, Any] = document["content"]
        if document.get("checksum") != checksum(content):
            raise self.damaged("was changed outside the game (its checksum does not match)")
        return content

    def save(self, content: Mapping[str, Any]) -> None:
        document = {"format": FORMAT, "checksum": checksum(content), "content": content}
        try:
            write_atomically(self.path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        except OSError as error:
            raise StateError(f"{self.path}: cannot save: {error.strerror or error}") from None

    def damaged(self, problem: str) -> DamagedWallet:
        """A :class:`DamagedWallet` for ``problem``, after keeping a copy of the file aside."""
        aside = self.path.with_name(f"{WALLET_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            aside.write_bytes(self.path.read_bytes())
        except OSError:
            return DamagedWallet(f"{self.path} {problem}", None)
        return DamagedWallet(f"{self.path} {problem}; a copy is kept as {aside.name}", aside)
