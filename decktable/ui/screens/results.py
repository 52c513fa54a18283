"""ResultsScreen: the result of a finished match — the final table (board, trick, rows of cards as
the last observation shows them, read-only) beside the summary, placings, score sheet (rows named
by the game: hand, round, year) and details; Rematch, Replay this deal, New game, Lobby."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from decktable import themes
from decktable.engine.models import Observation
from decktable.ui.screens.hand_summary import _num, sheet_table
from decktable.ui.widgets.quiet_footer import QuietFooter

if TYPE_CHECKING:
    from decktable.session.match import Match


class ResultsScreen(Screen[str]):
    """Dismisses with "rematch" (r), "replay" (d: the same deal), "new" (Enter or n: a new game,
    from the lobby) or "lobby" (q, Esc)."""

    CSS_PATH = Path(themes.__file__).parent / "table.tcss"
    AUTO_FOCUS = "#results-new"  # the highlighted button has the focus: Enter is a new game

    BINDINGS: list[BindingType] = [
        Binding("r", "rematch", "Rematch"),
        Binding("d", "replay", "Replay this deal"),
        Binding("n", "new_game", "New game"),
        Binding("enter", "new_game", "New game", show=False),  # a focused button takes Enter first
        Binding("q,escape", "lobby", "Lobby"),
        Binding("L", "history", "Whole game"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__(classes="results")
        self.match = match

    def final_obs(self) -> Observation:
        """The last observation, as everyone at the table may see it: a spectator's when
        several people share the screen and cards are hidden, else the player's own."""
        m = self.match
        return m.observe(None) if m.private_views() else m.observe()

    def compose(self) -> ComposeResult:
        with Vertical(id="results-body"):
            yield Static(self._title(), id="results-title")
            with Horizontal(id="results-buttons"):
                yield Button("Rematch", id="results-rematch", compact=True)
                yield Button("Replay this deal", id="results-replay", compact=True)
                yield Button("New game", id="results-new", variant="primary", compact=True)
            with Container(id="results-panes"):
                with Vertical(id="results-side"):
                    yield Static(self._placings(), id="results-placings")
                    if self._sheet_rows():
                        yield Static(self._sheet(), id="results-sheet")
                    details = self._details()
                    if details:
                        yield Static(details, id="results-details")
                with Vertical(id="results-table"):
                    yield Static(Text("Final table", style="bold"), id="results-table-title")
                    yield from self._final_table()
        yield QuietFooter()

    #: narrower than this, the final table goes below the score sheet instead of beside it
    NARROW = 110
    #: the final table's columns at least, beside a wide side column (six card chips a row)
    TABLE_MIN = 44

    def on_resize(self, event) -> None:  # type: ignore[no-untyped-def]
        self._lay_out(event.size.width)

    def _lay_out(self, width: int) -> None:
        """Narrow: the final table below the rest. Wide: the side column as wide as its widest
        table, where that is more than a third of the room (an eight-seat score sheet needs some
        70 columns, and its names were cut to "B…" in a third of 120 while the final table had
        room to spare), leaving the final table `TABLE_MIN` columns (its rows of cards wrap)."""
        from rich.measure import Measurement

        narrow = width < self.NARROW
        self.set_class(narrow, "-narrow")
        side = self.query_one("#results-side")
        if narrow:
            side.styles.width = None  # the stylesheet's: the whole screen's width
            return
        console = self.app.console
        # the tables only: the details' sentences wrap, and a long one would squeeze a board
        parts = [self._placings()] + ([self._sheet()] if self._sheet_rows() else [])
        need = max(Measurement.get(console, console.options, part).maximum for part in parts)
        share = min(64, (width - 4) // 3)  # a third of the room, as for a short sheet always
        side.styles.width = max(share, min(need, width - self.TABLE_MIN))

    def _final_table(self) -> ComposeResult:
        from decktable.ui.widgets.grid_view import GridView
        from decktable.ui.widgets.trick_view import TrickView
        from decktable.ui.widgets.zone_row import ZoneRow

        obs = self.final_obs()
        family = self.match.game.info.family
        if obs.board is not None:
            grid = GridView(family, id="results-grid")
            grid.show_board(obs.board)
            grid.can_focus = False
            grid.dense = True  # two lines a row: the whole board in sight
            yield grid
        if obs.trick is not None and (obs.trick.plays or obs.trick.last):
            trick = TrickView(family, id="results-trick")
            trick.keys = False
            trick.show_trick(obs.trick, obs.seats, [])
            yield trick
        on_board = {c.card for c in obs.board.cells.values() if c.card} if obs.board is not None else set()
        hidden: list[str] = []
        for z in obs.zones:
            if z.visible and z.cards and not set(z.cards) <= on_board:
                row = ZoneRow(z.label or z.name, zone=z.name, family=family, classes="zone-row")
                row.show_zone(z, family=family)
                row.can_focus = False  # after show_zone, which makes a row of cards a Tab stop
                yield row
            elif not z.visible and z.count:
                hidden.append(f"{z.label or z.name}: {z.count} face down")
            elif z.tricks:
                hidden.append(f"{z.label or z.name}: {z.tricks} trick{'' if z.tricks == 1 else 's'}")
        if hidden:
            yield Static(Text("  ·  ".join(hidden), style="dim"), id="results-hidden")

    def on_mount(self) -> None:
        from decktable.store import history

        # from the first frame: a screen pushed at the end of a game is not always sent a
        # Resize (at 80x24 in a terminal the panes stayed side by side, the score sheet cut)
        self._lay_out(self.app.size.width)

        for notice in history.take_notices():  # the history was damaged and moved aside
            self.notify(notice, title="Play history", severity="warning", timeout=12, markup=False)
        if self.match.save_error:  # the result could not be kept anywhere: never silently
            self.notify(self.match.save_error, title="Play history", severity="error", timeout=30, markup=False)
        # "New game" is highlighted and has the focus at first (AUTO_FOCUS): Enter is a new game,
        # as it always was; Tab moves the focus (Enter then presses that button), r and d choose
        # Rematch and Replay from anywhere

    def _names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def _title(self) -> Text:
        result = self.match.result()
        text = Text(f"{self.match.game.info.name} — game over\n", style="bold")
        if result is not None:
            text.append(result.summary)
        return text

    def _placings(self) -> Table:
        result = self.match.result()
        names = self._names()
        table = Table(title="Placings", title_justify="left", expand=False, show_edge=False)
        table.add_column("Place", justify="right")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        if result is None:
            return table
        order = sorted(range(len(names)), key=lambda i: (result.placings[i], i))
        for i in order:
            place = result.placings[i]
            table.add_row(str(place), Text(names[i]), _num(result.scores[i]), style="bold" if place == 1 else "")
        return table

    def _sheet_rows(self) -> list[list[int | float]]:
        return self.match.observe().score_sheet

    def _sheet(self) -> Table:
        return sheet_table(self._names(), self._sheet_rows(), self.match.game.info.sheet_row,
                           first=self.match.observe().sheet_first)

    def _details(self) -> Text:
        result = self.match.result()
        if result is None or not result.details:
            return Text()
        return Text("\n".join(result.details))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = {"results-rematch": "rematch", "results-replay": "replay", "results-new": "new"}.get(
            event.button.id or "")
        if choice:
            self.dismiss(choice)

    def action_rematch(self) -> None:
        self.dismiss("rematch")

    def action_replay(self) -> None:
        self.dismiss("replay")

    def action_new_game(self) -> None:
        self.dismiss("new")

    def action_lobby(self) -> None:
        self.dismiss("lobby")

    def action_history(self) -> None:
        from decktable.ui.screens.history_screen import HistoryScreen

        self.app.push_screen(HistoryScreen(self.match))
