"""`decktable host`: a shared table on the web — each person's link, and the table view's.

Routes (every one needs a token; nothing is served without one, on loopback or not):
- `GET /t/{token}`: the page a link opens: with `browser` (as `decktable host` runs it), the seat's
  table screens in xterm.js, through `/term/{token}` (decktable/share/browser.py); without, a short
  page saying whose seat the link is.
- `GET /ws/{token}`: the websocket a device plays through (JSON, decktable/share/wire.py).

Bound to 127.0.0.1 unless `--host` says otherwise. A browser's Origin, when sent, must name this
server (another site's page cannot drive a seat it somehow learnt). At most `max_connections`
websockets at once per table; one more is refused with a sentence (close code 1013). A connection
that sends no whole request within 20 seconds is closed (`decktable serve`'s clock, reused).
"""

from __future__ import annotations

import asyncio
import html
import socket
import sys
from typing import TYPE_CHECKING, Callable
from urllib.parse import urlsplit

from aiohttp import web

from decktable.share.host import SharedTable
from decktable.share.wire import Problem

if TYPE_CHECKING:
    from decktable.session.match import Match

#: websockets per table at once: every seat twice over (a phone and a reload), and a few table views
DEFAULT_MAX_CONNECTIONS = 24
MAX_MESSAGE = 4096  # bytes in one message from a device: an action is a few words
REFUSE = "This link is not a seat at this table. Ask the host for your own link.\n"


class HostServer:
    def __init__(self, table: SharedTable, host: str = "127.0.0.1", port: int = 0,
                 max_connections: int = DEFAULT_MAX_CONNECTIONS, header_timeout: float | None = None,
                 browser: bool = False, look: list[str] | None = None) -> None:
        from decktable.web.server import HEADER_TIMEOUT, Config, TableServer

        self.table = table
        self.host = host
        self.port = port
        self.max_connections = max_connections
        self.open = 0  # websockets counted from before their handshake, so two at once cannot both pass
        self._runner: web.AppRunner | None = None
        self._server: asyncio.AbstractServer | None = None
        #: `decktable serve`'s clock on connections (its protocol factory and middleware): one that
        #: has not sent a whole request within `header_timeout` seconds is closed
        self._clock = TableServer(Config(header_timeout=header_timeout or HEADER_TIMEOUT))
        #: the links in a web browser: the seat's table screens in xterm.js (decktable/share/browser.py)
        self.browser = None
        if browser:
            from decktable.share.browser import BrowserSeats

            self.browser = BrowserSeats(self, look)

    # -- routes ------------------------------------------------------------------------------------

    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is None or urlsplit(origin).netloc.lower() == (request.host or "").lower()

    async def page(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        known, seat = self.table.role_of(token)
        if not known:
            return web.Response(status=403, text=REFUSE)
        if self.browser is not None:
            return await self.browser.page(request, token)
        m = self.table.match
        who = "the table view (everyone's screen: no hand is shown)" if seat is None else f"{m.seats[seat].name}'s seat"
        body = (
            "<!doctype html><html><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>decktable: {html.escape(m.game.info.name)}</title></head>"
            "<body style='font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em'>"
            f"<h1>{html.escape(m.game.info.name)}</h1><p>This link is {html.escape(who)}.</p>"
            "<p>To sit at it from a terminal, run <code>decktable join</code> with this page's address.</p>"
            "</body></html>"
        )
        return web.Response(text=body, content_type="text/html",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        known, seat = self.table.role_of(request.match_info["token"])
        if not known or not self._origin_ok(request):
            return web.Response(status=403, text=REFUSE)
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if self.open >= self.max_connections:
            await ws.prepare(request)
            await ws.send_str(Problem(reason=f"This table has {self.max_connections} devices connected "
                                             "already; close one and open the link again.").model_dump_json())
            await ws.close(code=1013, message=b"Every place is taken.")
            return ws
        self.open += 1
        try:
            await ws.prepare(request)
            await self.table.attach(ws, seat)
        finally:
            self.open -= 1
        return ws

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._clock._note_request])
        app.add_routes([web.get("/t/{token}", self.page), web.get("/ws/{token}", self.websocket)])
        if self.browser is not None:
            app.add_routes(self.browser.routes())
        return app

    # -- running -----------------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen; returns the port (the one picked when `port` is 0)."""
        self._runner = web.AppRunner(self.make_app(), handle_signals=False, shutdown_timeout=2.0, access_log=None)
        await self._runner.setup()
        assert self._runner.server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._clock._protocol(self._runner.server), self.host, self.port,
                                                reuse_address=True)
        sockets = self._server.sockets or []
        self.port = sockets[0].getsockname()[1] if sockets else self.port
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()  # no new connection
        if self.browser is not None:
            await self.browser.stop()  # the apps first: they are the host's devices too
        await self.table.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def base_urls(self) -> list[str]:
        if self.host in ("0.0.0.0", "::", ""):
            from decktable.web.server import lan_address

            lan = lan_address()
            names = ([lan] if lan else []) + [socket.gethostname()]
        else:
            names = [self.host]
        return [f"http://{'[' + n + ']' if ':' in n else n}:{self.port}" for n in names]

    def links(self) -> list[tuple[str, str]]:
        """(who, URL) for each person's seat, then ("Table", URL)."""
        base = self.base_urls()[0]
        m = self.table.match
        out = [(m.seats[s].name, f"{base}/t/{tok}") for s, tok in sorted(self.table.seat_tokens.items())]
        return out + [("Table", f"{base}/t/{self.table.table_token}")]

    def announce_text(self, keyboard: bool = False) -> str:
        m = self.table.match
        lines = [f"{name}: {url}" for name, url in self.links()]
        bots = [s.name for s in m.seats if s.is_bot]
        lines.append(f"({m.game.info.name}; each link is one person's seat and holds its secret: send it to that "
                     "person only." + (f" Bots here: {', '.join(bots)}." if bots else "")
                     + (" A seat nobody opened is played at this keyboard; S shows the links again, q closes the "
                        "table.)" if keyboard else " A seat nobody opened waits for its link. Ctrl+C stops the table.)"))
        return "\n".join(lines)


def host(match: Match, host: str = "127.0.0.1", port: int = 0, max_connections: int = DEFAULT_MAX_CONNECTIONS,
         announce: Callable[[str], None] | None = None, look: list[str] | None = None, qr: bool = False,
         keyboard: bool | None = None, cards: str | None = None, theme: str | None = None) -> int:
    """Run a shared table until Ctrl+C or SIGTERM (or, with the host's keyboard, until its table is
    left); the exit status. `qr`: each link is drawn as a QR code too. `keyboard` (by default: when
    this terminal is one): the table's screens here, where the seats nobody opened are played
    hot-seat (decktable/share/host_app.py); without, the host only serves and such seats wait."""
    if keyboard is None:
        keyboard = sys.stdin.isatty() and sys.stdout.isatty() and sys.stderr.isatty()

    async def run() -> None:
        server = HostServer(SharedTable(match, keep_links=True), host, port, max_connections, browser=True, look=look)
        await server.start()
        (announce or (lambda t: print(t, flush=True)))(server.announce_text(keyboard))
        if qr:
            from decktable.share.qr import print_codes

            print_codes(server.links())
        try:
            if keyboard:
                from decktable.share.host_app import HostApp

                await HostApp(server, cards=cards, theme_name=theme).run_async()
            else:
                from decktable.web.server import stop_on_signals

                await stop_on_signals().wait()
        finally:
            await server.stop()

    try:
        asyncio.run(run())
    except OSError as exc:
        sys.stderr.write(f"decktable: cannot host on {host}:{port}: {exc.strerror or exc}.\n")
        return 1
    except KeyboardInterrupt:
        pass
    return 0
