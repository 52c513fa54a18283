"""Shared pieces of the phone-page tests of a shared table (tests/share/test_browser_done.py):
the host runs in this process, on an event loop of its own thread (so the test reads the real
`Match` for its privacy checks, and can drive the host's own screen with Pilot there), while
Playwright's sync API drives headless Chromium from the test's thread. The page helpers are
tests/serve/browser.py's and tests/share/test_browser_*.py's, imported, not copied."""

from __future__ import annotations

import asyncio
import base64
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from browser import WATCH, BrowserTab  # noqa: E402
from play_helpers import leaked  # noqa: E402
from test_browser_phone import PHONE, check_no_keyboard  # noqa: E402,F401
from test_browser_seat import drawn_at, frames_text, open_link  # noqa: E402,F401
from _helpers import wire_findings  # noqa: E402
from recording_host import sent_record  # noqa: E402
from wire_client import Host, hidden_cards  # noqa: E402

from decktable.session.match import Match  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402
from decktable.web.screen import Screen  # noqa: E402


class ThreadHost:
    """`Host` (SharedTable + HostServer serving the browser seats) on its own thread's loop; with
    `keyboard`, the host's own screen (HostApp) under Pilot on that loop too."""

    def __init__(self, match: Match, keyboard: bool = False, size: tuple[int, int] = (120, 40)) -> None:
        self.match = match
        self.keyboard = keyboard
        self.size = size
        self.loop: asyncio.AbstractEventLoop | None = None
        self.host: Host | None = None
        self.app: Any = None
        self.pilot: Any = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            self.error = e
            self._ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with Host(self.match, browser=True) as host:
            self.host = host
            if self.keyboard:
                from decktable.share.host_app import HostApp

                self.app = HostApp(host.server, bot_delay=0)
                async with self.app.run_test(size=self.size) as pilot:
                    self.pilot = pilot
                    self._ready.set()
                    await self._stop.wait()
            else:
                self._ready.set()
                await self._stop.wait()

    def _watch_sends(self) -> None:
        """Keep every message the host queues for a device, with what that device's seat could
        not see at that moment (recording_host.sent_record), for `wire_leaks`."""
        from decktable.share.host import Connection

        self._send = Connection.send
        th = self

        def send(conn: Any, message: Any) -> None:
            if conn.seat is not None and th.host is not None:
                th.sent.append(sent_record(th.host.table, conn.seat, message.model_dump_json()))
            th._send(conn, message)

        Connection.send = send  # type: ignore[method-assign]

    def wire_leaks(self, seat: int) -> tuple[int, list[str]]:
        """How many messages `seat`'s device was sent, and what in them, decoded, would have told
        it a card hidden from it when sent (_helpers.wire_findings: a card's id or name in any
        string; cards, visibility or a count other than the real one in a hidden zone)."""
        msgs = [d for d in self.sent if d["seat"] == seat]
        return len(msgs), [f for d in msgs for f in wire_findings(d, self.match)]

    def wire_finds_own_hand(self, seat: int) -> list[str]:
        """The check of `wire_leaks` run on the last table `seat` was sent, for its own hand's
        cards taken for hidden: it must find them (a check that finds nothing is broken)."""
        last = next(d for d in reversed(self.sent) if d["seat"] == seat and '"type":"table"' in d["raw"])
        own = self.call(lambda: [self.match.game.catalogue.slug(c) for c in self.match.game.zones(self.match.state)[seat].cards])
        return wire_findings(dict(last, hidden=own), self.match)

    def __enter__(self) -> ThreadHost:
        self.sent: list[dict[str, Any]] = []
        self._watch_sends()
        self._thread.start()
        assert self._ready.wait(60), "the host did not start"
        if self.error:
            raise self.error
        return self

    def __exit__(self, *exc: Any) -> None:
        from decktable.share.host import Connection

        Connection.send = self._send  # type: ignore[method-assign]
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)
        assert not self._thread.is_alive(), "the host's thread did not end"
        if self.error and not exc[0]:
            raise self.error

    def call(self, fn: Callable[[], Any], timeout: float = 30) -> Any:
        """`fn()` on the host's loop (a coroutine's result is awaited there): reads of the match
        happen between its moves, never during one."""

        async def run() -> Any:
            out = fn()
            return await out if asyncio.iscoroutine(out) else out

        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def links(self) -> dict[str, str]:
        assert self.host is not None
        return dict(self.call(self.host.server.links))

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.call(self.match.to_act))

    def steps(self) -> int:
        return self.call(lambda: len(self.match.steps))

    def wait(self, test: Callable[[], bool], timeout: float = 20, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not self.call(test):
            assert time.monotonic() < end, f"timed out waiting for {what or test}"
            time.sleep(0.03)

    def press(self, *keys: str) -> None:
        assert self.pilot is not None
        for key in keys:
            self.call(lambda: self.pilot.press(key))
            self.call(lambda: self.pilot.pause(0.05))

    def screen_text(self) -> str:
        from table_driver import all_widget_text

        return self.call(lambda: all_widget_text(self.app))


def _secret(th: ThreadHost, seat: int) -> list[str]:
    m = th.match
    assert th.host is not None
    said = " ".join(e.text for e in th.host.table.events)
    fam = m.game.info.family
    return [s for s in (m.game.catalogue.slug(c) for c in hidden_cards(m, seat)) if not leaked(said, [s], fam)]


def secret_now(th: ThreadHost, seat: int) -> list[str]:
    """The slugs of the cards hidden from `seat` now, less those the public log has named."""
    return th.call(lambda: _secret(th, seat))


def hand_secret(th: ThreadHost, seat: int) -> list[str]:
    """The slugs of `seat`'s hand less those the public log has named (King's face-up deal to
    find the dealer shows cards that are then dealt again)."""

    def read() -> list[str]:
        m = th.match
        assert th.host is not None
        said = " ".join(e.text for e in th.host.table.events)
        fam = m.game.info.family
        cards = (m.game.catalogue.slug(c) for c in m.game.zones(m.state)[seat].cards)
        return [s for s in cards if not leaked(said, [s], fam)]

    return th.call(read)


def counts(th: ThreadHost, seat: int) -> dict[str, int]:
    """What `seat` may know of every hand: how many cards each holds (`observe`'s counts)."""

    def read() -> dict[str, int]:
        obs = th.match.game.observe(th.match.state, seat)
        return {z.name: max(len(z.cards), z.count) for z in obs.zones if z.name.startswith("hand")}

    return th.call(read)


def open_phone(browser: Any, url: str) -> BrowserTab:
    """A 390x844 touch page (3x pixels, as a phone) on a link; its websocket watched."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    page = context.new_page()
    page.add_init_script(WATCH)
    tab = BrowserTab(page)
    page.goto(url)
    return tab


def tap_cell(tab: BrowserTab, row: int, col: int) -> float:
    """Tap a cell of the page's terminal; the wall-clock time just before the tap."""
    left, top, w, h = tab.cell_box()
    at = time.time()
    tab.page.touchscreen.tap(left + (col + 0.5) * w, top + (row + 0.5) * h)
    tab.settle(0.08)
    return at


def tap_card(tab: BrowserTab, name: str, slug: str, family: str = "french") -> float:
    """Tap the card `slug` in `name`'s hand, as drawn on the page (below the hand's title); the
    wall-clock time of the tap."""
    label = card_label(slug, family)
    tab.settle()
    row, _ = tab.wait_for(f"{name}'s hand")
    assert tab.screen is not None
    lines = tab.screen.lines()
    for r in range(row + 1, len(lines)):
        m = re.search(rf"(?<![\w♠♥♦♣]){re.escape(label)}(?![0-9])", lines[r])
        if m:
            return tap_cell(tab, r, m.start())
    raise AssertionError(f"{label} is not in {name}'s hand on the page:\n" + tab.text())


def tap_label(tab: BrowserTab, words: str) -> float:
    """Tap the first cell of the text `words` (a button's)."""
    tab.settle()
    return tap_cell(tab, *tab.wait_for(words))


def screens_drawn(tab: BrowserTab) -> str:
    """Every screen the page's websocket ever drew, one after each frame it received (its frames
    replayed into a terminal screen): a label drawn in pieces of several colours (`8` and `♠`) is
    whole here, where the raw bytes have escape sequences between its pieces."""
    frames, size = tab.page.evaluate("() => [window.__dt.frames, window.__dt.size]")
    screen = Screen(size["width"], size["height"]) if size else Screen(200, 60)
    seen: dict[str, None] = {}
    for frame in frames:
        screen.feed(base64.b64decode(frame))
        seen[screen.text()] = None
    return "\n".join(seen)


def private(tab: BrowserTab, hidden: list[str], family: str) -> None:
    """Neither the page's screen, nor any screen its websocket's frames ever drew, nor any text in
    the bytes it received names a card of `hidden`."""
    for text in (tab.text(), screens_drawn(tab), frames_text(tab)):
        assert not leaked(text, hidden, family), leaked(text, hidden, family)


def hand_count_shown(tab: BrowserTab, name: str) -> int:
    """The number in "NAME's hand  (N)" on the page."""
    line = tab.wait_line(f"{name}'s hand")
    m = re.search(rf"{re.escape(name)}'s hand\s+\((\d+)\)", line)
    assert m, line
    return int(m.group(1))
