"""Getaway played by keys: a one-deal game against two bots (cards from the hand, and the Pick up
/ Take buttons) to the results screen; and two humans whose hands never show under the curtain or
during the other's turn.

play_helpers finds French cards by the game's family."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_HAND = {"hands": 1}


async def test_getaway_game_by_keys() -> None:
    app = make_app("getaway", "Ann,bot,bot", seed=7, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1, avoid=("take",)), game_over)
        assert "play" in {a.text.split()[0] for a in played}
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert sum(match.state.scores) == 1


async def test_getaway_pickup_and_take_by_buttons() -> None:
    """The verbs without a card: a human picks up a stopped trick and takes a hand by buttons."""
    app = make_app("getaway", "Ann,bot,bot,bot", seed=11, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        used: set[str] = set()
        base = seeded_picker(3, avoid=("take",))

        def pick(obs):
            verbs = {a.text.split()[0]: a for a in obs.legal}
            if "take" in verbs and "take" not in used:
                used.add("take")
                return verbs["take"]
            if "pickup" in verbs:
                used.add("pickup")
            return base(obs)

        def done(m) -> bool:
            return game_over(m) or {"take", "pickup"} <= used

        await play_until(pilot, app, pick, done)
        texts = [str(e.action) for e in match.log if e.seat == 0]
        assert "take" in texts
        assert any("takes" in t and t.startswith("Ann") for t in log_lines(match))


async def test_getaway_two_humans_keep_hands_hidden() -> None:
    app = make_app("getaway", "Ann,Bea,bot", seed=4, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        checks = HiddenHands(app, humans=(0, 1))
        assert checks.family == "french"
        await play_until(pilot, app, seeded_picker(2), game_over, on_curtain=checks.on_curtain, on_turn=checks.on_turn)
        assert checks.curtains >= 4 and checks.turns >= 8
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
