"""Where the table keeps its files. DECKTABLE_HOME overrides (tests point it at a temp dir)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    env = os.environ.get("DECKTABLE_HOME")
    if env:
        path = Path(env)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("decktable", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def history_path() -> Path:
    return data_dir() / "history.sqlite3"
