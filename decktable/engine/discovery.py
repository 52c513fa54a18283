"""Finding the games: each `games/<id>/__init__.py` holds a plain INFO dict.

Kept free of pydantic and of the rules, so the lobby can list every game before the engine is
imported; the registry validates the same dicts into `GameInfo` models.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

FAMILY_ORDER = {"decktet": 0, "french": 1, "tarot": 2}


@lru_cache(maxsize=1)
def info_dicts() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(id, INFO) for every game package, grouped by family, then by name."""
    from decktable import rulesets as games

    found: list[tuple[str, dict[str, Any]]] = []
    for mod in pkgutil.iter_modules(games.__path__):
        if not mod.ispkg or mod.name.startswith("_"):
            continue
        info = getattr(importlib.import_module(f"decktable.rulesets.{mod.name}"), "INFO", None)
        if isinstance(info, dict):
            found.append((mod.name, {k: v for k, v in info.items() if k != "id"}))
    found.sort(key=lambda kv: (FAMILY_ORDER.get(str(kv[1].get("family")), 9), str(kv[1].get("name"))))
    return tuple(found)
