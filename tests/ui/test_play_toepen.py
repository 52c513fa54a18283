"""Toepen played by keys: a short game (two lives) against two bots, from the laundry buttons to
the results screen; and two humans, where every private prompt (keep/exchange, challenge,
fold/stay) comes behind a hand-off curtain when the other human was on screen, and neither the
other's hand nor an unchallenged thrown hand ever shows (play_helpers finds French cards by the
game's family)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402


async def test_toepen_game_by_keys() -> None:
    app = make_app("toepen", "Ann,bot,bot", seed=7, options={"lives": 2})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(1, avoid=("knock", "fold", "challenge")), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs and verbs & {"keep", "exchange", "whistle", "stand"}
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))
        assert 0 in match.state.scores


async def test_toepen_two_humans_private_prompts_behind_the_curtain() -> None:
    app = make_app("toepen", "Ann,Bea,bot", seed=4, options={"lives": 4})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hidden = HiddenHands(app, humans=(0, 1))  # a hand, and a face-down thrown hand, are secret
        assert hidden.family == "french"
        checks = {"laundry": 0, "challenge": 0, "answer": 0, "play": 0, "scored": 0}
        last = {"seat": None, "curtains": 0}

        def on_curtain() -> None:
            assert isinstance(app.screen, CurtainScreen)
            hidden.on_curtain()

        def on_turn(obs) -> None:
            checks[obs.phase] = checks.get(obs.phase, 0) + 1
            if last["seat"] is not None and last["seat"] != obs.seat:
                # a different human than the one last on screen: a curtain came in between
                assert hidden.curtains > last["curtains"], f"no curtain before seat {obs.seat}'s {obs.phase}"
            last["seat"], last["curtains"] = obs.seat, hidden.curtains
            hidden.on_turn(obs)

        pick = seeded_picker(3, prefer=("exchange", "knock"))
        await play_until(pilot, app, pick, game_over, limit=600, on_curtain=on_curtain, on_turn=on_turn)
        assert hidden.curtains >= 4
        assert checks["laundry"] >= 2 and checks["answer"] >= 2 and checks["challenge"] >= 1
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
