"""`decktable serve`'s page on a phone (390x844, touch, real headless Chromium): the lobby is drawn
in the phone's columns (no "too small" notice), and the terminal's hidden text box says
inputmode="none", so a tap never raises the on-screen keyboard; on a desktop page (no touch) the
text box is left as xterm.js makes it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from browser import WATCH, BrowserTab, chromium_path, launch  # noqa: E402
from wsclient import ServerProcess  # noqa: E402

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine")

MODES = "() => [...document.querySelectorAll('.xterm-helper-textarea')].map((t) => t.getAttribute('inputmode'))"


def test_the_served_page_raises_no_keyboard_on_a_phone(decktable_home) -> None:
    srv = ServerProcess()
    try:
        with playwright_api.sync_playwright() as p:
            browser = launch(p)
            try:
                phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
                page = phone.new_page()
                page.add_init_script(WATCH)
                tab = BrowserTab(page)
                page.goto(srv.url)
                page.wait_for_selector("body.-first-byte", timeout=30_000)
                tab.wait_for("Games", timeout=30)
                width = page.evaluate("() => window.__dt.size.width")
                assert 36 <= width < 80
                assert "needs at least" not in tab.text()
                assert page.evaluate(MODES) == ["none"]
                assert page.evaluate("() => document.activeElement.getAttribute('inputmode')") == "none"

                desk = browser.new_page(viewport={"width": 1100, "height": 800})
                desk.goto(srv.url)
                desk.wait_for_selector("body.-first-byte", timeout=30_000)
                assert desk.evaluate(MODES) == [None]
            finally:
                browser.close()
    finally:
        srv.stop()
