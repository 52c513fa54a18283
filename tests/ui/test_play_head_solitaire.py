"""Head Solitaire played to its end by keys (meld cards from the hand, archive with the Done
button, discard otherwise), then the results screen shows the score; and undo in the solitaire."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import game_over, log_lines, play_until  # noqa: E402
from table_driver import SIZE, make_app, notifications, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.tableau_table import TableauTableScreen  # noqa: E402

SEED = 4  # a deal that archives several melds with the policy below


def pick(obs: Observation) -> ActionView:
    for verb in ("done", "meld", "discard"):
        for a in obs.legal:
            if a.text.split()[0] == verb:
                return a
    return obs.legal[0]


async def test_head_solitaire_to_the_end_by_keys() -> None:
    app = make_app("head_solitaire", "Ann", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TableauTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, pick, game_over, limit=200)
        verbs = {a.text.split()[0] for a in played}
        assert {"meld", "done", "discard"} <= verbs, verbs
        result = match.result()
        assert result is not None
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        score = result.scores[0]
        assert "Head Solitaire" in text and "Placings" in text and "Ann" in text
        assert f"score {score}" in text, "the summary with the score"
        row = next(line for line in text.splitlines() if "Ann" in line and "1" in line)
        assert str(score) in row.split(), f"Ann's score {score} in the placings: {row!r}"
        assert any("archive" in t.lower() for t in log_lines(match))
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "LobbyScreen"


async def test_head_solitaire_undo() -> None:
    app = make_app("head_solitaire", "Ann", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        first = pick(viewer_obs(app))
        await play(pilot, app, first)
        assert len(match.log) == 1
        await press(pilot, "u")
        assert len(match.log) == 0
        assert any(n.startswith("Ann took back") for n in notifications(app))
        assert first.text in [a.text for a in viewer_obs(app).legal]


async def test_the_face_up_draw_pile_shows_the_cards_coming_next() -> None:
    """In the second pass the draw pile lies face up, top first: the table showed its last six
    cards (the bottom of the pile) under "top first", not the cards the player draws next."""
    from decktable.ui.widgets.zone_row import ZoneRow

    app = make_app("head_solitaire", "Ann", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = table(app).match

        def second_pass(m) -> bool:  # noqa: ANN001
            return m.state.pass_no == 2 and len(m.state.draw) > 6

        await play_until(pilot, app, pick, second_pass, limit=200)
        await settle(pilot)
        obs = viewer_obs(app)
        draw = next(z for z in obs.zones if z.name == "draw")
        assert draw.visible and draw.top_first and len(draw.cards) > 6
        row = next(r for r in table(app).query(ZoneRow) if r.zone == "draw")
        assert row.cards == draw.cards[:6]  # the top six, the next card first
        title = row.title_text().plain
        assert f"{len(draw.cards)} cards, the top 6 shown" in title and "(6)" not in title
        assert row.cards[0] == match.game.catalogue.slug(match.state.draw[0])
