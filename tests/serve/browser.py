"""Real headless Chromium (the system's, driven by Playwright; never a browser download) on a
`decktable serve` page. The page's websocket is watched by an init script, so the test reads the
screen the app draws (decktable.web.screen) and can aim clicks at cells."""

from __future__ import annotations

import base64
import json
import os
import shutil
import time
from typing import Any

from decktable.web.screen import Screen

WATCH = """
(() => {
  const Native = window.WebSocket;
  window.__dt = {frames: [], times: [], sent: [], size: null, opened: 0};
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__dt.url = url;
    ws.addEventListener("open", () => { window.__dt.opened = performance.now(); });
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string") return;
      const bytes = new Uint8Array(e.data);
      let s = "";
      for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
      window.__dt.frames.push(btoa(s));
      window.__dt.times.push(performance.now());
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      try {
        const m = JSON.parse(data);
        if (m[0] === "resize") window.__dt.size = m[1];
        window.__dt.sent.push([performance.now(), m[0]]);
      } catch (e) {}
      return send(data);
    };
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.addEventListener("keydown", (e) => { window.__dt.lastKey = performance.now(); }, true);
})();
"""


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return os.environ.get("DECKTABLE_CHROMIUM")


class BrowserTab:
    """A Playwright page on the served lobby, with its screen read from the websocket."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.seen = 0
        self.screen: Screen | None = None
        self.external: list[str] = []

    def pull(self) -> int:
        """Feed the frames that arrived since the last pull; how many."""
        got = self.page.evaluate("(n) => [window.__dt.size, window.__dt.frames.slice(n)]", self.seen)
        size, frames = got
        if size and (self.screen is None or (self.screen.width, self.screen.height) != (size["width"], size["height"])):
            if self.screen is None:
                self.screen = Screen(size["width"], size["height"])
            else:
                self.screen.width, self.screen.height = size["width"], size["height"]
                self.screen.clear()
        if self.screen is None:
            self.screen = Screen(200, 60)
        for frame in frames:
            self.screen.feed(base64.b64decode(frame))
        self.seen += len(frames)
        return len(frames)

    def text(self) -> str:
        self.pull()
        assert self.screen is not None
        return self.screen.text()

    def wait_for(self, needle: str, timeout: float = 20) -> tuple[int, int]:
        end = time.monotonic() + timeout
        while True:
            self.pull()
            assert self.screen is not None
            if (at := self.screen.find(needle)) is not None:
                return at
            if time.monotonic() > end:
                raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.screen.text()}")
            self.page.wait_for_timeout(30)

    def wait_line(self, *words: str, timeout: float = 20) -> str:
        """A screen line holding every one of `words`."""
        end = time.monotonic() + timeout
        while True:
            self.pull()
            assert self.screen is not None
            for line in self.screen.lines():
                if all(w in line for w in words):
                    return line
            if time.monotonic() > end:
                raise AssertionError(f"no line with {words}; the screen:\n{self.screen.text()}")
            self.page.wait_for_timeout(30)

    def settle(self, quiet: float = 0.15, limit: float = 5) -> None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if not self.pull():
                self.page.wait_for_timeout(int(quiet * 1000))
                if not self.pull():
                    return

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.settle(0.08)

    def cell_box(self) -> tuple[float, float, float, float]:
        """(left, top, cell width, cell height) of the terminal's cells, in page pixels."""
        box = self.page.evaluate(
            "() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; }"
        )
        assert self.screen is not None
        return box[0], box[1], box[2] / self.screen.width, box[3] / self.screen.height

    def click_cell(self, row: int, col: int) -> None:
        left, top, w, h = self.cell_box()
        self.page.mouse.click(left + (col + 0.5) * w, top + (row + 0.5) * h)
        self.settle(0.08)

    def click_text(self, needle: str) -> None:
        self.click_cell(*self.wait_for(needle))

    def scroll_to(self, needle: str, over: str, steps: int = 20) -> None:
        """Turn the mouse wheel over the text `over` until `needle` is on screen, as a person scrolls a long form."""
        self.pull()
        assert self.screen is not None
        row, col = self.wait_for(over)
        left, top, w, h = self.cell_box()
        self.page.mouse.move(left + (col + 0.5) * w, top + (row + 0.5) * h)
        for _ in range(steps):
            self.pull()
            if self.screen.find(needle) is not None:
                return
            self.page.mouse.wheel(0, 3 * h)
            self.settle(0.08)
        raise AssertionError(f"{needle!r} never scrolled into view; the screen:\n{self.screen.text()}")


def open_page(browser: Any, url: str, viewport: tuple[int, int] = (1280, 860)) -> BrowserTab:
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.add_init_script(WATCH)
    tab = BrowserTab(page)
    local = url.split("/?")[0].rstrip("/")

    def route(r: Any) -> None:
        if r.request.url.startswith(local):
            r.continue_()
        else:
            tab.external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto(url)
    return tab


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=["--no-sandbox", "--disable-gpu"]
    )


__all__ = ["BrowserTab", "chromium_path", "launch", "open_page", "json"]
