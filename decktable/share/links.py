"""A shared table's links kept beside its save, so a resumed table (`decktable host --resume`)
gives every person the link they already have.

One small JSON file per match in the data folder's `shared/` (not among the saves, which are read
as journals): the seats' secrets and the table view's, readable by this user only (0600), written
whole and renamed into place. It is removed when the game ends. A file that cannot be read or does
not fit the match is ignored: the table then gets new links, which it prints as always.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decktable.session.match import Match

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def links_path(match_id: str) -> Path | None:
    if not _ID.fullmatch(match_id or ""):
        return None
    from decktable.store.paths import data_dir

    return data_dir() / "shared" / f"{match_id}.json"


def save_links(match: Match, seats: dict[int, str], table: str) -> None:
    """Keep the links of `match` (best effort: a table that cannot write them still runs)."""
    path = links_path(match.match_id)
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"seats": {str(s): t for s, t in seats.items()}, "table": table}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        pass


def load_links(match: Match) -> tuple[dict[int, str], str] | None:
    """The links kept for `match`, if they fit its human seats; None otherwise."""
    path = links_path(match.match_id)
    if path is None:
        return None
    try:
        if not path.is_file() or path.stat().st_size > 16_384:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        seats = {int(s): str(t) for s, t in data["seats"].items()}
        table = str(data["table"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    tokens = [*seats.values(), table]
    if set(seats) != set(match.humans) or len(set(tokens)) != len(tokens):
        return None
    if not all(_TOKEN.fullmatch(t) for t in tokens):
        return None
    return seats, table


def forget_links(match: Match) -> None:
    path = links_path(match.match_id)
    if path is not None:
        try:
            path.unlink()
        except OSError:
            pass
