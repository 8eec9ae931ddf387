"""The machine's memory between runs, in one file that belongs to one running game.

Everything lives in ``$VIDEOPOKER_HOME/wallet.json``, so one atomic write (temp file, fsync,
rename, fsync of the folder) moves the whole machine from one consistent state to the next: a
power cut at any moment leaves either the state before a transition or the one after it, never a
mix.  A checksum over the content detects damage and naive hand edits (it is not a defence
against someone who recomputes it); a damaged file is never silently replaced: it is copied aside
and the player is asked.

Only one game at a time may write a wallet: :meth:`Wallet.claim` takes an OS lock
(``flock``) on ``wallet.lock``, which the kernel releases when the process ends however it ends,
so a killed game never blocks the next start.  A second game is refused with the holder's pid.

The file is user input too: it is read only if it is a regular file (not a symlink, FIFO or
device) of at most :data:`MAX_WALLET_BYTES`, and decoded without recursion bombs, ``Infinity``
or giant numbers reaching the game.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import stat
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from videopoker.errors import StateError
from videopoker.storage.files import write_atomically

WALLET_NAME = "wallet.json"
LOCK_NAME = "wallet.lock"
#: The format this program writes.  Every earlier one is read and migrated (see
#: :mod:`videopoker.machine.wallet_content`); a later one is refused untouched.
FORMAT = 9
#: A wallet is a few kilobytes; anything far larger is not one, and is not read into memory.
MAX_WALLET_BYTES = 1 << 20
#: JSON nested deeper than this is not a wallet (and could exhaust the parser's recursion).
MAX_DEPTH = 16
HOME_ADVICE = "set VIDEOPOKER_HOME to a folder you can write"


class DamagedWallet(StateError):
    """The wallet file exists but cannot be trusted; ``aside`` is where a copy was kept."""

    def __init__(self, message: str, aside: Path | None) -> None:
        super().__init__(message)
        self.aside = aside


class WalletBusy(StateError):
    """Another running game holds the wallet."""


def checksum(content: Mapping[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a wallet holds")


def _nesting_depth(raw: bytes) -> int:
    """How deep JSON brackets nest (strings skipped), without parsing anything."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


class Wallet:
    """The wallet file of one ``VIDEOPOKER_HOME``."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.path = home / WALLET_NAME
        self._lock: int | None = None

    # -- one game at a time ----------------------------------------------------------------------

    def claim(self) -> None:
        """Take the wallet for this process, or raise :class:`WalletBusy` naming the holder."""
        if self._lock is not None:
            return
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.home / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK,
                                 0o600)
        except OSError as error:
            raise StateError(f"{self.home}: cannot use this folder for the wallet: "
                             f"{error.strerror or error}; {HOME_ADVICE}") from None
        if not os.access(self.home, os.W_OK | os.X_OK):
            os.close(descriptor)
            raise StateError(f"{self.home}: the folder for your wallet is read-only; {HOME_ADVICE}")
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(descriptor, 32).decode("ascii", "replace").strip() or "unknown"
            os.close(descriptor)
            raise WalletBusy(f"another videopoker (pid {holder}) is playing on {self.path}; "
                             "quit that one first") from None
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{os.getpid()}\n".encode())
        self._lock = descriptor

    def release(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor drops the flock
            self._lock = None

    # -- reading ---------------------------------------------------------------------------------

    def load(self) -> tuple[int, dict[str, Any]] | None:
        """The saved (format, content), or ``None`` for a new player.

        :class:`DamagedWallet` if the content cannot be trusted; :class:`StateError` (nothing
        touched) if the file is not one this program may read: a link, a special file, a newer format.
        """
        self._remove_leftovers()
        return self._parse(self.damaged)

    def peek(self) -> tuple[int, dict[str, Any]] | None:
        """The saved (format, content) as :meth:`load` reads it, for a reader beside a running game
        (``videopoker history``): it takes no lock and changes nothing, not even a leftover temp
        file of a save in progress; a wallet it cannot trust is a plain :class:`StateError`."""
        return self._parse(lambda problem: StateError(f"{self.path} {problem}"))

    def _parse(self, damaged: Callable[[str], StateError]) -> tuple[int, dict[str, Any]] | None:
        raw = self._read(damaged)
        if raw is None:
            return None
        if _nesting_depth(raw) > MAX_DEPTH:
            raise damaged(f"nests deeper than {MAX_DEPTH}; it is not a wallet")
        try:
            document = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
        except UnicodeDecodeError:
            raise damaged("is not text") from None
        except json.JSONDecodeError as error:
            raise damaged(f"is not valid JSON (line {error.lineno}, column {error.colno}: "
                               f"{error.msg})") from None
        except (ValueError, RecursionError) as error:  # Infinity, NaN, a number of 5,000 digits
            raise damaged(f"holds a value no wallet has ({str(error)[:80]})") from None
        if not isinstance(document, dict) or not isinstance(document.get("content"), dict):
            raise damaged("does not hold a wallet")
        version = document.get("format")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise damaged(f"has format {str(version)[:20]!r}, which no videopoker wrote")
        if version > FORMAT:
            raise StateError(f"{self.path} was written by a newer videopoker (format {version}; this one "
                             f"reads 1..{FORMAT}); upgrade videopoker to play on it. The file is left as it is.")
        content: dict[str, Any] = document["content"]
        if document.get("checksum") != checksum(content):
            raise damaged("was changed outside the game (its checksum does not match)")
        return version, content

    def _read(self, damaged: Callable[[str], StateError]) -> bytes | None:
        try:
            status = os.lstat(self.path)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StateError(f"{self.path}: cannot read: {error.strerror or error}") from None
        if stat.S_ISLNK(status.st_mode):
            raise StateError(f"{self.path} is a symbolic link; the wallet must be a plain file: put the "
                             "file it should be in its place (the link was left as it is)")
        if not stat.S_ISREG(status.st_mode):
            raise StateError(f"{self.path} is not a regular file; move it away to start a new wallet")
        try:
            descriptor = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError as error:
            raise StateError(f"{self.path}: cannot read: {error.strerror or error}") from None
        with os.fdopen(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise StateError(f"{self.path} is not a regular file; move it away to start a new wallet")
            raw = file.read(MAX_WALLET_BYTES + 1)
        if len(raw) > MAX_WALLET_BYTES:
            raise damaged(f"is larger than {MAX_WALLET_BYTES:,} bytes; a wallet is a few kilobytes")
        return raw

    def _remove_leftovers(self) -> None:
        """Temp files of writes cut short before their rename; harmless if they cannot go."""
        try:
            leftovers = list(self.path.parent.glob(f"{WALLET_NAME}.*.tmp"))
        except OSError:
            return
        for stale in leftovers:
            with contextlib.suppress(OSError):
                stale.unlink()

    # -- writing ---------------------------------------------------------------------------------

    def save(self, content: Mapping[str, Any]) -> None:
        document = {"format": FORMAT, "checksum": checksum(content), "content": content}
        try:
            write_atomically(self.path, json.dumps(document, indent=1, ensure_ascii=False) + "\n", 0o600)
        except OSError as error:
            raise StateError(f"{self.path}: cannot save: {error.strerror or error}") from None

    def damaged(self, problem: str) -> DamagedWallet:
        """A :class:`DamagedWallet` for ``problem``, after keeping a copy of the file aside."""
        aside = self.path.with_name(f"{WALLET_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            shutil.copyfile(self.path, aside, follow_symlinks=False)  # streamed, whatever its size
        except OSError:
            return DamagedWallet(f"{self.path} {problem}", None)
        return DamagedWallet(f"{self.path} {problem}; a copy is kept as {aside.name}", aside)
