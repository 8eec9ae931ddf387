"""The analysis cache on disk: files that can be rebuilt at any time, named by what they depend on.

A file's name carries a digest of the code that computed it — the rules (the evaluator and every
family) and the analysis itself — so a change to either makes new names instead of stale answers,
and no table has to be built just to find the file (reading the sources is a millisecond; building
a game's lookup table to hash it was 0.1–0.2 s of every command's start).  A file that cannot be
read is treated as missing and one that cannot be written only costs time next run; the folder is
kept bounded and off the wallet's room by :mod:`videopoker.storage.cachespace`.

A cache never decides what the machine pays: each file is written with a digest of its bytes
beside it (``<file>.sha256``; for the arrays of a folder, a CRC-32 of each in its manifest), checked
when the file is first read in a process; a damaged or edited file fails the check and is rebuilt,
never believed.  The arrays take CRC-32 because every command that reads them checks all 14 MB of
a game's draw tables: about 2 ms where SHA-256 took 10 (``tests/benchmarks/startup.py``), and a
CRC catches every burst of damage shorter than 32 bits and any other with odds of 2**-32; it is a
check against damage and hand edits, not against someone forging a cache on purpose (who could
rewrite a digest kept beside it just as well).
"""

from __future__ import annotations

import hashlib
import json
import math
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from videopoker.rules.evaluate import Game
from videopoker.storage.cachespace import used, write_file, write_folder
from videopoker.storage.home import cache_dir
from videopoker.storage.remembered import source_digest

#: The code a cached table or result depends on.
SOURCES = ("deck/cards.py", "deck/combos.py", "rules", "analysis")


def code_digest() -> bytes:
    """A digest of every source file the cache's contents depend on."""
    return source_digest(SOURCES)


def cache_file(kind: str, game: Game, suffix: str, *depends: bytes) -> Path:
    """``<cache>/<kind>-<game>-<digest>.<suffix>``, the digest over the code, the game's definition
    (what decides a hand's category, not its title) and ``depends``."""
    digest = hashlib.sha256(code_digest() + game.digest.encode())
    for part in depends:
        digest.update(hashlib.sha256(part).digest())
    return cache_dir() / f"{kind}-{game.key}-{digest.hexdigest()[:20]}.{suffix}"


def _digest_file(file: Path) -> Path:
    return file.with_name(file.name + ".sha256")


def save(file: Path, data: bytes) -> None:
    """Write a cache file and the digest that vouches for it (the file first: a crash between the
    two leaves a file without its digest, which is read as missing), each by temp file and rename
    when there is room (:mod:`videopoker.storage.cachespace`); one that cannot be written only
    costs time next run."""
    if write_file(file, data):
        write_file(_digest_file(file), hashlib.sha256(data).hexdigest().encode())


def load(file: Path) -> bytes | None:
    """A cache file's bytes when its digest vouches for them, else None (missing, damaged, edited)."""
    try:
        data = file.read_bytes()
        expected = _digest_file(file).read_text().strip()
    except (OSError, ValueError):
        return None
    if hashlib.sha256(data).hexdigest() != expected:
        return None
    used(file)
    return data


def save_arrays(folder: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Write arrays as raw ``<name>.bin`` files and a ``manifest.json`` of their types and shapes,
    in a new folder renamed into place when whole, so that a reader can memory-map them and read
    only the pages it needs (raw files and ``np.memmap``: numpy's ``.npy`` reader alone costs a
    command 0.01 s of imports)."""
    def fill(temporary: Path) -> None:
        manifest = {}
        for name, array in arrays.items():
            array = np.ascontiguousarray(array)
            array.tofile(temporary / f"{name}.bin")
            manifest[name] = [array.dtype.str, list(array.shape), zlib.crc32(array.data)]
        (temporary / "manifest.json").write_text(json.dumps(manifest))

    write_folder(folder, sum(array.nbytes for array in arrays.values()), fill)


def load_arrays(folder: Path, names: list[str]) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays :func:`save_arrays` wrote, memory-mapped read-only; None if any is missing, or its
    bytes are not the ones its digest in the manifest vouches for (damaged or edited)."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
        arrays: dict[str, npt.NDArray[Any]] = {}
        for name in names:
            dtype, shape = np.dtype(manifest[name][0]), tuple(int(n) for n in manifest[name][1])
            file = folder / f"{name}.bin"
            if file.stat().st_size != dtype.itemsize * math.prod(shape):
                return None
            array = np.memmap(file, dtype=dtype, mode="r", shape=shape)
            if zlib.crc32(array.data) != manifest[name][2]:
                return None
            arrays[name] = array
        used(folder)
        return arrays
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
