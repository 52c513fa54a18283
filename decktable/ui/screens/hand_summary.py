"""HandSummaryScreen: the end of a hand (round, year, deal) — that hand's scores, the totals and
why, in the events' own words. It waits for a person (Enter), also when a bot deals next.

It is drawn from public things only: the score sheet of the observation and the texts of the
log's events (never action notation); with several people at the table the table behind it is a
spectator's view (TableScreen.show_hand_summary).
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def _num(v: int | float) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _signed(v: int | float) -> str:
    return ("+" if v > 0 else "") + _num(v)


def sheet_table(names: Sequence[str], rows: Sequence[Sequence[int | float]], row_name: str = "Hand",
                title: str = "Score sheet", first: int = 1) -> Table:
    """The score sheet as a table: one row per hand (named `row_name`, numbered from `first`),
    totals at the bottom."""
    table = Table(title=title, title_justify="left", expand=False, show_edge=False)
    table.add_column(row_name, justify="right")
    for n in names:
        table.add_column(Text(n), justify="right")  # a name is text, never markup
    totals = [0.0] * len(names)
    for h, row in enumerate(rows, first):
        table.add_row(str(h), *[_num(v) for v in row])
        for i, v in enumerate(row[: len(names)]):
            totals[i] += v
    table.add_row("Total", *[_num(int(t) if float(t).is_integer() else t) for t in totals], style="bold")
    return table


class HandSummaryScreen(ModalScreen[None]):
    """`row_name` `number` is over: each player's score for it and in all, then why."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape,q", "close", "Continue"),
        Binding("up", "scroll_by(-1)", "Scroll", show=False),
        Binding("down", "scroll_by(1)", "Scroll", show=False),
        Binding("pageup", "scroll_by(-10)", "Scroll", show=False),
        Binding("pagedown", "scroll_by(10)", "Scroll", show=False),
    ]

    DEFAULT_CSS = """
    HandSummaryScreen { align: center middle; }
    HandSummaryScreen > #summary-box {
        width: auto; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    HandSummaryScreen #summary-title { text-style: bold; width: 1fr; }
    HandSummaryScreen #summary-scroll { height: auto; width: 1fr; }
    HandSummaryScreen #summary-why { width: 1fr; }
    HandSummaryScreen Button { margin-top: 1; }
    """

    def __init__(self, names: Sequence[str], row: Sequence[int | float], totals: Sequence[int | float],
                 number: int, why: Sequence[str], row_name: str = "Hand") -> None:
        super().__init__(classes="hand-summary")
        self.names = list(names)
        self.row = list(row)
        self.totals = list(totals)
        self.number = number
        self.why = [w for w in why if w]
        self.row_name = row_name

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            yield Static(Text(f"{self.row_name} {self.number} is over"), id="summary-title")
            with VerticalScroll(id="summary-scroll", can_focus=False):
                yield Static(self._scores(), id="summary-scores")
                if self.why:
                    yield Static(Text("\n".join(self.why)), id="summary-why")
            yield Button("Continue", id="summary-continue", variant="primary")

    def _scores(self) -> Table:
        table = Table(expand=False, show_edge=False)
        table.add_column("Player")
        table.add_column(f"This {self.row_name.lower()}", justify="right")
        table.add_column("Total", justify="right")
        for i, name in enumerate(self.names):
            mine = self.row[i] if i < len(self.row) else 0
            total = self.totals[i] if i < len(self.totals) else 0
            table.add_row(Text(name), _signed(mine), _num(total))
        return table

    def on_mount(self) -> None:
        self.query_one(Button).focus()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The scores and reasons scroll, so that the title and Continue stay on the screen:
        90% of the screen less the border (2), the title (1) and the button with its margin (4)."""
        room = int(self.size.height * 0.9) - 7
        self.query_one("#summary-scroll").styles.max_height = max(3, room)
        # as wide as its longest line, but never wider than 90% of the screen (or 104): longer
        # reasons wrap (a Static of auto width would be clipped by a narrower box instead)
        from rich.measure import Measurement

        console = self.app.console
        natural = max([Measurement.get(console, console.options, self._scores()).maximum,
                       len(self.row_name) + 12, 16] + [Text(w).cell_len for w in self.why])
        limit = min(104, int(self.size.width * 0.9))
        self.query_one("#summary-box").styles.width = max(20, min(limit, natural + 5))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_scroll_by(self, lines: int) -> None:
        self.query_one("#summary-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
