"""Polignac played by keys: a one-hand game (limit 1) against two bots, card by card from the hand
to the results screen; and two humans whose hands never show under the curtain or during the
other's turn (play_helpers finds French cards by the game's family)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_HAND = {"limit": 1}


async def test_polignac_game_by_keys() -> None:
    app = make_app("polignac", "Ann,bot,bot", seed=7, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1), game_over)
        assert {a.text.split()[0] for a in played} == {"play"}
        assert len(played) == 10  # three players, ten cards each
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert sum(match.state.scores) == 5


async def test_polignac_two_humans_keep_hands_hidden() -> None:
    app = make_app("polignac", "Ann,Bea,bot", seed=4, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        checks = HiddenHands(app, humans=(0, 1))
        assert checks.family == "french"
        await play_until(pilot, app, seeded_picker(2), game_over, on_curtain=checks.on_curtain, on_turn=checks.on_turn)
        assert checks.curtains >= 4 and checks.turns >= 20
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
