"""The cache's room on disk: bounded, and never the wallet's.

Everything in the cache folder can be rebuilt, so writing it is allowed to fail and must never
cost the player anything else.  Three rules keep it so:

- an entry is written by temp file and rename, and the temp file is removed on every failure
  (a full disk used to leave one empty ``tmp*.tmp`` per entry tried: 311 after a ``paytable list``);
- an entry is written only while the disk it goes to keeps :func:`reserve` free after it
  (64 MiB, thousands of times what the wallet and the ledger take at a save), so the cache never
  takes their room; and no entry is tried twice in one process once it failed;
- the cache keeps under :data:`LIMIT`: when a write takes it past that, the entries used least
  recently (a read stamps its entry's time) are removed until it is under three quarters of it.

The size is counted by each process from a scan of the folder at its first write, so several
processes writing at once may pass the limit for a while, until one of them scans again.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from videopoker.storage.home import cache_dir

MIB = 1 << 20
#: The most the cache folder keeps.  A game's draw tables are 4.5-12 MB (all 33 shipped games'
#: together 150 MB), a table's best holds 2.5-2.8 MB, everything else a few KB.
LIMIT = 256 * MIB
#: The free space a cache write always leaves on its disk: a wallet's save needs a few KB, the
#: ledger's a few pages.  A flat figure, not a share: 5 % of a big disk would turn the cache off
#: on one with gigabytes free.
RESERVE = 64 * MIB
#: A temp file older than this is a crashed writer's, removed when the folder is next scanned.
STALE_SECONDS = 3600.0
#: What an entry's name ends with while it is being written.
TEMP = ".tmp"
DIGEST = ".sha256"

_failed: set[Path] = set()  # entries that could not be written in this process: not tried again
_usage: dict[Path, int] = {}  # the cache's size as this process knows it, by cache folder


def has_room(folder: Path, size: int) -> bool:
    """Whether ``size`` more bytes in ``folder`` leave its disk's reserve free and fit the limit."""
    try:
        disk = shutil.disk_usage(folder)
    except OSError:
        return False
    return size <= LIMIT * 3 // 4 and disk.free - size >= RESERVE


def write_file(file: Path, data: bytes) -> bool:
    """Write a cache file by temp file and rename, if there is room; False (never an error) if not."""
    return _write(file, len(data), False, lambda temporary: _fill_file(file, temporary, data))


def write_folder(folder: Path, size: int, fill: Callable[[Path], None]) -> bool:
    """Make a cache folder of about ``size`` bytes: ``fill`` writes its files into a new folder,
    renamed into place when whole (replacing one there, which a reader found damaged)."""
    return _write(folder, size, True, lambda temporary: _fill_folder(folder, temporary, fill))


def used(path: Path) -> None:
    """Stamp an entry as just used, so it is the last to go when the cache is trimmed."""
    now = time.time_ns()  # not the file system's own clock, which can be a few milliseconds coarse
    with contextlib.suppress(OSError):  # a read-only cache is still read
        os.utime(path, ns=(now, now))


def usage(root: Path | None = None) -> int:
    """The bytes on disk the cache's entries take (temp files included)."""
    return sum(size for _, size, _ in _entries(root or cache_dir()))


def _write(path: Path, size: int, folder: bool, fill: Callable[[Path], None]) -> bool:
    if path in _failed:
        return False  # one try an entry a process: a full disk is not asked again and again
    root = cache_dir()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not has_room(path.parent, size):
            _failed.add(path)
            return False
        if root not in _usage:
            _usage[root] = _scan(root)
        temporary = _temporary(path, folder)
        try:
            fill(temporary)
        except BaseException:
            _remove(temporary)
            raise
    except OSError:
        _failed.add(path)
        return False  # only costs time next run
    _usage[root] = _usage.get(root, 0) + _disk_size(path)
    if _usage[root] > LIMIT:
        _trim(root, path)
    return True


def _temporary(path: Path, folder: bool) -> Path:
    if folder:
        return Path(tempfile.mkdtemp(suffix=TEMP, prefix=f"{path.name}.", dir=path.parent))
    descriptor, name = tempfile.mkstemp(suffix=TEMP, prefix=f"{path.name}.", dir=path.parent)
    os.close(descriptor)
    return Path(name)


def _fill_file(file: Path, temporary: Path, data: bytes) -> None:
    with temporary.open("wb") as out:  # a full disk raises here or at close, both inside the cleanup
        out.write(data)
    os.replace(temporary, file)


def _fill_folder(folder: Path, temporary: Path, fill: Callable[[Path], None]) -> None:
    fill(temporary)
    try:
        os.rename(temporary, folder)
    except OSError:
        if not folder.is_dir():
            raise
        _remove(folder)  # damaged (why it is written again) or another process's: either can go
        os.rename(temporary, folder)


def _disk_size(path: Path) -> int:
    try:
        if path.is_dir():
            return sum(_blocks(entry) for entry in path.iterdir()) + _blocks(path)
        return _blocks(path)
    except OSError:
        return 0


def _blocks(path: Path) -> int:
    status = path.stat()
    return getattr(status, "st_blocks", 0) * 512 or status.st_size


def _entries(root: Path) -> list[tuple[list[Path], int, float]]:
    """Each entry of the cache (a file with its digest, or a folder of arrays) with its size and
    when it was last used; a subfolder that is not an entry (``paytables/``) is looked into."""
    found: dict[Path, tuple[list[Path], int, float]] = {}

    def add(path: Path, key: Path) -> None:
        members, size, stamp = found.get(key, ([], 0, 0.0))
        try:
            when = path.stat().st_mtime
        except OSError:
            return
        found[key] = ([*members, path], size + _disk_size(path), max(stamp, when))

    for top in _listing(root):
        if top.is_dir() and not top.name.endswith((".d", TEMP)):
            for inner in _listing(top):
                add(inner, inner.with_name(inner.name.removesuffix(DIGEST)))
        else:
            add(top, top.with_name(top.name.removesuffix(DIGEST)))
    return list(found.values())


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _scan(root: Path) -> int:
    """The cache's size, after removing the temp files crashed writers left."""
    total, now = 0, time.time()
    for members, size, stamp in _entries(root):
        if all(member.name.endswith(TEMP) for member in members) and now - stamp > STALE_SECONDS:
            for member in members:
                _remove(member)
        else:
            total += size
    return total


def _trim(root: Path, keep: Path) -> None:
    """Remove the entries used least recently until the cache is under three quarters of its limit."""
    entries = sorted(_entries(root), key=lambda entry: entry[2])
    total = sum(size for _, size, _ in entries)
    for members, size, _ in entries:
        if total <= LIMIT * 3 // 4:
            break
        if keep in members or any(member.name.endswith(TEMP) for member in members):
            continue  # the entry just written, and any being written now
        for member in sorted(members, key=lambda member: member.name.endswith(DIGEST)):
            _remove(member)  # the data first: a digest left alone is read as missing
        total -= size
    _usage[root] = total


def _remove(path: Path) -> None:
    """Remove a file or a folder; a folder is renamed away first, so no reader sees half of one."""
    try:
        if path.is_dir() and not path.is_symlink():
            aside = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP}")
            os.rename(path, aside)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass
