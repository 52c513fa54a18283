"""Issue 35: a disk that fills as a game ends, or a data folder that cannot be written, never loses
the finished game silently. The result goes into the space the save reserved when the game began
(saves.reserve_result), or, when it truly cannot be kept, the results screen says so."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from decktable.session import resume
from decktable.session.match import Match, Seat
from decktable.store import history, saves
from decktable.store.paths import history_path, saves_dir


def a_game(seed: int = 5) -> Match:
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=seed, options={"draws": 3},
              save_path=saves.new_save_path(), on_finish=history.record)
    m.act(0, "draw")
    return m


def play_out(m: Match) -> None:
    while m.to_act():
        m.act(m.to_act()[0], "draw")


def enospc(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


FAILURES = {
    # the history says the disk is full, and history-pending/ cannot take a new file either
    "disk-full": (sqlite3.OperationalError("database or disk is full"), OSError(errno.ENOSPC, "No space left on device")),
    # a data folder that cannot be written, with a folder of saves that can
    "read-only-data-folder": (sqlite3.OperationalError("attempt to write a readonly database"),
                              PermissionError(errno.EACCES, "Permission denied")),
}


@pytest.mark.parametrize("failure", FAILURES, ids=list(FAILURES))
def test_a_result_nothing_else_can_keep_goes_into_its_reserved_space(fixed_games, monkeypatch, failure) -> None:
    history.add("countup", [{"name": "Cy", "kind": "human"}], [1], [1], won=[True])  # the history exists
    m = a_game()
    assert saves.reserve_path(m.save_path).stat().st_size == saves.RESERVE_BYTES  # claimed at the start
    db_error, file_error = FAILURES[failure]

    def no_history(*a: object, **kw: object) -> None:
        raise db_error

    def no_file(*a: object, **kw: object) -> None:
        raise file_error

    with monkeypatch.context() as mp:
        mp.setattr(history, "add", no_history)
        mp.setattr(history, "_keep_pending", no_file)
        mp.setattr(history, "_start_retry", lambda db: None)  # written below, on the next open
        mp.setattr(saves.os, "write", enospc)  # the last moves cannot be appended either
        mp.setattr(saves, "write_save", enospc)
        play_out(m)
    assert m.result() is not None
    kept = saves.result_path(m.save_path)
    assert kept.exists(), m.save_error
    assert not m.save_path.exists() and not saves.reserve_path(m.save_path).exists()
    assert m.save_error is None
    assert saves.list_saves().saves == []  # never offered as "Resume"
    (notice,) = history.take_notices()  # said once, on the results screen
    assert "cannot be written now" in notice and f"saves/{kept.name}" in notice
    # the history can be written again: the result is in it, once, and its file is gone
    assert history.stats()["countup"].played == 2
    assert not kept.exists()
    (rec, _) = history.recent()
    assert rec.scores == list(m.result().scores) and rec.names == ["Ann", "Bot 1"]


def test_a_result_that_truly_cannot_be_kept_is_said_and_its_save_kept(fixed_games, monkeypatch) -> None:
    m = a_game()
    saves.reserve_path(m.save_path).unlink()  # no space was left even when the game began

    def no_history(*a: object, **kw: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as mp:
        mp.setattr(history, "add", no_history)
        mp.setattr(history, "_keep_pending", enospc)
        mp.setattr(saves, "reserve_result", lambda path: False)
        play_out(m)
    assert m.save_path.exists()
    assert m.save_error and "could not be added to the history" in m.save_error


async def test_the_results_screen_says_when_the_result_could_not_be_kept(fixed_games, monkeypatch) -> None:
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.results import ResultsScreen

    m = Match("countup", [Seat("Ann")], seed=9, options={"draws": 2}, save_path=saves.new_save_path(),
              on_finish=history.record)
    app = DeckTableApp(match=m, bot_delay=0)

    def no_history(*a: object, **kw: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    shown: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(history, "add", no_history)
        monkeypatch.setattr(history, "_keep_pending", enospc)
        monkeypatch.setattr(saves, "keep_result", enospc)
        real_notify = app.notify
        monkeypatch.setattr(app, "notify", lambda message, **kw: (shown.append(str(message)), real_notify(message, **kw))[1])
        while m.to_act():
            app.screen.do("draw")
            await pilot.pause()
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ResultsScreen):
                break
        assert isinstance(app.screen, ResultsScreen)
        await pilot.pause()
    assert any("could not be added to the history" in s and "the save is kept" in s for s in shown), shown


def test_a_finished_match_clears_an_earlier_autosave_failure(fixed_games, monkeypatch) -> None:
    m = a_game()
    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "write", enospc)
        mp.setattr(saves, "write_save", enospc)
        m.act(1, "draw")
        assert m.save_error
        play_out(m)
    assert m.save_error is None  # the result is in the history; nothing to warn of
    assert history.stats()["countup"].played == 1


# -- a real full disk: a 256 KiB tmpfs as the data folder -------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    where = tmp_path / "tiny"
    where.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)],
                              capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        pytest.skip("cannot mount a tmpfs here")
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root?)")
    home = where / "home"
    monkeypatch.setenv("DECKTABLE_HOME", str(home))
    try:
        yield home
    finally:
        history.wait_pending(1)
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=10)


def fill(folder: Path) -> Path:
    """Fill the disk up: a file written until the disk refuses."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"x" * 1024)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    with open(folder / "filler2", "wb", buffering=0) as fh:  # the last bytes, too
        try:
            while True:
                fh.write(b"x")
        except OSError:
            pass
    return filler


def test_a_disk_that_fills_as_the_game_ends_keeps_the_result(fixed_games, tiny_disk, monkeypatch) -> None:
    monkeypatch.setattr(history, "_start_retry", lambda db: None)  # written below, on the next open
    history.add("countup", [{"name": "Cy", "kind": "human"}], [1], [1], won=[True])
    m = a_game(seed=12)
    fill(tiny_disk)
    play_out(m)
    kept = saves.result_path(m.save_path)
    assert kept.exists(), m.save_error
    assert not m.save_path.exists()
    assert saves.list_saves().saves == []
    assert history.take_notices()
    for name in ("filler", "filler2"):
        os.unlink(tiny_disk / name)
    assert history.stats()["countup"].played == 2
    assert not kept.exists()


def test_the_first_move_after_a_resume_is_appended_not_a_rewrite(fixed_games, monkeypatch) -> None:
    """A rewrite needs a whole new copy of the journal (new blocks); a resumed save that is whole
    takes its next move as an appended line, as before it was closed."""
    m = a_game()
    path = m.save_path
    from decktable.store import savelock

    savelock.release(path)
    resumed = resume.load_match(path, on_finish=history.record)
    before = path.read_bytes()
    monkeypatch.setattr(saves, "write_save", enospc)
    resumed.act(resumed.to_act()[0], "draw")
    assert resumed.save_error is None
    assert path.read_bytes().startswith(before) and len(saves.read_save(path).actions) == 2
