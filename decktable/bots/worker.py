"""Bots think in a worker process, never on the UI loop (a search in a thread doubles keypress
latency: the GIL; in a process it costs the UI nothing).

    worker = BotWorker()                 # starts its process on first use (a new interpreter: no fork of the UI)
    job = match.bot_job(seat)            # the pieces: game id, a determinized state, seat, level, seed, memory
    pending = worker.submit(job)
    ...                                  # the UI goes on; poll pending.done() from a timer
    action = pending.result()            # notation text, or None if cancelled
    match.finish_bot_job(job, action)    # applies it unless the match moved on (undo, quit)
    pending.cancel()                     # undo, quit, leaving the table: the search stops early
    worker.close()

Only the job's pieces cross to the worker: a determinized state (re-dealt from the seat's view,
see `Match.bot_job`), never the real one. One request runs at a time; a new request or a cancel
stops the one in progress at its next check (the search looks every 8 iterations, the pipe at
most every `LOOK` seconds).

The worker is a plain child interpreter (`subprocess`) talking pickles over a socket pair: no
multiprocessing, so no resource-tracker process beside it and no handler at exit that waits
for it. While it thinks it says it is alive at most once a `HEARTBEAT` (from the search's stop
check); a worker silent for longer than the job's time cap and `stall_margin` (stopped, hung,
starved) is given up as a crashed one is: it is killed, its requests fail, and the next
request starts a new worker. `close()` kills it, never waits on it.
"""

from __future__ import annotations

import itertools
import pickle
import select
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

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
    #: the coach: the move the seat made (notation), to be judged from this state (the seat's
    #: view before it); the answer is a `Judgement` as JSON (decktable/bots/coach.py)
    judge: str = ""


def decide(job: BotJob, stop: Any = None) -> str:
    """The bot's move for a job, as notation (in whatever process this runs); for a hint, a
    `HintAnswer` as JSON."""
    from decktable.bots.base import Turn, make_bot
    from decktable.bots.hints import answer
    from decktable.engine.registry import get_game
    from decktable.engine.rng import Rng

    game = get_game(job.game)
    if job.judge:
        from decktable.bots.coach import SECONDS, judge

        budget = job.budget
        said = judge(game, job.state, job.seat, game.parse(job.judge), Rng(job.seed), job.memory,
                     iterations=budget.iterations if budget is not None else None,
                     seconds=budget.seconds if budget is not None else SECONDS,
                     learn=budget.learn if budget is not None else 0.3, stop=stop)
        said.at = job.at
        return said.model_dump_json()
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


#: how far the worker lowers its priority (the most a process may without privileges), first
#: thing in the child: where the search and the table want the same core, the table's redraw
#: comes first. Through a pty on two cores a key answered while a strong bot thinks took
#: 1.45-1.54x its idle time at the same priority, 0.93-1.08x at the lowest (see `python -m
#: decktable.bench --pty`). On an idle machine the search runs as fast as before; on one busy
#: with other work it gets less of a core (strong still stops at its time cap), but the table
#: keeps answering. Where priorities cannot be changed, nothing changes.
NICENESS = 19
#: a thinking worker says it is alive at most this often (seconds)
HEARTBEAT = 1.0
#: a thinking worker looks at its pipe for a cancel at most this often (seconds)
LOOK = 0.005
#: silence beyond a job's time cap after which the worker is given up (seconds)
STALL_MARGIN = 10.0
#: a silent worker the system shows at work (not stopped, using a core: one starved by a busy
#: machine at its low priority) is given this many margins in all before it is given up
STARVED_MARGINS = 6


def _cpu_state(pid: int) -> tuple[str, int] | None:
    """A process's state letter and the CPU time it has used (clock ticks), from Linux's /proc;
    None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return fields[0].decode(), int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


class _Channel:
    """Pickled messages over a stream socket, each behind its length (4 bytes)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def send(self, msg: Any) -> None:
        data = pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL)
        self.sock.sendall(struct.pack("!I", len(data)) + data)

    def _read(self, n: int) -> bytes:
        parts = []
        while n:
            chunk = self.sock.recv(min(n, 1 << 20))
            if not chunk:
                raise EOFError("the other end closed the pipe")
            parts.append(chunk)
            n -= len(chunk)
        return b"".join(parts)

    def recv(self) -> Any:
        (n,) = struct.unpack("!I", self._read(4))
        return pickle.loads(self._read(n))

    def poll(self, timeout: float = 0.0) -> bool:
        """Whether a message (or the end of the pipe) is waiting."""
        if self.sock.fileno() < 0:
            raise OSError("the pipe is closed")
        return bool(select.select([self.sock], [], [], max(0.0, timeout))[0])

    def close(self) -> None:
        self.sock.close()


class _Inbox:
    """The worker's side: requests read ahead while a search runs, the cancels seen so far."""

    def __init__(self, conn: _Channel) -> None:
        self.conn = conn
        self.queue: deque[Any] = deque()
        self.cancelled = 0  # every request id up to this one is cancelled
        self.quit = False

    def take(self, msg: Any) -> None:
        if msg[0] == "cancel":
            self.cancelled = max(self.cancelled, msg[1])
        else:
            if msg[0] == "quit":
                self.quit = True
            self.queue.append(msg)

    def look(self) -> None:
        """Read what has arrived, without waiting; a closed pipe is a quit."""
        try:
            while self.conn.poll(0):
                self.take(self.conn.recv())
        except (EOFError, OSError):
            self.take(("quit",))

    def next(self) -> Any:
        if self.queue:
            return self.queue.popleft()
        try:
            return self.conn.recv()
        except (EOFError, OSError):
            return ("quit",)


def _serve(conn: _Channel) -> None:
    """The worker process: answer ("think", id, job bytes) with ("move", id, text), or
    ("cancelled", id) / ("error", id, text), saying ("alive", id) when it takes a request and
    at most once a HEARTBEAT while it thinks; ("cancel", id) cancels every request up to id;
    ("warm", game id) imports what a job of that game needs; stop on ("quit",) or a closed
    pipe."""
    inbox = _Inbox(conn)
    while True:
        inbox.take(inbox.next())
        if inbox.quit:
            return
        if not inbox.queue:  # a cancel
            continue
        msg = inbox.queue.popleft()
        if msg[0] == "warm":
            try:
                _warm(msg[1])
            except Exception:  # noqa: BLE001 - the job will say what is wrong
                pass
            continue
        _, rid, blob = msg
        if inbox.cancelled >= rid:
            conn.send(("cancelled", rid))
            continue
        conn.send(("alive", rid))
        clock = time.monotonic
        marks = [clock() + LOOK, clock() + HEARTBEAT]  # the next look at the pipe, the next beat

        def stop() -> bool:
            now = clock()
            if now >= marks[0]:
                marks[0] = now + LOOK
                inbox.look()
                if now >= marks[1]:
                    marks[1] = now + HEARTBEAT
                    conn.send(("alive", rid))
            return inbox.cancelled >= rid or inbox.quit

        try:
            job = pickle.loads(blob)
            action = decide(job, stop=stop)
        except Exception as exc:  # a bug in a game: say so, keep serving
            conn.send(("error", rid, f"{type(exc).__name__}: {exc}"))
            continue
        inbox.look()
        conn.send(("cancelled", rid) if inbox.cancelled >= rid else ("move", rid, action))


def _warm(game_id: str) -> None:
    """Import what a job of this game needs, before the first one comes."""
    import decktable.bots.hints  # noqa: F401
    import decktable.bots.search  # noqa: F401
    from decktable.engine.registry import get_game

    get_game(game_id)


def main(fd: int) -> None:
    """The worker's entry (see `BotWorker.start`): serve on the socket at `fd`."""
    conn = _Channel(socket.socket(fileno=fd))
    try:
        _serve(conn)
    except (BrokenPipeError, ConnectionResetError):  # the table has gone
        pass
    finally:
        conn.close()


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
    """One worker process for bot searches (started on first use).

    `stall_margin`: how long past a job's time cap (`Budget.seconds`, none for most levels)
    the worker may stay silent while it has a request before it is given up; `clock` is what
    that silence is measured on (monotonic seconds; a test may turn it by hand). Where the
    system shows the silent worker at work (Linux: not stopped, and it used CPU time since the
    last look), it is starved rather than stalled, and waits up to `STARVED_MARGINS` margins."""

    def __init__(self, stall_margin: float = STALL_MARGIN, clock: Callable[[], float] = time.monotonic) -> None:
        self.stall_margin = stall_margin
        self.clock = clock
        self._proc: subprocess.Popen[bytes] | None = None
        self._conn: _Channel | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, Pending] = {}
        self._lock = threading.Lock()
        self._heard = 0.0  # when the worker last spoke, or was given work while idle (on `clock`)
        self._looked = 0.0  # the same, or when it was last seen at work while silent
        self._cpu: int | None = None  # its CPU time at `_looked`
        self._allowed = stall_margin  # the silence allowed to the request in flight

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start the process if it is not running (a child interpreter at the lowest priority)."""
        if self.running:
            return
        self._stop_process()
        parent, child = socket.socketpair()
        fd = child.fileno()
        boot = (  # the priority first, then the parent's import path
            "import os, sys\n"
            f"try: os.nice({NICENESS})\n"
            "except (AttributeError, OSError): pass\n"
            f"sys.path[:] = {list(sys.path)!r}\n"
            "from decktable.bots.worker import main\n"
            f"main({fd})\n"
        )
        try:
            self._proc = subprocess.Popen([sys.executable, "-c", boot], pass_fds=(fd,), stdin=subprocess.DEVNULL,
                                          close_fds=True)
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self._conn = _Channel(parent)

    def warm(self, game_id: str) -> None:
        """Start the process and have it import what a job of this game needs."""
        self.start()
        with self._lock:
            if self._conn is not None:
                self._conn.send(("warm", game_id))

    def submit(self, job: BotJob) -> Pending:
        """Send a job; any request still in flight is cancelled (one bot thinks at a time)."""
        self.start()
        with self._lock:
            if not self._pending:  # the worker was idle: its silence counts from now
                self._heard_now()
            for p in list(self._pending.values()):
                self._cancel_locked(p)
            rid = next(self._ids)
            p = Pending(self, rid)
            self._pending[rid] = p
            budget = job.budget
            if budget is None:
                from decktable.bots.search import LEVELS

                budget = LEVELS.get(job.level)
            cap = budget.seconds if budget is not None and budget.seconds else 0.0
            self._allowed = cap + self.stall_margin
            blob = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
            try:
                assert self._conn is not None
                self._conn.send(("think", rid, blob))
            except OSError:  # it died since it was started: the request fails as in a crash
                self._give_up("the bot worker stopped")
        return p

    def _cancel(self, p: Pending) -> None:
        with self._lock:
            self._cancel_locked(p)

    def _cancel_locked(self, p: Pending) -> None:
        """A cancelled request ends with no answer, also one that has just arrived: whoever
        cancels no longer wants it (a bot's move after undo, a hint after leaving)."""
        if not p.finished:
            self._pending.pop(p.id, None)
            if self._conn is not None:
                try:  # ids grow: every request up to this one is cancelled
                    self._conn.send(("cancel", p.id))
                except OSError:
                    pass
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
                    self._give_up("the bot worker stopped")
                    return
                self._heard_now()
                if msg[0] != "alive":
                    p = self._pending.pop(msg[1], None)
                    if p is not None:
                        p.finished = True
                        if msg[0] == "move":
                            p.action = msg[2]
                        elif msg[0] == "error":
                            p.error = msg[2]
                ready = conn.poll(0)
            if not self._pending:
                return
            if not self.running:
                self._give_up("the bot worker stopped")
                return
            now = self.clock()
            if (now - self._heard > self._allowed + (STARVED_MARGINS - 1) * self.stall_margin
                    or (now - self._looked > self._allowed and not self._at_work())):
                self._give_up(f"the bot worker stopped answering for {now - self._heard:.0f} s")

    def _heard_now(self) -> None:
        self._heard = self._looked = self.clock()
        seen = _cpu_state(self._proc.pid) if self._proc is not None else None
        self._cpu = None if seen is None else seen[1]

    def _at_work(self) -> bool:
        """The worker is silent past its allowance: whether to wait on, because the system shows
        it using a core since the last look (starved at its low priority on a busy machine, not
        stopped), while the silence is within STARVED_MARGINS margins."""
        if self._proc is None:
            return False
        seen = _cpu_state(self._proc.pid)
        if seen is None or self._cpu is None or seen[0] in "TtZX":  # no way to tell, stopped, or dead
            return False
        working = seen[1] > self._cpu
        self._cpu, self._looked = seen[1], self.clock()
        return working

    def _give_up(self, why: str) -> None:
        """The worker crashed or stalls: its requests fail, and it is killed (the next request
        starts another)."""
        for p in self._pending.values():
            p.finished = True
            p.error = why
        self._pending.clear()
        self._stop_process()

    def _stop_process(self) -> None:
        """Kill the process (SIGKILL: a stopped process acts on nothing else) and reap it."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is not None:
            try:
                proc.kill()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Cancel everything and kill the process at once (it holds nothing to save)."""
        with self._lock:
            for p in list(self._pending.values()):
                p.finished = True
                p.action = p.error = None
            self._pending.clear()
            self._stop_process()

    def __enter__(self) -> BotWorker:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
