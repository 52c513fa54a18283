"""Hints at a shared table: a device asks the host for its own seat on its own turn; the host's
strong search looks from that seat's view only and answers that device alone. Checked on the
wire (nothing hidden from the seat in the answer) and in `decktable join` (H shows it)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from decktable.session.match import Match, Seat
from decktable.share.join import JoinApp

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from table_driver import notifications  # noqa: E402
from wire_client import Host, leaks  # noqa: E402


def schnapsen() -> Match:
    return Match("schnapsen", [Seat("Ann"), Seat("Bob")], seed=11)


async def test_a_device_asks_a_hint_for_its_own_turn_and_only_it_is_answered() -> None:
    m = schnapsen()
    async with Host(m) as host:
        ann, bob, table = await host.open(0), await host.open(1), await host.open(None)
        for d in (ann, bob, table):
            await d.wait_at(0)
        assert m.to_act() == (1,)  # Bob leads

        # not Ann's turn, a stale table, the table view: refused with a sentence, nothing asked
        await ann.ws.send_str(json.dumps({"type": "hint", "at": 0}))
        await bob.ws.send_str(json.dumps({"type": "hint", "at": 3}))
        await table.ws.send_str(json.dumps({"type": "hint", "at": 0}))
        for d in (ann, bob, table):
            await d.wait(lambda d=d: bool(d.messages("refused")))
            assert d.messages("refused")[-1]["action"] == "hint"
        assert m.hints == 0

        await bob.ws.send_str(json.dumps({"type": "hint", "at": 0}))
        await bob.wait(lambda: bool(bob.messages("hint")), timeout=60)
        reply = bob.messages("hint")[-1]
        legal = {a["text"] for a in bob.table()["observation"]["legal"]}
        assert reply["at"] == 0 and reply["answer"]["action"] in legal
        assert m.hints == 1 and len(m.steps) == 0  # counted, and nothing played
        raw = next(r for r in bob.raw if json.loads(r)["type"] == "hint")
        assert not leaks(raw, m, 1), leaks(raw, m, 1)
        # the check can fail: the hinted card is Bob's, hidden from Ann
        assert reply["answer"]["action"].startswith("play ") and leaks(raw, m, 0)
        await asyncio.sleep(0.1)
        assert not ann.messages("hint") and not table.messages("hint")  # Bob's alone


async def test_join_h_asks_the_host_and_shows_the_hint() -> None:
    m = schnapsen()
    async with Host(m) as host:
        app = JoinApp(dict(host.server.links())["Bob"])
        async with app.run_test(size=(100, 36)) as pilot:
            loop = asyncio.get_running_loop()
            end = loop.time() + 15
            while not (app.screen is app.table_screen and app.table_screen.obs is not None):
                assert loop.time() < end
                await pilot.pause(0.05)
            await pilot.pause(0.2)
            await pilot.press("H")
            end = loop.time() + 60
            while app.table_screen.controller.hint is None:
                assert loop.time() < end, notifications(app)
                await pilot.pause(0.1)
            await pilot.pause(0.2)
            assert app.table_screen.hint().startswith("Hint: ")
            assert m.hints == 1 and len(m.steps) == 0
