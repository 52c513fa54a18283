"""The bottom screen of a table started from the command line (`decktable play`, `learn`): an
empty stand-in for the lobby, so the table's first frame does not wait for the lobby's game list
to be built (issue 36). The real lobby goes on top of it the first time the table goes away."""

from __future__ import annotations

from textual.screen import Screen


class LobbyLater(Screen[None]):
    """Never seen: a table covers it from the first frame, and the lobby covers it on return."""

    DEFAULT_CSS = """
    LobbyLater {
        background: $background;
    }
    """

    covered: bool = False

    def on_screen_suspend(self) -> None:
        self.covered = True

    def on_screen_resume(self) -> None:
        if self.covered and self.app.screen is self:
            from decktable.ui.screens.lobby import LobbyScreen

            # pushed, not switched: Textual's switch needs a result callback the bottom screen lacks
            self.app.push_screen(LobbyScreen())
