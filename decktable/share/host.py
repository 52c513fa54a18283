"""The authority of a shared table: one host process owns the Match; devices only send moves.

`SharedTable` holds one `Match`, a secret token per human seat and one for the public table view,
and the devices connected now. Every move a device sends is played through `Match.act` (the
engine checks it; a refusal is answered with the engine's sentence and changes nothing); after
every change each connection is sent its own `observe(state, seat)` (the table view: the
spectator's) and the public events' words, never anything else. Bots play their seats here: a
random bot at once, the others in a worker process (decktable/bots/worker.py), as at the keyboard.

The web side (`decktable.share.server`) is a thin layer: it finds the seat from the token and
hands the websocket to `attach`.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel, ValidationError

from decktable.engine.errors import DeckTableError
from decktable.share.wire import (
    CLIENT,
    Act,
    AskHint,
    HintReply,
    Ping,
    Pong,
    Problem,
    PublicEvent,
    Refused,
    Replaced,
    Table,
    Welcome,
)

if TYPE_CHECKING:
    from aiohttp import web

    from decktable.session.match import Match

#: public events sent again to a device that (re)connects: enough for the log panel's last lines
RECENT_EVENTS = 30
#: messages waiting for one slow device before it is dropped (it reconnects and gets the table)
QUEUE_LIMIT = 64
#: seconds between a bot's turn beginning and its move, so people can follow (0 in tests)
BOT_DELAY = 0.8
#: how often a bot's search in the worker is looked at
BOT_POLL = 0.03
#: the shared table's reading of undo: not offered, to anyone (a move is on every device's screen
#: the moment it is played; taking it back would need everyone's word, which no device can give yet)
NO_UNDO = "Undo is not offered at a shared table: every device has seen the move already."


class NoUndo:
    """The undo half of a shared table's match as the table screens see it: nothing to take back."""

    def undo_target(self, seat: int) -> tuple[int | None, str]:
        return None, NO_UNDO

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> str:
        raise DeckTableError(NO_UNDO)
HINT_LEVEL = "strong"  # as at the keyboard (decktable/ui/controller.py)
STALE = "The table has moved on since that move was chosen; it was not played. Here is the table now."
WATCHING = "The table view only watches; moves are made from a seat's own link."


@dataclass(eq=False)
class Connection:
    """One device: its websocket, its seat (None: the table view), and its outgoing queue."""

    ws: web.WebSocketResponse
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    sent_events: int = 0  # how many of the table's public events this device has been sent
    closed: bool = False

    def send(self, message: BaseModel) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message.model_dump_json())
        except asyncio.QueueFull:  # a device that does not read: dropped; reopening the link mends it
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            while True:
                try:
                    self.queue.put_nowait(None)
                    break
                except asyncio.QueueFull:
                    self.queue.get_nowait()

    async def write_all(self) -> None:
        """Send the queue in order until closed; then close the websocket."""
        try:
            while (text := await self.queue.get()) is not None:
                await self.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass
        finally:
            self.closed = True
            await self.ws.close()


class SharedTable:
    """One match shared by several devices. All changes happen on the event loop, one at a time."""

    def __init__(self, match: Match, *, bot_delay: float = BOT_DELAY, worker: Any = None,
                 keep_links: bool = False) -> None:
        self.match = match
        self.bot_delay = bot_delay
        self._worker = worker  # a BotWorker for searching bots; started on first need when None
        self._own_worker = worker is None
        #: the secret of each human seat's link, and of the public table view's: those kept for
        #: this match when `keep_links` (a resumed table keeps its links), else new ones
        self.keep_links = keep_links
        kept = None
        if keep_links:
            from decktable.share.links import load_links

            kept = load_links(match)
        if kept is not None:
            self.seat_tokens, self.table_token = kept
        else:
            self.seat_tokens = {s: secrets.token_urlsafe(18) for s in match.humans}
            self.table_token = secrets.token_urlsafe(18)
        if keep_links and not match.game.is_over(match.state):
            from decktable.share.links import save_links

            save_links(match, self.seat_tokens, self.table_token)
        self.connections: set[Connection] = set()
        self.seated: dict[int, Connection] = {}  # seat -> the device that holds it now
        #: the public log, in words (a resumed match's earlier moves included)
        self.events: list[PublicEvent] = [PublicEvent(text=e.text, kind=e.kind, seat=e.seat)
                                          for entry in match.log for e in entry.events if e.text]
        self.thinking: int | None = None
        self._bots: asyncio.Task[None] | None = None
        #: called after every change the host's own screen may have to show: a move (a device's,
        #: a bot's, the keyboard's), a bot starting to think, a device taking or leaving a seat
        self.on_change: Callable[[], None] | None = None
        self._hint_worker: Any = None  # a BotWorker for devices' hints, started on the first
        self._hinting: set[Connection] = set()  # devices whose hint is being looked for

    # -- who is who ----------------------------------------------------------------------------------

    def role_of(self, token: str) -> tuple[bool, int | None]:
        """(known, seat) for a token: a seat's, or (True, None) for the table view's; constant-time
        comparisons, so the answer's timing does not tell how much of a token was right."""
        import hmac

        found: tuple[bool, int | None] = (False, None)
        for seat, secret in self.seat_tokens.items():
            if hmac.compare_digest(token.encode(), secret.encode()):
                found = (True, seat)
        if hmac.compare_digest(token.encode(), self.table_token.encode()):
            found = (True, None)
        return found

    def welcome(self, seat: int | None) -> Welcome:
        m = self.match
        return Welcome(
            role="table" if seat is None else "seat",
            seat=seat,
            name="Table" if seat is None else m.seats[seat].name,
            game=m.game.info.id,
            game_name=m.game.info.name,
            seats=[s.name for s in m.seats],
            bots=[i for i, s in enumerate(m.seats) if s.is_bot],
            levels={i: s.level for i, s in enumerate(m.seats) if s.is_bot},
            options=dict(m.options),
        )

    def table_for(self, conn: Connection) -> Table:
        """The connection's own view now, with the public events it has not been sent."""
        since = conn.sent_events
        new = self.events[since:]
        conn.sent_events = len(self.events)
        return Table(at=len(self.match.steps), observation=self.match.game.observe(self.match.state, conn.seat),
                     events=new, since=since, thinking=self.thinking)

    # -- devices -----------------------------------------------------------------------------------

    async def attach(self, ws: web.WebSocketResponse, seat: int | None) -> None:
        """Serve one prepared websocket until it closes: the welcome and the table at once, then
        its moves. A newer device on the same seat takes it; the older one is told and closed."""
        conn = Connection(ws, seat, sent_events=max(0, len(self.events) - RECENT_EVENTS))
        self.connections.add(conn)
        if seat is not None:
            old = self.seated.get(seat)
            self.seated[seat] = conn
            if old is not None:
                old.send(Replaced(reason=f"{self.match.seats[seat].name}'s seat was opened on another device; "
                                         "this one no longer plays it. Open the link again to take it back."))
                old.close()
        writer = asyncio.create_task(conn.write_all())
        conn.send(self.welcome(seat))
        conn.send(self.table_for(conn))
        if seat is not None:
            self._changed()  # the host's keyboard no longer plays this seat (nor shows its hand)
        self.kick_bots()
        try:
            from aiohttp import WSMsgType

            async for msg in ws:
                if conn.closed:
                    break
                if msg.type != WSMsgType.TEXT:
                    conn.send(Problem(reason="Only text messages are read here."))
                    continue
                self.receive(conn, msg.data)
        finally:
            self.connections.discard(conn)
            if seat is not None and self.seated.get(seat) is conn:
                del self.seated[seat]
                self._changed()  # the seat is the host keyboard's again
            conn.close()
            try:
                await asyncio.wait_for(writer, 2.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                writer.cancel()

    def receive(self, conn: Connection, text: str) -> None:
        try:
            message = CLIENT.validate_json(text)
        except ValidationError:
            conn.send(Problem(reason='Not a message this table reads; send {"type": "act", "action": "...", "at": N}.'))
            return
        if isinstance(message, Ping):
            conn.send(Pong())
        elif isinstance(message, Act):
            self.act(conn, message)
        elif isinstance(message, AskHint):
            self.ask_hint(conn, message)

    # -- moves -------------------------------------------------------------------------------------

    def act(self, conn: Connection, message: Act) -> None:
        """Play a device's move for its own seat, or answer why not (nothing changes)."""
        if conn.seat is None:
            conn.send(Refused(action=message.action, reason=WATCHING))
            return
        if self.seated.get(conn.seat) is not conn:  # replaced, its close not yet seen
            return
        if message.at is not None and message.at != len(self.match.steps):
            conn.send(Refused(action=message.action, reason=STALE))
            conn.send(self.table_for(conn))
            return
        try:
            events = self.match.act(conn.seat, message.action)
        except DeckTableError as exc:
            conn.send(Refused(action=message.action, reason=str(exc)))
            return
        self._played(events)

    # -- hints -----------------------------------------------------------------------------------

    def ask_hint(self, conn: Connection, message: AskHint) -> None:
        """A hint for a device's own seat on its own turn: the strong search from that seat's view
        only (a re-deal of what it cannot see, with a generator of the hint's own, so asking never
        changes the bots' moves), in a worker of its own (the bots' worker runs one search at a
        time). The answer goes to that device alone, while the table has not moved on."""
        m = self.match
        seat = conn.seat
        if seat is None or self.seated.get(seat) is not conn:
            conn.send(Refused(action="hint", reason="A hint is for a seat's own turn."))
            return
        if message.at != len(m.steps) or seat not in m.to_act():
            conn.send(Refused(action="hint", reason="A hint is for your own turn."))
            return
        if conn in self._hinting:
            return
        self._hinting.add(conn)
        task = asyncio.ensure_future(self._hint(conn, seat, message.at))
        task.add_done_callback(lambda _t: self._hinting.discard(conn))

    async def _hint(self, conn: Connection, seat: int, at: int) -> None:
        from decktable.bots.worker import BotJob
        from decktable.engine.rng import Rng

        m = self.match
        rng = Rng((m.seed or 0) ^ 0x41A7 ^ (at << 20) ^ seat)
        job = BotJob(game=m.game.info.id, state=m.game.determinize(m.state, seat, rng), seat=seat, level=HINT_LEVEL,
                     seed=int(rng.random() * 2**53), at=at, explain=True, memory=dict(m.memories.get(seat, {})))
        m.note_hint()
        try:
            if self._hint_worker is None:
                from decktable.bots.worker import BotWorker

                self._hint_worker = BotWorker()
            pending = self._hint_worker.submit(job)
            while not pending.done():
                await asyncio.sleep(BOT_POLL)
            answer = pending.result(0)
        except Exception as exc:  # noqa: BLE001 - no hint, said so; the table goes on
            conn.send(Refused(action="hint", reason=f"No hint: {exc}"))
            return
        if answer is None or len(m.steps) != at:
            return  # the table moved on: the hint is about a position gone
        import json

        conn.send(HintReply(at=at, answer=json.loads(answer)))

    def keyboard_seats(self) -> list[int]:
        """The human seats no device holds now: played at the host's keyboard, hot-seat."""
        return [s for s in self.match.humans if s not in self.seated]

    def play_local(self, seat: int, action: Any) -> list[Any]:
        """A move made at the host's keyboard for a seat no device holds; raises DeckTableError
        (nothing changed) when the engine refuses it or a device holds the seat now."""
        if seat in self.seated:
            raise DeckTableError(f"{self.match.seats[seat].name}'s seat is played from a device now; "
                                 "the move was not made here.")
        if self.match.seats[seat].is_bot:
            raise DeckTableError(f"{self.match.seats[seat].name} is a bot; it plays its own moves.")
        events = self.match.act(seat, action)
        self._played(events)
        return events

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _played(self, events: list[Any]) -> None:
        self.events += [PublicEvent(text=e.text, kind=e.kind, seat=e.seat) for e in events if e.text]
        if self.keep_links and self.match.game.is_over(self.match.state):
            from decktable.share.links import forget_links

            forget_links(self.match)  # the game is over: its links open nothing any more
        self.broadcast()
        self.kick_bots()

    def broadcast(self) -> None:
        for conn in list(self.connections):
            conn.send(self.table_for(conn))
        self._changed()

    # -- bots ----------------------------------------------------------------------------------------

    def kick_bots(self) -> None:
        """Let the bots play their turns (one task at a time; it ends when no bot is to act)."""
        if self.match.bot_to_act() is not None and (self._bots is None or self._bots.done()):
            self._bots = asyncio.ensure_future(self._run_bots())

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        m = self.match
        misses = 0
        while (seat := m.bot_to_act()) is not None and misses < 3:
            begun = loop.time()
            at = len(m.steps)
            if m.seats[seat].level == "random":
                action: str | None = None
                job = None
            else:
                self.thinking = seat
                self.broadcast()
                job = m.bot_job(seat)
                action = await self._search(job)
                self.thinking = None
            await asyncio.sleep(max(0.0, self.bot_delay - (loop.time() - begun)))
            if len(m.steps) != at or m.bot_to_act() != seat:
                continue  # a person moved meanwhile (a simultaneous choice): think again
            try:
                if job is None:
                    played = m.bot_step()
                    events = played[1] if played else None
                else:
                    events = m.finish_bot_job(job, action)
            except Exception as exc:  # noqa: BLE001 - a bot's move the rules refused: the table goes on
                sys.stderr.write(f"decktable host: {m.seats[seat].name}'s move failed ({exc}); "
                                 "it plays its first legal move instead.\n")
                legal = m.game.legal_actions(m.state, seat)
                events = m.act(seat, legal[0]) if legal else None
            if events is not None:
                self._played(events)
                misses = 0
            else:
                misses += 1  # no move came (a cancelled search): try again, a few times only
        self.thinking = None

    async def _search(self, job: Any) -> str | None:
        """The worker's move for a job, or a random legal one when the worker fails."""
        try:
            if self._worker is None:
                from decktable.bots.worker import BotWorker

                self._worker = BotWorker()
            pending = self._worker.submit(job)
            while not pending.done():
                await asyncio.sleep(BOT_POLL)
            return pending.result(0)
        except Exception:  # noqa: BLE001 - no worker, or its search failed: the bot still moves
            legal = self.match.game.legal_actions(self.match.state, job.seat)
            return str(legal[int(self.match._bot_rng.random() * len(legal))]) if legal else None

    async def close(self) -> None:
        """Tell every device the table has closed, and stop the bots."""
        if self._bots is not None:
            self._bots.cancel()
        for conn in list(self.connections):
            conn.send(Problem(reason="The host closed the table."))
            conn.close()
        if self._worker is not None and self._own_worker:
            self._worker.close()
        if self._hint_worker is not None:
            self._hint_worker.close()
