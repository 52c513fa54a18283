"""Bura played by keys: one human against a bot through a whole one-hand game (max_hands 1) to the
results screen, with leads and answers of several cards; and two humans whose hands, and whose
private answers to the special-lead question, never show under the curtain or during the other's
turn.

Plays of several cards (`lead 7h 9h`) are made by marking each card with space and pressing Enter
where the shared card strip offers marking, else through the "What to do with …?" menu of the
first card (which then lists every action that card starts). play_helpers finds French cards by
the game's family.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import HiddenHands, all_widget_text, game_over, log_lines, text_without_buttons  # noqa: E402
from table_driver import (  # noqa: E402
    SIZE,
    focus_widget,
    make_app,
    play,
    press,
    screen_text,
    settle,
    table,
    viewer_obs,
)
from textual.widgets import OptionList  # noqa: E402

from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402
from decktable.ui.widgets.card_strip import CardStrip  # noqa: E402
from decktable.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402

ONE_HAND = {"max_hands": 1}


def cards_of(action: ActionView) -> list[str]:
    verb, *args = action.text.split()
    return args if verb in ("lead", "answer") else []


async def play_by_keys(pilot, app, action: ActionView) -> None:
    """One legal action by keys: marking for several cards where the strip can mark, else the
    shared driver (a card's menu, or a button)."""
    cards = cards_of(action)
    if len(cards) < 2:
        await play(pilot, app, action)
        return
    await focus_widget(pilot, app, lambda w: isinstance(w, CardStrip) and cards[0] in w.cards)
    strip = app.focused
    assert isinstance(strip, CardStrip)
    if not hasattr(strip, "picked"):
        await play(pilot, app, action)  # the menu on the first card lists the whole lead
        return
    for card in cards:
        await pilot.press("home")
        for _ in range(len(strip.cards) + 1):
            if strip.current == card:
                break
            await pilot.press("right")
        assert strip.current == card
        await press(pilot, "space")
    assert sorted(strip.picked) == sorted(cards)
    await press(pilot, "enter")
    if isinstance(app.screen, ChoiceMenu):
        menu = app.screen
        options = menu.query_one(OptionList)
        labels = [label for label, _t in menu.choices]
        target = labels.index(action.label)
        for _ in range(len(labels)):
            if options.highlighted == target:
                break
            await pilot.press("down")
        await press(pilot, "enter")
    await settle(pilot)


async def play_until(pilot, app, pick, done, on_curtain=None, on_turn=None, limit: int = 300) -> list[ActionView]:
    """As play_helpers.play_until, with play_by_keys for plays of several cards."""
    await settle(pilot)
    match = table(app).match
    played: list[ActionView] = []
    for _ in range(limit):
        if done(match):
            return played
        if isinstance(app.screen, CurtainScreen):
            if on_curtain is not None:
                on_curtain()
            await press(pilot, "enter")
            assert not isinstance(app.screen, CurtainScreen)
            continue
        assert not isinstance(app.screen, ResultsScreen), "the game ended before the goal"
        obs = viewer_obs(app)
        assert obs.seat is not None and obs.legal
        assert match.human_to_act() == obs.seat
        if on_turn is not None:
            on_turn(obs)
        action = pick(obs)
        before = len(match.log)
        await play_by_keys(pilot, app, action)
        assert len(match.log) > before, f"{action.text!r} was not carried out by the keys"
        assert match.log[before].seat == obs.seat and match.log[before].action == action.text
        played.append(action)
    raise AssertionError(f"not done after {limit} decisions")


def picker(seed: int, announce: bool = False):
    """Random legal moves; never claims (so the hand is played out) except at the very end, and
    leads or answers with several cards whenever it can (to exercise that path)."""
    rng = random.Random(seed)

    def pick(obs: Observation) -> ActionView:
        legal = list(obs.legal)
        if announce:
            ann = [a for a in legal if a.text.startswith("announce")]
            if ann:
                return ann[0]
        if obs.phase == "final":
            return next(a for a in legal if a.text == "pass")
        rest = [a for a in legal if a.text not in ("claim",) and not a.text.startswith("announce")]
        multi = [a for a in rest if len(cards_of(a)) > 1]
        return rng.choice(multi if multi and rng.random() < 0.7 else rest)

    return pick


async def test_bura_game_by_keys() -> None:
    app = make_app("bura", "Ann,bot", seed=27, options=ONE_HAND)  # a seed with leads and answers of two cards
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, picker(1), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert {"pass", "lead", "answer"} <= verbs or {"pass", "answer"} <= verbs
        assert any(len(cards_of(a)) > 1 for a in played), "no play of several cards was made by keys"
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann") for t in log_lines(match))


# Ann (seat 0, leads first) holds a Molodka in Diamonds; Spades are trump.
STACK_FIRST = ["6d", "7c", "8d", "9c", "9d", "jh", "6s"]


def stacked_deck() -> list[str]:
    from decktable.rulesets.bura.rules import FULL, SLUG

    rest = [SLUG[c] for c in FULL if SLUG[c] not in STACK_FIRST]
    random.Random(3).shuffle(rest)
    return STACK_FIRST + rest


async def test_bura_two_humans_keep_secrets() -> None:
    app = make_app("bura", "Ann,Bea", seed=4, options=ONE_HAND, deck=stacked_deck())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        hidden = HiddenHands(app, humans=(0, 1))  # a hand, less the drawn up card once the log names it
        assert hidden.family == "french"
        checks = {"ask": 0}

        def revealed() -> bool:
            return any(e.kind == "reveal" for entry in match.log for e in entry.events)

        def on_curtain() -> None:
            hidden.on_curtain()
            text = all_widget_text(app)
            if not revealed():
                assert "announces" not in text and "Molodka (three" not in text

        def on_turn(obs: Observation) -> None:
            hidden.on_turn(obs)
            if obs.phase == "ask" and not revealed():
                checks["ask"] += 1
                # whether the other has answered, and how, is not on screen beyond "answered"
                assert "announces" not in text_without_buttons(app)
                assert "Announce a Molodka" not in all_widget_text(app) or obs.seat == 0

        # up to and through the special-lead reveal of the first trick
        await play_until(pilot, app, picker(2, announce=True), lambda m: revealed(),
                         on_curtain=on_curtain, on_turn=on_turn)
        assert hidden.curtains >= 2 and checks["ask"] == 2
        assert "Ann announces a Molodka" in "\n".join(log_lines(match))
        # and the hand is played out by keys to the results, the other hand never showing
        await play_until(pilot, app, picker(3), game_over, on_curtain=on_curtain, on_turn=on_turn)
        assert hidden.turns >= 6
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_the_last_trick_is_face_down() -> None:
    """Bura allows no look back: once a taken trick is put away, `t` says it is face down instead
    of showing it (in the trick view and a notice), and nothing of it is on screen."""
    app = make_app("bura", "Ann,bot:random", seed=27, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        match = screen.match

        def tricks_taken(m) -> int:  # type: ignore[no-untyped-def]
            return sum(m.state.tricks)

        # a trick taken, and the next one led: the taken one has gone face down
        await play_until(pilot, app, picker(3), lambda m: tricks_taken(m) >= 1 and not m.state.last
                         and m.human_to_act() == 0 and not m.state.over)
        taken = list(match.state.won[0] + match.state.won[1])
        view = screen.query_one("TrickView")
        if view.showing_last:  # the held trick: put it away first
            await press(pilot, "t")
        await press(pilot, "t")
        shown = screen_text(app)
        assert "face down" in shown
        notices = [n.message for n in app._notifications]
        assert any("face down" in m for m in notices), notices
        from decktable.ui.glyphs import card_label

        for slug in (match.game.catalogue.slug(c) for c in taken):
            if slug not in {c for z in viewer_obs(app).zones if z.visible for c in z.cards}:
                assert card_label(slug, "french") not in text_without_buttons(app), slug


async def test_play_goes_on_without_drawing_once_the_stock_runs_out() -> None:
    """Two people who never claim play the stock out: the stock shows empty on screen, and the
    hands shrink trick by trick from then on, to the end of the hand."""
    app = make_app("bura", "Ann,Bea", seed=27, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        await play_until(pilot, app, picker(4), lambda m: not m.state.stock and m.human_to_act() is not None)
        stock = next(z for z in viewer_obs(app).zones if z.name == "stock")
        assert stock.count == 0 and not stock.cards
        sizes = [len(h) for h in match.state.hands]
        await play_until(pilot, app, picker(5), lambda m: m.state.over or max(len(h) for h in m.state.hands) < max(sizes))
        assert not match.state.stock
