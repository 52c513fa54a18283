"""Save files: one journal per match, appended per move, compacted by an atomic rewrite.

A save is a text file in the data directory's `saves/` folder:

    {"decktable": "save", "format": 2, "game": ..., "rules_version": ..., "match": ..., ...}
    0 play 5m
    1 pass

The first line (the header) is a JSON object: format version, game id and rules version, options,
seats with their levels, seed (and stacked deck), a unique match id and when it was created. Then
one line per action: the seat and the action in the game's notation. A move appends one line
(one `write`, so its cost does not grow with the match); the fsync that makes it durable runs off
the caller's thread. Undo, a failed write or a file written by another version is answered by a
rewrite of the whole journal: a temporary file unique to the process, flush, fsync, rename.

A process killed at any moment leaves either the line whole or a last line without its newline,
which the loader drops: at most the last action is lost and the file always loads. Loading replays
the log through the rules, so a tampered file is caught with a sentence; a damaged file is moved
aside (never deleted, never overwritten). Only regular files are opened, and their size and the
header's nesting are bounded before anything is parsed.

Saves written before journals (one JSON document, format 1, `autosave.json`) are still read; such
a save becomes a journal in place at its next write.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import re
import secrets
import stat
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, Field, ValidationError

from decktable.engine.errors import SaveError

FORMAT_VERSION = 2  # the journal
LEGACY_FORMAT = 1  # one JSON document
SAVE_SUFFIX = ".save"
MAX_BYTES = 8 * 1024 * 1024  # a 10,000-move match is about 150 KiB
MAX_DEPTH = 16  # nesting of the header (or of a legacy save) before it is parsed
MAX_NUMBER_CHARS = 24  # a seed is below 2**63: 19 digits
MAX_ACTION_CHARS = 200
SEED_LIMIT = 2**63
_SEAT_RE = re.compile(r"-?[0-9]{1,4}")


class SeatRecord(BaseModel):
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str = "random"


class ActionRecord(BaseModel):
    seat: int
    action: str


class SaveFile(BaseModel):
    """A save in memory (the same for both formats on disk)."""

    format: int = Field(FORMAT_VERSION, strict=True)
    game: str
    rules_version: int = Field(1, strict=True)
    match: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRecord]
    seed: int = Field(ge=0, lt=SEED_LIMIT)
    deck: list[str] | None = None
    hints: int = Field(0, ge=0, le=10**9, strict=True)  # hints asked so far: a hinted game stays one
    coached: bool = Field(False, strict=True)  # the coach reviewed a move: a coached game stays one
    actions: list[ActionRecord] = Field(default_factory=list)
    created: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    updated: str = ""


def new_match_id() -> str:
    """Unique per match: the time it began and 48 random bits."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(6)


_ID_RE = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{12}")


def id_of_save(path: Path | None) -> str | None:
    """The match id a save's file name holds (`new_save_path` names a file after its match), or
    None for a name that is not one (a file named by hand, the old autosave)."""
    if path is None or path.suffix != SAVE_SUFFIX or not _ID_RE.fullmatch(path.stem):
        return None
    return path.stem


def new_save_path(directory: Path | None = None) -> Path:
    """A fresh save file name in the folder of saves (nothing is created yet)."""
    if directory is None:
        from decktable.store.paths import saves_dir

        directory = saves_dir()
    return directory / f"{new_match_id()}{SAVE_SUFFIX}"


# -- writing ---------------------------------------------------------------------------------------


def header_line(save: SaveFile) -> str:
    data = save.model_dump(exclude={"actions", "updated"})
    return json.dumps({"decktable": "save", **data}, ensure_ascii=False, separators=(",", ":"))


def action_line(seat: int, action: str) -> str:
    if "\n" in action or "\r" in action:
        raise ValueError(f"an action cannot hold a line break: {action!r}")
    return f"{seat} {action}\n"


def journal_text(save: SaveFile) -> str:
    return header_line(save) + "\n" + "".join(action_line(a.seat, a.action) for a in save.actions)


def _tmp_name(path: Path) -> Path:
    """A temporary name no other process (or thread) will use: pid and random bits."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def write_save(path: Path, save: SaveFile) -> None:
    """Write the whole journal atomically: a temporary file, flush, fsync, rename, fsync the folder.

    The previous save stays whole at `path` until the rename; an interrupted write (a crash, a full
    disk, an exception) removes its temporary file and raises.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    save.updated = datetime.now(timezone.utc).isoformat(timespec="seconds")
    data = journal_text(save).encode("utf-8")
    tmp = _tmp_name(path)
    try:
        with open(tmp, "xb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    if path.suffix == SAVE_SUFFIX:
        reserve_result(path)  # the finished game's result then needs no new block


def append_action(path: Path, seat: int, action: str, sync: bool = True) -> None:
    """Append one action line with a single write; the fsync is queued for the syncer thread.

    Raises OSError if the line could not be written whole (the caller rewrites the journal next
    time, so a partial line never stays in the middle of a file)."""
    line = action_line(seat, action).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, f"{path.name} is not a regular file")
        written = os.write(fd, line)
        if written != len(line):
            raise OSError(errno.ENOSPC, "the line was written only in part")
    finally:
        os.close(fd)
    if sync:
        SYNCER.request(path)


def remove_save(path: Path) -> None:
    SYNCER.forget(path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    try:
        reserve_path(path).unlink()  # the game's result is kept elsewhere by now, or never will be
    except OSError:
        pass


# -- the finished result's reserved space ----------------------------------------------------------
#
# A disk that fills during a game must not lose its result: the history and `history-pending/`
# both need new blocks at the end. So the space for the result is claimed when the save is first
# written (a file of RESERVE_BYTES spaces next to it, `.<stem>.reserve`), and a result nothing else
# could keep is written over those spaces in place, then renamed `<stem>.result` (the folder of
# saves can be written even when the data folder cannot). The history writes such results as it
# writes its pending rows.

RESERVE_BYTES = 4096  # a finished game's row is a few hundred bytes
RESERVE_SUFFIX = ".reserve"
RESULT_SUFFIX = ".result"


def reserve_path(save: Path) -> Path:
    return save.with_name(f".{save.stem}{RESERVE_SUFFIX}")


def result_path(save: Path) -> Path:
    return save.with_name(f"{save.stem}{RESULT_SUFFIX}")


def reserve_result(save: Path) -> bool:
    """Claim the space of the result of the game saved at `save`, once; False when the disk
    cannot give it now (the game goes on; its result may then have nowhere to go)."""
    spot = reserve_path(save)
    if os.path.lexists(spot):
        return True
    try:
        fd = os.open(spot, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
    except FileExistsError:
        return True
    except OSError:
        return False
    try:
        if os.write(fd, b" " * RESERVE_BYTES) != RESERVE_BYTES:
            raise OSError(errno.ENOSPC, "the space was given only in part")
        os.fsync(fd)
    except OSError:
        os.close(fd)
        try:
            spot.unlink()
        except OSError:
            pass
        return False
    os.close(fd)
    return True


def keep_result(save: Path, data: bytes) -> Path:
    """Write `data` (a JSON document) over the reserved space of `save`'s game, in place (no new
    block is needed), and rename it to `<stem>.result`. OSError when there is no reservation or the
    data does not fit; the reservation is then left as it was."""
    if b"\n" in data or len(data) >= RESERVE_BYTES:
        raise OSError(errno.EFBIG, "the result does not fit its reserved space")
    spot = reserve_path(save)
    fd = os.open(spot, os.O_WRONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode) or os.fstat(fd).st_size < RESERVE_BYTES:
            raise OSError(errno.EINVAL, "the reserved space is not whole")
        padded = data + b" " * (RESERVE_BYTES - len(data) - 1) + b"\n"
        if os.pwrite(fd, padded, 0) != len(padded):
            raise OSError(errno.ENOSPC, "the result was written only in part")
        os.fsync(fd)
    finally:
        os.close(fd)
    target = result_path(save)
    os.replace(spot, target)
    _fsync_dir(save.parent)
    return target


def sweep_reservations(folder: Path) -> int:
    """Remove the reservations whose save is gone (a game given up while its process was killed,
    say). Returns how many were removed."""

    def stale(name: str) -> bool:
        if not (name.startswith(".") and name.endswith(RESERVE_SUFFIX)):
            return False
        return not os.path.lexists(folder / (name[1: -len(RESERVE_SUFFIX)] + SAVE_SUFFIX))

    return _sweep(folder, stale)


def _sweep(folder: Path, stale: Callable[[str], bool]) -> int:
    """Remove the regular files of `folder` whose name `stale` picks; how many were removed."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not stale(name):
            continue
        try:
            path = folder / name
            if stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


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


class Syncer:
    """fsyncs appended journals on a thread of its own, so the UI never waits for the disk.

    Requests for the same file coalesce (one fsync covers every line written before it). An fsync
    that fails is remembered; `take_error(path)` hands it to the next autosave, which then rewrites
    the journal (with its own fsync) and reports the failure until a write works again."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: set[Path] = set()
        self._busy = False
        self._errors: dict[Path, OSError] = {}
        self._thread: threading.Thread | None = None
        self.inline = os.environ.get("DECKTABLE_FSYNC") == "inline"  # for measuring

    def request(self, path: Path) -> None:
        if self.inline:
            try:
                self._fsync(path)
            except OSError as exc:
                self._errors[path] = exc
            return
        with self._cond:
            self._pending.add(path)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="decktable-fsync", daemon=True)
                self._thread.start()
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                path = self._pending.pop()
                self._busy = True
            try:
                self._fsync(path)
            except OSError as exc:
                with self._cond:
                    self._errors[path] = exc
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    @staticmethod
    def _fsync(path: Path) -> None:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            return  # removed or replaced since: the rewrite fsynced itself
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def wait(self, timeout: float = 10.0) -> None:
        """Until every queued fsync is done (at exit, and in tests)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return
                self._cond.wait(left)

    def take_error(self, path: Path) -> OSError | None:
        with self._cond:
            return self._errors.pop(path, None)

    def forget(self, path: Path) -> None:
        with self._cond:
            self._pending.discard(path)
            self._errors.pop(path, None)


SYNCER = Syncer()
atexit.register(SYNCER.wait, 5.0)


# -- reading ---------------------------------------------------------------------------------------


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _read_bounded(path: Path) -> tuple[str, float]:
    """The text of a regular file of at most MAX_BYTES, and its modification time."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise SaveError(f"There is no save file at {path}.") from None
    except OSError as exc:
        raise SaveError(f"The save file {path.name} cannot be read: {exc.strerror or exc}.") from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"The save {path.name} is {_kind_of(st.st_mode)}, not a file.")
    if st.st_size > MAX_BYTES:
        raise SaveError(f"The save file {path.name} is too large ({st.st_size:,} bytes; a save is at most {MAX_BYTES:,}).")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise SaveError(f"The save file {path.name} cannot be read: {exc.strerror or exc}.") from None
    try:
        st = os.fstat(fd)  # what was opened, not what was looked at
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"The save {path.name} is {_kind_of(st.st_mode)}, not a file.")
        chunks = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(f"The save file {path.name} cannot be read: {exc.strerror or exc}.") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > MAX_BYTES:
        raise SaveError(f"The save file {path.name} is too large (a save is at most {MAX_BYTES:,} bytes).")
    try:
        return raw.decode("utf-8-sig"), st.st_mtime  # a byte order mark (some editors write one) is not text
    except UnicodeDecodeError as exc:
        raise SaveError(f"The save file {path.name} cannot be read: it is not text ({exc.reason}).") from None


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (without parsing, so it cannot recurse)."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        else:
            depth -= 1
    return deepest


def _number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _Refused(f"it holds a number {len(text):,} characters long")
        return kind(text)

    return parse


def _constant(text: str) -> Any:
    raise _Refused(f"it holds {text}, which is not a number a save can hold")


class _Refused(ValueError):
    pass


def _json(text: str, name: str) -> Any:
    """json.loads with the nesting, numbers and constants bounded; SaveError otherwise."""
    if _depth(text) > MAX_DEPTH:
        raise SaveError(f"The save file {name} is damaged: it is nested more than {MAX_DEPTH} deep.")
    try:
        return json.loads(text, parse_int=_number(int), parse_float=_number(float), parse_constant=_constant)
    except _Refused as exc:
        raise SaveError(f"The save file {name} is damaged: {exc}.") from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"The save file {name} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}); it may have been cut short."
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"The save file {name} is damaged: {exc}.") from None


class NewerSave(SaveError):
    """A save a newer decktable wrote (a newer format, or a game, option or rules version this one
    does not know): not damaged, so never moved aside; it is listed in one line and not resumed."""


def newer_line(name: str, what: str) -> str:
    """The one line that says so."""
    return f"The save {name} was made by a newer decktable ({what}); it is left as it is and cannot be resumed here."


def _check_format(fmt: Any, name: str, expected: int) -> None:
    if type(fmt) is not int:
        raise SaveError(f"The save file {name} is damaged: format: its version is {fmt!r}, not a whole number.")
    if fmt > FORMAT_VERSION:
        raise NewerSave(newer_line(name, f"format {fmt}; this one reads up to {FORMAT_VERSION}"))
    if fmt != expected:
        raise SaveError(f"The save file {name} is damaged: format: {fmt} is not a format this table wrote.")


def _validate(data: dict[str, Any], name: str) -> SaveFile:
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(f"The save file {name} is damaged: {where}: {first['msg']}.") from None


def parse_save(text: str, name: str = "save") -> SaveFile:
    """A save from its text (a journal, or a legacy single JSON document)."""
    if not text.strip():
        raise SaveError(f"The save file {name} is empty.")
    first, newline, rest = text.partition("\n")
    if first.lstrip().startswith("{") and '"decktable"' in first:
        if not newline:
            raise SaveError(f"The save file {name} was cut short inside its first line.")
        return _parse_journal(first, rest, name)
    data = _json(text, name)
    if not isinstance(data, dict):
        raise SaveError(f"The save file {name} does not hold a saved game.")
    _check_format(data.get("format"), name, LEGACY_FORMAT)
    return _validate(data, name)


def _parse_journal(first: str, rest: str, name: str) -> SaveFile:
    head = _json(first, name)
    if not isinstance(head, dict) or head.pop("decktable", None) != "save":
        raise SaveError(f"The save file {name} does not hold a saved game.")
    _check_format(head.get("format"), name, FORMAT_VERSION)
    if "actions" in head:
        raise SaveError(f"The save file {name} is damaged: actions belong after the first line.")
    lines = rest.split("\n")
    lines.pop()  # the text after the last newline: "" when whole, a torn line when cut short
    actions = []
    for n, line in enumerate(lines, 2):
        seat, _, action = line.partition(" ")
        action = action.strip()
        if not _SEAT_RE.fullmatch(seat) or not action or len(action) > MAX_ACTION_CHARS:
            shown = line if len(line) <= 40 else line[:40] + "…"
            raise SaveError(f"The save file {name} is damaged: line {n} is not a move: {shown!r}.")
        actions.append({"seat": int(seat), "action": action})
    head["actions"] = actions
    return _validate(head, name)


def check_known(save: SaveFile, name: str) -> None:
    """NewerSave when the save names a game, an option or a rules version this build does not
    know: a newer decktable wrote it (read only: nothing is replayed)."""
    from decktable.engine import registry
    from decktable.engine.errors import UnknownGame

    try:
        game = registry.get_game(save.game)
    except UnknownGame:
        raise NewerSave(newer_line(name, f"a game this one does not know, {save.game!r}")) from None
    if save.rules_version > game.info.rules_version:
        raise NewerSave(newer_line(name, f"version {save.rules_version} of the rules of {game.info.name}; "
                                         f"this one has version {game.info.rules_version}"))
    fields = getattr(game.Options, "model_fields", None)
    import inspect

    taken = {"self", *inspect.signature(game.new).parameters}  # 'seed', 'deck': never an option, so damage
    unknown = [key for key in save.options if fields is not None and key not in fields and key not in taken]
    if unknown:
        raise NewerSave(newer_line(name, f"an option of {game.info.name} this one does not know, {unknown[0]!r}"))


def read_save(path: Path) -> SaveFile:
    """Read and validate a save (only a regular file, size and depth bounded before parsing);
    SaveError says what is wrong with it. Nothing is replayed here."""
    text, mtime = _read_bounded(path)
    save = parse_save(text, path.name)
    save.updated = datetime.fromtimestamp(mtime, timezone.utc).isoformat(timespec="seconds")
    return save


# -- damaged saves ---------------------------------------------------------------------------------


def quarantine(path: Path) -> Path | None:
    """Move a bad save aside (whatever it is: a file, a folder, a pipe) under a name nothing has;
    never deletes or overwrites anything. Returns where it went (None if nothing was there)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix if path.suffix in (".json", SAVE_SUFFIX) else ""
    stem = path.name[: len(path.name) - len(suffix)] if suffix else path.name
    for n in range(1000):
        target = path.with_name(f"{stem}.broken-{stamp}{'-' + str(n) if n else ''}{suffix}")
        if os.path.lexists(target):
            continue
        try:
            if stat.S_ISDIR(st.st_mode):
                os.mkdir(target)  # claim the name; renaming a folder onto an empty folder of ours
                os.rename(path, target)
            else:
                try:
                    os.link(path, target, follow_symlinks=False)  # fails if the name is taken
                except FileExistsError:
                    continue
                except OSError:  # no hard links on this file system
                    if os.path.lexists(target):
                        continue
                    os.rename(path, target)
                    return target
                os.unlink(path)
        except FileExistsError:
            continue
        return target
    raise OSError(errno.EEXIST, f"no free name to move {path.name} aside")


# -- the saves on disk -----------------------------------------------------------------------------


@dataclass
class SaveEntry:
    """An unfinished game on disk, read (not replayed) for a list."""

    path: Path
    save: SaveFile
    mtime: float
    in_use: bool = False  # another window is playing it now (see savelock)

    @property
    def moves(self) -> int:
        return len(self.save.actions)

    def describe(self, names: dict[str, str] | None = None) -> str:
        game = (names or {}).get(self.save.game, self.save.game)
        people = ", ".join(s.name for s in self.save.seats)
        moves = self.moves
        busy = " — open in another window" if self.in_use else ""
        return f"{game}: {people} ({moves} move{'s' if moves != 1 else ''}){busy}"

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))


@dataclass
class Listing:
    saves: list[SaveEntry]  # most recent first
    problems: list[str]  # one line for each damaged save, already moved aside
    newer: list[str] = field(default_factory=list)  # one line for each save a newer decktable made (left alone)


_TMP_RE = re.compile(r"\..+\.(\d+)-[0-9a-f]+\.tmp")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, say: alive, not ours to judge
        return True
    return True


def sweep_temporaries(folder: Path) -> int:
    """Remove the temporary files (`_tmp_name`) that a process killed during a rewrite left in
    `folder`: only those whose process is gone; a live writer's file is its own. Never a save.
    Returns how many were removed."""

    def stale(name: str) -> bool:
        m = _TMP_RE.fullmatch(name)
        return m is not None and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1)))

    return _sweep(folder, stale)


def save_candidates() -> list[Path]:
    """Every path that may hold a save: the folder of saves, and the old single autosave."""
    from decktable.store.paths import autosave_path, saves_dir

    out = []
    folder = saves_dir()
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        names = []
    for name in names:
        if name.startswith(".") or ".broken-" in name or not name.endswith(SAVE_SUFFIX):
            continue  # temporary files, saves moved aside, anything not ours
        out.append(folder / name)
    legacy = autosave_path()
    if os.path.lexists(legacy):
        out.append(legacy)
    return out


def moved_line(exc: SaveError, moved: Path | None) -> str:
    where = f" It was moved to {moved.name}." if moved else ""
    return f"{exc}{where}"


def set_aside(path: Path, exc: SaveError) -> str:
    """Move a damaged save aside and say so in one line (which also says when it cannot move)."""
    try:
        moved = quarantine(path)
    except OSError as err:
        return f"{exc} It could not be moved aside ({err.strerror or err})."
    return moved_line(exc, moved)


def list_saves() -> Listing:
    """The unfinished games, most recent first; damaged saves are moved aside, one line each
    (never one another window is playing: it is listed as in use, unread)."""
    from decktable.store.paths import saves_dir
    from decktable.store.savelock import in_use, sweep_orphans

    sweep_temporaries(saves_dir())  # what killed writers left behind
    sweep_orphans(saves_dir(), SAVE_SUFFIX)  # lock files whose save is gone
    sweep_reservations(saves_dir())  # result space whose save is gone
    saves: list[SaveEntry] = []
    problems: list[str] = []
    newer: list[str] = []
    for path in save_candidates():
        busy = in_use(path)
        try:
            text, mtime = _read_bounded(path)
            save = parse_save(text, path.name)
            check_known(save, path.name)
        except NewerSave as exc:  # not damaged: left where it is, for the decktable that made it
            newer.append(str(exc))
            continue
        except SaveError as exc:
            if busy:  # being written by its window right now, perhaps: not ours to move aside
                continue
            problems.append(set_aside(path, exc))
            continue
        saves.append(SaveEntry(path, save, mtime, in_use=busy))
    saves.sort(key=lambda e: e.mtime, reverse=True)
    return Listing(saves, problems, newer)

