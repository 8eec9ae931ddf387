"""Where the player's files live: ``$VIDEOPOKER_HOME``, else the platform's user data folder.

platformdirs is imported only when it is asked (about 6 ms of a command's start otherwise).
"""

from __future__ import annotations

import os
from pathlib import Path


def home_dir() -> Path:
    override = os.environ.get("VIDEOPOKER_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("videopoker"))


def cache_dir() -> Path:
    """Tables that can be rebuilt at any time (the analysis cache)."""
    override = os.environ.get("VIDEOPOKER_CACHE")
    if override:
        return Path(override)
    if os.environ.get("VIDEOPOKER_HOME"):
        return Path(os.environ["VIDEOPOKER_HOME"]) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("videopoker"))
