"""Thricewise played by keys: a whole game against a bot (secret card choices from the hand,
then placing on the grid with the cursor) to the results screen; and two humans whose hands
and secret choices never show under the curtain or while the other chooses, and whose two
choices are both shown once revealed."""

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
)
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.board_table import BoardTableScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402


async def test_thricewise_game_by_keys() -> None:
    app = make_app("thricewise", "Ann,bot,bot,bot", seed=7)  # four seats: a short deck
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), BoardTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(3), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"choose", "place"} <= verbs
        assert any(a.cell for a in played), "cards were placed on the grid by the cursor"
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text and "Bot 3" in text
        assert any(t.startswith("Ann places") for t in log_lines(match))


def revealed(match, n: int):
    return lambda m: sum(t.startswith("Cards revealed") for t in log_lines(m)) >= n


async def test_thricewise_two_humans_keep_choices_secret() -> None:
    app = make_app("thricewise", "Ann,Bea", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "choose": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                secret = hand_cards(match, seat)
                assert secret and not leaked(text, secret), f"seat {seat}'s cards under the curtain"

        def on_turn(obs) -> None:
            other = 1 - obs.seat
            if obs.phase == "choose":
                checks["choose"] += 1
            secret = hand_cards(match, other)  # the other's hand, and its chosen card if any
            assert not leaked(all_widget_text(app), secret), f"{obs.seats[other].name}'s cards show"

        pick = seeded_picker(4)
        for n in (1, 2, 3):
            before = len(match.log)
            await play_until(pilot, app, pick, revealed(match, n), on_curtain=on_curtain, on_turn=on_turn)
            chosen = [str(e.action).split()[1] for e in match.log[before:] if str(e.action).startswith("choose")]
            assert len(chosen) == 2
            await settle(pilot)
            # after the reveal both chosen cards are named on screen (the log at least)
            text = all_widget_text(app)
            assert leaked(text, chosen) == chosen, f"both revealed choices are shown: {chosen}"
            line = [t for t in log_lines(match) if t.startswith("Cards revealed")][-1]
            assert "Ann:" in line and "Bea:" in line
        assert checks["curtain"] >= 4 and checks["choose"] >= 6


def _reversed_cells(app, region) -> int:
    """How many non-blank reversed (cursor) segments the screen draws inside `region`."""
    n = 0
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        if not region.y <= y < region.y + region.height:
            continue
        x = 0
        for seg in strip:
            if seg.style and seg.style.reverse and region.x <= x < region.right and seg.text.strip("▊ "):
                n += 1
            x += seg.cell_length
    return n


async def test_thricewise_placing_the_revealed_card_needs_no_extra_choice() -> None:
    """QA (seed 4, 80×24): on Ann's placement the legal cells are lit at once, the cursor is on
    the grid, Enter there places the revealed Desert; every Tab stop shows its cursor."""
    from table_driver import press, viewer_obs

    from decktable.ui.widgets.grid_view import GridView

    app = make_app("thricewise", "Ann,Bea,bot", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = table(app).match
        for _ in range(8):
            obs = viewer_obs(app)
            if any(a.text.startswith("place") for a in obs.legal):
                break
            if table(app).curtain_up:
                await press(pilot, "enter")
                continue
            from table_driver import play

            await play(pilot, app, obs.legal[0])
        obs = viewer_obs(app)
        assert obs.seat == 0 and {a.card for a in obs.legal} == {"desert"}
        grid = table(app).query_one(GridView)
        cells = {a.cell for a in obs.legal}
        assert grid.targets == cells, "the legal cells are highlighted at once"
        assert "+" in screen_text(app)
        assert app.focused is grid and grid.cell in cells
        for _ in range(6):  # every Tab stop shows where the cursor is
            focused = app.focused
            assert _reversed_cells(app, focused.region), f"no visible cursor on {focused!r}"
            await press(pilot, "tab")
        while app.focused is not grid:
            await press(pilot, "tab")
        cell = grid.cell
        await press(pilot, "enter")
        assert any(t.startswith("Ann places") for t in log_lines(match)), log_lines(match)[-3:]
        assert cell in [c for c, v in match.observe().board.cells.items() if v.card == "desert"]
