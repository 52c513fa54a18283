"""A whole game of bots, played as a Match plays it: `decktable.play_out`.

It lives in the session layer because it drives a Match; the bots themselves never import the
session (they decide from a `Turn`, whoever hands it to them).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from decktable.bots.base import BOT_LEVELS
from decktable.engine.errors import BadOptions
from decktable.engine.game import Game
from decktable.engine.registry import get_game
from decktable.session.match import Match, Seat


def play_out(game: Any, bots: Sequence[str], seed: int | None = None, clock: bool = True, **options: Any) -> Any:
    """Play a whole game with a bot in every seat (`bots`: one level name per seat) and return
    its result (a ResultView). Each bot decides as in a Match: from a determinized state of its
    own seat, with its memory fed by its own observations. `game` is a Game or a game id.

    `clock` False: a search bot runs its level's whole iteration budget however long that takes,
    instead of stopping at the level's time cap, so the same seed plays the same game on any
    machine under any load (the strength table)."""
    g = get_game(game) if isinstance(game, str) else game
    if not isinstance(g, Game):
        raise BadOptions(f"game is a Game or a game's id, not {type(g).__name__}.")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise BadOptions(f"bots is a list of levels, one a seat ({', '.join(BOT_LEVELS)}), not {type(bots).__name__}.")
    for level in bots:
        if type(level) is not str or level not in BOT_LEVELS:
            shown = repr(level) if len(repr(level)) <= 40 else repr(level)[:40] + "…"
            raise BadOptions(f"No bot level {shown}; levels: {', '.join(BOT_LEVELS)}.")
    seats = [Seat(f"Bot {i + 1}", "bot", level) for i, level in enumerate(bots)]
    m = Match(g, seats, seed=seed, options=options or None)
    if not clock:
        for bot in m.bots.values():
            budget = getattr(bot, "budget", None)
            if budget is not None:
                bot.budget = dataclasses.replace(budget, seconds=None)  # type: ignore[attr-defined]
    m.run_bots(limit=10**7)
    if not g.is_over(m.state):
        raise RuntimeError(f"{g.info.name} did not finish")
    return g.result(m.state)
