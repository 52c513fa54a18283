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
from typing import Any, Iterable, TypeVar

from decktable.engine.discovery import info_dicts


#: the packs, in the order the lobby and `decktable list` show them, with their headings
PACK_ORDER: tuple[str, ...] = ("decktet", "french", "tarot")
PACK_NAMES: dict[str, str] = {"decktet": "Decktet", "french": "French pack", "tarot": "Tarot"}

T = TypeVar("T")


def pack_name(family: str) -> str:
    """The heading of a pack: "Decktet", "French pack", "Tarot"."""
    return PACK_NAMES.get(family, family.capitalize())


def by_pack(infos: Iterable[T]) -> list[tuple[str, list[T]]]:
    """Games grouped under their packs, packs in PACK_ORDER (unknown families last, by name),
    games in the order given (the registry's: by name) within a pack."""
    groups: dict[str, list[T]] = {}
    for info in infos:
        family: Any = getattr(info, "family", "")
        groups.setdefault(str(family), []).append(info)

    def rank(family: str) -> tuple[int, str]:
        return (PACK_ORDER.index(family) if family in PACK_ORDER else len(PACK_ORDER), family)

    return [(f, groups[f]) for f in sorted(groups, key=rank)]


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

    @property
    def players_phrase(self) -> str:
        """"1 player", "2 players", "2–4 players"."""
        return f"{self.players_text} player{'s' if self.max_players > 1 else ''}"


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
