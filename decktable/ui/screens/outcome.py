"""OutcomeScreen: the public outcome of a person's move (Toepen's challenge turned up), shown over
a spectator's table before the keyboard passes to the next person, so that whoever made the move
sees what came of it. It waits for a key; the curtain goes up after it (TableController).

It shows one public sentence from the observation (`Observation.outcome`), nothing of any hand.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from decktable.ui.widgets.quiet_footer import QuietFooter


class OutcomeScreen(ModalScreen[None]):
    """What the last move came to, in the game's words, until Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("space,escape", "close", "Continue", show=False),
    ]

    DEFAULT_CSS = """
    OutcomeScreen { align: center middle; }
    OutcomeScreen > #outcome-box {
        width: 90%; max-width: 76; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    OutcomeScreen #outcome-title { text-style: bold; }
    OutcomeScreen Button { margin-top: 1; }
    """

    def __init__(self, outcome: str) -> None:
        super().__init__(classes="outcome")
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        with Vertical(id="outcome-box"):
            yield Static(Text("What came of it"), id="outcome-title")
            yield Static(Text(self.outcome), id="outcome-text")  # names are text, never markup
            yield Button("Continue", id="outcome-continue", variant="primary")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
