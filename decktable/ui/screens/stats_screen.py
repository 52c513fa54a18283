"""Statistics from the play history: per game, games played, best score and wins per player;
and the most recent games."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from decktable.engine.errors import DeckTableError
from decktable.engine.registry import resolve
from decktable.store import history
from decktable.ui.widgets.quiet_footer import QuietFooter

RECENT = 10


def game_name(game_id: str) -> str:
    try:
        return resolve(game_id).name
    except DeckTableError:
        return game_id


def _packed(items: list[str], sep: str, width: int) -> str:
    """`items` joined by `sep` in lines of at most `width` cells, broken only between items (a
    line ends with the separator's mark, `,` or `·`, and the next begins with an item)."""
    lines: list[str] = []
    line = ""
    mark = sep.rstrip()
    for i, item in enumerate(items):
        more = len(mark) if i < len(items) - 1 else 0  # room for the mark if the line ends here
        if line and len(line) + len(sep) + len(item) + more > width:
            lines.append(line + mark)
            line = item
        else:
            line = f"{line}{sep}{item}" if line else item
    return "\n".join([*lines, line]) if items else ""


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
        yield QuietFooter()

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
            played = st.played_text  # games with hints, and with the coach, counted apart
            totals.add_row(Text(game_name(game_id)), played, Text(best), Text(st.wins_text), key=game_id)
        if not table:
            totals.add_row("No finished games yet.", "", "", "")
        self._recent = recent_games
        self._recent_width = 0
        self.fill_recent()
        totals.focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self.fill_recent)

    def fill_recent(self) -> None:
        """The last games, their columns fitted to the screen's width: each player with their
        score (`Ann 14 · Bot 1 9`), wrapped between players, never inside one, as the winners
        are (at 80x24 the Scores of an eight-player game were off the right edge)."""
        recent = self.query_one("#stats-recent", DataTable)
        # before the first layout the table has no size yet: the screen's width less its padding
        width = recent.scrollable_content_region.width or self.app.size.width - 4
        if width == self._recent_width and recent.columns:
            return
        self._recent_width = width
        rows = []
        for rec in self._recent:
            scores = [str(int(s) if float(s).is_integer() else s) for s in rec.scores]
            rows.append((rec.finished.replace("T", " ")[:16],
                         game_name(rec.game) + (" · hinted" if rec.hints else "") + (" · coached" if rec.coached else ""),
                         [f"{n} {s}" for n, s in zip(rec.names, scores)],
                         list(rec.winners)))
        when_w = 16
        game_w = min(15, max([4, *(len(r[1]) for r in rows)]))  # "Old Janx Spirit"; longer wraps
        scores_w = max([18, *(len(" · ".join(r[2])) for r in rows)])
        winner_w = max([6, *(len(", ".join(r[3])) for r in rows)])
        # each column has a cell of padding on each side, and one more cell for a scrollbar
        room = width - when_w - game_w - 2 * 4 - 1
        if scores_w + winner_w > room:  # narrow: the winners wrap first, then the scores
            winner_w = min(winner_w, max(14, room - scores_w))
            scores_w = max(16, room - winner_w)
        cursor = recent.cursor_row
        recent.clear(columns=True)
        recent.add_column("When", width=when_w)
        recent.add_column("Game", width=game_w)
        recent.add_column("Players and scores", width=scores_w)
        recent.add_column("Winner", width=winner_w)
        for when, game, scores, winners in rows:
            recent.add_row(when, Text(game), Text(_packed(scores, " · ", scores_w)),
                           Text(_packed(winners, ", ", winner_w) or "—"), height=None)
        if rows:
            recent.move_cursor(row=min(cursor, len(rows) - 1))

    def action_close(self) -> None:
        self.dismiss()
