"""TableController without a screen: the turn loop against a fake view, search bots in the worker
process (never on this thread), their pace, cancelling on undo and on leaving, and hints."""

from __future__ import annotations

import time
from typing import Any, Callable

from decktable.session.match import Match, parse_seats
from decktable.ui.controller import Hint, TableController


class FakeTimer:
    def __init__(self, owner: FakeView, delay: float, callback: Callable[[], Any], repeat: bool) -> None:
        self.owner, self.delay, self.callback, self.repeat = owner, delay, callback, repeat
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class FakeApp:
    def __init__(self, bot_delay: float = 0.0, bots_inline: bool = False) -> None:
        self.bot_delay = bot_delay
        self.bots_inline = bots_inline
        self.notes: list[str] = []
        self.screens: list[tuple[Any, Any]] = []

    def notify(self, message: str, **_kw: Any) -> None:
        self.notes.append(message)

    def push_screen(self, screen: Any, callback: Any = None) -> None:
        self.screens.append((screen, callback))

    def clear_notifications(self) -> None:
        pass


class FakeView:
    """What the controller needs of a TableScreen; timers are run by `run` below."""

    def __init__(self, app: FakeApp, match: Match) -> None:
        self.app = app
        self.match = match
        self.obs = None
        self.pending = None
        self.is_attached = True
        self.timers: list[FakeTimer] = []
        self.redraws = 0
        self.hints: list[Hint] = []
        self.left = False

    @property
    def seat(self) -> int | None:
        return self.match.viewer if self.match.viewer is not None else self.match.human_to_act()

    def redraw(self) -> None:
        self.redraws += 1
        self.obs = self.match.observe()

    def redraw_hint(self) -> None:
        pass

    def put_trick_away(self) -> None:
        pass

    def show_hint(self, hint: Hint) -> None:
        self.hints.append(hint)

    def go_to_lobby(self) -> None:
        self.left = True

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> FakeTimer:
        t = FakeTimer(self, delay, callback, False)
        self.timers.append(t)
        return t

    def set_interval(self, delay: float, callback: Callable[[], Any]) -> FakeTimer:
        t = FakeTimer(self, delay, callback, True)
        self.timers.append(t)
        return t


def run(view: FakeView, until: Callable[[], bool], limit: float = 20.0) -> None:
    """Fire the live timers (the pace timers at once, the poll as a loop would) until `until`."""
    end = time.monotonic() + limit
    while not until():
        assert time.monotonic() < end, "the controller did not get there in time"
        live = [t for t in view.timers if not t.stopped]
        view.timers = live
        if not live:
            raise AssertionError("nothing is running and the condition is not met")
        for t in list(live):
            if t.stopped:
                continue
            if not t.repeat:
                t.stopped = True
            t.callback()
        time.sleep(0.01)


def make(seats: str, game: str = "nonesuch", seed: int = 2, **app_kw: Any) -> tuple[TableController, FakeView]:
    m = Match(game, parse_seats(seats), seed=seed)
    view = FakeView(FakeApp(**app_kw), m)
    return TableController(view, m), view


def test_random_bots_play_in_process_at_once() -> None:
    ctl, view = make("Ann,bot:random,bot:random,bot:random")
    ctl.advance()
    assert ctl.match.human_to_act() == 0 and not ctl.busy and ctl.thinking is None
    assert not view.timers  # no timer, no worker: random bots moved at once


def test_a_search_bot_thinks_in_the_worker_and_its_move_is_played() -> None:
    ctl, view = make("bot:easy,Ann,bot:random,bot:random", bot_delay=0.0)
    m = ctl.match
    ctl.advance()
    assert ctl.thinking == 0 and ctl.busy and len(m.steps) == 0  # nothing played on this thread
    assert "Bot 1 is thinking" in ctl.status_line()
    run(view, lambda: m.human_to_act() == 1 and not ctl.busy)
    assert m.steps and m.steps[0].entry.seat == 0 and ctl.thinking is None


def test_the_pace_holds_a_quick_answer_back() -> None:
    ctl, view = make("bot:easy,Ann,bot:random,bot:random", bot_delay=0.4)
    m = ctl.match
    ctl.advance()
    assert ctl.thinking == 0  # seed 2: seat 0 (the bot) acts first
    start = time.monotonic()
    run(view, lambda: len(m.steps) >= 1)
    assert time.monotonic() - start >= 0.35


def test_undo_during_a_bots_turn_cancels_it() -> None:
    ctl, view = make("Ann,bot:strong,bot:random,bot:random", bot_delay=0.0)
    m = ctl.match
    ctl.advance()
    seat = m.human_to_act()
    assert seat == 0
    action = m.game.legal_actions(m.state, 0)[0]
    ctl.act(0, action)
    ctl.advance()
    run(view, lambda: ctl.thinking == 1)
    assert len(m.steps) == 1
    sentence = ctl.undo(0)
    assert "took back" in sentence and ctl.thinking is None and not ctl.busy and len(m.steps) == 0
    ctl.advance()
    assert m.human_to_act() == 0 and len(m.steps) == 0  # back to Ann; no late bot move came in
    time.sleep(0.3)
    for t in view.timers:
        if not t.stopped:
            t.callback()
    assert len(m.steps) == 0


def test_leaving_the_table_cancels_a_thinking_bot() -> None:
    ctl, view = make("Ann,bot:strong,bot:random,bot:random", bot_delay=0.0)
    m = ctl.match
    ctl.advance()
    ctl.act(0, m.game.legal_actions(m.state, 0)[0])
    ctl.advance()
    run(view, lambda: ctl.thinking == 1)
    pending = ctl._pending
    ctl.stop()
    assert pending is not None and pending.done() and pending.result(0) is None
    assert not ctl.busy and all(t.stopped for t in view.timers)
    assert len(m.steps) == 1


def test_a_hint_is_the_strong_search_for_the_human_and_changes_nothing() -> None:
    ctl, view = make("Ann,bot:random,bot:random,bot:random")
    m = ctl.match
    ctl.advance()
    before = m.state.snapshot()
    bot_rng = m._bot_rng.random  # the bots' generator must not move
    state_of_rng = m._bot_rng._r.getstate()
    assert ctl.ask_hint(0) is None
    assert ctl.hinting and "hint" in ctl.status_line().lower()
    run(view, lambda: bool(view.hints))
    hint = view.hints[-1]
    assert hint.seat == 0 and hint.at == 0 and hint.answer.action == hint.action
    assert hint.action in {str(a) for a in m.game.legal_actions(m.state, 0)}
    assert m.state.snapshot() == before and m._bot_rng._r.getstate() == state_of_rng
    assert m.hints == 1 and callable(bot_rng)
    assert ctl.ask_hint(0) is None and view.hints[-1] == hint  # the same position: no new search
    assert ctl.ask_hint(1) == "A hint is for your own turn."


def test_a_hint_in_circle_search_carries_the_seats_memory() -> None:
    """The hint's search is given what Ann's seat was shown (a card turned up earlier), as a bot
    at that seat would remember it, and nothing of Bea's."""
    ctl, view = make("Ann,Bea", game="circle_search", seed=3)
    m = ctl.match
    ctl.advance()
    ctl.act(0, m.game.legal_actions(m.state, 0)[0])
    ctl.act(0, "done")
    ctl.advance()
    seat = m.human_to_act()
    assert seat is not None and ctl.ask_hint(seat) is None
    job = ctl._hint_job[1]
    assert job.memory == m.memories[seat] and job.memory["ring"]
    run(view, lambda: bool(view.hints))
    assert view.hints[-1].seat == seat
