"""SVG snapshots of the lobby at 120×40 (pytest-textual-snapshot). The registry is the fixed test
set (conftest `fixed_games`) so that adding a game does not move the picture.
Update with `python -m pytest tests/ui/test_snapshots_lobby.py --snapshot-update`."""

from __future__ import annotations

import os
import time

from decktable.session.match import Match, Seat
from decktable.store.paths import autosave_path
from decktable.ui.app import DeckTableApp

SIZE = (120, 40)


def test_lobby_snapshot(fixed_games, snap_compare) -> None:
    assert snap_compare(DeckTableApp(bot_delay=0), terminal_size=SIZE)


def test_lobby_with_resume_snapshot(fixed_games, snap_compare) -> None:
    m = Match("countup", [Seat("Ann"), Seat("Bot 1", "bot")], seed=3, save_path=autosave_path())
    m.act(0, "draw")
    os.utime(autosave_path(), (1_780_000_000, 1_780_000_000))  # "last played" the same every run
    zone = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"  # ... in every time zone
    time.tzset()
    try:
        assert snap_compare(DeckTableApp(bot_delay=0), terminal_size=SIZE)
    finally:
        if zone is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = zone
        time.tzset()


def test_lobby_high_contrast_snapshot(fixed_games, snap_compare) -> None:
    app = DeckTableApp(bot_delay=0, theme_name="decktable-high-contrast")
    assert snap_compare(app, terminal_size=SIZE, press=["down"])


def test_setup_snapshot(fixed_games, snap_compare) -> None:
    """The setup form generated from Count Up's Options (int, bool, Literal, optional int)."""
    assert snap_compare(DeckTableApp(bot_delay=0), terminal_size=SIZE, press=["enter"])


def test_small_terminal_snapshot(fixed_games, snap_compare) -> None:
    assert snap_compare(DeckTableApp(bot_delay=0), terminal_size=(70, 19))
