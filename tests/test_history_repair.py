"""Issue 35: a history with malformed pages behind a good header is repaired (moved aside, a new
one started, the pending results written into it, said once), and the background retry backs off
while the history cannot be written, with one notice."""

from __future__ import annotations

import sqlite3

import pytest

from decktable.session.match import Match, Seat
from decktable.store import history
from decktable.store.paths import history_path

PAGE = 4096


def play_out(match: Match) -> None:
    while match.to_act():
        match.act(match.to_act()[0], "draw")


def malformed_history() -> bytes:
    """A history of 300 games whose header page (and its list of tables) is whole, and whose
    later pages are garbage: it opens, and reading or writing its rows fails."""
    for i in range(300):
        history.add("countup", [{"name": f"P{i}", "kind": "human"}], [i], [1], won=[True], match_id=f"m{i}")
    db = history_path()
    data = bytearray(db.read_bytes())
    for page in range(2, len(data) // PAGE):
        data[page * PAGE:(page + 1) * PAGE] = b"\x5a" * PAGE
    db.write_bytes(bytes(data))
    conn = sqlite3.connect(db)
    with pytest.raises(sqlite3.DatabaseError, match="malformed"):
        conn.execute("SELECT count(*) FROM seats").fetchall()
    conn.close()
    return bytes(data)


def damaged() -> list:
    db = history_path()
    return sorted(db.parent.glob(db.name + ".damaged-*"))


def test_a_malformed_history_is_moved_aside_and_the_pending_results_written_anew(fixed_games) -> None:
    original = malformed_history()
    pending = history._row_of("countup", [{"name": "Ann", "kind": "human"}], [7], [1], 1, {}, None, [True],
                              "kept-while-damaged")
    history._keep_pending(history_path(), pending)
    st = history.stats()  # `decktable stats` failed on every run
    assert st["countup"].played == 1 and st["countup"].wins == {"Ann": 1}  # the pending result, written
    (moved,) = damaged()
    assert moved.read_bytes() == original  # moved, never deleted
    (notice,) = history.take_notices()  # said once
    assert "moved aside" in notice and moved.name in notice and "malformed" in notice
    assert list((history_path().parent / "history-pending").glob("*.json")) == []
    # later games go into the new history, and nothing more is said
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, on_finish=history.record)
    play_out(m)
    assert history.stats()["countup"].played == 2
    assert history.take_notices() == [] and len(damaged()) == 1


def test_a_game_finished_on_a_malformed_history_is_written_into_a_new_one(fixed_games) -> None:
    malformed_history()
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, on_finish=history.record)
    play_out(m)
    assert list((history_path().parent / "history-pending").glob("*.json")) == []
    assert [r.names for r in history.recent()] == [["Ann", "Bot 1"]]
    assert len(damaged()) == 1 and len(history.take_notices()) == 1


def test_decktable_stats_on_a_malformed_history_repairs_it(capsys) -> None:
    from decktable import cli

    malformed_history()
    assert cli.main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "No finished games yet." in out
    assert len(err.splitlines()) == 1 and "moved aside" in err
    assert cli.main(["stats"]) == 0
    assert capsys.readouterr().err == ""  # once


# -- the retry loop ----------------------------------------------------------------------------------


def test_the_retry_loop_backs_off_while_the_history_cannot_be_written(fixed_games, monkeypatch) -> None:
    """A history that opens but cannot be written (read-only, full) was reopened about 480
    times a second: the flush's error was swallowed and the loop never slept."""
    history.add("countup", [{"name": "Cy", "kind": "human"}], [1], [1], won=[True])
    row = history._row_of("countup", [{"name": "Ann", "kind": "human"}], [7], [1], 1, {}, None, [True], "later")
    history._keep_pending(history_path(), row)
    opened: list[int] = []
    slept: list[float] = []
    real_flush = history._flush_pending

    def read_only(conn, db):  # noqa: ANN001
        opened.append(1)
        if len(opened) >= 12:  # the history can be written again
            return real_flush(conn, db)
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(history, "_flush_pending", read_only)
    monkeypatch.setattr(history.time, "sleep", slept.append)
    history._retry_loop(history_path())  # in this thread: it ends once the row is written
    assert len(opened) == 12
    assert len(slept) == 11 and slept == sorted(slept) and slept[0] >= 0.05  # waits, longer each time
    assert max(slept) <= history.RETRY_MAX and slept[-1] >= 10
    assert history.stats()["countup"].played == 2


def test_one_notice_however_many_games_end_while_the_history_cannot_be_written(fixed_games, monkeypatch) -> None:
    def read_only(*a: object, **kw: object) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    with monkeypatch.context() as mp:
        mp.setattr(history, "add", read_only)
        mp.setattr(history, "_start_retry", lambda db: None)
        for seed in (1, 2, 3):
            m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=seed, on_finish=history.record)
            with pytest.warns(RuntimeWarning):
                play_out(m)
    (notice,) = history.take_notices()
    assert "cannot be written now (attempt to write a readonly database)" in notice
    assert history.stats()["countup"].played == 3  # all three kept, written on the next open
