"""The set-up the shared-table tests have in common, in one place: `decktable host` in a process of
its own (its links read from its first lines, stopped with its apps), a seat's JSON websocket from a
link, one look at (or one move from) a seat over that websocket, waiting under Pilot, ending a
child process, and the privacy check of what a host sent a device (`wire_findings`), read from the
messages themselves rather than from a drawing of them.

A host started with `record=PATH` runs as tests/share/recording_host.py: every message it sends a
device is written to PATH with what that device's seat could not see at that moment, so a test of
a host in another process checks the wire as the in-process tests do."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable

import aiohttp

HERE = Path(__file__).parent


def start_host(*args: str, record: Path | None = None) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """`decktable host ARGS --port 0` in a session of its own; its links (`NAME: URL` lines up to
    the table's) as {name: url}."""
    cmd = [sys.executable, str(HERE / "recording_host.py"), str(record)] if record else [sys.executable, "-m", "decktable"]
    proc = subprocess.Popen([*cmd, "host", *args, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    assert proc.stdout is not None
    links: dict[str, str] = {}
    while "Table" not in links:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else "the host printed no links"
        name, url = line.rstrip("\n").split(": ", 1)
        links[name] = url
    return proc, links


def stop_host(proc: subprocess.Popen[str], apps: Iterable[int] = (), timeout: float = 15) -> None:
    """SIGTERM to the host's session; it ends cleanly, and the seat apps it started (`apps`) end
    with it."""
    os.killpg(proc.pid, signal.SIGTERM)
    assert proc.wait(timeout) == 0
    apps = set(apps)
    if not apps:
        return
    from wsclient import alive  # tests/serve's, on the path of the browser tests

    end = time.monotonic() + 10
    while any(alive(pid) for pid in apps) and time.monotonic() < end:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in apps)  # the apps ended with the host


def ws_url(link: str, path: str = "ws") -> str:
    """A link's websocket: the seat's JSON one (`ws`) or its page's terminal (`term`)."""
    return re.sub(r"^http://(.*)/t/", rf"ws://\1/{path}/", link)


def seat_table(link: str, act: str | None = None) -> dict[str, Any]:
    """The latest `table` message on a link's JSON websocket; with `act`, the seat first plays its
    first legal action starting with `act` ("" for the first of all) and the table after it is
    returned. Runs on a loop of its own thread, so a test driving Playwright's sync API (which
    keeps a loop in the test's thread) can call it too."""

    async def run() -> dict[str, Any]:
        async with aiohttp.ClientSession() as s, s.ws_connect(ws_url(link)) as ws:
            while (m := json.loads((await ws.receive(timeout=10)).data))["type"] != "table":
                pass
            if act is not None:
                move = next(a["text"] for a in m["observation"]["legal"] if a["text"].startswith(act))
                await ws.send_str(json.dumps({"type": "act", "action": move, "at": m["at"]}))
                while (m := json.loads((await ws.receive(timeout=10)).data))["type"] != "table":
                    pass
            return m

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(run())).result(30)


async def settle(pilot: Any, test: Callable[[], bool], timeout: float = 10.0, step: float = 0.03) -> None:
    """Let the app run until `test()` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not test():
        assert loop.time() < end, "timed out"
        await pilot.pause(step)


def spawn_in_pty(args: list[str], cols: int, rows: int) -> tuple[int, int]:
    """`python -m decktable ARGS` on a pseudo-terminal of cols x rows: (its pid, the terminal)."""
    import fcntl
    import pty
    import struct
    import termios

    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command with a terminal for its input and output
        try:
            os.execvpe(sys.executable, [sys.executable, "-m", "decktable", *args], env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def end_child(pid: int | None) -> None:
    """SIGTERM a child process (a pty's) and reap it, if it is still there."""
    if pid is None:
        return
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


# -- the wire's privacy ---------------------------------------------------------------------------


def read_record(path: Path, seat: int) -> list[dict[str, Any]]:
    """The messages a recording host sent to `seat`'s devices, in order (recording_host.py)."""
    if not path.exists():
        return []
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [d for d in lines if d["seat"] == seat]


def wire_findings(sent: dict[str, Any], match: Any) -> list[str]:
    """What in one message sent to a seat would tell it a card it could not see then (`sent` as
    recording_host.py writes it: the raw JSON, the cards hidden from the seat less those the public
    log had named, and the real size and visibility of every zone). Looked for in the decoded
    message, so no drawing can split a name:
    - a hidden card's id or name in any string (wire_client.leaks);
    - a zone the seat cannot see that lists cards (their ids, or their places in that zone, even
      as blanks), says it is visible, or gives another count than the real one.
    `match` is any match of the same game (for its catalogue and its rules' card names)."""
    from wire_client import leaks

    cat = match.game.catalogue
    raw, seat = sent["raw"], sent["seat"]
    found = leaks(raw, match, seat, {cat.by_slug[s].id for s in sent["hidden"]})
    message = json.loads(raw)
    obs = message.get("observation")
    if obs is not None:
        for z in obs.get("zones", []):
            real = sent["zones"].get(z["name"])
            if real is None:
                continue
            if not real["sees"]:
                if z["cards"]:
                    found.append(f"{z['name']}: {len(z['cards'])} card places listed in a hidden zone")
                if z["visible"]:
                    found.append(f"{z['name']}: a hidden zone sent as visible")
                if z["count"] != real["size"]:
                    found.append(f"{z['name']}: count {z['count']} for {real['size']} cards")
    return found
