"""HistoryScreen: the whole game so far, as the log's public sentences (Event.text), one hand
after another. Never the actions' notation: it may name a card others must not see (a bluff, a
discard to a crib). Under it, the score sheet so far. Opened with `L` at the table (and `l` at a
narrow one) and from the results; q or Esc closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from decktable.ui.screens.hand_summary import sheet_table
from decktable.ui.widgets.quiet_footer import QuietFooter

if TYPE_CHECKING:
    from decktable.session.match import Match


def history_text(match: Match) -> Text:
    """Every public sentence of the game, in order (scores and deals in bold)."""
    text = Text()
    for entry in match.log:
        for ev in entry.events:
            if not ev.text:
                continue
            style = "bold" if ev.kind in ("score", "over", "deal") else ""
            text.append(ev.text + "\n", style=style)
    if not text:
        text.append("Nothing has happened yet.", style="dim")
    text.rstrip()
    return text


class HistoryScreen(Screen[None]):
    """The whole game's log, scrolled with the arrows, PgUp/PgDn, Home and End."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,L,l", "close", "Back to the table"),
        Binding("home", "top", "Start", show=False),
        Binding("end", "bottom", "End", show=False),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history-title { text-style: bold; color: $primary; padding: 0 1; }
    HistoryScreen #history-scroll { border: round $panel; padding: 0 1; }
    HistoryScreen #history-scroll:focus { border: round $accent; }
    HistoryScreen #history-sheet { margin: 1 0 0 0; }
    """

    def __init__(self, match: Match) -> None:
        super().__init__(classes="history")
        self.match = match

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{self.match.game.info.name} — the whole game"), id="history-title")
        with VerticalScroll(id="history-scroll"):
            yield Static(history_text(self.match), id="history-text")
            # the score sheet so far under the newest line, where the screen opens (a narrow
            # table's one key for the log and the scores)
            rows = self.match.observe().score_sheet
            if rows:
                names = [s.name for s in self.match.seats]
                yield Static(sheet_table(names, rows, self.match.game.info.sheet_row,
                                         first=self.match.observe().sheet_first), id="history-sheet")
        yield QuietFooter()

    def on_mount(self) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_top(self) -> None:
        self.query_one(VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
