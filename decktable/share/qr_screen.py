"""The host's links screen (`S` at the host's table): one person's link at a time, with its QR code.

A whole screen, not a modal over the table: the table behind may show a keyboard seat's hand,
and the phones pointed at this screen are held by the other players.
"""

from __future__ import annotations

from typing import Callable, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from decktable.share.qr import qr_text


class LinksScreen(Screen[None]):
    DEFAULT_CSS = """
    LinksScreen { align: center top; }
    LinksScreen #links-title { width: auto; text-style: bold; margin: 1 0 0 0; }
    LinksScreen #links-url { width: auto; margin: 0 0 1 0; }
    LinksScreen #links-code { width: auto; height: auto; }
    LinksScreen #links-help { width: 100%; text-align: center; color: $text-muted; margin: 1 2 0 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "next", "Next link"),
        Binding("left,p", "previous", "Previous", show=False),
        Binding("escape,q,S", "close", "Back to the table"),
    ]

    def __init__(self, links: list[tuple[str, str]], start: int = 0,
                 where: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.links = links
        self.index = start % len(links) if links else 0
        #: where a seat is played now, by its name ("open on a device", "played at this keyboard")
        self.where = where

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            with Center():
                yield Static("", id="links-title", markup=False)
            with Center():
                yield Static("", id="links-url", markup=False)
            with Center():
                yield Static("", id="links-code")
            yield Static("Point a phone's camera at the code: it opens that seat. "
                         "Show each code to its own player only.", id="links-help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show_link()

    def show_link(self) -> None:
        name, url = self.links[self.index]
        who = "the table view (no hand: for a screen everyone sees)" if name == "Table" else f"{name}'s seat"
        if name != "Table" and self.where is not None:
            who += f", {self.where(name)}"
        self.query_one("#links-title", Static).update(f"{self.index + 1}/{len(self.links)}: {who}")
        self.query_one("#links-url", Static).update(url)
        self.query_one("#links-code", Static).update(qr_text(url))

    def action_next(self) -> None:
        self.index = (self.index + 1) % len(self.links)
        self.show_link()

    def action_previous(self) -> None:
        self.index = (self.index - 1) % len(self.links)
        self.show_link()

    def action_close(self) -> None:
        self.dismiss(None)
