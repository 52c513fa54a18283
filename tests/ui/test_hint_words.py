"""The hint's words at the table (issue 34): the status panel says what the search's figure
means (here points against the other player, since a Schnapsen hand cannot end a game to 7),
and where every move loses, that it does. Schnapsen from a stacked deck, Ann to lead the first
trick; the hint's search is held to a known length (no clock), so no machine's speed changes it."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

#: Ann's hand, Bob's, the up card (Hearts trumps) and the stock: three Jacks and two Queens
#: against the top trumps and two Aces, or the other way round
WEAK = ["jc", "jd", "js", "qd", "qc"]
STRONG = ["ah", "10h", "kh", "as", "ac"]
REST = ["jh", "10s", "qs", "ks", "10c", "kc", "10d", "kd", "ad"]


def side_text(app) -> str:
    """The side panel's text, its wrapped lines joined."""
    side = [line.split("▊", 1)[1] for line in screen_text(app).splitlines() if "▊" in line]
    return " ".join(" ".join(side).split())


async def wait_for(pilot, cond, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        await pilot.pause(0.05)


@pytest.mark.parametrize("hand", ["weak", "strong"])
async def test_the_hint_says_its_figure_in_points_and_when_every_move_loses(hand: str, monkeypatch) -> None:
    from decktable.bots import worker
    from decktable.bots.search import Budget

    sent = worker.BotWorker.submit

    def held(self, job):
        if job.explain:
            job.budget = Budget(1500)
        return sent(self, job)

    monkeypatch.setattr(worker.BotWorker, "submit", held)
    ann, bob = (WEAK, STRONG) if hand == "weak" else (STRONG, WEAK)
    deck = ann[:3] + bob[:3] + ["qh"] + ann[3:] + bob[3:] + REST
    app = make_app("schnapsen", "Ann,bot:random", seed=5, deck=deck)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: screen.obs is not None and bool(screen.obs.legal))
        await pilot.press("H")
        await wait_for(pilot, lambda: screen.controller.hint is not None and not screen.controller.hinting)
        await settle(pilot)
        text = side_text(app)
        assert "Hint: " in text and "trials" in text
        side = "behind" if hand == "weak" else "ahead of"
        assert f"points {side} the other player (± " in text  # what the figure is, not "Rated 26%"
        assert "Rated " not in text
        assert ("Every move loses points here; this one loses least." in text) == (hand == "weak")
