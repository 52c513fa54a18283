"""`decktable join`: the table screens at one seat of a shared table, fed by the host's messages
(Pilot, with a real host on 127.0.0.1 in the same event loop and a websocket client at the other
seat)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from decktable.session.match import Match, Seat
from decktable.share.join import NO_UNDO, JoinApp, websocket_url

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from _helpers import settle  # noqa: E402
from play_helpers import leaked  # noqa: E402
from table_driver import all_widget_text, notifications, screen_text  # noqa: E402
from wire_client import Host, hidden_cards  # noqa: E402


def test_a_seats_link_becomes_its_websocket() -> None:
    assert websocket_url("http://127.0.0.1:8100/t/abc_D-9") == "ws://127.0.0.1:8100/ws/abc_D-9"
    assert websocket_url("https://table.example/t/abc") == "wss://table.example/ws/abc"
    assert websocket_url("ws://[::1]:9/ws/abc") == "ws://[::1]:9/ws/abc"
    for bad in ("http://127.0.0.1:8100/", "ftp://h/t/abc", "http://h/t/abc/more", "abc"):
        with pytest.raises(ValueError):
            websocket_url(bad)


async def test_join_shows_the_seat_and_plays_it_through_the_host() -> None:
    match = Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=11)
    async with Host(match) as host:
        bob = await host.open(1)
        await bob.wait_at(0)
        app = JoinApp(dict(host.server.links())["Ann"])
        async with app.run_test(size=(100, 36)) as pilot:
            await settle(pilot, lambda: app.screen is app.table_screen and app.table_screen.obs is not None)
            await pilot.pause(0.2)
            family = match.game.info.family

            def check_privacy() -> None:
                text = all_widget_text(app)
                slugs = [match.game.catalogue.slug(c) for c in hidden_cards(match, 0)]
                assert not leaked(text, slugs, family), leaked(text, slugs, family)
                own = match.game.observe(match.state, 0).zone("hand0")
                assert own is not None and leaked(text, own.cards, family)  # her own hand is drawn

            check_privacy()
            assert match.to_act() == (1,)  # Bob leads this deal
            led = next(a["text"] for a in bob.table()["observation"]["legal"] if a["text"].startswith("play "))
            await bob.act(led, 0)
            await settle(pilot, lambda: app.remote.at == 1 and app.remote.human_to_act() == 0)
            await pilot.pause(0.2)
            assert leaked(screen_text(app), [led.split()[1]], family)  # Bob's card is in the trick
            check_privacy()

            # undo is not in the footer (nothing here offers it), and `u` pressed says why
            from textual.widgets._footer import FooterKey

            shown = [k.description for k in app.screen.query(FooterKey)]
            assert "Hint" in shown and "Undo" not in shown, shown
            await pilot.press("u")
            await settle(pilot, lambda: NO_UNDO in notifications(app))
            assert len(match.steps) == 1

            # a move the engine refuses: its sentence is shown, nothing changes
            bobs = match.game.catalogue.slug(match.game.zones(match.state)[1].cards[0])
            app.table_screen.do(f"play {bobs}")
            reason = None
            try:
                match.game.apply(match.state.clone(), 0, f"play {bobs}")
            except ValueError as exc:
                reason = str(exc)
            assert reason
            await settle(pilot, lambda: reason in notifications(app))
            assert len(match.steps) == 1

            # Ann plays from the keyboard: Enter on the card the table offers first
            await pilot.press("enter")
            await settle(pilot, lambda: len(match.steps) == 2)
            assert match.steps[-1].entry.seat == 0
            await settle(pilot, lambda: app.remote.at == 2)
            await pilot.pause(0.2)
            check_privacy()
            said = [e.text for e in host.table.events]
            assert said and app.table_screen.log_lines() == said  # the log panel: the host's public words
            assert "Both draw;" in screen_text(app)

            # the connection drops: the app comes back by itself, and its log has nothing twice
            dropped = host.table.seated[0]
            dropped.close()
            await settle(pilot, lambda: host.table.seated.get(0) not in (None, dropped))
            assert match.to_act() == (1,)  # Bob won the trick: he leads the next
            t = bob.table()
            await bob.act(next(a["text"] for a in t["observation"]["legal"]), t["at"])
            await settle(pilot, lambda: app.remote.at == len(match.steps) == 3)
            await pilot.pause(0.2)
            assert app.table_screen.log_lines() == [e.text for e in host.table.events]

            # a newer device on Ann's link takes the seat: this app is told and ends
            await host.open(0)
            await settle(pilot, lambda: bool(app.ended))
            assert "another device" in app.ended


async def test_the_table_link_joins_as_a_spectator_with_no_hand_on_screen() -> None:
    match = Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=11)
    async with Host(match) as host:
        bob = await host.open(1)
        await bob.wait_at(0)
        led = next(a["text"] for a in bob.table()["observation"]["legal"] if a["text"].startswith("play "))
        await bob.act(led, 0)
        await bob.wait_at(1)
        app = JoinApp(dict(host.server.links())["Table"])
        async with app.run_test(size=(100, 36)) as pilot:
            await settle(pilot, lambda: app.screen is app.table_screen and app.table_screen.obs is not None)
            await pilot.pause(0.2)
            text = all_widget_text(app)
            family = match.game.info.family
            hands = [match.game.catalogue.slug(c) for c in hidden_cards(match, None)]
            assert len(hands) >= 9 and not leaked(text, hands, family), leaked(text, hands, family)
            assert leaked(screen_text(app), [led.split()[1]], family)  # the public trick is drawn
            app.table_screen.do(led)  # nothing to play from here
            await pilot.pause(0.2)
            assert len(match.steps) == 1
