"""The apps behind a shared table's links in a browser, seen from plain websocket clients: one
app per link even when two pages open it at once, and no app for a wrong link."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import aiohttp
import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))

from _helpers import start_host, stop_host, ws_url  # noqa: E402
from wsclient import descendants  # noqa: E402


def test_two_pages_opened_at_once_share_one_app_and_a_wrong_link_starts_none() -> None:
    host, links = start_host("schnapsen", "--players", "Ann,Bob")
    apps: set[int] = set()
    try:
        term = ws_url(links["Ann"], "term") + "?width=100&height=36"

        async def pages() -> list[bytes]:
            async with aiohttp.ClientSession() as s:
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await s.ws_connect(term.replace("/term/", "/term/x"))
                a, b = await asyncio.gather(s.ws_connect(term), s.ws_connect(term))
                got = []
                end = time.monotonic() + 30
                for ws in (a, b):
                    try:
                        while time.monotonic() < end:  # each page gets the drawing or, for the older, the notice
                            m = await ws.receive(timeout=max(0.1, end - time.monotonic()))
                            if m.type != aiohttp.WSMsgType.BINARY:
                                break
                            got.append(m.data)
                            if b"Ann" in m.data or b"another window" in m.data:
                                break
                    except asyncio.TimeoutError:
                        pass
                await asyncio.sleep(0.5)
                nonlocal apps
                apps = descendants(host.pid)
                await a.close()
                await b.close()
                return got

        got = asyncio.run(asyncio.wait_for(pages(), 60))  # a hang is a failure, not a stuck run
        assert len(apps) == 1, apps  # one app for the link, however many pages opened it
        assert any(b"another window" in g for g in got)  # the older page was told
    finally:
        stop_host(host, apps)  # the app ends with the host
