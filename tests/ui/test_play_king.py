"""King played by keys: hand 1 alone (last_hand 1) from the face-up deal for the first dealer to
the results screen; a positive hand (first_hand 10) where the human dealer chooses the contract
and Up or Down by keys; and two humans whose hands never show under the curtain or during the
other's turn.

play_helpers finds French cards by the game's family."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402


async def test_king_first_hand_by_keys() -> None:
    app = make_app("king", "Ann,bot,bot,bot", seed=7, options={"last_hand": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        text = screen_text(app)
        assert "No tricks" in text and "Deal face up to find the first dealer" in text
        seen: list[str] = []

        def on_turn(obs) -> None:
            if obs.phase == "play":
                seen.append(screen_text(app))

        played = await play_until(pilot, app, seeded_picker(1), game_over, on_turn=on_turn)
        verbs = [a.text.split()[0] for a in played]
        assert verbs[0] == "draw" and verbs.count("play") == 13
        assert set(verbs) <= {"draw", "deal", "play"}
        assert any("Face up to" in t for t in log_lines(match))
        assert any("receives the King of Hearts" in t for t in log_lines(match))
        # the table says which hand is played and what it costs, in the status and the prompt
        assert seen and all("No tricks" in t and "-20 for each trick" in t for t in seen)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert "Ann" in screen_text(app)
        assert sum(match.state.scores) == -260


async def test_king_positive_hand_by_keys() -> None:
    opts = {"first_hand": 10, "first_dealer": 0}
    app = make_app("king", "Ann,bot,bot,bot", seed=5, options=opts)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        text = screen_text(app)
        assert "Positive hand" in text and "Auction trumps" in text
        played = await play_until(pilot, app, seeded_picker(3, prefer=("auction", "down")), game_over)
        verbs = [a.text.split()[0] for a in played]
        assert verbs[:2] == ["auction", "down"] and verbs.count("play") == 13
        said = log_lines(match)
        assert any(t.startswith("Ann auctions the choice of trumps") for t in said)
        assert any(t.startswith("Auction adjustment:") for t in said)
        assert sum(match.state.scores) == 325
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_king_two_humans_keep_hands_hidden() -> None:
    app = make_app("king", "Ann,Bea,bot,bot", seed=4, options={"last_hand": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        checks = HiddenHands(app, humans=(0, 1))
        assert checks.family == "french"
        await play_until(pilot, app, seeded_picker(2), game_over, on_curtain=checks.on_curtain, on_turn=checks.on_turn)
        assert checks.curtains >= 4 and checks.turns >= 20
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_a_game_begun_part_way_numbers_its_hands_from_there() -> None:
    """Practice from hand 8: the summary said "Hand 1 is over" and the sheet numbered its
    rows 1, 2 while the game and its log spoke of hands 8 and 9."""
    from decktable.ui.screens.hand_summary import HandSummaryScreen
    from textual.widgets import Static

    titles: list[str] = []
    app = make_app("king", "Ann,bot,bot,bot", seed=5, options={"first_hand": 8, "last_hand": 9, "first_dealer": 0})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def summed_up(_match) -> bool:  # noqa: ANN001
            if isinstance(app.screen, HandSummaryScreen):
                titles.append(str(app.screen.query_one("#summary-title", Static).render()))
                return True
            return False

        await play_until(pilot, app, seeded_picker(3, prefer=("auction", "down")), summed_up)
        assert titles == ["Hand 8 is over"]
        await play_until(pilot, app, seeded_picker(3, prefer=("auction", "down")), game_over)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        first_column = app.screen._sheet().columns[0]._cells
        assert first_column == ["8", "9", "Total"]


async def test_the_dealers_up_or_down_choice_keeps_trump_and_auction_on_a_small_screen() -> None:
    """At 80×24 the status under the long prompt was cut before the trump and the auction: the
    facts the dealer needs to choose Up or Down. Facts the prompt already says now give way."""
    from table_driver import play as play_by_keys, viewer_obs

    from decktable.ui.widgets.status_panel import StatusPanel

    app = make_app("king", "Ann,bot:random,bot:random,bot:random", seed=9,
                   options={"first_hand": 7, "first_dealer": 0})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        auction = next(a for a in viewer_obs(app).legal if a.text.startswith("auction"))
        await play_by_keys(pilot, app, auction)
        screen = table(app)
        for _ in range(60):
            await settle(pilot)
            obs = screen.obs
            if obs is not None and obs.legal and obs.legal[0].text in ("up", "down"):
                break
            if obs is not None and obs.legal:  # Ann bids or names trumps if the auction comes to her
                await play_by_keys(pilot, app, viewer_obs(app).legal[-1])
        else:
            raise AssertionError("Ann was never asked to choose Up or Down")
        assert screen.query_one(StatusPanel).compact
        shown = " ".join(screen_text(app).split())  # what the terminal shows, not the panel's text
        for key in ("Trump", "Auction"):
            words = obs.status[key].split()
            assert f"{key}: {' '.join(words[:2])}" in shown, (key, shown)
