"""Type Trump played by keys: a whole one-round game against two bots (declaration buttons, then
cards from the hand) to the results screen; and two humans whose secret declarations and hands
never show under the curtain or during the other's choice, and are both shown after the reveal."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import (  # noqa: E402
    all_widget_text,
    game_over,
    hand_cards,
    leaked,
    log_lines,
    play_until,
    seeded_picker,
    text_without_buttons,
)
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_ROUND = {"end": "rounds", "rounds": 1}


async def test_type_trump_game_by_keys() -> None:
    app = make_app("type_trump", "Ann,bot,bot", seed=7, options=ONE_ROUND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"declare", "play"} <= verbs
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))


async def test_type_trump_two_humans_keep_secrets() -> None:
    app = make_app("type_trump", "Ann,Bea,bot", seed=4, options=ONE_ROUND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        humans = (0, 1)
        suit_of = {0: "Moons", 1: "Waves"}  # each human declares a different suit
        checks = {"curtain": 0, "declare": 0, "play": 0}

        def secrets() -> dict[int, str]:
            """Declarations made and not yet revealed (the test reads the log, not the UI)."""
            if any(e.kind == "reveal" for entry in match.log for e in entry.events):
                return {}
            return {entry.seat: entry.action.split()[1].capitalize() for entry in match.log
                    if entry.action.startswith("declare") and entry.seat in humans}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in humans:
                assert not leaked(text, hand_cards(match, seat)), f"seat {seat}'s hand under the curtain"
            for seat, suit in secrets().items():
                assert suit not in text, f"{suit} (declared by seat {seat}) under the curtain"

        def on_turn(obs) -> None:
            other = 1 - obs.seat
            checks[obs.phase if obs.phase in checks else "play"] += 1
            assert not leaked(all_widget_text(app), hand_cards(match, other)), "the other human's hand shows"
            hidden = secrets().get(other)
            if hidden is not None:
                assert hidden not in text_without_buttons(app), f"{hidden} of seat {other} shows"

        base = seeded_picker(2, avoid=("declare",))

        def pick(obs):
            if obs.phase == "declare":
                return next(a for a in obs.legal if a.text == f"declare {suit_of[obs.seat].lower()}")
            return base(obs)

        # up to and through the reveal
        revealed = lambda m: any(e.kind == "reveal" for entry in m.log for e in entry.events)  # noqa: E731
        await play_until(pilot, app, pick, revealed, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 2 and checks["declare"] == 2
        # after the reveal both declarations are on screen (seat facts and the log)
        text = text_without_buttons(app)
        assert "Ann: Moons" in text and "Bea: Waves" in text
        # and the hand is played out by keys, the other hand never showing
        await play_until(pilot, app, pick, game_over, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["play"] >= 4
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
