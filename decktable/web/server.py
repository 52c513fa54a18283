"""`decktable serve`: the lobby in a web browser, one app process per open tab.

Built on aiohttp and textual-serve's page script (xterm.js), with our own page and process
handling:

- every websocket (a browser tab) gets its own `python -m decktable.web.child` process running the
  lobby with Textual's web driver, in a process group of its own, so each tab plays its own match
  (one save per match) and the server can end the app with everything it started;
- a tab closed: the app is told to quit (moves are saved as they are made), and its group is
  terminated, then killed, if it has not ended within `QUIT_GRACE` seconds;
- the server stopped (Ctrl+C, SIGTERM): every websocket is closed and every app ended the same
  way, all at once, within a few seconds; a server killed outright leaves no orphans either
  (each child asks the kernel for SIGTERM when its parent dies, see child.py);
- an app that fails (cannot start, or stops with an error) shows its error in the page;
- bound anywhere but the loopback interface, the server requires an access token, part of the
  printed address: the page and the websocket refuse requests without it (403). On the loopback
  interface, the Host and Origin headers must name this server, so other web sites open in the
  same browser cannot start or drive a table.
- at most `max_tables` tabs have an app at once (DEFAULT_MAX_TABLES, 32: an app is about 36 MiB,
  and 32 is what a small machine holds; `decktable serve --max-tables N` changes it); one more tab
  gets a page that says so, and no process;
- a connection that has not sent a whole request within `header_timeout` seconds (20) of its last
  answer is closed: connections that never finish their headers are not held forever;
- a websocket message that is not one the page sends (too long, nested deeper than a few levels,
  Infinity, NaN or a number that overflows) is dropped, and the tab goes on.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import ipaddress
import json
import math
import os
import re
import secrets
import signal
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any, Callable
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

HERE = Path(__file__).parent
STATIC = HERE / "static"
TEMPLATE = HERE / "templates" / "index.html"
QUIT_GRACE = 2.0  # seconds an app has to quit by itself before its process group is terminated
TERM_GRACE = 1.0  # and then to end after SIGTERM, before SIGKILL
ERROR_LINES = 40  # the last lines of a failed app's stderr shown in the page
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "[::1]"}
DEFAULT_MAX_TABLES = 32  # an app is about 36 MiB; 30 tabs made 30 processes and 1.2 GB with no cap
HEADER_TIMEOUT = 20.0  # seconds a connection may take to send a whole request (headers included)
MAX_MESSAGE = 1 << 20  # characters in one websocket message: a paste is far shorter
MAX_MESSAGE_DEPTH = 4  # ["resize", {"width": 80}] is 2 deep


def textual_serve_static() -> Path:
    """textual-serve's static folder (textual.js and xterm.css)."""
    import textual_serve

    return Path(textual_serve.__file__).parent / "static"


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def encode_packet(kind: bytes, payload: bytes) -> bytes:
    """A packet for the web driver's stdin: kind (b"D" data, b"M" meta), length, payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


@dataclass
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # required in every page and websocket address when set
    app_args: list[str] = field(default_factory=list)  # passed to `decktable` in each child
    max_tables: int = DEFAULT_MAX_TABLES  # tabs with an app at once; one more is refused with a page
    header_timeout: float = HEADER_TIMEOUT


class Session:
    """One browser tab: its websocket and the app process behind it."""

    def __init__(self, ws: web.WebSocketResponse, command: list[str], env: dict[str, str]) -> None:
        self.ws = ws
        self.command = command
        self.env = env
        self.proc: asyncio.subprocess.Process | None = None
        self.stderr = bytearray()
        self.ready = False  # the app printed the web driver's greeting
        self.stopping = False
        self._stopped: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self.env,
            start_new_session=True,  # its own process group: ended with everything it started
        )

    async def _write(self, packet: bytes) -> None:
        if self.proc is None or self.proc.stdin is None or self.proc.stdin.is_closing():
            return
        try:
            self.proc.stdin.write(packet)
            await self.proc.stdin.drain()
        except (ConnectionError, RuntimeError, OSError):
            pass

    async def send_input(self, text: str) -> None:
        await self._write(encode_packet(b"D", text.encode("utf-8")))

    async def send_meta(self, data: dict[str, Any]) -> None:
        await self._write(encode_packet(b"M", json.dumps(data).encode("utf-8")))

    async def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(4096):
            self.stderr += chunk
            del self.stderr[:-65536]

    async def pump(self) -> None:
        """Copy the app's screen to the websocket until the app ends; then show its error, if any."""
        assert self.proc is not None and self.proc.stdout is not None
        stdout = self.proc.stdout
        errors = asyncio.create_task(self._read_stderr())
        try:
            for _ in range(20):  # the web driver greets with a line of its own before any packet
                line = await stdout.readline()
                if not line:
                    break
                if line == b"__GANGLION__\n":
                    self.ready = True
                    break
            while self.ready:
                head = await stdout.readexactly(5)
                payload = await stdout.readexactly(int.from_bytes(head[1:], "big"))
                if head[:1] == b"D":
                    await self._send(payload)
                elif head[:1] == b"M":
                    await self._on_meta(payload)
        except asyncio.IncompleteReadError:
            pass
        finally:
            code = await self.proc.wait()
            try:
                await asyncio.wait_for(errors, 1.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                errors.cancel()
        if not self.stopping and (code != 0 or not self.ready):
            await self.show_error(code)

    async def _send(self, data: bytes | str) -> None:
        """To the browser; once the tab is gone the app's output is read and dropped, so that it
        never blocks on a full pipe while quitting."""
        if self.ws.closed:
            return
        try:
            if isinstance(data, bytes):
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(data)
        except ConnectionError:
            pass

    async def _on_meta(self, payload: bytes) -> None:
        try:
            meta = json.loads(payload)
        except ValueError:
            return
        if meta.get("type") == "open_url":
            await self._send(json.dumps(["open_url", {"url": meta.get("url"), "new_tab": True}]))

    async def show_error(self, code: int | None) -> None:
        """The app failed: its error in the page (and on the server's console)."""
        text = self.stderr.decode("utf-8", "replace").strip()
        lines = text.splitlines()[-ERROR_LINES:] or [f"The table stopped (exit status {code})."]
        sys.stderr.write("decktable serve: a table stopped with an error:\n" + "\n".join(lines) + "\n")
        screen = ["decktable could not go on:", ""] + lines
        data = "\x1b[?1049l\x1b[0m\x1b[2J\x1b[H\x1b[?25l" + "\r\n".join(screen) + "\r\n"
        await self._send(data.encode("utf-8"))

    def stop(self) -> asyncio.Task[None]:
        """End the app (once): ask it to quit, then terminate and kill its process group."""
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop())
        return self._stopped

    async def _stop(self) -> None:
        self.stopping = True
        proc = self.proc
        if proc is None:
            return
        if proc.returncode is None:
            await self.send_meta({"type": "quit"})
        for sig, grace in ((None, QUIT_GRACE), (signal.SIGTERM, TERM_GRACE), (signal.SIGKILL, 5.0)):
            if sig is not None:
                self._signal_group(sig)
            try:
                await asyncio.wait_for(proc.wait(), grace)
                break
            except asyncio.TimeoutError:
                continue
        self._signal_group(signal.SIGKILL)  # anything the app started and left behind

    def _signal_group(self, sig: int) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


class TableServer:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.sessions: set[Session] = set()
        self.page = Template(TEMPLATE.read_text(encoding="utf-8"))
        self.command = [sys.executable, "-m", "decktable.web.child", *config.app_args]
        self._busy: dict[Any, int] = {}  # connection (aiohttp's protocol) -> requests being answered
        self._since: dict[Any, float] = {}  # connection -> when it opened or last answered

    # -- who may come in -------------------------------------------------------------------------

    def _token_ok(self, given: str | None) -> bool:
        token = self.config.token
        if token is None:
            return True
        return given is not None and hmac.compare_digest(given.encode(), token.encode())

    def _headers_ok(self, request: web.Request) -> bool:
        """On the loopback interface without a token: the Host must be a loopback name (no DNS
        rebinding) and an Origin, when sent, must be this same host (no other web site's page)."""
        host = request.host or ""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
            return False
        if self.config.token is None:
            name = urlsplit("//" + host).hostname or ""
            return is_loopback(name)
        return True

    def _full(self) -> bool:
        return len(self.sessions) >= self.config.max_tables

    def _full_text(self) -> str:
        n = self.config.max_tables
        return (f"All {n} table{'s' if n != 1 else ''} of this server are in use. Close another tab of it, "
                f"then reload this page (the server's --max-tables sets how many there may be).")

    def _refuse_full(self) -> web.Response:
        """The page for one tab too many: it says so, and starts no process."""
        text = html.escape(self._full_text())
        body = (
            "<!doctype html><html><head><meta charset='utf-8'><title>decktable: every table is in use</title>"
            "</head><body style='font-family: sans-serif; max-width: 40em; margin: 3em auto'>"
            f"<h1>Every table is in use</h1><p>{text}</p></body></html>"
        )
        return web.Response(status=503, text=body, content_type="text/html",
                            headers={"Cache-Control": "no-store", "Retry-After": "30"})

    def _refuse(self) -> web.Response:
        return web.Response(
            status=403,
            text="This table needs the full address printed by `decktable serve`, with its token.\n",
        )

    # -- routes ------------------------------------------------------------------------------------

    async def index(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request.query.get("token")) or not self._headers_ok(request):
            return self._refuse()
        if self._full():
            return self._refuse_full()
        try:
            font_size = max(8, min(48, int(request.query.get("fontsize", "16"))))
        except ValueError:
            font_size = 16
        path = "/ws" + (f"/{self.config.token}" if self.config.token else "")
        body = self.page.substitute(websocket_path=html.escape(path), font_size=font_size)
        return web.Response(
            text=body,
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
        )

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request.match_info.get("token")) or not self._headers_ok(request):
            return self._refuse()
        if self._full():  # a page loaded before the others were opened: said in the tab, no process
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await ws.send_bytes(("\x1b[2J\x1b[H" + self._full_text() + "\r\n").encode("utf-8"))
            await ws.close(code=1013, message=b"Every table is in use.")
            return ws
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        ws = web.WebSocketResponse(heartbeat=15)
        session = Session(ws, self.command, self._child_env(width, height))
        self.sessions.add(session)  # counted before any wait: two tabs at once cannot both pass the cap
        try:
            await ws.prepare(request)
        except BaseException:
            self.sessions.discard(session)
            raise
        pump: asyncio.Task[None] | None = None
        try:
            try:
                await session.start()
            except OSError as exc:
                await ws.send_bytes(f"decktable could not start: {exc}\r\n".encode())
                return ws
            pump = asyncio.create_task(session.pump())
            pump.add_done_callback(lambda _: asyncio.ensure_future(ws.close()))
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                parsed = read_message(message.data)
                if not parsed:
                    continue  # not a message the page sends: dropped, the tab goes on
                kind, *rest = parsed
                if kind == "stdin" and rest and isinstance(rest[0], str):
                    await session.send_input(rest[0])
                elif kind == "resize" and rest and isinstance(rest[0], dict):
                    await session.send_meta(
                        {"type": "resize", "width": _size(rest[0].get("width"), 80),
                         "height": _size(rest[0].get("height"), 24)}
                    )
                elif kind == "ping" and rest:
                    await ws.send_str(json.dumps(["pong", rest[0]]))
                elif kind in ("focus", "blur"):
                    await session.send_meta({"type": kind})
        finally:
            await session.stop()  # the tab is gone: the app quits (its moves are saved already)
            if pump is not None:
                try:
                    await asyncio.wait_for(pump, 2.0)
                except (asyncio.TimeoutError, asyncio.CancelledError, ConnectionError):
                    pass
            self.sessions.discard(session)
            await ws.close()
        return ws

    def _child_env(self, width: int, height: int) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            TERM_PROGRAM="textual",
            COLUMNS=str(width),
            ROWS=str(height),
            DECKTABLE_SERVE_PARENT=str(os.getpid()),
        )
        env.setdefault("ESCDELAY", "20")  # a key's bytes come in one message: a lone ESC is Escape
        return env

    # -- connections that never finish a request -----------------------------------------------------

    @web.middleware
    async def _note_request(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        """A whole request came in on this connection (its headers are read): its clock stops
        until the answer is done (a websocket's answer lasts as long as the tab)."""
        proto = request.protocol
        self._busy[proto] = self._busy.get(proto, 0) + 1
        try:
            return await handler(request)
        finally:
            self._busy[proto] -= 1
            self._since[proto] = asyncio.get_running_loop().time()

    def _protocol(self, make: Callable[[], Any]) -> Callable[[], Any]:
        """aiohttp's protocol factory, with a clock on each connection: one that has been idle
        or sending a request for `header_timeout` seconds without a whole request is closed
        (aiohttp waits forever for headers that never end)."""
        loop = asyncio.get_running_loop()
        limit = self.config.header_timeout

        def check(proto: Any) -> None:
            transport = getattr(proto, "transport", None)
            if transport is None or transport.is_closing():  # the connection is gone
                self._busy.pop(proto, None)
                self._since.pop(proto, None)
                return
            idle = loop.time() - self._since.get(proto, 0.0)
            if not self._busy.get(proto) and idle >= limit:
                transport.close()  # no whole request in time: the connection is dropped
                self._busy.pop(proto, None)
                self._since.pop(proto, None)
                return
            wait = limit - idle if not self._busy.get(proto) else limit
            loop.call_later(max(0.05, wait), check, proto)

        def factory() -> Any:
            proto = make()
            self._since[proto] = loop.time()
            loop.call_later(limit, check, proto)
            return proto

        return factory

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._note_request])
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/ws", self.websocket),
                web.get("/ws/{token}", self.websocket),
                web.static("/decktable", STATIC),
                web.static("/static", textual_serve_static()),
            ]
        )
        return app

    async def close_all(self) -> None:
        """Close every tab and end every app, all at once."""
        sessions = list(self.sessions)
        for s in sessions:
            s.stopping = True
        await asyncio.gather(*(s.stop() for s in sessions), return_exceptions=True)
        await asyncio.gather(
            *(s.ws.close(code=1001, message=b"The server stopped.") for s in sessions), return_exceptions=True
        )

    async def run(self, announce: Callable[[str], None]) -> None:
        runner = web.AppRunner(self.make_app(), handle_signals=False, shutdown_timeout=2.0, access_log=None)
        await runner.setup()
        loop = asyncio.get_running_loop()
        assert runner.server is not None
        server = await loop.create_server(self._protocol(runner.server), self.config.host, self.config.port,
                                          reuse_address=True)
        port = server.sockets[0].getsockname()[1] if server.sockets else self.config.port
        announce(self.address_text(port))
        stop = stop_on_signals()
        try:
            await stop.wait()
        finally:
            server.close()  # no new connection
            await self.close_all()
            await runner.cleanup()

    def urls(self, port: int) -> list[str]:
        host = self.config.host
        query = f"/?token={self.config.token}" if self.config.token else "/"
        names: list[str]
        if host in ("0.0.0.0", "::", ""):
            lan = lan_address()
            names = ([lan] if lan else []) + [socket.gethostname()]
        else:
            names = [host]
        return [f"http://{'[' + n + ']' if ':' in n else n}:{port}{query}" for n in names]

    def address_text(self, port: int) -> str:
        urls = self.urls(port)
        lines = [f"decktable is serving the lobby at {urls[0]}"]
        lines += [f"                              or {u}" for u in urls[1:]]
        if self.config.token:
            lines.append("The address holds an access token: only who has it can open a table.")
        lines.append("Each browser tab plays its own game. Press Ctrl+C to stop.")
        return "\n".join(lines)


def _size(value: Any, default: int) -> int:
    if isinstance(value, float) and not math.isfinite(value):
        return default
    try:
        return max(1, min(1000, int(value)))
    except (TypeError, ValueError, OverflowError):
        return default


_JSON_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _too_deep(text: str) -> bool:
    """Nested deeper than MAX_MESSAGE_DEPTH outside strings (counted without parsing: 100,000
    brackets must not recurse)."""
    depth = 0
    for ch in _JSON_STRINGS.sub("", text):
        if ch in "[{":
            depth += 1
            if depth > MAX_MESSAGE_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a tab sends")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400
        raise ValueError("a number too large")
    return value


def read_message(data: str) -> list[Any] | None:
    """A websocket message from the page: a JSON list (["stdin", text], ["resize", {...}], ...),
    or None for anything else (too long, too deep, Infinity, NaN, 1e400, not a list)."""
    if len(data) > MAX_MESSAGE or _too_deep(data):
        return None
    try:
        value = json.loads(data, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, TypeError, RecursionError):
        return None
    return value if isinstance(value, list) and value else None


def serve(host: str = "127.0.0.1", port: int = 8000, app_args: list[str] | None = None,
          max_tables: int | None = None) -> int:
    """Run the server until Ctrl+C or SIGTERM; returns the exit status."""
    token = None if is_loopback(host) else secrets.token_urlsafe(16)
    server = TableServer(Config(host=host, port=port, token=token, app_args=list(app_args or []),
                                max_tables=max_tables or DEFAULT_MAX_TABLES))

    def announce(text: str) -> None:
        print(text, flush=True)

    try:
        asyncio.run(server.run(announce))
    except OSError as exc:
        sys.stderr.write(f"decktable: cannot serve on {host}:{port}: {exc.strerror or exc}.\n")
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def stop_on_signals() -> asyncio.Event:
    """An event set by SIGINT or SIGTERM, so a server's loop ends by its own `finally` (where the
    platform lets a loop take signals)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    return stop
