"""CurtainScreen: the opaque hand-off screen between two humans at one keyboard."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from decktable import themes
from decktable.ui.widgets.quiet_footer import QuietFooter


class CurtainScreen(Screen[None]):
    """Hides the whole table (a full Screen, not a see-through modal) until the named player
    presses Enter. It shows nothing but the name."""

    CSS_PATH = Path(themes.__file__).parent / "table.tcss"

    BINDINGS: list[BindingType] = [
        Binding("enter", "lift", "Show my view"),
        Binding("q", "lobby", "Lobby"),
    ]

    def __init__(self, player: str) -> None:
        super().__init__(classes="curtain")
        self.player = player

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="curtain-box"):
                    # a name is text, never markup: `Ann[/]` is shown as typed
                    yield Static(f"Pass the keyboard to {self.player}.", id="curtain-title", markup=False)
                    yield Static(
                        f"{self.player}, press Enter when only you can see the screen.", id="curtain-text",
                        markup=False,
                    )
        yield QuietFooter()

    def action_lift(self) -> None:
        self.dismiss(None)

    def action_lobby(self) -> None:
        back = getattr(self.app, "back_to_lobby", None)
        if callable(back):
            back()
        else:
            self.app.pop_screen()
