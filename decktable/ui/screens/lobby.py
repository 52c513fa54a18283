"""The lobby: games grouped by family with player counts and summaries, a details pane, the
autosaved game to resume and the statistics.

It reads only the games' INFO dicts (no game's rules, no engine, no pydantic) so it opens fast.
"""

from __future__ import annotations

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

from decktable.store.paths import autosave_path
from decktable.ui.game_list import LobbyInfo as GameInfo
from decktable.ui.game_list import lobby_games as games
from decktable.ui.widgets.quiet_footer import QuietFooter

FAMILY_NAMES = {"decktet": "Decktet", "tarot": "Tarot", "french": "Traditional"}
RESUME = "resume"
STATS = "stats"
GAME_PREFIX = "game:"


def family_name(family: str) -> str:
    return FAMILY_NAMES.get(family, family.capitalize())


def players_text(info: GameInfo) -> str:
    return f"{info.players_text} player{'s' if info.max_players > 1 else ''}"


class LobbyScreen(Screen[None]):
    """Choose a game (Enter sets it up), read its rules (?), resume, or see statistics."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Choose", priority=True),
        Binding("question_mark", "rules", "Rules"),
        Binding("r", "resume", "Resume"),
        Binding("s", "stats", "Statistics"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._infos: dict[str, GameInfo] = {}
        self._resume_text = ""

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
        return autosave_path().exists()

    def _describe_autosave(self) -> str:
        from decktable.engine.errors import DeckTableError
        from decktable.store.saves import read_save

        try:
            save = read_save(autosave_path())
        except DeckTableError:
            return "Resume the saved game"
        name = save.game
        for info in games():
            if info.id == save.game:
                name = info.name
        people = ", ".join(s.name for s in save.seats)
        moves = len(save.actions)
        return f"Resume {name}: {people} ({moves} move{'s' if moves != 1 else ''})"

    def refresh_entries(self) -> None:
        """Rebuild the list (the autosave may have appeared or gone); keep the highlight."""
        olist = self.query_one("#games", OptionList)
        keep = None
        if olist.highlighted is not None and olist.option_count:
            keep = olist.get_option_at_index(olist.highlighted).id
        self._infos = {info.id: info for info in games()}
        options: list[Option | None] = []
        if self.has_autosave():
            self._resume_text = self._describe_autosave()
            options.append(Option(Text(self._resume_text, style="bold"), id=RESUME))
        options.append(Option("Statistics", id=STATS))
        family = None
        by_family: dict[str, int] = {}
        for info in self._infos.values():
            by_family[info.family] = by_family.get(info.family, 0) + 1
        name_w = max((len(i.name) for i in self._infos.values()), default=10)
        for info in self._infos.values():
            if info.family != family:
                family = info.family
                count = by_family[family]
                options.append(None)
                games_text = f"{count} game{'s' if count != 1 else ''}"
                header = Text(f"{family_name(family)} · {games_text}", style="bold underline")
                options.append(Option(header, id=f"family:{family}", disabled=True))
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
        oid = self.highlighted_id()
        if oid and oid.startswith(GAME_PREFIX):
            return oid[len(GAME_PREFIX):]
        return None

    # -- the details pane ------------------------------------------------------------------------------

    def show_details(self, option_id: str | None) -> None:
        body = Text()
        if option_id == RESUME:
            body.append("Saved game\n\n", style="bold")
            body.append(self._resume_text + "\n\n")
            body.append("Enter or r continues it where it was left.")
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
                body.append(f"Source: {info.source}\n")
            body.append("\nEnter: set up a game · ?: read the rules")
        self.query_one("#details-body", Static).update(body)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_details(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(event.option.id)

    # -- opening things --------------------------------------------------------------------------------

    def open(self, option_id: str | None) -> None:
        if option_id == RESUME:
            self.action_resume()
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
        return True

    def action_open(self) -> None:
        self.open(self.highlighted_id())

    def action_rules(self) -> None:
        self.app.show_help(self.highlighted_game())  # type: ignore[attr-defined]

    def action_stats(self) -> None:
        self.app.show_stats()  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        """Load the autosave; a broken one is moved aside with a notification, and we stay."""
        from decktable.engine.errors import SaveError
        from decktable.engine.match import Match
        from decktable.store import history
        from decktable.store.saves import quarantine, read_save

        path = autosave_path()
        if not path.exists():
            self.notify("There is no saved game to resume.", severity="warning", markup=False)
            self.refresh_entries()
            return
        try:
            match = Match.from_save(read_save(path), save_path=path, on_finish=history.record)
        except SaveError as exc:
            moved = quarantine(path)
            where = f" The file was moved aside to {moved.name}." if moved else ""
            self.notify(
                f"{exc}{where}", title="The saved game cannot be resumed", severity="error", timeout=12, markup=False
            )
            self.refresh_entries()
            return
        self.app.start_match(match)  # type: ignore[attr-defined]
