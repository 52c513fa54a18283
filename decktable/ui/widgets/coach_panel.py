"""The coach's panel at a lesson's table (decktable/ui/screens/learn_table.py): what just happened
(the script's `after` lines), what is asked now (`say`), a refused try's pointer, and the help
section the step is about. Plain text (never markup: the lines are data)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widgets import Static


_CONSOLE = Console(width=200)  # for measuring wrapped lines only


class CoachPanel(Static):
    """A few lines above the table; its height follows its text."""

    DEFAULT_CSS = """
    CoachPanel {
        height: auto;
        max-height: 7;
        width: 1fr;
        padding: 0 1;
        border-left: tall $success;
        background: $success 10%;
        color: $text;
    }
    CoachPanel.-off-script {
        border-left: tall $warning;
        background: $warning 10%;
    }
    CoachPanel.-refused {
        border-left: tall $error;
        background: $error 10%;
    }
    CoachPanel > .coach-panel--label {
        color: $success;
        text-style: bold;
    }
    CoachPanel > .coach-panel--help {
        color: $text-muted;
        text-style: italic;
    }
    """

    COMPONENT_CLASSES = {"coach-panel--label", "coach-panel--help"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.said: list[str] = []  # what the panel says now, line by line (tests read it)
        self._key: tuple[object, ...] | None = None

    #: below this terminal height the panel keeps to COMPACT_LINES lines (the table needs the room)
    COMPACT_HEIGHT = 32
    COMPACT_LINES = 5
    FULL_LINES = 7

    def say(self, lines: list[str], *, help_section: str = "", mood: str = "", refused: str = "") -> None:
        """Show the coach's lines (empty lines dropped); `mood` is "" or "off-script";
        `refused`: a refusal to show first, with the pointer as the lines. When the lines do not
        fit the panel's height the help pointer goes, then the earliest lines: the last line (what
        is asked now) stays."""
        lines = [line for line in lines if line]
        key = (tuple(lines), help_section, mood, refused, self._room())
        if key == self._key:
            return
        self._key = key
        self._args = (lines, help_section, mood, refused)
        shown = ([refused] if refused else []) + lines
        room, width = self._room()
        if help_section and self._height(shown, width) + 1 > room:
            help_section = ""  # the pointer to the help goes first, then the oldest lines
        while len(shown) > 1 and self._height(shown, width) > room:
            shown = shown[1:]
        self.said = shown
        label_style = self.get_component_rich_style("coach-panel--label", partial=True)
        help_style = self.get_component_rich_style("coach-panel--help", partial=True)
        text = Text()
        text.append("Coach: ", style=label_style)
        text.append("\n".join(shown))
        if help_section:
            text.append(f"\n? help: {help_section}", style=help_style)
        self.set_class(mood == "off-script", "-off-script")
        self.set_class(bool(refused), "-refused")
        self.display = bool(shown)
        self.update(text)

    _args: tuple[list[str], str, str, str] | None = None

    def _room(self) -> tuple[int, int]:
        """(lines, width) the panel has for its text."""
        size = self.app.size if self.is_attached else None
        if size is None or not size.width:
            return self.FULL_LINES, 76
        lines = self.COMPACT_LINES if size.height < self.COMPACT_HEIGHT else self.FULL_LINES
        return lines, max(20, size.width - 3)

    @staticmethod
    def _height(lines: list[str], width: int) -> int:
        text = Text("Coach: " + "\n".join(lines))
        return sum(len(Text(part).wrap(_CONSOLE, width)) for part in text.plain.split("\n"))

    def on_resize(self) -> None:
        if self._args is not None:
            lines, section, mood, refused = self._args
            self.say(lines, help_section=section, mood=mood, refused=refused)

    @property
    def plain(self) -> str:
        return "\n".join(self.said)
