"""ActionBar: buttons for the legal actions that touch no card and no cell (bid, pass, done).

The bar always keeps its line at the bottom of the table, empty when there is no button."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button

from decktable.engine.models import ActionView


class ActionButton(Button):
    """A Button that takes every press: Textual's Button ignores a press while its 0.2 s
    "active" effect shows, and the bar keeps the same Button when the actions do not change, so
    the same action chosen twice quickly (Mattis: `blind`, then `blind`) lost its second press."""

    def action_press(self) -> None:
        self.press()

    async def _on_click(self, event) -> None:  # type: ignore[no-untyped-def, override]
        event.stop()
        self.press()


class ActionBar(Vertical, can_focus=False):
    """Rows of buttons, rebuilt only when the set of actions (or the bar's width) changes. When
    they do not fit on one line they wrap onto more lines (King's six contracts at 80 columns),
    so no button is ever out of sight."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        min-height: 1;
        width: 1fr;
    }
    ActionBar > .action-row {
        height: auto;
        width: 1fr;
    }
    ActionBar Button {
        margin: 0 1 0 0;
        min-width: 8;
    }
    """

    BINDINGS: list[BindingType] = [
        Binding("left,h", "step(-1)", "Other button", key_display="←→"),
        Binding("right", "step(1)", "Other button", show=False),
        Binding("up,k", "leave", "Up", show=False),
    ]

    class ActionChosen(Message):
        """A button's action was chosen; `action` is its notation."""

        def __init__(self, bar: ActionBar, action: str) -> None:
            super().__init__()
            self.bar = bar
            self.action = action

        @property
        def control(self) -> ActionBar:
            return self.bar

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.actions: list[ActionView] = []
        self._built_width = 0

    def compose(self) -> ComposeResult:
        yield from ()

    def show_actions(self, actions: list[ActionView]) -> None:
        if [(a.text, a.label) for a in actions] == [(a.text, a.label) for a in self.actions]:
            return
        self.actions = list(actions)
        self._build()
        # the (possibly empty) bar keeps its line: hiding it would relayout and repaint the
        # whole table every time buttons come and go (a bid, then cards)

    def _room(self) -> int:
        width = self.content_size.width or (self.app.size.width - 2 if self.is_attached else 78)
        return max(10, width)

    def _build(self) -> None:
        """Lay the buttons out in rows that fit the bar's width."""
        room = self._room()
        self._built_width = room
        self.remove_children()
        rows: list[list[Button]] = []
        used = 0
        for i, a in enumerate(self.actions):
            need = max(8, Text(a.label).cell_len + 2) + 1  # a compact button, its margin
            if not rows or (used + need > room and rows[-1]):
                rows.append([])
                used = 0
            rows[-1].append(ActionButton(a.label, name=f"action-{i}", compact=True, classes="action-button"))
            used += need
        self.mount_all([Horizontal(*row, classes="action-row") for row in rows])

    def on_resize(self) -> None:
        if self.actions and self._room() != self._built_width:
            self._build()

    @property
    def buttons(self) -> list[Button]:
        """The current buttons (not those being removed)."""
        return [b for b in self.query(Button) if not b._closing and not b._closed]

    def action_step(self, step: int) -> None:
        buttons = self.buttons
        if not buttons:
            return
        here = self.screen.focused
        i = buttons.index(here) if here in buttons else -1
        buttons[(i + step) % len(buttons)].focus()

    def action_leave(self) -> None:
        self.screen.focus_previous()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.name or ""
        if bid.startswith("action-"):
            i = int(bid.removeprefix("action-"))
            if 0 <= i < len(self.actions):
                self.post_message(self.ActionChosen(self, self.actions[i].text))
