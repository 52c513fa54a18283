"""Play history: one SQLite row per finished game, for statistics, best scores and wins.

The database lives at `decktable.store.paths.history_path()`. `record(match)` is what a Match is
given as `on_finish`; `stats()` sums the rows per game; `recent(n)` lists the last games.

A win is a first place when several seats played. A solitaire's single seat is always "first", so
there a win is what the result says: `ResultView.won` (a list of booleans) when the engine offers
it, else a summary that begins with "Won" / "Win".

Whether a game's best score is the highest or the lowest comes from the `best` key of the game's
INFO dict ("high", the default, or "low" — Head Solitaire counts cards left, so lower is better).
"""

from __future__ import annotations

import importlib
import json
import sqlite3
import warnings
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from decktable.store.paths import history_path

if TYPE_CHECKING:
    from decktable.engine.match import Match

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
    won TEXT
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
"""
COLUMNS = "id, game, finished, seed, seats, scores, placings, options, won"


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


def _connect(path: Path | None = None) -> sqlite3.Connection:
    db = path or history_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db)
    conn.executescript(SCHEMA)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    if "won" not in columns:  # a history written before the column existed
        conn.execute("ALTER TABLE games ADD COLUMN won TEXT")
    return conn


def default_won(placings: list[int]) -> list[bool]:
    """Several seats: first place wins. One seat: unknown, so not counted as a win."""
    if len(placings) < 2:
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
        rid, game, finished, seed, seats, scores, placings, options, won = row
        placings_list = json.loads(placings)
        yield GameRecord(
            id=rid,
            game=game,
            finished=finished,
            seed=seed,
            seats=json.loads(seats),
            scores=json.loads(scores),
            placings=placings_list,
            options=json.loads(options or "{}"),
            won=json.loads(won) if won else default_won(placings_list),
        )


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
) -> None:
    """Store one finished game (the plain form of `record`, for tests and imports)."""
    when = finished or datetime.now(timezone.utc).isoformat(timespec="seconds")
    conn = _connect(path)
    try:
        with conn:
            conn.execute(
                "INSERT INTO games (game, finished, seed, seats, scores, placings, options, won)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    when,
                    seed,
                    json.dumps(seats),
                    json.dumps(list(scores)),
                    json.dumps(list(placings)),
                    json.dumps(options or {}, default=str, sort_keys=True),
                    json.dumps(won if won is not None else default_won(list(placings))),
                ),
            )
    finally:
        conn.close()


def record(match: Match) -> None:
    """Store a finished match. Given to `Match(on_finish=record)`; never breaks the game: a
    history that cannot be written is reported as a warning and play goes on."""
    result = match.result()
    if result is None:
        return
    try:
        add(
            game=match.game.info.id,
            seats=[{"name": s.name, "kind": s.kind} for s in match.seats],
            scores=list(result.scores),
            placings=list(result.placings),
            seed=match.seed,
            options=dict(match.options),
            won=result_won(result),
        )
    except (sqlite3.Error, OSError) as exc:
        warnings.warn(f"The play history could not be written: {exc}", RuntimeWarning, stacklevel=2)


def recent(n: int = 10, path: Path | None = None) -> list[GameRecord]:
    """The last `n` finished games, newest first."""
    conn = _connect(path)
    try:
        return list(_rows(conn, f"SELECT {COLUMNS} FROM games ORDER BY id DESC LIMIT ?", (n,)))
    finally:
        conn.close()


def stats(path: Path | None = None) -> dict[str, GameStats]:
    """Per game id: games played, wins per human name, and the best score by a human
    (any seat if no human played)."""
    conn = _connect(path)
    try:
        records = list(_rows(conn, f"SELECT {COLUMNS} FROM games ORDER BY id"))
    finally:
        conn.close()
    out: dict[str, GameStats] = {}
    for rec in records:
        st = out.get(rec.game)
        if st is None:
            st = out[rec.game] = GameStats(rec.game, direction=best_direction(rec.game))
        st.played += 1
        humans = [i for i, s in enumerate(rec.seats) if s.get("kind", "human") != "bot"]
        for i in humans:
            if i < len(rec.won) and rec.won[i]:
                name = rec.seats[i].get("name", "?")
                st.wins[name] = st.wins.get(name, 0) + 1
        for i in humans or range(len(rec.seats)):
            if i >= len(rec.scores):
                continue
            score = rec.scores[i]
            better = (
                st.best is None
                or (st.direction == "high" and score > st.best)
                or (st.direction == "low" and score < st.best)
            )
            if better:
                st.best = score
                st.best_by = rec.seats[i].get("name", "?")
    return out
