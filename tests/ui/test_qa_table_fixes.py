"""QA pass in a real terminal (80×24): the hand summary wraps and scrolls with Continue in view;
two-player trick games keep their last trick (`t`); the human who completes a trick sees it
after the next curtain; Enter on the results screen does what the focused button says."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import seeded_picker  # noqa: E402
from table_driver import make_app, press, screen_text, settle, table, viewer_obs  # noqa: E402

SMALL = (80, 24)


async def test_hand_summary_wraps_long_reasons_and_keeps_continue_in_view() -> None:
    from textual.widgets import Button

    from decktable.ui.screens.hand_summary import HandSummaryScreen

    why = ["Ann claims 66 with 80 against Bot 1's 60 points: Ann scores 1. (Hand over, MIDWORD ENDWORD)"] + [
        f"Reason number {i} why this hand was scored the way it was, a long line of words." for i in range(30)]
    app = make_app("schnapsen", "Ann,bot", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        app.push_screen(HandSummaryScreen(["Ann", "Bot 1"], [1, 0], [1, 0], 1, why))
        await settle(pilot)
        text = screen_text(app)
        assert "ENDWORD" in text, text  # wrapped, not clipped on the right
        button = app.screen.query_one(Button)
        assert button.region.bottom <= SMALL[1] and button.region.height > 0  # Continue in view
        assert app.screen.query_one("#summary-box").region.right <= SMALL[0]
        await press(pilot, *["pagedown"] * 6)
        assert "Reason number 29" in screen_text(app)  # the box scrolls by keys
        await press(pilot, "enter")
        assert not isinstance(app.screen, HandSummaryScreen)


async def test_results_enter_does_what_the_highlighted_button_says() -> None:
    """The highlighted button has the focus (New game); Tab moves it and Enter presses it."""
    from play_helpers import game_over, play_until
    from textual.widgets import Button

    from decktable.session.match import Match, parse_seats
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.results import ResultsScreen

    match = Match("circle_search", parse_seats("Ann,bot:random"), seed=2, options={"first": "1"})
    match.run_bots()
    app = DeckTableApp(match, bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, seeded_picker(3), game_over)
        await settle(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        focused = app.focused
        assert isinstance(focused, Button) and focused.id == "results-new"
        assert [b.id for b in results.query(Button) if b.variant == "primary"] == ["results-new"]
        await press(pilot, "shift+tab", "shift+tab")  # back to Rematch
        assert app.focused is not None and app.focused.id == "results-rematch"
        await press(pilot, "enter")
        again = table(app).match
        assert again is not match and [s.name for s in again.seats] == ["Ann", "Bot 1"]  # a rematch


async def test_two_player_trick_games_keep_or_explain_the_last_trick() -> None:
    """Chicago keeps the previous trick for a glance back (`t`), as the 3+ player games do;
    Schnapsen and Bura turn it face down by their rules, and the table says so instead of
    "No trick played yet"."""
    from play_helpers import play_until

    from decktable.ui.widgets.trick_view import TrickView

    def mid_trick(match) -> bool:  # noqa: ANN001
        t = match.observe(0).trick
        return bool(t is not None and t.plays and (t.last or t.last_hidden)) and match.human_to_act() == 0

    app = make_app("chicago", "Ann,bot", seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, seeded_picker(1), mid_trick)
        await settle(pilot)
        obs = viewer_obs(app)
        assert obs.trick.last and obs.trick.last_winner is not None
        winner = obs.seats[obs.trick.last_winner].name
        view = table(app).query_one(TrickView)
        assert "No trick played yet" not in screen_text(app)
        await press(pilot, "t")
        assert view.showing_last and f"won by {winner}" in screen_text(app)

    for game, seed in (("schnapsen", 3),):  # (Bura: a random bot ends its hands too soon to test)
        app = make_app(game, "Ann,bot", seed=seed)
        async with app.run_test(size=SMALL) as pilot:
            await play_until(pilot, app, seeded_picker(1), mid_trick)
            await settle(pilot)
            obs = viewer_obs(app)
            assert obs.trick.last_hidden and not obs.trick.last, game
            text = screen_text(app)
            assert "No trick played yet" not in text and "face down" in text, (game, text)
            await press(pilot, "t")
            assert not table(app).query_one(TrickView).showing_last
            assert any("face down" in str(n.message) for n in app._notifications), game


async def test_two_humans_the_next_human_sees_the_trick_finished_before_the_curtain() -> None:
    """Polignac, Ann, a bot and Bea: Ann's card completes a trick, the bot wins it and leads, then
    the curtain for Bea; once lifted, Bea sees the trick being played (the bot's lead) in the
    trick area, and the one she missed on its last line with its winner (issue 33)."""
    from decktable.ui.screens.curtain import CurtainScreen
    from decktable.ui.widgets.trick_view import TrickView
    from table_driver import play

    app = make_app("polignac", "Ann,bot,Bea", seed=4)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        match = table(app).match
        pick = seeded_picker(2)
        checked = 0
        for _ in range(60):
            if isinstance(app.screen, CurtainScreen):
                player = app.screen.player
                under = screen_text(app)
                await press(pilot, "enter")
                t = match.observe(None).trick
                if player == "Bea" and t.plays and t.last and t.last[-1].seat == 0:
                    assert "won by" not in under  # nothing of it on the curtain itself
                    view = table(app).query_one(TrickView)
                    winner = match.seats[t.last_winner].name
                    text = screen_text(app)
                    assert not view.showing_last and view.trick.plays == t.plays, text
                    said = view.render().plain  # the line may wrap on the screen
                    assert "Last trick:" in text and f"won by {winner}" in said, said
                    checked += 1
                    await play(pilot, app, pick(viewer_obs(app)))
                    await settle(pilot)
                    assert not table(app).query_one(TrickView).peek  # back to the trick in play
                    if checked >= 2:
                        break
                continue
            await play(pilot, app, pick(viewer_obs(app)))
            await settle(pilot)
        assert checked >= 2
