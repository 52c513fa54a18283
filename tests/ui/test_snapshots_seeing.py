"""SVG snapshots (issue 10) at 120×40 and 80×24: a finished trick held on the table with its
winner marked, a round's summary, and the results with the final table beside the score sheet.
Check a new picture by eye; update with `--snapshot-update`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import game_over, play_until, seeded_picker  # noqa: E402
from table_driver import make_app, press, settle, table  # noqa: E402
from test_seeing import play_one_trick  # noqa: E402

from decktable.ui.glyphs import use_card_set  # noqa: E402
from decktable.ui.widgets.trick_view import TrickView  # noqa: E402

SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


@pytest.fixture(autouse=True)
def unicode_cards() -> None:
    use_card_set("unicode")


@SIZES
def test_trick_held_snapshot(snap_compare, size) -> None:
    async def to_a_held_trick(pilot) -> None:  # type: ignore[no-untyped-def]
        await settle(pilot)
        await play_one_trick(pilot, pilot.app)
        if not table(pilot.app).query_one(TrickView).showing_last:
            await press(pilot, "t")
        await settle(pilot)

    assert snap_compare(make_app("nonesuch", "Ann,bot:random,bot:random", seed=3), terminal_size=size,
                        run_before=to_a_held_trick)


@SIZES
def test_hand_summary_snapshot(snap_compare, size) -> None:
    from decktable.ui.screens.hand_summary import HandSummaryScreen

    async def to_the_summary(pilot) -> None:  # type: ignore[no-untyped-def]
        app = pilot.app
        await play_until(pilot, app, seeded_picker(2), lambda m: isinstance(app.screen, HandSummaryScreen))
        await settle(pilot)

    assert snap_compare(make_app("type_trump", "Ann,bot:random,bot:random", seed=4), terminal_size=size,
                        run_before=to_the_summary)


@SIZES
def test_results_with_final_table_snapshot(snap_compare, size) -> None:
    async def to_the_end(pilot) -> None:  # type: ignore[no-untyped-def]
        await play_until(pilot, pilot.app, seeded_picker(1), game_over)
        await settle(pilot)

    assert snap_compare(make_app("jacynth", "Ann,bot:random", seed=5), terminal_size=size, run_before=to_the_end)
