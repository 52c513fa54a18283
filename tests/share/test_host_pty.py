"""`decktable host` in a pseudo-terminal: it opens on the links and their codes, the seat nobody
opened is played at its keyboard behind the curtain, a device plays the other seat, the host's
screen never shows the device's hand, and q then y closes the table for the device too."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import time
from pathlib import Path

import aiohttp

from decktable.web.screen import Screen

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from _helpers import end_child, spawn_in_pty, ws_url  # noqa: E402
from play_helpers import leaked  # noqa: E402
from test_join_pty import read_until  # noqa: E402

COLS, ROWS = 110, 40
LINK = re.compile(r"http://127\.0\.0\.1:\d+/t/[\w-]+")


def start_host() -> tuple[int, int]:
    return spawn_in_pty(["host", "schnapsen", "--players", "Ann,Bob", "--port", "0", "--seed", "11"], COLS, ROWS)


def test_host_in_a_terminal_plays_the_seat_nobody_opened() -> None:
    pid, fd = start_host()
    screen = Screen(COLS, ROWS)
    try:
        read_until(fd, screen, lambda t: "1/3: Ann's seat" in t and LINK.search(t) is not None)
        ann_url = LINK.search(screen.text()).group(0)
        os.write(fd, b"n")
        read_until(fd, screen, lambda t: "2/3: Bob's seat" in t and LINK.search(t).group(0) != ann_url)
        bob_ws = ws_url(LINK.search(screen.text()).group(0))
        os.write(fd, b"\x1b")
        read_until(fd, screen, lambda t: "Pass the keyboard to Bob" in t)  # Bob leads; nobody has his link open

        async def bob_plays_from_a_device() -> list[str]:
            loop = asyncio.get_running_loop()

            async def wait_screen(test) -> None:
                await loop.run_in_executor(None, read_until, fd, screen, test)

            async with aiohttp.ClientSession() as s, s.ws_connect(bob_ws) as ws:
                table = None
                while table is None:
                    m = json.loads((await ws.receive(timeout=10)).data)
                    table = m if m["type"] == "table" else None
                hand = next(z for z in table["observation"]["zones"] if z["name"] == "hand1")["cards"]
                assert len(hand) == 5
                # his device took the seat: the curtain came down, the host waits, no hand of his shown
                await wait_screen(lambda t: "Waiting for Bob" in t and "Pass the keyboard" not in t)
                assert not leaked(screen.text(), hand, "french"), leaked(screen.text(), hand, "french")
                lead = next(a["text"] for a in table["observation"]["legal"] if a["text"].startswith("play "))
                await ws.send_str(json.dumps({"type": "act", "action": lead, "at": 0}))
                await wait_screen(lambda t: "Pass the keyboard to Ann" in t)
                os.write(fd, b"\r")
                await wait_screen(lambda t: "Ann's hand" in t and "Bob leads" in t)
                rest = [c for c in hand if c != lead.split()[1]]
                assert not leaked(screen.text(), rest, "french"), leaked(screen.text(), rest, "french")
                os.write(fd, b"\r")  # Ann plays the card the table offers first
                said: list[str] = []
                while not any(line.startswith("Ann plays") for line in said):
                    m = json.loads((await ws.receive(timeout=10)).data)
                    if m["type"] == "table":
                        said += [e["text"] for e in m["events"]]
                # leaving the host's table asks; yes closes it, and the device is told
                await wait_screen(lambda t: "Ann plays" in t)
                os.write(fd, b"q")
                await wait_screen(lambda t: "Close the shared table?" in t)
                os.write(fd, b"y")
                told = []
                while True:
                    msg = await ws.receive(timeout=10)
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    told.append(json.loads(msg.data))
                assert any(m["type"] == "problem" and "closed" in m["reason"] for m in told)
                return said

        said = asyncio.run(bob_plays_from_a_device())
        assert said[0].startswith("Bob leads") and any(line.startswith("Ann plays") for line in said)
        end = time.monotonic() + 10
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                assert os.waitstatus_to_exitcode(status) == 0
                pid = None
                break
            assert time.monotonic() < end, "the host did not end"
            try:
                os.read(fd, 65536)  # keep its output flowing
            except OSError:
                pass
            time.sleep(0.05)
    finally:
        end_child(pid)
        os.close(fd)
