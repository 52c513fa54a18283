"""SVG snapshots of the three table layouts at 120×40 with fixed seeds (pytest-textual-snapshot).
A change in a game's rules or observation can move these pictures; check the new picture and
update with `python -m pytest tests/ui/test_snapshots_tables.py --snapshot-update`."""

from __future__ import annotations

import pytest

from decktable.session.match import Match, parse_seats
from decktable.ui.app import DeckTableApp
from decktable.ui.glyphs import use_card_set

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def unicode_cards() -> None:
    """The glyph set is process-wide; another test may have switched it to ASCII."""
    use_card_set("unicode")


def app_for(game: str, seats: str, seed: int) -> DeckTableApp:
    # plain `bot` seats random bots here: the pictures are of the table, not of a search
    seats = ",".join("bot:random" if p == "bot" else p for p in seats.split(","))
    return DeckTableApp(Match(game, parse_seats(seats), seed=seed), bot_delay=0)


def test_trick_table_snapshot(snap_compare) -> None:
    assert snap_compare(app_for("nonesuch", "Ann,bot,bot,bot", 3), terminal_size=SIZE, press=["enter"])


def test_board_table_snapshot(snap_compare) -> None:
    assert snap_compare(app_for("jacynth", "Ann,bot", 5), terminal_size=SIZE, press=["enter"])


def test_tableau_table_snapshot(snap_compare) -> None:
    assert snap_compare(app_for("adaman", "Ann", 161), terminal_size=SIZE)


def test_curtain_snapshot(snap_compare) -> None:
    assert snap_compare(app_for("jacynth", "Ann,Bea", 5), terminal_size=SIZE)
