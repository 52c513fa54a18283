"""Statistics from the play history: per game, games played, best score and wins per player;
and the most recent games."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from decktable.engine.errors import DeckTableError
from decktable.engine.registry import resolve
from decktable.store import history

RECENT = 10


def game_name(game_id: str) -> str:
    try:
        return resolve(game_id).name
    except DeckTableError:
        return game_id


class StatsScreen(Screen[None]):
    """Two tables: totals per game and the last games played; Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="stats"):
            yield Static("Totals per game", classes="stats-heading")
            yield DataTable(id="stats-totals", cursor_type="row", zebra_stripes=True)
            yield Static(f"Last {RECENT} games", classes="stats-heading")
            yield DataTable(id="stats-recent", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        totals = self.query_one("#stats-totals", DataTable)
        totals.add_columns("Game", "Played", "Best score", "Wins")
        import sqlite3

        try:
            table = history.stats()
            recent_games = history.recent(RECENT)
        except (sqlite3.Error, OSError) as exc:
            self.notify(f"The play history cannot be read now: {exc}", severity="error", markup=False)
            table, recent_games = {}, []
        for notice in history.take_notices():  # a damaged history was moved aside
            self.notify(notice, title="Play history", severity="warning", timeout=12, markup=False)
        for game_id, st in sorted(table.items(), key=lambda kv: game_name(kv[0])):
            best = st.best_text
            played = f"{st.played} ({st.hinted} hinted)" if st.hinted else st.played  # games with hints
            totals.add_row(Text(game_name(game_id)), played, Text(best), Text(st.wins_text), key=game_id)
        if not table:
            totals.add_row("No finished games yet.", "", "", "")
        recent = self.query_one("#stats-recent", DataTable)
        recent.add_columns("When", "Game", "Players", "Scores", "Winner")
        for rec in recent_games:
            scores = ", ".join(str(int(s) if float(s).is_integer() else s) for s in rec.scores)
            recent.add_row(
                rec.finished.replace("T", " ")[:16],
                Text(game_name(rec.game) + (" · hinted" if rec.hints else "")),
                Text(", ".join(rec.names)),
                scores,
                Text(", ".join(rec.winners) or "—"),
            )
        totals.focus()

    def action_close(self) -> None:
        self.dismiss()
