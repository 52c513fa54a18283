"""The tableau table: Adaman played by keys to its end, then the results screen and the lobby;
and undo (unlimited in a solitaire)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, make_app, notifications, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.tableau_table import TableauTableScreen  # noqa: E402
from decktable.ui.widgets.zone_row import ZoneRow  # noqa: E402

SHORT_GAME = 161  # a deal that ends after six decisions with the policy below


def pick(obs: Observation) -> ActionView:
    legal = obs.legal
    done = next((a for a in legal if a.text.startswith("done")), None)
    return done or next((a for a in legal if not a.text.startswith(("cancel", "unspend"))), legal[0])


async def test_adaman_to_the_end_by_keys() -> None:
    app = make_app("adaman", "Ann", seed=SHORT_GAME)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert isinstance(screen, TableauTableScreen)
        match = screen.match
        rows = {r.zone for r in screen.query(ZoneRow)}
        assert {"capital", "resources"} <= rows
        for _ in range(150):
            if match.result() is not None:
                break
            await play(pilot, app, pick(viewer_obs(app)))
        assert match.result() is not None
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert match.result().summary.split(":")[0] in text
        assert "Placings" in text and "Ann" in text
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "LobbyScreen"


async def test_undo_in_a_solitaire() -> None:
    app = make_app("adaman", "Ann", seed=SHORT_GAME)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        await press(pilot, "u")
        assert "There is nothing to undo." in notifications(app)
        first = pick(viewer_obs(app))
        await play(pilot, app, first)
        assert len(match.log) == 1
        legal_after = [a.text for a in viewer_obs(app).legal]
        await press(pilot, "u")
        assert len(match.log) == 0
        assert any(n.startswith("Ann took back") for n in notifications(app))
        assert first.text in [a.text for a in viewer_obs(app).legal]
        assert [a.text for a in viewer_obs(app).legal] != legal_after


async def test_log_toggles_with_l() -> None:
    app = make_app("adaman", "Ann", seed=SHORT_GAME)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        from decktable.ui.widgets.log_panel import LogPanel

        log = table(app).query_one(LogPanel)
        assert log.display
        await play(pilot, app, pick(viewer_obs(app)))
        assert log.lines_shown and all("you" not in line.lower().split() for line in log.lines_shown)
        await press(pilot, "l")
        assert not log.display
        await press(pilot, "l")
        assert log.display
