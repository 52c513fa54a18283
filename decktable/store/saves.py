"""Save files: versioned JSON, validated by pydantic, written atomically, replayed on load.

A save holds the game, its options, the seats, the seed (and stacked deck) and the action log in
notation. Loading replays the log through the rules, so a tampered or truncated file is caught
with a sentence saying what is wrong, and the file is moved aside rather than overwritten.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from decktable.engine.errors import SaveError

FORMAT_VERSION = 1


class SeatRecord(BaseModel):
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str = "random"


class ActionRecord(BaseModel):
    seat: int
    action: str


class SaveFile(BaseModel):
    format: int = FORMAT_VERSION
    game: str
    rules_version: int = 1
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRecord]
    seed: int
    deck: list[str] | None = None
    actions: list[ActionRecord] = Field(default_factory=list)
    created: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    updated: str = ""


def write_save(path: Path, save: SaveFile) -> None:
    """Atomic: write a temporary file, flush, fsync, keep the old copy as .bak, then rename.

    The old save stays in place until the atomic rename, so an interrupted write (a crash, a full
    disk, an exception) leaves the previous save whole at `path`; a leftover temporary is removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    save.updated = datetime.now(timezone.utc).isoformat(timespec="seconds")
    data = save.model_dump_json(indent=1)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            _keep_backup(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _keep_backup(path: Path, bak: Path) -> None:
    """Keep the current save as .bak without ever removing it from `path` (hard link, else copy)."""
    try:
        bak_tmp = bak.with_name(bak.name + ".tmp")
        try:
            bak_tmp.unlink()
        except FileNotFoundError:
            pass
        try:
            os.link(path, bak_tmp)
        except OSError:
            shutil.copyfile(path, bak_tmp)
        os.replace(bak_tmp, bak)
    except OSError:
        pass  # a missing backup must not stop the save itself


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_save(path: Path) -> SaveFile:
    """Parse and validate a save file; SaveError says what is wrong with it."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"There is no save file at {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"The save file {path.name} cannot be read: {exc}.") from None
    if not raw.strip():
        raise SaveError(f"The save file {path.name} is empty.")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"The save file {path.name} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}); it may have been cut short."
        ) from None
    if not isinstance(data, dict):
        raise SaveError(f"The save file {path.name} does not hold a saved game.")
    fmt = data.get("format")
    if isinstance(fmt, int) and fmt > FORMAT_VERSION:
        raise SaveError(
            f"The save file {path.name} was written by a newer decktable (format {fmt}; "
            f"this one reads up to {FORMAT_VERSION})."
        )
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(f"The save file {path.name} is damaged: {where}: {first['msg']}.") from None


def quarantine(path: Path) -> Path | None:
    """Move a bad save aside (never overwrite it) and return where it went."""
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target
