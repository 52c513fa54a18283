"""The host's own screen at a shared table (decktable/share/host_app.py): seats nobody opened are
played at the host's keyboard, hot-seat, with the curtain; devices and bots play theirs; a device
that opens a keyboard seat takes it, and the host's screen stops showing that hand at once.
Pilot on the host, a websocket client per device, the real host on 127.0.0.1 in one event loop."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from decktable.session.match import Match, Seat
from decktable.share.host_app import NO_UNDO, HostApp
from decktable.share.qr_screen import LinksScreen
from decktable.ui.screens.curtain import CurtainScreen

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from _helpers import settle  # noqa: E402
from play_helpers import leaked  # noqa: E402
from table_driver import all_widget_text, notifications  # noqa: E402
from wire_client import Device, Host, hidden_cards, leaks  # noqa: E402


async def start(pilot: Any, app: HostApp) -> None:
    """The host's screen opens on the links and their codes; Esc goes to the table."""
    await settle(pilot, lambda: isinstance(app.screen, LinksScreen))
    assert [name for name, _url in app.screen.links] == [*(s.name for s in app.table.match.seats if not s.is_bot),
                                                          "Table"]
    assert not any(isinstance(x, CurtainScreen) for x in app.screen_stack)  # nothing over the codes
    await pilot.press("escape")
    await settle(pilot, lambda: app.table_screen is not None and app.table_screen.is_attached
                 and not isinstance(app.screen, LinksScreen))


def slugs(match: Match, cards: set[int]) -> list[str]:
    return [match.game.catalogue.slug(c) for c in cards]


def secret(match: Match, host: Host, seat: int | None, only: set[int] | None = None) -> list[str]:
    """Cards hidden from `seat` now (of `only`, if given), less those the public log has named (King
    finds its first dealer by dealing face up: those cards were seen by all, the log says so)."""
    said = " ".join(e.text for e in host.table.events)
    cards = hidden_cards(match, seat) if only is None else hidden_cards(match, seat) & only
    return [s for s in slugs(match, cards) if not leaked(said, [s], match.game.info.family)]


def king() -> Match:
    # Ann on a phone, Bob and Cat at the host's keyboard, a bot
    return Match("king", [Seat("Ann"), Seat("Bob"), Seat("Cat"), Seat("Bot 1", "bot", "random")], seed=5)


async def test_a_game_mixes_a_device_the_hosts_keyboard_and_a_bot() -> None:
    match = king()
    family = match.game.info.family
    hidden_at: dict[int, set[int]] = {0: hidden_cards(match, 0)}
    played = match.act

    def act(seat: int, action: Any) -> Any:  # every move, the device's, the keyboard's, the bot's
        events = played(seat, action)
        hidden_at[len(match.steps)] = hidden_cards(match, 0)
        return events

    match.act = act  # type: ignore[method-assign]
    async with Host(match) as host:
        ann = await host.open(0)
        await ann.wait_at(0)
        app = HostApp(host.server, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await start(pilot, app)
            screen = app.table_screen
            played_by: dict[str, int] = {"device": 0, "keyboard": 0, "bot": 0}
            curtains: list[str] = []
            lifted: tuple[int, int] | None = None  # (seat, moves then) at the last curtain lifted
            for _ in range(80):
                if len(match.steps) >= 24 and min(played_by.values()) >= 3:
                    break
                await settle(pilot, lambda: match.to_act() and (
                    0 in match.to_act() or isinstance(app.screen, CurtainScreen)
                    or (screen.obs is not None and screen.obs.seat in match.to_act() and not screen.curtain_up)))
                text = all_widget_text(app)
                # Ann's hand is never on the host's screen: her device holds her seat
                anns = secret(match, host, None, set(match.game.zones(match.state)[0].cards))
                assert not leaked(text, anns, family)
                seat = match.to_act()[0]
                at = len(match.steps)
                if seat == 0:
                    assert screen.obs is None or screen.obs.seat in (None, 1, 2)
                    t = ann.table()
                    await ann.wait_at(at)
                    t = ann.table()
                    await ann.act(t["observation"]["legal"][0]["text"], t["at"])
                    played_by["device"] += 1
                elif isinstance(app.screen, CurtainScreen):
                    # a curtain before a keyboard seat's hand, naming it; nothing private behind it
                    name = app.screen.player
                    curtains.append(name)
                    assert name == match.seats[seat].name
                    assert screen.obs is not None and screen.obs.seat is None
                    await pilot.press("enter")
                    await settle(pilot, lambda: screen.obs is not None and screen.obs.seat == seat)
                    lifted = (seat, len(match.steps))
                    continue
                else:
                    # the keyboard seat's own view, and nobody else's hand, after its curtain
                    # (no other seat has moved since it was lifted)
                    assert screen.obs.seat == seat
                    assert lifted is not None and lifted[0] == seat
                    assert all(st.entry.seat == seat for st in match.steps[lifted[1]:])
                    text = all_widget_text(app)
                    assert not leaked(text, secret(match, host, seat), family)
                    screen.do(screen.obs.legal[0].text)
                    played_by["keyboard"] += 1
                await settle(pilot, lambda: len(match.steps) > at)
                played_by["bot"] = sum(1 for s in match.steps if s.entry.seat == 3)
            assert min(played_by.values()) >= 3, played_by
            assert {"Bob", "Cat"} <= set(curtains)
            # what Ann's device was sent never named a card hidden from her when it was sent
            await asyncio.sleep(0.1)
            tables = [raw for raw in ann.raw if json.loads(raw)["type"] == "table"]
            assert len(tables) >= 20
            bad = [found for raw in tables for found in leaks(raw, match, 0, hidden_at[json.loads(raw)["at"]])]
            assert not bad, bad
            # the check can fail: Bob's hand, hidden from Ann, is found in his own view
            bob_view = match.game.observe(match.state, 1).model_dump_json()
            assert leaks(json.dumps({"observation": json.loads(bob_view)}), match, 0, hidden_at[len(match.steps)])

            # undo is not offered at a shared table, from the keyboard either
            await settle(pilot, lambda: isinstance(app.screen, CurtainScreen) or 0 in match.to_act())
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await pilot.pause(0.1)
            n = len(match.steps)
            screen.action_undo()
            await settle(pilot, lambda: any(NO_UNDO in t or "nobody to undo" in t for t in notifications(app)))
            assert len(match.steps) == n


async def test_a_device_opening_a_keyboard_seat_takes_it_and_its_hand_leaves_the_host() -> None:
    match = king()
    family = match.game.info.family
    async with Host(match) as host:
        app = HostApp(host.server, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await start(pilot, app)
            screen = app.table_screen
            # nobody opened a link: every human seat is the keyboard's; play until Bob is to act
            for _ in range(40):
                await settle(pilot, lambda: isinstance(app.screen, CurtainScreen)
                             or (screen.obs is not None and screen.obs.seat in match.to_act()))
                if isinstance(app.screen, CurtainScreen):
                    await pilot.press("enter")
                    await settle(pilot, lambda: screen.obs is not None and screen.obs.seat in match.to_act())
                if screen.obs.seat == 1:
                    break
                at = len(match.steps)
                screen.do(screen.obs.legal[0].text)
                await settle(pilot, lambda: len(match.steps) > at)
            assert screen.obs.seat == 1 and 1 in match.to_act()
            bobs = secret(match, host, None, set(match.game.zones(match.state)[1].cards))
            assert len(bobs) >= 3 and leaked(all_widget_text(app), bobs, family)  # his hand is on the host's screen

            # Bob opens his link on a phone: his hand leaves the host's screen at once
            bob = await host.open(1)
            await settle(pilot, lambda: 1 in host.table.seated)
            assert screen.obs is not None and screen.obs.seat is None  # no waiting for a redraw
            await pilot.pause(0.1)
            assert not leaked(all_widget_text(app), bobs, family)
            screen.do(f"play {bobs[0]}")  # the keyboard cannot play his seat any more
            await pilot.pause(0.1)
            assert 1 in match.to_act()
            await bob.wait_at(len(match.steps))
            t = bob.table()
            await bob.act(t["observation"]["legal"][0]["text"], t["at"])
            await settle(pilot, lambda: 1 not in match.to_act() or len(match.steps) > t["at"])

            # Cat is next at the keyboard: a curtain first; a device opening Cat's seat while her
            # curtain is up takes the curtain down, and her hand is never drawn here
            await settle(pilot, lambda: isinstance(app.screen, CurtainScreen) or 2 not in match.to_act())
            assert match.to_act() == (2,)
            assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Cat"
            cat = await host.open(2)
            await settle(pilot, lambda: not isinstance(app.screen, CurtainScreen))
            await pilot.pause(0.1)
            assert screen.obs.seat is None and not screen.curtain_up
            cats = secret(match, host, None, set(match.game.zones(match.state)[2].cards))
            assert len(cats) >= 3
            assert not leaked(all_widget_text(app), cats, family)
            await cat.wait_at(len(match.steps))
            t = cat.table()
            await cat.act(t["observation"]["legal"][0]["text"], t["at"])  # Cat plays from her phone
            await settle(pilot, lambda: len(match.steps) > t["at"])

            # Bob's phone goes away: his seat is the keyboard's again, behind a curtain when he is
            # next to act (the bot and Ann's keyboard seat move first)
            await bob.ws.close()
            await settle(pilot, lambda: 1 not in host.table.seated)
            assert host.table.keyboard_seats() == [0, 1]
            for _ in range(12):
                await settle(pilot, lambda: isinstance(app.screen, CurtainScreen) or 2 in match.to_act())
                at = len(match.steps)
                if 2 in match.to_act():  # Cat, from her phone
                    await cat.wait_at(at)
                    t = cat.table()
                    await cat.act(t["observation"]["legal"][0]["text"], t["at"])
                elif app.screen.player == "Bob":
                    break
                else:
                    await pilot.press("enter")
                    await settle(pilot, lambda: screen.obs is not None and screen.obs.seat == 0)
                    screen.do(screen.obs.legal[0].text)
                await settle(pilot, lambda: len(match.steps) > at)
            assert app.screen.player == "Bob" and match.to_act() == (1,)
            assert screen.obs.seat is None


async def test_share_this_table_from_the_lobbys_setup_form(monkeypatch) -> None:
    import aiohttp
    from textual.css.query import NoMatches
    from textual.widgets import Input, Select

    from decktable.share import host_app
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.confirm import ConfirmScreen
    from decktable.ui.screens.setup import SetupScreen

    monkeypatch.setattr(host_app, "LOBBY_HOST", "127.0.0.1")  # the test's traffic stays on this machine
    monkeypatch.setattr(host_app, "LOBBY_PORT", 0)
    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(SetupScreen("schnapsen"))
        await pilot.pause(0.1)
        form = app.screen
        form.query_one("#name-0", Input).value = "Ann"
        form.query_one("#name-1", Input).value = "Bob"
        form.query_one("#kind-1", Select).value = "human"
        form.query_one("#seed", Input).value = "11"  # Bob leads this deal
        await pilot.pause(0.1)
        form.query_one("#share").press()  # below the fold: the button, as a click would
        await settle(pilot, lambda: isinstance(app.screen, LinksScreen))
        links = dict(app.screen.links)
        assert set(links) == {"Ann", "Bob", "Table"}
        def title() -> str:
            try:
                return str(app.screen.query_one("#links-title").render())
            except NoMatches:  # not drawn yet
                return ""

        await settle(pilot, lambda: "Ann's seat" in title())
        assert links["Ann"] in str(app.screen.query_one("#links-url").render())
        await pilot.press("n")
        await settle(pilot, lambda: "Bob's seat" in title())
        assert links["Bob"] in str(app.screen.query_one("#links-url").render())
        session = app.screen_stack[-2].session
        match = session.table.match
        port = session.server.port
        assert not any(isinstance(x, CurtainScreen) for x in app.screen_stack)  # none over the codes
        await pilot.press("escape")
        # Bob's seat is the keyboard's until his device opens it: his curtain, until then
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.screen.player == "Bob"

        # Bob opens his link; Ann plays at this keyboard, behind the curtain
        async with aiohttp.ClientSession() as http:
            bob = Device(await http.ws_connect(f"ws://127.0.0.1:{port}/ws/{links['Bob'].rsplit('/', 1)[1]}"))
            await bob.wait_at(0)
            await settle(pilot, lambda: app.screen is session.screen)  # his curtain came down
            assert match.to_act() == (1,)  # Bob leads this deal
            t = bob.table()
            await bob.act(next(a["text"] for a in t["observation"]["legal"] if a["text"].startswith("play ")), 0)
            await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
            assert app.screen.player == "Ann"
            await pilot.press("enter")
            screen = session.screen
            await settle(pilot, lambda: screen.obs is not None and screen.obs.seat == 0)
            screen.do(screen.obs.legal[0].text)
            await settle(pilot, lambda: len(match.steps) == 2)
            await bob.wait_at(2)

            # S: the links again, each saying where its seat is played now
            await pilot.press("S")
            await settle(pilot, lambda: "Ann's seat" in title())
            assert "played at this keyboard" in title()
            await pilot.press("n")
            await settle(pilot, lambda: "Bob's seat, open on a device now" in title())
            await pilot.press("escape")
            await settle(pilot, lambda: app.screen is screen)

            # leaving asks first; yes closes the table for the device too
            screen.action_lobby()
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            await settle(pilot, lambda: bob.closed.is_set())
            assert any("closed" in m.get("reason", "") for m in bob.messages("problem"))
