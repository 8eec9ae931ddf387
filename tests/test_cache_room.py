"""The cache can never eat the wallet's room (#40): a write that fails leaves nothing behind and is
not tried again, the cache keeps under its limit by forgetting what was used least recently, and it
writes nothing while its disk is below the reserve the wallet needs.

On a full disk the cache used to leave one empty ``tmp*.tmp`` per entry tried (311 after a
``paytable list``, 782 after three) and, once room was freed, fill it again until the wallet could not
be saved.  A disk that fills mid-write is made without root by a file size limit (``RLIMIT_FSIZE``,
with ``SIGXFSZ`` ignored, the write fails with EFBIG as a full disk's fails with ENOSPC), or by a
small tmpfs where mounting one is allowed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from videopoker.analysis import analyze
from videopoker.analysis.solve import draws as draws_module
from videopoker.paytable import resolve_paytable
from videopoker.storage import cachespace
from videopoker.storage.remembered import recall, remember
from videopoker.storage.wallet import Wallet

SOURCES = ("storage/remembered.py",)


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test's own (the shared one is left alone), nothing remembered in memory."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(cache))
    monkeypatch.setattr(draws_module, "_MEMORY", {})
    monkeypatch.setattr(cachespace, "_failed", set())
    monkeypatch.setattr(cachespace, "_usage", {})
    return cache


def on_disk(folder: Path) -> int:
    """What the files under ``folder`` take on disk, counted as ``du`` does."""
    return sum(os.stat(Path(place) / name).st_blocks * 512
               for place, _, names in os.walk(folder) for name in names)


def temp_files(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.name.endswith(".tmp")]


def limit_file_size(size: int) -> None:
    """For a child process: no file past ``size`` bytes, each write past it failing as a full disk's would."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # stays ignored across exec
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


def test_a_disk_that_fills_mid_write_leaves_no_temp_files(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = os.environ | {"VIDEOPOKER_CACHE": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    for command in (["paytable", "list"], ["paytable", "list"], ["analyze", "jacks-or-better-9-6"]):
        run = subprocess.run([sys.executable, "-m", "videopoker", *command], capture_output=True, text=True,
                             env=env, preexec_fn=lambda: limit_file_size(1000), timeout=300)
        assert run.returncode == 0, run.stderr
        assert temp_files(cache) == []
    assert "99.5439" in run.stdout  # the answer is the same, only not remembered


def test_no_entry_is_tried_twice_in_a_process_after_it_failed(own_cache: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    tries = []
    real = cachespace._fill_file

    def full_disk(file: Path, temporary: Path, data: bytes) -> None:
        tries.append(file)
        with temporary.open("wb") as out:
            out.write(data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cachespace, "_fill_file", full_disk)
    for _ in range(3):
        remember("kept", SOURCES, {"a": 1}, "one")
    assert len(tries) == 1 and temp_files(own_cache) == []
    monkeypatch.setattr(cachespace, "_fill_file", real)  # room again: still not tried in this process
    remember("kept", SOURCES, {"a": 1}, "one")
    assert len(tries) == 1 and recall("kept", SOURCES, "one") is None
    remember("kept", SOURCES, {"b": 2}, "two")  # another entry is
    assert recall("kept", SOURCES, "two") == {"b": 2}


def test_the_cache_keeps_under_its_limit_and_forgets_what_was_used_least(own_cache: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cachespace, "LIMIT", 64 * 1024)  # 16 of the 4 KiB a small file takes
    for number in range(10):
        remember("kept", SOURCES, {"number": number}, str(number))
    for age, record in enumerate(sorted((own_cache / "kept").iterdir(), key=lambda path: path.stat().st_mtime)):
        os.utime(record, (1e9 + age, 1e9 + age))  # written long ago, a second apart
    for number in range(10, 200):
        assert recall("kept", SOURCES, "0") == {"number": 0}  # the first one in use all along
        remember("kept", SOURCES, {"number": number}, str(number))
        assert on_disk(own_cache) <= cachespace.LIMIT
    assert recall("kept", SOURCES, "0") == {"number": 0}
    assert [number for number in range(1, 10) if recall("kept", SOURCES, str(number)) is not None] == []
    assert recall("kept", SOURCES, "199") == {"number": 199}
    assert cachespace.usage() <= cachespace.LIMIT


def test_nothing_is_cached_while_the_disk_is_below_the_reserve(own_cache: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    total = 100 << 30
    room = shutil.disk_usage(tempfile.gettempdir())
    monkeypatch.setattr(shutil, "disk_usage", lambda _: type(room)(total, total - cachespace.RESERVE + 1,
                                                                  cachespace.RESERVE - 1))
    paytable = resolve_paytable("jacks-or-better-9-6")
    assert round(float(analyze(paytable).rtp), 6) == 0.995439
    assert [path for path in own_cache.rglob("*") if path.is_file()] == []


@contextlib.contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs is not allowed here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_on_a_small_full_disk_the_cache_takes_nothing_and_the_wallet_still_saves(tmp_path: Path) -> None:
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    with small_disk(tmp_path / "disk", "8m") as disk:
        home = disk / "home"
        env = os.environ | {"VIDEOPOKER_HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("VIDEOPOKER_CACHE", None)  # the cache in the small home
        home.mkdir()
        Wallet(home).save({"credits": 1000})
        filler = disk / "filler"
        with filler.open("wb") as out, contextlib.suppress(OSError):
            out.write(bytes(16 << 20))  # the disk full
        for command in (["paytable", "list"], ["analyze", "jacks-or-better-9-6"]):
            run = subprocess.run([sys.executable, "-m", "videopoker", *command], capture_output=True,
                                 text=True, env=env, timeout=300)
            assert run.returncode == 0, run.stderr
        filler.unlink()  # room again, but less than the reserve
        for command in (["paytable", "list"], ["analyze", "jacks-or-better-9-6"],
                        ["hint", "jacks-or-better-9-6", "Ah", "Kh", "Qh", "Jh", "9c"]):
            run = subprocess.run([sys.executable, "-m", "videopoker", *command], capture_output=True,
                                 text=True, env=env, timeout=300)
            assert run.returncode == 0, run.stderr
        assert [path for path in (home / "cache").rglob("*") if path.is_file()] == []
        Wallet(home).save({"credits": 999})
        assert Wallet(home).load() == (9, {"credits": 999})


def test_temp_files_a_crashed_writer_left_are_cleared(own_cache: Path) -> None:
    """What an older version left on a full disk (hundreds of empty ``tmp*.tmp``) goes at the next write;
    a temp file of a write in progress elsewhere stays."""
    kept = own_cache / "paytables"
    kept.mkdir(parents=True)
    old = [kept / f"tmp{number}.tmp" for number in range(5)] + [own_cache / "tmpfolder.tmp"]
    for path in old[:-1]:
        path.touch()
    old[-1].mkdir()
    (old[-1] / "counts0.bin").write_bytes(b"x")
    for path in old:
        os.utime(path, (1e9, 1e9))  # a day (and more) ago
    fresh = kept / "tmpnow.tmp"
    fresh.touch()
    remember("kept", SOURCES, {"a": 1}, "one")
    assert sorted(temp_files(own_cache)) == [fresh]
