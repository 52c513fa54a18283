"""The lobby: games grouped by pack (Decktet, French pack, Tarot) with player counts and summaries, a details pane, the
autosaved game to resume and the statistics.

It reads only the games' INFO dicts (no game's rules, no engine, no pydantic) so it opens fast.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from decktable.store.paths import has_saves
from decktable.ui.game_list import LobbyInfo as GameInfo
from decktable.ui.game_list import by_pack, pack_name
from decktable.ui.game_list import lobby_games as games
from decktable.ui.widgets.quiet_footer import QuietFooter

RESUME = "resume"  # the most recent unfinished game; the others are "resume:1", "resume:2" ...
STATS = "stats"
GAME_PREFIX = "game:"


def family_name(family: str) -> str:
    return pack_name(family)


def players_text(info: GameInfo) -> str:
    return info.players_phrase


#: a web address (`pagat.com`, `bunburysgamesforloka.blogspot.com`, with a path or a scheme)
ADDRESS = re.compile(r"(?:https?://)?[\w-]+(?:\.[\w-]+)+(?:/\S*)?")


def break_addresses(text: str, width: int) -> str:
    """A web address longer than the line is broken after dots or slashes
    (`bunburysgamesforloka.` / `blogspot.com`), where the wrap folded it mid-word (`...blogspot.co`
    / `m`); one that fits, or any at an unknown width (0), is left whole."""

    def split(m: re.Match[str]) -> str:
        address = m.group(0)
        if width <= 0 or len(address) <= width:
            return address
        # filled from the end, so that the site's own name stays whole (`blogspot.com`)
        lines, line = [], ""
        for part in reversed(re.findall(r"[^./]*(?:\.|/+)|[^./]+", address)):
            if line and len(line) + len(part) > width:
                lines.insert(0, line)
                line = ""
            line = part + line
        return "\n".join([line, *lines])

    return ADDRESS.sub(split, text)


class LobbyScreen(Screen[None]):
    """Choose a game (Enter sets it up), read its rules (?), resume, or see statistics."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Choose", priority=True),
        Binding("question_mark", "rules", "Rules"),
        Binding("e", "learn", "Learn"),  # a guided hand with a coach, for games that have one
        Binding("p", "primer", "Primer"),
        Binding("r", "resume", "Resume"),
        Binding("s", "stats", "Statistics"),
        Binding("q", "quit", "Quit"),  # asks first; elsewhere q goes back, and says so
    ]

    def __init__(self) -> None:
        super().__init__()
        self._infos: dict[str, GameInfo] = {}
        self._resume_text = ""
        self._saves: list = []  # SaveEntry, most recent first

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lobby"):
            yield OptionList(id="games")
            with VerticalScroll(id="details"):
                yield Static(id="details-body")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).border_title = "Games"
        self.query_one("#details", VerticalScroll).border_title = "About"
        self.refresh_entries()
        self.query_one("#games", OptionList).focus()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.refresh_entries()

    # -- the list -----------------------------------------------------------------------------------

    def has_autosave(self) -> bool:
        return bool(self._saves)

    def _load_saves(self) -> None:
        """The unfinished games; each damaged save is moved aside and named in a notification."""
        self._saves = []
        if not has_saves():  # no save module (and no pydantic) for an empty folder
            return
        from decktable.store.saves import list_saves

        try:
            listing = list_saves()
        except OSError as exc:
            self.notify(f"The saved games cannot be listed: {exc}", severity="error", markup=False)
            return
        self._saves = listing.saves
        for line in listing.problems:
            self.notify(line, title="A damaged save was moved aside", severity="error", timeout=12, markup=False)
        for line in listing.newer:  # left where it is, for the decktable that made it
            self.notify(line, title="A save from a newer decktable", severity="warning", timeout=12, markup=False)

    def _resume_id(self, n: int) -> str:
        return RESUME if n == 0 else f"{RESUME}:{n}"

    def _save_index(self, option_id: str | None) -> int | None:
        if option_id == RESUME:
            return 0
        if option_id and option_id.startswith(RESUME + ":"):
            return int(option_id[len(RESUME) + 1:])
        return None

    def refresh_entries(self) -> None:
        """Rebuild the list (the autosave may have appeared or gone); keep the highlight."""
        olist = self.query_one("#games", OptionList)
        keep = None
        if olist.highlighted is not None and olist.option_count:
            keep = olist.get_option_at_index(olist.highlighted).id
        self._infos = {info.id: info for info in games()}
        options: list[Option | None] = []
        self._load_saves()
        names = {i.id: i.name for i in self._infos.values()}
        for n, entry in enumerate(self._saves):
            # when it was last played, and "open in another window", each on a line of its own:
            # two games of the same game and people are told apart, and a wrapped last word
            # could be lost under the list's scrollbar
            busy = " — open in another window"
            described = entry.describe(names)
            lines = [Text(f"Resume {described.removesuffix(busy)}", style="bold"),
                     Padding(Text(f"last played {entry.when}", style="dim"), (0, 0, 0, 4))]
            if described.endswith(busy):
                lines.append(Padding(Text(busy.removeprefix(" — "), style="italic"), (0, 0, 0, 4)))
            options.append(Option(Group(*lines), id=self._resume_id(n)))
        options.append(Option("Statistics", id=STATS))
        name_w = max((len(i.name) for i in self._infos.values()), default=10)
        for family, infos in by_pack(self._infos.values()):
            count = len(infos)
            options.append(None)
            games_text = f"{count} game{'s' if count != 1 else ''}"
            header = Text(f"{family_name(family)} · {games_text}", style="bold underline")
            options.append(Option(header, id=f"family:{family}", disabled=True))
            for info in infos:
                line = Text(f"  {info.name:<{name_w}}  ", style="bold")
                line.append(f"{players_text(info):>11}", style="italic")
                summary = Padding(Text(info.summary, style="dim"), (0, 0, 0, 4))
                options.append(Option(Group(line, summary), id=f"{GAME_PREFIX}{info.id}"))
        olist.clear_options()
        olist.add_options(options)
        ids = [olist.get_option_at_index(i).id for i in range(olist.option_count)]
        if keep not in ids:
            first_game = next((i for i in ids if i and i.startswith(GAME_PREFIX)), ids[0] if ids else None)
            keep = RESUME if RESUME in ids else first_game
        if keep is not None:
            olist.highlighted = ids.index(keep)
        self.show_details(keep)
        self.refresh_bindings()

    def highlighted_id(self) -> str | None:
        olist = self.query_one("#games", OptionList)
        if olist.highlighted is None:
            return None
        return olist.get_option_at_index(olist.highlighted).id

    def highlighted_game(self) -> str | None:
        """The game of the highlighted row: a game, or a saved game's (for `?` and `p`)."""
        oid = self.highlighted_id()
        if oid and oid.startswith(GAME_PREFIX):
            return oid[len(GAME_PREFIX):]
        n = self._save_index(oid)
        if n is not None and n < len(self._saves):
            return self._saves[n].save.game
        return None

    # -- the details pane ------------------------------------------------------------------------------

    def show_details(self, option_id: str | None) -> None:
        body = Text()
        if self._save_index(option_id) is not None:
            n = self._save_index(option_id)
            entry = self._saves[n]
            body.append("Saved game\n\n", style="bold")
            body.append(f"Resume {entry.describe({i.id: i.name for i in self._infos.values()})}\n")
            body.append(f"Last played {entry.when}.\n\n")
            body.append("Enter continues it where it was left." if n else "Enter or r continues it where it was left.")
            info = self._infos.get(entry.save.game)
            if info is not None:
                body.append(f"\n?: read the rules · p: a primer on the {family_name(info.family)}")
        elif option_id == STATS:
            body.append("Statistics\n\n", style="bold")
            body.append("Games played, wins per player and best scores, from the play history.\n\n")
            body.append("Enter or s opens them.")
        elif option_id and option_id.startswith(GAME_PREFIX):
            info = self._infos[option_id[len(GAME_PREFIX):]]
            body.append(info.name + "\n", style="bold")
            facts = f"{family_name(info.family)} · {players_text(info)} · {getattr(info.layout, 'value', info.layout)} table"
            body.append(facts + "\n\n", style="italic")
            body.append(info.summary + "\n\n")
            traits = []
            if info.solo:
                traits.append("a solitaire")
            if info.hidden_information and not info.solo:
                traits.append("hidden hands (a curtain between players)")
            if info.simultaneous:
                traits.append("simultaneous choices")
            if traits:
                body.append("Features: " + "; ".join(traits) + ".\n")
            if info.source:
                body.append(break_addresses(f"Source: {info.source}", self._details_width()) + "\n")
            body.append(f"\nEnter: set up · ?: rules · p: primer on the {family_name(info.family)}")
            if self.learnable() == info.id:
                body.append("\ne: learn it by playing a guided hand with a coach")
        self.query_one("#details-body", Static).update(body)

    def _details_width(self) -> int:
        """The About pane's line width (0 before its first layout)."""
        return self.query_one("#details-body", Static).content_size.width

    def on_resize(self) -> None:
        # the About pane's width changed: an address is broken again for it
        self.call_after_refresh(lambda: self.show_details(self.highlighted_id()))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_details(event.option.id)
        self.refresh_bindings()  # Learn is offered only for a game with a lesson

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(event.option.id)

    # -- opening things --------------------------------------------------------------------------------

    def open(self, option_id: str | None) -> None:
        if self._save_index(option_id) is not None:
            self.action_resume(self._save_index(option_id))
        elif option_id == STATS:
            self.action_stats()
        elif option_id and option_id.startswith(GAME_PREFIX):
            self.open_setup(option_id[len(GAME_PREFIX):])

    def open_setup(self, game_id: str) -> None:
        from decktable.engine.errors import DeckTableError
        from decktable.ui.screens.setup import SetupScreen

        try:
            screen = SetupScreen(game_id)
        except (DeckTableError, ImportError) as exc:
            name = self._infos[game_id].name
            self.notify(f"{name} cannot be set up: {exc}", severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.has_autosave()
        if action == "learn":
            return self.learnable() is not None
        return True

    def action_open(self) -> None:
        self.open(self.highlighted_id())

    def action_quit(self) -> None:
        """`q` asks before ending the app: one stray key must not close the table (nor a browser
        tab's session)."""
        from decktable.ui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit decktable?"), answered)

    def action_rules(self) -> None:
        game = self.highlighted_game()
        self.app.show_help(game if game in self._infos else None)  # type: ignore[attr-defined]

    def learnable(self) -> str | None:
        """The highlighted game, when it has a lesson (a file check: no game module is loaded)."""
        oid = self.highlighted_id() if self.is_mounted else None
        if not oid or not oid.startswith(GAME_PREFIX):
            return None
        from decktable.learn.lesson import has_lesson

        game = oid[len(GAME_PREFIX):]
        return game if has_lesson(game) else None

    def action_learn(self) -> None:
        """`e`: the highlighted game's guided hand (decktable/ui/screens/learn_table.py)."""
        game = self.learnable()
        if game is None:
            return
        from decktable.ui.screens.learn_table import start_lesson

        start_lesson(self.app, game)

    def action_primer(self) -> None:
        """A primer on the pack of the highlighted game (or saved game)."""
        from decktable.ui.screens.primer import PrimerScreen

        game = self.highlighted_game()
        if game not in self._infos:
            self.notify("Highlight a game (or a saved game) for a primer on its pack.", markup=False)
            return
        self.app.push_screen(PrimerScreen(self._infos[game].family))

    def action_stats(self) -> None:
        self.app.show_stats()  # type: ignore[attr-defined]

    def action_resume(self, n: int = 0) -> None:
        """Load a saved game (the most recent by default); a broken one is moved aside with a
        notification, and we stay."""
        from decktable.engine.errors import SaveError
        from decktable.store import history
        from decktable.session.resume import load_match

        if n >= len(self._saves):
            self.notify("There is no saved game to resume.", severity="warning", markup=False)
            self.refresh_entries()
            return
        try:
            match = load_match(self._saves[n].path, on_finish=history.record)
        except SaveError as exc:
            self.notify(str(exc), title="The saved game cannot be resumed", severity="error", timeout=12, markup=False)
            self.refresh_entries()
            return
        self.app.start_match(match)  # type: ignore[attr-defined]
