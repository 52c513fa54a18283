"""Setting up a game: how many players, who sits where (name, person or bot), the game's options
as a form generated from its pydantic Options model, and an optional seed.

Start builds a Match (autosaved, recorded in the history when finished) and hands it to the app.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, ClassVar

from annotated_types import Ge, Gt, Le, Lt
from pydantic.fields import FieldInfo
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Label, Select, Static, Switch

from decktable.engine.errors import DeckTableError
from decktable.engine.game import seed_from_text
from decktable.engine.names import MAX_NAME, check_names, clean_name
from decktable.engine.registry import get_game
from decktable.engine.seat_options import is_seat_field
from decktable.ui.widgets.quiet_footer import QuietFooter

#: a seat is a person or a bot of a level (the Select's value: "human" or "bot:LEVEL")
KINDS = [("Person", "human"), ("Bot, easy", "bot:easy"), ("Bot, medium", "bot:medium"),
         ("Bot, strong", "bot:strong")]
DEFAULT_BOT = "bot:medium"  # plain "bot" on the command line


def kind_value(kind: str, level: str = "") -> str:
    """The seat Select's value for a seat kind and bot level (an unknown level: medium)."""
    if kind != "bot":
        return "human"
    value = f"bot:{level}"
    return value if any(v == value for _label, v in KINDS) else DEFAULT_BOT


def _bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    low: int | None = None
    high: int | None = None
    for meta in field.metadata:
        if isinstance(meta, Ge):
            low = int(meta.ge)
        elif isinstance(meta, Gt):
            low = int(meta.gt) + 1
        elif isinstance(meta, Le):
            high = int(meta.le)
        elif isinstance(meta, Lt):
            high = int(meta.lt) - 1
    return low, high


def base_type(annotation: Any) -> Any:
    """`int | None` -> int (an empty field then means the default); other types unchanged."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _choices(annotation: Any) -> list[Any] | None:
    """The values of a Literal[...] or Enum annotation, else None."""
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [m.value for m in annotation]
    return None


def choice_label(value: Any) -> str:
    """'old_city' -> 'Old city'; numbers stay as they are."""
    text = str(value).replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


def field_label(name: str, field: FieldInfo) -> str:
    return field.title or name.replace("_", " ").capitalize()


class SetupScreen(Screen[None]):
    """Seats, options and seed for one game; Start begins the match."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
        Binding("f1", "rules", "Rules"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game = get_game(game_id)  # DeckTableError / ImportError go to the lobby
        self.info = self.game.info
        self.fields: dict[str, FieldInfo] = dict(self.game.Options.model_fields)
        #: the seats last used for this game (preferences), in order
        self.saved_seats = self._saved_seats()
        self._too_long: set[str] = set()  # the name fields already said to be too long
        self._given: dict[int, str] = {}  # the names the form gave seats when their kind changed

    # -- building the form ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        info = self.info
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static(f"New game of {info.name}", id="setup-title", markup=False)
            yield Static(info.summary, classes="setup-summary", markup=False)
            yield Static("Players", classes="setup-heading")
            with Horizontal(classes="setup-row"):
                yield Label("How many", classes="setup-label")
                if info.min_players == info.max_players:
                    yield Static(str(info.min_players), id="count-fixed", classes="setup-value")
                else:
                    yield Select(
                        [(str(n), n) for n in info.player_counts],
                        value=self.default_count(),
                        allow_blank=False,
                        id="count",
                    )
            for i in range(info.max_players):
                with Horizontal(classes="setup-row seat-row", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="setup-label")
                    kind = "human" if i == 0 else DEFAULT_BOT
                    name = self.default_name(i, kind)
                    if i < len(self.saved_seats):  # the seats of the last game of this kind
                        name, kind = self.saved_seats[i]
                    # no max_length: the field would drop a longer paste whole, silently, and Start
                    # then said the seat had no name; a name too long is said to be (on_input_changed)
                    yield Input(name, id=f"name-{i}", classes="seat-name")
                    yield Select(KINDS, value=kind, allow_blank=False, id=f"kind-{i}", classes="seat-kind")
            if self.fields:
                yield Static("Options", classes="setup-heading")
            for name, field in self.fields.items():
                with Vertical(classes="setup-option"):
                    with Horizontal(classes="setup-row"):
                        yield Label(field_label(name, field), classes="setup-label", markup=False)
                        yield self.option_widget(name, field)
                    if field.description:
                        yield Static(field.description, classes="setup-description", markup=False)
            yield Static("Coach", classes="setup-heading")
            with Horizontal(classes="setup-row"):
                yield Label("Review my moves", classes="setup-label")
                yield Switch(value=self.coach_on(), id="coach")
            yield Static("After each of your moves the strong search looks at it from your view and says "
                         "where another move was clearly better; C at the table switches it too.",
                         classes="setup-description")
            yield Static("Deal", classes="setup-heading")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="random", id="seed", classes="setup-input")
            yield Static("The same seed gives the same deal, to replay a game.", classes="setup-description")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary")
                # one table for several devices (decktable/share): each person's link and its QR
                # code; not for a solitaire, nor from a browser tab of `decktable serve`, whose
                # app is not the host's
                if info.max_players > 1 and not self.app.is_web:
                    yield Button("Share this table", id="share")
                yield Button("Back", id="back")
        yield QuietFooter()

    def coach_on(self) -> bool:
        """Whether this game's coach is on (the preferences; `C` at the table switches it too)."""
        games = getattr(getattr(self.app, "prefs", None), "coach", None) or []
        return self.info.id in games

    def remember_coach(self) -> None:
        """Keep the form's coach switch for this game (preferences); never stops a start."""
        on = self.query_one("#coach", Switch).value
        if on == self.coach_on():
            return
        games = set(getattr(getattr(self.app, "prefs", None), "coach", None) or [])
        games.add(self.info.id) if on else games.discard(self.info.id)
        remember = getattr(self.app, "remember", None)
        if callable(remember):
            remember(coach=sorted(games))

    def default_count(self) -> int:
        if self.info.min_players <= len(self.saved_seats) <= self.info.max_players:
            return len(self.saved_seats)
        return self.info.min_players

    def _saved_seats(self) -> list[tuple[str, str]]:
        """(name, seat Select value) of the seats last used for this game, from the preferences."""
        try:
            from decktable.store import prefs

            saved, _notice = prefs.load()
        except Exception:  # preferences never stop a game from being set up
            return []
        return [(s.name, kind_value(s.kind, s.level)) for s in saved.seats.get(self.info.id, [])][
            : self.info.max_players]

    @staticmethod
    def default_name(index: int, kind: str) -> str:
        """`Player 1` for a person; a bot is numbered among the bots, as `decktable play` names
        them (seat 1 a person, seats 2-4 `Bot 1`-`Bot 3`)."""
        return f"Player {index + 1}" if kind == "human" else f"Bot {max(1, index)}"

    def option_widget(self, name: str, field: FieldInfo) -> Widget:
        wid = f"opt-{name}"
        annotation = base_type(field.annotation)
        default = field.get_default(call_default_factory=True)
        if annotation is bool:
            return Switch(value=bool(default), id=wid)
        if is_seat_field(field):
            # a seat is chosen by its number counted from 1; the value is the API's seat (0-based)
            blank = "Default"
            desc = field.description or ""
            if "blank = " in desc.lower():
                at = desc.lower().index("blank = ") + len("blank = ")
                blank = desc[at:].split(",")[0].split(";")[0].rstrip(".").strip().capitalize() or blank
            return Select(
                [(f"Seat {i + 1}", i) for i in range(self.info.max_players)],
                value=default if isinstance(default, int) else Select.NULL,
                allow_blank=True,
                prompt=blank,
                id=wid,
            )
        choices = _choices(annotation)
        if choices is not None:
            blank = default not in choices
            return Select(
                [(choice_label(c), c) for c in choices],
                value=Select.NULL if blank else default,
                allow_blank=blank,
                id=wid,
            )
        if annotation is int:
            low, high = _bounds(field)
            hint = "default" if default is None else ""
            if low is not None and high is not None:
                hint = f"{low} to {high}" + (", or blank" if default is None else "")
            return Input(
                "" if default is None else str(default),
                placeholder=hint,
                type="integer",
                validators=[Integer(minimum=low, maximum=high)],
                id=wid,
                classes="setup-input",
            )
        return Input("" if default is None else str(default), id=wid, classes="setup-input")

    def on_mount(self) -> None:
        self.show_seats(self.default_count())
        self.query_one("#name-0", Input).focus()

    # -- reacting ----------------------------------------------------------------------------------

    def player_count(self) -> int:
        if self.info.min_players == self.info.max_players:
            return self.info.min_players
        value = self.query_one("#count", Select).value
        return int(value) if isinstance(value, int) else self.info.min_players

    def show_seats(self, count: int) -> None:
        for i in range(self.info.max_players):
            self.query_one(f"#seat-{i}").display = i < count

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "count":
            self.show_seats(self.player_count())
            # a seat shown again whose bot name an earlier seat was given takes a free one
            names = [self.query_one(f"#name-{i}", Input) for i in range(self.player_count())]
            for index, name in enumerate(names):
                earlier = {n.value.strip().casefold() for n in names[:index]}
                auto = name.value in (self.default_name(index, "bot"), self._given.get(index))
                if auto and name.value.strip().casefold() in earlier:
                    name.value = self._given[index] = self.free_name(index, "bot")
        elif sid.startswith("kind-"):
            index = int(sid.split("-")[1])
            name = self.query_one(f"#name-{index}", Input)
            given = (self.default_name(index, "human"), self.default_name(index, "bot"), self._given.get(index), "")
            if name.value in given:
                name.value = self._given[index] = self.free_name(index, str(event.value))

    def free_name(self, index: int, kind: str) -> str:
        """The seat's default name, or for a bot the first `Bot N` no other seat has (seat 1 made a
        bot was named `Bot 1` beside seat 2's `Bot 1`, and Start refused the pair)."""
        name = self.default_name(index, kind)
        if kind == "human":
            return name
        taken = {
            self.query_one(f"#name-{i}", Input).value.strip().casefold()
            for i in range(self.player_count()) if i != index
        }
        n = 0
        while name.casefold() in taken:
            n += 1
            name = f"Bot {n}"
        return name

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name grown too long (typed or pasted) is said to be at once, once; Start refuses it
        with the shared check's sentence."""
        wid = event.input.id or ""
        if not wid.startswith("name-"):
            return
        long = len(event.value.strip()) > MAX_NAME
        if long and wid not in self._too_long:
            seat = int(wid.split("-")[1]) + 1
            self.notify(
                f"Seat {seat}'s name is too long: {len(event.value.strip()):,} characters, and a name is "
                f"1 to {MAX_NAME}.", severity="warning", markup=False,
            )
        (self._too_long.add if long else self._too_long.discard)(wid)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "share":
            self.action_share()
        elif event.button.id == "back":
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    # -- reading the form -------------------------------------------------------------------------------

    def seats(self) -> list[Any]:
        """The seats; DeckTableError with a sentence when a name is missing or repeated."""
        from decktable.session.match import Seat

        seats: list[Seat] = []
        for i in range(self.player_count()):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            value = str(self.query_one(f"#kind-{i}", Select).value)
            kind, _, level = value.partition(":")
            if not name:
                raise DeckTableError(f"Seat {i + 1} has no name.")
            try:
                clean_name(name)
            except DeckTableError as exc:
                raise DeckTableError(f"Seat {i + 1}: {exc}") from None
            seats.append(Seat(name, kind, level or "random") if kind == "bot" else Seat(name))
        check_names([s.name for s in seats])  # the same check as the command line and Game.new
        return seats

    def option_values(self) -> dict[str, Any]:
        """The form's options; DeckTableError when a number is not a number."""
        values: dict[str, Any] = {}
        for name, field in self.fields.items():
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, Switch):
                values[name] = widget.value
            elif isinstance(widget, Select):
                if widget.value is not Select.NULL:
                    values[name] = widget.value
                    if is_seat_field(field) and isinstance(widget.value, int) and widget.value >= self.player_count():
                        raise DeckTableError(f"{field_label(name, field)}: there is no seat {widget.value + 1} "
                                             f"at a table of {self.player_count()}.")
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if not text:
                    continue
                if base_type(field.annotation) is int:
                    try:
                        values[name] = int(text)
                    except ValueError:
                        label = field_label(name, field)
                        raise DeckTableError(f"{label} must be a whole number, not {text!r}.") from None
                else:
                    values[name] = text
        return values

    def seed(self) -> int | None:
        return seed_from_text(self.query_one("#seed", Input).value)

    def build_match(self) -> Any:
        """A Match from the form; DeckTableError (BadOptions included) with a sentence if not."""
        from decktable.session.match import Match
        from decktable.store import history
        from decktable.store.saves import new_save_path

        seats = self.seats()
        options = self.option_values()
        seed = self.seed()
        self.game.options(**options)
        self.remember_seats(seats)
        self.remember_coach()
        return Match(
            self.game,
            seats,
            seed=seed,
            options=options,
            save_path=new_save_path(),  # a save of its own: other unfinished games are kept
            on_finish=history.record,
        )

    def remember_seats(self, seats: list[Any]) -> None:
        """Keep these seats for the next game of this kind (preferences); never stops a start."""
        try:
            from decktable.store import prefs

            problem = prefs.remember_seats(self.info.id, [(s.name, s.kind, s.level if s.is_bot else "")
                                                          for s in seats])
        except Exception as exc:  # noqa: BLE001 - preferences are never worth a failed start
            problem = f"Preferences could not be saved: {exc}"
        if problem:
            self.notify(problem, severity="warning", markup=False)

    # -- actions --------------------------------------------------------------------------------------

    def action_start(self) -> None:
        try:
            match = self.build_match()
        except DeckTableError as exc:
            self.notify(str(exc), title="Cannot start", severity="error", markup=False)
            return
        self.app.start_match(match)  # type: ignore[attr-defined]

    def action_share(self) -> None:
        """Start the game as a shared table: a link per person for their own phone or terminal,
        on the local network, with its QR code; a seat nobody opens is played here, hot-seat."""
        try:
            match = self.build_match()
        except DeckTableError as exc:
            self.notify(str(exc), title="Cannot start", severity="error", markup=False)
            return
        from decktable.share.host_app import share_from_lobby

        share_from_lobby(self.app, match)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        self.app.show_help(self.info.id)  # type: ignore[attr-defined]
