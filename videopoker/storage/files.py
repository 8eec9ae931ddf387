"""Writing a file so that a crash or a power cut leaves the old one or the new one, whole.

The wallet and a saved paytable both go this way: the data goes to a temp file in the same
folder and is fsynced before the rename (else a power cut can leave the new name on an empty
file), and the folder is fsynced after it (else the rename itself can be lost).
``tests/test_power_cut.py`` checks both fsyncs are needed and enough.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_atomically(path: Path, text: str, mode: int = 0o666) -> None:
    """Replace ``path`` with ``text``; ``mode`` (less the umask) for the new file."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:  # a nearly full disk writes part and says how much; the next write raises
                data = data[os.write(descriptor, data):]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
