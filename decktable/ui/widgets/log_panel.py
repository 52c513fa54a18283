"""LogPanel: the public event log (names, never "you"). The table toggles it with `l`."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events
from textual.widget import Widget


class LogPanel(Widget):
    """The newest public event sentences that fit, newest last, wrapped to the panel's width.

    Drawn as one widget of a fixed size, so that a new line repaints the panel only (a
    scrolling log relayouts the screen on every line). The mouse wheel and PgUp/PgDn (at the
    table) look further back; `L` opens the whole game's log.
    Only `Event.text` is shown: events are public by contract, whereas an action's notation
    may name a card that others must not see (a discard to a crib).
    """

    DEFAULT_CSS = """
    LogPanel {
        height: 1fr;
        min-height: 4;
        width: 1fr;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {"log-panel--muted"}

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._shown: list[str] = []
        self.back = 0  # lines scrolled back from the newest

    def show_lines(self, lines: Sequence[str]) -> None:
        """Show these lines (all of the log so far); repaints only when they changed."""
        lines = list(lines)
        if lines != self._shown:
            self._shown = lines
            self.back = 0
            self.refresh()

    @property
    def lines_shown(self) -> list[str]:
        return list(self._shown)

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        if not self._shown:
            return Text("Nothing has happened yet.", style=self.get_component_rich_style("log-panel--muted", partial=True))
        rows: list[Text] = []
        need = height + self.back
        for line in reversed(self._shown):
            wrapped = Text(line).wrap(self.app.console, width)
            rows[:0] = list(wrapped)
            if len(rows) >= need:
                break
        self.back = min(self.back, max(0, len(rows) - height))
        end = len(rows) - self.back
        return Text("\n").join(rows[max(0, end - height) : end])

    def scroll_lines(self, n: int) -> None:
        """Look `n` lines further back (negative: towards the newest); PgUp/PgDn at the table."""
        self.back = max(0, self.back + n)
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.back += 1
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.back = max(0, self.back - 1)
        self.refresh()
