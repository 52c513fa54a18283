"""`decktable join URL`: sit at a shared table's seat from a terminal, with the usual table screens.

The table screens and their `TableController` drive a `Match`; here they drive a `RemoteMatch`,
which has the read side of a Match, filled from the host's messages (decktable/share/wire.py):
the seat's own observation, the public events as the log, who acts. Its `act` sends the move to
the host and changes nothing here: the host's next `table` message redraws the screen (through
the controller's `advance`), and a refusal becomes the usual notification. Bots are the host's
(`bot_to_act` is never this side's), there is no curtain (only this seat's view ever comes),
undo is not offered at a shared table, and a hint is the host's search from this seat's view, asked
over the wire and shown when it comes.

Nothing here sees more than the seat's link is sent. A dropped connection is retried every
second; a newer device on the same link ends this one (it says why on leaving).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable
from urllib.parse import urlsplit, urlunsplit

from pydantic import ValidationError

from decktable.engine.errors import DeckTableError
from decktable.share.host import NO_UNDO, NoUndo
from decktable.engine.game import Event
from decktable.session.match import LogEntry, Seat
from decktable.engine.models import Observation, ResultView
from decktable.engine.registry import get_game
from decktable.share.wire import Table, Welcome
from decktable.ui.app import DeckTableApp
from decktable.ui.controller import TableController

RETRY = 1.0  # seconds between attempts to reach a table that went away


def websocket_url(url: str) -> str:
    """A seat's link (http://host:port/t/TOKEN, as `decktable host` prints it) -> its websocket
    (ws://host:port/ws/TOKEN); a ws:// address is taken as it is. ValueError for anything else."""
    parts = urlsplit(url.strip())
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme.lower())
    bits = [b for b in parts.path.split("/") if b]
    if scheme is None or not parts.netloc or len(bits) != 2 or bits[0] not in ("t", "ws"):
        raise ValueError(f"{url!r} is not a seat's link; it looks like http://HOST:PORT/t/TOKEN.")
    return urlunsplit((scheme, parts.netloc, f"/ws/{bits[1]}", "", ""))


class RemoteMatch(NoUndo):
    """What the table screens read of a Match, from the host's messages for one seat."""

    def __init__(self, welcome: Welcome, send: Callable[[str, int], None]) -> None:
        self.game = get_game(welcome.game)
        self.seats = [Seat(name, "bot" if i in welcome.bots else "human", welcome.levels.get(i, "medium"))
                      for i, name in enumerate(welcome.seats)]
        self.me = welcome.seat
        self.viewer = self.last_shown = welcome.seat
        self.options = dict(welcome.options)
        self.obs: Observation | None = None
        self.at = 0
        self.log: list[LogEntry] = []
        self.heard = 0  # public events received so far (their place in the host's log)
        self.save_error: str | None = None
        self.save_path = None
        self.hints = 0
        self.memories: dict[int, dict[str, Any]] = {}
        self.seed = 0
        self._send = send

    def take(self, table: Table) -> None:
        self.obs = table.observation
        self.at = table.at
        new = table.events[max(0, self.heard - table.since):]  # a reconnection repeats the last few
        self.heard = max(self.heard, table.since + len(table.events))
        if new:
            seat = new[-1].seat
            self.log.append(LogEntry(seat=-1 if seat is None else seat, action="",
                                     events=[Event(e.text, e.kind, e.seat) for e in new]))

    # -- the read side of Match ----------------------------------------------------------------------

    @property
    def steps(self) -> range:
        return range(self.at)  # only its length is read: the moves played so far

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    solo = False

    def to_act(self) -> tuple[int, ...]:
        if self.obs is None or self.obs.over:
            return ()
        return tuple(self.obs.to_act)

    def bot_to_act(self) -> int | None:
        return None  # the host plays its bots

    def human_to_act(self) -> int | None:
        return self.me if self.me is not None and self.me in self.to_act() else None

    def needs_curtain(self, seat: int) -> bool:
        return False  # only this seat's own view ever comes here

    def private_views(self) -> bool:
        return False

    def show(self, seat: int | None) -> None:
        """The screen would hand over to another view; here there is only this seat's."""

    def observe(self, seat: int | None = None) -> Observation:
        assert self.obs is not None
        return self.obs

    def result(self) -> ResultView | None:
        return None if self.obs is None else self.obs.result

    def label(self, action: Any) -> str:
        text = str(action)
        for a in self.obs.legal if self.obs is not None else []:
            if a.text == text:
                return a.label
        return text

    def card_facts(self, slug: str) -> list[tuple[str, str]]:
        card = self.game.catalogue.find(slug)
        if card is None or self.obs is None:
            return []
        return list(self.game.card_facts(card, self.obs, self.game.options(**self.options)))

    # -- what the seat does --------------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> list[Event]:
        """Send the move; the host answers with the new table or a refusal."""
        self._send(str(action), self.at)
        return []

    def note_hint(self) -> None:
        pass

    def again(self, same_deal: bool = False) -> RemoteMatch:
        return self  # a rematch is the host's to start (JoinApp.start_match says so)

    def finish(self) -> None:
        pass

    def abandon(self) -> None:
        pass


class RemoteController(TableController):
    """The table's controller, minus what belongs to the host: bots and undo. A hint is asked of
    the host (its search, from this seat's view only) and shown when it comes."""

    offers_undo = False

    asking_at: int | None = None  # the table a hint was asked for, until it comes

    def prepare(self) -> None:
        pass  # no bot worker on this side

    def ask_hint(self, seat: int | None) -> str | None:
        m = self.match
        if seat is None or seat != m.me or seat not in m.to_act():
            return "A hint is for your own turn."
        if self.hint is not None and self.hint.at == m.at and self.hint.seat == seat:
            self.view.show_hint(self.hint)
            return None
        if self.asking_at == m.at:
            return "Still looking for a hint…"
        ask = getattr(self.app, "ask_hint", None)
        if ask is None or not ask(m.at):
            return "Not connected to the table: no hint now."
        self.asking_at = m.at
        self.view.redraw_hint()
        return None

    def status_line(self) -> str:
        if self.asking_at is not None and self.asking_at == self.match.at:
            return "Looking for a hint…"
        return super().status_line()

    def answer_hint(self, at: int, answer: Any) -> None:
        """The host's hint for the table at `at`, shown while that table is still on screen."""
        from decktable.bots.hints import HintAnswer
        from decktable.ui.controller import Hint

        self.asking_at = None
        m = self.match
        if at != m.at or m.me is None:
            return
        said = HintAnswer.model_validate(answer)
        self.hint = Hint(m.me, said.action, said, at)
        self.view.show_hint(self.hint)

    def undo(self, seat: int) -> str:
        raise DeckTableError(NO_UNDO)


class JoinApp(DeckTableApp):
    """The table screens for one seat of a shared table."""

    def __init__(self, url: str, **kw: Any) -> None:
        super().__init__(match=None, **kw)
        self.url = websocket_url(url)
        self.remote: RemoteMatch | None = None
        self.table_screen: Any = None
        self.ws: Any = None
        self.ended = ""  # why the table went away for good (printed after the app closes)
        self.connected = asyncio.Event()

    def get_default_screen(self) -> Any:
        from textual.screen import Screen
        from textual.widgets import Static

        class Waiting(Screen[None]):
            def compose(self) -> Any:
                yield Static("Joining the table…", id="joining")

        return Waiting()

    def on_mount(self) -> None:  # DeckTableApp's own on_mount runs too (Textual calls each class's)
        self.run_worker(self._connect(), name="decktable-join", exclusive=True)

    def back_to_lobby(self) -> None:
        self.exit()  # there is no lobby behind a joined seat: leaving the table leaves the app

    def start_match(self, match: Any) -> None:
        self.notify("A new game is the host's to start.", markup=False)

    # -- the connection ------------------------------------------------------------------------------

    async def _connect(self) -> None:
        import aiohttp

        async with aiohttp.ClientSession() as session:
            while not self.ended:
                try:
                    async with session.ws_connect(self.url, heartbeat=15) as ws:
                        self.ws = ws
                        async for msg in ws:
                            if msg.type == aiohttp.WSMsgType.TEXT:
                                self._receive(msg.data)
                except aiohttp.WSServerHandshakeError as exc:
                    if exc.status in (403, 404):
                        self.ended = "This link is not a seat at that table (the host refused it)."
                        break
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
                    pass
                self.ws = None
                self.connected.clear()
                if self.ended:
                    break
                self.notify("The table cannot be reached; trying again…", severity="warning", timeout=RETRY * 2,
                            markup=False)
                await asyncio.sleep(RETRY)
        self.exit()

    def send(self, action: str, at: int) -> None:
        ws = self.ws
        if ws is None or ws.closed:
            self.notify("Not connected to the table: the move was not sent.", severity="warning", markup=False)
            return
        asyncio.ensure_future(ws.send_str(json.dumps({"type": "act", "action": action, "at": at})))

    def ask_hint(self, at: int) -> bool:
        ws = self.ws
        if ws is None or ws.closed:
            return False
        asyncio.ensure_future(ws.send_str(json.dumps({"type": "hint", "at": at})))
        return True

    def _receive(self, text: str) -> None:
        try:
            data = json.loads(text)
            kind = data.get("type")
            if kind == "welcome":
                welcome = Welcome.model_validate(data)
                if self.remote is None or self.remote.me != welcome.seat:
                    self.remote = RemoteMatch(welcome, self.send)
                self.connected.set()
            elif kind == "table" and self.remote is not None:
                table = Table.model_validate(data)
                self.remote.take(table)
                self._show(table)
            elif kind == "hint" and self.table_screen is not None:
                self.table_screen.controller.answer_hint(int(data["at"]), data["answer"])
            elif kind == "refused":
                if data.get("action") == "hint" and self.table_screen is not None:
                    self.table_screen.controller.asking_at = None
                self.notify(str(data.get("reason", "")), severity="warning", markup=False)
            elif kind in ("replaced", "problem"):
                reason = str(data.get("reason", ""))
                self.notify(reason, severity="error", markup=False)
                if kind == "replaced" or reason.startswith("The host closed"):
                    self.ended = reason
        except (ValueError, ValidationError, AttributeError) as exc:
            self.notify(f"The table sent something this version cannot read ({exc}).", severity="error",
                        markup=False)

    def _show(self, table: Table) -> None:
        remote = self.remote
        assert remote is not None
        if self.table_screen is None:
            from decktable.ui.screens.table_registry import screen_class_for

            screen = screen_class_for(remote)(remote)  # type: ignore[arg-type]
            screen.controller = RemoteController(screen, remote)  # type: ignore[arg-type]
            self.table_screen = screen
            self.push_screen(screen)
            return
        controller = self.table_screen.controller
        controller.thinking = table.thinking
        if self.table_screen.is_attached:
            self.table_screen.advance()


def join(url: str, cards: str | None = None, theme: str | None = None) -> int:
    app = JoinApp(url, cards=cards, theme_name=theme)
    app.run()
    if app.ended:
        import sys

        sys.stderr.write(f"decktable: {app.ended}\n")
    return 0
