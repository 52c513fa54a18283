"""`decktable join` in a pseudo-terminal against `decktable host` in another process: the seat's
table is drawn, the other seat's lead shows up on it, and Enter plays Ann's card at the host."""

from __future__ import annotations

import asyncio
import json
import os
import select
import sys
import time
from pathlib import Path

import aiohttp

from decktable.web.screen import Screen

sys.path.insert(0, str(Path(__file__).parent))

from _helpers import end_child, spawn_in_pty, start_host, stop_host, ws_url  # noqa: E402

COLS, ROWS = 100, 36


def start_join(url: str) -> tuple[int, int]:
    return spawn_in_pty(["join", url], COLS, ROWS)


def read_until(fd: int, screen: Screen, test, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not test(screen.text()):
        assert time.monotonic() < end, "timed out; the terminal shows:\n" + screen.text()
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            assert data, "the app ended; the terminal shows:\n" + screen.text()
            screen.feed(data)


def test_join_in_a_terminal_plays_a_seat_of_a_hosted_table() -> None:
    host, links = start_host("schnapsen", "--players", "Ann,Bob", "--seed", "11")
    pid = fd = None
    try:
        assert set(links) == {"Ann", "Bob", "Table"}
        bob_ws = ws_url(links["Bob"])

        pid, fd = start_join(links["Ann"])
        screen = Screen(COLS, ROWS)
        read_until(fd, screen, lambda t: "Ann's hand" in t and "Waiting for Bob" in t)

        async def bob_leads_then_sees_ann_play() -> list[str]:
            async with aiohttp.ClientSession() as s, s.ws_connect(bob_ws) as ws:
                tables = []
                while len(tables) < 1:
                    m = json.loads((await ws.receive(timeout=10)).data)
                    if m["type"] == "table":
                        tables.append(m)
                lead = next(a["text"] for a in tables[-1]["observation"]["legal"] if a["text"].startswith("play "))
                await ws.send_str(json.dumps({"type": "act", "action": lead, "at": 0}))
                # Ann's terminal shows the lead; then Enter there plays her card
                await asyncio.get_running_loop().run_in_executor(
                    None, read_until, fd, screen, lambda t: "Bob leads" in t and "Waiting for Bob" not in t)
                os.write(fd, b"\r")
                said: list[str] = []
                while not any(line.startswith("Ann plays") for line in said):
                    m = json.loads((await ws.receive(timeout=10)).data)
                    if m["type"] == "table":
                        said += [e["text"] for e in m["events"]]
                return said

        said = asyncio.run(bob_leads_then_sees_ann_play())
        assert said[0].startswith("Bob leads") and any(line.startswith("Ann plays") for line in said)
        read_until(fd, screen, lambda t: "Ann plays" in t)  # her own terminal's log says it too
    finally:
        end_child(pid)
        if fd is not None:
            os.close(fd)
        stop_host(host)
