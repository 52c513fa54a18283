"""ConfirmScreen: a yes-or-no question before something that cannot be taken back (ending the app
from the lobby, where a stray `q` used to close it at once, in a terminal and in a browser tab).

Enter or y says yes, Esc or n says no; the footer shows both. Dismisses with True or False.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from decktable.ui.widgets.quiet_footer import QuietFooter


class ConfirmScreen(ModalScreen[bool]):
    """`question`, answered by a key: the answer is the screen's result."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the screen below (the lobby) binds Enter itself, and its list must not take it
        Binding("enter,y", "answer(True)", "Yes", key_display="Enter/y", priority=True),
        Binding("escape,n", "answer(False)", "No", key_display="Esc/n", priority=True),
    ]

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    ConfirmScreen > #confirm-box {
        width: auto;
        max-width: 70;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 0 2;
    }
    ConfirmScreen #confirm-question {
        text-style: bold;
        width: auto;
    }
    ConfirmScreen #confirm-keys {
        color: $text-muted;
        width: auto;
    }
    """

    def __init__(self, question: str, keys: str = "Enter or y: yes · Esc or n: no") -> None:
        super().__init__()
        self.question = question
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question), id="confirm-question")
            yield Static(Text(self.keys), id="confirm-keys")
        yield QuietFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
