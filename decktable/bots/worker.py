"""Bots think in a worker process, never on the UI loop (a search in a thread doubles keypress
latency: the GIL; in a process it costs the UI nothing).

    worker = BotWorker()                 # starts its process on first use (spawn: no fork of the UI)
    job = match.bot_job(seat)            # the pieces: game id, a determinized state, seat, level, seed, memory
    pending = worker.submit(job)
    ...                                  # the UI goes on; poll pending.done() from a timer
    action = pending.result()            # notation text, or None if cancelled
    match.finish_bot_job(job, action)    # applies it unless the match moved on (undo, quit)
    pending.cancel()                     # undo, quit, leaving the table: the search stops early
    worker.close()

Only the job's pieces cross to the worker: a determinized state (re-dealt from the seat's view,
see `Match.bot_job`), never the real one. One request runs at a time; a new request or a cancel
stops the one in progress at its next check (every 8 iterations).
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
import pickle
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decktable.bots.search import Budget


@dataclass
class BotJob:
    """What a bot needs to decide, all picklable: no Game object, never the real state."""

    game: str  # game id
    state: Any  # a determinization for `seat`
    seat: int
    level: str
    seed: int
    memory: dict[str, Any] = field(default_factory=dict)
    at: int = 0  # the match's step count when the job was made (finish_bot_job checks it)
    explain: bool = False  # a hint: the answer is a `HintAnswer` as JSON (decktable/bots/hints.py)
    #: a search budget given outright instead of the level's (a test that needs a search of a
    #: known length whatever the machine; see `SearchBot`); None, the level's own
    budget: Budget | None = None


def decide(job: BotJob, stop: Any = None) -> str:
    """The bot's move for a job, as notation (in whatever process this runs); for a hint, a
    `HintAnswer` as JSON."""
    from decktable.bots.base import Turn, make_bot
    from decktable.bots.hints import answer
    from decktable.engine.registry import get_game
    from decktable.engine.rng import Rng

    game = get_game(job.game)
    legal = game.legal_actions(job.state, job.seat)
    if len(legal) == 1:
        if not job.explain:
            return str(legal[0])
        return answer(game, job.state, job.seat, legal[0], None, Rng(job.seed), job.memory, only=True).model_dump_json()
    if job.budget is not None:
        from decktable.bots.search import SearchBot

        bot: Any = SearchBot(job.level, job.budget)
    else:
        bot = make_bot(job.level)
    if hasattr(bot, "memory"):
        bot.memory = dict(job.memory)
    if hasattr(bot, "stop"):
        bot.stop = stop
    action = bot.decide(Turn(game, job.seat, job.state, legal), Rng(job.seed))
    if not job.explain:
        return str(action)
    # the consequences' own generator: the move is the same whether or not a hint asks why
    stats = getattr(bot, "last_stats", None)
    return answer(game, job.state, job.seat, action, stats, Rng(job.seed ^ 0x5EED), job.memory).model_dump_json()


#: how far the worker lowers its priority (the most a process may without privileges)
NICENESS = 19


def _yield_to_the_table() -> None:
    """Lower this process's priority: where the search and the table want the same core, the
    table's redraw comes first. Through a pty on two cores a key answered while a strong bot
    thinks took 1.45-1.54x its idle time at the same priority, 0.93-1.08x at the lowest (see
    `python -m decktable.bench --pty`). On an idle machine the search runs as fast as before; on
    one busy with other work it gets less of a core (strong still stops at its time cap), but
    the table keeps answering. Where priorities cannot be changed, nothing changes."""
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):
        pass


def _serve(conn: Any, cancel: Any) -> None:
    """The worker process: answer ("think", id, job bytes) with ("move", id, text), or
    ("cancelled", id) / ("error", id, text); stop on ("quit",) or a closed pipe."""
    _yield_to_the_table()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg[0] == "quit":
            return
        _, rid, blob = msg
        if cancel.value >= rid:
            conn.send(("cancelled", rid))
            continue
        try:
            job = pickle.loads(blob)
            action = decide(job, stop=lambda: cancel.value >= rid)
        except Exception as exc:  # a bug in a game: say so, keep serving
            conn.send(("error", rid, f"{type(exc).__name__}: {exc}"))
            continue
        conn.send(("cancelled", rid) if cancel.value >= rid else ("move", rid, action))


class Pending:
    """A request in flight."""

    def __init__(self, worker: BotWorker, rid: int) -> None:
        self._worker = worker
        self.id = rid
        self.action: str | None = None
        self.error: str | None = None
        self.finished = False

    def done(self) -> bool:
        self._worker._drain(0)
        return self.finished

    def result(self, timeout: float | None = None) -> str | None:
        """The move (notation), None when cancelled; raises TimeoutError, or RuntimeError with the
        worker's message when the bot failed."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self.finished:
            left = None if end is None else max(0.0, end - time.monotonic())
            if left == 0.0:
                raise TimeoutError("the bot is still thinking")
            self._worker._drain(0.05 if left is None else min(left, 0.05))
        if self.error is not None:
            raise RuntimeError(self.error)
        return self.action

    def cancel(self) -> None:
        """Stop this request: the worker drops it or cuts its search short; result() is None."""
        self._worker._cancel(self)


class BotWorker:
    """One worker process for bot searches (started on first use, `spawn` context)."""

    def __init__(self, context: str = "spawn") -> None:
        self._ctx = mp.get_context(context)
        self._proc: Any = None
        self._conn: Any = None
        self._cancelled: Any = None
        self._ids = itertools.count(1)
        self._pending: dict[int, Pending] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        parent, child = self._ctx.Pipe()
        self._cancelled = self._ctx.Value("q", 0, lock=False)
        self._proc = self._ctx.Process(target=_serve, args=(child, self._cancelled), daemon=True,
                                       name="decktable-bots")
        self._proc.start()
        child.close()
        self._conn = parent

    def submit(self, job: BotJob) -> Pending:
        """Send a job; any request still in flight is cancelled (one bot thinks at a time)."""
        self.start()
        with self._lock:
            for p in list(self._pending.values()):
                self._cancel_locked(p)
            rid = next(self._ids)
            p = Pending(self, rid)
            self._pending[rid] = p
            self._conn.send(("think", rid, pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)))
        return p

    def _cancel(self, p: Pending) -> None:
        with self._lock:
            self._cancel_locked(p)

    def _cancel_locked(self, p: Pending) -> None:
        """A cancelled request ends with no answer, also one that has just arrived: whoever
        cancels no longer wants it (a bot's move after undo, a hint after leaving)."""
        if not p.finished:
            if self._cancelled is not None and self._cancelled.value < p.id:
                self._cancelled.value = p.id  # ids grow: every request up to this one is cancelled
            self._pending.pop(p.id, None)
        p.finished = True
        p.action = None
        p.error = None

    def _drain(self, timeout: float) -> None:
        with self._lock:
            conn = self._conn
            if conn is None:
                return
            try:
                ready = conn.poll(timeout)
            except (EOFError, OSError):
                ready = False
            while ready:
                try:
                    msg = conn.recv()
                except (EOFError, OSError):
                    self._fail_all("the bot worker stopped")
                    return
                p = self._pending.pop(msg[1], None)
                if p is not None:
                    p.finished = True
                    if msg[0] == "move":
                        p.action = msg[2]
                    elif msg[0] == "error":
                        p.error = msg[2]
                ready = conn.poll(0)
            if self._proc is not None and not self._proc.is_alive() and self._pending:
                self._fail_all("the bot worker stopped")

    def _fail_all(self, why: str) -> None:
        for p in self._pending.values():
            p.finished = True
            p.error = why
        self._pending.clear()

    def close(self) -> None:
        """Cancel everything and stop the process."""
        with self._lock:
            for p in list(self._pending.values()):
                self._cancel_locked(p)
            if self._conn is not None:
                try:
                    self._conn.send(("quit",))
                except (OSError, ValueError):
                    pass
        if self._proc is not None and self._proc.pid is not None:
            self._proc.join(timeout=2)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=2)
        if self._conn is not None:
            self._conn.close()
        self._proc = self._conn = None

    def __enter__(self) -> BotWorker:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
