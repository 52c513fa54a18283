"""Resuming a saved match: read its journal (decktable.store.saves) and replay it into a Match.

Here rather than in the store, so that the store reads and writes save files without importing
the session layer (the match imports the store to autosave; the store importing the match back
was a circle).
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from decktable.engine.errors import SaveError, SaveInUse
from decktable.session.match import Match
from decktable.store import savelock, saves


def load_match(path: Path, on_finish: Callable[[Match], None] | None = None) -> Match:
    """Read and replay a save, to go on playing it where it is; a damaged one is moved aside and
    SaveError says so in one line. A save another window is playing is left alone: SaveInUse
    (a SaveError) says so. The match holds the save's lock from here on (see savelock)."""
    if not savelock.acquire(path):
        raise SaveInUse(savelock.IN_USE)
    try:
        text, mtime = saves._read_bounded(path)
        save = saves.parse_save(text, path.name)
        saves.check_known(save, path.name)
        save.updated = datetime.fromtimestamp(mtime, timezone.utc).isoformat(timespec="seconds")
        match = Match.from_save(save, save_path=path, on_finish=on_finish)
        if match.save_path is not None and not match.game.is_over(match.state):
            if path.suffix == saves.SAVE_SUFFIX:
                saves.reserve_result(path)  # a save from before results had their space
            if text == saves.journal_text(save):
                # the file is whole and in this version's words: the next move is appended to
                # the blocks it has, not a copy of the whole journal (which a full disk refuses)
                match._saved = len(save.actions)
        return match
    except saves.NewerSave:
        savelock.release(path)
        raise  # not damaged: left where it is
    except SaveError as exc:
        savelock.release(path)
        if path.name not in str(exc):
            exc = SaveError(f"{path.name}: {exc}")
        raise SaveError(saves.set_aside(path, exc)) from None
    except BaseException:
        savelock.release(path)
        raise
