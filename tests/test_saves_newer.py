"""Issue 35: a save a newer decktable made is left where it is (it was moved aside as damaged, and
every version skips those), said in one line, and offered no resume; every line the command line
prints from a file goes through the guard `decktable stats` uses; a save with a BOM is read."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from decktable import cli
from decktable.session.match import Match, Seat
from decktable.session.resume import load_match
from decktable.store.paths import saves_dir
from decktable.store.saves import NewerSave, list_saves


def a_save(name: str = "20260101-000000-000000000001.save", **change: object) -> Path:
    """A good save of one move whose header is then changed as a newer decktable would."""
    path = saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    m = Match("countup", [Seat("Ann"), Seat("Bea")], seed=4, options={"draws": 3}, save_path=path)
    m.act(0, "draw")
    from decktable.store import savelock

    savelock.release(path)
    if change:
        head, _, rest = path.read_text(encoding="utf-8").partition("\n")
        header = json.loads(head)
        for key, value in change.items():
            if key == "options":
                header["options"] = {**header["options"], **value}  # type: ignore[dict-item]
            else:
                header[key] = value
        path.write_text(json.dumps(header) + "\n" + rest, encoding="utf-8")
    return path


NEWER = {
    "format-3": ({"format": 3, "something_new": [1, 2]}, "format 3"),
    "unknown-game": ({"game": "zanzibar"}, "'zanzibar'"),
    "newer-rules": ({"rules_version": 7}, "version 7 of the rules"),
    "unknown-option": ({"options": {"jokers": True}}, "'jokers'"),
}


@pytest.mark.parametrize("kind", NEWER)
def test_resume_list_leaves_a_newer_save_where_it_is(fixed_games, capsys, kind) -> None:
    change, words = NEWER[kind]
    path = a_save(**change)
    before = path.read_bytes()
    assert cli.main(["resume", "--list"]) == 0
    out, err = capsys.readouterr()
    assert "No unfinished games." in out  # offered no resume
    (line,) = err.splitlines()
    assert "made by a newer decktable" in line and words in line and path.name in line
    assert sorted(p.name for p in saves_dir().iterdir() if p.suffix == ".save") == [path.name]
    assert path.read_bytes() == before  # never renamed, never rewritten
    assert cli.main(["resume", "--list"]) == 0  # and so on every run
    assert "made by a newer decktable" in capsys.readouterr().err
    assert path.exists()


@pytest.mark.parametrize("kind", NEWER)
def test_resume_and_load_leave_a_newer_save_where_it_is(fixed_games, capsys, monkeypatch, kind) -> None:
    change, words = NEWER[kind]
    path = a_save(**change)
    before = path.read_bytes()
    monkeypatch.setattr(cli, "run_app", lambda *a: pytest.fail("nothing to resume"))
    assert cli.main(["resume"]) == 1
    err = capsys.readouterr().err
    assert "made by a newer decktable" in err and "no saved game to resume" in err
    with pytest.raises(NewerSave, match="newer decktable"):
        load_match(path)
    assert path.read_bytes() == before
    listing = list_saves()
    assert listing.saves == [] and listing.problems == [] and len(listing.newer) == 1


def test_a_newer_save_does_not_hide_an_older_one(fixed_games) -> None:
    newer = a_save(format=3)
    mine = a_save("20260101-000000-000000000002.save")
    listing = list_saves()
    assert [e.path for e in listing.saves] == [mine] and newer.exists()


# -- what the command line prints from a file ---------------------------------------------------------


ESC = "\x1b]0;pwned\x07"


def test_resume_list_prints_nothing_from_a_file_raw(fixed_games, capsys) -> None:
    """A seat name, a game id and a file name holding escape sequences reached the terminal."""
    a_save(f"20260101-000000-000000000003{ESC}.save", seats=[
        {"name": f"Ann{ESC}", "kind": "human", "level": "random"}, {"name": "Bea", "kind": "human", "level": "random"}])
    a_save("20260101-000000-000000000004.save", game=f"zork{ESC}")  # newer: one line
    damaged = saves_dir() / f"broken{ESC}.save"
    damaged.write_text("{not json\n", encoding="utf-8")  # damaged: one line
    assert cli.main(["resume", "--list"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out and "\x07" not in out and "\x1b" not in err and "\x07" not in err
    assert "Ann\\x1b]0;pwned\\x07" in out  # shown, as escapes
    assert "\\x1b" in err and len(err.splitlines()) == 2


def test_resume_prints_nothing_from_a_file_raw(fixed_games, capsys, monkeypatch) -> None:
    damaged = saves_dir() / f"broken{ESC}.save"
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_text("{not json\n", encoding="utf-8")
    assert cli.main(["resume"]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "broken\\x1b" in err


# -- a byte order mark -----------------------------------------------------------------------------------


def test_a_save_with_a_byte_order_mark_is_read_not_set_aside(fixed_games) -> None:
    path = a_save()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as some editors write UTF-8
    listing = list_saves()
    assert [e.path for e in listing.saves] == [path] and not listing.problems
    m = load_match(path)
    assert len(m.log) == 1 and os.path.exists(path)
