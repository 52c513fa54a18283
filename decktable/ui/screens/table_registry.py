"""Which table screen draws a match: by the game's layout, overridable per game id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from decktable.ui.screens.board_table import BoardTableScreen
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.screens.tableau_table import TableauTableScreen
from decktable.ui.screens.trick_table import TrickTableScreen

if TYPE_CHECKING:
    from decktable.session.match import Match

#: layout name -> table screen class
LAYOUTS: dict[str, type[TableScreen]] = {
    "trick": TrickTableScreen,
    "board": BoardTableScreen,
    "tableau": TableauTableScreen,
}

#: game id -> table screen class, for a game that needs a layout of its own (none yet)
OVERRIDES: dict[str, type[TableScreen]] = {}


def screen_class_for(match: Match) -> type[TableScreen]:
    info = match.game.info
    if info.id in OVERRIDES:
        return OVERRIDES[info.id]
    layout = info.layout.value if hasattr(info.layout, "value") else str(info.layout)
    return LAYOUTS.get(layout, TableauTableScreen)


def table_screen_for(match: Match) -> Screen:
    """A new table screen for a match."""
    return screen_class_for(match)(match)


def register_layout(layout: str, screen: type[TableScreen]) -> None:
    LAYOUTS[layout] = screen


def register_override(game_id: str, screen: type[TableScreen]) -> None:
    OVERRIDES[game_id] = screen


__all__: list[str] = ["LAYOUTS", "OVERRIDES", "screen_class_for", "table_screen_for", "register_layout",
                      "register_override"]
