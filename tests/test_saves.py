"""Save files: the journal (one line per move, appended), round trip, every kind of bad file ->
SaveError with a clear message, quarantine, interrupted and failed writes, old single-file saves.

Uses the toy game from tests/test_match.py (loaded by path, so the test files stay independent of
any real game's progress).
"""

from __future__ import annotations

import importlib.util
import errno
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from decktable.session import match as match_mod
from decktable.engine.errors import DeckTableError, SaveError
from decktable.session.match import Match, Seat
from decktable.store import saves
from decktable.store.saves import FORMAT_VERSION, LEGACY_FORMAT, SaveFile, quarantine, read_save, write_save


def _toy_module():
    name = "decktable_tests_toy_match"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("test_match.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


toy = _toy_module()
TOY = toy.TOY


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    from decktable.engine import registry

    real = match_mod.get_game
    monkeypatch.setattr(match_mod, "get_game", lambda name: toy.TOYS.get(name) or real(name))
    monkeypatch.setattr(registry, "get_game", lambda name: toy.TOYS.get(name) or real(name))  # the listing's check


def load(path: Path) -> Match:
    """What a resume does: read, validate, replay."""
    return Match.from_save(read_save(path), save_path=path)


def a_match(path: Path | None = None, moves: int = 3) -> Match:
    m = Match(TOY, [Seat("Ann"), Seat("Bot 1", "bot")], seed=21, options={"target": 8}, save_path=path)
    for _ in range(moves):
        seat = m.to_act()[0]
        legal = TOY.legal_actions(m.state, seat)
        m.act(seat, [a for a in legal if a.verb == "play"][0])
    return m


def solo_match(path: Path | None, moves: int) -> Match:
    """A solitaire of passes: every move can be undone."""
    m = Match(TOY, [Seat("Ann")], seed=3, options={"target": 12}, save_path=path)
    for _ in range(moves):
        m.act(0, "pass")
    return m


def good_save(tmp_path: Path) -> tuple[Path, dict, list[str]]:
    """A journal of three moves: (path, header, action lines)."""
    path = tmp_path / "game.save"
    a_match(path)
    return (path, *split(path))


def split(path: Path) -> tuple[dict, list[str]]:
    first, *lines = path.read_text().split("\n")
    assert lines[-1] == ""
    return json.loads(first), lines[:-1]


def join(path: Path, header: dict, lines: list[str]) -> Path:
    path.write_text(json.dumps(header) + "\n" + "".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def legacy_text(m: Match) -> str:
    """A save as versions before the journal wrote it: one JSON document, format 1."""
    data = json.loads(m.to_save().model_dump_json())
    data["format"] = LEGACY_FORMAT
    data.pop("match")
    return json.dumps(data, indent=1)


# ---------------------------------------------------------------------------------------------


def test_round_trip(tmp_path):
    path = tmp_path / "game.save"
    m = a_match(path)
    save = read_save(path)
    assert save.format == FORMAT_VERSION
    assert save.game == "toy" and save.seed == 21 and save.options == {"target": 8}
    assert save.match == m.match_id and len(m.match_id) > 16
    assert [s.name for s in save.seats] == ["Ann", "Bot 1"]
    assert [s.kind for s in save.seats] == ["human", "bot"]
    assert len(save.actions) == 3 and save.updated
    m2 = load(path)
    assert m2.state.snapshot() == m.state.snapshot()
    assert [e.action for e in m2.log] == [e.action for e in m.log]
    assert m2.save_path == path and m2.match_id == m.match_id
    # the loaded match goes on saving where it left off
    seat = m2.to_act()[0]
    m2.act(seat, "pass")
    assert len(read_save(path).actions) == 4


def test_hints_asked_are_in_the_save_and_survive_a_resume(tmp_path):
    """A hinted game stays a hinted one: the count is written into the header when asked (a
    rewrite: hints are rare), read back on resume, and goes on from there."""
    path = tmp_path / "game.save"
    m = a_match(path)
    assert split(path)[0]["hints"] == 0
    m.note_hint()
    m.note_hint()
    header, lines = split(path)
    assert header["hints"] == 2 and lines == [f"{e.seat} {e.action}" for e in m.log]
    m2 = load(path)
    assert m2.hints == 2
    seat = m2.to_act()[0]
    m2.act(seat, "pass")  # an appended move keeps the header as it is
    m2.note_hint()
    assert load(path).hints == 3


def test_a_save_with_a_bad_hint_count_is_refused(tmp_path):
    path = tmp_path / "game.save"
    a_match(path)
    for bad in (-1, "2", 1.5, None):
        header, lines = split(path)
        header["hints"] = bad
        path.write_text(json.dumps(header) + "\n" + "".join(line + "\n" for line in lines), encoding="utf-8")
        with pytest.raises(SaveError):
            read_save(path)


def test_the_journal_is_a_header_and_one_line_per_action(tmp_path):
    path = tmp_path / "game.save"
    m = a_match(path)
    header, lines = split(path)
    assert header["decktable"] == "save" and header["format"] == FORMAT_VERSION
    assert header["game"] == "toy" and header["rules_version"] == 1 and header["seed"] == 21
    assert header["options"] == {"target": 8} and header["match"] == m.match_id
    assert header["seats"][1] == {"name": "Ann", "kind": "human", "level": "random"} or \
        header["seats"] == [{"name": "Ann", "kind": "human", "level": "random"},
                            {"name": "Bot 1", "kind": "bot", "level": "random"}]
    assert lines == [f"{e.seat} {e.action}" for e in m.log]


def test_a_move_appends_one_line_and_leaves_the_rest_alone(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = a_match(path, moves=1)
    rewrites = []
    real = saves.write_save
    monkeypatch.setattr(saves, "write_save", lambda *a: (rewrites.append(1), real(*a)))
    for _ in range(5):
        before = path.read_bytes()
        m.act(m.to_act()[0], "pass")
        after = path.read_bytes()
        assert after.startswith(before)
        assert after[len(before):] == f"{m.log[-1].seat} pass\n".encode()
    assert rewrites == []


def test_appending_costs_the_same_at_move_2000_as_at_move_2(tmp_path, monkeypatch):
    """The bytes written per move do not grow with the match (the file is never rewritten)."""
    path = tmp_path / "game.save"
    m = Match(TOY, [Seat("Ann")], seed=3, options={"target": 12}, save_path=path)
    written: list[int] = []
    real_write = saves.os.write
    monkeypatch.setattr(saves.os, "write", lambda fd, data: (written.append(len(data)), real_write(fd, data))[1])
    rewrites = []
    real = saves.write_save
    monkeypatch.setattr(saves, "write_save", lambda *a: (rewrites.append(len(m.log)), real(*a)))
    for _ in range(2000):
        m.act(0, "pass")
    assert rewrites == [1]  # the first move creates the file; every later one appends
    assert written[0] == saves.RESERVE_BYTES  # with it, the space of the finished game's result
    assert written[1] == written[-1] == len("0 pass\n") and len(written) == 2000
    assert len(load(path).log) == 2000


def test_fsync_runs_off_the_callers_thread(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = a_match(path, moves=1)
    threads = []
    real = saves.os.fsync
    monkeypatch.setattr(saves.os, "fsync", lambda fd: (threads.append(threading.get_ident()), real(fd))[1])
    m.act(m.to_act()[0], "pass")
    saves.SYNCER.wait()
    assert threads and threading.get_ident() not in threads


def test_a_torn_last_line_is_dropped_and_then_rewritten(tmp_path):
    path = tmp_path / "game.save"
    m = a_match(path, moves=3)
    with open(path, "ab") as fh:
        fh.write(b"1 play sa")  # a kill in the middle of a write: no newline
    m2 = load(path)
    assert [e.action for e in m2.log] == [e.action for e in m.log]
    m2.act(m2.to_act()[0], "pass")  # after a load the journal is rewritten, not appended to
    header, lines = split(path)
    assert len(lines) == 4 and lines[-1].endswith(" pass")
    assert len(load(path).log) == 4


def test_undo_rewrites_the_journal(tmp_path):
    path = tmp_path / "game.save"
    m = Match(TOY, [Seat("Ann")], seed=3, options={"target": 12}, save_path=path)
    for _ in range(5):
        m.act(0, "pass")
    m.undo(0)
    m.undo(0)
    assert split(path)[1] == ["0 pass"] * 3
    m.act(0, "draw")
    assert split(path)[1] == ["0 pass"] * 3 + ["0 draw"]
    assert load(path).state.snapshot() == m.state.snapshot()


def test_temporary_files_are_unique_per_process_and_call(tmp_path):
    a = saves._tmp_name(tmp_path / "x.save")
    b = saves._tmp_name(tmp_path / "x.save")
    assert a != b and str(os.getpid()) in a.name and a.name.startswith(".")


def test_temporaries_of_killed_writers_are_swept_and_no_others(tmp_path, monkeypatch):
    """A rewrite killed between creating its temporary file and the rename leaves the file behind;
    the next listing of saves removes it, but never a live writer's file, a save or a lock in
    use (a lock file whose save is gone and that nobody holds goes too: see test_save_lock)."""
    import subprocess

    monkeypatch.setenv("DECKTABLE_HOME", str(tmp_path))
    from decktable.store.paths import saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(done.stdout)
    left = folder / f".a.save.{dead}-0a1b2c3d.tmp"
    live = folder / f".b.save.{os.getppid()}-0a1b2c3d.tmp"
    mine = saves._tmp_name(folder / "c.save")
    orphan = folder / ".a.save.lock"  # its save is gone, nobody holds it
    keep = [live, mine, folder / "notes.tmp"]
    for p in [left, orphan, *keep]:
        p.write_text("{")
    path = folder / "game.save"
    a_match(path)
    keep.append(folder / ".game.save.lock")  # held by this process's match
    listing = saves.list_saves()
    assert not left.exists() and not orphan.exists() and all(p.exists() for p in keep)
    assert [e.path for e in listing.saves] == [path] and not listing.problems


def test_model_round_trip_in_memory():
    m = a_match()
    save = m.to_save()
    again = SaveFile.model_validate_json(save.model_dump_json())
    assert again == save
    assert Match.from_save(again).state.snapshot() == m.state.snapshot()


# ---------------------------------------------------------------------------------------------
# Saves of older versions (one JSON document) are still read, and become journals in place


def test_a_legacy_save_loads_and_becomes_a_journal(tmp_path):
    m = a_match()
    path = _write(tmp_path / "autosave.json", legacy_text(m))
    m2 = load(path)
    assert m2.state.snapshot() == m.state.snapshot()
    m2.act(m2.to_act()[0], "pass")
    header, lines = split(path)
    assert header["format"] == FORMAT_VERSION and len(lines) == 4


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("", "is empty"),
        ("   \n", "is empty"),
        ('{"format": 1, "game": "toy", "seats": [', "not valid JSON"),
        ("[1, 2, 3]", "does not hold a saved game"),
        ('"a string"', "does not hold a saved game"),
        ("42", "does not hold a saved game"),
        ("null", "does not hold a saved game"),
        ("\x00\x01garbage", "not valid JSON"),
        ('{"decktable": "save", "format": 2, "game": "toy"', "cut short"),
        ('{"decktable": "other", "format": 2}\n', "does not hold a saved game"),
    ],
    ids=["empty", "blank", "truncated", "list", "string", "number", "null", "garbage", "torn-header",
         "foreign-header"],
)
def test_bad_files(tmp_path, content, fragment):
    path = _write(tmp_path / "autosave.json", content)
    with pytest.raises(SaveError) as info:
        load(path)
    assert fragment in str(info.value)
    assert "autosave.json" in str(info.value)


def test_truncated_legacy_save(tmp_path):
    path = _write(tmp_path / "autosave.json", legacy_text(a_match()))
    raw = path.read_text()
    path.write_text(raw[: len(raw) // 2])
    with pytest.raises(SaveError, match="cut short"):
        load(path)


def test_not_utf8(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_bytes(b"\xff\xfe\xfa not text")
    with pytest.raises(SaveError, match="cannot be read"):
        load(path)


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no save file"):
        load(tmp_path / "nothing.json")


@pytest.mark.parametrize(
    "change, fragment",
    [
        (lambda h, l: h.update(seed="abc"), "seed"),
        (lambda h, l: h.pop("seats"), "seats"),
        (lambda h, l: h.pop("game"), "game"),
        (lambda h, l: h["seats"][0].update(kind="alien"), "seats.0.kind"),
        (lambda h, l: l.__setitem__(0, "first " + l[0].split(" ", 1)[1]), "line 2 is not a move"),
        (lambda h, l: l.__setitem__(0, l[0].split(" ", 1)[0]), "line 2 is not a move"),
        (lambda h, l: l.insert(1, ""), "line 3 is not a move"),
        (lambda h, l: h.update(options=[1, 2]), "options"),
        (lambda h, l: h.update(actions=[]), "actions belong after"),
        (lambda h, l: h.update(format=True), "format"),
        (lambda h, l: h.update(format=1), "format"),
    ],
    ids=["seed", "no-seats", "no-game", "seat-kind", "action-seat", "action-text", "blank-line",
         "options", "actions", "format-bool", "format-1"],
)
def test_invalid_fields(tmp_path, change, fragment):
    path, header, lines = good_save(tmp_path)
    change(header, lines)
    join(path, header, lines)
    with pytest.raises(SaveError) as info:
        load(path)
    msg = str(info.value)
    assert "damaged" in msg and fragment in msg and "game.save" in msg


def test_future_format(tmp_path):
    path, header, lines = good_save(tmp_path)
    header["format"] = FORMAT_VERSION + 1
    header["something_new"] = {"x": 1}
    join(path, header, lines)
    with pytest.raises(SaveError, match="newer decktable"):
        load(path)


def test_newer_rules_version(tmp_path):
    path, header, lines = good_save(tmp_path)
    header["rules_version"] = 99
    join(path, header, lines)
    with pytest.raises(SaveError, match="newer rules of Toy"):
        load(path)


def test_unknown_game(tmp_path):
    path, header, lines = good_save(tmp_path)
    header["game"] = "no_such_game"
    join(path, header, lines)
    with pytest.raises(SaveError, match="does not know: 'no_such_game'"):
        load(path)


@pytest.mark.parametrize(
    "action, fragment",
    [
        ("frobnicate", "not a move"),
        ("play nosuchcard", "no card called"),
        ("play end", "not allowed"),  # the End (id 33) is not in the toy's deck
    ],
)
def test_tampered_action(tmp_path, action, fragment):
    path, header, lines = good_save(tmp_path)
    lines[1] = lines[1].split(" ", 1)[0] + " " + action
    join(path, header, lines)
    with pytest.raises(SaveError) as info:
        load(path)
    msg = str(info.value)
    assert "Move 2" in msg and repr(action) in msg and fragment in msg


def test_tampered_turn_order(tmp_path):
    path, header, lines = good_save(tmp_path)
    lines[0] = "1 " + lines[0].split(" ", 1)[1]
    join(path, header, lines)
    with pytest.raises(SaveError, match="Move 1 .* not Bot 1's turn"):
        load(path)


def test_actions_after_the_end(tmp_path):
    path, header, lines = good_save(tmp_path)
    header["options"] = {"target": 1}
    join(path, header, lines)
    with pytest.raises(SaveError, match="Move 2 .*over"):
        load(path)


@pytest.mark.parametrize("seat", [2, 7, -1])
def test_seat_out_of_range(tmp_path, seat):
    path, header, lines = good_save(tmp_path)
    lines[2] = f"{seat} " + lines[2].split(" ", 1)[1]
    join(path, header, lines)
    with pytest.raises(SaveError, match=f"Move 3 of the save is by seat {seat}, which does not exist"):
        load(path)


@pytest.mark.parametrize(
    "change, fragment",
    [
        (lambda d: d.update(seats=[]), "cannot start its game"),
        (lambda d: d["seats"].extend([{"name": f"X{i}"} for i in range(5)]), "cannot start its game"),
        (lambda d: d.update(options={"target": 999}), "target"),
        (lambda d: d.update(options={"no_such_option": 1}), "no_such_option"),
        (lambda d: d["seats"][1].update(level="godlike"), "godlike"),
        (lambda d: d.update(deck=["savage", "savage"]), "stacked deck"),
    ],
    ids=["no-seats", "too-many-seats", "bad-option", "unknown-option", "bot-level", "bad-deck"],
)
def test_cannot_start(tmp_path, change, fragment):
    path, header, lines = good_save(tmp_path)
    change(header)
    join(path, header, lines)
    with pytest.raises(SaveError) as info:
        load(path)
    assert fragment in str(info.value)


def test_errors_are_deck_table_errors():
    assert issubclass(SaveError, DeckTableError)


# ---------------------------------------------------------------------------------------------
# Quarantine


def test_quarantine_moves_aside_and_never_overwrites(tmp_path):
    path = _write(tmp_path / "autosave.json", "broken one")
    first = quarantine(path)
    assert first is not None and first.exists() and not path.exists()
    assert first.read_text() == "broken one"
    assert first.parent == tmp_path and "broken" in first.name and first.suffix == ".json"
    # the same second: a new name, the first kept
    _write(path, "broken two")
    second = quarantine(path)
    assert second != first
    assert first.read_text() == "broken one" and second.read_text() == "broken two"
    _write(path, "broken three")
    third = quarantine(path)
    assert len({first, second, third}) == 3
    assert sorted(p.read_text() for p in tmp_path.iterdir()) == ["broken one", "broken three", "broken two"]
    assert quarantine(tmp_path / "nothing.json") is None


def test_quarantine_then_new_game_saves_fresh(tmp_path):
    path = _write(tmp_path / "autosave.json", "{")
    with pytest.raises(SaveError):
        load(path)
    moved = quarantine(path)
    m = a_match(path)
    assert load(path).state.snapshot() == m.state.snapshot()
    assert moved.read_text() == "{"


# ---------------------------------------------------------------------------------------------
# Atomic rewrites and failed writes


def test_interrupted_rename_leaves_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = solo_match(path, moves=2)
    m.undo(0)  # the next write is a rewrite
    before = path.read_text()
    real_replace = os.replace

    def failing_replace(src, dst, *a, **kw):
        if str(src).endswith(".tmp"):
            raise OSError("disk on fire")
        return real_replace(src, dst, *a, **kw)

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "replace", failing_replace)
        m.undo(0)  # a rewrite that fails: reported, the undo stands
        assert m.save_error and "not saved" in m.save_error
        assert len(m.log) == 0
        assert len(load(path).log) == 1
    assert path.read_text() == before
    assert not list(tmp_path.glob(".*.tmp"))
    m.act(0, "pass")
    assert m.save_error is None and len(load(path).log) == 1


def test_interrupted_fsync_of_a_rewrite_leaves_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = solo_match(path, moves=2)
    before = path.read_text()

    def failing_fsync(fd):
        raise OSError("I/O error")

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "fsync", failing_fsync)
        m.undo(0)
        assert m.save_error and "I/O error" in m.save_error
    assert path.read_text() == before
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_failed_background_fsync_is_reported_and_the_next_write_rewrites(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = a_match(path, moves=1)
    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EIO, "I/O error")))
        m.act(m.to_act()[0], "pass")
        saves.SYNCER.wait()
        m.act(m.to_act()[0], "pass")  # the failed fsync is noticed; the rewrite fails as well
        assert m.save_error and "I/O error" in m.save_error
    m.act(m.to_act()[0], "pass")
    assert m.save_error is None
    assert len(read_save(path).actions) == 4


def test_disk_full_while_appending(tmp_path, monkeypatch):
    """ENOSPC in the middle of a line: reported, the game goes on, the file still loads (the part
    line is dropped), and the next good write repairs the journal."""
    path = tmp_path / "game.save"
    m = a_match(path, moves=2)
    real_write = saves.os.write

    def full(fd, data):
        real_write(fd, data[:3])
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "write", full)
        m.act(m.to_act()[0], "pass")
        assert m.save_error and "No space left" in m.save_error
        assert len(m.log) == 3
        assert len(load(path).log) == 2
    m.act(m.to_act()[0], "pass")
    assert m.save_error is None
    assert [e.action for e in load(path).log] == [e.action for e in m.log]


def test_save_error_clears_on_the_next_good_write(tmp_path, monkeypatch):
    path = tmp_path / "game.save"
    m = a_match(path, moves=1)
    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "open", lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
        mp.setattr("builtins.open", lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
        m.act(m.to_act()[0], "pass")
        assert m.save_error and "Read-only" in m.save_error
        m.act(m.to_act()[0], "pass")
        assert m.save_error
    m.act(m.to_act()[0], "pass")
    assert m.save_error is None
    assert len(read_save(path).actions) == 4


def test_leftover_tmp_from_a_crash_is_harmless(tmp_path):
    path = tmp_path / "game.save"
    m = a_match(path, moves=2)
    tmp = tmp_path / ".game.save.999-abcd.tmp"
    tmp.write_text('{"half": ')
    assert len(load(path).log) == 2  # the leftover is ignored by the loader
    m.act(m.to_act()[0], "pass")
    assert len(read_save(path).actions) == 3


def test_write_creates_the_directory(tmp_path):
    path = tmp_path / "deep" / "er" / "save.save"
    write_save(path, a_match().to_save())
    assert read_save(path).game == "toy"


# ---------------------------------------------------------------------------------------------
# Finishing: the save goes only once the result is kept


def test_the_save_is_removed_only_after_on_finish_returns(tmp_path):
    path = tmp_path / "game.save"
    seen = []
    m = Match(TOY, [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, options={"target": 2}, save_path=path,
              on_finish=lambda match: seen.append(path.exists() and len(read_save(path).actions)))
    toy.play_first(m, 0)
    toy.play_first(m, 1)
    assert seen == [2]  # the finished log was on disk while the result was being kept
    assert not path.exists()


def test_a_failing_history_keeps_the_save(tmp_path):
    path = tmp_path / "game.save"

    def broken(match):
        raise RuntimeError("database is locked")

    m = Match(TOY, [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, options={"target": 2}, save_path=path,
              on_finish=broken)
    toy.play_first(m, 0)
    toy.play_first(m, 1)
    assert TOY.is_over(m.state)
    assert path.exists() and "save is kept" in m.save_error
    # the next load reports the finished game again, and only then frees the save
    kept = []
    m2 = Match.from_save(read_save(path), save_path=path, on_finish=kept.append)
    assert kept == [m2] and not path.exists()


def test_replaying_a_save_does_not_report_the_finish_while_replaying(tmp_path):
    path = tmp_path / "game.save"
    m = a_match(path, moves=3)
    calls = []
    m2 = Match.from_save(read_save(path), save_path=path, on_finish=calls.append)
    assert calls == [] and path.exists() and m2.on_finish is not None


def test_a_save_file_is_named_by_its_match_id(fixed_games):
    """Issue 35: one id for the match and its file, so a file is found from the history and back."""
    from decktable.store import history
    from decktable.store.saves import new_save_path

    path = new_save_path()
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=4, save_path=path, on_finish=history.record)
    m.act(0, "draw")
    assert m.match_id == path.stem == read_save(path).match
    resumed = load(path)
    assert resumed.match_id == path.stem
    assert history.match_key(m) == path.stem
    other = Match("countup", [Seat("Ann")], seed=4, save_path=path.with_name("by-hand.save"))
    assert other.match_id != "by-hand" and len(other.match_id) > 16  # a name not an id: an id of its own
