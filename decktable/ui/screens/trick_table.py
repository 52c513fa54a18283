"""The trick table: other zones summed up at the top, the trick in the centre, the hand below."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from decktable.engine.models import Observation
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.widgets.hand_view import HandView
from decktable.ui.widgets.trick_view import TrickView


class TrickTableScreen(TableScreen):
    """For every trick-taking game: trump, contract and bids come from the status and the
    players' facts; the trick from `Observation.trick`; the hand from the seat's hand zone.
    A finished trick stays in the trick area, its winner marked, until the next lead (and at
    least the controller's TRICK_HOLD when a bot leads or a curtain follows); `t`, or a tap on the
    trick area, puts it away (ending that wait) or shows the last trick again."""

    BINDINGS = [Binding("t", "last_trick", "Last trick")]

    def compose_main(self) -> ComposeResult:
        yield Static("", id="zone-summary")
        yield Vertical(id="zone-rows")
        yield TrickView(self.family, id="trick")
        yield HandView(id="hand")

    def update_main(self, obs: Observation) -> None:
        hand = self.own_hand(obs)
        rows, summary = self.split_zones(obs, hand)
        self.sync_zone_rows(self.query_one("#zone-rows", Vertical), rows, obs)
        self.update_summary(summary)
        trick = self.query_one(TrickView)
        self.show_if(trick, obs.trick is not None)  # a hand with no tricks has no trick area
        trick.show_trick(obs.trick, obs.seats, obs.to_act)
        self.show_hand(self.query_one(HandView), hand, obs)

    def on_resize(self, event: events.Resize) -> None:
        """Small terminals: the trick drops its line of card names (the base class handles the
        rest of the compact table)."""
        compact = event.size.height < self.COMPACT_HEIGHT or event.size.width < 100
        view = self.query_one(TrickView)
        view.set_compact(compact)
        view.set_taps(self.is_narrow(event.size.width))  # a phone: the trick area is `t`'s tap target

    def on_trick_view_tapped(self, event: TrickView.Tapped) -> None:
        """A tap on the trick area does what `t` does (a phone has no `t` key, and its footer has
        no room for it)."""
        event.stop()
        if not self.curtain_up:
            self.action_last_trick()

    def action_last_trick(self) -> None:
        view = self.query_one(TrickView)
        if view.held:
            view.toggle_last()
            if self.controller.holding:
                self.controller.release()  # the trick put away: the table goes on at once
            return
        if not view.toggle_last():
            if self.obs is not None and self.obs.trick is None:
                self.notify("This hand is not played in tricks.", severity="information")
            elif view.trick is not None and view.trick.last_hidden:
                self.notify("The last trick is face down: this game allows no look back.", severity="information")
            else:
                self.notify("No trick has been played yet.", severity="information")
