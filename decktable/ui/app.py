"""The Textual application: themes, the lobby, the command palette and the small-terminal guard.

`DeckTableApp` starts on the lobby, or straight on a match (`decktable play` / `resume`). Table
screens (written in decktable.ui.screens.table_registry) call back into `start_match`,
`show_help` and read `bot_delay`.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable, ClassVar, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from decktable import themes
from decktable.ui import textual_fixes  # noqa: F401 - Textual workarounds, applied on import
from decktable.ui.screens.lobby import LobbyScreen
from decktable.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from decktable.themes.colours import DEFAULT_THEME, THEMES, suit_defaults
from decktable.themes.glyphs import CARD_SET_LABELS

if TYPE_CHECKING:
    from decktable.session.match import Match

THEMES_DIR = Path(themes.__file__).parent


class TableCommands(Provider):
    """Command palette entries: new game, rules of each game, themes, card sets, statistics."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        from decktable.engine.registry import games

        app = self.app
        assert isinstance(app, DeckTableApp)
        commands: list[tuple[str, Callable[[], object], str]] = [
            ("New game", app.action_new_game, "Back to the lobby to choose a game"),
            ("Statistics", app.show_stats, "Games played, wins and best scores"),
        ]
        for info in games():
            commands.append((f"Rules: {info.name}", partial(app.show_help, info.id), info.summary))
        for name in app.theme_names():
            commands.append((f"Theme: {name}", partial(app.set_theme, name), "Switch the colour theme"))
        for key, label in CARD_SET_LABELS.items():
            if "four" in key:
                help_text = "French suits in four colours: spades black, hearts red, diamonds blue, clubs green"
            else:
                help_text = f"Draw cards with {label} glyphs (French suits red and black)"
            commands.append((f"Cards: {label}", partial(app.set_card_set, key), help_text))
        return commands

    async def discover(self) -> Hits:
        for text, command, help_text in self._commands():
            yield DiscoveryHit(text, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, command, help_text in self._commands():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, text=text, help=help_text)


class DeckTableApp(App[None]):
    """The card table: lobby, setup, help, statistics; table screens come from the registry."""

    CSS_PATH = THEMES_DIR / "app.tcss"
    TITLE = "decktable"
    SUB_TITLE = "a terminal card table"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_or_close", "Back"),  # the lobby binds its own "q Quit"
        Binding("question_mark", "help", "Help"),
    ]
    COMMANDS = App.COMMANDS | {TableCommands}

    def __init__(
        self,
        match: Match | None = None,
        *,
        bot_delay: float = 0.5,
        cards: str | None = None,
        theme_name: str | None = None,
    ) -> None:
        super().__init__()
        self.bot_delay: float = bot_delay
        self._initial_match = match
        from decktable.store import prefs

        #: preferences remembered between runs (decktable/store/prefs.py): theme, card set, seats
        self.prefs, self._prefs_notice = prefs.load()
        self._cards = cards or os.environ.get("DECKTABLE_CARDS") or self.prefs.cards or None
        for theme in THEMES.values():
            self.register_theme(theme)
        saved = self.prefs.theme if self.prefs.theme in self.available_themes else None
        self.theme = theme_name or saved or DEFAULT_THEME

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own palette entries, less two: its "Theme" beside ours ("Theme: …", which
        are remembered), and "Screenshot", which writes a file into the working folder."""
        for command in super().get_system_commands(screen):
            if command.title not in ("Theme", "Screenshot"):
                yield command

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The suit colours for themes that do not set them (Textual's built-in themes)."""
        try:
            colours = self.current_theme.to_color_system().generate()
        except Exception:  # no theme yet
            colours = {}
        return suit_defaults(colours)

    # -- start-up and the size guard --------------------------------------------------------------

    def get_default_screen(self) -> Screen:
        if self._initial_match is not None:  # a table at once: the lobby is built when first needed
            from decktable.ui.screens.lobby_later import LobbyLater

            return LobbyLater()
        return LobbyScreen()

    def on_mount(self) -> None:
        if self._cards:
            self.set_card_set(self._cards, quiet=True)
        if self._prefs_notice:
            self.notify(self._prefs_notice, title="Preferences", severity="warning", timeout=10, markup=False)
        # a theme chosen anywhere (ours or Textual's own palette entry) is remembered
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        if self._initial_match is not None:
            match, self._initial_match = self._initial_match, None
            self.start_match(match)
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif small and on_top:
            self.screen.show_size(width, height)
        elif not small and on_top:
            self.pop_screen()

    # -- public methods for the screens -----------------------------------------------------------

    def start_match(self, match: Match) -> None:
        """Leave the lobby's sub-screens and put the match's table screen on top."""
        try:
            from decktable.ui.screens.table_registry import table_screen_for
        except ImportError as exc:
            self.notify(
                f"The table screens could not be loaded: {exc}", title="Cannot start", severity="error", markup=False
            )
            return
        screen = table_screen_for(match)
        self.back_to_lobby()
        self.push_screen(screen)

    def show_help(self, game_id: str | None = None) -> None:
        """The rules of a game (or the general keys when game_id is None)."""
        from decktable.ui.screens.help_screen import HelpScreen

        if isinstance(self.screen, HelpScreen) and self.screen.game_id == game_id:
            return
        self.push_screen(HelpScreen(game_id))

    def show_stats(self) -> None:
        from decktable.ui.screens.stats_screen import StatsScreen

        self.push_screen(StatsScreen())

    def back_to_lobby(self) -> None:
        """Pop every screen above the lobby (a match in progress is autosaved already). The
        games left are let go of (their save locks): a game is locked only while a table shows
        it, so another window (another tab of `decktable serve`) can resume it."""
        left = []
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            match = getattr(self.screen, "match", None)
            if match is not None and getattr(match, "save_path", None) is not None:
                left.append(match.save_path)
            self.pop_screen()
        if left:
            from decktable.store import savelock

            for path in left:
                savelock.release(path)

    def theme_names(self) -> list[str]:
        builtin = sorted(name for name in self.available_themes if name not in THEMES)
        return [*THEMES, *builtin]

    def set_theme(self, name: str) -> None:
        self.theme = name
        self.notify(f"Theme: {name}", markup=False)

    def set_card_set(self, name: str, quiet: bool = False) -> None:
        """Switch the card glyphs (unicode / ascii / four-colour / ascii-four-colour) and redraw
        the current screen."""
        try:
            from decktable.ui import glyphs
        except ImportError:
            self.notify("Card glyph sets are not available.", severity="warning", markup=False)
            return
        try:
            glyphs.use_card_set(name)
        except (KeyError, ValueError):
            self.notify(
                f"There is no card set called {name!r}; choose {', '.join(CARD_SET_LABELS)}.",
                severity="error",
                markup=False,
            )
            return
        redraw = getattr(self.screen, "redraw", None)
        if callable(redraw):
            redraw()  # table screens rebuild their card texts from the observation
        else:
            for widget in self.screen.query("*"):
                widget.refresh()
        if not quiet:
            self.remember(cards=glyphs.current_card_set().name)
            chosen = glyphs.current_card_set().name
            self.notify(f"Cards: {CARD_SET_LABELS.get(chosen, chosen)}", markup=False)

    def remember(self, **changes: object) -> None:
        """Save preferences (theme=…, cards=…); a failure is one notice, never an error."""
        from decktable.store import prefs

        if all(getattr(self.prefs, k, None) == v for k, v in changes.items()):
            return
        for key, value in changes.items():
            setattr(self.prefs, key, value)
        problem = prefs.update(**changes)
        if problem:
            self.notify(problem, severity="warning", markup=False)

    # -- notifications ------------------------------------------------------------------------------

    #: at most this many notifications at once: a new one replaces the oldest, and one with the
    #: same words replaces its twin (keys mashed while bots play do not pile up toasts)
    MAX_NOTICES = 3

    def _on_notify(self, event) -> None:  # type: ignore[no-untyped-def]
        new = event.notification
        for old in list(self._notifications):
            if old.message == new.message and old.title == new.title:
                self._unnotify(old, refresh=False)
        while len(self._notifications) >= self.MAX_NOTICES:
            self._unnotify(next(iter(self._notifications)), refresh=False)
        super()._on_notify(event)

    # -- actions ------------------------------------------------------------------------------------

    def action_quit_or_close(self) -> None:
        """`q`: only the lobby's quits; on a secondary screen (a menu, a summary, the help) it
        closes that screen and returns to what was under it (a table screen binds its own q)."""
        screen = self.screen
        if isinstance(screen, LobbyScreen) or len(self.screen_stack) <= 1:
            self.exit()
            return
        if isinstance(screen, TooSmallScreen):
            return
        screen.dismiss(None)

    def action_help(self) -> None:
        self.show_help(None)

    def action_new_game(self) -> None:
        self.back_to_lobby()
