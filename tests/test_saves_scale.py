"""Saves and undo at scale: memory per move beyond the log, replay linear in moves, and a save
that loads after a kill -9 at a random moment of autosaving (a handful of times here; the
benchmark does it 50 times)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import decktable
from decktable.bench import LONG_GAME, kill_during_save
from decktable.engine.game import Game, State
from decktable.session.match import LogEntry, Match, Seat
from decktable.store.saves import read_save



def _toy():
    import importlib.util
    import sys

    name = "decktable_tests_toy_match"  # the same module test_saves.py loads
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("test_match.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name].TOY


TOY = _toy()


def test_memory_per_move_beyond_the_log_is_under_2_kib() -> None:
    moves = 2000
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    m = Match(TOY, [Seat("Ann")], seed=3, options={"target": 12})
    for _ in range(moves):
        m.act(0, "pass")
    whole = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    state = TOY.new(["Ann"], seed=3)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    log = [LogEntry(0, "pass", TOY.apply(state, 0, "pass")) for _ in range(moves)]
    only_log = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert len(log) == moves
    assert (whole - only_log) / moves <= 2048, (whole, only_log)
    # and undo still goes back exactly, across checkpoints
    before = {}
    for k in (1999, 1990, 1950, 1000):
        before[k] = m.state_before(k).snapshot()
    while len(m.steps) > 1000:
        m.undo(0)
        if len(m.steps) in before:
            assert m.state.snapshot() == before[len(m.steps)]


def test_load_and_replay_are_linear_in_moves(tmp_path: Path, monkeypatch) -> None:
    """Each move is applied once on replay, and the state is copied once per checkpoint only."""
    path = tmp_path / "long.save"
    m = Match(TOY, [Seat("Ann")], seed=3, options={"target": 12}, save_path=path)
    for _ in range(1500):
        m.act(0, "pass")
    applies = clones = 0
    real_apply, real_clone = Game.apply, State.clone

    def apply(self, *a, **kw):
        nonlocal applies
        applies += 1
        return real_apply(self, *a, **kw)

    def clone(self):
        nonlocal clones
        clones += 1
        return real_clone(self)

    from decktable.session import match as match_mod

    monkeypatch.setattr(match_mod, "get_game", lambda name: TOY)
    monkeypatch.setattr(Game, "apply", apply)
    monkeypatch.setattr(State, "clone", clone)
    again = Match.from_save(read_save(path))
    assert applies == 1500
    assert clones <= 1500 // Match.CHECKPOINT_EVERY + 2
    assert again.state.snapshot() == m.state.snapshot()


def test_a_save_loads_after_kill_9_at_random_moments(tmp_path: Path) -> None:
    try:
        decktable.get_game(LONG_GAME)
    except Exception:
        pytest.skip(f"{LONG_GAME} cannot be loaded")
    kills, checked = kill_during_save(tmp_path, 5, seed=7)
    assert kills == 5 and checked >= 4  # a kill before the first move leaves no file at all
