"""Issue 35, serving: a cap on the tables `decktable serve` starts (a clear page for one tab too
many), connections that never finish their headers are closed, and a websocket message with huge
numbers or deep nesting is dropped while the session goes on. The server runs in this process;
each tab's app is a stand-in child (it greets as the web driver does and waits), so no lobby is
started."""

from __future__ import annotations

import asyncio
import re
import sys

import aiohttp
import pytest

from decktable.web import server as web_server
from decktable.web.server import Config, TableServer, read_message

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups")

STAND_IN = "import sys; sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); sys.stdin.buffer.read()"


class Running:
    def __init__(self, **config: object) -> None:
        self.table = TableServer(Config(port=0, **config))  # type: ignore[arg-type]
        self.table.command = [sys.executable, "-c", STAND_IN]
        self.port = 0
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> "Running":
        said = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self.table.run(lambda text: said.done() or said.set_result(text)))
        text = await asyncio.wait_for(said, 10)
        self.port = int(re.search(r":(\d+)/", text).group(1))
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.task is not None
        self.task.cancel()
        try:
            await asyncio.wait_for(self.task, 15)
        except (asyncio.CancelledError, asyncio.TimeoutError):
            pass
        await self.table.close_all()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


async def test_the_tables_are_capped_and_one_more_tab_is_told_so(monkeypatch) -> None:
    monkeypatch.setattr(web_server, "QUIT_GRACE", 0.2)
    async with Running(max_tables=2) as srv, aiohttp.ClientSession() as http:
        assert (await http.get(srv.base + "/")).status == 200
        tabs = [await http.ws_connect(srv.base.replace("http", "ws") + "/ws") for _ in range(2)]
        for _ in range(100):
            if len(srv.table.sessions) == 2 and all(s.proc for s in srv.table.sessions):
                break
            await asyncio.sleep(0.05)
        assert len(srv.table.sessions) == 2
        page = await http.get(srv.base + "/")
        body = await page.text()
        assert page.status == 503 and "All 2 tables of this server are in use" in body and "--max-tables" in body
        late = await http.ws_connect(srv.base.replace("http", "ws") + "/ws")  # a page loaded earlier
        message = await late.receive(timeout=5)
        assert message.type == aiohttp.WSMsgType.BINARY and b"are in use" in message.data
        await late.receive(timeout=5)  # closed
        assert late.closed and len(srv.table.sessions) == 2  # no third app
        await tabs[0].close()
        for _ in range(100):
            if len(srv.table.sessions) < 2:
                break
            await asyncio.sleep(0.05)
        assert (await http.get(srv.base + "/")).status == 200  # a table is free again
        await tabs[1].close()


def test_the_default_cap_is_documented_and_an_option_changes_it(capsys, monkeypatch) -> None:
    from decktable import cli

    assert web_server.DEFAULT_MAX_TABLES == 32 and Config().max_tables == 32
    seen: dict[str, object] = {}
    monkeypatch.setattr(web_server, "serve", lambda host, port, look, max_tables=None: seen.update(n=max_tables) or 0)
    assert cli.main(["serve", "--max-tables", "5"]) == 0 and seen["n"] == 5
    with pytest.raises(SystemExit) as refused:
        cli.main(["serve", "--max-tables", "0"])
    assert refused.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "--max-tables" in line and "whole number from 1 to 1000, not '0'" in line
    help_text = cli.build_parser()._subparsers._group_actions[0].choices["serve"].format_help()  # noqa: SLF001
    assert "--max-tables" in help_text and "default 32" in help_text


async def test_a_connection_that_never_finishes_its_headers_is_closed() -> None:
    async with Running(header_timeout=0.5) as srv, aiohttp.ClientSession() as http:
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        await writer.drain()
        silent, _ = await asyncio.open_connection("127.0.0.1", srv.port)  # and one that says nothing
        got = await asyncio.wait_for(reader.read(), 5)  # the server closes it: end of stream
        assert got == b""
        assert await asyncio.wait_for(silent.read(), 5) == b""
        writer.close()
        # a tab's websocket is one long answer: never timed out
        tab = await http.ws_connect(srv.base.replace("http", "ws") + "/ws")
        await asyncio.sleep(1.2)
        await tab.send_str('["ping", "still here"]')
        reply = await tab.receive(timeout=5)
        assert reply.type == aiohttp.WSMsgType.TEXT and "still here" in reply.data
        await tab.close()


HOSTILE = {
    "infinity": '["resize", {"width": Infinity, "height": 24}]',
    "minus-infinity": '["resize", {"width": -Infinity}]',
    "nan": '["resize", {"width": NaN}]',
    "1e400": '["resize", {"width": 1e400, "height": 1e400}]',
    "deep-100000": "[" * 100_000 + "]" * 100_000,
    "deep-objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "huge-int": '["resize", {"width": ' + "9" * 4000 + "}]",
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_read_message_refuses_what_the_page_never_sends(kind) -> None:
    parsed = read_message(HOSTILE[kind])
    if parsed is not None:  # a huge whole number is a number: the size is then clamped
        assert web_server._size(parsed[1]["width"], 80) == 1000


async def test_hostile_messages_are_dropped_and_the_session_kept(monkeypatch) -> None:
    monkeypatch.setattr(web_server, "QUIT_GRACE", 0.2)
    async with Running() as srv, aiohttp.ClientSession() as http:
        tab = await http.ws_connect(srv.base.replace("http", "ws") + "/ws", max_msg_size=0)
        for kind, text in HOSTILE.items():
            await tab.send_str(text)
            await tab.send_str(f'["ping", "{kind}"]')
            reply = await tab.receive(timeout=5)
            assert reply.type == aiohttp.WSMsgType.TEXT and kind in reply.data, (kind, reply)
        assert len(srv.table.sessions) == 1
        await tab.close()
