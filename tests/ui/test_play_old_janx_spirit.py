"""Old Janx Spirit played by keys: a one-point match against a bot (draw and deal with buttons,
discard from the hand, declare out when the hand melds) to the results screen; and two humans,
whose hands never show under the hand-off curtain or on the other's turn."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, hand_cards, leaked, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.tableau_table import TableauTableScreen  # noqa: E402

ONE_POINT = {"target": 1}


async def test_old_janx_match_by_keys() -> None:
    app = make_app("old_janx_spirit", "Ann,bot", seed=23, options=ONE_POINT)  # a short hand
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TableauTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(5, prefer=("out", "deal")), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"draw", "discard"} <= verbs, verbs
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text and "Bot 1" in text
        assert match.result().scores[0] + match.result().scores[1] >= 1
        assert any(t.startswith("Ann") for t in log_lines(match))


async def test_old_janx_two_humans_hands_hidden() -> None:
    app = make_app("old_janx_spirit", "Ann,Bea", seed=3, options=ONE_POINT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "turn": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                secret = hand_cards(match, seat)
                assert secret and not leaked(text, secret), f"seat {seat}'s hand under the curtain"

        def on_turn(obs) -> None:
            checks["turn"] += 1
            other = 1 - obs.seat
            assert not leaked(all_widget_text(app), hand_cards(match, other)), "the other hand shows"

        turns = lambda m: len({e.seat for e in m.log}) == 2 and len(m.log) >= 8  # noqa: E731
        await play_until(pilot, app, seeded_picker(6, prefer=("out",)), turns, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 2 and checks["turn"] >= 8
