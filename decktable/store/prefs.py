"""Preferences remembered between runs: the colour theme, the card set, the order of the hand, and
the last seats of each game (how many players, and each seat's name and whether a person or a
bot sits there), and the games whose coach is on.

They live in `preferences.json` in the user's config folder (platformdirs' user_config_dir,
`~/.config/decktable` on Linux). `DECKTABLE_CONFIG` names another folder (tests use it); without
it, `DECKTABLE_HOME` (which moves the saves) moves the preferences too.

Preferences are never worth a crash: a file that cannot be read as preferences (not JSON, the
wrong shape, too big, a folder or a pipe where the file should be) is moved aside as
`preferences.broken-DATE.json`, never deleted, and the table starts with the defaults and says so
once. A value that makes no sense (a seat with a bad name, an unknown kind) is dropped alone.
Writes are atomic (a temporary file unique to the process, flushed and renamed over the old one);
a write that fails is reported, and the game goes on. A file that is a symbolic link (as dotfile
managers make) is read through the link and written through it (the link stays); a UTF-8 byte
order mark is read.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "preferences.json"
VERSION = 1
MAX_BYTES = 256 * 1024  # far more than any real preference file
MAX_GAMES = 200
KINDS = ("human", "bot")
HAND_ORDERS = ("dealt", "suit", "rank")  # decktable.ui.hand_order.ORDERS, without the import
LEVELS = ("random", "easy", "medium", "strong")  # decktable.bots.BOT_LEVELS, without the import


def config_dir() -> Path:
    env = os.environ.get("DECKTABLE_CONFIG")
    if env:
        return Path(env)
    home = os.environ.get("DECKTABLE_HOME")
    if home:
        return Path(home)
    from platformdirs import user_config_dir

    return Path(user_config_dir("decktable", appauthor=False))


def prefs_path() -> Path:
    return config_dir() / FILE_NAME


@dataclass
class SeatPref:
    name: str
    kind: str  # "human" or "bot"
    level: str = ""  # a bot's level (easy, medium, strong); "" for a person or the default


@dataclass
class Preferences:
    theme: str | None = None
    cards: str | None = None
    #: game id -> the seats last used, in order (their number is the player count)
    seats: dict[str, list[SeatPref]] = field(default_factory=dict)
    #: how the player's own hand is shown: "dealt" (the game's order), "suit" or "rank"
    hand_order: str = "dealt"
    #: the games whose coach is on (`C` at the table): the strong search reviews the person's moves
    coach: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "theme": self.theme,
            "cards": self.cards,
            "hand_order": self.hand_order,
            "coach": list(self.coach),
            "seats": {g: [{"name": s.name, "kind": s.kind, **({"level": s.level} if s.level else {})}
                          for s in seats] for g, seats in self.seats.items()},
        }


class BadPreferences(ValueError):
    """The file is not a preference file; the message says why in a few words."""


def _text_or_none(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 100:
        raise BadPreferences(f"{what} is not a name")
    return value


def parse(data: Any) -> Preferences:
    """Preferences from decoded JSON; BadPreferences when the shape is wrong. Seats that make no
    sense are dropped one by one (a bad name does not cost the theme)."""
    from decktable.engine.errors import DeckTableError
    from decktable.engine.names import clean_name

    if not isinstance(data, dict):
        raise BadPreferences("not a JSON object")
    version = data.get("version", VERSION)
    if type(version) is not int or version > VERSION:
        raise BadPreferences(f"written by a newer decktable (version {version!r})")
    prefs = Preferences(theme=_text_or_none(data.get("theme"), "the theme"),
                        cards=_text_or_none(data.get("cards"), "the card set"))
    order = data.get("hand_order", "dealt")  # older files have none
    prefs.hand_order = order if order in HAND_ORDERS else "dealt"
    coach = data.get("coach", [])  # older files have none; a name that is not a game id is dropped
    if isinstance(coach, list):
        prefs.coach = sorted({g for g in coach[:MAX_GAMES] if isinstance(g, str) and 0 < len(g) <= 100})
    seats = data.get("seats", {})
    if not isinstance(seats, dict):
        raise BadPreferences("the seats are not a table of games")
    for game, entries in list(seats.items())[:MAX_GAMES]:
        if not isinstance(game, str) or not isinstance(entries, list) or not 1 <= len(entries) <= 12:
            continue
        good: list[SeatPref] = []
        for entry in entries:
            if not isinstance(entry, dict) or entry.get("kind") not in KINDS or not isinstance(entry.get("name"), str):
                break
            try:
                name = clean_name(entry["name"])
            except DeckTableError:
                break
            level = entry.get("level", "")
            good.append(SeatPref(name, entry["kind"], level if level in LEVELS and entry["kind"] == "bot" else ""))
        else:
            prefs.seats[game] = good
    return prefs


def _set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"preferences.broken-{stamp}.json")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"preferences.broken-{stamp}-{n}.json")
    os.replace(path, target)
    return target


def _target(path: Path) -> Path:
    """The file the preferences are in: `path`, or where it links to (dotfile managers keep the
    file elsewhere and link it here): read through the link, and written through it."""
    if os.path.islink(path):
        return Path(os.path.realpath(path))
    return path


def load() -> tuple[Preferences, str | None]:
    """(the preferences, a one-line notice or None). Never raises: a damaged file is moved aside
    and the defaults are used; an unreadable folder just means the defaults."""
    path = prefs_path()
    try:
        info = os.stat(_target(path))
    except FileNotFoundError:  # no file (or a link to none yet: the defaults, saved where it points)
        return Preferences(), None
    except OSError as exc:
        return Preferences(), f"Preferences could not be read ({exc.strerror or exc}); using the defaults."
    try:
        if not stat.S_ISREG(info.st_mode):
            raise BadPreferences("not a regular file")
        if info.st_size > MAX_BYTES:
            raise BadPreferences(f"{info.st_size} bytes, too big")
        fd = os.open(_target(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise BadPreferences("not a regular file")
            raw = fh.read(MAX_BYTES + 1)
        try:
            data = json.loads(raw.decode("utf-8-sig"))  # a byte order mark (some editors write one) is fine
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise BadPreferences(f"not JSON ({str(exc)[:60]})") from None
        return parse(data), None
    except BadPreferences as exc:
        try:
            moved = _set_aside(path)
        except OSError as err:
            return Preferences(), f"The preference file is damaged ({exc}) and could not be moved aside ({err.strerror or err}); using the defaults."
        return Preferences(), f"The preference file was damaged ({exc}); it was moved aside as {moved.name} and the defaults are used."
    except OSError as exc:
        return Preferences(), f"Preferences could not be read ({exc.strerror or exc}); using the defaults."


def save(prefs: Preferences) -> str | None:
    """Write the preferences atomically; None when done, else a one-line reason."""
    path = prefs_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"Preferences could not be saved: {exc.strerror or exc}."
    link = os.path.islink(path)
    if link:  # written through the link, next to the file it points to; the link stays
        path = _target(path)
    tmp = path.with_name(f".{FILE_NAME}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(prefs.to_json(), indent=1, ensure_ascii=False).encode("utf-8")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if os.path.lexists(path) and not os.path.isfile(path) or os.path.islink(path):
            _set_aside(path)  # never over a folder or a pipe (nor a link the link led to)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        return f"Preferences could not be saved: {exc.strerror or exc}."
    return None


def update(**changes: Any) -> str | None:
    """Load, change some fields (theme=..., cards=...), save; the reason when saving failed.
    A damaged file met here is set aside like at start-up."""
    prefs, _notice = load()
    for key, value in changes.items():
        setattr(prefs, key, value)
    return save(prefs)


def set_coach(game_id: str, on: bool) -> str | None:
    """Turn a game's coach on or off for good; the reason when saving failed."""
    prefs, _notice = load()
    games = set(prefs.coach)
    games.add(game_id) if on else games.discard(game_id)
    prefs.coach = sorted(games)
    return save(prefs)


def remember_seats(game_id: str, seats: list[tuple[str, ...]]) -> str | None:
    """Keep the seats of a game: (name, kind) or (name, kind, level) each."""
    prefs, _notice = load()
    prefs.seats[game_id] = [SeatPref(*seat[:3]) for seat in seats]
    return save(prefs)
