"""ChoiceMenu: a small modal list for choosing among several actions on one card or cell
(e.g. which suit to name when leading in Nonesuch). Dismisses with the chosen notation or None."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option


class ChoiceMenu(ModalScreen[str | None]):
    """A titled list of (label, action text) pairs; Enter chooses, Esc cancels."""

    DEFAULT_CSS = """
    ChoiceMenu {
        align: center middle;
    }
    ChoiceMenu > Vertical {
        width: auto;
        min-width: 30;
        max-width: 70;
        height: auto;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    ChoiceMenu OptionList {
        height: auto;
        max-height: 16;
        width: auto;
        min-width: 28;
    }
    """

    BINDINGS: list[BindingType] = [
        Binding("escape,q", "cancel", "Cancel"),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

    def __init__(self, title: str, choices: list[tuple[str, str]], highlight: int = 0) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.start = highlight  # the choice the cursor starts on (a lesson's move)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="choice-title")
            yield OptionList(*[Option(label, id=f"c{i}") for i, (label, _t) in enumerate(self.choices)])

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.start if 0 <= self.start < len(self.choices) else 0
        options.focus()
        self._fit(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """A narrow screen (a phone, 41 columns): the box and its title wrap to the screen instead
        of running off its right edge."""
        box = self.query_one(Vertical)
        box.styles.max_width = max(10, min(70, width - 2))
        title = self.query_one("#choice-title", Label)
        title.styles.width = "auto" if width - 6 >= len(self.title_text) else max(4, width - 6)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def action_cursor_down(self) -> None:
        self.query_one(OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one(OptionList).action_cursor_up()

    def action_cancel(self) -> None:
        self.dismiss(None)
