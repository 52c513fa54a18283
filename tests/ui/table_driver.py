"""Helpers for the table-screen tests: start a match in the app, read the screen's text, and
play a chosen legal action through KEY PRESSES only (Tab to the widget, arrows to the card or
cell, Enter, and the choice menu when it opens; a play of several cards is marked card by card
with space, then Enter).

Imported by the tests/ui/test_*_table.py files (they put this folder on sys.path).
"""

from __future__ import annotations

from typing import Callable, Sequence

from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from decktable.session.match import Match, Seat, parse_seats
from decktable.engine.models import ActionView, Observation
from decktable.ui.app import DeckTableApp
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.widgets.action_bar import ActionBar
from decktable.ui.widgets.card_strip import CardStrip
from decktable.ui.widgets.choice_menu import ChoiceMenu
from decktable.ui.widgets.grid_view import GridView

SIZE = (120, 40)


def table_seats(seats: str) -> str:
    """Plain `bot` seats a random bot at the test table: these tests are about the table, not
    the bot (in play, plain `bot` is a medium search bot thinking in the worker process; a test
    about bots names the level, `bot:strong`). Random bots move at once and in order, so the
    tests stay fast and deterministic."""
    return ",".join("bot:random" if p.strip().lower() == "bot" else p for p in seats.split(","))


def make_app(game: str, seats: str | Sequence[Seat], seed: int = 3, **kw: object) -> DeckTableApp:
    seat_list = parse_seats(table_seats(seats)) if isinstance(seats, str) else list(seats)
    match = Match(game, seat_list, seed=seed, **kw)  # type: ignore[arg-type]
    return DeckTableApp(match, bot_delay=0)


def table(app: DeckTableApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table screen on the stack: {app.screen_stack}")


def screen_text(app: DeckTableApp) -> str:
    """The text of what is on the terminal now (the active screen)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def all_widget_text(app: DeckTableApp) -> str:
    """The text every widget of every screen on the stack would draw (visible or not)."""
    parts = [screen_text(app)]
    for screen in app.screen_stack:
        for widget in screen.query("*"):
            try:
                rendered = widget.render()
            except Exception:  # widgets that only render through children
                continue
            plain = getattr(rendered, "plain", None)
            parts.append(plain if isinstance(plain, str) else str(rendered))
            cards = getattr(widget, "cards", None)
            if cards:
                parts.append(" ".join(cards))
    return "\n".join(parts)


def notifications(app: DeckTableApp) -> list[str]:
    return [n.message for n in app._notifications]


async def settle(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.pause()


async def press(pilot: Pilot, *keys: str) -> None:
    for k in keys:
        await pilot.press(k)
    await settle(pilot)


async def focus_widget(pilot: Pilot, app: DeckTableApp, want: Callable[[object], bool], limit: int = 30) -> None:
    for _ in range(limit):
        if app.focused is not None and want(app.focused):
            return
        await pilot.press("tab")
        await pilot.pause()
    raise AssertionError(f"could not reach the wanted widget with Tab; focused: {app.focused}")


async def play(pilot: Pilot, app: DeckTableApp, action: ActionView) -> None:
    """Carry out one legal action of the viewer by keys only."""
    screen = table(app)
    if len(action.cards) > 1:
        await play_marked(pilot, app, action.cards)
    elif action.card is not None:
        card = action.card
        await focus_widget(pilot, app, lambda w: isinstance(w, CardStrip) and card in w.cards)
        strip = app.focused
        assert isinstance(strip, CardStrip)
        for _ in range(len(strip.cards) + 1):
            if strip.current == card:
                break
            await pilot.press("right")
        assert strip.current == card
        await press(pilot, "enter")
        if action.cell is not None:
            assert isinstance(app.focused, GridView), app.focused
            await move_grid(pilot, app.focused, action.cell)
            await press(pilot, "enter")
    elif action.cell is not None:
        await focus_widget(pilot, app, lambda w: isinstance(w, GridView))
        grid = app.focused
        assert isinstance(grid, GridView)
        await move_grid(pilot, grid, action.cell)
        await press(pilot, "enter")
    else:
        # Tab reaches the row of buttons (landing on Pass where there is one); the arrows pick
        await focus_widget(pilot, app, lambda w: isinstance(w, Button))
        for _ in range(len(screen.query_one(ActionBar).buttons)):
            if str(getattr(app.focused, "label", "")) == action.label:
                break
            await pilot.press("right")
            await pilot.pause()
        assert str(getattr(app.focused, "label", "")) == action.label, app.focused
        await press(pilot, "enter")
    if isinstance(app.screen, ChoiceMenu):
        menu = app.screen
        options = menu.query_one(OptionList)
        labels = [label for label, _t in menu.choices]
        target = labels.index(action.label)
        for _ in range(len(labels)):
            if options.highlighted == target:
                break
            await pilot.press("down")
        await press(pilot, "enter")
    await settle(pilot)
    assert screen is table(app)


async def play_marked(pilot: Pilot, app: DeckTableApp, cards: Sequence[str], confirm: bool = True) -> None:
    """Mark `cards` in their strip with space (unmarking any others first), then Enter."""
    first = cards[0]
    await focus_widget(pilot, app, lambda w: isinstance(w, CardStrip) and first in w.cards)
    strip = app.focused
    assert isinstance(strip, CardStrip)
    for stale in list(strip.picked):
        await move_to_card(pilot, strip, stale)
        await pilot.press("space")
    for card in cards:
        await move_to_card(pilot, strip, card)
        await pilot.press("space")
    await settle(pilot)
    assert sorted(strip.picked) == sorted(cards), (strip.picked, cards)
    if confirm:
        await press(pilot, "enter")


async def move_to_card(pilot: Pilot, strip: CardStrip, card: str) -> None:
    for _ in range(len(strip.cards) + 1):
        if strip.current == card:
            break
        await pilot.press("right")
    assert strip.current == card, (strip.current, card)


async def move_grid(pilot: Pilot, grid: GridView, cell: str) -> None:
    target = grid._index(cell)
    assert target is not None, cell
    col, row = target
    while grid.row != row:
        await pilot.press("down" if grid.row < row else "up")
    while grid.col != col:
        await pilot.press("right" if grid.col < col else "left")
    await pilot.pause()
    assert grid.cell == cell


def viewer_obs(app: DeckTableApp) -> Observation:
    obs = table(app).obs
    assert obs is not None
    return obs


def first_choice(obs: Observation, avoid: Sequence[str] = ()) -> ActionView:
    for a in obs.legal:
        if a.text.split()[0] not in avoid:
            return a
    return obs.legal[0]


__all__ = [
    "SIZE", "make_app", "table_seats", "table", "screen_text", "all_widget_text", "notifications", "settle", "press",
    "play", "play_marked", "move_to_card", "move_grid", "viewer_obs", "first_choice", "focus_widget", "Match",
]
