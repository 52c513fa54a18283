"""Schnapsen played by keys: a one-hand game against a bot (cards from the hand and from the
"Shown by" row, the lead-time buttons) to the results screen; and two humans whose private hands
never show under the curtain or during the other's turn, while shown marriage cards do
(play_helpers finds French cards by the game's family)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import family_of, game_over, hand_cards, leaked, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, all_widget_text, make_app, screen_text, settle, table  # noqa: E402

from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_HAND = {"target": 1}


def widget_slugs(app) -> set[str]:
    """Slugs held by card widgets on every screen of the stack (what they would draw)."""
    out: set[str] = set()
    for screen in app.screen_stack:
        for widget in screen.query("*"):
            cards = getattr(widget, "cards", None)
            if cards:
                out.update(cards)
    return out


def on_show(app, slugs: list[str]) -> list[str]:
    """The cards of `slugs` held by a card widget or named in any widget's text."""
    text = all_widget_text(app)
    on_widgets = widget_slugs(app)
    family = family_of(table(app).match)
    return [s for s in slugs if s in on_widgets or leaked(text, [s], family)]


async def test_schnapsen_game_by_keys() -> None:
    app = make_app("schnapsen", "Ann,bot", seed=11, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        text = screen_text(app)
        assert "Trump card" in text and "Stock" in text
        # no claim until the last trick, so the hand is played through
        played = await play_until(pilot, app, seeded_picker(3, prefer=("marry", "exchange"), avoid=("claim", "close")),
                                  game_over)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Placings" in text and "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))


async def test_schnapsen_two_humans_keep_hands_private() -> None:
    app = make_app("schnapsen", "Ann,Bea", seed=5, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        family = family_of(match)
        assert family == "french"
        checks = {"curtain": 0, "turn": 0, "shown": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            for seat in (0, 1):
                # a hand less any card the log has named (a card from an earlier hand)
                assert not on_show(app, hand_cards(match, seat)), f"seat {seat}'s hand under the curtain"

        def on_turn(obs) -> None:
            checks["turn"] += 1
            other = 1 - obs.seat
            mine = hand_cards(match, obs.seat, f"hand{obs.seat}")
            assert leaked(all_widget_text(app), mine, family) == mine, "the detector must see the player's own hand"
            assert not on_show(app, hand_cards(match, other)), "the other human's hand shows"
            # no running point count on the table without the training option
            assert "Points" not in screen_text(app)
            shown = match.game.observe(match.state, None).zone(f"shown{other}")
            if shown is not None and shown.cards:
                # what the other player showed (a marriage card, an exchanged Trump card) is on view
                checks["shown"] += 1
                assert on_show(app, shown.cards) == list(shown.cards)

        pick = seeded_picker(4, prefer=("marry", "exchange"), avoid=("claim", "close"))
        await play_until(pilot, app, pick, game_over, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 10 and checks["turn"] >= 10 and checks["shown"] >= 1, checks
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_schnapsen_exchanged_card_stays_in_the_hand_and_counts() -> None:
    """QA: after the trump Jack exchange the card taken is shown to both but still in Ann's
    hand: her hand shows and counts all five cards (no separate "Shown by Ann" box for her)."""
    from table_driver import play, viewer_obs

    from decktable.ui.widgets.hand_view import HandView
    from decktable.ui.widgets.seats_panel import SeatsPanel
    from decktable.ui.widgets.zone_row import ZoneRow

    app = make_app("schnapsen", "Ann,bot", seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        obs = viewer_obs(app)
        exchange = next(a for a in obs.legal if a.text == "exchange")
        await play(pilot, app, exchange)
        await settle(pilot)
        obs = viewer_obs(app)
        shown = obs.zone("shown0")
        assert shown is not None and len(shown.cards) == 1
        hand = table(app).query_one(HandView)
        assert len(hand.cards) == 5 and shown.cards[0] in hand.cards
        assert "(5)" in hand.title_text().plain
        assert not any(r.zone == "shown0" and r.display for r in table(app).query(ZoneRow))
        assert "Shown by Ann" not in screen_text(app)
        lines = table(app).query_one(SeatsPanel)._lines()
        assert not any(" 4c" in ln.plain for ln in lines), [ln.plain for ln in lines]
        assert "exchange" not in obs.prompt


#: a stacked deal (docs/stacked-decks.md) where Ann, playing her highest card (trumps first), takes
#: eight tricks and the last one with 92 points against 28: claiming scores 2, no claim 1
LAST_TRICK_DECK = ["10d", "as", "10s", "10h", "qs", "js", "kc", "jc", "kd", "jh", "jd", "ks", "qd", "10c", "ad",
                   "ac", "qh", "kh", "ah", "qc"]
POINTS = {"a": 11, "10": 10, "k": 4, "q": 3, "j": 2}


def highest_card(obs):
    """Ann's strategy: the card worth most, a trump before any other; never claim before the end."""
    trump = obs.status["Trump"][0].lower()
    plays = [a for a in obs.legal if a.text.startswith("play ")]
    return max(plays, key=lambda a: (a.card[-1] == trump, POINTS[a.card[:-1]]))


async def test_schnapsen_last_trick_question_has_no_default() -> None:
    """Issue 33: after the last trick, Enter alone took 'No claim' (1 game point) where claiming
    scored 2. Each option now says what it scores, and Enter alone chooses nothing."""
    from table_driver import notifications, press

    from decktable.ui.widgets.action_bar import ActionBar

    app = make_app("schnapsen", "Ann,bot", seed=7, options=ONE_HAND, deck=LAST_TRICK_DECK)
    async with app.run_test(size=(80, 24)) as pilot:
        match = table(app).match
        await play_until(pilot, app, highest_card, lambda m: m.observe(0).phase == "last")
        await settle(pilot)
        obs = match.observe(0)
        assert obs.to_act == [0] and obs.no_default
        bar = table(app).query_one(ActionBar)
        labels = [str(b.label) for b in bar.buttons]
        assert labels == ["Claim 66: right, you score 1 or 2; wrong, Bot 1 scores 2",
                          "No claim: you score 1 for the last trick"], labels
        text = screen_text(app)
        assert "you score 1 or 2" in text and "you score 1 for the last trick" in text  # on view at 80x24
        assert app.focused is bar  # the keyboard is on the bar, on no button
        before = len(match.log)
        await press(pilot, "enter")
        assert len(match.log) == before and match.observe(0).phase == "last"  # nothing chosen
        assert any("changes the score" in n for n in notifications(app))
        await press(pilot, "right")  # the first option: Claim 66
        assert str(getattr(app.focused, "label", "")).startswith("Claim 66")
        await press(pilot, "enter")
        await settle(pilot)
        assert str(match.log[before].action) == "claim"
        assert match.state.sheet[-1] == [2, 0]  # 92 against 28: schneider


async def test_no_default_notice_goes_when_an_option_is_chosen() -> None:
    """Issue 33, seen in the browser at 80x24: Enter alone at the last-trick question says
    "read what it scores" in a toast that lies over the right half of the two options, hiding
    their scores ("wrong, Bot 1 scores 2", "for the last trick") for the toast's seconds after
    ← →. Once the player goes to an option the notice is gone, and nothing covers the options."""
    from table_driver import notifications, press
    from textual.widgets._toast import Toast

    from decktable.ui.widgets.action_bar import ActionBar

    def covering(app) -> list:
        bar = table(app).query_one(ActionBar).region
        return [t for t in app.screen.query(Toast) if t.region.overlaps(bar)]

    app = make_app("schnapsen", "Ann,bot", seed=7, options=ONE_HAND, deck=LAST_TRICK_DECK)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await play_until(pilot, app, highest_card, lambda m: m.observe(0).phase == "last")
        await settle(pilot)
        await press(pilot, "enter")
        await pilot.pause(0.2)
        assert any("changes the score" in n for n in notifications(app))  # told why nothing happened
        assert covering(app)  # the toast lies over the options at 80x24
        await press(pilot, "right")
        await pilot.pause(0.2)
        assert str(getattr(app.focused, "label", "")).startswith("Claim 66")
        assert not any("changes the score" in n for n in notifications(app))
        assert not covering(app)
