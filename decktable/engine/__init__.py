"""The engine: the contract every game follows, the registry, Match and the shared kits.

Never imports Textual.
"""

from __future__ import annotations

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

__all__ = [
    "Action", "Grammar", "BadOptions", "DeckTableError", "GameOver", "IllegalMove",
    "MalformedAction", "NotYourTurn", "SaveError", "UnknownGame", "Event", "Game", "State",
    "Vis", "Zone", "GameInfo", "Layout", "Observation", "ResultView", "Rng",
]
