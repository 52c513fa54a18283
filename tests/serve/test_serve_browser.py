"""`decktable serve` in real headless Chromium (the Debian package, driven by Playwright pointed at
the system browser): the lobby opens with the keyboard on the terminal, a two-person Jacynth game
is set up and started, the hand-off curtain passes between the two people, one move is played by
keys and one by clicks, and the page uses nothing but the server's own files and font."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from browser import chromium_path, launch, open_page  # noqa: E402
from wsclient import ServerProcess, alive, descendants, journal, saves  # noqa: E402

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    chromium_path() is None, reason="no chromium on this machine (.ci/run installs it)"
)

SUITS = "☾☼≈❦§⌘♠♥♦♣"


def test_lobby_to_a_two_person_game_in_chromium(decktable_home) -> None:
    srv = ServerProcess()
    try:
        with playwright_api.sync_playwright() as p:
            browser = launch(p)
            try:
                tab = open_page(browser, srv.url)
                page = tab.page
                page.wait_for_selector("body.-first-byte", timeout=20_000)
                tab.wait_for("Games")

                # offline: every request went to this server; the shipped font holds every suit
                assert tab.external == []
                assert page.evaluate(f"() => document.fonts.check('16px \"Roboto Mono\"', '{SUITS}')")
                loaded = page.evaluate(
                    "() => [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
                )
                assert any("Roboto Mono" in f for f in loaded), loaded
                # the terminal has the keyboard from the start: the footer shows the lobby's keys
                assert page.evaluate("() => document.activeElement.className").find("xterm-helper-textarea") >= 0
                tab.wait_for("Choose")

                # lobby → Jacynth by keys, pressed before any click
                tab.settle()
                about = tab.wait_for("About")[0] + 1  # the About panel's first line names the highlighted game
                for _ in range(12):
                    named = tab.text().splitlines()[about]
                    if "Jacynth" in named:
                        break
                    tab.press("ArrowDown")
                    end = time.monotonic() + 3
                    while tab.text().splitlines()[about] == named and time.monotonic() < end:
                        page.wait_for_timeout(20)
                tab.press("Enter")
                tab.wait_for("New game of Jacynth")
                tab.settle()
                # F1 (the browser's help key) reaches the app: the rules; Escape comes back at once
                tab.press("F1")
                tab.wait_for("Contents")
                tab.settle()
                t0 = time.monotonic()
                page.keyboard.press("Escape")
                tab.wait_for("New game of Jacynth")
                escape_s = time.monotonic() - t0
                assert escape_s < 1.0
                print(f"Escape to screen: {escape_s * 1000:.0f} ms")
                tab.settle()
                # seat 2 becomes a person: Tab to its kind, open it, choose "Person"
                tab.press("Tab", "Tab", "Tab", "Enter")
                tab.wait_for("Bot, easy")  # the list is open (under load a key sent before it opens would be lost)
                tab.settle()
                tab.press("Home", "Enter")  # "Person" heads the list (then the bot levels)
                tab.wait_line("Seat 2", "Player 2", "Person")
                tab.scroll_to("random", over="Options")  # the form is longer than the page: the wheel brings the seed up
                tab.click_text("random")  # the seed field, by a click
                tab.press("1")
                tab.press("Control+s")

                # the curtain: nothing of a hand on screen until the named person presses Enter
                tab.wait_for("Pass the keyboard to Player 2.")
                tab.settle()
                assert "hand" not in tab.text()
                tab.press("Enter")
                tab.wait_for("Player 2's hand")
                tab.settle()

                # Player 2 places a card by keys: Enter on the first card, Enter on the first cell
                tab.press("Enter")
                tab.wait_for("Choose a cell")
                tab.press("Enter")
                tab.wait_for("Player 2 places the")
                tab.settle()
                tab.click_text("No token this turn")  # no influence token this turn: a button, clicked
                # the curtain again, for Player 1; the hand of Player 2 is gone from the screen
                tab.wait_for("Pass the keyboard to Player 1.")
                tab.settle()
                assert "Player 2's hand" not in tab.text()
                tab.press("Enter")
                tab.wait_for("Player 1's hand")
                tab.settle()

                # Player 1 places a card by clicks: a card of the hand, then a cell marked "+"
                hand_row = tab.wait_for("Player 1's hand")[0]
                cards = tab.screen.lines()[hand_row + 1]
                first = next(i for i, ch in enumerate(cards) if i > 2 and ch not in " │")
                tab.click_cell(hand_row + 1, first)
                tab.wait_for("Choose a cell")
                tab.settle()
                plus = tab.wait_for("+")
                tab.click_cell(*plus)
                tab.wait_for("Player 1 places the")

                [save] = saves(decktable_home)
                moves = journal(save)[1:]
                assert [m.split()[:2] for m in moves][:1] == [["1", "place"]], moves
                assert any(m.startswith("0 place ") for m in moves), moves

                # closing the tab ends its app; the moves stay saved
                apps = descendants(srv.proc.pid)
                t0 = time.monotonic()
                page.close()
                _wait(apps, 5)
                print(f"app ended {time.monotonic() - t0:.2f} s after the tab closed")
                assert journal(save)[1:] == moves
            finally:
                browser.close()
    finally:
        srv.stop()


def _wait(pids: set[int], timeout: float) -> None:
    end = time.monotonic() + timeout
    while any(alive(p) for p in pids):
        assert time.monotonic() < end, f"still running after {timeout} s"
        time.sleep(0.05)
