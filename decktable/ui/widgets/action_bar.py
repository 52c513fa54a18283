"""ActionBar: buttons for the legal actions that touch no card and no cell (bid, pass, done).

The bar always keeps its line at the bottom of the table, empty when there is no button. Where the
game says a choice changes the score and none of its options is safe by reflex
(`Observation.no_default`), the bar itself takes the keyboard with no button chosen: Enter alone
then chooses nothing and says so, and ← → go to the buttons."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
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


class ActionBar(VerticalScroll, can_focus=False):
    """Rows of buttons, rebuilt only when the set of actions (or the bar's width) changes. When
    they do not fit on one line they wrap onto more lines (King's six contracts at 80 columns);
    beyond four lines (Rally's bargains) the rows scroll, the focused button always in view."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        min-height: 1;
        max-height: 4;
        width: 1fr;
        scrollbar-size-vertical: 1;
    }
    ActionBar > .action-row {
        height: auto;
        width: 1fr;
    }
    ActionBar Button {
        margin: 0 1 0 0;
        min-width: 8;
    }
    ActionBar:focus {
        background-tint: $foreground 8%;
    }
    """

    BINDINGS: list[BindingType] = [
        Binding("left,h", "step(-1)", "Other button", key_display="←→"),
        Binding("right", "step(1)", "Other button", show=False),
        Binding("up,k", "leave", "Up", show=False),
        # only while the bar itself has the keyboard (a choice with no default): a button takes
        # its own Enter first
        Binding("enter", "unchosen", "Choose", show=False),
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

    class Rebuilt(Message):
        """The new buttons are mounted (the table may now put the focus on one)."""

        def __init__(self, bar: ActionBar) -> None:
            super().__init__()
            self.bar = bar

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.actions: list[ActionView] = []
        self._built_width = 0
        self._grouping: list[list[int]] = []
        self._holds_focus = False  # a button of this bar has the focus (moves inside stay inside)
        #: the choice changes the score: no button is chosen for the player (the bar takes the focus)
        self.no_default = False
        #: Enter alone was told it chose nothing (a toast), not yet followed by a move to an option
        self._told = False
        #: the action the keyboard starts on where the game names one (Observation.start_on)
        self.start_on: str | None = None

    def compose(self) -> ComposeResult:
        yield from ()

    def show_actions(self, actions: list[ActionView], no_default: bool = False, start_on: str | None = None) -> None:
        self.no_default = no_default and bool(actions)
        self.can_focus = self.no_default  # the bar itself holds the keyboard, no button chosen
        self.start_on = start_on
        if [(a.text, a.label) for a in actions] == [(a.text, a.label) for a in self.actions]:
            return
        self._told = False  # a notice about an earlier choice is not these buttons' to take away
        self.actions = list(actions)
        self._build()
        # the (possibly empty) bar keeps its line: hiding it would relayout and repaint the
        # whole table every time buttons come and go (a bid, then cards)

    def _room(self) -> int:
        width = self.content_size.width or (self.app.size.width - 2 if self.is_attached else 78)
        return max(10, width)

    def _rows(self, room: int) -> list[list[int]]:
        """The buttons' indices, row by row, for a bar `room` cells wide."""
        rows: list[list[int]] = []
        used = 0
        for i, a in enumerate(self.actions):
            need = max(8, Text(a.label).cell_len + 2) + 1  # a compact button, its margin
            if not rows or (used + need > room and rows[-1]):
                rows.append([])
                used = 0
            rows[-1].append(i)
            used += need
        return rows

    def _build(self) -> None:
        """Lay the buttons out in rows that fit the bar's width."""
        room = self._room()
        self._built_width = room
        self._grouping = self._rows(room)
        self.remove_children()
        mounting = self.mount_all([
            Horizontal(*(ActionButton(self.actions[i].label, name=f"action-{i}", compact=True,
                                      classes="action-button") for i in row), classes="action-row")
            for row in self._grouping
        ])

        async def announce() -> None:
            await mounting
            self.post_message(self.Rebuilt(self))

        self.call_later(announce)

    def on_resize(self) -> None:
        room = self._room()
        if not self.actions or room == self._built_width:
            return
        self._built_width = room
        if self._rows(room) != self._grouping:  # only when the rows change (a focused button stays)
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
        # from the bar itself (no button chosen yet): → goes to the first button, ← to the last
        i = buttons.index(here) if here in buttons else (-1 if step > 0 else 0)
        # at once, not as `focus()` does it (later): an Enter typed right behind the arrow, in
        # the same read, must press the button the arrow went to, not the one it left
        self.screen.set_focus(buttons[(i + step) % len(buttons)])

    @property
    def pass_button(self) -> Button | None:
        """The Pass button, where passing is one of the actions."""
        return self._button_for("pass")

    @property
    def start_button(self) -> Button | None:
        """Where the keyboard starts: the game's own start (`start_on`), else Pass where passing is
        a choice, as a bidding box does (a stray Enter must not call a Solo or raise the stake),
        else the first button; None while no button is to be chosen for the player."""
        if self.no_default:
            return None
        buttons = self.buttons
        start = self._button_for(self.start_on) if self.start_on else None
        return start or self.pass_button or (buttons[0] if buttons else None)

    def _button_for(self, text: str) -> Button | None:
        buttons = self.buttons
        i = next((i for i, a in enumerate(self.actions) if a.text == text), -1)
        return buttons[i] if 0 <= i < len(buttons) else None

    def action_unchosen(self) -> None:
        """Enter with no button chosen (a choice with no default): nothing is done, and why."""
        self._told = True
        self.app.notify("This choice changes the score, so none is made for you: go to an option "
                        "with ← →, read what it scores, then press Enter.")

    def _untell(self) -> None:
        """The player went to an option after being told why Enter did nothing: the notice goes,
        since at 80x24 its toast lies over the options' right half, over what each scores."""
        if self._told:
            self._told = False
            self.app.clear_notifications()

    def focus_button(self, button: Button) -> None:
        """Put the focus on this very button (a hint's), whichever it is."""
        self._holds_focus = True
        self.screen.set_focus(button)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Coming into the bar from elsewhere (Tab, ↓ from a hand) lands where the table's first
        focus does (Pass where passing is a choice): Tab then Enter must not call a Solo. With no
        default, the button the player moved to stays."""
        # in view once laid out: a start on a later row (Envite's true signal, on the third row
        # at 80 columns) was focused before the rows had their heights, and stayed scrolled away
        self.call_after_refresh(self._show_focused)
        if isinstance(event.widget, Button):
            self._untell()
        if self._holds_focus:
            return
        self._holds_focus = True
        target = self.start_button
        if target is not None and event.widget is not target and isinstance(event.widget, Button):
            self.screen.set_focus(target)

    def _show_focused(self) -> None:
        here = self.screen.focused if self.is_attached else None
        if here is not None and here in self.buttons:
            self.scroll_to_widget(here, animate=False)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        focused = self.screen.focused
        self._holds_focus = focused is not None and focused in self.buttons

    def action_leave(self) -> None:
        self.screen.focus_previous()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.name or ""
        if bid.startswith("action-"):
            i = int(bid.removeprefix("action-"))
            if 0 <= i < len(self.actions):
                self.post_message(self.ActionChosen(self, self.actions[i].text))
