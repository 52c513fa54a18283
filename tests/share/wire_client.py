"""A device's websocket client and the privacy check for the shared-table tests."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import aiohttp

from decktable.session.match import Match
from decktable.share.host import SharedTable
from decktable.share.server import HostServer


class Device:
    """A websocket client on one link: every raw message it receives, kept in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.checked = 0  # messages already looked at by the privacy check
        self.closed = asyncio.Event()
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.raw.append(msg.data)
        self.closed.set()

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        out = [json.loads(r) for r in self.raw]
        return [m for m in out if kind is None or m["type"] == kind]

    def table(self) -> dict[str, Any]:
        return self.messages("table")[-1]

    async def wait(self, test, timeout: float = 5.0) -> None:
        end = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < end, f"timed out; last messages: {self.raw[-3:]}"
            await asyncio.sleep(0.005)

    async def wait_at(self, n: int) -> None:
        await self.wait(lambda: any(m["type"] == "table" and m["at"] >= n for m in self.messages()))

    async def act(self, action: str, at: int | None) -> None:
        await self.ws.send_str(json.dumps({"type": "act", "action": action, "at": at}))


class Host:
    def __init__(self, match: Match, keep_links: bool = False, **kw: Any) -> None:
        self.table = SharedTable(match, bot_delay=0, keep_links=keep_links)
        self.server = HostServer(self.table, **kw)
        self.session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> Host:
        await self.server.start()
        self.session = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        assert self.session is not None
        await self.session.close()
        await self.server.stop()

    def url(self, token: str) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws/{token}"

    async def open(self, seat: int | None) -> Device:
        token = self.table.table_token if seat is None else self.table.seat_tokens[seat]
        assert self.session is not None
        return Device(await self.session.ws_connect(self.url(token)))


def hidden_cards(match: Match, seat: int | None) -> set[int]:
    """Cards in zones `seat` may not see now, from the real state."""
    hidden: set[int] = set()
    for z in match.game.zones(match.state):
        if not z.vis.sees(z.owner, seat):
            hidden.update(z.cards)
    return hidden


def strings(value: Any) -> list[str]:
    """Every string in a parsed message, dictionary keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    return []


_RULE_NAMES: dict[str, frozenset[str]] = {}


def rule_names(match: Match) -> frozenset[str]:
    """Card names the game's own words use whatever the deal ("dealing face up until the King of
    hearts" in King's status): named in the table view of three fresh deals, they tell nothing of
    where a card is, so only their ids are looked for."""
    game = match.game
    if game.info.id not in _RULE_NAMES:
        names = [c.name.casefold() for c in game.catalogue]
        found = None
        for seed in (101, 202, 303):
            text = game.observe(game.new(list(match.state.names), seed=seed), None).model_dump_json().casefold()
            named = {n for n in names if n in text}
            found = named if found is None else found & named
        _RULE_NAMES[game.info.id] = frozenset(found or ())
    return _RULE_NAMES[game.info.id]


def leaks(raw: str, match: Match, seat: int | None, hidden: set[int] | None = None) -> list[str]:
    """What in one raw message names a card hidden from `seat` (now, or the given `hidden` cards):
    the card's id as a JSON string, its id as a word anywhere in a string, or its name anywhere
    (case folded; names the rules use whatever the deal are left to the id checks)."""
    cat = match.game.catalogue
    texts = strings(json.loads(raw))
    folded = [t.casefold() for t in texts]
    vocabulary = rule_names(match)
    found = []
    for c in hidden_cards(match, seat) if hidden is None else hidden:
        slug, name = cat.slug(c), cat.name(c)
        if f'"{slug}"' in raw or any(re.search(rf"(?<![\w]){re.escape(slug)}(?![\w])", t) for t in texts):
            found.append(f"{slug} (id)")
        if name.casefold() not in vocabulary and any(name.casefold() in t for t in folded):
            found.append(f"{name} (name)")
    return found
