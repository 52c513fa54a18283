"""Every kind of damaged save: answered with one line, moved aside (never deleted or overwritten),
and the listing (the lobby's) and `decktable resume` go on — at the store level and through the CLI.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable

import pytest

from decktable import cli
from decktable.engine.errors import SaveError
from decktable.session.match import Match, Seat
from decktable.session.resume import load_match
from decktable.store.paths import autosave_path, saves_dir
from decktable.store.saves import SAVE_SUFFIX, list_saves


def good_header(**change: object) -> dict:
    from tests.conftest import COUNT_UP

    m = Match(COUNT_UP, [Seat("Ann"), Seat("Bea")], seed=4, options={"draws": 3})
    head = {"decktable": "save", **json.loads(m.to_save().model_dump_json(exclude={"actions", "updated"}))}
    head.update(change)
    return head


def journal(head: dict | str, *lines: str) -> str:
    first = head if isinstance(head, str) else json.dumps(head)
    return first + "\n" + "".join(line + "\n" for line in lines)


def text(content: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(content, encoding="utf-8")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def too_large(path: Path) -> None:
    with open(path, "wb") as fh:
        fh.truncate(9 * 1024 * 1024)


def symlink(path: Path) -> None:
    os.symlink("/dev/zero", path)


DEEP = 100_000
HEADER_TEXT = json.dumps(good_header())[:-1]  # without its closing brace

KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "nested-100000-journal": (text(journal(HEADER_TEXT + ', "x": ' + "[" * DEEP + "]" * DEEP + "}")), "nested"),
    "nested-100000-legacy": (text("[" * DEEP + "]" * DEEP), "nested"),
    "nested-100000-objects": (text('{"a":' * DEEP + "1" + "}" * DEEP), "nested"),
    "5000-digit-seed": (text(journal(HEADER_TEXT.replace('"seed": 4,', '"seed": ' + "9" * 5000 + ",") + "}")), "number"),
    "5000-digit-legacy": (text('{"format": 1, "game": "countup", "seats": [], "seed": ' + "7" * 5000 + "}"), "number"),
    "options-seed": (text(journal(good_header(options={"seed": 5}), "0 draw")), "option 'seed'"),
    "options-deck": (text(journal(good_header(options={"deck": ["x"]}))), "option 'deck'"),
    "options-players": (text(journal(good_header(options={"players": 9}))), "option 'players'"),
    "options-self": (text(journal(good_header(options={"self": 1}))), "option 'self'"),
    "format-string-journal": (text(journal(good_header(format="2"))), "format"),
    "format-string-legacy": (text(json.dumps({**good_header(format="2", decktable=None), "actions": []}, indent=1)), "format"),
    "named-pipe": (fifo, "named pipe"),
    "directory": (folder, "folder"),
    "symlink": (symlink, "symbolic link"),
    "too-large": (too_large, "too large"),
    "nan": (text(journal(HEADER_TEXT + ', "x": NaN}')), "NaN"),
    "not-text": (lambda p: p.write_bytes(b"\xff\xfe" * 10), "not text"),
    "tampered-move": (text(journal(good_header(), "0 draw", "0 draw")), "Move 2"),
}


def check_moved_aside(path: Path, kind: str) -> None:
    assert not os.path.lexists(path), f"{kind}: still in place"
    moved = [p for p in path.parent.iterdir() if p.name.startswith(path.name.removesuffix(path.suffix) + ".broken-")]
    assert len(moved) == 1, f"{kind}: {sorted(p.name for p in path.parent.iterdir())}"
    if kind == "directory":
        assert (moved[0] / "inside.txt").read_text() == "kept"
    elif kind == "named-pipe":
        import stat

        assert stat.S_ISFIFO(os.lstat(moved[0]).st_mode)


def where(kind: str, legacy: bool) -> Path:
    if legacy:
        return autosave_path()
    saves_dir().mkdir(parents=True, exist_ok=True)
    return saves_dir() / f"damaged-{kind}{SAVE_SUFFIX}"


def make_good(moves: int = 2) -> Match:
    path = saves_dir() / f"good{SAVE_SUFFIX}"
    m = Match("countup", [Seat("Ann"), Seat("Bea")], seed=4, options={"draws": 3}, save_path=path)
    for i in range(moves):
        m.act(i % 2, "draw")
    os.utime(path, (1_000_000, 1_000_000))  # older than the damaged one: the damaged is met first
    return m


@pytest.mark.parametrize("legacy", [False, True], ids=["folder-of-saves", "old-autosave"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_store_level(fixed_games, kind, legacy) -> None:
    """What the lobby does: list the saves, then load the chosen one."""
    make, fragment = KINDS[kind]
    good = make_good()
    path = where(kind, legacy)
    make(path)
    problems: list[str] = []
    listing = list_saves()
    problems += listing.problems
    loaded = []
    for entry in listing.saves:
        try:
            loaded.append(load_match(entry.path))
        except SaveError as exc:
            problems.append(str(exc))
    assert len(problems) == 1, problems
    line = problems[0]
    assert "\n" not in line and len(line) < 400, line
    assert fragment.lower() in line.lower() and path.name in line and "moved to" in line, line
    check_moved_aside(path, kind)
    assert [m.state.snapshot() for m in loaded] == [good.state.snapshot()]
    assert [e.path.name for e in list_saves().saves] == [f"good{SAVE_SUFFIX}"]  # and it stays so


class Launch:
    def __init__(self) -> None:
        self.calls: list[Match | None] = []

    def __call__(self, match: Match | None, cards: str | None, theme: str | None) -> int:
        self.calls.append(match)
        return 0


@pytest.mark.parametrize("kind", list(KINDS))
def test_through_decktable_resume(fixed_games, kind, capsys, monkeypatch) -> None:
    launch = Launch()
    monkeypatch.setattr(cli, "run_app", launch)
    make, fragment = KINDS[kind]
    # alone: one line, exit 1, moved aside
    path = where(kind, legacy=False)
    make(path)
    assert cli.main(["resume"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("decktable: "), err
    assert fragment.lower() in err.lower() and "moved to" in err
    check_moved_aside(path, kind)
    assert launch.calls == []
    # next to a good save: one line, and the good one is resumed
    for p in saves_dir().iterdir():
        if ".broken-" in p.name:
            os.rename(p, p.parent.parent / p.name)  # out of the way
    good = make_good()
    make(path)
    assert cli.main(["resume"]) == 0
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and fragment.lower() in err.lower(), err
    (match,) = launch.calls
    assert match.state.snapshot() == good.state.snapshot()
    check_moved_aside(path, kind)


def test_resume_list_and_the_most_recent(fixed_games, capsys, monkeypatch) -> None:
    launch = Launch()
    monkeypatch.setattr(cli, "run_app", launch)
    old = Match("countup", [Seat("Ann"), Seat("Bea")], seed=4, options={"draws": 3},
                save_path=saves_dir() / f"a{SAVE_SUFFIX}")
    old.act(0, "draw")
    os.utime(old.save_path, (1_000_000, 1_000_000))
    new = Match("countup", [Seat("Cy"), Seat("Di")], seed=5, options={"draws": 3},
                save_path=saves_dir() / f"b{SAVE_SUFFIX}")
    new.act(0, "draw")
    new.act(1, "draw")
    assert cli.main(["resume", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert "Count Up: Cy, Di (2 moves)" in out[0] and "Count Up: Ann, Bea (1 move)" in out[1]
    assert cli.main(["resume"]) == 0
    assert launch.calls[0].match_id == new.match_id and launch.calls[0].save_path == new.save_path
