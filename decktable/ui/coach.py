"""The table's coach: with the game's coach switched on (`C` at the table, remembered per game in
the preferences), each move a person makes with more than one legal move is judged by the strong
search from that person's own view (decktable/bots/coach.py), in a worker process of its own
(`coach_worker`: the bots' worker runs one job at a time and a bot's move would cancel the
judgement), so the table never waits for it and the bots never wait for the coach.

A move judged clearly worse than the search's pick becomes a *moment*: the remark in words, said
as a notification once the move's trick is over (no card of that person's lies in an unfinished
trick) and the person is not in the middle of a move (acting again with nobody else having moved
since), never while that choice is still open; in a solitaire, as soon as it is judged. At the
end of a hand and of the game the costliest moments (up to `KEY_MOMENTS`) are reviewed
(decktable/ui/screens/coach_review.py), each replayable from its position in a game where the
person plays alone or only with bots (`retry_match`).

Where several people take turns at one screen, each hiding cards from the others, a remark is
said only while its seat's own view is on screen (the better move may name a card still in that
hand), and the review waits for the end of the game. The coach is off in a lesson (its own coach
speaks there) and for a seat no person sits at.
"""

from __future__ import annotations

import atexit
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from decktable.bots.coach import Judgement
    from decktable.bots.worker import BotJob, BotWorker, Pending
    from decktable.session.match import Match

#: at most this many moments in a review of a hand or a game
KEY_MOMENTS = 3
#: how long a remark stays on screen (seconds)
REMARK_TIMEOUT = 12.0

_worker: BotWorker | None = None


def coach_worker() -> BotWorker:
    """The process-wide worker for the coach's judgements (started on first use, killed at
    exit), apart from the bots' one."""
    global _worker
    if _worker is None:
        from decktable.bots.worker import BotWorker

        _worker = BotWorker()
        atexit.register(close_coach_worker)
    _worker.start()
    return _worker


def close_coach_worker() -> None:
    global _worker
    if _worker is not None:
        w, _worker = _worker, None
        w.close()


@dataclass
class Moment:
    """A move the coach found clearly worse than another."""

    judgement: Judgement
    labels: dict[str, str]  # notation -> the buttons' words at that position
    hand: int  # the score sheet's rows when the move was made: which hand it belongs to
    said: bool = False  # the remark has been shown

    @property
    def at(self) -> int:
        return self.judgement.at

    def label(self, text: str) -> str:
        return self.labels.get(text, text)

    def remark(self) -> str:
        from decktable.bots.coach import remark

        return remark(self.judgement, self.label)


@dataclass
class _Ask:
    job: BotJob
    labels: dict[str, str]
    hand: int


@dataclass
class CoachDesk:
    """The coach of one table (`TableController.coach`)."""

    controller: Any
    queue: deque[_Ask] = field(default_factory=deque)
    running: tuple[Pending, _Ask] | None = None
    moments: list[Moment] = field(default_factory=list)
    #: the moments of hands already reviewed (their review went up once)
    reviewed_hands: set[int] = field(default_factory=set)
    judged: int = 0  # judgements received (tests, and the status)

    @property
    def match(self) -> Match:
        return self.controller.match

    @property
    def app(self) -> Any:
        return self.controller.app

    # -- the switch -----------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """The coach can sit at this table: a game played here (not a lesson, nor a seat at a
        table shared from another device, whose cards are on the host) with a person at it."""
        m = self.match
        return (getattr(m, "lesson", None) is None and hasattr(m, "state") and hasattr(m, "note_coached")
                and bool(m.humans))

    @property
    def on(self) -> bool:
        games = getattr(getattr(self.app, "prefs", None), "coach", None) or []
        return self.available and self.match.game.info.id in games

    def toggle(self) -> str:
        """Switch the coach for this game and remember it; the sentence to show."""
        if not self.available:
            if getattr(self.match, "lesson", None) is not None:
                return "The coach is not available here: a lesson has its own coach."
            return "The coach is not available here: the game is played on the host's device."
        game = self.match.game.info.id
        games = set(getattr(getattr(self.app, "prefs", None), "coach", None) or [])
        on = game not in games
        games.add(game) if on else games.discard(game)
        remember = getattr(self.app, "remember", None)
        if callable(remember):
            remember(coach=sorted(games))
        elif getattr(self.app, "prefs", None) is not None:
            self.app.prefs.coach = sorted(games)
        name = self.match.game.info.name
        if not on:
            self.stop()
            self.moments = [mo for mo in self.moments if mo.said]  # nothing more is said
            return f"Coach off for {name}."
        return (f"Coach on for {name}: after each of your moves the strong search looks at it from your "
                f"view, and says so {self._when()} where another move was clearly better.")

    def _when(self) -> str:
        """When a remark is said at this table, in words (`due`): a game without tricks has no
        "once the trick is over" (Jacynth said it)."""
        m = self.match
        if m.solo:
            return "as soon as it has judged the move"
        seat = next(iter(m.humans), None)
        if seat is not None and m.observe(seat).trick is None:
            return "once your turn is over"
        return "once the trick is over"

    # -- asking -----------------------------------------------------------------------------------

    def before_move(self, seat: int, action: Any) -> _Ask | None:
        """What the judge needs of the position before `seat` makes `action`, when the coach is
        on and the move is a choice (None otherwise): the seat's view re-dealt (never the real
        state) and the moves' words."""
        m = self.match
        if not self.on or seat not in m.humans or seat not in m.to_act():
            return None
        legal = m.game.legal_actions(m.state, seat)
        if len(legal) < 2:
            return None
        from decktable.bots.worker import BotJob
        from decktable.engine.rng import Rng

        text = str(m.game.parse(action) if isinstance(action, str) else action)
        # a generator of the coach's own: judging never changes what the bots will do
        rng = Rng((m.seed or 0) ^ 0xC0AC ^ (len(m.steps) << 20) ^ seat)
        job = BotJob(game=m.game.info.id, state=m.game.determinize(m.state, seat, rng), seat=seat, level="strong",
                     seed=int(rng.random() * 2**53), at=len(m.steps), memory=dict(m.memories.get(seat, {})),
                     judge=text, budget=getattr(self.app, "coach_budget", None))
        obs = m.observe(seat)
        labels = {a.text: a.label for a in obs.legal}
        return _Ask(job, labels, len(obs.score_sheet))

    def after_move(self, ask: _Ask | None) -> None:
        """The move was made: its judgement is queued (one at a time in the coach's worker)."""
        if ask is None:
            return
        self.match.note_coached()
        self.queue.append(ask)
        self._next()

    def _next(self) -> None:
        if self.running is not None or not self.queue:
            return
        ask = self.queue.popleft()
        try:
            pending = coach_worker().submit(ask.job)
        except Exception as exc:  # noqa: BLE001 - no worker: the coach says so once and rests
            self.queue.clear()
            self.app.notify(f"The coach could not start its search ({exc}).", severity="warning", markup=False)
            return
        self.running = (pending, ask)
        self.controller.start_polling()

    @property
    def busy(self) -> bool:
        """A judgement is being made or waits, or a remark waits for its trick to end."""
        return self.running is not None or bool(self.queue) or any(not mo.said for mo in self.moments)

    @property
    def thinking(self) -> bool:
        return self.running is not None or bool(self.queue)

    # -- answers ----------------------------------------------------------------------------------

    def poll(self) -> None:
        """From the controller's timer: take a finished judgement, start the next, and say the
        remarks whose time has come."""
        if self.running is not None and self.running[0].done():
            pending, ask = self.running
            self.running = None
            try:
                answer = pending.result(0)
            except (RuntimeError, TimeoutError):
                answer = None  # a failed judgement is dropped: the game goes on
            if answer is not None:
                self._take(answer, ask)
            self._next()
        self.say_due()

    def _take(self, answer: str, ask: _Ask) -> None:
        from decktable.bots.coach import Judgement

        try:
            j = Judgement.model_validate_json(answer)
        except ValueError:
            return
        self.judged += 1
        if j.flagged and self._still_made(j):
            self.moments.append(Moment(j, ask.labels, ask.hand))

    def _still_made(self, j: Judgement) -> bool:
        """The judged move is still in the log (no undo took it back)."""
        steps = self.match.steps
        return j.at < len(steps) and steps[j.at].entry.action == j.action and steps[j.at].entry.seat == j.seat

    def due(self, mo: Moment) -> bool:
        """The remark on `mo` may be said now (see the module's note)."""
        m = self.match
        seat = mo.judgement.seat
        if self.shared_screen and m.viewer != seat:
            return False  # another person may be at the keyboard: said on the seat's own view
        if not m.solo:
            obs = m.observe(seat)
            if obs.trick is not None and any(p.seat == seat for p in obs.trick.plays):
                return False  # the person's card lies in a trick still being played
            later = [s.entry.seat for s in m.steps[mo.at:]]
            if seat in m.to_act() and all(s == seat for s in later):
                return False  # still making the move (a marriage shown, the lead to come)
        return True

    def say_due(self) -> None:
        self.moments = [mo for mo in self.moments if self._still_made(mo.judgement)]
        for mo in self.moments:
            if not mo.said and self.due(mo):
                mo.said = True
                self.app.notify(mo.remark(), timeout=REMARK_TIMEOUT, markup=False)  # "Coach: ..."

    def undone(self) -> None:
        """An undo: judgements of moves taken back are dropped (queued ones, and moments)."""
        if not self.available:
            return
        n = len(self.match.steps)
        self.queue = deque(a for a in self.queue if a.job.at < n)
        if self.running is not None and self.running[1].job.at >= n:
            self.running[0].cancel()
            self.running = None
            self._next()
        self.moments = [mo for mo in self.moments if self._still_made(mo.judgement)]

    def stop(self) -> None:
        """The table goes away (or the coach is switched off): nothing more is judged."""
        self.queue.clear()
        if self.running is not None:
            self.running[0].cancel()
            self.running = None

    # -- reviews ----------------------------------------------------------------------------------

    def key_moments(self, hand: int | None = None) -> list[Moment]:
        """The costliest moments, of one hand (`hand`: the score sheet's rows when it began) or
        of the whole game, at most KEY_MOMENTS, in the order they were played."""
        if not self.available:
            return []
        pool = [mo for mo in self.moments if self._still_made(mo.judgement) and (hand is None or mo.hand == hand)]
        worst = sorted(pool, key=lambda mo: -mo.judgement.cost)[:KEY_MOMENTS]
        return sorted(worst, key=lambda mo: mo.at)

    @property
    def shared_screen(self) -> bool:
        """Several people take turns at this screen and each hides cards from the others."""
        return len(self.match.humans) > 1 and self.match.private_views()

    @property
    def can_retry(self) -> bool:
        """"Try again from here" is offered where the person plays alone or only with bots: a
        table with other people gets the review only."""
        return len(self.match.humans) == 1

    def review(self, hand: int | None, then: Callable[[], None]) -> bool:
        """Put the review of a hand (or, `hand` None, of the game) up, when it has moments;
        `then` runs once it closes (unless a retry starts a new table). True when it went up."""
        if not self.on:
            return False  # switched off since: no review
        if hand is not None:
            if hand in self.reviewed_hands or self.shared_screen:
                return False  # people sharing the screen: the review waits for the game's end
            self.reviewed_hands.add(hand)
        moments = self.key_moments(hand)
        if not moments:
            return False
        from decktable.ui.screens.coach_review import CoachReviewScreen

        still = self.thinking
        screen = CoachReviewScreen(self.match.game.info.name, moments, whole_game=hand is None,
                                   can_retry=self.can_retry, still_judging=still)

        def closed(choice: int | None = None) -> None:
            if choice is not None and self.can_retry:
                start = getattr(self.app, "start_match", None)
                if callable(start):
                    self.controller.stop()
                    start(retry_match(self.match, moments[choice].at))
                    return
            then()

        self.app.push_screen(screen, closed)
        return True


def retry_match(match: Match, at: int) -> Match:
    """A new match from the position before step `at` of `match`: the save's journal cut after its
    first `at` moves, read back as any save is (same game, seats, options, seed and deck), under a
    new match id and a save of its own, recorded in the history like any game."""
    from decktable.session.match import Match as MatchClass
    from decktable.store import history
    from decktable.store.saves import id_of_save, new_match_id, new_save_path

    save = match.to_save()
    save.actions = save.actions[:at]
    save.hints = 0
    save.coached = False
    path = new_save_path(match.save_path.parent) if match.save_path is not None else None
    save.match = id_of_save(path) or new_match_id()  # one id for the match and its save file
    return MatchClass.from_save(save, save_path=path, on_finish=match.on_finish or history.record)
