"""Shared by the measuring scripts in tools/: a CPU-time rate, and decktable loaded from a chosen
checkout (a copy of the code before a change, for before-and-after figures)."""

from __future__ import annotations

import os
import sys
import time
from types import ModuleType
from typing import Any, Callable


def rate(play: Callable[[int], int], secs: float) -> float:
    """Decisions per CPU second of `play(seed)` over seeds 0, 1, ... for at least `secs`."""
    clock = time.process_time
    decisions = seed = 0
    t0 = clock()
    while True:
        decisions += play(seed)
        seed += 1
        dt = clock() - t0
        if dt >= secs:
            return decisions / dt


def load_decktable(root: str = "") -> ModuleType:
    """decktable and its games (`decktable.rulesets`) from `root` if given, else as installed."""
    if root:
        sys.path.insert(0, root)
    import decktable
    import decktable.rulesets

    if root:
        decktable.rulesets.__path__[:] = [os.path.join(root, "games")]
        assert decktable.__file__.startswith(root), decktable.__file__
    return decktable


def chosen_games(decktable: ModuleType, spec: str) -> list[Any]:
    """The game infos named in a comma list (`a,b`; a `:count` suffix is allowed), or all."""
    infos = decktable.games()
    if not spec:
        return infos
    wanted = {w.strip().split(":")[0] for w in spec.split(",")}
    return [i for i in infos if i.id in wanted]
