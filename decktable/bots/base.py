"""The bot protocol and the random bot."""

from __future__ import annotations

from typing import Protocol, Sequence

from decktable.engine.actions import Action
from decktable.engine.models import Observation
from decktable.engine.rng import Rng


class Bot(Protocol):
    """A player that decides from one seat's observation and legal actions, nothing more."""

    level: str

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: fills any seat, plays any game."""

    level = "random"

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(list(legal))


BOT_LEVELS = {"random": RandomBot}


def make_bot(level: str = "random") -> Bot:
    try:
        return BOT_LEVELS[level]()
    except KeyError:
        raise ValueError(f"no bot level {level!r}; levels: {', '.join(BOT_LEVELS)}") from None
