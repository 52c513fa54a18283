"""The registry of games: one package per game under `games/`, found without importing rules.

Each `games/<id>/__init__.py` holds a plain `INFO` dict and a `load()` that imports the rules;
the lobby lists every game from the dicts alone, and a game's engine is imported when chosen.
"""

from __future__ import annotations

import importlib
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

from decktable.engine.discovery import info_dicts
from decktable.engine.errors import UnknownGame
from decktable.engine.models import GameInfo

if TYPE_CHECKING:
    from decktable.engine.game import Game


@lru_cache(maxsize=1)
def _infos() -> dict[str, GameInfo]:
    return {gid: GameInfo(id=gid, **info) for gid, info in info_dicts()}


def games() -> list[GameInfo]:
    """Every registered game, grouped by family then by name."""
    return list(_infos().values())


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in text.lower() if ch.isalnum())


def resolve(name: str) -> GameInfo:
    """A game's info by id or display name (case, spaces, dashes and accents forgiven)."""
    infos = _infos()
    if name in infos:
        return infos[name]
    k = _key(name)
    for info in infos.values():
        if k in (_key(info.id), _key(info.name)):
            return info
    raise UnknownGame(name, list(infos))


@lru_cache(maxsize=None)
def _load(game_id: str) -> Game:
    pkg = importlib.import_module(f"decktable.rulesets.{game_id}")
    game = pkg.load()
    return game


def get_game(name: str) -> Game:
    """The game object for an id or display name; imports its rules on first use."""
    return _load(resolve(name).id)
