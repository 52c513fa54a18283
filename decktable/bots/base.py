"""The bot protocol, the random bot and the levels.

A bot decides from its own seat's view only. Match hands it a `Turn`: the game, the seat, the
seat's legal actions and a *determinized* state — one re-dealt by `game.determinize` from the
real state, so that everything the seat cannot see (hidden cards, secret choices, the generator
that knows the next deal) is sampled afresh. The real state never reaches a bot. A bot may also
keep a memory of what its seat was shown: `observe_event(game, obs)` is called with the seat's
observation after every action (Match does it for the games that use memory, see
`Game.remembers`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from decktable.engine.actions import Action
from decktable.engine.rng import Rng


@dataclass
class Turn:
    """What a bot is given to decide: never the real state."""

    game: Any  # Game
    seat: int
    state: Any  # a determinization for `seat` (State)
    legal: list[Action]


class Bot(Protocol):
    """A player that decides from one seat's view, nothing more."""

    level: str

    def decide(self, turn: Turn, rng: Rng) -> Action: ...

    def observe_event(self, game: Any, obs: Any) -> None: ...


class RandomBot:
    """Picks uniformly among the legal actions: fills any seat, plays any game."""

    level = "random"
    needs_state = False  # decides from the legal actions alone: Match skips the determinization

    def decide(self, turn: Turn, rng: Rng) -> Action:
        return rng.choice(list(turn.legal))

    def choose(self, obs: Any, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(list(legal))

    def observe_event(self, game: Any, obs: Any) -> None:
        pass


#: level names, weakest first; plain "bot" means DEFAULT_LEVEL
BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "strong")
DEFAULT_LEVEL = "medium"


def make_bot(level: str = "random") -> Bot:
    if level == "random":
        return RandomBot()
    if level in BOT_LEVELS:
        from decktable.bots.search import SearchBot

        return SearchBot(level)
    raise ValueError(f"no bot level {level!r}; levels: {', '.join(BOT_LEVELS)}")


def play_out(game: Any, bots: Sequence[str], seed: int | None = None, clock: bool = True, **options: Any) -> Any:
    """Play a whole game with a bot in every seat (`bots`: one level name per seat) and return
    its result (a ResultView). Each bot decides as in a Match: from a determinized state of its
    own seat, with its memory fed by its own observations. `game` is a Game or a game id.

    `clock` False: a search bot runs its level's whole iteration budget however long that takes,
    instead of stopping at the level's time cap, so the same seed plays the same game on any
    machine under any load (the strength table)."""
    from decktable.engine.errors import BadOptions
    from decktable.engine.game import Game
    from decktable.session.match import Match, Seat
    from decktable.engine.registry import get_game

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
