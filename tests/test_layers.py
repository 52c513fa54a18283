"""The layers import downwards only: the engine is the ground floor.

`decktable.engine` (the contract, the registry, the errors, the kits) imports nothing of decktable
above it: not the bots, the store, the session layer (Match), the screens nor the shared table.
Each engine module is imported alone in a fresh interpreter, and the modules then loaded are
listed, so an import hidden behind another module's import is caught too. The store likewise
never loads the session layer (it once imported Match back to resume a save: a circle), and the
bots never load it either: a bot decides from the `Turn` it is handed, and a whole game of bots
(`play_out`, which drives a Match) lives in the session layer.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import decktable.bots
import decktable.engine
import decktable.store

ABOVE_ENGINE = ("bots", "store", "session", "ui", "share", "web", "learn", "cli", "bench", "strength")
ABOVE_STORE = ("session", "ui", "share", "web", "learn", "cli", "bench")
ABOVE_BOTS = ("store", "session", "ui", "share", "web", "learn", "cli", "bench", "strength")

LOADED = """
import importlib, json, sys
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("decktable."))))
"""


def modules_of(package) -> list[str]:
    names = [package.__name__]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        names.append(info.name)
    return names


def loaded_by(module: str) -> list[str]:
    root = Path(decktable.engine.__file__).parents[2]
    out = subprocess.run([sys.executable, "-c", LOADED, module], capture_output=True, text=True,
                         cwd=root, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def above(loaded: list[str], layers: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if m.split(".")[1] in layers]


ENGINE = modules_of(decktable.engine)
STORE = modules_of(decktable.store)
BOTS = modules_of(decktable.bots)


def test_the_engine_modules_are_all_listed():
    # the kits are found too, and Match is no longer among the engine's modules
    assert "decktable.engine.kits.tricks" in ENGINE and "decktable.engine.registry" in ENGINE
    assert not any(m.endswith(".match") for m in ENGINE)


@pytest.mark.parametrize("module", ENGINE)
def test_an_engine_module_loads_nothing_above_the_engine(module):
    loaded = loaded_by(module)
    assert module in loaded
    assert above(loaded, ABOVE_ENGINE) == []


@pytest.mark.parametrize("module", STORE)
def test_a_store_module_loads_no_session_nor_screen(module):
    loaded = loaded_by(module)
    assert module in loaded
    assert above(loaded, ABOVE_STORE) == []


@pytest.mark.parametrize("module", BOTS)
def test_a_bots_module_loads_no_session_nor_store(module):
    loaded = loaded_by(module)
    assert module in loaded
    assert above(loaded, ABOVE_BOTS) == []


def test_play_out_is_the_session_layers():
    # `decktable.play_out` (bots in every seat) drives a Match: it comes from the session layer
    import decktable
    from decktable.session.play_out import play_out

    assert decktable.play_out is play_out
    assert not hasattr(decktable.bots, "play_out")
    assert "decktable.session.match" in loaded_by("decktable.session.play_out")


def test_the_session_layer_drives_the_engine_bots_and_store():
    # the check above can see a layer's modules: the match does load the bots and the store
    loaded = loaded_by("decktable.session.resume")
    assert "decktable.session.match" in loaded and "decktable.store.saves" in loaded
    assert "decktable.bots.base" in loaded


def imports_in(path: Path) -> list[tuple[int, str]]:
    """Every `decktable.…` module a source file imports, at its top or inside a function (an
    import deferred to a call still ties the layers together), leaving out type-checking ones."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return [(line, name) for line, name in found if name.startswith("decktable.")]


@pytest.mark.parametrize("package, layers", [(decktable.engine, ABOVE_ENGINE), (decktable.store, ABOVE_STORE),
                                             (decktable.bots, ABOVE_BOTS)],
                         ids=["engine", "store", "bots"])
def test_no_deferred_import_reaches_up(package, layers):
    folder = Path(package.__file__).parent
    upward = [f"{path.relative_to(folder.parent)}:{line} {name}"
              for path in sorted(folder.rglob("*.py")) for line, name in imports_in(path)
              if name.split(".")[1] in layers]
    assert upward == []
