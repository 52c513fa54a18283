"""The shared table's host on the wire (decktable/share): what each device receives, refusals,
reconnection, the table view, tokens, the connection limit, bots and `decktable host`.

Each test runs a real host (aiohttp, a free port on 127.0.0.1) and real websocket clients; the
privacy test reads every raw message a seat receives and looks in it for every card that seat
cannot see at that moment, computed from the host's real state (its zones), not from what the
observation claims.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from decktable.session.match import Match, Seat, parse_seats
from decktable.share.host import STALE, WATCHING

sys.path.insert(0, str(Path(__file__).parent))

from wire_client import Device, Host, hidden_cards, leaks  # noqa: E402


def schnapsen(seed: int = 11) -> Match:
    return Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=seed)


# -- privacy -----------------------------------------------------------------------------------------


async def check_all(host: Host, devices: dict[int | None, Device], at: int) -> None:
    """Wait until every device has the table after move `at`, then look in every message it was
    sent since the last check (the state cannot move meanwhile: no bots, nobody else acts)."""
    for d in devices.values():
        await d.wait_at(at)
    await asyncio.sleep(0.05)  # anything else on its way arrives too
    for seat, d in devices.items():
        for raw in d.raw[d.checked:]:
            assert not leaks(raw, host.table.match, seat), (seat, leaks(raw, host.table.match, seat), raw)
        d.checked = len(d.raw)


async def play_one(host: Host, devices: dict[int | None, Device]) -> str:
    """The seat to act plays its first `play` move, chosen from what its device was sent."""
    m = host.table.match
    seat = m.to_act()[0]
    table = devices[seat].table()
    legal = [a["text"] for a in table["observation"]["legal"] if a["text"].startswith("play ")]
    assert legal, table["observation"]
    await devices[seat].act(legal[0], table["at"])
    await check_all(host, devices, table["at"] + 1)
    return legal[0]


async def test_no_message_holds_a_card_hidden_from_its_seat() -> None:
    async with Host(schnapsen()) as host:
        m = host.table.match
        devices = {0: await host.open(0), 1: await host.open(1), None: await host.open(None)}
        await check_all(host, devices, 0)
        tricks = lambda: sum(1 for e in host.table.events if e.kind == "trick")  # noqa: E731
        while tricks() < 2:
            await play_one(host, devices)
        plays = [e for e in host.table.events if e.kind == "play"]
        assert {e.seat for e in plays} == {0, 1} and len(plays) == 4
        # the check can fail: Ann's own device did receive her hand, and it is hidden from Bob
        own = devices[0].raw[-1]
        assert leaks(own, m, 1), "the check found nothing in a message that holds Ann's hand"
        # each seat was sent its own hand, and the table view no hand at all
        for seat in (0, 1):
            obs = devices[seat].table()["observation"]
            assert next(z for z in obs["zones"] if z["name"] == f"hand{seat}")["cards"]
            assert obs == json.loads(m.game.observe(m.state, seat).model_dump_json())
        spectator = devices[None].table()["observation"]
        assert all(not z["cards"] for z in spectator["zones"] if z["kind"] == "hand")
        # what was played is public: every device was told, in words
        for d in devices.values():
            told = [e["text"] for msg in d.messages("table") for e in msg["events"]]
            assert [e.text for e in host.table.events] == told


def test_the_leak_check_finds_a_hidden_card_in_text_and_in_ids() -> None:
    m = schnapsen()
    bob_card = m.game.zones(m.state)[1].cards[0]
    slug, name = m.game.catalogue.slug(bob_card), m.game.catalogue.name(bob_card)
    assert leaks(json.dumps({"type": "table", "events": [{"text": f"Bob holds the {name}."}]}), m, 0)
    assert leaks(json.dumps({"card_marks": {slug: "trump"}}), m, 0)
    assert leaks(json.dumps({"legal": [{"text": f"play {slug}"}]}), m, 0)
    assert not leaks(json.dumps({"legal": [{"text": f"play {slug}"}]}), m, 1)


# -- refusals ------------------------------------------------------------------------------------------


async def test_refused_moves_get_the_engines_sentence_and_change_nothing() -> None:
    async with Host(schnapsen()) as host:
        m = host.table.match
        ann, bob, view = await host.open(0), await host.open(1), await host.open(None)
        for d in (ann, bob, view):
            await d.wait_at(0)
        leader = m.to_act()[0]
        other = 1 - leader
        lead_dev, other_dev = (ann, bob) if leader == 0 else (bob, ann)
        own = m.game.zones(m.state)[other].cards[0]
        tries = [
            (other_dev, other, f"play {m.game.catalogue.slug(own)}"),  # not this seat's turn
            (lead_dev, leader, f"play {m.game.catalogue.slug(own)}"),  # a card the leader does not hold
            (lead_dev, leader, "play"),  # not a whole move
            (lead_dev, leader, "fly away"),  # not a move of this game
        ]
        views = lambda: [m.game.observe(m.state, s).model_dump_json() for s in (0, 1, None)]  # noqa: E731
        before = views()
        for dev, seat, action in tries:
            expected = None
            try:
                m.game.apply(m.state.clone(), seat, action)
            except ValueError as exc:
                expected = str(exc)
            assert expected, action
            n = len(dev.messages("refused"))
            await dev.act(action, 0)
            await dev.wait(lambda: len(dev.messages("refused")) > n)
            got = dev.messages("refused")[-1]
            assert got == {"type": "refused", "action": action, "reason": expected}
        assert m.steps == [] and views() == before
        # a doubled tap: the first is played, the second (chosen from the same table) refused
        move = next(a["text"] for a in lead_dev.table()["observation"]["legal"] if a["text"].startswith("play "))
        await lead_dev.act(move, 0)
        await lead_dev.act(move, 0)
        await lead_dev.wait(lambda: any(r["reason"] == STALE for r in lead_dev.messages("refused")))
        assert len(m.steps) == 1
        # the table view only watches
        await view.act(move, 1)
        await view.wait(lambda: bool(view.messages("refused")))
        assert view.messages("refused")[-1]["reason"] == WATCHING and len(m.steps) == 1
        # a message that is not one a device sends: answered, and the connection goes on
        await ann.ws.send_str("{not json")
        await ann.ws.send_str(json.dumps({"type": "act", "action": "x" * 500}))
        await ann.wait(lambda: len(ann.messages("problem")) == 2)
        await ann.ws.send_str(json.dumps({"type": "ping"}))
        await ann.wait(lambda: bool(ann.messages("pong")))


# -- reconnecting ---------------------------------------------------------------------------------------


async def test_reopening_a_link_puts_the_device_back_at_its_seat_within_two_seconds() -> None:
    async with Host(schnapsen()) as host:
        m = host.table.match
        devices = {0: await host.open(0), 1: await host.open(1)}
        await check_all(host, devices, 0)
        await play_one(host, devices)
        leaver = m.to_act()[0]
        await devices[leaver].ws.close()  # a phone that slept
        await devices[1 - leaver].wait(lambda: len(host.table.seated) == 1)
        t0 = time.perf_counter()
        back = await host.open(leaver)
        await back.wait(lambda: bool(back.messages("table")), timeout=2.0)
        took = time.perf_counter() - t0
        assert took < 2.0
        welcome, table = back.messages()[:2]
        assert welcome["type"] == "welcome" and welcome["seat"] == leaver and welcome["name"] == m.seats[leaver].name
        assert table["at"] == len(m.steps) == 1
        assert table["observation"] == json.loads(m.game.observe(m.state, leaver).model_dump_json())
        assert [e["text"] for e in table["events"]] == [e.text for e in host.table.events]  # the recent log
        devices[leaver] = back
        devices[leaver].checked = 0
        await play_one(host, devices)  # and it plays on from there
        assert len(m.steps) == 2

        # a second device on the same link takes the seat; the first is told and closed
        first = devices[0]
        second = await host.open(0)
        await first.wait(lambda: bool(first.messages("replaced")))
        await asyncio.wait_for(first.closed.wait(), 3)
        await second.wait_at(2)
        assert host.table.seated[0] is not None and len(host.table.seated) == 2


# -- tokens, limits, bots, the command -------------------------------------------------------------------


async def test_a_link_needs_its_token_and_the_table_has_a_connection_limit() -> None:
    async with Host(schnapsen(), max_connections=2) as host:
        assert host.session is not None
        base = f"http://127.0.0.1:{host.server.port}"
        for path in ("/ws/nothing", "/t/nothing", "/ws/", "/", f"/ws/{host.table.table_token[:-1]}"):
            async with host.session.get(base + path) as r:
                assert r.status in (403, 404), path
        async with host.session.get(base + f"/t/{host.table.seat_tokens[1]}") as r:
            assert r.status == 200 and "Bob&#x27;s seat" in await r.text()
        # another web site's page cannot open a seat's websocket
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await host.session.ws_connect(host.url(host.table.seat_tokens[0]), origin="http://evil.example")
        a, b = await host.open(0), await host.open(1)
        await a.wait_at(0)
        await b.wait_at(0)
        third = await host.open(None)
        await asyncio.wait_for(third.closed.wait(), 3)
        assert third.messages("problem") and not third.messages("table")
        await a.ws.close()
        await b.wait(lambda: host.server.open == 1)
        again = await host.open(None)  # a place is free again
        await again.wait_at(0)


async def test_bots_play_their_seats_in_the_host() -> None:
    m = Match("king", parse_seats("Ann,bot:random,bot:random,bot:random"), seed=3)
    async with Host(m) as host:
        ann = await host.open(0)
        await ann.wait_at(0)
        for _ in range(6):  # Ann plays whenever she is to act; the bots play the rest
            await ann.wait(lambda: m.to_act() == (0,) and ann.table()["at"] == len(m.steps))
            table = ann.table()
            await ann.act(table["observation"]["legal"][0]["text"], table["at"])
            await ann.wait_at(table["at"] + 1)
        movers = {s.entry.seat for s in m.steps}
        assert movers == {0, 1, 2, 3}, movers
        told = [e["text"] for msg in ann.messages("table") for e in msg["events"]]
        assert told and told == [e.text for e in host.table.events][: len(told)]  # bots may still be moving


def test_decktable_host_prints_a_link_per_person_and_one_for_the_table(tmp_path: Any) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "decktable", "host", "king", "--players", "Ann,Bob,bot:random,bot:random",
         "--port", "0", "--seed", "5"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ), start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().rstrip("\n") for _ in range(3)]
        pattern = r"(Ann|Bob|Table): http://127\.0\.0\.1:(\d+)/t/([A-Za-z0-9_-]{20,})"
        found = [re.fullmatch(pattern, line) for line in lines]
        assert all(found), lines
        assert [f.group(1) for f in found] == ["Ann", "Bob", "Table"]  # bots have no link
        assert len({f.group(3) for f in found}) == 3

        async def sit() -> dict[str, Any]:
            port, token = found[1].group(2), found[1].group(3)
            async with aiohttp.ClientSession() as s, s.ws_connect(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
                return json.loads((await ws.receive(timeout=10)).data)

        welcome = asyncio.run(sit())
        assert welcome["name"] == "Bob" and welcome["seat"] == 1 and welcome["bots"] == [2, 3]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(10) == 0


async def test_a_searching_bot_thinks_in_the_worker_and_devices_see_it_thinking() -> None:
    m = Match("schnapsen", parse_seats("Ann,bot:easy"), seed=11)
    async with Host(m) as host:
        ann = await host.open(0)
        await ann.wait_at(0)
        if m.to_act() == (0,):  # Ann leads first: her move, then the bot's
            table = ann.table()
            await ann.act(next(a["text"] for a in table["observation"]["legal"] if a["text"].startswith("play ")), 0)
        await ann.wait(lambda: any(s.entry.seat == 1 for s in m.steps), timeout=30)
        await ann.wait_at(len(m.steps))
        assert any(t["thinking"] == 1 for t in ann.messages("table"))  # said while the search ran
        assert ann.table()["thinking"] is None
        assert host.table._worker is not None  # the search ran in the worker process


async def test_a_connection_that_never_finishes_its_headers_is_closed() -> None:
    async with Host(schnapsen(), header_timeout=0.5) as host:
        reader, writer = await asyncio.open_connection("127.0.0.1", host.server.port)
        writer.write(b"GET /t/x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), 5) == b""  # closed by the host
        writer.close()
        ann = await host.open(0)  # a device's websocket is one long answer: never timed out
        await asyncio.sleep(1.2)
        await ann.ws.send_str(json.dumps({"type": "ping"}))
        await ann.wait(lambda: bool(ann.messages("pong")))


async def test_devices_are_told_when_the_host_closes_the_table() -> None:
    host = Host(schnapsen())
    await host.__aenter__()
    try:
        ann = await host.open(0)
        await ann.wait_at(0)
        await host.server.stop()
        await asyncio.wait_for(ann.closed.wait(), 5)
        assert ann.messages("problem")[-1]["reason"] == "The host closed the table."
    finally:
        assert host.session is not None
        await host.session.close()


async def test_a_bot_move_that_fails_is_replaced_by_a_legal_one(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    m = Match("schnapsen", parse_seats("Ann,bot:random"), seed=11)
    assert m.to_act() == (1,)  # the bot leads this deal

    def broken() -> None:
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(m, "bot_step", broken)
    async with Host(m) as host:
        ann = await host.open(0)
        await ann.wait_at(1)
        assert m.steps[0].entry.seat == 1 and m.to_act() == (0,)
        assert "Bot 1's move failed (a rules bug)" in capsys.readouterr().err


async def test_king_two_devices_two_bots_and_the_table_view_nothing_hidden_on_the_wire() -> None:
    """Four seats, bots moving on their own: each table message is checked against the cards
    hidden from its seat right after the move it reports (`at`), recorded as the host played it."""
    m = Match("king", parse_seats("Ann,Bob,bot:random,bot:random"), seed=3)
    hidden_at: dict[int, dict[int | None, set[int]]] = {}

    def record() -> None:
        hidden_at[len(m.steps)] = {s: hidden_cards(m, s) for s in (0, 1, None)}

    record()
    played = m.act

    def act(seat: int, action: Any) -> Any:
        events = played(seat, action)
        record()
        return events

    m.act = act  # type: ignore[method-assign]  # bot moves come through it too
    async with Host(m) as host:
        devices = {0: await host.open(0), 1: await host.open(1), None: await host.open(None)}
        for d in devices.values():
            await d.wait_at(0)
        while len(m.steps) < 30 and not m.game.is_over(m.state):
            await devices[0].wait(lambda: bool(set(m.to_act()) & {0, 1}) and all(
                devices[s].table()["at"] == len(m.steps) for s in (0, 1)))
            seat = next(s for s in m.to_act() if s in (0, 1))
            table = devices[seat].table()
            await devices[seat].act(table["observation"]["legal"][0]["text"], table["at"])
            await devices[seat].wait_at(table["at"] + 1)
        assert {s.entry.seat for s in m.steps} == {0, 1, 2, 3}
        await asyncio.sleep(0.1)
        checked = 0
        for seat, d in devices.items():
            for raw in d.raw:
                msg = json.loads(raw)
                if msg["type"] == "table":
                    found = leaks(raw, m, seat, hidden_at[msg["at"]][seat])
                    assert not found, (seat, msg["at"], found)
                    checked += 1
        assert checked > 30
        # the check can fail: Ann's last table holds her hand, every card of it hidden from Bob
        last_raw = [r for r in devices[0].raw if json.loads(r)["type"] == "table"][-1]
        last = json.loads(last_raw)
        hand = next(z for z in last["observation"]["zones"] if z["name"] == "hand0")["cards"]
        assert hand and len(leaks(last_raw, m, 1, hidden_at[last["at"]][1])) >= len(hand)
