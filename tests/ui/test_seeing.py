"""Seeing what happened (issue 10): a finished trick held on the table with its winner marked
(`t` puts it away and shows it again), the hand summary that waits for a person, the results
screen with the final table, Rematch and Replay, the log by keyboard and the full history."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, play, press, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.widgets.trick_view import TrickView  # noqa: E402


async def play_one_trick(pilot, app) -> None:
    """Ann plays her cards (bots the others) until a trick has been completed."""
    screen = table(app)
    pick = seeded_picker(1, prefer=("play",))
    for _ in range(40):
        obs = viewer_obs(app)
        if obs.trick is not None and obs.trick.last and not obs.trick.plays:
            return
        await play(pilot, app, pick(obs))
        await settle(pilot)
        if screen.obs is not None and screen.obs.trick is not None and screen.obs.trick.last:
            return
    raise AssertionError("no trick finished")


async def test_finished_trick_is_held_with_its_winner() -> None:
    app = make_app("nonesuch", "Ann,bot:random,bot:random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_trick(pilot, app)
        obs = viewer_obs(app)
        view = table(app).query_one(TrickView)
        winner = obs.seats[obs.trick.last_winner].name
        if obs.trick.plays:  # a bot led already: the key shows the last trick again
            assert "Last trick" not in screen_text(app).split("Trick")[1][:20]
            await press(pilot, "t")
        text = screen_text(app)
        assert f"won by {winner}" in text
        assert "♛" in text and "won" in text
        assert view.showing_last
        await press(pilot, "t")  # put away: the trick area is the trick being played again
        assert not view.showing_last
        assert "Last trick:" in screen_text(app) or obs.trick.plays
        await press(pilot, "t")  # and back
        assert view.showing_last and f"won by {winner}" in screen_text(app)


async def test_hand_summary_waits_for_a_person_when_a_bot_deals_next() -> None:
    """Type Trump, Ann and two bots: when a round is scored a summary with that round's scores
    and why goes up and the game waits (no bot moves) until Enter."""
    from play_helpers import play_until

    from decktable.ui.screens.hand_summary import HandSummaryScreen

    app = make_app("type_trump", "Ann,bot:random,bot:random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        await play_until(pilot, app, seeded_picker(2), lambda m: isinstance(app.screen, HandSummaryScreen))
        assert isinstance(app.screen, HandSummaryScreen), app.screen
        text = screen_text(app)
        assert "Round 1 is over" in text and "Round 1 scores" in text and "This round" in text
        steps = len(match.log)
        await pilot.pause(0.3)
        assert len(match.log) == steps and isinstance(app.screen, HandSummaryScreen)  # it waits
        await press(pilot, "enter")
        assert not isinstance(app.screen, HandSummaryScreen)


async def test_results_show_the_final_table_and_offer_rematch_and_replay() -> None:
    from play_helpers import game_over, play_until

    from decktable.ui.screens.results import ResultsScreen

    app = make_app("jacynth", "Ann,bot:random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = table(app).match
        await play_until(pilot, app, seeded_picker(1), game_over)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Final table" in text and "Rematch" in text and "Replay this deal" in text
        from decktable.ui.widgets.grid_view import GridView

        assert app.screen.query(GridView), "the final board is drawn"
        await press(pilot, "d")  # the same deal again: same seed, same seats
        again = table(app).match
        assert again is not first and again.seed == first.seed and not again.log
        assert [(s.name, s.kind, s.level) for s in again.seats] == [(s.name, s.kind, s.level) for s in first.seats]
        assert again.observe(0).zones == first.game.observe(first.state_before(0), 0).zones


async def test_rematch_keeps_the_seats_with_a_new_deal() -> None:
    from decktable.session.match import Match, parse_seats
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.results import ResultsScreen

    match = Match("circle_search", parse_seats("Ann,bot:random"), seed=2, options={"first": "1"})
    match.run_bots()
    app = DeckTableApp(match, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        from play_helpers import game_over, play_until

        await play_until(pilot, app, seeded_picker(3), game_over)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        want = match.game.rematch_options(match.result(), match.options, match.state)
        await press(pilot, "r")
        again = table(app).match
        assert again is not match and again.options == want
        assert [s.name for s in again.seats] == ["Ann", "Bot 1"]


async def test_log_scrolls_by_keys_and_the_whole_game_shows_only_sentences() -> None:
    from decktable.ui.screens.history_screen import HistoryScreen
    from decktable.ui.widgets.log_panel import LogPanel

    app = make_app("nonesuch", "Ann,bot:random,bot:random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_trick(pilot, app)
        match = table(app).match
        log = table(app).query_one(LogPanel)
        await press(pilot, "pageup")
        assert log.back > 0
        await press(pilot, "pagedown")
        assert log.back == 0
        await press(pilot, "L")
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        first = next(e.text for entry in match.log for e in entry.events if e.text)
        assert first in text or first[:40] in text
        assert not any(f"{entry.action}\n" in text for entry in match.log if entry.action.startswith("bid"))
        await press(pilot, "escape")
        assert app.screen is table(app)


async def test_the_ascii_card_set_marks_turns_and_winners_in_ascii() -> None:
    """With the ASCII cards the trick still crowned its winner with ♛ and marked the turn ▸."""
    from decktable.ui.glyphs import current_card_set, use_card_set

    before = current_card_set().name
    use_card_set("ascii")
    try:
        app = DeckTableApp(make_app("nonesuch", "Ann,bot:random,bot:random", seed=3)._initial_match,
                           bot_delay=0, cards="ascii")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await play_one_trick(pilot, app)
            obs = viewer_obs(app)
            if obs.trick.plays:
                await press(pilot, "t")
            text = screen_text(app)
            winner = obs.seats[obs.trick.last_winner].name
            assert f"{winner} *" in text, text
            assert "♛" not in text and "▸" not in text
            assert "> Ann" in text or any(f"> {s.name}" in text for s in obs.seats)
    finally:
        use_card_set(before)
