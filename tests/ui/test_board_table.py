"""The board table: two humans at Jacynth. A hand-off curtain goes up between them, and while
it is up no card of either hand is anywhere on screen (nor in any widget under it)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import (  # noqa: E402
    SIZE,
    all_widget_text,
    make_app,
    move_grid,
    notifications,
    play,
    press,
    screen_text,
    settle,
    table,
    viewer_obs,
)

from decktable.session.match import Match  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.board_table import BoardTableScreen  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.widgets.card_strip import GAP  # noqa: E402
from decktable.ui.widgets.grid_view import CELL_W, LINES, ROW_HDR, GridView  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402


def hand_cards(match: Match, seat: int) -> list[str]:
    """The test (not the UI) looks at the true hands, to search the screen for them."""
    zone = match.game.observe(match.state, seat).zone(f"hand{seat}")
    return list(zone.cards)


async def test_two_humans_curtain_hides_hands() -> None:
    app = make_app("jacynth", "Ann,Bea", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert isinstance(screen, BoardTableScreen)
        match = screen.match
        curtains = 0
        seen_players: list[str] = []
        for _turn in range(3):
            assert isinstance(app.screen, CurtainScreen), "a curtain between the two players"
            curtains += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                for slug in hand_cards(match, seat):
                    assert card_name(slug) not in text, f"{slug} visible under the curtain"
                    assert card_label(slug) not in text, f"{slug} label visible under the curtain"
            assert not screen.query_one(HandView).cards
            assert not notifications(app), "no toast of the previous player survives the curtain"
            player = app.screen.player
            assert f"Pass the keyboard to {player}." in screen_text(app)
            seen_players.append(player)
            await press(pilot, "enter")
            assert not isinstance(app.screen, CurtainScreen)
            obs = viewer_obs(app)
            assert obs.seats[obs.seat].name == player
            hand = screen.query_one(HandView)
            assert hand.cards == hand_cards(match, obs.seat)
            # place the first legal card on its first legal cell, then take any influence
            place = next(a for a in obs.legal if a.card and a.cell)
            if _turn == 0:
                # an illegal try first: its toast names the card; it must not outlive the turn
                hand = screen.query_one(HandView)
                hand.focus()
                await press(pilot, "enter")
                bad = next(
                    f"{c}{r}" for r in obs.board.rows for c in obs.board.cols
                    if not any(a.cell == f"{c}{r}" for a in obs.legal)
                    and not (obs.board.cells.get(f"{c}{r}") and obs.board.cells[f"{c}{r}"].card)
                )
                await move_grid(pilot, screen.query_one(GridView), bad)
                await press(pilot, "enter")
                assert any(n.startswith("You cannot place") for n in notifications(app)), notifications(app)
                await press(pilot, "escape")
            await play(pilot, app, place)
            obs = viewer_obs(app)
            if match.human_to_act() == obs.seat and obs.legal:
                extra = next((a for a in obs.legal if a.cell and not a.card), obs.legal[0])
                await play(pilot, app, extra)
        assert curtains == 3
        assert seen_players[0] != seen_players[1] and seen_players[0] == seen_players[2]
        placed = [e.text for entry in match.log for e in entry.events if " places " in e.text]
        assert len(placed) == 3


async def test_grid_cursor_and_targets() -> None:
    app = make_app("jacynth", "Ann,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        obs = viewer_obs(app)
        grid = screen.query_one(GridView)
        assert grid.board is not None and grid.board.cols == obs.board.cols
        hand = screen.query_one(HandView)
        assert app.focused is hand
        card = hand.current
        await press(pilot, "enter")
        assert app.focused is grid
        assert screen.pending == card
        want = {a.cell for a in obs.legal if a.card == card and a.cell}
        assert grid.targets == want and grid.cell in want
        # Esc gives the choice back
        await press(pilot, "escape")
        assert screen.pending is None
        assert app.focused is hand
        # the cursor moves with arrows and j/k
        await press(pilot, "enter")
        start = (grid.col, grid.row)
        await press(pilot, "j") if grid.row + 1 < len(grid.board.rows) else await press(pilot, "k")
        assert (grid.col, grid.row) != start


async def test_mouse_clicks_choose_card_and_cell() -> None:
    app = make_app("jacynth", "Ann,bot", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        hand = screen.query_one(HandView)
        grid = screen.query_one(GridView)
        steps = len(match.log)
        # second card of the hand: border (1) + padding (1), then one chip and a gap
        second = hand.cards[1]
        await pilot.click(hand, offset=(2 + hand.chip_w + GAP + 2, 2))  # chips widen when the hand fits one row
        await settle(pilot)
        assert screen.pending == second
        cell = sorted(grid.targets)[0]
        col, row = grid._index(cell)
        await pilot.click(grid, offset=(2 + ROW_HDR + col * (CELL_W + 1) + 2, 1 + 1 + row * LINES))
        await settle(pilot)
        assert len(match.log) > steps
        assert any(" places " in e.text and cell in e.text for entry in match.log[steps:] for e in entry.events)
