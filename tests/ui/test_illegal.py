"""Illegal key presses: the engine says why (a notification) and nothing changes."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, make_app, move_grid, notifications, play, press, settle, table, viewer_obs  # noqa: E402

from decktable.engine.actions import Action  # noqa: E402
from decktable.ui.widgets.grid_view import GridView  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402


async def test_wrong_suit_is_explained_and_changes_nothing() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        for _ in range(60):
            obs = viewer_obs(app)
            hand = obs.zone("hand0").cards
            playable = {a.card for a in obs.legal if a.text.startswith("play")}
            if playable and len(playable) < len(hand):
                break
            action = obs.legal[-1] if obs.legal[0].text.startswith("bid") else obs.legal[0]
            await play(pilot, app, action)
        else:
            raise AssertionError("no follow with a restricted choice came up")
        wrong = next(c for c in hand if c not in playable)
        why = match.game.explain(match.state, 0, Action("play", (wrong,)))
        before = match.state.snapshot()
        steps = len(match.log)
        view = screen.query_one(HandView)
        assert app.focused is view
        while view.current != wrong:
            await pilot.press("right")
        await press(pilot, "enter")
        assert any(why in n for n in notifications(app)), (why, notifications(app))
        assert match.state.snapshot() == before
        assert len(match.log) == steps
        assert viewer_obs(app).legal == obs.legal


async def test_card_during_bidding_is_explained() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        before = match.state.snapshot()
        view = table(app).query_one(HandView)
        view.focus()
        await press(pilot, "enter")
        notes = notifications(app)
        # in the screen's words (the card's name, "You cannot"), never the notation
        assert notes and notes[-1].startswith("You cannot ") and "not allowed" not in notes[-1], notes
        assert match.state.snapshot() == before


async def test_bad_cell_is_explained() -> None:
    app = make_app("jacynth", "Ann,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        obs = viewer_obs(app)
        card = screen.query_one(HandView).current
        await press(pilot, "enter")
        grid = screen.query_one(GridView)
        assert app.focused is grid
        legal_cells = {a.cell for a in obs.legal if a.card == card}
        bad = next(
            f"{c}{r}" for r in obs.board.rows for c in obs.board.cols
            if f"{c}{r}" not in legal_cells and not (obs.board.cells.get(f"{c}{r}") and obs.board.cells[f"{c}{r}"].card)
        )
        why = match.game.explain(match.state, obs.seat, Action("place", (card, bad)))
        before = match.state.snapshot()
        await move_grid(pilot, grid, bad)
        await press(pilot, "enter")
        assert any(why in n for n in notifications(app)), (why, notifications(app))
        assert match.state.snapshot() == before
        assert screen.pending == card, "the chosen card stays chosen"
