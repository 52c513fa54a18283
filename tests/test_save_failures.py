"""Failures to write are never silent, and several unfinished games are kept side by side.

- the CLI refuses a data folder it cannot use (a file, one that cannot be created, read-only)
  with one line and exit 2;
- when autosave fails during play the table shows a notice until saving works again (Pilot);
- `decktable play` never replaces another unfinished game; two instances do not share a file;
  finishing or abandoning a match removes only its own save; the lobby lists them all.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from decktable import cli
from decktable.session.match import Match, Seat
from decktable.store import paths, saves
from decktable.store.paths import saves_dir
from decktable.store.saves import SAVE_SUFFIX, list_saves


class Launch:
    def __init__(self) -> None:
        self.calls: list[Match | None] = []

    def __call__(self, match: Match | None, cards: str | None, theme: str | None) -> int:
        self.calls.append(match)
        return 0


@pytest.fixture
def launch(monkeypatch: pytest.MonkeyPatch) -> Launch:
    fake = Launch()
    monkeypatch.setattr(cli, "run_app", fake)
    return fake


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 1 and lines[0].startswith("decktable: "), err
    return lines[0]


# -- an unusable data folder ------------------------------------------------------------------------

COMMANDS = [["play", "countup", "--players", "Ann,bot"], ["resume"], ["resume", "--list"], []]


@pytest.mark.parametrize("argv", COMMANDS, ids=["play", "resume", "resume-list", "lobby"])
def test_home_that_is_a_file(fixed_games, tmp_path, monkeypatch, capsys, launch, argv) -> None:
    home = tmp_path / "a-file"
    home.write_text("not a folder")
    monkeypatch.setenv("DECKTABLE_HOME", str(home))
    assert cli.main(argv) == 2
    line = one_line(capsys)
    assert "DECKTABLE_HOME" in line and "Cannot use" in line
    assert launch.calls == [] and home.read_text() == "not a folder"


@pytest.mark.parametrize("argv", COMMANDS, ids=["play", "resume", "resume-list", "lobby"])
def test_home_that_cannot_be_created(fixed_games, tmp_path, monkeypatch, capsys, launch, argv) -> None:
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("DECKTABLE_HOME", str(tmp_path / "file" / "home"))
    assert cli.main(argv) == 2
    assert "Cannot use" in one_line(capsys)
    assert launch.calls == []


def test_read_only_home(fixed_games, monkeypatch, capsys, launch, decktable_home) -> None:
    """Read-only (simulated: these tests may run as root, who can write anywhere)."""
    real_open = os.open

    def read_only(path, flags, *a, **kw):
        if str(path).startswith(str(decktable_home)) and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *a, **kw)

    monkeypatch.setattr(paths.os, "open", read_only)
    assert cli.main(["play", "countup", "--players", "Ann,bot"]) == 2
    assert "Read-only file system" in one_line(capsys)
    assert launch.calls == []


def test_disk_full_during_play_is_reported_and_the_game_goes_on(fixed_games, monkeypatch, launch) -> None:
    assert cli.main(["play", "countup", "--players", "Ann,Bea", "--option", "draws=3"]) == 0
    (m,) = launch.calls

    def full(*a, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "write", full)
        mp.setattr(saves, "write_save", full)
        m.act(0, "draw")
        assert m.save_error and "No space left on device" in m.save_error
        m.act(1, "draw")
        assert m.save_error and len(m.log) == 2
    m.act(0, "draw")
    assert m.save_error is None and len(saves.read_save(m.save_path).actions) == 3


# -- the notice at the table ---------------------------------------------------------------------------


async def test_the_table_shows_a_notice_while_autosave_fails(fixed_games, monkeypatch) -> None:
    pytest.importorskip("decktable.ui.screens.table_registry")
    from decktable.ui.app import DeckTableApp

    m = Match("countup", [Seat("Ann")], seed=9, options={"draws": 5}, save_path=saves_dir() / f"n{SAVE_SUFFIX}")
    app = DeckTableApp(match=m, bot_delay=0)

    def full(*a, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one("#save-notice", Static)
        assert not notice.display
        with monkeypatch.context() as mp:
            mp.setattr(saves.os, "write", full)
            mp.setattr(saves, "write_save", full)
            app.screen.do("draw")
            await pilot.pause()
            assert notice.display and "No space left on device" in str(notice.render())
            app.screen.do("draw")  # the game goes on in memory; the notice stays
            await pilot.pause()
            assert notice.display and len(m.log) == 2
        app.screen.do("draw")  # saving works again: the notice goes
        await pilot.pause()
        assert not notice.display
        assert len(saves.read_save(m.save_path).actions) == 3


# -- more than one game ------------------------------------------------------------------------------


def test_play_never_replaces_another_unfinished_game(fixed_games, launch, monkeypatch) -> None:
    from decktable.store import history

    recorded: list[Match] = []
    monkeypatch.setattr(history, "record", recorded.append)  # the history itself is tested elsewhere
    for players in ("Ann,Bea", "Cy,Di"):
        assert cli.main(["play", "countup", "--players", players, "--option", "draws=2"]) == 0
    first, second = launch.calls
    assert first.save_path != second.save_path and first.match_id != second.match_id
    first.act(0, "draw")
    second.act(0, "draw")
    assert {e.path for e in list_saves().saves} == {first.save_path, second.save_path}
    # finishing one removes only its own save
    second.act(1, "draw")
    second.act(0, "draw")
    second.act(1, "draw")
    assert second.result() is not None and not second.save_path.exists(), second.save_error
    assert recorded == [second]
    assert [e.path for e in list_saves().saves] == [first.save_path]


def test_two_instances_on_one_folder_keep_two_files(fixed_games, decktable_home) -> None:
    code = (
        "import sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from conftest import COUNT_UP\n"
        "from decktable.session.match import Match, Seat\n"
        "from decktable.store.saves import new_save_path\n"
        "m = Match(COUNT_UP, [Seat('Ann'), Seat('Bea')], seed=1, options={'draws': 5}, save_path=new_save_path())\n"
        "m.act(0, 'draw')\n"
        "print(m.save_path)\n"
    )
    here = str(Path(__file__).parent)
    env = {**os.environ, "DECKTABLE_HOME": str(decktable_home)}
    procs = [subprocess.Popen([sys.executable, "-c", code, here], stdout=subprocess.PIPE, env=env, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert len(set(outs)) == 2
    games = sorted(p.name for p in saves_dir().iterdir() if not p.name.endswith(saves.RESERVE_SUFFIX))
    assert games == sorted(Path(o).name for o in outs)


def test_abandoning_a_match_removes_only_its_own_save(fixed_games) -> None:
    a = Match("countup", [Seat("Ann"), Seat("Bea")], seed=1, save_path=saves.new_save_path())
    b = Match("countup", [Seat("Cy"), Seat("Di")], seed=2, save_path=saves.new_save_path())
    a.act(0, "draw")
    b.act(0, "draw")
    mine = a.save_path
    a.abandon()
    assert not mine.exists() and b.save_path.exists()
    a.act(1, "draw")  # and it saves no more
    assert not mine.exists()


async def test_the_lobby_lists_every_unfinished_game_and_resumes_the_chosen_one(fixed_games, monkeypatch) -> None:
    from decktable.ui.app import DeckTableApp

    older = Match("countup", [Seat("Ann"), Seat("Bea")], seed=1, options={"draws": 3},
                  save_path=saves_dir() / f"a{SAVE_SUFFIX}")
    older.act(0, "draw")
    os.utime(older.save_path, (1_000_000, 1_000_000))
    newer = Match("countup", [Seat("Cy"), Seat("Di")], seed=2, options={"draws": 3},
                  save_path=saves_dir() / f"b{SAVE_SUFFIX}")
    newer.act(0, "draw")
    newer.act(1, "draw")
    app = DeckTableApp(bot_delay=0)
    started: list[Match] = []
    monkeypatch.setattr(app, "start_match", started.append)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        olist = app.screen.query_one("#games", OptionList)
        ids = [olist.get_option_at_index(i).id for i in range(olist.option_count)]
        assert ids[:3] == ["resume", "resume:1", "stats"]
        texts = [olist.get_option_at_index(i).prompt.renderables[0].plain for i in range(2)]  # first line
        assert texts == ["Resume Count Up: Cy, Di (2 moves)", "Resume Count Up: Ann, Bea (1 move)"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert [m.match_id for m in started] == [older.match_id]
        await pilot.press("r")  # r: the most recent
        await pilot.pause()
        assert [m.match_id for m in started] == [older.match_id, newer.match_id]
