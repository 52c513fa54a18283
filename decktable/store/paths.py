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
    """The single save of older versions (still read, and resumed in place)."""
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    """The folder of saves: one journal per match."""
    return data_dir() / "saves"


def has_saves() -> bool:
    """Whether any save may be there (cheap: no file is opened)."""
    try:
        if os.path.lexists(autosave_path()):
            return True
        with os.scandir(saves_dir()) as it:
            return any(e.name.endswith(".save") and not e.name.startswith(".") and ".broken-" not in e.name for e in it)
    except OSError:
        return False


class DataDirError(OSError):
    """The data folder cannot be used; the message is one sentence."""


def check_data_dir() -> Path:
    """Make sure the data folder and its folder of saves exist and can be written (a file is
    created and removed); DataDirError with one sentence when not."""
    import secrets

    try:
        folder = saves_dir()
        folder.mkdir(exist_ok=True)
        probe = folder / f".probe-{os.getpid()}-{secrets.token_hex(4)}.tmp"
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
            probe.unlink()
    except OSError as exc:
        raise DataDirError(
            data_dir_problem(exc, "Cannot use {where} to keep games")
            + "; set DECKTABLE_HOME to a folder that can be written."
        ) from None
    return data_dir()


def data_dir_problem(exc: OSError, opening: str) -> str:
    """One sentence on an OSError met in the data folder, without its period: `opening` (with
    `{where}`: "DECKTABLE_HOME (…)" or "the data folder"), then the system's reason and the path."""
    env = os.environ.get("DECKTABLE_HOME")
    where = f"DECKTABLE_HOME ({env})" if env else "the data folder"
    path = getattr(exc, "filename", None) or env or "the data folder"
    return f"{opening.format(where=where)}: {exc.strerror or exc} ({path})"


def history_path() -> Path:
    return data_dir() / "history.sqlite3"
