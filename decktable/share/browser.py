"""A shared table's links in a web browser: the seat's own table screens, drawn in xterm.js.

Opening a link (`/t/TOKEN`) gives `decktable serve`'s page (its template, script and font); the
page's terminal websocket (`/term/TOKEN`) is joined to an app kept for that link: `decktable join`
with Textual's web driver (`python -m decktable.web.child join`), a client of the host's own JSON
websocket like any other device, so it only ever receives what that seat may see. The app is
started by the link's first page and kept while the table runs: a reload, a phone that slept or a
second browser re-attach to it (the newer page takes it; the older is told), and the app redraws
the whole screen for the page, so the seat is back at once instead of after an app's start (1.5 s
or more). At most one app per link: the number of processes is bounded by the seats (plus the
table view), about 55 MiB each. The link's URL reaches the app through its environment, never its
command line (which other users of the machine can read).
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import sys
from string import Template
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from decktable.web.server import STATIC, TEMPLATE, Session, _size, read_message, textual_serve_static

if TYPE_CHECKING:
    from decktable.share.server import HostServer

TAKEN = "This seat was opened in another window; reload this page to take it back."
ENDED = "The seat's app stopped; reload this page to start it again."


class SeatApp:
    """The app behind one link, and the page attached to it now (if any)."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.command = command
        self.env = env
        self.session: Session | None = None
        self.pump: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # two pages opened at once start one app, not two

    @property
    def running(self) -> bool:
        return self.session is not None and self.pump is not None and not self.pump.done()

    async def attach(self, ws: web.WebSocketResponse, width: int, height: int) -> None:
        async with self._lock:
            await self._attach(ws, width, height)

    async def _attach(self, ws: web.WebSocketResponse, width: int, height: int) -> None:
        if not self.running:
            env = dict(self.env, COLUMNS=str(width), ROWS=str(height))
            self.session = Session(ws, self.command, env)
            await self.session.start()
            self.pump = asyncio.create_task(self.session.pump())
            session = self.session
            # the app ended (left the table, or failed: its error is on the page): the page is closed
            self.pump.add_done_callback(lambda _: asyncio.ensure_future(session.ws.close()))
            return
        session = self.session
        assert session is not None
        old, session.ws = session.ws, ws
        if not old.closed:
            await _say(old, TAKEN)
            await old.close(code=4000, message=b"Opened in another window.")
        # the page is blank: a size one row short, then its own, makes the app draw everything
        await session.send_meta({"type": "resize", "width": width, "height": max(1, height - 1)})
        await session.send_meta({"type": "resize", "width": width, "height": height})

    async def stop(self) -> None:
        if self.session is not None:
            await self.session.stop()
        if self.pump is not None:
            try:
                await asyncio.wait_for(self.pump, 3.0)
            except (asyncio.TimeoutError, asyncio.CancelledError, ConnectionError):
                pass


async def _say(ws: web.WebSocketResponse, text: str) -> None:
    try:
        await ws.send_bytes(("\x1b[2J\x1b[H" + text + "\r\n").encode("utf-8"))
    except (ConnectionError, RuntimeError):
        pass


class BrowserSeats:
    """The page and terminal routes of `decktable host`, and the apps behind the links."""

    def __init__(self, server: HostServer, look: list[str] | None = None) -> None:
        self.server = server
        self.look = list(look or [])  # --cards / --theme for the apps
        self.page_template = Template(TEMPLATE.read_text(encoding="utf-8"))
        self.apps: dict[str, SeatApp] = {}

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/term/{token}", self.terminal),
            web.static("/decktable", STATIC),
            web.static("/static", textual_serve_static()),
        ]

    async def page(self, request: web.Request, token: str) -> web.StreamResponse:
        try:
            font_size = max(8, min(48, int(request.query.get("fontsize", "16"))))
        except ValueError:
            font_size = 16
        body = self.page_template.substitute(websocket_path=html.escape(f"/term/{token}"), font_size=font_size)
        return web.Response(text=body, content_type="text/html",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    def _app_for(self, token: str) -> SeatApp:
        app = self.apps.get(token)
        if app is None:
            env = dict(os.environ)
            env.update(
                TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
                TEXTUAL_FPS="60",
                TEXTUAL_COLOR_SYSTEM="truecolor",
                TERM_PROGRAM="textual",
                DECKTABLE_SERVE_PARENT=str(os.getpid()),  # the app ends with the host (web/child.py)
                DECKTABLE_JOIN_URL=f"ws://{self._loopback()}:{self.server.port}/ws/{token}",
            )
            env.setdefault("ESCDELAY", "20")
            app = SeatApp([sys.executable, "-m", "decktable.web.child", *self.look, "join"], env)
            self.apps[token] = app
        return app

    def _loopback(self) -> str:
        host = self.server.host
        if host in ("0.0.0.0", ""):
            return "127.0.0.1"
        if host == "::":
            return "[::1]"
        return f"[{host}]" if ":" in host else host

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        known, _seat = self.server.table.role_of(token)
        if not known or not self.server._origin_ok(request):
            return web.Response(status=403, text="This link is not a seat at this table.\n")
        ws = web.WebSocketResponse(heartbeat=15)
        await ws.prepare(request)
        app = self._app_for(token)
        try:
            await app.attach(ws, _size(request.query.get("width"), 80), _size(request.query.get("height"), 24))
        except OSError as exc:
            await _say(ws, f"The seat's app could not start: {exc}")
            await ws.close()
            return ws
        session = app.session
        assert session is not None
        async for message in ws:
            if message.type != WSMsgType.TEXT or session.ws is not ws:
                continue
            parsed = read_message(message.data)
            if not parsed:
                continue
            kind, *rest = parsed
            if kind == "stdin" and rest and isinstance(rest[0], str):
                await session.send_input(rest[0])
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                await session.send_meta({"type": "resize", "width": _size(rest[0].get("width"), 80),
                                         "height": _size(rest[0].get("height"), 24)})
            elif kind == "ping" and rest:
                await ws.send_str(json.dumps(["pong", rest[0]]))
            elif kind in ("focus", "blur"):
                await session.send_meta({"type": kind})
        if not app.running and session.ws is ws:
            await _say(ws, ENDED)
        return ws  # the app stays for the next page of this link

    async def stop(self) -> None:
        await asyncio.gather(*(app.stop() for app in self.apps.values()), return_exceptions=True)
