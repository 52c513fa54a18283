"""Play history: one SQLite row per finished game, for statistics, best scores and wins.

The database lives at `decktable.store.paths.history_path()`. `record(match)` is what a Match is
given as `on_finish`; `stats()` sums the rows per game; `recent(n)` lists the last games.

A win is a first place when several seats played, unless every seat shares it: a game with no
winner (a draw, a Rally game thrown in) is no one's win. A solitaire's single seat is always
"first", so there a win is what the result says: `ResultView.won` (a list of booleans) when the
engine offers it, else a summary that begins with "Won" / "Win".

A game's best score is the best any seat reached, bots included: the best end of the game's own
scale, which is the highest or the lowest as the `best` key of the game's INFO dict says ("high",
the default, or "low" — Head Solitaire counts cards left, Polignac penalty points).

Trust (issue 6):
- A finished match is recorded once: each row holds the match's id (`Match.match_id`, else a
  digest of the game, seats, seed, options and moves) under a UNIQUE index, and a second record
  of it is ignored (a finished save loaded again adds nothing).
- A database that is not ours (corrupt, or another program's) is moved aside — never deleted —
  and a new one started; `take_notices()` gives the sentence to show.
- A locked database never holds up the table: `record` tries once without waiting; if the
  database is busy, the row is kept in a small file in `history-pending/` (so it survives the
  process) and a background thread retries until it is written. Every later open of the history
  writes pending rows first.
- Statistics are sums in SQL over a `seats` table (one row per seat of each game, written with
  the game), so `stats()` costs the same memory at 100,000 games as at 10.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sqlite3
import threading
import time
import warnings
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

from decktable.store.paths import history_path

if TYPE_CHECKING:
    from decktable.session.match import Match

#: the hinted games, for the statistics' count of them: a scan of every game's row took 38 ms of
#: `decktable stats` at 100,000 games, and hinted games are few (added to older histories too)
HINTED_INDEX = "CREATE INDEX IF NOT EXISTS games_hinted ON games (game) WHERE hints > 0"
#: the coached games (the table's coach reviewed the person's moves), counted apart in the same way
COACHED_INDEX = "CREATE INDEX IF NOT EXISTS games_coached ON games (game) WHERE coached > 0"
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    finished TEXT NOT NULL,
    seed INTEGER,
    seats TEXT NOT NULL,
    scores TEXT NOT NULL,
    placings TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    won TEXT,
    match_id TEXT,
    hints INTEGER NOT NULL DEFAULT 0,
    coached INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
""" + HINTED_INDEX + ";\n" + COACHED_INDEX + ";\n"
# added by version 2 (and by the upgrade of an older history): one row per seat, for statistics
SCHEMA_2 = """
CREATE UNIQUE INDEX IF NOT EXISTS games_by_match ON games (match_id);
CREATE TABLE IF NOT EXISTS seats (
    row INTEGER NOT NULL,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    human INTEGER NOT NULL,
    score REAL,
    won INTEGER NOT NULL,
    counts INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_by_row ON seats (row);
CREATE INDEX IF NOT EXISTS seats_best ON seats (game, counts, score);
CREATE INDEX IF NOT EXISTS seats_wins ON seats (game, human, won, name);
"""
#: added by version 3 (an upgrade): games of several seats that all placed first were stored as a
#: win for every seat (a Rally game thrown in); they are no one's win, as `default_won` now says
NO_WINNER = """
UPDATE games SET won = (SELECT json_group_array(json('false')) FROM json_each(games.placings))
WHERE json_valid(placings) AND json_type(placings) = 'array' AND json_array_length(placings) >= 2
      AND NOT EXISTS (SELECT 1 FROM json_each(games.placings) WHERE value IS NOT 1)
      AND (won IS NULL OR NOT json_valid(won) OR json_type(won) != 'array'
           OR NOT EXISTS (SELECT 1 FROM json_each(games.won) WHERE value IS NOT 1))
"""
VERSION = 3  # 3: a game in which every seat placed first is no one's win (NO_WINNER)
REQUIRED = {"id", "game", "finished", "seats", "scores", "placings"}
COLUMNS = "id, game, finished, seed, seats, scores, placings, options, won, hints, coached"
#: how long the UI thread may wait for a busy database: not at all (the row is kept and retried)
QUICK_TIMEOUT = 0.0
#: how long the background retry waits each time
RETRY_TIMEOUT = 5.0

T = TypeVar("T")

_notices: list[str] = []
_pending_lock = threading.Lock()
_retry_thread: threading.Thread | None = None


@dataclass(frozen=True)
class GameRecord:
    """One finished game as stored."""

    id: int
    game: str
    finished: str
    seed: int | None
    seats: list[dict[str, str]]  # [{"name": "Ann", "kind": "human"}, ...]
    scores: list[float]
    placings: list[int]
    options: dict[str, Any]
    won: list[bool]
    hints: int = 0  # hints asked during the game: a hinted game (marked in the statistics)
    coached: bool = False  # the coach reviewed the person's moves (counted apart in the statistics)

    @property
    def names(self) -> list[str]:
        return [s.get("name", "?") for s in self.seats]

    @property
    def winners(self) -> list[str]:
        return [self.seats[i].get("name", "?") for i, w in enumerate(self.won) if w and i < len(self.seats)]


@dataclass
class GameStats:
    """Totals for one game."""

    game: str
    played: int = 0
    wins: dict[str, int] = field(default_factory=dict)  # human name -> games won
    best: float | None = None
    best_by: str = ""
    direction: str = "high"  # "high": the highest score is best; "low": the lowest
    hinted: int = 0  # games played with hints
    coached: int = 0  # games played with the coach on

    @property
    def played_text(self) -> str:
        """'12', or with the games played with help counted apart: '12 (3 hinted, 2 coached)'."""
        apart = [f"{n} {what}" for n, what in ((self.hinted, "hinted"), (self.coached, "coached")) if n]
        return f"{self.played} ({', '.join(apart)})" if apart else str(self.played)

    @property
    def best_text(self) -> str:
        """'74 (Ann)'; for a game where low is best, '3 (Ann; lowest)'."""
        if self.best is None:
            return "—"
        value = int(self.best) if float(self.best).is_integer() else self.best
        notes = [n for n in (self.best_by, "lowest" if self.direction == "low" else "") if n]
        return f"{value} ({'; '.join(notes)})" if notes else str(value)

    @property
    def wins_text(self) -> str:
        if not self.wins:
            return "—"
        ranked = sorted(self.wins.items(), key=lambda kv: (-kv[1], kv[0].lower()))
        return ", ".join(f"{name} {n}" for name, n in ranked)


def best_direction(game_id: str) -> str:
    """'high' or 'low': from the game's INFO `best` key (default 'high')."""
    try:
        pkg = importlib.import_module(f"decktable.rulesets.{game_id}")
    except ImportError:
        return "high"
    value = str(getattr(pkg, "INFO", {}).get("best", "high")).lower()
    return "low" if value == "low" else "high"


class ForeignDatabase(sqlite3.DatabaseError):
    """An SQLite file that is not a decktable history."""


def take_notices() -> list[str]:
    """Sentences about the history to show the player (a database moved aside), once each."""
    out = list(_notices)
    _notices.clear()
    return out


_told_unwritable = False  # the notice that the history cannot be written was given (once a spell)


def _tell_once(notice: str) -> None:
    """A notice that the history cannot be written: once until it can be written again, however
    many games end or retries fail meanwhile."""
    global _told_unwritable
    if not _told_unwritable:
        _told_unwritable = True
        _notices.append(notice)


def _reason(exc: BaseException) -> str:
    return (getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).rstrip(".")


def _is_corrupt(exc: BaseException) -> bool:
    """A damaged database file (malformed pages, not a database): not a lock, not a folder that
    cannot be written. SQLite says so with SQLITE_CORRUPT or SQLITE_NOTADB."""
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.OperationalError):
        return False
    if isinstance(exc, (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and (code & 0xFF) in (11, 26):  # SQLITE_CORRUPT, SQLITE_NOTADB
        return True
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def _is_busy(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _prepare(conn: sqlite3.Connection) -> None:
    """Check that the database is ours (or empty) and bring it to the current version."""
    kinds = list(conn.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'index')"))
    tables = {name for name, kind in kinds if kind == "table"}
    tables.discard("sqlite_sequence")
    if tables:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
        if not REQUIRED <= columns:
            raise ForeignDatabase("it holds no decktable games table")
        if "seats" in tables:
            seat_cols = {row[1] for row in conn.execute("PRAGMA table_info(seats)")}
            if not {"row", "game", "name", "human", "score", "won", "counts"} <= seat_cols:
                raise ForeignDatabase("its seats table is not decktable's")
        if "hints" not in columns:  # hints asked during the game (the table's hint key)
            with conn:
                conn.execute("ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
        if "coached" not in columns:  # the coach reviewed the moves (the table's coach switch)
            with conn:
                conn.execute("ALTER TABLE games ADD COLUMN coached INTEGER NOT NULL DEFAULT 0")
        for index, sql in (("games_hinted", HINTED_INDEX), ("games_coached", COACHED_INDEX)):
            if not any(name == index for name, kind in kinds if kind == "index"):
                try:  # only the statistics' speed hangs on it: a history that cannot take it still works
                    with conn:
                        conn.execute(sql)
                except sqlite3.OperationalError:
                    pass
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version >= VERSION and "seats" in tables:
        return
    with conn:
        conn.executescript("BEGIN IMMEDIATE;" + SCHEMA)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
        if "won" not in columns:  # a history written before the column existed
            conn.execute("ALTER TABLE games ADD COLUMN won TEXT")
        if "match_id" not in columns:
            conn.execute("ALTER TABLE games ADD COLUMN match_id TEXT")
        for statement in SCHEMA_2.split(";"):
            if statement.strip():
                conn.execute(statement)
        if version < 3:
            conn.execute(NO_WINNER)
        if "seats" not in tables or version < VERSION:
            conn.execute("DELETE FROM seats")
            _fill_seats(conn)
        conn.execute(f"PRAGMA user_version = {VERSION}")


def _fill_seats(conn: sqlite3.Connection, where: str = "", args: tuple[Any, ...] = ()) -> None:
    """The seats rows of games already stored (an upgrade), in SQL; rows whose JSON is damaged
    are left out of the statistics (they stay in `games`)."""
    conn.execute(
        """
        INSERT INTO seats (row, game, seat, name, human, score, won, counts)
        SELECT g.id, g.game, CAST(s.key AS INTEGER),
               coalesce(json_extract(s.value, '$.name'), '?'),
               coalesce(json_extract(s.value, '$.kind'), 'human') != 'bot',
               json_extract(g.scores, '$[' || s.key || ']'),
               CASE WHEN g.won IS NOT NULL AND json_valid(g.won)
                    THEN coalesce(json_extract(g.won, '$[' || s.key || ']'), 0) = 1
                    ELSE json_array_length(g.placings) >= 2
                         AND json_extract(g.placings, '$[' || s.key || ']') = 1 END,
               0
        FROM games AS g, json_each(g.seats) AS s
        WHERE json_valid(g.seats) AND json_valid(g.scores) AND json_valid(g.placings)
              AND json_type(g.seats) = 'array' AND json_type(g.scores) = 'array'
              AND json_type(g.placings) = 'array' """ + where,
        args,
    )
    conn.execute(
        "UPDATE seats SET counts = (human OR NOT EXISTS "
        "(SELECT 1 FROM seats AS t WHERE t.row = seats.row AND t.human))"
    )


def _move_aside(db: Path, why: str) -> Path | None:
    """Rename a bad database (and its journal files) to a name never used before."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = db.with_name(f"{db.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if not target.exists():
            break
    try:
        os.replace(db, target)
    except OSError:
        return None
    for suffix in ("-journal", "-wal", "-shm"):
        extra = db.with_name(db.name + suffix)
        if extra.exists():
            try:
                os.replace(extra, target.with_name(target.name + suffix))
            except OSError:
                pass
    _notices.append(
        f"The play history could not be read ({why}); it was moved aside to {target.name} "
        "and a new one was started."
    )
    return target


def _connect(path: Path | None = None, timeout: float = RETRY_TIMEOUT, flush: bool = True) -> sqlite3.Connection:
    """An open history, checked and upgraded; a corrupt or foreign one is moved aside first.
    Raises sqlite3.OperationalError when the database is locked longer than `timeout`."""
    db = path or history_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(2):
        conn = sqlite3.connect(db, timeout=timeout)
        try:
            _prepare(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            if _is_busy(exc) or (isinstance(exc, sqlite3.OperationalError) and not isinstance(exc, ForeignDatabase)):
                raise  # locked, or the folder cannot be written: not the file's fault
            if attempt or _move_aside(db, str(exc) or type(exc).__name__) is None:
                raise
            continue
        if flush:
            try:
                _flush_pending(conn, db)
            except sqlite3.OperationalError:
                pass  # still busy: the rows stay pending for the next open or the retry thread
            except sqlite3.DatabaseError as exc:  # malformed pages behind a good header
                conn.close()
                if attempt or not _is_corrupt(exc) or _move_aside(db, _reason(exc)) is None:
                    raise
                continue  # a new history, and the pending rows written into it
        return conn
    raise AssertionError("unreachable")


def _repairing(fn: Callable[..., T]) -> Callable[..., T]:
    """Run `fn` (which opens the history at its `path`); a damaged database met on the way
    (malformed pages a read or a write reached) is moved aside, a new one started, and `fn` run
    once more on it."""
    import functools
    import inspect

    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return fn(*args, **kwargs)
        except sqlite3.DatabaseError as exc:
            if not _is_corrupt(exc):
                raise
            db = signature.bind(*args, **kwargs).arguments.get("path") or history_path()
            if _move_aside(db, _reason(exc)) is None:
                raise
        return fn(*args, **kwargs)

    return run


def default_won(placings: list[int]) -> list[bool]:
    """Several seats: first place wins, unless every seat shares it (nobody won). One seat:
    unknown, so not counted as a win."""
    if len(placings) < 2 or all(p == 1 for p in placings):
        return [False] * len(placings)
    return [p == 1 for p in placings]


def result_won(result: Any) -> list[bool]:
    """Who won, from a ResultView (see the module's note on solitaires)."""
    won = getattr(result, "won", None)
    if won is not None:
        return [bool(w) for w in won]
    if len(result.placings) == 1:
        return [result.summary.strip().lower().startswith(("won", "win", "you win"))]
    return default_won(list(result.placings))


def _rows(conn: sqlite3.Connection, sql: str, args: tuple[Any, ...] = ()) -> Iterator[GameRecord]:
    for row in conn.execute(sql, args):
        rid, game, finished, seed, seats, scores, placings, options, won, hints, coached = row
        try:
            placings_list = json.loads(placings)
            rec = GameRecord(
                id=rid,
                game=game,
                finished=finished,
                seed=seed,
                seats=json.loads(seats),
                scores=json.loads(scores),
                placings=placings_list,
                options=json.loads(options or "{}"),
                won=json.loads(won) if won else default_won(placings_list),
                hints=int(hints or 0),
                coached=bool(coached),
            )
        except (ValueError, TypeError):
            continue  # a damaged row is left out, never a crash
        yield rec


def _row_of(
    game: str,
    seats: list[dict[str, str]],
    scores: list[float],
    placings: list[int],
    seed: int | None,
    options: dict[str, Any] | None,
    finished: str | None,
    won: list[bool] | None,
    match_id: str | None,
    hints: int = 0,
    coached: bool = False,
) -> dict[str, Any]:
    """One finished game as plain JSON-able values (what is written, or kept pending)."""
    return {
        "game": game,
        "finished": finished or datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "seed": seed,
        "seats": list(seats),
        "scores": list(scores),
        "placings": list(placings),
        "options": json.loads(json.dumps(options or {}, default=str, sort_keys=True)),
        "won": list(won) if won is not None else default_won(list(placings)),
        "match_id": match_id,
        "hints": int(hints or 0),
        "coached": bool(coached),
    }


def _insert(conn: sqlite3.Connection, row: dict[str, Any]) -> bool:
    """Insert one game and its seats in one transaction; False when its match is already in."""
    with conn:
        cur = conn.execute(
            "INSERT OR IGNORE INTO games (game, finished, seed, seats, scores, placings, options, won, match_id,"
            " hints, coached) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row["game"],
                row["finished"],
                row["seed"],
                json.dumps(row["seats"]),
                json.dumps(row["scores"]),
                json.dumps(row["placings"]),
                json.dumps(row["options"], sort_keys=True),
                json.dumps(row["won"]),
                row["match_id"],
                int(row.get("hints", 0) or 0),
                int(bool(row.get("coached", False))),
            ),
        )
        if cur.rowcount == 0:
            return False
        rid = cur.lastrowid
        seats, scores, won = row["seats"], row["scores"], row["won"]
        humans = [i for i, st in enumerate(seats) if str(st.get("kind", "human")) != "bot"]
        conn.executemany(
            "INSERT INTO seats (row, game, seat, name, human, score, won, counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    rid,
                    row["game"],
                    i,
                    str(st.get("name", "?")),
                    int(i in humans),
                    scores[i] if i < len(scores) and isinstance(scores[i], (int, float)) else None,
                    int(bool(won[i])) if i < len(won) else 0,
                    int(i in humans or not humans),
                )
                for i, st in enumerate(seats)
            ],
        )
    return True


@_repairing
def add(
    game: str,
    seats: list[dict[str, str]],
    scores: list[float],
    placings: list[int],
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    finished: str | None = None,
    won: list[bool] | None = None,
    path: Path | None = None,
    match_id: str | None = None,
    timeout: float = RETRY_TIMEOUT,
    hints: int = 0,
    coached: bool = False,
) -> bool:
    """Store one finished game (the plain form of `record`, for tests and imports). False when a
    game of that match id is already stored (it is recorded once)."""
    row = _row_of(game, seats, scores, placings, seed, options, finished, won, match_id, hints, coached)
    conn = _connect(path, timeout=timeout)
    try:
        return _insert(conn, row)
    finally:
        conn.close()


def match_key(match: Match) -> str:
    """The id a finished match is recorded under: its own id, else a digest of what defines it."""
    mid = getattr(match, "match_id", None)
    if isinstance(mid, str) and mid:
        return mid
    body = json.dumps(
        [match.game.info.id, [(s.name, s.kind, s.level) for s in match.seats], match.seed,
         match.options, match.deck, [e.action for e in match.log]],
        default=str, sort_keys=True,
    )
    return "digest-" + hashlib.sha256(body.encode()).hexdigest()[:32]


# -- rows waiting for a busy database -----------------------------------------------------------------


def _pending_dir(db: Path) -> Path:
    return db.parent / "history-pending"


def _keep_pending(db: Path, row: dict[str, Any]) -> Path:
    """Write the row to its own file (atomically), so that it survives until it is written."""
    folder = _pending_dir(db)
    folder.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha256(str(row["match_id"]).encode()).hexdigest()[:24] + ".json"
    target = folder / name
    tmp = folder / f".{name}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(row, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:  # a full disk: no half-written file left behind
            tmp.unlink()
        except OSError:
            pass
        raise
    return target


def _kept_results(db: Path) -> list[Path]:
    """The rows waiting to be written: `history-pending/*.json`, and the results a full disk or a
    data folder that cannot be written left in the folder of saves (saves.keep_result)."""
    from decktable.store.saves import RESULT_SUFFIX

    found: list[Path] = []
    for folder, pattern in ((_pending_dir(db), "*.json"), (db.parent / "saves", "*" + RESULT_SUFFIX)):
        try:
            found.extend(sorted(p for p in folder.glob(pattern) if not p.name.startswith(".")))
        except OSError:
            continue
    return found


def _flush_pending(conn: sqlite3.Connection, db: Path) -> int:
    """Write every pending row (each once) and remove its file; the number written. A damaged
    database raises (the caller moves it aside), as does a busy or unwritable one."""
    done = 0
    with _pending_lock:
        for f in _kept_results(db):
            try:
                row = json.loads(f.read_text(encoding="utf-8"))
                if not isinstance(row, dict) or not {"game", "seats", "scores", "placings"} <= set(row):
                    raise ValueError("not a pending game")
            except (OSError, ValueError):
                continue  # unreadable: left where it is, never deleted
            try:
                row = _row_of(row["game"], row["seats"], row["scores"], row["placings"], row.get("seed"),
                              row.get("options"), row.get("finished"), row.get("won"), row.get("match_id"),
                              row.get("hints", 0), bool(row.get("coached", False)))
                if _insert(conn, row):
                    done += 1
            except sqlite3.OperationalError:
                raise
            except sqlite3.DatabaseError as exc:
                if _is_corrupt(exc):
                    raise
                continue
            except (sqlite3.Error, ValueError, TypeError, AttributeError, KeyError):
                continue
            try:
                f.unlink()
            except OSError:
                pass
    return done


#: the background retry waits this long after a failed attempt, doubling up to RETRY_MAX: a
#: history that cannot be written is not reopened hundreds of times a second
RETRY_FIRST = 0.05
RETRY_MAX = 30.0


def _retry_loop(db: Path) -> None:
    global _retry_thread, _told_unwritable
    delay = RETRY_FIRST
    while True:
        try:
            conn = _connect(db, timeout=RETRY_TIMEOUT)  # flushes the pending rows
        except (sqlite3.Error, OSError):
            pass
        else:
            conn.close()
        with _pending_lock:
            if not _kept_results(db):
                _retry_thread = None
                _told_unwritable = False  # written: a later failure is news again
                return
        # opened but not written (read-only, full, damaged), or not opened: wait, longer each time
        time.sleep(delay)
        delay = min(delay * 2, RETRY_MAX)


def _start_retry(db: Path) -> None:
    global _retry_thread
    with _pending_lock:
        if _retry_thread is not None and _retry_thread.is_alive():
            return
        _retry_thread = threading.Thread(target=_retry_loop, args=(db,), name="decktable-history", daemon=True)
        _retry_thread.start()


def wait_pending(timeout: float = 10.0) -> bool:
    """Wait for the background writer (tests, and the app on quit); True when nothing is left."""
    thread = _retry_thread
    if thread is not None:
        thread.join(timeout)
        return not thread.is_alive()
    return True


def record(match: Match) -> None:
    """Store a finished match, once. Given to `Match(on_finish=record)`; never holds up the game:
    a busy database is not waited for (the row is kept in `history-pending/` and written by a
    background thread), a damaged one is moved aside. Raises only when the result could be
    neither written nor kept, so that the caller keeps the match's save."""
    result = match.result()
    if result is None:
        return
    row_args = dict(
        game=match.game.info.id,
        seats=[{"name": s.name, "kind": s.kind, **({"level": s.level} if s.is_bot else {})} for s in match.seats],
        scores=list(result.scores),
        placings=list(result.placings),
        seed=match.seed,
        options=dict(match.options),
        won=result_won(result),
        match_id=match_key(match),
        hints=int(getattr(match, "hints", 0) or 0),
        coached=bool(getattr(match, "coached", False)),
    )
    try:
        add(**row_args, timeout=QUICK_TIMEOUT)
        return
    except (sqlite3.Error, OSError) as exc:
        busy = _is_busy(exc)
        why = exc
    db = history_path()
    row = _row_of(row_args["game"], row_args["seats"], row_args["scores"], row_args["placings"],
                  row_args["seed"], row_args["options"], None, row_args["won"], row_args["match_id"],
                  row_args["hints"], row_args["coached"])
    try:
        where = _keep_pending(db, row)
    except OSError as exc:
        # a full disk, or a data folder that cannot be written: the space the save reserved for
        # its result when the game began (saves.reserve_result) needs no new block
        save_path = getattr(match, "save_path", None)
        if save_path is None:
            raise
        from decktable.store.saves import keep_result

        try:
            where = keep_result(save_path, json.dumps(row, ensure_ascii=True).encode("ascii"))
        except OSError:
            raise exc from None  # the result is not safe: the caller keeps the save and says so
    if not busy:
        _tell_once(
            f"The play history cannot be written now ({_reason(why)}); the result is kept in "
            f"{where.parent.name}/{where.name} and will be added when the history can be written."
        )
        warnings.warn(
            f"The play history could not be written ({why}); the result is kept and will be added later.",
            RuntimeWarning,
            stacklevel=2,
        )
    _start_retry(db)


@_repairing
def recent(n: int = 10, path: Path | None = None) -> list[GameRecord]:
    """The last `n` finished games, newest first."""
    conn = _connect(path)
    try:
        return list(_rows(conn, f"SELECT {COLUMNS} FROM games ORDER BY id DESC LIMIT ?", (n,)))
    finally:
        conn.close()


@_repairing
def stats(path: Path | None = None) -> dict[str, GameStats]:
    """Per game id: games played, wins per human name, and the best score any seat reached (the
    best end of the game's own scale, bots included) — the first to reach it. Summed in SQL."""
    conn = _connect(path)
    try:
        out: dict[str, GameStats] = {}
        for game, played in conn.execute("SELECT game, count(*) FROM games GROUP BY game"):
            out[game] = GameStats(game, played=played, direction=best_direction(game))
        for game, name, wins in conn.execute(
            "SELECT game, name, count(*) FROM seats WHERE human = 1 AND won = 1 GROUP BY game, name"
        ):
            if game in out:
                out[game].wins[name] = wins
        for game, hinted in conn.execute("SELECT game, count(*) FROM games WHERE hints > 0 GROUP BY game"):
            if game in out:
                out[game].hinted = hinted
        for game, coached in conn.execute("SELECT game, count(*) FROM games WHERE coached > 0 GROUP BY game"):
            if game in out:
                out[game].coached = coached
        for game, st in out.items():
            agg = "max" if st.direction == "high" else "min"
            # one index seek for each value of `counts` (seats_best: game, counts, score), not a scan
            (best,) = conn.execute(
                f"SELECT {agg}(best) FROM (SELECT {agg}(score) AS best FROM seats WHERE game = ? AND counts = 0"
                f" AND score IS NOT NULL UNION ALL SELECT {agg}(score) FROM seats WHERE game = ? AND counts = 1"
                " AND score IS NOT NULL)",
                (game, game),
            ).fetchone()
            if best is None:
                continue
            (name,) = conn.execute(
                "SELECT name FROM seats WHERE game = ? AND counts IN (0, 1) AND score = ? ORDER BY row, seat LIMIT 1",
                (game, best),
            ).fetchone()
            st.best = int(best) if float(best).is_integer() else best
            st.best_by = name
        return out
    finally:
        conn.close()
