"""A shared table's link in real headless Chromium (Playwright on the system's browser): the page
draws the seat's own table (the app behind it is `decktable join`, kept per link), the other
seat's lead shows up, Enter plays at the host, nothing on the page or in its websocket names a
card of the other hand, a reload is back at the seat within 2 s on the same app, a second page
takes the seat, and stopping the host ends the app.

The privacy of what the seat's app was sent is checked on the host's messages themselves
(decoded JSON, recorded by the host as it sent them: tests/share/recording_host.py): no id or
name of a card hidden from the seat, no card places, visibility or count other than the real
ones in a hidden zone. A drawing can split a card's name across colours and cursor moves; the
page's bytes are checked too, but the wire check is the one that cannot be fooled by them."""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from decktable.web.screen import Screen

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from _helpers import read_record, seat_table, start_host, stop_host, wire_findings  # noqa: E402
from browser import WATCH, BrowserTab, chromium_path, launch  # noqa: E402
from play_helpers import leaked  # noqa: E402
from wsclient import descendants  # noqa: E402

from decktable.session.match import Match, Seat  # noqa: E402

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine")


def open_link(browser: Any, url: str, viewport: tuple[int, int] = (1100, 800)) -> BrowserTab:
    """A page on a seat's link; any request away from the host is refused and noted."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.add_init_script(WATCH)
    tab = BrowserTab(page)
    origin = re.match(r"http://[^/]+", url).group(0)  # type: ignore[union-attr]

    def route(r: Any) -> None:
        if r.request.url.startswith(origin + "/"):
            r.continue_()
        else:
            tab.external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto(url)
    return tab


ESCAPES = re.compile(r"\x1b\[[0-9;?$>]*[A-Za-z@`]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def frames_text(tab: BrowserTab) -> str:
    """Every byte the page's websocket received, as text: the drawing's escape sequences (cursor
    moves, colours, modes) become spaces, so what is left is every piece of text ever drawn."""
    frames = tab.page.evaluate("() => window.__dt.frames")
    return ESCAPES.sub(" ", "".join(base64.b64decode(f).decode("utf-8", "replace") for f in frames))


def drawn_at(tab: BrowserTab, needle: str) -> float:
    """Seconds from the page's navigation to the frame that put `needle` on its screen."""
    frames, times, size = tab.page.evaluate("() => [window.__dt.frames, window.__dt.times, window.__dt.size]")
    screen = Screen(size["width"], size["height"]) if size else Screen(200, 60)
    for frame, at in zip(frames, times):
        screen.feed(base64.b64decode(frame))
        if needle in screen.text():
            return at / 1000
    raise AssertionError(f"{needle!r} was never drawn")


def wire_check(sent: list[dict[str, Any]], match: Match) -> None:
    """Nothing the host sent the seat's app told it a card it could not see, and the check can
    fail: it finds the seat's own hand when that is taken for hidden, and a hidden hand's cards
    slipped into a message (by id, by place in the hidden zone, by name in an event)."""
    assert len(sent) >= 4 and any(json.loads(d["raw"])["type"] == "table" for d in sent)
    found = [f for d in sent for f in wire_findings(d, match)]
    assert found == [], found
    last = next(d for d in reversed(sent) if json.loads(d["raw"])["type"] == "table")
    message = json.loads(last["raw"])
    zones = {z["name"]: z for z in message["observation"]["zones"]}
    own = zones["hand0"]["cards"]
    assert own and wire_findings(dict(last, hidden=own), match)  # its own cards, were they hidden
    other = last["hidden"][:2]
    assert other
    for doctor in (
        lambda m: m["observation"]["zones"][list(zones).index("hand1")].update(cards=other),  # ids
        lambda m: m["observation"]["zones"][list(zones).index("hand1")].update(cards=["?"] * 2),  # places
        lambda m: m["observation"]["zones"][list(zones).index("hand1")].update(count=9),  # a wrong count
        lambda m: m["events"].append({"text": "Bob holds the " + match.game.catalogue.name(
            match.game.catalogue.by_slug[other[0]].id), "kind": "info", "seat": None}),  # a name
    ):
        bad = json.loads(last["raw"])
        doctor(bad)
        assert wire_findings(dict(last, raw=json.dumps(bad)), match), bad


def test_a_seats_link_in_chromium_plays_that_seat_and_only_that_seat(tmp_path: Path) -> None:
    record = tmp_path / "sent.jsonl"
    host, links = start_host("schnapsen", "--players", "Ann,Bob", "--seed", "11", record=record)
    apps: set[int] = set()
    try:
        with playwright_api.sync_playwright() as p:
            browser = launch(p)
            try:
                tab = open_link(browser, links["Ann"])
                tab.page.wait_for_selector("body.-first-byte", timeout=30_000)
                tab.wait_for("Ann's hand", timeout=30)
                tab.wait_for("Waiting for Bob")
                apps = descendants(host.pid)
                assert len(apps) == 1  # one app for Ann's link

                after = seat_table(links["Bob"], act="play ")  # Bob leads
                led = after["observation"]["trick"]["plays"][0]["card"]
                tab.wait_line("Bob leads")
                assert leaked(tab.text(), [led], "french")
                bobs_hand = next(z for z in after["observation"]["zones"] if z["name"] == "hand1")["cards"]
                assert len(bobs_hand) == 4

                tab.settle()
                tab.page.keyboard.press("Enter")  # Ann plays the card the table offers first
                tab.wait_line("Ann plays")
                now = seat_table(links["Bob"])
                assert now["at"] >= 2 and any(e["text"].startswith("Ann plays") for e in now["events"])

                # nothing of Bob's hand on Ann's page, nor anywhere in what her page was sent
                hidden = [c for c in bobs_hand
                          if c in next(z for z in now["observation"]["zones"] if z["name"] == "hand1")["cards"]]
                assert hidden
                assert not leaked(tab.text(), hidden, "french")
                assert not leaked(frames_text(tab), hidden, "french")
                assert leaked(frames_text(tab), [led], "french")  # the check finds a card that was drawn
                count = next(z for z in now["observation"]["zones"] if z["name"] == "hand0")["count"]
                tab.wait_for(f"Ann's hand  ({count})")  # her own hand, as many cards as Bob sees her hold
                assert tab.external == []  # nothing from the internet

                # a reload is back at the seat within 2 s, on the same app: read on the page's own
                # clock (from the reload's navigation to the last frame received), since the test's
                # polling through Playwright adds its own delays on a loaded machine
                tab.seen, tab.screen = 0, None
                tab.page.reload()
                tab.wait_for("Ann's hand", timeout=10)
                assert drawn_at(tab, "Ann's hand") < 2.0
                assert descendants(host.pid) == apps

                # a second page on the link takes the seat; the first is told
                second = open_link(browser, links["Ann"])
                second.wait_for("Ann's hand", timeout=10)
                tab.wait_for("opened in another window", timeout=10)
                assert descendants(host.pid) == apps
            finally:
                browser.close()
    finally:
        stop_host(host, apps)  # the app ends with the host
    # what the host sent Ann's app, decoded: nothing hidden from her seat, ever
    wire_check(read_record(record, 0), Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=11))
