"""Where the player's files live: ``$VIDEOPOKER_HOME``, else the platform's user data folder."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def home_dir() -> Path:
    override = os.environ.get("VIDEOPOKER_HOME")
    return Path(override) if override else Path(platformdirs.user_data_dir("videopoker"))


def cache_dir() -> Path:
    """Tables that can be rebuilt at any time (the analysis cache)."""
    override = os.environ.get("VIDEOPOKER_CACHE")
    if override:
        return Path(override)
    if os.environ.get("VIDEOPOKER_HOME"):
        return Path(os.environ["VIDEOPOKER_HOME"]) / "cache"
    return Path(platformdirs.user_cache_dir("videopoker"))
