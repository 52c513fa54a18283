"""A pack's primer (decktable/primers/<pack>.md) in a Markdown viewer: from the lobby (`p`), the
card inspector (`p`) and the links in a game's help. Esc or q closes it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Header, MarkdownViewer

from decktable.primers import PACKS, primer_text
from decktable.ui.widgets.quiet_footer import QuietFooter


class PrimerScreen(Screen[None]):
    """The primer of one pack; Esc or q goes back to where it was opened."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, family: str = "decktet") -> None:
        super().__init__()
        self.family = family if family in PACKS else "decktet"
        self.markdown = primer_text(self.family)

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.markdown, show_table_of_contents=False, id="primer", open_links=False)
        yield QuietFooter()

    def on_mount(self) -> None:
        self.sub_title = f"{PACKS[self.family]}: a primer"
        self.query_one(MarkdownViewer).document.focus()

    def action_close(self) -> None:
        self.dismiss()
