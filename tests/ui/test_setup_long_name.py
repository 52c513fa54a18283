"""Issue 35: a 10,000-character paste into a seat's name was dropped whole by the field (its
max_length), silently, and Start then said "Seat 1 has no name": it is said to be too long."""

from __future__ import annotations

import sys
from pathlib import Path

from textual import events
from textual.widgets import Input

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, notifications  # noqa: E402

from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.screens.setup import SetupScreen  # noqa: E402


async def test_a_long_paste_into_a_name_is_said_to_be_too_long(fixed_games, monkeypatch) -> None:
    app = DeckTableApp(bot_delay=0)
    started: list[object] = []
    monkeypatch.setattr(app, "start_match", started.append)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.open_setup("countup")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        field = setup.query_one("#name-0", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        field.post_message(events.Paste("x" * 10_000))  # what a terminal sends for a paste
        await pilot.pause()
        await pilot.pause()
        said = notifications(app)
        assert any("Seat 1's name is too long: 10,000 characters" in n for n in said), said
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not started
        said = notifications(app)
        assert not any("has no name" in n for n in said), said
        assert any("1 to 24 characters" in n and "10000" in n for n in said), said
        # cut back to a name, it starts
        field.value = "x" * 24
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert len(started) == 1
