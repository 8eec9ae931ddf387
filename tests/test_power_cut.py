"""A power cut at every point of every save: what the disk may hold afterwards still loads right.

A kill -9 cannot test this: the kernel's page cache survives a killed process.  So the saves of a
short session are recorded (every open, write, fsync, close and rename the wallet does), and a
model of a disk that keeps only what was made durable rebuilds the folder as a cut at each point
could leave it:

- a file's data survives a cut only as far as its last fsync (else it may be empty);
- a rename survives only once the folder is fsynced (else the name may still mean the old file,
  or already the new one).

In every such world the wallet must load, undamaged, as the last state the player was shown or
the one the player's last key was making; and with the ledger as of its last commit before the
cut, every settled round must be on record once after the next start.  Drop either fsync from
``write_atomically`` and this test fails.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from power_fail_driver import seen, step

import videopoker.storage.files as files_module
from videopoker.ledger.report import history
from videopoker.ledger.store import LEDGER_NAME, Ledger
from videopoker.player.session import Session

STEPS = 60


@dataclass
class Disk:
    """Recorded file operations, replayed on a model of what is durable."""

    folder: Path
    events: list[tuple[Any, ...]] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)  # open descriptor -> file name

    def shim(self) -> Any:
        disk, real = self, os

        class RecordingOs:
            def __getattr__(self, name: str) -> Any:
                return getattr(real, name)

            def open(self, path: Any, flags: int, mode: int = 0o777) -> int:
                descriptor = real.open(path, flags, mode)
                if Path(path).parent == disk.folder or Path(path) == disk.folder:
                    disk.names[descriptor] = Path(path).name if Path(path) != disk.folder else "."
                    if flags & real.O_CREAT:
                        disk.events.append(("create", Path(path).name))
                return descriptor

            def write(self, descriptor: int, data: bytes) -> int:
                if descriptor in disk.names:
                    disk.events.append(("write", disk.names[descriptor], bytes(data)))
                return real.write(descriptor, data)

            def fsync(self, descriptor: int) -> None:
                if descriptor in disk.names:
                    disk.events.append(("fsync", disk.names[descriptor]))
                real.fsync(descriptor)

            def close(self, descriptor: int) -> None:
                disk.names.pop(descriptor, None)
                real.close(descriptor)

            def replace(self, source: Any, target: Any) -> None:
                disk.events.append(("rename", Path(source).name, Path(target).name))
                real.replace(source, target)

        return RecordingOs()


def worlds(initial: bytes, events: list[tuple[Any, ...]]) -> list[set[bytes | None]]:
    """For a cut after each prefix of ``events``: the contents ``wallet.json`` may then have."""
    content: dict[int, bytes] = {0: initial}          # inode -> data as written
    durable_content: dict[int, bytes] = {0: initial}  # inode -> data as last fsynced
    entries: dict[str, int] = {"wallet.json": 0}      # name -> inode, as the running system sees it
    durable_entry: int | None = 0                     # what wallet.json means after the last folder fsync
    pending: list[int] = []                           # inodes renamed onto wallet.json since then
    inode_count = 1
    result = []

    def possible() -> set[bytes | None]:
        options: set[bytes | None] = set()
        for inode in [durable_entry, *pending]:
            if inode is None:
                options.add(None)
                continue
            options.add(durable_content.get(inode, b""))
            options.add(content[inode])  # the unsynced data may also have reached the disk
        return options

    result.append(possible())
    for event in events:
        kind = event[0]
        if kind == "create":
            entries[event[1]] = inode_count
            content[inode_count] = b""
            inode_count += 1
        elif kind == "write":
            inode = entries[event[1]]
            content[inode] += event[2]
        elif kind == "fsync" and event[1] == ".":
            durable_entry, pending = entries.get("wallet.json"), []
        elif kind == "fsync":
            inode = entries[event[1]]
            durable_content[inode] = content[inode]
        elif kind == "rename":
            entries[event[2]] = entries.pop(event[1])
            if event[2] == "wallet.json":
                pending.append(entries[event[2]])
        result.append(possible())
    return result


def test_a_power_cut_anywhere_leaves_the_last_state_shown_or_the_next(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    with Session.start_over(home) as session:
        initial = (home / "wallet.json").read_bytes()
        disk = Disk(home)
        monkeypatch.setattr(files_module, "os", disk.shim())
        session.machine.rng = random.Random(3)
        shown = [seen(session)]
        ends = []  # the number of events recorded when each step had returned (been shown)
        for _ in range(STEPS):
            step(session, seed=5, hands=3)
            shown.append(seen(session))
            ends.append(len(disk.events))
        monkeypatch.undo()
    assert sum(event[0] == "rename" for event in disk.events) == STEPS

    states = {}
    world_home = tmp_path / "world"
    for cut, options in enumerate(worlds(initial, disk.events)):
        done = sum(end <= cut for end in ends)  # steps whose save had returned by this cut
        acceptable = [shown[done]] + ([shown[done + 1]] if done < STEPS else [])
        for data in options:
            assert data is not None, f"after event {cut} the wallet could be missing"
            if data not in states:
                shutil.rmtree(world_home, ignore_errors=True)
                world_home.mkdir()
                (world_home / "wallet.json").write_bytes(data)
                with Session.open(world_home) as restored:  # a DamagedWallet here fails the test
                    states[data] = seen(restored)
            assert states[data] in acceptable, (
                f"a cut after event {cut} ({disk.events[cut - 1][:2] if cut else 'start'}) can bring back "
                f"{states[data]}; the player had seen {shown[done]}")


def test_a_power_cut_anywhere_leaves_every_settled_round_on_record_once(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ledger's part: its commits are durable when they return (``synchronous=FULL``), so a cut
    leaves it as of its last commit before the cut, beside whatever the wallet may be.  In every
    such world, the next start writes what is missing and the record holds each settled round
    once, its books the wallet's."""
    home = tmp_path / "home"
    with Session.start_over(home) as session:
        initial = (home / "wallet.json").read_bytes()
        disk = Disk(home)
        monkeypatch.setattr(files_module, "os", disk.shim())
        original = Ledger.record

        def recording(ledger: Ledger, wallet: str, rounds: Any, doubles: Any = ()) -> None:
            original(ledger, wallet, rounds, doubles)
            with contextlib.closing(sqlite3.connect(ledger.path)) as reader:
                disk.events.append(("ledger", reader.serialize()))

        monkeypatch.setattr(Ledger, "record", recording)
        with contextlib.closing(sqlite3.connect(home / LEDGER_NAME)) as reader:
            first_ledger = reader.serialize()
        session.machine.rng = random.Random(4)
        for _ in range(STEPS):
            step(session, seed=6, hands=3)
        monkeypatch.undo()

    checked: set[tuple[bytes, int]] = set()
    world_home = tmp_path / "world"
    for cut, options in enumerate(worlds(initial, disk.events)):
        ledgers = [first_ledger] + [event[1] for event in disk.events[:cut] if event[0] == "ledger"]
        for data in options:
            assert data is not None
            if (data, len(ledgers)) in checked:
                continue
            checked.add((data, len(ledgers)))
            shutil.rmtree(world_home, ignore_errors=True)
            world_home.mkdir()
            (world_home / "wallet.json").write_bytes(data)
            (world_home / LEDGER_NAME).write_bytes(ledgers[-1])
            with Session.open(world_home) as restored:
                games = restored.history.games
            report = history(world_home)
            numbers = [n for (n,) in sqlite3.connect(world_home / LEDGER_NAME).execute(
                "SELECT number FROM rounds ORDER BY number")]
            assert numbers == list(range(1, games + 1)), f"a cut after event {cut} loses or repeats a round"
            assert report.balance is not None and report.balance.balanced
    assert len(checked) > STEPS
