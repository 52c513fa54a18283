"""The narrow table (issue 37): narrower than 80 columns — a phone in portrait at the browser's
default font is about 41x44 — the table is one column instead of "too small". A Schnapsen hand
and a King hand are played to their end by taps (mouse clicks on the cards and the buttons) and,
at the other size, by keys; before every decision the hand's cards and the trick's cards are on
the screen whole (each card's label, rank and suit, inside the visible part of the column), the
prompt is on screen, and no "too small" notice is up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import hands_scored, play_until, seeded_picker  # noqa: E402
from table_driver import make_app, play, screen_text, settle, table  # noqa: E402

from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402
from decktable.ui.screens.hand_summary import HandSummaryScreen  # noqa: E402
from decktable.ui.screens.history_screen import HistoryScreen  # noqa: E402
from decktable.ui.screens.too_small import TooSmallScreen  # noqa: E402
from decktable.ui.widgets.action_bar import ActionBar  # noqa: E402
from decktable.ui.widgets.card_strip import GAP, CardStrip  # noqa: E402
from decktable.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402
from decktable.ui.widgets.trick_view import TrickView  # noqa: E402

PHONE = (41, 44)
SMALL = (60, 30)


def region_text(app, region) -> str:  # type: ignore[no-untyped-def]
    """The characters on the screen inside a region (screen coordinates)."""
    lines = screen_text(app).split("\n")
    return "\n".join(line[region.x:region.right] for line in lines[region.y:region.bottom])


def check_visible(app, obs: Observation) -> None:  # type: ignore[no-untyped-def]
    """The hand and the trick are whole on the screen: inside the main column's visible part
    (nothing scrolled away), every card's label in the text drawn there."""
    assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
    screen = table(app)
    assert screen.has_class("-narrow")
    family = screen.family
    main = screen.query_one("#table-main").region
    hand = screen.query_one(HandView)
    cards = [c for z in obs.zones if z.kind == "hand" and z.owner == obs.seat and z.visible for c in z.cards]
    assert cards and sorted(hand.cards) == sorted(cards)
    assert main.intersection(hand.region) == hand.region, (main, hand.region)
    drawn = region_text(app, hand.region)
    for card in cards:
        assert card_label(card, family) in drawn, (card, drawn)
    if obs.trick is not None and obs.trick.plays:
        trick = screen.query_one(TrickView)
        assert trick.display and main.intersection(trick.region) == trick.region, (main, trick.region)
        drawn = region_text(app, trick.region)
        for p in obs.trick.plays:
            assert card_label(p.card, family) in drawn, (p.card, drawn)
    # the prompt's first words are on the screen (the side column's top, never scrolled away)
    if obs.prompt:
        assert " ".join(obs.prompt.split()[:3]) in " ".join(screen_text(app).split()), obs.prompt


async def tap(pilot, app, action: ActionView) -> None:  # type: ignore[no-untyped-def]
    """Play one legal action by clicks: its card in whichever row holds it, or its button; a
    menu of several actions on one card is answered by a click on the option."""
    screen = table(app)
    if action.card is not None and len(action.cards) <= 1:
        strip = next(s for s in screen.query(CardStrip) if s.display and action.card in s.cards)
        i = strip.cards.index(action.card)
        n = strip.per_row()
        box = strip.content_region
        x = box.x + (i % n) * (strip.chip_w + GAP) + 1
        y = box.y + 1 + (i // n) * strip.chip_lines
        assert box.contains(x, y)
        await pilot.click(offset=(x, y))
    else:
        bar = screen.query_one(ActionBar)
        button = next(b for b in bar.buttons if str(b.label) == action.label)
        bar.scroll_to_widget(button, animate=False)
        await settle(pilot)
        assert button.region.height >= 3  # a tall tap target
        await pilot.click(button, offset=(button.region.width // 2, 1))
    await settle(pilot)
    if isinstance(app.screen, ChoiceMenu):
        labels = [label for label, _t in app.screen.choices]
        box = app.screen.query_one("OptionList").content_region
        await pilot.click(offset=(box.x + 1, box.y + labels.index(action.label)))
        await settle(pilot)
    await settle(pilot)


async def play_hand(pilot, app, by_taps: bool, seed: int, prefer: tuple[str, ...] = ()) -> list[ActionView]:  # type: ignore[no-untyped-def]
    match = table(app).match
    pick = seeded_picker(seed, prefer=prefer)
    checked = 0

    def chooser(obs: Observation) -> ActionView:
        nonlocal checked
        if any(a.card for a in obs.legal) or obs.trick is not None and obs.trick.plays:
            check_visible(app, obs)
            checked += 1
        return pick(obs)

    if by_taps:
        import play_helpers

        old = play_helpers.play
        play_helpers.play = tap  # the same loop, each decision carried out by clicks
        try:
            played = await play_until(pilot, app, chooser, hands_scored(1))
        finally:
            play_helpers.play = old
    else:
        played = await play_until(pilot, app, chooser, hands_scored(1))
    assert checked >= 5
    assert len(match.observe().score_sheet) >= 1 or match.result() is not None
    return played


@pytest.mark.parametrize("size,by_taps", [(PHONE, True), (SMALL, False)])
async def test_schnapsen_hand_on_a_narrow_table(size: tuple[int, int], by_taps: bool) -> None:
    app = make_app("schnapsen", "Ann,bot", seed=11, options={"target": 1})
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert "too small" not in screen_text(app).lower() and "needs at least" not in screen_text(app)
        played = await play_hand(pilot, app, by_taps, seed=3, prefer=("marry", "exchange"))
        assert sum(a.text.startswith("play") for a in played) >= 3


@pytest.mark.parametrize("size,by_taps", [(PHONE, True), (SMALL, False)])
async def test_king_hand_on_a_narrow_table(size: tuple[int, int], by_taps: bool) -> None:
    app = make_app("king", "Ann,bot,bot,bot", seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert "needs at least" not in screen_text(app)
        played = await play_hand(pilot, app, by_taps, seed=1)
        assert sum(a.text.startswith("play") for a in played) == 13
        if isinstance(app.screen, HandSummaryScreen):
            await pilot.press("enter")
            await settle(pilot)
        # the log and the score sheet so far: one key away
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "Score sheet" in text and "Total" in text, text


async def test_the_log_is_one_key_away_and_a_wide_terminal_gets_the_full_table() -> None:
    app = make_app("schnapsen", "Ann,bot", seed=11)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen.has_class("-narrow")
        side = screen.query_one("#table-side").region
        assert side.width == PHONE[0] and side.y == 0  # the side column is the top of one column
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("l")
        await settle(pilot)
        assert app.screen is screen
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await settle(pilot)
        assert not screen.has_class("-narrow")
        assert screen.query_one("#table-side").region.x > 60  # beside the main column again
        await pilot.press("l")
        await settle(pilot)
        assert app.screen is screen  # the log panel toggles in place at a wide table


async def test_a_fifteen_card_hand_fits_a_phone_with_three_tall_buttons() -> None:
    """Rally's bargaining: 15 cards, a trick of four seats and three long buttons at 41x44. A
    dense chip would go one to a row there (taller than the usual chips): the hand is drawn as
    labels only, every card's rank and suit on screen, none scrolled away."""
    app = make_app("rally", "Ann,bot,bot,bot", seed=11)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        await settle(pilot)
        obs = table(app).obs
        assert obs is not None and len(table(app).query_one(HandView).cards) == 15
        assert len(table(app).query_one(ActionBar).buttons) >= 3
        check_visible(app, obs)


async def test_a_choice_menu_fits_a_phone() -> None:
    """A menu of several actions with a long question: at 41 columns the box and its question
    wrap inside the screen (they ran off its right edge), and a tap on an option chooses it."""
    app = make_app("nonesuch", "Ann,bot,bot", seed=3)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        screen = table(app)
        legal = screen.obs.legal[:3]  # type: ignore[union-attr]
        question = "What to do now? A question far too long for one line of a phone's screen"
        screen.choose_among(legal, question)
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        box = menu.query_one("Vertical").region
        assert box.x >= 0 and box.right <= PHONE[0]
        title = menu.query_one("#choice-title").region
        assert title.right <= box.right and title.height >= 2  # the question wrapped, whole
        drawn = " ".join(region_text(app, title).split())
        assert drawn == question, drawn
        before = len(screen.match.log)
        options = menu.query_one("OptionList").content_region
        await pilot.click(offset=(options.x + 2, options.y + 1))  # the second option
        await settle(pilot)
        assert app.screen is screen
        assert str(screen.match.log[before].action) == legal[1].text
