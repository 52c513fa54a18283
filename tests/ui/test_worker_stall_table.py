"""A bot worker stopped mid-think at the table (issue 35): the think is given up as a crashed
worker's is, with the same notice and a random move for the bot, and the next search runs in a
new worker. The worker is a real process, stopped with SIGSTOP; its silence is measured on a
clock the test turns."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from table_driver import SIZE, make_app, notifications, table, viewer_obs  # noqa: E402
from test_worker_stall import gone, stop  # noqa: E402
from textual.widgets import Button  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP on this system")


async def wait_for(pilot, cond, limit: float = 15.0, step: float = 0.03) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        await pilot.pause(step)


async def test_a_bot_whose_worker_stops_plays_a_random_move_with_a_notice(monkeypatch) -> None:
    """Nonesuch, seed 2: Ann bids, the strong bot (seat 1) thinks (a search with no end of its
    own), its worker is stopped; once the silence passes the margin the table says the search
    failed, the bot bids at random, the stopped worker is gone, and the next search asked for
    starts another worker."""
    from decktable.bots.search import Budget
    from decktable.bots.worker import BotWorker
    from decktable.session.match import Match
    from decktable.ui import controller

    made = Match.bot_job

    def endless(self, seat):
        job = made(self, seat)
        job.budget = Budget(10**9)
        return job

    monkeypatch.setattr(Match, "bot_job", endless)
    now = [0.0]
    worker = BotWorker(stall_margin=10.0, clock=lambda: now[0])
    monkeypatch.setattr(controller, "_worker", worker)
    try:
        app = make_app("nonesuch", "Ann,bot:strong,bot:random,bot:random", seed=2)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.focused, Button) and viewer_obs(app).legal)
            screen = table(app)
            match, ctl = screen.match, screen.controller
            await pilot.press("enter")  # Ann bids
            await wait_for(pilot, lambda: ctl.thinking == 1)
            steps = len(match.log)
            await pilot.pause(0.3)
            pid = worker._proc.pid
            stop(pid)
            await pilot.pause(0.1)
            now[0] += 9.9  # within the margin: still thinking
            await pilot.pause(0.2)
            assert ctl.thinking == 1 and len(match.log) == steps
            now[0] += 0.2
            await wait_for(pilot, lambda: len(match.log) > steps, limit=5)
            assert match.log[steps].seat == 1
            said = " ".join(str(n) for n in notifications(app))
            assert "Bot 1's search failed (the bot worker stopped answering" in said
            assert "it plays a random move" in said
            assert gone(pid)
            assert worker._proc is None  # killed, and none other until a search is asked for
            assert controller.bot_worker()._proc.pid != pid
    finally:
        worker.close()
