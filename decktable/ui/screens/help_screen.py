"""Help: a game's rules (games/<id>/help.md) in a Markdown viewer, or the table's keys."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, MarkdownViewer

KEYS_HELP = """\
# decktable keys

Everything works from the keyboard; the footer always shows the keys of the current screen.

## Everywhere

| Key | What it does |
|-----|--------------|
| `?` | Help: the rules of the game (or these keys) |
| `ctrl+p` | Command palette: new game, rules, theme, card glyphs, statistics |
| `Esc` | Back / close |
| `q` | In the lobby: quit. At the table: back to the lobby (the game is saved after every move) |

## Lobby

| Key | What it does |
|-----|--------------|
| `↑` `↓` | Choose a game |
| `Enter` | Set up the chosen game |
| `?` | Read its rules |
| `r` | Resume the saved game |
| `s` | Statistics |

## Setting up

| Key | What it does |
|-----|--------------|
| `Tab` / `shift+Tab` | Move between fields |
| `ctrl+s` or `Enter` in a field | Start |
| `F1` | The game's rules |
| `Esc` | Back to the lobby |

## At the table

| Key | What it does |
|-----|--------------|
| `←` `→` `↑` `↓` or `h` `j` `k` | Move between cards or cells |
| `Enter` | Choose the card or cell under the cursor |
| `u` | Undo (only as far as the rules of fair play allow) |
| `l` | Show or hide the log |
| `Esc` | Cancel a half-made move |
| `?` | The rules of this game |
| `q` | Back to the lobby |

When the table hands over to another person, a curtain hides everything until that person
presses `Enter`.

## From the command line

`decktable list`, `decktable rules GAME`, `decktable play GAME --players "Ann,bot"`,
`decktable resume`, `decktable stats`. `--cards ascii` draws cards with plain characters.
"""


def help_markdown(game_id: str | None) -> str:
    """The Markdown to show: the game's help.md, or the keys when there is no game."""
    if game_id is None:
        return KEYS_HELP
    from decktable.engine.registry import resolve

    info = resolve(game_id)
    try:
        pkg = importlib.import_module(f"decktable.rulesets.{info.id}")
        return (Path(str(pkg.__file__)).parent / "help.md").read_text(encoding="utf-8")
    except (ImportError, OSError):
        return f"# {info.name}\n\n{info.summary}\n\nThe full rules of {info.name} are not written yet.\n"


class HelpScreen(Screen[None]):
    """The rules of one game, or the keys; Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("t", "toggle_contents", "Contents"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.markdown = help_markdown(game_id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.markdown, show_table_of_contents=self.game_id is not None, id="help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).document.focus()

    def action_close(self) -> None:
        self.dismiss()

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
