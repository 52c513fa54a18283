"""Advisory locks on saves: one window at a time plays (and appends to) a save.

A match that writes a save holds an exclusive `flock` on a lock file beside it, `.NAME.save.lock`
(hidden from the list of saves like temporary files). The save itself is not locked: a rewrite
replaces it by a rename, with a new file, while the lock file stays put. The kernel releases a
flock when the process holding it ends in any way, `kill -9` included, so a lock never outlives
its window. A lock file is removed when its lock is let go (at the latest when the process exits);
one left behind by a killed process is harmless and is taken again by the next window, and once
its save is gone too (finished, or moved aside as broken) the next list of saves removes it.

Within one process (one terminal, or one browser tab of `decktable serve`: each tab runs a
process of its own) a save's lock is taken when a table shows the game and let go when it is
finished, given up or left for the lobby (the app's back_to_lobby), or the process ends: a game
left is not "open in another window" for the other tabs, and resuming it takes the lock again.

Windows has no flock; `msvcrt.locking` locks bytes of the file so that others cannot even read
them, which a list of saves would trip over. There saves are not locked: `acquire` always
succeeds and `in_use` is always False.
"""

from __future__ import annotations

import atexit
import errno
import os
import threading
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: see the module's docstring
    fcntl = None  # type: ignore[assignment]

IN_USE = "That game is open in another window."

_HELD: dict[str, int | None] = {}  # save path -> the lock file's descriptor (None: not lockable here)
_GUARD = threading.Lock()
_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _key(save: Path) -> str:
    return os.path.abspath(save)


def _busy(exc: OSError) -> bool:
    return exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)


def acquire(save: Path) -> bool:
    """Take the lock on `save` for this process: True when this process holds it now (also when
    it already did), False when another process does. A lock file that cannot be made (a
    read-only folder) does not stop the game: saving will say what is wrong on its own."""
    key = _key(save)
    with _GUARD:
        if key in _HELD:
            return True
        if fcntl is None:
            _HELD[key] = None
            return True
        path = lock_path(save)
        for attempt in range(10):
            try:
                fd = os.open(path, _FLAGS, 0o600)
            except OSError:
                _HELD[key] = None
                return True
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if not _busy(exc):
                    _HELD[key] = None
                    return True
                if attempt >= 2:
                    return False
                time.sleep(0.01)  # perhaps only another window's `in_use` looking: ask again
                continue
            try:  # the file may have been removed by its last holder between our open and flock
                here, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
                same = (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
            except OSError:
                same = False
            if not same:
                os.close(fd)
                continue
            _HELD[key] = fd
            return True
        return False


def release(save: Path) -> None:
    """Let go of the lock on `save` if this process holds it, and remove its lock file (another
    window that opened the file just before is told apart in `acquire`). At exit every lock
    still held is let go (and a killed process's locks by the kernel)."""
    with _GUARD:
        if _key(save) not in _HELD:
            return
        fd = _HELD.pop(_key(save))
        if fd is None:
            return
        try:
            os.unlink(lock_path(save))  # while still holding it: see `acquire`
        except OSError:
            pass
        finally:
            os.close(fd)  # closing the descriptor releases the flock


@atexit.register
def release_all() -> None:
    for key in list(_HELD):
        release(Path(key))


def sweep_orphans(folder: Path, suffix: str) -> int:
    """Remove the lock files whose save is gone (finished, moved aside as broken, or its window
    killed before it could let go) and that nobody holds: they would pile up in the folder of
    saves. A lock held now is a window's, even if its save is not written yet. Returns how many
    were removed."""
    if fcntl is None:
        return 0
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not (name.startswith(".") and name.endswith(suffix + ".lock")):
            continue
        save = folder / name[1:-len(".lock")]
        if os.path.lexists(save) or holds(save):
            continue
        path = folder / name
        try:
            fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            here, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
            if (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino) and not os.path.lexists(save):
                os.unlink(path)  # while holding it, as `release` does
                removed += 1
        except OSError:
            pass  # held by a window, or gone already
        finally:
            os.close(fd)
    return removed


def holds(save: Path) -> bool:
    """Whether this process holds the lock on `save`."""
    with _GUARD:
        return _key(save) in _HELD


def in_use(save: Path) -> bool:
    """Whether another process holds the lock on `save` (a window playing it now)."""
    if fcntl is None or holds(save):
        return False
    try:
        fd = os.open(lock_path(save), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody has played it since it was last released
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as exc:
        return _busy(exc)
    finally:
        os.close(fd)
    return False
