"""The host's own screen at a shared table: the seats nobody opened are played here, hot-seat.

`decktable host` in a terminal runs `HostApp`: the usual table screens, driving a `HostedMatch`
(the shared table's `Match` seen from the host's keyboard) through a `HostController`. Who plays
what:

- a seat whose link is open on a device (a browser, `decktable join`) is that device's: the host
  waits for it as for a bot, and never shows its hand;
- a human seat no device holds is played at this keyboard, hot-seat, with the hand-off curtain;
- bots are played by the `SharedTable` (decktable/share/host.py), for the devices and the host alike.

Privacy at the host's screen, which everyone in the room may see: a hand is shown only while its
seat is to act at this keyboard, and only after a curtain its player lifted (a seat's hand is
never left on screen while a device, a bot or another keyboard seat moves). When a device opens a
seat whose hand is on screen, or whose curtain is up, that hand leaves the screen at once.

Undo is not offered at a shared table (every device has already seen the move); a hint is for
the keyboard seat to act, from its own view, as at any table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from decktable.engine.errors import DeckTableError
from decktable.share.host import NO_UNDO, NoUndo
from decktable.ui.app import DeckTableApp
from decktable.ui.controller import TableController

if TYPE_CHECKING:
    from decktable.engine.game import Event
    from decktable.session.match import Match
    from decktable.share.host import SharedTable
    from decktable.share.server import HostServer

CLOSE_QUESTION = ("Close the shared table? Every device's seat closes with it. The game is saved: "
                  "it can be shared again, with the same links (decktable host --resume).")
NO_REMATCH = "A new game at a shared table starts from the command line: run decktable host again."


class HostedMatch(NoUndo):
    """The shared table's Match as the host's table screens see it: bots and devices' seats are
    played elsewhere (`bot_to_act` is never this screen's), a human seat no device holds is a
    keyboard seat, and a hand is hidden whenever another person may be looking."""

    def __init__(self, table: SharedTable) -> None:
        self.table = table
        self.viewer: int | None = None
        self.last_shown: int | None = None

    @property
    def match(self) -> Match:
        return self.table.match

    def __getattr__(self, name: str) -> Any:  # the read side of Match: seats, game, log, steps, ...
        return getattr(self.table.match, name)

    # -- who acts here, who is seen ------------------------------------------------------------------

    def keyboard(self, seat: int) -> bool:
        return not self.match.seats[seat].is_bot and seat not in self.table.seated

    def to_act(self) -> tuple[int, ...]:
        return self.match.to_act()

    def bot_to_act(self) -> int | None:
        return None  # the shared table plays its bots

    def human_to_act(self) -> int | None:
        acting = self.to_act()
        if self.viewer in acting and self.keyboard(self.viewer):
            return self.viewer
        for s in acting:
            if self.keyboard(s):
                return s
        return None

    def private_views(self) -> bool:
        return self.match.private_views()

    def needs_curtain(self, seat: int) -> bool:
        """Before a keyboard seat's hand is shown, every time it was not on screen: people with
        their own devices sit around the host's screen too."""
        return self.private_views() and self.viewer != seat

    def show(self, seat: int | None) -> None:
        if seat is not None and not self.keyboard(seat):
            seat = None  # a device holds it now: its hand is never drawn here
        self.viewer = seat
        if seat is not None:
            self.last_shown = seat

    def observe(self, seat: int | None = None) -> Any:
        if seat is None:
            seat = self.viewer
            if seat is None and not self.private_views():  # one person's hand only: theirs stays
                seat = self.human_to_act()
                if seat is None:
                    seat = next((s for s in self.match.humans if self.keyboard(s)), None)
        if seat is not None and not self.keyboard(seat):
            seat = None  # never the hand of a seat a device holds
        return self.match.game.observe(self.match.state, seat)

    def card_facts(self, slug: str) -> list[tuple[str, str]]:
        card = self.match.game.catalogue.find(slug)
        if card is None:
            return []
        return list(self.match.game.card_facts(card, self.observe(), self.match.state.options))

    # -- what the keyboard does ----------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> list[Event]:
        return self.table.play_local(seat, action)


class HostController(TableController):
    """The table's controller at the host: no bots of its own (the shared table plays them), a
    hand hidden while anyone else moves, no undo, no rematch from here."""

    offers_undo = False

    def prepare(self) -> None:
        pass  # the shared table starts its own bot worker

    def advance(self) -> None:
        from decktable.share.qr_screen import LinksScreen

        if isinstance(self.app.screen, LinksScreen):
            # the links are being shown (phones pointed at them): no curtain or summary goes up
            # over them; the turn loop goes on when they close
            self.hide_while_waiting()
            return
        super().advance()
        self.hide_while_waiting()

    def hide_while_waiting(self) -> None:
        """Nobody at this keyboard is to act (a device, a bot): no hand stays on screen."""
        if self.curtain_up or self.busy or self.summary_up:
            return
        m = self.match
        if m.viewer is not None and m.private_views() and m.human_to_act() != m.viewer:
            m.show(None)
            self.view.pending = None
            self.view.redraw()

    def undo(self, seat: int) -> str:
        raise DeckTableError(NO_UNDO)

    def _after_results(self, choice: str | None = None) -> None:
        if choice in ("rematch", "replay"):
            self.app.notify(NO_REMATCH, markup=False)
        self.view.go_to_lobby()


_SHARED_SCREENS: dict[type, type] = {}


def shared_screen_class(base: type) -> type:
    """The table screen of a layout, with what a shared table adds: `S` shows the links and their
    QR codes, leaving asks first (it closes the table for every device), and the server is
    stopped when the screen goes when the screen started it (the lobby's "Share this table")."""
    if base not in _SHARED_SCREENS:

        def action_links(self: Any) -> None:
            self.app.push_screen(links_screen(self.session.table, self.session.server), lambda _r: self.advance())

        def action_lobby(self: Any) -> None:
            if isinstance(self.app, HostApp):
                self.app.back_to_lobby()  # it asks, then ends the app
                return
            confirm_close(self.app, self.go_to_lobby)

        def on_unmount(self: Any) -> None:
            self.session.closed()

        _SHARED_SCREENS[base] = type(f"Shared{base.__name__}", (base,), {
            "BINDINGS": [Binding("S", "links", "Links")],
            "action_links": action_links,
            "action_lobby": action_lobby,
            "on_unmount": on_unmount,
            "__module__": __name__,
        })
    return _SHARED_SCREENS[base]


def confirm_close(app: Any, then: Any) -> None:
    """Ask before closing a shared table; `then` runs on yes, the turn loop goes on on no."""
    from decktable.ui.screens.confirm import ConfirmScreen

    if isinstance(app.screen, ConfirmScreen):
        return
    session = getattr(getattr(app, "session", None), "screen", None)

    def answered(yes: bool | None) -> None:
        if yes:
            then()
        elif session is not None and session.is_attached:
            session.advance()

    app.push_screen(ConfirmScreen(CLOSE_QUESTION), answered)


def links_screen(table: SharedTable, server: HostServer) -> Any:
    """The links and their codes, each seat's saying where it is played now."""
    from decktable.share.qr_screen import LinksScreen

    def where(name: str) -> str:
        seat = next((i for i, s in enumerate(table.match.seats) if s.name == name), None)
        return "open on a device now" if seat in table.seated else "played at this keyboard until its link is opened"

    return LinksScreen(server.links(), where=where)


class SharedSession:
    """A shared table's screen at the host: its table screen (driving a HostedMatch through a
    HostController) and what keeps it in step with the devices."""

    def __init__(self, app: Any, server: HostServer, stop_server: bool = False) -> None:
        from decktable.ui.screens.table_registry import screen_class_for

        self.app = app
        self.server = server
        self.table = server.table
        self.hosted = HostedMatch(self.table)
        self.stop_server = stop_server  # the lobby's share: the table ends with its screen
        screen = shared_screen_class(screen_class_for(self.hosted))(self.hosted)  # type: ignore[arg-type]
        screen.controller = HostController(screen, self.hosted)  # type: ignore[arg-type]
        screen.session = self
        self.screen = screen
        self._advance_queued = False
        self.table.on_change = self.table_changed

    def closed(self) -> None:
        """The table screen went away: with the lobby's share, the table closes for every device."""
        self.table.on_change = None
        if self.stop_server:
            self.stop_server = False
            import asyncio

            asyncio.ensure_future(self.server.stop())

    def table_changed(self) -> None:
        """A move, a bot thinking, a device taking or leaving a seat. A hand whose seat a device
        now holds leaves this screen at once (here, not later); the rest is the turn loop's."""
        screen = self.screen
        controller = screen.controller
        controller.thinking = self.table.thinking
        m = self.hosted
        if m.viewer is not None and not m.keyboard(m.viewer):
            m.show(None)
            screen.pending = None
            self._drop_private_screens()
            if screen.is_attached:
                screen.redraw()
        if controller.curtain_up:
            curtain = self._curtain()
            if curtain is not None and not self._curtain_still_right(curtain):
                controller.curtain_up = False
                self._pop_to_table()
        if not self._advance_queued:
            self._advance_queued = True
            self.app.call_later(self._advance)

    def _advance(self) -> None:
        self._advance_queued = False
        screen = self.screen
        if screen.is_attached:
            screen.advance()
            if screen.obs is not None and not screen.controller.curtain_up:
                screen.redraw()  # the seats panel's thinking mark, a device's move

    def _curtain(self) -> Any:
        from decktable.ui.screens.curtain import CurtainScreen

        for s in self.app.screen_stack:
            if isinstance(s, CurtainScreen):
                return s
        return None

    def _curtain_still_right(self, curtain: Any) -> bool:
        """The curtain up names a seat still played at this keyboard."""
        for i, seat in enumerate(self.hosted.seats):
            if seat.name == curtain.player:
                return self.hosted.keyboard(i)
        return False

    def _pop_to_table(self) -> None:
        app = self.app
        while len(app.screen_stack) > 1 and app.screen is not self.screen and self.screen in app.screen_stack:
            app.pop_screen()

    def _drop_private_screens(self) -> None:
        """Screens drawn from the hand that just left (a card's menu, a card's facts)."""
        from decktable.ui.screens.card_info import CardInfoScreen
        from decktable.ui.widgets.choice_menu import ChoiceMenu

        while isinstance(self.app.screen, (ChoiceMenu, CardInfoScreen)):
            self.app.pop_screen()


class HostApp(DeckTableApp):
    """The table screens of a shared table at the host's keyboard. The server runs on this app's
    event loop (started by the caller); leaving the table ends the app, and so the table."""

    def __init__(self, server: HostServer, **kw: Any) -> None:
        super().__init__(match=None, **kw)
        self.server = server
        self.table = server.table
        self.session: SharedSession | None = None

    @property
    def table_screen(self) -> Any:
        return None if self.session is None else self.session.screen

    @property
    def hosted(self) -> HostedMatch | None:
        return None if self.session is None else self.session.hosted

    def get_default_screen(self) -> Any:
        from decktable.ui.screens.lobby_later import LobbyLater

        return LobbyLater()

    def on_mount(self) -> None:
        self.session = SharedSession(self, self.server)
        screen = self.session.screen
        self.push_screen(screen)
        # the links printed before this screen came up are under it now: here they are, with their
        # codes, until Esc; no curtain goes up over them meanwhile
        self.push_screen(links_screen(self.table, self.server), lambda _r: screen.advance())

    def back_to_lobby(self) -> None:
        """No lobby behind a shared table: leaving it closes the table for every device, so it is
        asked first (the game is saved either way)."""
        confirm_close(self, self.exit)

    def start_match(self, match: Any) -> None:
        self.notify(NO_REMATCH, markup=False)


#: where the lobby's "Share this table" listens: the local network (the others' phones are the
#: point), on `decktable host`'s port, or any free one when that is taken
LOBBY_HOST = "0.0.0.0"
LOBBY_PORT = 8100


def share_from_lobby(app: Any, match: Match, host: str | None = None, port: int | None = None) -> None:
    """The lobby's "Share this table": the match becomes a shared table served from this app (on
    the local network: the point is the others' phones), its links and their codes shown first.
    Leaving the table closes it for every device."""
    from decktable.share.host import SharedTable
    from decktable.share.server import HostServer

    host = LOBBY_HOST if host is None else host
    port = LOBBY_PORT if port is None else port
    cards = getattr(app, "_cards", None)
    look = [*(["--cards", cards] if cards else []), "--theme", str(app.theme)]

    async def start() -> None:
        table = SharedTable(match, keep_links=True)
        server = None
        for p in (port, 0):  # the usual port, or any free one when it is taken
            server = HostServer(table, host, p, browser=True, look=look)
            try:
                await server.start()
                break
            except OSError:
                server = None
        if server is None:
            app.notify("The table could not be shared: no port to listen on.", severity="error", markup=False)
            return
        session = SharedSession(app, server, stop_server=True)
        app.back_to_lobby()
        app.push_screen(session.screen)
        app.push_screen(links_screen(table, server), lambda _r: session.screen.advance())

    app.run_worker(start(), name="decktable-share", exclusive=True)
