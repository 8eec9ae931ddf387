"""Paths the tests share (the isolated VIDEOPOKER_HOME fixture lives in the root conftest.py)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted((REPO / "videopoker" / "paytables").glob("*.yaml"))
BAD = Path(__file__).parent / "paytables" / "bad"
