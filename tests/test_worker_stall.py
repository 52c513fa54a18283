"""A bot worker that stops answering (issue 35): a think silent past its time cap and a margin is
given up as a crashed worker is (its request fails, the process is killed, the next request
starts another), and closing, or the program's exit, kills a stopped worker rather than waiting
on it. Every test here stops a real worker process with SIGSTOP."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from decktable.bots.search import Budget
from decktable.bots.worker import HEARTBEAT, BotWorker
from decktable.session.match import Match, parse_seats

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP on this system")


def endless_job():
    """A search that never ends by itself (no time cap, an iteration count no machine reaches)."""
    m = Match("nonesuch", parse_seats("bot:easy,bot:easy,bot:easy"), seed=8)
    while m.bot_to_act() is not None and len(m.game.legal_actions(m.state, m.bot_to_act())) < 2:
        m.bot_step()
    job = m.bot_job(m.bot_to_act())
    job.budget = Budget(10**9)
    return job


def stopped(pid: int) -> bool:
    """Whether the process is stopped (Linux's /proc; elsewhere, a moment's grace)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "T"
    except OSError:
        time.sleep(0.2)
        return True


def stop(pid: int) -> None:
    os.kill(pid, signal.SIGSTOP)
    end = time.monotonic() + 5
    while not stopped(pid):
        assert time.monotonic() < end
        time.sleep(0.01)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_think_kept_alive_by_its_heartbeat_then_stopped_is_given_up() -> None:
    """On a clock turned by hand: the endless search is still wanted after three margins, each
    crossed with a heartbeat between; stopped, it is given up once its silence passes the
    margin (not before), the process is killed, and the next request is answered by a new one."""
    now = [0.0]
    margin = 10.0
    with BotWorker(stall_margin=margin, clock=lambda: now[0]) as w:
        p = w.submit(endless_job())
        for _ in range(3):
            now[0] += 0.6 * margin
            end = time.monotonic() + 20
            while w._heard != now[0]:  # a heartbeat (or the first word) heard at this time
                assert time.monotonic() < end, "no heartbeat from the thinking worker"
                assert not p.done()
                time.sleep(0.05)
        assert not p.done()  # 1.8 margins since it was asked: alive, so still thinking
        pid = w._proc.pid
        stop(pid)
        p.done()  # anything it said before it stopped
        now[0] += margin - 0.01
        assert not p.done()
        now[0] += 0.02
        assert p.done()
        with pytest.raises(RuntimeError, match="stopped answering"):
            p.result(0)
        assert gone(pid) or w._proc is None
        job = endless_job()
        job.budget = Budget(20)
        q = w.submit(job)
        assert w._proc.pid != pid
        assert q.result(timeout=60) is not None


def test_a_stopped_worker_is_given_up_on_the_real_clock() -> None:
    """The same on the real clock with a short margin: the search outlives the margin on its
    heartbeats, and once stopped is given up within the margin and a heartbeat."""
    margin = 3 * HEARTBEAT
    with BotWorker(stall_margin=margin) as w:
        p = w.submit(endless_job())
        end = time.monotonic() + 2 * margin
        while time.monotonic() < end:
            assert not p.done(), "a thinking worker was given up"
            time.sleep(0.05)
        pid = w._proc.pid
        stop(pid)
        t0 = time.monotonic()
        with pytest.raises(RuntimeError, match="stopped answering"):
            p.result(timeout=margin + HEARTBEAT + 5)
        assert time.monotonic() - t0 <= margin + HEARTBEAT + 0.5
        assert gone(pid)


def test_closing_kills_a_stopped_worker_at_once() -> None:
    w = BotWorker()
    w.submit(endless_job())
    time.sleep(0.3)
    pid = w._proc.pid
    stop(pid)
    t0 = time.monotonic()
    w.close()
    assert time.monotonic() - t0 < 1.0
    assert gone(pid)


def test_the_program_exits_with_a_stopped_worker(tmp_path) -> None:
    """The table's process-wide worker (decktable.ui.controller), stopped mid-think: the
    program still exits, and takes the worker with it (before, the exit waited on it for ever)."""
    script = tmp_path / "exit.py"
    script.write_text(textwrap.dedent(f"""
        import os, signal, sys, time
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from test_worker_stall import endless_job, stop
        from decktable.ui.controller import bot_worker
        w = bot_worker()
        w.submit(endless_job())
        time.sleep(0.3)
        print(w._proc.pid, flush=True)
        stop(w._proc.pid)
        sys.exit(0)
    """))
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pid = int(out.split()[0])
        os.kill(pid, signal.SIGKILL)
        raise AssertionError("the program did not exit with its worker stopped") from None
    assert proc.returncode == 0
    pid = int(out.split()[0])
    assert gone(pid)
    assert time.monotonic() - t0 < 30


@pytest.mark.parametrize("busy", [True, False])
def test_a_silent_worker_seen_at_work_is_waited_for_a_while(monkeypatch, busy: bool) -> None:
    """Silent past the margin but shown by the system using a core since the last look (a
    worker starved at its low priority on a busy machine), the worker is waited for, up to
    STARVED_MARGINS margins of silence; one shown idle (asleep, no CPU time used) is given up
    at the margin. The worker is stopped to keep it silent; what the system shows is made up."""
    from decktable.bots import worker as worker_module

    now = [0.0]
    margin = 10.0
    with BotWorker(stall_margin=margin, clock=lambda: now[0]) as w:
        p = w.submit(endless_job())
        end = time.monotonic() + 20
        while not p.done() and w._cpu is None:
            assert time.monotonic() < end
            time.sleep(0.05)
        stop(w._proc.pid)
        p.done()
        ticks = [10**9]

        def shown(pid: int):
            if busy:
                ticks[0] += 1
            return "R" if busy else "S", ticks[0]

        monkeypatch.setattr(worker_module, "_cpu_state", shown)
        w._cpu = ticks[0]
        limit = worker_module.STARVED_MARGINS * margin if busy else margin
        while now[0] + 0.6 * margin <= limit:
            now[0] += 0.6 * margin
            assert not p.done(), now[0]
        now[0] = limit + 0.01
        assert p.done()
        with pytest.raises(RuntimeError, match="stopped answering"):
            p.result(0)
