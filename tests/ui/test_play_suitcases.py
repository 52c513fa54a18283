"""Suitcases played by keys: a match to 31 against a bot (crib cards and case cards from the
hand, Pass and Continue buttons) to the results screen; and two humans, whose hands and secret
crib choices never show under the hand-off curtain or while the other chooses, and whose crib
cards are all shown when the crib is counted."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, hand_cards, leaked, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.tableau_table import TableauTableScreen  # noqa: E402

TO_31 = {"target": 31}


async def test_suitcases_match_by_keys() -> None:
    app = make_app("suitcases", "Ann,bot", seed=34, options=TO_31)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TableauTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(5), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"crib", "case"} <= verbs, verbs
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text and "Bot 1" in text
        assert max(match.result().scores) >= 31
        assert any(t.startswith("Ann puts a card in the crib") for t in log_lines(match))


async def test_suitcases_two_humans_crib_secret() -> None:
    app = make_app("suitcases", "Ann,Bea", seed=1, options=TO_31)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "crib": 0}

        def in_crib(seat: int) -> list[str]:
            """Cards `seat` put in the crib (face down until the crib is counted; the test stops
            at the first count, so these are of the first hand only)."""
            return [str(e.action).split()[1] for e in match.log if str(e.action).startswith("crib") and e.seat == seat]

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                assert not leaked(text, hand_cards(match, seat)), f"seat {seat}'s cards under the curtain"
                assert not leaked(text, in_crib(seat)), f"seat {seat}'s crib cards under the curtain"

        def on_turn(obs) -> None:
            other = 1 - obs.seat
            if obs.phase == "crib":
                checks["crib"] += 1
            # the other's hand and, during the crib, the cards it put in the crib
            secret = hand_cards(match, other) + in_crib(other)
            assert not leaked(all_widget_text(app), secret), f"{obs.seats[other].name}'s cards show"

        counted = lambda m: any("'s crib — " in t for t in log_lines(m))  # noqa: E731
        await play_until(pilot, app, seeded_picker(7), counted, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 2 and checks["crib"] == 4
        cribbed = [str(e.action).split()[1] for e in match.log if str(e.action).startswith("crib")]
        assert len(cribbed) == 4 and {e.seat for e in match.log if str(e.action).startswith("crib")} == {0, 1}
        await settle(pilot)
        # the count of the crib names all four cards, both humans' choices
        assert leaked(all_widget_text(app), cribbed) == cribbed
        line = next(t for t in log_lines(match) if "'s crib — " in t)
        assert leaked(line, cribbed) == cribbed
