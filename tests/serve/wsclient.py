"""A browser stand-in for the `decktable serve` tests: the server in its own process group, and a
websocket client that types keys, clicks cells and reads the screen (decktable.web.screen)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

from decktable.web.screen import Screen

KEYS = {
    "enter": "\r", "tab": "\t", "escape": "\x1b", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C",
    "left": "\x1b[D", "ctrl+s": "\x13", "space": " ", "shift+tab": "\x1b[Z", "f1": "\x1bOP",
}


class ServerProcess:
    """`decktable serve --port 0 ARGS` in a new session (its own process group); `url` is the
    address it printed."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "decktable", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env or dict(os.environ),
            start_new_session=True,
        )
        self.output: list[str] = []
        deadline = time.monotonic() + 30
        self.url = ""
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output.append(line)
            if m := re.search(r"http://\S+", line):
                self.url = m.group(0)
                break
        assert self.url, "the server printed no address:\n" + "".join(self.output)

    @property
    def base(self) -> str:
        return self.url.split("/?")[0].rstrip("/")

    def ws_url(self, token: str | None = None) -> str:
        m = re.search(r"token=([^&\s]+)", self.url)
        token = token if token is not None else (m.group(1) if m else "")
        return self.base.replace("http://", "ws://") + "/ws" + (f"/{token}" if token else "")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 10) -> float:
        """Signal the server; seconds until it exited."""
        t0 = time.monotonic()
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        rest = self.proc.stdout.read() if self.proc.stdout else ""
        self.output.append(rest)
        return time.monotonic() - t0

    def kill_group(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


class Tab:
    """One browser tab, as a websocket client."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, width: int, height: int) -> None:
        self.ws = ws
        self.screen = Screen(width, height)
        self.closed = False
        self.received = 0

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, width: int = 120, height: int = 40) -> "Tab":
        ws = await session.ws_connect(f"{url}?width={width}&height={height}")
        tab = cls(ws, width, height)
        await ws.send_str(json.dumps(["resize", {"width": width, "height": height}]))
        await ws.send_str(json.dumps(["focus"]))
        return tab

    async def pump(self, seconds: float) -> None:
        """Read the app's output for up to `seconds`."""
        end = time.monotonic() + seconds
        while not self.closed and (left := end - time.monotonic()) > 0:
            try:
                msg = await asyncio.wait_for(self.ws.receive(), left)
            except asyncio.TimeoutError:
                return
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.screen.feed(msg.data)
                self.received += len(msg.data)
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                              aiohttp.WSMsgType.ERROR):
                self.closed = True

    async def wait_for(self, text: str, timeout: float = 15) -> tuple[int, int]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if (at := self.screen.find(text)) is not None:
                return at
            if self.closed:
                break
            await self.pump(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen.text()}")

    async def settle(self, quiet: float = 0.1, limit: float = 5) -> None:
        """Read until the output has been quiet for `quiet` seconds."""
        end = time.monotonic() + limit
        while time.monotonic() < end and not self.closed:
            before = self.received
            await self.pump(quiet)
            if self.received == before:
                return

    async def press(self, *keys: str, settle: bool = True) -> None:
        for key in keys:
            await self.ws.send_str(json.dumps(["stdin", KEYS.get(key, key)]))
            if settle:
                await self.settle(0.05)

    async def click(self, row: int, col: int) -> None:
        """A left click on a cell (SGR mouse reports, as xterm.js sends them)."""
        for final in "Mm":
            await self.ws.send_str(json.dumps(["stdin", f"\x1b[<0;{col + 1};{row + 1}{final}"]))
        await self.settle(0.05)

    async def close(self) -> None:
        await self.ws.close()
        self.closed = True


def saves(home: Path) -> list[Path]:
    folder = home / "saves"
    return sorted(folder.glob("*.save")) if folder.is_dir() else []


def journal(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def descendants(pid: int) -> set[int]:
    """Every live process under `pid` (Linux /proc), zombies left out."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        if fields[0] == "Z":
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text[text.rfind(")") + 2:].split()[0] != "Z"


async def wait_gone(pids: set[int], timeout: float) -> float:
    """Seconds until none of `pids` is alive; AssertionError after `timeout`."""
    t0 = time.monotonic()
    while any(alive(p) for p in pids):
        if time.monotonic() - t0 > timeout:
            raise AssertionError(f"still running after {timeout} s: {sorted(p for p in pids if alive(p))}")
        await asyncio.sleep(0.05)
    return time.monotonic() - t0
