"""Circle Search played by keys: a whole game against a bot (the search buttons) to the results
screen; and the memory rule on screen: the card turned up is shown on the turn it is turned up,
is hidden again when the searcher ends the turn (before the next player acts), and no log line
ever names it or says where it lies."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, leaked, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, play, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.widgets.log_panel import LogPanel  # noqa: E402


async def test_circle_search_game_by_keys() -> None:
    app = make_app("circle_search", "Ann,bot", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(5), game_over)
        assert played and all(a.text.split()[0] in ("search", "done") and a.card is None for a in played)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text and "Bot 1" in text
        assert any(t.startswith("Ann searches for") for t in log_lines(match))


async def test_circle_search_card_shown_for_one_turn_only() -> None:
    app = make_app("circle_search", "Ann,Bea", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match
        pick = seeded_picker(8)
        previous: str | None = None
        shown = hidden = 0
        for _turn in range(8):
            if match.result() is not None:
                break
            assert not isinstance(app.screen, CurtainScreen), "no curtain: nothing is hidden from anyone"
            obs = viewer_obs(app)
            await play(pilot, app, pick(obs))
            if match.result() is not None:
                break  # at the end the whole ring is shown
            await settle(pilot)
            # the test reads the truth: which card was turned up this turn, and where
            revealed = match.observe(0).extra["revealed"]
            turned, where = revealed["card"], revealed["position"]
            text = screen_text(app)
            assert leaked(text, [turned]) == [turned], f"{turned} is on show the turn it is turned up"
            shown += 1
            if previous is not None and previous != turned:
                assert not leaked(all_widget_text(app), [previous]), f"{previous} is still on show a turn later"
                hidden += 1
            lines = log_lines(match) + list(screen.query_one(LogPanel).lines_shown)
            assert not leaked("\n".join(lines), [turned]), f"a log line names {turned}"
            assert not any(f"card {where}" in line for line in lines), "a log line says where it lies"
            # the searcher has seen it and ends the turn: face down before the next player acts
            obs = viewer_obs(app)
            assert [a.text for a in obs.legal] == ["done"]
            await play(pilot, app, obs.legal[0])
            await settle(pilot)
            assert not leaked(all_widget_text(app), [turned]), f"{turned} is on show after the turn"
            previous = turned
        assert shown >= 4 and hidden >= 3
