"""decktable: a terminal card table. The public API is small:

    import decktable
    decktable.games()                 # infos of every game
    g = decktable.get_game("jacynth")
    s = g.new(2, seed=7)              # or g.new(["Ann", "Bob"], deck=[...], layout="towers")
    g.to_act(s); g.legal_actions(s, 0); g.apply(s, 0, "place savage c4")
    g.observe(s, 0); g.is_over(s); g.result(s)
    decktable.BOT_LEVELS              # ("random", "easy", "medium", "strong")
    decktable.play_out(g, ["strong", "random"], seed=3)   # a whole game of bots: its result
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from decktable.bots.base import BOT_LEVELS
    from decktable.session.play_out import play_out

# Loaded on first use (PEP 562): importing a submodule (the app's lobby) must not pay for the
# engine and pydantic.
_LAZY = {
    "games": "decktable.engine.registry", "get_game": "decktable.engine.registry",
    "BOT_LEVELS": "decktable.bots.base", "play_out": "decktable.session.play_out",
    **{n: "decktable.engine.errors" for n in (
        "BadOptions", "DeckTableError", "GameOver", "IllegalMove", "MalformedAction",
        "NotYourTurn", "SaveError", "UnknownGame")},
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'decktable' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"
__all__ = [
    "games", "get_game", "BOT_LEVELS", "play_out", "DeckTableError", "BadOptions", "GameOver", "IllegalMove",
    "MalformedAction", "NotYourTurn", "SaveError", "UnknownGame",
]
