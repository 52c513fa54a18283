"""The full-screen notice shown while the terminal is smaller than the table needs.

Narrower than FULL_WIDTH the table screens draw their compact one-column layout (a phone in
portrait is about 41x44), and from 20 rows on the full table fits in its compact form (a phone in
landscape at the browser's default font is about 90x20), so only a terminal narrower than
MIN_WIDTH or lower than MIN_HEIGHT gets this notice."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

MIN_WIDTH = 36
MIN_HEIGHT = 20
#: from this width on, the table is drawn in full (main column and side column); narrower, the
#: table screens use their one-column layout (the `-narrow` class, themes/table.tcss)
FULL_WIDTH = 80


class TooSmallScreen(Screen[None]):
    """Opaque: hides a layout that would not fit. The app pops it when the terminal grows."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
    }
    TooSmallScreen #too-small {
        width: auto;
        max-width: 100%;
        padding: 0 1;
        color: $warning;
        text-align: center;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    @staticmethod
    def text_for(width: int, height: int) -> str:
        return (
            f"The table needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this terminal is {width}×{height}. "
            "Enlarge it or reduce the font."
        )

    def compose(self) -> ComposeResult:
        width, height = self.app.size
        with Middle():
            with Center():
                yield Static(self.text_for(width, height), id="too-small")
        yield Footer()

    def on_screen_resume(self) -> None:
        # a screen pushed above this one may have hidden a resize: leave if the size is fine now
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.call_after_refresh(self._leave)

    def _leave(self) -> None:
        if self.app.screen is self:
            self.dismiss()

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(self.text_for(width, height))
