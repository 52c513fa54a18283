"""The lobby's list of games, read from each `games/<id>/__init__.py` INFO dict without pydantic.

The registry (`decktable.engine.registry`) validates the same dicts into `GameInfo` models; the
lobby only needs a few plain fields, and importing pydantic and the engine's models would cost
about a fifth of a second before the first screen is drawn. Anything that starts a game goes
through the registry as before.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache

from decktable.engine.discovery import info_dicts


@dataclass(frozen=True)
class LobbyInfo:
    """The fields of a game's INFO that the lobby shows (same names as `GameInfo`)."""

    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    layout: str
    summary: str
    hidden_information: bool = True
    simultaneous: bool = False
    solo: bool = False
    source: str = ""

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"


@lru_cache(maxsize=1)
def _infos() -> tuple[LobbyInfo, ...]:
    fields = set(LobbyInfo.__dataclass_fields__)
    found: list[LobbyInfo] = []
    for gid, info in info_dicts():
        kw = {k: v for k, v in info.items() if k in fields}
        layout = kw.get("layout", "tableau")
        kw["layout"] = str(getattr(layout, "value", layout))
        try:
            found.append(LobbyInfo(id=gid, **kw))
        except TypeError:
            continue  # an incomplete INFO: the registry will say what is wrong when it is chosen
    return tuple(found)


def lobby_games() -> list[LobbyInfo]:
    """Every game, grouped by family then by name (the registry's order). When the registry is
    loaded already (a game was played, or a test replaced it), its answer is the one used."""
    registry = sys.modules.get("decktable.engine.registry")
    if registry is not None:
        return list(registry.games())
    return list(_infos())
