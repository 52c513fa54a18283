"""Bots at the table (issue 9): a search bot thinks in the worker process while the table keeps
answering keys; the seat is marked as thinking; undo and leaving the table cancel its move; the
hint key (`H`) in a trick game, a board game and a solitaire; seat levels in the setup screen."""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import SIZE, make_app, screen_text, settle, table, viewer_obs  # noqa: E402
from textual.widgets import Button  # noqa: E402

from decktable.ui.widgets.card_strip import CardStrip  # noqa: E402
from decktable.ui.widgets.grid_view import GridView  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402
from decktable.ui.widgets.seats_panel import SeatsPanel  # noqa: E402

#: nonesuch, seed 2: Ann (seat 0) bids first, then the strong bot in seat 1
STRONG = "Ann,bot:strong,bot:random,bot:random"


def frame(app) -> list[tuple[str, str]]:
    """What is on the terminal, with styles (a cursor is a style, not text)."""
    return [(seg.text, str(seg.style)) for strip in app.screen._compositor.render_strips() for seg in strip]


async def wait_for(pilot, cond, limit: float = 15.0, step: float = 0.05) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        await pilot.pause(step)


async def bid_and_let_the_strong_bot_think(pilot, app) -> None:
    await wait_for(pilot, lambda: isinstance(app.focused, Button) and viewer_obs(app).legal)
    await pilot.press("enter")  # Ann bids SOME (the first button)
    ctl = table(app).controller
    await wait_for(pilot, lambda: ctl.thinking == 1)


#: the worker's search in the test below: an iteration count no machine reaches in the time, so
#: it searches for exactly this long (no early stop: the leader can never be out of reach)
LONG_SEARCH = 5.0
#: keys pressed while it searches: well inside the time even on a slow, loaded machine
KEYS = 5


async def test_a_strong_bots_move_arrives_while_the_table_answers_keys(monkeypatch) -> None:
    """Emu Ranchers, seed 2: the strong bot (seat 1) moves first, its search held to
    `LONG_SEARCH` seconds whatever the machine (the level's own search settles this decision in
    under half a second, which raced the keys below on a slow machine: CI pressed none in time);
    meanwhile cursor moves in Ann's hand are answered and drawn at once, and then its move
    arrives."""
    from decktable.bots.search import LEVELS
    from decktable.session.match import Match

    made = Match.bot_job

    def long_job(self, seat):
        job = made(self, seat)
        job.budget = dataclasses.replace(LEVELS["strong"], iterations=10**9, seconds=LONG_SEARCH)
        return job

    monkeypatch.setattr(Match, "bot_job", long_job)
    app = make_app("emu_ranchers", "Ann,bot:strong", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        match, ctl = screen.match, screen.controller
        await wait_for(pilot, lambda: ctl.thinking == 1)
        started = time.monotonic()
        pending = ctl._pending
        assert pending is not None and len(match.log) == 0
        hand = next(s for s in screen.query(CardStrip) if s.display and s.cards)
        hand.focus()
        await pilot.pause()
        assert "thinking" in screen_text(app)  # the seat mark and the status line
        assert screen.query_one(SeatsPanel).thinking == 1
        answered = []
        for i in range(KEYS):
            before, frame_before = hand.cursor, frame(app)
            t0 = time.monotonic()
            await pilot.press("right" if i % 2 == 0 else "left")
            await pilot.pause()
            answered.append(time.monotonic() - t0)
            assert hand.cursor != before and frame(app) != frame_before  # drawn at once
        # every key was answered while the worker searched: the move had not come
        assert not pending.finished and len(match.log) == 0, time.monotonic() - started
        assert max(answered) < 0.5, answered
        await wait_for(pilot, lambda: len(match.log) >= 1 and ctl.thinking is None)
        assert match.log[0].seat == 1  # the strong bot's move arrived
        await settle(pilot)
        assert "thinking" not in screen_text(app)


async def test_undo_during_a_bots_turn_cancels_its_move() -> None:
    app = make_app("nonesuch", STRONG, seed=2)
    app.bot_delay = 1.5  # the pace: the bot's move cannot land before the key below
    async with app.run_test(size=SIZE) as pilot:
        await bid_and_let_the_strong_bot_think(pilot, app)
        screen = table(app)
        match, ctl = screen.match, screen.controller
        pending = ctl._pending
        await pilot.press("u")
        await settle(pilot)
        assert len(match.log) == 0 and ctl.thinking is None and not ctl.busy
        assert pending is not None and pending.done() and pending.result(0) is None
        assert match.to_act() == (0,) and viewer_obs(app).phase == "bid"
        await pilot.pause(2.0)  # longer than the strong bot thinks and the pace: its answer never lands
        assert len(match.log) == 0
        assert any("took back" in str(n.message) for n in app._notifications)


async def test_leaving_the_table_during_a_bots_turn_cancels_it() -> None:
    from decktable.ui.screens.lobby import LobbyScreen

    app = make_app("nonesuch", STRONG, seed=2)
    app.bot_delay = 1.5  # the pace: the bot's move cannot land before the key below
    async with app.run_test(size=SIZE) as pilot:
        await bid_and_let_the_strong_bot_think(pilot, app)
        screen = table(app)
        match, ctl = screen.match, screen.controller
        pending = ctl._pending
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert pending is not None and pending.done() and pending.result(0) is None
        assert ctl.thinking is None and not ctl.busy
        await pilot.pause(2.0)
        assert len(match.log) == 1  # only Ann's bid: the bot's move was dropped


async def ask_hint(pilot, app):
    screen = table(app)
    await pilot.press("H")
    await wait_for(pilot, lambda: screen.controller.hint is not None and not screen.controller.hinting)
    await settle(pilot)
    return screen.controller.hint


async def first_hint(pilot, app):
    """Ann's hint at the first decision she can make: (the table, what she sees, the log's
    length before it, the hint)."""
    screen = table(app)
    await wait_for(pilot, lambda: bool(viewer_obs(app).legal))
    obs = viewer_obs(app)
    steps = len(screen.match.log)
    return screen, obs, steps, await ask_hint(pilot, app)


async def test_hint_key_in_a_trick_game() -> None:
    app = make_app("nonesuch", "Ann,bot:random,bot:random,bot:random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.focused, Button) and viewer_obs(app).legal)
        obs = viewer_obs(app)
        steps = len(table(app).match.log)
        hint = await ask_hint(pilot, app)
        view = next(a for a in obs.legal if a.text == hint.action)
        assert hint.seat == 0 and hint.answer.value is not None and hint.answer.iterations > 0
        assert isinstance(app.focused, Button) and str(app.focused.label) == view.label  # highlighted
        assert f"Hint: {view.label}." in screen_text(app) and "trials" in screen_text(app)
        assert len(table(app).match.log) == steps  # a hint plays nothing
        await pilot.press("enter")  # the hinted bid, as highlighted
        await settle(pilot)
        assert table(app).match.log[steps].action == hint.action
        assert table(app).controller.current_hint() is None  # the position moved on


async def test_hint_key_in_a_board_game() -> None:
    app = make_app("jacynth", "Ann,bot:random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        await wait_for(pilot, lambda: bool(viewer_obs(app).legal))
        obs = viewer_obs(app)
        hint = await ask_hint(pilot, app)
        view = next(a for a in obs.legal if a.text == hint.action)
        assert view.card is not None
        focused = app.focused
        assert isinstance(focused, CardStrip) and focused.current == view.card
        if view.cell is not None:
            assert screen.query_one(GridView).cell == view.cell
        assert "Hint:" in screen_text(app)


@pytest.mark.parametrize("chosen", ["hinted", "other"])
async def test_hint_key_halfway_through_a_placement(chosen: str) -> None:
    """Jacynth, a card chosen and its cell not yet: `H` showed no hint (the status kept asking
    for the cell) and sent the cursor back to the hand, so H then Enter chose the card again.
    Now the hint shows, and Enter then Enter (or Enter alone) makes the hinted move."""
    app = make_app("jacynth", "Ann,bot:random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen, obs, steps, hint = await first_hint(pilot, app)  # the card the search would play
        view = next(a for a in obs.legal if a.text == hint.action)
        cards = [c for c in screen.query_one(HandView).cards if any(a.card == c for a in obs.legal)]
        pick = view.card if chosen == "hinted" else next(c for c in cards if c != view.card)
        hand = screen.query_one(HandView)
        screen.set_focus(hand)
        hand.focus_card(pick)
        await pilot.press("enter")  # the card is chosen: the table asks for its cell
        await settle(pilot)
        assert screen.pending == pick
        again = await ask_hint(pilot, app)
        assert again.action == hint.action  # the same position, the same seeded search
        assert f"Hint: {view.label}" in screen_text(app)
        if chosen == "hinted":
            assert screen.pending == pick and isinstance(app.focused, GridView)
            assert app.focused.cell == view.cell
            await pilot.press("enter")
        else:  # the half-made move is given up for the hinted one, as Esc would
            assert screen.pending is None
            assert isinstance(app.focused, CardStrip) and app.focused.current == view.card
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.focused, GridView) and app.focused.cell == view.cell
            await pilot.press("enter")
        await settle(pilot)
        assert screen.match.log[steps].action == hint.action


def side_text(app) -> str:
    """The side panel's text as drawn, its wrapped lines joined: the cells between its left
    border and its last column, which holds the scrollbar when the column scrolls (at 80x24 the
    scrollbar's thumb, `▅`, was read into the middle of the hint's line)."""
    region = table(app).query_one("#table-side").region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    return " ".join(" ".join(row[region.x + 1:region.right - 1] for row in rows).split())


@pytest.mark.parametrize("size", [(80, 24), SIZE])
async def test_a_hinted_play_of_several_cards_is_marked_and_enter_makes_it(size: tuple[int, int],
                                                                        monkeypatch) -> None:
    """Chicago, seed 5, Ann's first draw: the hint is a discard of several cards. They are
    marked (the cursor on the first) and the status says so after the hint's line; a mark
    changed gives the marks' own line; asked again, the hint gives up marks made for another
    move and marks its own; Enter then makes the hinted discard. The hint's search is held to
    the strong level's iterations without its one-second cap, so that no machine's speed can
    change the move (the best two discards here are rated within a point)."""
    from decktable.bots import worker
    from decktable.bots.search import LEVELS
    from decktable.ui.screens.marked_plays import action_cards

    sent = worker.BotWorker.submit

    def held(self, job):
        if job.explain:  # a hint's job; the bots' own are left as they are
            job.budget = dataclasses.replace(LEVELS["strong"], seconds=None)
        return sent(self, job)

    monkeypatch.setattr(worker.BotWorker, "submit", held)
    app = make_app("chicago", "Ann,bot:random", seed=5)
    async with app.run_test(size=size) as pilot:
        screen, obs, steps, hint = await first_hint(pilot, app)
        cards = action_cards(next(a for a in obs.legal if a.text == hint.action))
        assert len(cards) > 1, hint.action  # this position's best move is a discard of several
        hand = next(s for s in screen.query(CardStrip) if s.display and s.multi)
        assert hand.picked == cards and app.focused is hand and hand.current == cards[0]
        assert "Hint: Discard" in side_text(app) and "Its cards are marked: Enter makes it." in side_text(app)
        await pilot.press("space")  # the first hinted card unmarked: the marks speak for themselves
        await settle(pilot)
        assert hand.picked == cards[1:]
        assert "Marked " in side_text(app) and "Its cards are marked" not in side_text(app)
        other = next(i for i, c in enumerate(hand.cards) if c not in cards)
        hand.action_move_to(other)
        await pilot.press("space")  # and a card the hint leaves marked instead
        await settle(pilot)
        assert set(hand.picked) == {*cards[1:], hand.cards[other]}
        again = await ask_hint(pilot, app)  # the same position: the same hint, at once
        assert again.action == hint.action
        assert hand.picked == cards and "Its cards are marked: Enter makes it." in side_text(app)
        assert len(screen.match.log) == steps  # a hint plays nothing
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.log[steps].action == hint.action


@pytest.mark.parametrize("size", [(80, 24), SIZE])
async def test_hint_key_for_a_signal_gives_the_convention(size: tuple[int, int]) -> None:
    """Envite, Ann (seat 2) signals to her captain, a bot: the hint is the true signal for her
    hand (2 of Spades, Queen and 2 of Hearts, Clubs trumps: nothing worth a sign), with the
    convention as its reason instead of a rating, whole on the screen at either size."""
    app = make_app("envite", "bot:random,bot:random,Ann,bot:random", seed=4,
                   options={"captain_a": 0, "captain_b": 1})
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: bool(viewer_obs(app).legal) and viewer_obs(app).phase == "signal")
        hint = await ask_hint(pilot, app)
        assert hint.action == "signal nothing" and hint.answer.why and hint.answer.value is None
        assert isinstance(app.focused, Button) and str(app.focused.label) == "Signal: nothing worth a sign"
        text = side_text(app)
        assert "Hint: Signal: nothing worth a sign. Bots signal truly what they hold, and a bot captain plays" in text
        assert "on it." in text and "trials" not in text


async def test_hint_key_in_a_solitaire_marks_the_game() -> None:
    from decktable.store import history

    app = make_app("adaman", "Ann", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: bool(viewer_obs(app).legal))
        obs = viewer_obs(app)
        hint = await ask_hint(pilot, app)
        assert hint.action in {a.text for a in obs.legal}
        view = next(a for a in obs.legal if a.text == hint.action)
        if view.card is not None:
            assert isinstance(app.focused, CardStrip) and app.focused.current == view.card
        match = table(app).match
        assert match.hints == 1
    # the history keeps it: a hinted game is marked in the statistics
    history.add("adaman", [{"name": "Ann", "kind": "human"}], [3], [1], won=[True], match_id="h1",
                hints=match.hints)
    history.add("adaman", [{"name": "Ann", "kind": "human"}], [5], [1], won=[True], match_id="h2")
    st = history.stats()["adaman"]
    assert st.played == 2 and st.hinted == 1
    assert [r.hints for r in history.recent(2)] == [0, 1]


async def test_seat_levels_in_setup_and_the_seats_panel() -> None:
    from textual.widgets import Select

    from decktable.ui.app import DeckTableApp

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.open_setup("nonesuch")  # type: ignore[attr-defined]
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#kind-1", Select).value == "bot:medium"  # plain "bot" is medium
        setup.query_one("#kind-1", Select).value = "bot:strong"
        setup.query_one("#kind-2", Select).value = "bot:easy"
        await pilot.pause()
        seats = setup.seats()
        assert [(s.kind, s.level) for s in seats[:3]] == [("human", "random"), ("bot", "strong"),
                                                          ("bot", "easy")]
        setup.remember_seats(seats)  # what Start does: the levels are kept for next time
    from decktable.store import prefs

    saved, _ = prefs.load()
    assert [(s.kind, s.level) for s in saved.seats["nonesuch"][:3]] == [("human", ""), ("bot", "strong"),
                                                                       ("bot", "easy")]
    app = make_app("nonesuch", "Ann,bot:strong,bot:easy,bot:random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "strong" in text and "easy" in text
