"""Save files: round trip, every kind of bad file -> SaveError with a clear message, quarantine,
interrupted writes and the .bak copy.

Uses the toy game from tests/test_match.py (loaded by path, so the test files stay independent of
any real game's progress).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest

from decktable.engine import match as match_mod
from decktable.engine.errors import DeckTableError, SaveError
from decktable.engine.match import Match, Seat
from decktable.store import saves
from decktable.store.saves import FORMAT_VERSION, SaveFile, quarantine, read_save, write_save


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
    real = match_mod.get_game
    monkeypatch.setattr(match_mod, "get_game", lambda name: toy.TOYS.get(name) or real(name))


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


def good_save(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / "autosave.json"
    a_match(path)
    return path, json.loads(path.read_text())


# ---------------------------------------------------------------------------------------------


def test_round_trip(tmp_path):
    path = tmp_path / "autosave.json"
    m = a_match(path)
    save = read_save(path)
    assert save.format == FORMAT_VERSION
    assert save.game == "toy" and save.seed == 21 and save.options == {"target": 8}
    assert [s.name for s in save.seats] == ["Ann", "Bot 1"]
    assert [s.kind for s in save.seats] == ["human", "bot"]
    assert len(save.actions) == 3 and save.updated
    m2 = load(path)
    assert m2.state.snapshot() == m.state.snapshot()
    assert [e.action for e in m2.log] == [e.action for e in m.log]
    assert m2.save_path == path
    # the loaded match goes on saving where it left off
    seat = m2.to_act()[0]
    m2.act(seat, "pass")
    assert len(read_save(path).actions) == 4


def test_model_round_trip_in_memory():
    m = a_match()
    save = m.to_save()
    again = SaveFile.model_validate_json(save.model_dump_json())
    assert again == save
    assert Match.from_save(again).state.snapshot() == m.state.snapshot()


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
    ],
    ids=["empty", "blank", "truncated", "list", "string", "number", "null", "garbage"],
)
def test_bad_files(tmp_path, content, fragment):
    path = _write(tmp_path / "autosave.json", content)
    with pytest.raises(SaveError) as info:
        load(path)
    assert fragment in str(info.value)
    assert "autosave.json" in str(info.value)


def test_truncated_real_save(tmp_path):
    path, _ = good_save(tmp_path)
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
        (lambda d: d.update(seed="abc"), "seed"),
        (lambda d: d.pop("seats"), "seats"),
        (lambda d: d.pop("game"), "game"),
        (lambda d: d["seats"][0].update(kind="alien"), "seats.0.kind"),
        (lambda d: d["actions"][0].update(seat="first"), "actions.0.seat"),
        (lambda d: d["actions"][0].pop("action"), "actions.0.action"),
        (lambda d: d.update(options=[1, 2]), "options"),
        (lambda d: d.update(actions={"a": 1}), "actions"),
    ],
    ids=["seed", "no-seats", "no-game", "seat-kind", "action-seat", "action-text", "options", "actions"],
)
def test_invalid_fields(tmp_path, change, fragment):
    path, data = good_save(tmp_path)
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        load(path)
    msg = str(info.value)
    assert "damaged" in msg and fragment in msg and "autosave.json" in msg


def test_future_format(tmp_path):
    path, data = good_save(tmp_path)
    data["format"] = FORMAT_VERSION + 1
    data["something_new"] = {"x": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer decktable"):
        load(path)


def test_newer_rules_version(tmp_path):
    path, data = good_save(tmp_path)
    data["rules_version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer rules of Toy"):
        load(path)


def test_unknown_game(tmp_path):
    path, data = good_save(tmp_path)
    data["game"] = "no_such_game"
    path.write_text(json.dumps(data))
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
    path, data = good_save(tmp_path)
    data["actions"][1]["action"] = action
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        load(path)
    msg = str(info.value)
    assert "Move 2" in msg and repr(action) in msg and fragment in msg


def test_tampered_turn_order(tmp_path):
    path, data = good_save(tmp_path)
    data["actions"][0]["seat"] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="Move 1 .* not Bot 1's turn"):
        load(path)


def test_actions_after_the_end(tmp_path):
    path, data = good_save(tmp_path)
    data["options"] = {"target": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="Move 2 .*over"):
        load(path)


@pytest.mark.parametrize("seat", [2, 7, -1])
def test_seat_out_of_range(tmp_path, seat):
    path, data = good_save(tmp_path)
    data["actions"][2]["seat"] = seat
    path.write_text(json.dumps(data))
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
    path, data = good_save(tmp_path)
    change(data)
    path.write_text(json.dumps(data))
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
# Atomic writes


def test_previous_copy_kept_as_bak(tmp_path):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=1)
    first = path.read_text()
    m.act(m.to_act()[0], "pass")
    bak = tmp_path / "autosave.json.bak"
    assert bak.exists()
    assert json.loads(bak.read_text())["actions"] == json.loads(first)["actions"]
    assert len(read_save(path).actions) == 2
    assert len(read_save(bak).actions) == 1
    assert not (tmp_path / "autosave.json.tmp").exists()


def test_interrupted_rename_leaves_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=2)
    before = path.read_text()
    real_replace = os.replace

    def failing_replace(src, dst, *a, **kw):
        if str(src).endswith(".json.tmp"):
            raise OSError("disk on fire")
        return real_replace(src, dst, *a, **kw)

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "replace", failing_replace)
        m.act(m.to_act()[0], "pass")  # the move stands, the save failure is reported
        assert m.save_error and "previous save is kept" in m.save_error
        assert len(m.log) == 3
    assert path.read_text() == before
    assert len(load(path).log) == 2
    assert not (tmp_path / "autosave.json.tmp").exists()


def test_interrupted_fsync_leaves_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=2)
    before = path.read_text()

    def failing_fsync(fd):
        raise OSError("I/O error")

    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "fsync", failing_fsync)
        m.act(m.to_act()[0], "pass")  # the move stands, the save failure is reported
        assert m.save_error and "previous save is kept" in m.save_error
        assert len(m.log) == 3
    assert path.read_text() == before
    assert len(load(path).log) == 2
    assert not (tmp_path / "autosave.json.tmp").exists()


def test_interrupted_serialisation_leaves_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=2)
    before = path.read_text()
    real_open = open

    class Boom:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            self.fh.write(data[:10])
            raise OSError("No space left on device")

    def fake_open(file, mode="r", *a, **kw):
        fh = real_open(file, mode, *a, **kw)
        return Boom(fh) if "w" in mode and str(file).endswith(".tmp") else fh

    with monkeypatch.context() as mp:
        mp.setattr("builtins.open", fake_open)
        with pytest.raises(OSError, match="No space"):
            write_save(path, m.to_save())
    assert path.read_text() == before
    assert not (tmp_path / "autosave.json.tmp").exists()


def test_save_error_clears_on_the_next_good_write(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=1)
    with monkeypatch.context() as mp:
        mp.setattr(saves.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("I/O error")))
        m.act(m.to_act()[0], "pass")
    assert m.save_error
    m.act(m.to_act()[0], "pass")
    assert m.save_error is None
    assert len(read_save(path).actions) == 3


def test_leftover_tmp_from_a_crash_is_harmless(tmp_path):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=2)
    tmp = tmp_path / "autosave.json.tmp"
    tmp.write_text('{"half": ')
    assert len(load(path).log) == 2  # the leftover is ignored by the loader
    m.act(m.to_act()[0], "pass")  # and replaced by the next write
    assert len(read_save(path).actions) == 3
    assert not tmp.exists()


def test_write_creates_the_directory(tmp_path):
    path = tmp_path / "deep" / "er" / "save.json"
    write_save(path, a_match().to_save())
    assert read_save(path).game == "toy"


def test_backup_failure_does_not_stop_the_save(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    m = a_match(path, moves=1)

    def no_link(*a, **kw):
        raise OSError("no hard links here")

    monkeypatch.setattr(saves.os, "link", no_link)
    m.act(m.to_act()[0], "pass")
    assert len(read_save(path).actions) == 2
    assert len(read_save(tmp_path / "autosave.json.bak").actions) == 1  # copied instead
