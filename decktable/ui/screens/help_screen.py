"""Help: a game's rules (games/<id>/help.md) in a Markdown viewer, or the table's keys."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Header, Markdown, MarkdownViewer, Tree

from decktable.ui.screens.too_small import FULL_WIDTH

from decktable.primers import primer_family, with_legend
from decktable.ui.widgets.quiet_footer import QuietFooter

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
| `p` | A primer on its pack of cards (the Decktet, the French pack, the tarot) |
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
| `i` | The card under the cursor in full: rank, suits, type, what it is worth here |
| `H` | A hint: the strong bot's choice for you, from your own view only (the cursor goes to it, a play of several cards is marked for Enter, the status says why); a hinted game is marked in the statistics |
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
        text = (Path(str(pkg.__file__)).parent / "help.md").read_text(encoding="utf-8")
    except (ImportError, OSError):
        return f"# {info.name}\n\n{info.summary}\n\nThe full rules of {info.name} are not written yet.\n"
    return with_legend(text, info.family)  # the same legend as `decktable rules`


class HelpViewer(MarkdownViewer):
    """A MarkdownViewer whose links to a pack's primer (`primer:decktet`) open the primer."""

    async def _on_markdown_link_clicked(self, message: Markdown.LinkClicked) -> None:
        message.stop()
        message.prevent_default()  # not MarkdownViewer's own handler, which opens files
        family = primer_family(message.href)
        if family is not None:
            from decktable.ui.screens.primer import PrimerScreen

            self.app.push_screen(PrimerScreen(family))
        elif message.href.startswith("#"):
            self.document.goto_anchor(message.href[1:])
        else:
            self.app.notify(f"This help does not open {message.href}.", markup=False)


class HelpScreen(Screen[None]):
    """The rules of one game, or the keys; Esc or q closes, p opens the pack's primer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close"),
        Binding("t", "toggle_contents", "Contents"),
        Binding("p", "primer", "Primer"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.markdown = help_markdown(game_id)

    def compose(self) -> ComposeResult:
        yield Header()
        # a narrow terminal (a phone) gives the text the whole width; `t` shows the contents
        contents = self.game_id is not None and self.app.size.width >= FULL_WIDTH
        yield HelpViewer(self.markdown, show_table_of_contents=contents, id="help", open_links=False)
        yield QuietFooter()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).document.focus()

    def action_close(self) -> None:
        self.dismiss()

    def action_primer(self) -> None:
        """The primer of this game's pack (the Decktet's from the keys page)."""
        from decktable.ui.screens.primer import PrimerScreen

        family = "decktet"
        if self.game_id is not None:
            from decktable.engine.registry import resolve

            family = resolve(self.game_id).family
        self.app.push_screen(PrimerScreen(family))

    def action_toggle_contents(self) -> None:
        """Show the contents with the keyboard in them (↑ ↓ and Enter go to a section), or hide
        them and go back to the text."""
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if viewer.show_table_of_contents:
            trees = viewer.table_of_contents.query(Tree)
            if trees:
                self.set_focus(trees.first())
        else:
            self.set_focus(viewer.document)
