"""The engine: the contract every game follows, the registry, the errors and the shared kits.

The ground floor: never imports Textual, nor any of decktable above it (bots, store, the
session layer with its Match, ui, share). A game in progress is `decktable.session.match.Match`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decktable.engine.actions import Action, Grammar
    from decktable.engine.errors import (
        BadOptions,
        DeckTableError,
        GameOver,
        IllegalMove,
        MalformedAction,
        NotYourTurn,
        SaveError,
        UnknownGame,
    )
    from decktable.engine.game import Event, Game, State, Vis, Zone
    from decktable.engine.models import GameInfo, Layout, Observation, ResultView
    from decktable.engine.rng import Rng

# Names are loaded on first use (PEP 562), so that importing one submodule (errors, for the
# app's lobby) does not import the whole engine and pydantic.
_LAZY = {
    **dict.fromkeys(("Action", "Grammar"), "actions"),
    **dict.fromkeys(("BadOptions", "DeckTableError", "GameOver", "IllegalMove", "MalformedAction",
                     "NotYourTurn", "SaveError", "UnknownGame"), "errors"),
    **dict.fromkeys(("Event", "Game", "State", "Vis", "Zone"), "game"),
    **dict.fromkeys(("GameInfo", "Layout", "Observation", "ResultView"), "models"),
    "Rng": "rng",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'decktable.engine' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"decktable.engine.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Action", "Grammar", "BadOptions", "DeckTableError", "GameOver", "IllegalMove",
    "MalformedAction", "NotYourTurn", "SaveError", "UnknownGame", "Event", "Game", "State",
    "Vis", "Zone", "GameInfo", "Layout", "Observation", "ResultView", "Rng",
]
