"""ActionBar: buttons for the legal actions that touch no card and no cell (bid, pass, done).

The bar always keeps its line at the bottom of the table, empty when there is no button."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import HorizontalScroll
from textual.message import Message
from textual.widgets import Button

from decktable.engine.models import ActionView


class ActionBar(HorizontalScroll, can_focus=False):
    """A row of buttons, rebuilt only when the set of actions changes. When they do not fit,
    the row scrolls sideways (the focused button is always scrolled into view)."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        min-height: 1;
        width: 1fr;
        scrollbar-size-horizontal: 1;
    }
    ActionBar > Button {
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

    def compose(self) -> ComposeResult:
        yield from ()

    def show_actions(self, actions: list[ActionView]) -> None:
        if [(a.text, a.label) for a in actions] == [(a.text, a.label) for a in self.actions]:
            return
        self.actions = list(actions)
        self.remove_children()
        self.mount_all(
            [Button(a.label, name=f"action-{i}", compact=True, classes="action-button") for i, a in enumerate(actions)]
        )
        # the (possibly empty) bar keeps its line: hiding it would relayout and repaint the
        # whole table every time buttons come and go (a bid, then cards)

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
