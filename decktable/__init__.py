"""decktable: a terminal card table. The public API is small:

    import decktable
    decktable.games()                 # infos of every game
    g = decktable.get_game("jacynth")
    s = g.new(2, seed=7)              # or g.new(["Ann", "Bob"], deck=[...], layout="towers")
    g.to_act(s); g.legal_actions(s, 0); g.apply(s, 0, "place savage c4")
    g.observe(s, 0); g.is_over(s); g.result(s)
"""

from __future__ import annotations

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
from decktable.engine.registry import games, get_game

__version__ = "0.1.0"
__all__ = [
    "games", "get_game", "DeckTableError", "BadOptions", "GameOver", "IllegalMove",
    "MalformedAction", "NotYourTurn", "SaveError", "UnknownGame",
]
