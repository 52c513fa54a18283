"""The trick table: one human and three bots play a whole hand of Nonesuch by key presses only —
the bid (a button), leads with a named suit (the choice menu), follows — until it is scored."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, make_app, play, screen_text, settle, table, viewer_obs  # noqa: E402

from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402
from decktable.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402
from decktable.ui.widgets.trick_view import TrickView  # noqa: E402


async def test_nonesuch_hand_by_keys() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert isinstance(screen, TrickTableScreen)
        match = screen.match
        verbs: set[str] = set()
        menus = 0
        for _ in range(200):
            if match.observe().score_sheet or match.result() is not None:
                break
            obs = viewer_obs(app)
            assert obs.seat == 0 and obs.legal, "the human's view, and a decision to make"
            action = obs.legal[-1] if obs.legal[0].text.startswith("bid") else obs.legal[0]
            verbs.add(action.text.split()[0])
            if sum(1 for a in obs.legal if a.card == action.card) > 1 and action.card:
                menus += 1
            await play(pilot, app, action)
        assert match.observe().score_sheet, "the hand was scored"
        assert {"bid", "play"} <= verbs
        assert "lead" in verbs and menus >= 1, "Ann led and named a suit in the menu"
        lines = [e.text for entry in match.log for e in entry.events]
        assert any(t.startswith("Ann bids") for t in lines)
        assert any(t.startswith("Ann leads") for t in lines)
        assert not any(" you " in f" {t.lower()} " for t in lines)


async def test_trick_screen_shows_hand_and_trick() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        obs = viewer_obs(app)
        hand = screen.query_one(HandView)
        assert hand.cards == obs.zone("hand0").cards
        assert screen.query_one(TrickView).seats
        text = screen_text(app)
        assert "Ann's hand" in text and "Bot 1" in text
        # the bid buttons are focused first, the prompt is shown
        assert obs.phase == "bid"
        assert app.focused is not None and "Bid" in str(getattr(app.focused, "label", ""))


async def test_lead_menu_escape_changes_nothing() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        for _ in range(60):
            obs = viewer_obs(app)
            leads = [a for a in obs.legal if a.text.startswith("lead")]
            cards = [a.card for a in leads]
            multi = [c for c in cards if cards.count(c) > 1]
            if multi:
                break
            action = obs.legal[-1] if obs.legal[0].text.startswith("bid") else obs.legal[0]
            await play(pilot, app, action)
        else:
            raise AssertionError("no lead with a suit to name came up")
        before = len(match.log)
        hand = table(app).query_one(HandView)
        hand.focus()
        while hand.current != multi[0]:
            await pilot.press("right")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceMenu)
        assert len(match.log) == before


async def test_buttons_move_with_arrows() -> None:
    app = make_app("nonesuch", "Ann,bot,bot,bot", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        assert "SOME" in str(app.focused.label)
        await pilot.press("right")
        await settle(pilot)
        assert "MOST" in str(app.focused.label)
        await pilot.press("enter")
        await settle(pilot)
        lines = [e.text for entry in match.log for e in entry.events]
        assert any(t.startswith("Ann bids MOST") for t in lines), lines


async def test_focus_follows_the_decision_after_bidding() -> None:
    """The bid buttons go away with the bid; the hand takes the focus by itself, so Enter on it
    plays (or leads) a card with no Tab in between — also with bots that take their time."""
    from decktable.session.match import Match, parse_seats
    from decktable.ui.app import DeckTableApp
    from textual.widgets import Button

    from decktable.ui.widgets.choice_menu import ChoiceMenu as Menu

    for delay in (0, 0.05):
        app = DeckTableApp(Match("nonesuch", parse_seats("Ann,bot:random,bot:random"), seed=5), bot_delay=delay)
        async with app.run_test(size=SIZE) as pilot:
            screen = table(app)
            match = screen.match
            for _ in range(100):
                await pilot.pause(0.02)
                if viewer_obs(app).legal and isinstance(app.focused, Button):  # focus lands after a frame
                    break
            assert viewer_obs(app).phase == "bid"
            await pilot.press("enter")  # the first bid button has the focus
            for _ in range(200):
                await pilot.pause(0.02)
                obs = viewer_obs(app)
                if obs.legal and obs.phase != "bid":
                    break
            await settle(pilot)
            obs = viewer_obs(app)
            assert obs.legal and all(a.card for a in obs.legal), obs.legal
            assert isinstance(app.focused, HandView), app.focused
            assert "Choose card" in screen_text(app)
            before = len(match.log)
            await pilot.press("enter")  # no Tab
            await settle(pilot)
            if isinstance(app.screen, Menu):
                await pilot.press("enter")
                await settle(pilot)
            assert len(match.log) > before, "Enter on the hand played a card"
            assert any(e.text.startswith("Ann ") and ("plays" in e.text or "leads" in e.text)
                       for entry in match.log[before:] for e in entry.events)
