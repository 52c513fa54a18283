"""The board table: the grid with its cursor, the hand below it, other zones summed up."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from decktable.engine.models import Observation
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.widgets.grid_view import GridView
from decktable.ui.widgets.hand_view import HandView


class BoardTableScreen(TableScreen):
    """For grid games (Jacynth, Thricewise): cards in cells, tokens in player colours, the groups
    (districts) of the card under the cursor lit, and the cells an action may target marked."""

    def compose_main(self) -> ComposeResult:
        yield GridView(self.family, id="grid")
        yield Static("", id="zone-summary")
        yield Vertical(id="zone-rows")
        yield HandView(id="hand")

    def targets(self, obs: Observation) -> frozenset[str]:
        if self.pending is not None:
            return frozenset(a.cell for a in obs.legal if a.card == self.pending and a.cell)
        return frozenset(a.cell for a in obs.legal if a.cell and a.card is None)

    def update_main(self, obs: Observation) -> None:
        hand = self.own_hand(obs)
        rows, summary = self.split_zones(obs, hand)
        self.sync_zone_rows(self.query_one("#zone-rows", Vertical), rows, obs)
        self.update_summary(summary)
        grid = self.query_one(GridView)
        grid.show_board(obs.board, self.targets(obs))
        self.show_hand(self.query_one(HandView), hand, obs)
