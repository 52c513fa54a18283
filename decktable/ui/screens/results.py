"""ResultsScreen: the result of a finished match — summary, placings, score sheet, details."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from decktable import themes

if TYPE_CHECKING:
    from decktable.engine.match import Match


def _num(v: int | float) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


class ResultsScreen(Screen[str]):
    """Dismisses with "new" (Enter or n: a new game, from the lobby) or "lobby" (q)."""

    CSS_PATH = Path(themes.__file__).parent / "table.tcss"

    BINDINGS: list[BindingType] = [
        Binding("enter,n", "new_game", "New game"),
        Binding("q", "lobby", "Lobby"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__(classes="results")
        self.match = match

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results-body"):
            yield Static(self._title(), id="results-title")
            yield Static(self._placings(), id="results-placings")
            if self._sheet_rows():
                yield Static(self._sheet(), id="results-sheet")
            details = self._details()
            if details:
                yield Static(details, id="results-details")
        yield Footer()

    def on_mount(self) -> None:
        from decktable.store import history

        for notice in history.take_notices():  # the history was damaged and moved aside
            self.notify(notice, title="Play history", severity="warning", timeout=12, markup=False)

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
        names = self._names()
        table = Table(title="Score sheet", title_justify="left", expand=False, show_edge=False)
        table.add_column("Hand", justify="right")
        for n in names:
            table.add_column(Text(n), justify="right")  # a name is text, never markup
        totals = [0.0] * len(names)
        for h, row in enumerate(self._sheet_rows(), 1):
            table.add_row(str(h), *[_num(v) for v in row])
            for i, v in enumerate(row[: len(names)]):
                totals[i] += v
        table.add_row("Total", *[_num(int(t) if float(t).is_integer() else t) for t in totals], style="bold")
        return table

    def _details(self) -> Text:
        result = self.match.result()
        if result is None or not result.details:
            return Text()
        return Text("\n".join(result.details))

    def action_new_game(self) -> None:
        self.dismiss("new")

    def action_lobby(self) -> None:
        self.dismiss("lobby")
