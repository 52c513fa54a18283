"""A shared table's seat link on a phone-sized page (390x844, touch, in real headless Chromium):
the seat's table is drawn in its narrow layout (no "too small" notice), a tap on a card of the
hand plays it at the host, and the terminal's hidden text box, focused or not, says
inputmode="none", so no tap would raise the on-screen keyboard."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))

from _helpers import seat_table, start_host, stop_host  # noqa: E402
from browser import WATCH, BrowserTab, chromium_path, launch  # noqa: E402

from decktable.ui.glyphs import card_label  # noqa: E402

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine")

PHONE = {"width": 390, "height": 844}

TEXT_BOXES = """() => [...document.querySelectorAll('textarea, input')].map(
    (t) => [t.className, t.getAttribute('inputmode'), t === document.activeElement])"""


def check_no_keyboard(tab: BrowserTab) -> None:
    boxes = tab.page.evaluate(TEXT_BOXES)
    assert any("xterm-helper-textarea" in cls for cls, _mode, _focused in boxes), boxes
    assert all(mode == "none" for _cls, mode, _focused in boxes), boxes
    # whatever has the focus, it is no text box that would raise a keyboard
    assert not any(focused and mode != "none" for _cls, mode, focused in boxes), boxes


def test_a_phone_taps_a_card_of_its_hand_and_raises_no_keyboard() -> None:
    host, links = start_host("schnapsen", "--players", "Ann,bot:random", "--seed", "11")
    try:
        with playwright_api.sync_playwright() as p:
            browser = launch(p)
            try:
                context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
                page = context.new_page()
                page.add_init_script(WATCH)
                tab = BrowserTab(page)
                page.goto(links["Ann"])
                page.wait_for_selector("body.-first-byte", timeout=30_000)
                tab.wait_for("Ann's hand", timeout=30)
                width, height = page.evaluate("() => [window.__dt.size.width, window.__dt.size.height]")
                assert 36 <= width < 80 and height >= 30, (width, height)  # a phone's columns and rows
                assert "needs at least" not in tab.text()
                check_no_keyboard(tab)

                tab.wait_line("led", timeout=15)  # the bot led (the trick's note): Ann's turn
                tab.settle()
                before = seat_table(links["Table"])
                assert before["observation"]["to_act"] == [0]
                row, _col = tab.wait_for("Ann's hand")
                assert tab.screen is not None
                line = tab.screen.lines()[row + 1]  # the first row of the hand's chips
                label = re.search(r"│\s*(\S+)", line)
                assert label, line
                col = line.index(label.group(1))
                left, top, w, h = tab.cell_box()
                page.touchscreen.tap(left + (col + 0.5) * w, top + (row + 1.5) * h)
                card = label.group(1).rstrip("★✦✓")
                tab.wait_for("Trick over", timeout=10)  # she answered the lead: the trick is complete
                trick = tab.screen.lines()
                top = next(i for i, t in enumerate(trick) if "Trick" in t)
                assert any(card in t for t in trick[top:row]), (card, "\n".join(trick))  # her card is in it
                after = seat_table(links["Table"])
                assert after["at"] > before["at"]
                assert any(e["text"].startswith("Ann plays") for e in after["events"]), after["events"]
                last = after["observation"]["trick"]["last"]
                assert last[0]["card"] == before["observation"]["trick"]["plays"][0]["card"]
                assert last[-1]["seat"] == 0 and card_label(last[-1]["card"], "french") == card  # the card tapped
                check_no_keyboard(tab)
                assert page.evaluate("() => document.activeElement.getAttribute('inputmode')") == "none"

                # the phone turned to landscape: the full table (side column beside the main one)
                page.set_viewport_size({"width": 844, "height": 390})
                end = time.monotonic() + 10
                while page.evaluate("() => window.__dt.size.width") < 80 and time.monotonic() < end:
                    page.wait_for_timeout(50)
                width, height = page.evaluate("() => [window.__dt.size.width, window.__dt.size.height]")
                assert width >= 80 and height >= 20, (width, height)
                tab.wait_line("Ann's hand", "▊ ", timeout=10)  # the hand, and the side column beside it
                assert "needs at least" not in tab.text()
            finally:
                browser.close()
    finally:
        stop_host(host)


def swipe(tab: BrowserTab, row: int, col: int, rows: float) -> None:
    """A one-finger swipe from a cell of the terminal, `rows` rows up (negative: down), as a
    phone's touch screen sends it (Chromium's touch events, through the DevTools protocol)."""
    left, top, w, h = tab.cell_box()
    x, y = left + (col + 0.5) * w, top + (row + 0.5) * h
    cdp = tab.page.context.new_cdp_session(tab.page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - rows * h * k / 10}]})
        tab.page.wait_for_timeout(20)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tab.settle(0.3)


def side_column(tab: BrowserTab) -> list[str]:
    """The lines right of the side column's edge (`▊`)."""
    return [line.split("▊", 1)[1].strip() for line in tab.text().splitlines() if "▊" in line]


def test_a_swipe_scrolls_a_phones_side_column_in_landscape_and_plays_nothing() -> None:
    """King on a phone turned to landscape (844x390: the full table at 20 rows): the side column
    (four seats, the prompt, the game's status) is taller than the screen. xterm.js leaves
    touches alone while the app takes the mouse, so a swipe did nothing and its last lines were
    out of reach; the page hands a swipe to the app as wheel turns: a swipe up shows them, a swipe
    down goes back, and neither is a tap (no move is played)."""
    host, links = start_host("king", "--players", "Ann,bot:random,bot:random,bot:random", "--seed", "17")
    try:
        with playwright_api.sync_playwright() as p:
            browser = launch(p)
            try:
                context = browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True,
                                              has_touch=True, device_scale_factor=3)
                page = context.new_page()
                page.add_init_script(WATCH)
                tab = BrowserTab(page)
                page.goto(links["Ann"])
                tab.wait_for("Ann's hand", timeout=30)
                tab.settle(0.3)
                assert page.evaluate("() => window.__dt.size.width") >= 80
                top = side_column(tab)
                at = seat_table(links["Table"])["at"]
                row, col = tab.wait_for(top[-2])  # a line of the status, low in the column
                swipe(tab, row, col, 8)
                down = side_column(tab)
                assert down != top and down[-1] not in top, (top, down)  # lines that were out of sight
                assert top[0] not in down  # the column's top went up out of sight
                swipe(tab, row, col, -8)
                assert side_column(tab) == top  # back
                assert seat_table(links["Table"])["at"] == at  # the swipes played nothing
                check_no_keyboard(tab)
            finally:
                browser.close()
    finally:
        stop_host(host)
