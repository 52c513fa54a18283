"""SVG snapshots of the card inspector (`i`) and the Decktet primer at 120×40 and 80×24.
Check a changed picture by eye, then update with `--snapshot-update`."""

from __future__ import annotations

import pytest

from decktable.session.match import Match, parse_seats
from decktable.ui.app import DeckTableApp
from decktable.ui.glyphs import use_card_set

SIZES = {"wide": (120, 40), "small": (80, 24)}


@pytest.fixture(autouse=True)
def unicode_cards() -> None:
    use_card_set("unicode")


@pytest.mark.parametrize("size", SIZES)
def test_inspector_snapshot(snap_compare, size: str) -> None:
    """Type Trump, Personalities trump: the hand marks them with ★; `i` on a trump card."""
    app = DeckTableApp(Match("type_trump", parse_seats("Ann,bot:random,bot:random"), seed=2), bot_delay=0)
    assert snap_compare(app, terminal_size=SIZES[size], press=["i"])


@pytest.mark.parametrize("size", SIZES)
def test_hand_marks_snapshot(snap_compare, size: str) -> None:
    app = DeckTableApp(Match("type_trump", parse_seats("Ann,bot:random,bot:random"), seed=2), bot_delay=0)
    assert snap_compare(app, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_primer_snapshot(snap_compare, size: str, fixed_games) -> None:  # noqa: ANN001
    assert snap_compare(DeckTableApp(bot_delay=0), terminal_size=SIZES[size], press=["p"])
