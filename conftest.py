"""Every test and doctest runs with its own VIDEOPOKER_HOME, so none touches a real player's files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tests"))  # `from support import ...` in every test folder

SHARED_TABLES = Path(__file__).parent / ".pytest-cache-tables"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("VIDEOPOKER_HOME", str(home))
    # the analysis cache is only a cache: safe, and worth sharing between tests
    monkeypatch.setenv("VIDEOPOKER_CACHE", str(SHARED_TABLES))
    return home
