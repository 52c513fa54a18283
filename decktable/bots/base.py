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

