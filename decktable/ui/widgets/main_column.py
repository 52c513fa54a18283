"""MainColumn: the table's main column (trick, card rows, grid, hand), which says when the room it
has or the room its content takes has changed, so the screen can fit the drawing to it again.

The screen fits the main column after each redraw and each terminal resize (`fit_main`), but the
column can lose rows with neither: the footer takes a second row when the keys of a newly focused
widget do not fit one, and that can happen after the last fit. This is where such a change is
seen, however it came about.
"""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.message import Message


class MainColumn(VerticalScroll):
    """A VerticalScroll that posts `MainColumn.Resized` when its size or its content's size
    changes."""

    class Resized(Message):
        """The column, or what it holds, changed size: the drawing may no longer fit it."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        if old != new:
            self.post_message(self.Resized())
