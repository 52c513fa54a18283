"""The save lock: one window at a time plays a save; another that tries gets one sentence, lists
show the save as in use, and a window killed outright does not keep it locked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from decktable import cli
from decktable.engine.errors import SaveInUse
from decktable.session.match import Match, Seat
from decktable.session.resume import load_match
from decktable.store import savelock
from decktable.store.saves import list_saves, new_save_path, read_save

pytestmark = pytest.mark.skipif(savelock.fcntl is None, reason="saves are not locked without flock")

IN_USE = "That game is open in another window."

# A second window: resume the save named by argv[1], say "open", then play one move when told to
# on stdin (or just exit, or hang until killed).
HOLDER = """
import sys
from decktable.session.resume import load_match
m = load_match(__import__('pathlib').Path(sys.argv[1]))
print('open', len(m.log), flush=True)
line = sys.stdin.readline().strip()
if line == 'move':
    seat = m.to_act()[0]
    m.act(seat, m.game.legal_actions(m.state, seat)[0])
    from decktable.store.saves import SYNCER
    SYNCER.wait()
    print('moved', len(m.log), m.save_error, flush=True)
elif line == 'hang':
    import time
    time.sleep(600)
"""

# Another window trying the same save: the sentence it gets, and what the list says.
TRIER = """
import sys
from pathlib import Path
from decktable.engine.errors import SaveInUse
from decktable.session.resume import load_match
from decktable.store.saves import list_saves
path = Path(sys.argv[1])
entry, = [e for e in list_saves().saves if e.path == path]
print('listed', entry.in_use, entry.describe())
try:
    load_match(path)
except SaveInUse as exc:
    print('refused', exc)
else:
    print('loaded')
"""


def a_save(moves: int = 3) -> Path:
    """A jacynth save with a few moves, written by a match of this process that then lets it go."""
    path = new_save_path()
    m = Match("jacynth", [Seat("Ann"), Seat("Bea")], seed=5, save_path=path)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.act(seat, m.game.legal_actions(m.state, seat)[0])
    assert path.exists() and savelock.holds(path)
    savelock.release(path)
    assert not savelock.lock_path(path).exists()
    return path


def start(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ},
    )


def wait_open(proc: subprocess.Popen[str]) -> str:
    line = proc.stdout.readline() if proc.stdout else ""
    assert line.startswith("open"), (line, proc.stderr.read() if proc.stderr else "")
    return line


def kill_holder(holder: subprocess.Popen[str], path: Path) -> None:
    """Once the window holds `path` (and is waiting), kill it outright, as `kill -9` would."""
    try:
        wait_open(holder)
        assert savelock.in_use(path)
        holder.stdin.write("hang\n")  # type: ignore[union-attr]
        holder.stdin.flush()  # type: ignore[union-attr]
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=30)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


def test_one_process_holds_a_save_once(tmp_path: Path) -> None:
    path = tmp_path / "x.save"
    assert not savelock.in_use(path) and not savelock.holds(path)
    assert savelock.acquire(path) and savelock.acquire(path)  # again: this process holds it already
    assert savelock.holds(path) and not savelock.in_use(path)  # not "another window": it is ours
    assert savelock.lock_path(path).exists()
    savelock.release(path)
    assert not savelock.holds(path) and not savelock.lock_path(path).exists()
    savelock.release(path)  # nothing held: nothing to do


def test_two_windows_resume_the_same_save(tmp_path: Path) -> None:
    """Two real processes: the first resumes the save and holds it; the second is told in one
    sentence and lists it as in use; the first's move lands in the journal; once it has gone,
    the save resumes anywhere."""
    path = a_save(moves=3)
    first = start(HOLDER, str(path))
    try:
        assert wait_open(first) == "open 3\n"
        assert savelock.in_use(path) and not savelock.acquire(path)
        second = start(TRIER, str(path))
        out, err = second.communicate(timeout=60)
        assert second.returncode == 0, err
        assert out.splitlines() == [
            "listed True jacynth: Ann, Bea (3 moves) — open in another window",
            f"refused {IN_USE}",
        ]
        with pytest.raises(SaveInUse) as info:
            load_match(path)
        assert str(info.value) == IN_USE
        assert path.exists()  # never moved aside: nothing is wrong with it
        out, err = first.communicate("move\n", timeout=60)
        assert out.strip() == "moved 4 None", err
    finally:
        first.kill()
        first.wait()
    assert not savelock.in_use(path) and not savelock.lock_path(path).exists()
    assert len(read_save(path).actions) == 4
    m = load_match(path)
    assert len(m.log) == 4 and savelock.holds(path)


def test_a_killed_window_does_not_keep_the_save(tmp_path: Path) -> None:
    path = a_save()
    holder = start(HOLDER, str(path))
    kill_holder(holder, path)
    assert holder.returncode == -signal.SIGKILL
    assert savelock.lock_path(path).exists()  # left behind by the killed process, but not held
    deadline = time.monotonic() + 10
    while savelock.in_use(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not savelock.in_use(path)
    assert [e.in_use for e in list_saves().saves] == [False]
    m = load_match(path)
    assert len(m.log) == 3


def test_resume_and_its_list_say_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = a_save()
    launched: list[object] = []
    monkeypatch.setattr(cli, "run_app", lambda *a, **k: launched.append(a))
    holder = start(HOLDER, str(path))
    try:
        wait_open(holder)
        assert cli.main(["resume", "--list"]) == 0
        out, err = capsys.readouterr()
        assert "open in another window" in out and path.name in out and err == ""
        assert cli.main(["resume"]) == 1
        out, err = capsys.readouterr()
        assert err.splitlines() == [f"decktable: {IN_USE}"] and launched == []
        assert path.exists()
    finally:
        holder.kill()
        holder.wait()


def test_a_match_that_cannot_take_the_lock_does_not_write(tmp_path: Path) -> None:
    """A match writing a save another window holds (it can only be told the same path): the
    sentence in save_error, and the journal is left alone."""
    path = a_save()
    holder = start(HOLDER, str(path))
    try:
        wait_open(holder)
        before = path.read_bytes()
        m = Match("jacynth", [Seat("Ann"), Seat("Bea")], seed=5, save_path=path)
        seat = m.to_act()[0]
        m.act(seat, m.game.legal_actions(m.state, seat)[0])
        assert m.save_error is not None and m.save_error.startswith(IN_USE)
        assert path.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


def test_a_finished_or_abandoned_game_lets_its_lock_go(tmp_path: Path) -> None:
    path = a_save()
    m = load_match(path)
    assert savelock.holds(path)
    m.abandon()
    assert not savelock.holds(path) and not savelock.lock_path(path).exists() and not path.exists()


# A window that holds the lock of a save it has not written yet (a game just started).
EARLY = """
import sys
from pathlib import Path
from decktable.store import savelock
assert savelock.acquire(Path(sys.argv[1]))
print('open', flush=True)
sys.stdin.readline()
"""


def test_lock_files_whose_save_is_gone_are_swept_unless_held(tmp_path: Path) -> None:
    """A lock file stayed forever beside a save moved aside as broken, or after a window was
    killed and its game later finished: the list of saves now removes those nobody holds."""
    kept = a_save()
    gone = a_save()
    kill_holder(start(HOLDER, str(gone)), gone)  # a window resumes it, and is killed: its lock file stays
    assert savelock.lock_path(gone).exists()
    gone.rename(gone.with_name(gone.stem + ".broken-20261125.save"))  # as `quarantine` moves it
    stale = savelock.lock_path(kept)
    stale.write_text("")  # a killed window's, beside a save that is still there: kept
    unborn = new_save_path()
    early = start(EARLY, str(unborn))
    try:
        wait_open(early)
        deadline = time.monotonic() + 10
        while savelock.in_use(gone) and time.monotonic() < deadline:
            time.sleep(0.05)
        saves = list_saves().saves
        assert [e.path for e in saves] == [kept]
        assert not savelock.lock_path(gone).exists()
        assert stale.exists()  # its save is there: the next window takes it again
        assert savelock.lock_path(unborn).exists()  # held by a window whose save is not written yet
    finally:
        early.stdin.write("\n")  # type: ignore[union-attr]
        early.stdin.flush()  # type: ignore[union-attr]
        early.wait(timeout=30)
    list_saves()
    assert not savelock.lock_path(unborn).exists()  # let go by its window (and then swept, or removed)
