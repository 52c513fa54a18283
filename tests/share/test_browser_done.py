"""Issue 37's "Done means", in real headless Chromium on phone-sized pages (390x844, touch):

- two phones on the two seats of one Schnapsen game: each plays its card of the first trick by a
  tap; neither page's screen nor any byte its websocket received names a card hidden from its
  seat (its name, its glyph label), and the counts it shows are the public ones; a reload puts a
  page back at its seat within 2 s (on the page's own clock);
- a four-seat King game mixing a phone (Ann), the host's keyboard (Bob, the host's own screen
  under Pilot) and two bots: Bob leads a trick by keys, the bots answer, Ann ends it by a tap;
  the same privacy checks on her page, and none of her cards on the host's screen.

The host runs in this process (tests/share/phone_table.py) so the checks read the real state.
The figures of docs/shared-table.md come from these runs (printed with -s)."""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from phone_table import (  # noqa: E402
    ThreadHost,
    check_no_keyboard,
    counts,
    drawn_at,
    hand_secret,
    hand_count_shown,
    leaked,
    open_link,
    open_phone,
    private,
    screens_drawn,
    secret_now,
    tap_card,
    tap_label,
)
from browser import BrowserTab, chromium_path, launch  # noqa: E402

from decktable.session.match import Match, Seat  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402
from decktable.web.screen import Screen  # noqa: E402

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine")


def first_play(th: ThreadHost, seat: int) -> str:
    """The slug of the first card `seat` may play now (from the real state)."""
    legal = th.call(lambda: th.match.game.observe(th.match.state, seat).legal)
    return next(a.text.split()[1] for a in legal if a.text.startswith("play "))


def check_seat(th: ThreadHost, tab: BrowserTab, seat: int, names: list[str]) -> None:
    """The page of `seat` shows no card hidden from it, on screen or ever on its websocket, its own
    hand's count, and for every other seat only the count everyone sees."""
    family = th.match.game.info.family
    tab.settle()
    hidden = secret_now(th, seat)
    assert hidden
    private(tab, hidden, family)
    known = counts(th, seat)
    assert hand_count_shown(tab, names[seat]) == known[f"hand{seat}"]
    for other, name in enumerate(names):
        if other != seat:
            line = tab.wait_line(f" {name} ")
            m = re.search(rf"{re.escape(name)}\s+-?\d+\s+(?:bot\s+)?(\d+)c", line)
            assert m and int(m.group(1)) == known[f"hand{other}"], (line, known)
    # the check can fail: the seat's own hand is found on its page
    mine = th.call(lambda: [th.match.game.catalogue.slug(c) for c in th.match.game.zones(th.match.state)[seat].cards])
    assert leaked(tab.text(), mine, family) == mine
    assert leaked(screens_drawn(tab), mine, family) == mine


def epoch_of(tab: BrowserTab, needle: str, after: float = 0.0) -> float:
    """The wall-clock time (s) the page received the frame that drew `needle`, not before `after`."""
    origin, frames, times, size = tab.page.evaluate(
        "() => [performance.timeOrigin, window.__dt.frames, window.__dt.times, window.__dt.size]")
    screen = Screen(size["width"], size["height"])
    for frame, at in zip(frames, times):
        screen.feed(base64.b64decode(frame))
        when = (origin + at) / 1000
        if when >= after and needle in screen.text():
            return when
    raise AssertionError(f"{needle!r} was never drawn after {after}")


def test_two_phones_play_a_schnapsen_trick_by_taps_and_see_only_their_own_seat() -> None:
    match = Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=11)  # Bob leads this deal
    names = ["Ann", "Bob"]
    with ThreadHost(match) as th, playwright_api.sync_playwright() as p:
        links = th.links()
        browser = launch(p)
        try:
            ann = open_phone(browser, links["Ann"])
            bob = open_phone(browser, links["Bob"])
            watch = open_link(browser, links["Table"])  # the public view on a big screen: moves are timed there
            for tab, name in ((ann, "Ann"), (bob, "Bob")):
                tab.wait_for(f"{name}'s hand", timeout=40)
                width, _h = tab.page.evaluate("() => [window.__dt.size.width, window.__dt.size.height]")
                assert width < 80  # the phone's one-column table
                assert "needs at least" not in tab.text()
            watch.wait_for("Stock", timeout=40)
            first = {name: drawn_at(tab, f"{name}'s hand") for tab, name in ((ann, "Ann"), (bob, "Bob"))}
            for tab, seat in ((ann, 0), (bob, 1)):
                check_seat(th, tab, seat, names)
                check_no_keyboard(tab)

            # Bob leads by a tap; Ann sees it; Ann answers by a tap: the trick is over
            assert th.to_act() == (1,)
            lead = first_play(th, 1)
            tapped = tap_card(bob, "Bob", lead)
            th.wait(lambda: len(match.steps) >= 1, what="Bob's lead")
            assert th.call(lambda: match.steps[0].entry.seat) == 1
            led = card_label(lead, "french")
            ann.wait_for(led, timeout=10)  # in the trick, under Bob's name
            assert leaked(watch.wait_line("Bob leads", timeout=10), [lead], "french")
            seen = {"Bob's lead": epoch_of(watch, "Bob leads", tapped) - tapped}
            check_seat(th, ann, 0, names)
            check_seat(th, bob, 1, names)

            assert th.to_act() == (0,)
            answer = first_play(th, 0)
            tapped = tap_card(ann, "Ann", answer)
            th.wait(lambda: len(match.steps) >= 2, what="Ann's answer")
            assert th.call(lambda: [s.entry.seat for s in match.steps[:2]]) == [1, 0]
            for tab in (ann, bob):
                tab.wait_for("Trick over", timeout=10)
            assert leaked(watch.wait_line("Ann plays", timeout=10), [answer], "french")
            seen["Ann's answer"] = epoch_of(watch, "Ann plays", tapped) - tapped
            seen["Ann's own page"] = epoch_of(ann, "Trick over", tapped) - tapped
            check_seat(th, ann, 0, names)
            check_seat(th, bob, 1, names)

            # a reload puts each page back at its seat within 2 s
            back = {}
            for tab, seat, name in ((ann, 0, "Ann"), (bob, 1, "Bob")):
                tab.seen, tab.screen = 0, None
                tab.page.reload()
                tab.wait_for(f"{name}'s hand", timeout=10)
                back[name] = drawn_at(tab, f"{name}'s hand")
                assert back[name] < 2.0, back
                check_seat(th, tab, seat, names)
            for seat in (0, 1):  # the seat's app was sent nothing hidden from its seat, ever
                sent, found = th.wire_leaks(seat)
                assert sent >= 4 and not found, (sent, found)
                assert th.wire_finds_own_hand(seat)
            print(f"\nfirst screen {first} (s from navigation, three pages opening at once),"
                  f" tap to the table link {seen}, reload {back}")
        finally:
            browser.close()


def test_a_king_game_mixes_a_phone_the_hosts_keyboard_and_two_bots() -> None:
    from decktable.ui.screens.curtain import CurtainScreen

    bots = [Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random")]
    match = Match("king", [Seat("Ann"), Seat("Bob"), *bots], seed=17)  # Ann finds the dealer (4 cards face up), deals; Bob leads
    names = ["Ann", "Bob", "Bot 1", "Bot 2"]
    with ThreadHost(match, keyboard=True) as th, playwright_api.sync_playwright() as p:
        links = th.links()
        assert set(links) == {"Ann", "Bob", "Table"}
        browser = launch(p)
        try:
            ann = open_phone(browser, links["Ann"])
            ann.wait_for("Ann's hand", timeout=40)
            first_frame = ann.page.evaluate("() => window.__dt.times[0]") / 1000
            first_table = drawn_at(ann, "Ann's hand")
            th.wait(lambda: 0 in th.host.table.seated, what="Ann's phone at her seat")
            th.press("escape")  # the host's links screen, then its table
            assert th.to_act() == (0,)
            check_no_keyboard(ann)
            tap_label(ann, "Deal face up")  # find the first dealer: Ann, who then deals
            th.wait(lambda: len(match.steps) >= 1, what="Ann's draw")
            deal = th.call(lambda: match.game.observe(match.state, 0).legal[0].label)
            tap_label(ann, deal)
            th.wait(lambda: len(match.steps) >= 2, what="Ann's deal")
            check_seat(th, ann, 0, names)

            # Bob leads at the host's keyboard: his curtain, Enter, his hand, Enter plays its card
            th.wait(lambda: isinstance(th.app.screen, CurtainScreen), what="Bob's curtain")
            assert th.call(lambda: th.app.screen.player) == "Bob" and th.to_act() == (1,)
            anns = hand_secret(th, 0)
            assert len(anns) >= 10
            assert not leaked(th.screen_text(), anns, "french")
            th.press("enter")
            screen = th.app.table_screen
            th.wait(lambda: screen.obs is not None and screen.obs.seat == 1, what="Bob's hand at the host")
            text = th.screen_text()
            assert not leaked(text, secret_now(th, 1), "french")  # Ann's hand, the bots'
            bobs = th.call(lambda: [match.game.catalogue.slug(c) for c in match.game.zones(match.state)[1].cards])
            assert leaked(text, bobs, "french") == bobs  # the check finds his own
            th.press("enter")
            th.wait(lambda: len(match.steps) >= 3, what="Bob's lead")
            lead = th.call(lambda: match.steps[2].entry)
            assert lead.seat == 1 and lead.action.startswith("play ")
            th.wait(lambda: screen.obs is None or screen.obs.seat is None, what="his hand off the host's screen")
            assert not leaked(th.screen_text(), anns, "french")

            # the bots answer; Ann ends the trick by a tap on her phone
            th.wait(lambda: match.to_act() == (0,), what="Ann's turn")
            assert th.call(lambda: [s.entry.seat for s in match.steps[2:]]) == [1, 2, 3]
            check_seat(th, ann, 0, names)
            assert not leaked(th.screen_text(), anns, "french")
            card = first_play(th, 0)
            tap_card(ann, "Ann", card)
            th.wait(lambda: len(match.steps) >= 6, what="Ann's card")
            assert th.call(lambda: (match.steps[5].entry.seat, match.steps[5].entry.action)) == (0, f"play {card}")
            ann.wait_for("Trick over", timeout=10)
            check_seat(th, ann, 0, names)
            anns = hand_secret(th, 0)
            assert not leaked(th.screen_text(), anns, "french")

            # a reload puts the phone back at Ann's seat within 2 s
            ann.seen, ann.screen = 0, None
            ann.page.reload()
            ann.wait_for("Ann's hand", timeout=10)
            back = drawn_at(ann, "Ann's hand")
            assert back < 2.0
            check_seat(th, ann, 0, names)
            sent, found = th.wire_leaks(0)  # Ann's app was sent nothing hidden from her, ever
            assert sent >= 6 and not found, (sent, found)
            assert th.wire_finds_own_hand(0)
            print(f"\nKing, one phone: first frame {first_frame:.2f} s, its table {first_table:.2f} s from"
                  f" navigation; reload back at the seat {back:.2f} s")
        finally:
            browser.close()
