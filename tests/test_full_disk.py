"""The wallet's writer on a disk that fills mid-write: the old wallet stays whole, nothing is left behind.

On a nearly full disk Linux writes what fits and says how much; only the next write fails.  The
writer used to take a short write as the whole: 24,576 of 100,000 bytes were fsynced and renamed
over the wallet (a 64 KiB tmpfs with 24 KiB free), which the next start called damaged.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from videopoker.errors import StateError
from videopoker.storage import files
from videopoker.storage.wallet import Wallet


def short_writes(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    """``os.write`` as on a disk with ``room`` bytes left: a write past it writes what fits, the next fails."""
    real = os.write
    left = [room]

    def write(descriptor: int, data: bytes) -> int:
        if left[0] == 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        done = real(descriptor, bytes(data)[: left[0]])
        left[0] -= done
        return done

    monkeypatch.setattr(files.os, "write", write)


def test_a_wallet_that_does_not_fit_is_refused_whole_not_cut_short(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    wallet = Wallet(tmp_path)
    wallet.save({"credits": 1000})
    before = wallet.path.read_bytes()
    short_writes(monkeypatch, 20)
    with pytest.raises(StateError, match="cannot save: No space left on device"):
        wallet.save({"credits": 999, "recall": ["x" * 500]})
    monkeypatch.undo()
    assert wallet.path.read_bytes() == before and sorted(tmp_path.iterdir()) == [wallet.path]
    assert wallet.load() == (9, {"credits": 1000})
