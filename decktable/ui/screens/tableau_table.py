"""The tableau table: every zone in the game's order as a row of cards (solitaires, melds)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from decktable.engine.models import Observation
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.widgets.grid_view import GridView
from decktable.ui.widgets.hand_view import HandView
from decktable.ui.widgets.trick_view import TrickView


class TableauTableScreen(TableScreen):
    """Zones drawn in the order the game lists them; hidden zones summed up in one line. A
    board or a trick, if the game has one, is drawn too."""

    ROW_KINDS = frozenset({"row", "fan", "pile", "hand"})
    EMPTY_ROWS = True

    def compose_main(self) -> ComposeResult:
        yield Static("", id="zone-summary")
        yield Vertical(id="zone-rows")
        yield GridView(self.family, id="grid")
        yield TrickView(self.family, id="trick")
        yield HandView(id="hand")

    def update_main(self, obs: Observation) -> None:
        hand = self.own_hand(obs)
        rows, summary = self.split_zones(obs, hand)
        self.sync_zone_rows(self.query_one("#zone-rows", Vertical), rows, obs)
        self.update_summary(summary)
        grid = self.query_one(GridView)
        self.show_if(grid, obs.board is not None)
        if obs.board is not None:
            targets = frozenset(
                a.cell for a in obs.legal if a.cell and (a.card is None or a.card == self.pending)
            )
            grid.show_board(obs.board, targets)
        trick = self.query_one(TrickView)
        self.show_if(trick, obs.trick is not None)
        if obs.trick is not None:
            trick.show_trick(obs.trick, obs.seats, obs.to_act)
        hand_view = self.query_one(HandView)
        self.show_if(hand_view, hand is not None)
        self.show_hand(hand_view, hand, obs)
