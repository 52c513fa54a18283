"""TableController: drives a Match for a table screen — whose turn, bots, the hand-off curtain,
hand summaries, results and hints. The screen draws and takes input; the controller decides.

The loop (`advance`), after mounting and after every action: if the game is over, the results
go up; if a hand was just scored, its summary goes up and waits for a person; else bots act one
at a time, then the human to act gets the table. If the Match says a hand-off curtain is needed,
the table is first redrawn as a spectator sees it (no hand of anyone on screen), the curtain goes
up, and only when the named player presses Enter is that player's view drawn.

Bots never think on the UI loop. A search bot's move is a job for the worker process
(decktable/bots/worker.py): the controller submits it and polls `Pending.done()` from a timer,
so keys keep being answered while it runs. The move is played once both the job is answered and
the bot pace (`app.bot_delay`) has passed since the bot's turn began, so a quick bot's move stays
readable. The pace is one deadline on the controller's clock (`clock`, read by the same poll for
a bot in the worker, a bot in this process and a curtain waiting), so nothing applies a move
before it, whoever moves.

A trick just completed stays on the table TRICK_HOLD seconds at least, whoever completed it and
whoever leads next: a bot's lead waits for it, and so do a curtain (the acting human sees the
trick finished, on a spectator's table, before the keyboard passes on) and a hand's summary. A key (`t`, putting the
trick away: `release`) ends the wait at once. In the same way, the public outcome of a move
(`Observation.outcome`, e.g. Toepen's challenge turned up) is shown to the table before a
curtain, until a key. While the job runs the seat is marked
"thinking" (seats panel and status line). Undo, quit and leaving the table cancel it
(`cancel_bot`); an answer for a match that has moved on is dropped (`Match.finish_bot_job`).
Random bots are cheap and play in-process; so do all bots when the app's `bots_inline` is set
(a switch for tests that want bot moves at once and in order, never for play).

A hint (`ask_hint`) is a `strong` search for the human seat to act, from that seat's view only
(a determinization for that seat, drawn with a generator of its own so that asking does not
change what the bots will do), also in the worker. Its answer (`HintAnswer`: the move, what
follows from it whatever the unseen cards are, its rating and the next best) is shown by the
screen (`show_hint`) as one sentence (`decktable/bots/hints.py`). In a solitaire the match counts its hints (`Match.hints`),
and the history records it.

The coach (`coach`, decktable/ui/coach.py), when switched on for the game, judges each of the
person's moves in a worker of its own, says a remark once the move's trick is over, and puts the
key moments up after a hand's summary and before the results.

`sheet_seen` is how many rows of the score sheet have had their summary on screen; `summary_due`
says a hand has been scored whose summary is still to come (the lesson table waits for it).
"""

from __future__ import annotations

import atexit
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from decktable.engine.errors import DeckTableError

if TYPE_CHECKING:
    from decktable.bots.hints import HintAnswer
    from decktable.bots.worker import BotJob, BotWorker, Pending
    from decktable.session.match import Match

#: the level a hint thinks at
HINT_LEVEL = "strong"
#: how often a running job is looked at (seconds): a pipe poll, nothing more
POLL = 0.03

_worker: BotWorker | None = None


def bot_worker() -> BotWorker:
    """The process-wide worker for bot searches (started on first use, killed at exit: a
    worker that stopped answering must not hold the exit up)."""
    global _worker
    if _worker is None:
        from decktable.bots.worker import BotWorker

        _worker = BotWorker()
        atexit.register(close_worker)
    _worker.start()
    return _worker


def close_worker() -> None:
    global _worker
    if _worker is not None:
        w, _worker = _worker, None
        w.close()


@dataclass
class Hint:
    """The strong search's move for `seat` at step `at`, with what can be said of it."""

    seat: int
    action: str  # notation
    answer: HintAnswer  # what follows from the move, its rating and the next best
    at: int

    def sentence(self, label: Callable[[str], str]) -> str:
        """The hint in words; `label` names a move by its notation."""
        from decktable.bots.hints import sentence

        return sentence(self.answer, label)


class TableController:
    """Drives one Match for one table screen (`view`: a TableScreen)."""

    #: a trick just finished stays this long at least before a bot leads the next one (seconds).
    #: Counted from the move, before its frame is drawn: in Chromium on a loaded machine the
    #: drawing took up to 0.07 s of a 1.5 s hold (1.43 s seen), so the hold is 1.6 s and what
    #: a player sees is 1.5 s at least
    TRICK_HOLD = 1.6
    #: whether this table offers undo at all (a shared table does not: its footer drops `u`)
    offers_undo = True

    def __init__(self, view: Any, match: Match) -> None:
        self.view = view
        self.match = match
        self.curtain_up = False
        self.results_shown = False
        self.summary_up = False
        #: what runs once the pace has passed (an in-process bot's move, a curtain held back)
        self._waiting: Optional[Callable[[], None]] = None
        self._held_trick: tuple[tuple[int, str], ...] | None = None  # the last trick held on the table
        self._outcome_shown = ""  # the last public outcome shown before a curtain
        #: the time the pace is read on (monotonic seconds; a test may turn it by hand)
        self.clock: Callable[[], float] = time.monotonic
        #: rows of the score sheet already summed up on screen (a hand's summary went up for
        #: each); fewer than the sheet holds while a hand's summary is still to come
        self.sheet_seen = len(match.observe().score_sheet)
        self._summary_step = len(match.log)  # the log's length at the last hand summary
        #: the bot seat whose move the worker is computing, if any
        self.thinking: int | None = None
        self._job: BotJob | None = None
        self._pending: Pending | None = None
        self._ready_at = 0.0  # the pace: nothing waiting is done before this (on `clock`)
        self._poll_timer: Any = None
        #: a hint being computed: (pending, job); and the last hint given
        self._hint_job: tuple[Pending, BotJob] | None = None
        self.hint: Hint | None = None
        from decktable.ui.coach import CoachDesk

        #: the coach: judges the person's moves when switched on for the game (decktable/ui/coach.py)
        self.coach = CoachDesk(self)
        self._coach_deadline: float | None = None  # the results wait for the coach until then

    # -- what the screen reads ------------------------------------------------------------------

    @property
    def app(self) -> Any:
        return self.view.app

    @property
    def bot_delay(self) -> float:
        return float(getattr(self.app, "bot_delay", 0.5))

    @property
    def busy(self) -> bool:
        """A bot move is under way (thinking in the worker, or waiting for its pace), or a
        finished trick is held before a curtain."""
        return self._waiting is not None or self._pending is not None

    @property
    def holding(self) -> bool:
        """Something waits for the pace (a bot's move, a curtain): a key may release it."""
        return self.busy and self.clock() < self._ready_at

    def release(self) -> None:
        """A key at the table (`t` putting a held trick away): the pace ends now; a bot's move
        still waits for its answer."""
        if self.busy:
            self._ready_at = 0.0
            self._poll()

    @property
    def hinting(self) -> bool:
        return self._hint_job is not None

    def status_line(self) -> str:
        """A line for the status panel while something runs in the background, else ''."""
        if self.thinking is not None:
            return f"{self.match.seats[self.thinking].name} is thinking…"
        if self._hint_job is not None:
            return "Looking for a hint…"
        return ""

    def summary_due(self) -> bool:
        """A hand has been scored whose summary has not been on screen yet."""
        return len(self.match.observe().score_sheet) > self.sheet_seen

    def in_process(self, seat: int) -> bool:
        """Whether the bot at `seat` decides on this process (random bots; tests' inline mode)."""
        return self.match.seats[seat].level == "random" or bool(getattr(self.app, "bots_inline", False))

    def prepare(self) -> None:
        """Start the worker when search bots are seated, once the table's first frame is up
        (its start is not a bot's first move, nor the table's first frame), and have it import
        this game's rules before the first job comes."""
        if any(s.is_bot and not self.in_process(i) for i, s in enumerate(self.match.seats)):
            self.view.call_after_refresh(self._warm_worker)

    def _warm_worker(self) -> None:
        if not self.view.is_attached:
            return
        try:
            bot_worker().warm(self.match.game.info.id)
        except Exception:  # noqa: BLE001 - a worker that cannot start is reported on first use
            pass

    # -- the turn loop --------------------------------------------------------------------------

    def advance(self) -> None:
        """Run bots, then hand the table to the next human (behind a curtain when needed)."""
        if self.curtain_up or self.busy or self.summary_up:
            return
        m = self.match
        view = self.view
        if m.to_act() == () or m.result() is not None:
            view.redraw()
            self.show_results()
            return
        if self.summary_due():  # a hand was just scored
            pause = self.trick_hold()
            if pause > 0:  # its last trick is seen before the summary covers the table
                if m.viewer is not None and m.private_views():
                    m.show(None)
                    view.pending = None
                view.redraw()
                self._wait(pause, self.advance)
                return
        if self.show_hand_summary() or self.show_outcome():
            return
        seat = m.bot_to_act()
        if seat is not None:
            self.hide_between_humans()
            if self.bot_delay <= 0 and self.in_process(seat):
                while (s := m.bot_to_act()) is not None and self.in_process(s):
                    m.bot_step()
                self.advance()
                return
            self.start_bot(seat)
            return
        seat = m.human_to_act()
        if seat is None:
            view.redraw()
            return
        if m.needs_curtain(seat):
            m.show(None)  # a spectator's view: nothing private on screen under the curtain
            view.pending = None
            view.redraw()
            pause = self.trick_hold()
            if pause > 0:  # the trick just finished is seen before the keyboard passes on
                self._wait(pause, self.advance)
                return
            self.raise_curtain(seat)
            return
        m.show(seat)
        view.redraw()
        if view.obs is not None:  # an outcome on this person's table is seen (a bot's challenge)
            self._outcome_shown = view.obs.outcome or self._outcome_shown

    def show_hand_summary(self) -> bool:
        """A hand (round, year) has just been scored: its summary goes up and waits for a person
        (Enter), also when a bot deals next. With several people and hidden cards, the table
        behind is a spectator's view. True when the summary went up."""
        m = self.match
        obs = m.observe()
        rows = obs.score_sheet
        if len(rows) <= self.sheet_seen:
            self.sheet_seen = len(rows)  # an undo took a hand back
            return False
        from decktable.ui.screens.hand_summary import HandSummaryScreen

        self.sheet_seen = len(rows)
        steps = m.log[self._summary_step:]
        self._summary_step = len(m.log)
        why = [e.text for entry in steps[:-1] for e in entry.events if e.kind == "score" and e.text]
        if steps:
            why += [e.text for e in steps[-1].events if e.text and e.kind not in ("play", "lead")]
        totals = [sv.score for sv in obs.seats]
        if m.viewer is not None and m.private_views():
            m.show(None)
            self.view.pending = None
        self.view.redraw()
        self.view.put_trick_away()  # held before the summary; the next hand opens on a clear table
        self.summary_up = True

        hand = len(rows) - 1  # the coach's moments of this hand: made while the sheet held this many rows

        def reviewed() -> None:
            self.summary_up = False
            self.advance()

        def closed(_result: object = None) -> None:
            if not self.coach.review(hand, reviewed):
                reviewed()

        self.app.push_screen(
            HandSummaryScreen([s.name for s in m.seats], rows[-1], totals, obs.sheet_first + len(rows) - 1, why,
                              row_name=m.game.info.sheet_row), closed)
        return True

    def bot_pause(self) -> float:
        """The pause before the next bot move: the app's bot_delay, or longer when a trick has
        just been completed (it stays on the table, its winner marked, so it can be seen)."""
        return max(self.bot_delay, self.trick_hold())

    def trick_hold(self) -> float:
        """TRICK_HOLD when a trick has just been completed and not yet held (no card of the next
        one yet), else 0; 0 also with no pace at all (`bot_delay` 0: tests that want moves at
        once). Read from the match as it is now, not from the last drawing: the move that
        completed the trick may not be drawn yet."""
        if self.bot_delay <= 0:
            return 0.0
        trick = self.match.observe().trick
        if trick is None or trick.plays or not trick.last:
            return 0.0
        key = tuple((p.seat, p.card) for p in trick.last)
        if key == self._held_trick:
            return 0.0
        self._held_trick = key
        return self.TRICK_HOLD

    def show_outcome(self) -> bool:
        """The person on screen has moved and someone else acts next (behind a curtain, or bots
        first): a public outcome of the move (`Observation.outcome`) not shown yet goes up over
        a spectator's table until a key, so that person sees it before handing on. True when it
        went up."""
        m = self.match
        if not m.private_views() or m.viewer is None or m.viewer in m.to_act():
            return False
        outcome = m.observe().outcome
        if not outcome or outcome == self._outcome_shown:
            return False
        m.show(None)  # the next person may be at the keyboard already: no hand behind it
        self.view.pending = None
        self.view.redraw()
        from decktable.ui.screens.outcome import OutcomeScreen

        self._outcome_shown = outcome
        self.summary_up = True  # the turn loop waits for the key, as for a hand's summary

        def closed(_result: object = None) -> None:
            self.summary_up = False
            self.advance()

        self.app.push_screen(OutcomeScreen(outcome), closed)
        return True

    def hide_between_humans(self) -> None:
        """Bots are about to act: with several humans and hidden cards, the human who just acted
        leaves the screen (a spectator's view) before any bot move is drawn — their view may show
        the next human's hand (Lórum's Hairy Ape shows the OTHER hands). The next human then
        gets the curtain, unless it is the same human again (Match.needs_curtain)."""
        m = self.match
        if m.viewer is not None and m.private_views() and m.viewer not in m.to_act():
            m.show(None)
            self.view.pending = None

    # -- bots -----------------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        """The bot at `seat` is to move: in-process after the pace, or as a worker job."""
        self.clear_hint()
        pause = self.bot_pause()
        if self.in_process(seat):
            self._wait(pause, self._bot_tick)
            self.view.redraw()
            return
        try:
            job = self.match.bot_job(seat)
            pending = bot_worker().submit(job)
        except Exception as exc:  # noqa: BLE001 - no worker: the bot still moves (randomly)
            self._fallback(seat, f"{type(exc).__name__}: {exc}")
            self._wait(pause, self._bot_tick)
            self.view.redraw()
            return
        self._job, self._pending, self.thinking = job, pending, seat
        self._ready_at = self.clock() + pause
        self.view.redraw()
        self._start_polling()

    def _wait(self, pause: float, then: Callable[[], None]) -> None:
        """`then` runs once `pause` has passed on the clock (or a key releases it)."""
        self._waiting = then
        self._ready_at = self.clock() + pause
        self._start_polling()

    def start_polling(self) -> None:
        """Look at the jobs in flight (bots, a hint, the coach) every POLL seconds until none is left."""
        self._start_polling()

    def _start_polling(self) -> None:
        if self._poll_timer is None:
            self._poll_timer = self.view.set_interval(POLL, self._poll)

    def _stop_polling(self) -> None:
        if (self._poll_timer is not None and self._pending is None and self._hint_job is None
                and self._waiting is None and not self.coach.busy):
            self._poll_timer.stop()
            self._poll_timer = None

    def _poll(self) -> None:
        if not self.view.is_attached:
            self.cancel_bot()
            self.cancel_hint()
            self.coach.stop()
            return
        if self.coach.busy:
            self.coach.poll()
        if self._hint_job is not None and self._hint_job[0].done():
            self._finish_hint()
        if self._waiting is not None:
            if self.clock() < self._ready_at:
                return
            then, self._waiting = self._waiting, None
            self._stop_polling()
            then()
            return
        pending, job = self._pending, self._job
        if pending is None or job is None:
            self._stop_polling()
            return
        if not pending.done() or self.clock() < self._ready_at:
            return
        self._pending = self._job = None
        seat, self.thinking = job.seat, None
        self._stop_polling()
        try:
            action = pending.result(0)
        except (RuntimeError, TimeoutError) as exc:
            action = self._fallback(seat, str(exc))
        if action is not None:
            try:
                self.match.finish_bot_job(job, action)
            except DeckTableError as exc:  # a worker's move the engine refuses: a bug, said aloud
                self.app.notify(f"{self.match.seats[seat].name}'s move {action!r} was refused: {exc}",
                                severity="error", markup=False)
                self._fallback_move(seat)
        self.advance()

    def _fallback(self, seat: int, why: str) -> str | None:
        """The worker failed: say so; the bot plays a random legal move instead."""
        self.app.notify(f"{self.match.seats[seat].name}'s search failed ({why}); it plays a random move.",
                        severity="warning", markup=False)
        legal = self.match.game.legal_actions(self.match.state, seat)
        if not legal:
            return None
        from decktable.engine.rng import Rng

        return str(legal[int(Rng(len(self.match.steps) + 7).random() * len(legal))])

    def _fallback_move(self, seat: int) -> None:
        action = self._fallback(seat, "a refused move")
        if action is not None and seat in self.match.to_act():
            self.match.act(seat, action)

    def _bot_tick(self) -> None:
        if not self.view.is_attached:
            return
        seat = self.match.bot_to_act()
        if seat is not None:
            if self.in_process(seat):
                self.match.bot_step()
            else:  # the seat's bot could not reach the worker: a random legal move
                self._fallback_move(seat)
        self.advance()

    def cancel_bot(self) -> None:
        """Stop a bot move under way (undo, quit, leaving the table): the job is cancelled in the
        worker and its answer, if any arrives, is dropped."""
        self._waiting = None
        pending = self._pending
        self._pending = self._job = None
        self.thinking = None
        if pending is not None:
            pending.cancel()
        self._stop_polling()

    def stop(self) -> None:
        """The table goes away: nothing more runs for it."""
        self.cancel_bot()
        self.cancel_hint()
        self.coach.stop()
        if self._poll_timer is not None:
            self._poll_timer.stop()
            self._poll_timer = None

    # -- hints ----------------------------------------------------------------------------------

    def ask_hint(self, seat: int | None) -> str | None:
        """Ask the strong search for `seat`'s best move; None when asked, else why not."""
        m = self.match
        if self.curtain_up or seat is None or seat not in m.to_act() or m.seats[seat].is_bot:
            return "A hint is for your own turn."
        if self.busy:
            return "Wait for the bots to move."
        if self._hint_job is not None:
            return "Still looking for a hint…"
        if self.hint is not None and self.hint.at == len(m.steps) and self.hint.seat == seat:
            self.view.show_hint(self.hint)  # the same position: the same hint, at once
            return None
        from decktable.bots.worker import BotJob
        from decktable.engine.rng import Rng

        # a generator of the hint's own: asking never changes what the bots will do
        rng = Rng((m.seed or 0) ^ 0x41A7 ^ (len(m.steps) << 20) ^ seat)
        job = BotJob(game=m.game.info.id, state=m.game.determinize(m.state, seat, rng), seat=seat,
                     level=HINT_LEVEL, seed=int(rng.random() * 2**53), at=len(m.steps), explain=True,
                     memory=dict(m.memories.get(seat, {})))
        try:
            pending = bot_worker().submit(job)
        except Exception as exc:  # noqa: BLE001
            return f"No hint: the search could not start ({exc})."
        self._hint_job = (pending, job)
        self.count_hint()
        self.view.redraw_hint()
        self._start_polling()
        return None

    def count_hint(self) -> None:
        """A hint asked counts once per game in the history (`Match.hints`, in every game; the
        statistics mark the solitaires)."""
        self.match.note_hint()

    def _finish_hint(self) -> None:
        assert self._hint_job is not None
        pending, job = self._hint_job
        self._hint_job = None
        self._stop_polling()
        try:
            answer = pending.result(0)
        except (RuntimeError, TimeoutError) as exc:
            self.app.notify(f"No hint: {exc}", severity="warning", markup=False)
            self.view.redraw_hint()
            return
        if answer is None or job.at != len(self.match.steps):
            self.view.redraw_hint()
            return  # cancelled, or the game moved on
        try:
            from decktable.bots.hints import HintAnswer

            said = HintAnswer.model_validate_json(answer)
        except ValueError as exc:
            self.app.notify(f"No hint: the search's answer could not be read ({exc}).", severity="warning",
                            markup=False)
            self.view.redraw_hint()
            return
        self.hint = Hint(job.seat, said.action, said, job.at)
        self.view.show_hint(self.hint)

    def cancel_hint(self) -> None:
        if self._hint_job is not None:
            pending, _job = self._hint_job
            self._hint_job = None
            pending.cancel()
        self._stop_polling()

    def clear_hint(self) -> None:
        """The position changed: a hint being computed is dropped, the last one forgotten."""
        self.cancel_hint()
        self.hint = None

    def current_hint(self) -> Hint | None:
        """The last hint, while it is still about the position on screen."""
        h = self.hint
        if h is not None and (h.at != len(self.match.steps) or h.seat != self.view.seat):
            self.hint = h = None
        return h

    # -- curtain and results --------------------------------------------------------------------

    def raise_curtain(self, seat: int) -> None:
        from decktable.ui.screens.curtain import CurtainScreen

        self.curtain_up = True
        name = self.match.seats[seat].name
        # a toast may name a card of the previous player ("play savage is not allowed ...")
        self.app.clear_notifications()

        def lifted(_result: object = None) -> None:
            self.curtain_up = False
            self.match.show(seat)
            self.view.redraw()  # the trick being played, the one missed on its last line
            if self.view.obs is not None:
                self._outcome_shown = self.view.obs.outcome or self._outcome_shown

        self.app.push_screen(CurtainScreen(name), lifted)

    #: the results wait at most this long (seconds) for the coach's last judgements
    COACH_WAIT = 12.0

    def show_results(self) -> None:
        """The game is over: the coach's review of it first (once its last judgements are in, or
        COACH_WAIT has passed), then the results."""
        if self.results_shown:
            return
        if self.coach.thinking:
            now = self.clock()
            if self._coach_deadline is None:
                self._coach_deadline = now + self.COACH_WAIT
            if now < self._coach_deadline:
                self._wait(0.1, self.show_results)
                return
        self._coach_deadline = None
        self.results_shown = True
        if not self.coach.review(None, self._push_results):
            self._push_results()

    def _push_results(self) -> None:
        from decktable.ui.screens.results import ResultsScreen

        self.app.push_screen(ResultsScreen(self.match), self._after_results)

    def _after_results(self, choice: str | None = None) -> None:
        """Rematch (same seats, the game's next first player) or replay this deal (same seed)
        start a new table; anything else goes back to the lobby."""
        start = getattr(self.app, "start_match", None)
        if choice in ("rematch", "replay") and callable(start):
            self.stop()
            start(self.match.again(same_deal=choice == "replay"))
            return
        self.view.go_to_lobby()

    # -- the player's own moves -----------------------------------------------------------------

    def act(self, seat: int, action: Any) -> None:
        """A move of the human at `seat` (raises DeckTableError, nothing changed, if refused);
        the screen then calls `advance`. With the coach on, the move is then judged."""
        ask = self.coach.before_move(seat, action)
        self.match.act(seat, action)
        self.coach.after_move(ask)
        memory = getattr(self.view, "new_cards", None)
        if memory is not None:
            memory.acted(seat)  # what the seat held is no longer "just drawn"
        self.clear_hint()

    def undo(self, seat: int) -> str:
        """Undo for `seat` by the Match's policy; a bot move under way is cancelled. Returns the
        sentence to show; raises DeckTableError (nothing changed, the bot goes on) if refused."""
        sentence = self.match.undo(seat)
        self.cancel_bot()
        self._held_trick = None  # a trick taken back and completed again is held again
        self.clear_hint()
        self.coach.undone()
        self.results_shown = False
        return sentence
