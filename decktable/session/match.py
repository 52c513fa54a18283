"""A game in progress: seats, the action log, undo, autosave, bots and the hand-off decision.

The UI talks to a Match only: it sends actions and reads observations. The Match decides whose
view may be on screen (`viewer`) and when a hand-off curtain must come first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from decktable.bots.base import DEFAULT_LEVEL, Bot, Turn, make_bot
from decktable.engine.actions import Action
from decktable.engine.errors import DeckTableError, SaveError
from decktable.engine.game import Event, Game, State
from decktable.engine.models import Observation, ResultView
from decktable.engine.registry import get_game
from decktable.engine.rng import Rng


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human / bot
    level: str = "random"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass
class LogEntry:
    """One action in the log, with the public sentences it produced."""

    seat: int
    action: str
    events: list[Event]
    # who may not undo past this step: seats that saw new hidden cards, or everyone on a shuffle
    barrier_for: frozenset[int] = frozenset()
    shuffled: bool = False


@dataclass
class Step:
    """A step of the log. `state` is kept for compatibility and is always None: the state before
    a step is rebuilt from the nearest checkpoint (see Match.CHECKPOINT_EVERY)."""

    state: State | None
    entry: LogEntry


def parse_seats(text: str) -> list[Seat]:
    """'Ann,bot,Bob,bot:strong' -> seats; bots are named Bot 1, Bot 2 ... Plain `bot` is a
    medium bot; `bot:LEVEL` names the level (random, easy, medium, strong)."""
    seats: list[Seat] = []
    bots = 0
    for part in [p.strip() for p in text.split(",")]:
        if not part:
            raise ValueError("a seat has no name (two commas in a row?)")
        low = part.lower()
        if low == "bot" or low.startswith("bot:"):
            bots += 1
            level = low.split(":", 1)[1].strip() if ":" in low else DEFAULT_LEVEL
            make_bot(level)
            seats.append(Seat(f"Bot {bots}", "bot", level))
        else:
            seats.append(Seat(part))
    return seats


class Match:
    """Owns one game, its state, the seats, the log and the undo checkpoints.

    Undo keeps a copy of the state every CHECKPOINT_EVERY moves (and at the start), not one per
    move: going back clones the nearest checkpoint and replays the log forward to the target.
    Autosave appends one line per action to the match's journal and rewrites it only to compact
    (after undo or a failed write); `save_error` says when saving does not work.
    """

    CHECKPOINT_EVERY = 32

    def __init__(
        self,
        game: Game | str,
        seats: Sequence[Seat],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None,
        save_path: Path | None = None,
        on_finish: Callable[[Match], None] | None = None,
        match_id: str | None = None,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.seats = list(seats)
        self.options = dict(options or {})
        self.deck = list(deck) if deck is not None else None
        self.state: State = self.game.new([s.name for s in self.seats], seed=seed, deck=self.deck, **self.options)
        self.seed = self.state.seed
        self.steps: list[Step] = []
        self._checkpoints: dict[int, State] = {0: self.state.clone()}  # step index -> state before it
        self._saved: int | None = None  # actions known to be in the journal; None: rewrite it
        if match_id is None:
            from decktable.store.saves import id_of_save, new_match_id

            # one id for the match and its save file: a file is found from the history and back
            match_id = id_of_save(save_path) or new_match_id()
        self.match_id = match_id
        self.save_path = save_path
        self.on_finish = on_finish
        self.bots: dict[int, Bot] = {i: make_bot(s.level) for i, s in enumerate(self.seats) if s.is_bot}
        self._bot_rng = Rng(self.seed ^ 0x5EED)
        self.hints = 0  # hints asked at this table (the UI's hint key); saved, and kept in the history
        #: the table's coach judged a move of this game (`note_coached`); saved, and kept in the history
        self.coached = False
        #: what each human seat was shown, in games where bots remember (Circle Search): a hint
        #: searches with the memory a person at that seat could have, as a bot does
        self.memories: dict[int, dict[str, Any]] = {}
        #: views a bot has had while acting in a row (games with `bots_avoid_repeats`)
        self._streak_seat: int | None = None
        self._streak_len = -1
        self._streak_seen: set[str] = set()
        self._tell_bots()
        self.viewer: int | None = None
        #: the last human whose view was on screen; a spectator's view since then keeps no secret
        #: of anyone, so that human needs no curtain to come back
        self.last_shown: int | None = None
        self.save_error: str | None = None  # why the last autosave failed, if it did
        self._finished_reported = False
        if self.game.is_over(self.state):
            # a deal lost at setup (an Adaman palace full before any move): a finished game all
            # the same, kept in the history like any other
            self.finish()

    # -- who acts, who sees ---------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def solo(self) -> bool:
        return len(self.humans) == 1 and len(self.seats) == 1

    def to_act(self) -> tuple[int, ...]:
        return () if self.game.is_over(self.state) else self.game.to_act(self.state)

    def bot_to_act(self) -> int | None:
        """A bot seat that should move now. Bots in a simultaneous choice go before humans."""
        for s in self.to_act():
            if self.seats[s].is_bot:
                return s
        return None

    def human_to_act(self) -> int | None:
        acting = self.to_act()
        if self.viewer in acting and not self.seats[self.viewer].is_bot:
            return self.viewer
        for s in acting:
            if not self.seats[s].is_bot:
                return s
        return None

    def needs_curtain(self, seat: int) -> bool:
        """A curtain is needed before showing `seat` when another human's view was on screen
        (or no one's yet) in a game with hidden information and more than one human."""
        if not self.game.info.hidden_information or len(self.humans) < 2:
            return False
        if self.viewer is None:  # a spectator's view since `last_shown`'s: no one else saw a hand
            return self.last_shown != seat
        return self.viewer != seat

    def private_views(self) -> bool:
        """Whether views must be hidden between humans (hidden information, two humans or more)."""
        return self.game.info.hidden_information and len(self.humans) >= 2

    def show(self, seat: int | None) -> None:
        """The UI says whose view it now shows (after the curtain is lifted; None: a spectator's,
        e.g. while bots act between two humans)."""
        self.viewer = seat
        if seat is not None:
            self.last_shown = seat

    def observe(self, seat: int | None = None) -> Observation:
        """The observation for `seat`, by default the current viewer. With one human, that human;
        with several and nobody shown yet, a spectator's public view."""
        if seat is None:
            seat = self.viewer
            if seat is None and len(self.humans) == 1:
                seat = self.humans[0]
        return self.game.observe(self.state, seat)

    # -- acting ------------------------------------------------------------------------------

    def card_facts(self, slug: str) -> list[tuple[str, str]]:
        """The game's own lines about a card for the card inspector, from what the viewing seat
        sees (its observation) and the options."""
        card = self.game.catalogue.find(slug)
        if card is None:
            return []
        return list(self.game.card_facts(card, self.observe(), self.state.options))

    def label(self, action: Action | str) -> str:
        """An action in the screen's words (its button label), legal or not: for a sentence
        that says why it was refused. Falls back to the notation."""
        try:
            if isinstance(action, str):
                action = self.game.parse(action)
            return self.game.label(self.state, action)
        except Exception:  # a malformed or strange action: its own text
            return str(action)

    def act(self, seat: int, action: Action | str) -> list[Event]:
        """Apply an action for a seat; raises a DeckTableError and changes nothing if refused."""
        if isinstance(action, str):
            action = self.game.parse(action)
        n = len(self.steps)
        checkpoint = self.state.clone() if n % self.CHECKPOINT_EVERY == 0 and n not in self._checkpoints else None
        seen_before = self._seen()
        draws_before = self.state.rng.draws
        events = self.game.apply(self.state, seat, action)
        seen_after = self._seen()
        gained = frozenset(s for s in seen_after if seen_after[s] - seen_before.get(s, set()))
        entry = LogEntry(
            seat=seat,
            action=str(action),
            events=events,
            barrier_for=gained,
            shuffled=self.state.rng.draws != draws_before,
        )
        if checkpoint is not None:
            self._checkpoints[n] = checkpoint
        self.steps.append(Step(None, entry))
        self._tell_bots()
        self.autosave()
        if self.game.is_over(self.state) and not self._finished_reported:
            self.finish()
        return events

    def finish(self) -> None:
        """The game is over: report it (on_finish: the history), then free its save. The save is
        removed only once on_finish has returned: if it raises, the save (which holds the last
        move) is kept for the next load to report again, and `save_error` says why."""
        self._finished_reported = True
        if self.on_finish is not None:
            try:
                self.on_finish(self)
            except Exception as exc:  # the result is not safely kept: keep the save
                self.save_error = (
                    f"The result could not be added to the history ({exc}); the save is kept."
                )
                return
        if self.save_path is not None:
            from decktable.store.saves import remove_save

            try:
                remove_save(self.save_path)
            except OSError as exc:
                self.save_error = f"The finished game's save could not be removed ({exc.strerror or exc})."
            else:
                from decktable.store import savelock

                savelock.release(self.save_path)
                self.save_error = None  # the result is kept: a failed autosave no longer matters
            self._saved = None

    def abandon(self) -> None:
        """Give the match up: its own save is removed (no other game's) and saving stops."""
        if self.save_path is not None:
            from decktable.store import savelock
            from decktable.store.saves import remove_save

            remove_save(self.save_path)
            savelock.release(self.save_path)
            self.save_path = None
        self._saved = None

    def state_before(self, index: int) -> State:
        """The state before step `index`: a clone of the nearest checkpoint, replayed forward."""
        base = max(k for k in self._checkpoints if k <= index)
        state = self._checkpoints[base].clone()
        for step in self.steps[base:index]:
            self.game.apply(state, step.entry.seat, step.entry.action, events=False)
        return state

    def _tell_bots(self) -> None:
        """Show each bot what its seat now sees, for games where bots remember (Circle Search):
        the seat's observation, nothing more."""
        if not self.game.remembers:
            return
        for seat, bot in self.bots.items():
            tell = getattr(bot, "observe_event", None)
            if tell is not None:
                tell(self.game, self.game.observe(self.state, seat))
        for seat in self.humans:  # for their hints: only what that seat was shown
            self.game.remember(self.memories.setdefault(seat, {}), self.game.observe(self.state, seat))

    def note_hint(self) -> None:
        """A hint was asked: count it and write the count into the save at once (a rewrite of
        the journal, whose header holds it), so a resumed game is still a hinted one."""
        self.hints += 1
        self._saved = None
        self.autosave()

    def note_coached(self) -> None:
        """The coach judged a move: the game is a coached one, in the save at once (as a hint)."""
        if not self.coached:
            self.coached = True
            self._saved = None
            self.autosave()

    def bot_turn(self, seat: int) -> Turn:
        """What a bot at `seat` decides from: its legal actions and a determinized state, re-dealt
        from the real one by `game.determinize` (never the real state)."""
        legal = self.game.legal_actions(self.state, seat)
        needs_state = getattr(self.bots.get(seat), "needs_state", True)
        det = self.game.determinize(self.state, seat, self._bot_rng) if needs_state and len(legal) > 1 else None
        return Turn(self.game, seat, det, legal)

    def bot_job(self, seat: int):  # -> BotJob
        """The pieces a worker process needs to decide for the bot at `seat` (see
        decktable/bots/worker.py): the game id, a determinized state for that seat (never the real
        one), the level, a seed drawn from the match's bot generator, and the bot's memory."""
        from decktable.bots.worker import BotJob

        bot = self.bots[seat]
        det = self.game.determinize(self.state, seat, self._bot_rng)
        return BotJob(
            game=self.game.info.id, state=det, seat=seat, level=self.seats[seat].level,
            seed=int(self._bot_rng.random() * 2**53), memory=dict(getattr(bot, "memory", {}) or {}),
            at=len(self.steps),
        )

    def finish_bot_job(self, job: Any, action: str | None) -> list[Event] | None:
        """Play a worker's answer to `job`, unless it was cancelled (None) or the match has moved
        on since (undo, another move): then nothing happens and None is returned."""
        if action is None or job.at != len(self.steps) or job.seat not in self.to_act():
            return None
        if self.game.bots_avoid_repeats:
            action = self._unrepeated(job.seat, action, self.game.legal_actions(self.state, job.seat))
        return self.act(job.seat, action)

    def bot_step(self) -> tuple[int, list[Event]] | None:
        """Let one bot act; None when no bot is to act."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        turn = self.bot_turn(seat)
        if turn.state is None and getattr(self.bots[seat], "needs_state", True):
            action = turn.legal[0]  # one move only: nothing to think about
        else:
            bot = self.bots[seat]
            action = bot.decide(turn, self._bot_rng)
            if self.game.bots_avoid_repeats:
                stats = getattr(bot, "last_stats", None)  # the search's own ranking of the others
                visits = stats.visits if stats is not None else {}
                ranked = sorted(turn.legal, key=lambda a: -visits.get(str(a), 0))
                action = self._unrepeated(seat, action, ranked)
        return seat, self.act(seat, action)

    def _unrepeated(self, seat: int, action: Action | str, legal: list[Action]) -> Action | str:
        """For games whose moves are built in steps that can be taken back (`Game.bots_avoid_repeats`):
        a bot's move that would bring its seat's view (its observation: nothing hidden) back to
        one it has had since it began acting in a row is replaced by the first move of `legal`
        (ranked by the bot's preference where it has one) that does not, so a bot never goes
        round in circles (Adaman: spend, unspend, cancel, ...). When every move repeats, the
        bot's own stands."""
        if self._streak_seat != seat or self._streak_len != len(self.steps):
            self._streak_seen = {self._view_key(self.state, seat)}
        choice = action if isinstance(action, Action) else self.game.parse(action)
        for a in [choice, *(b for b in legal if b != choice)]:
            after = self.state.clone()
            self.game.apply(after, seat, a, events=False)
            key = self._view_key(after, seat)
            if key not in self._streak_seen:
                self._streak_seen.add(key)
                choice = a
                break
        self._streak_seat, self._streak_len = seat, len(self.steps) + 1
        return choice

    def _view_key(self, state: State, seat: int) -> str:
        return self.game.observe(state, seat).model_dump_json()

    def run_bots(self, limit: int = 100_000) -> None:
        """Let bots play until a human is to act or the game ends (tests, headless runs)."""
        for _ in range(limit):
            if self.bot_step() is None:
                return

    # -- log and undo ------------------------------------------------------------------------

    @property
    def log(self) -> list[LogEntry]:
        return [s.entry for s in self.steps]

    def _seen(self) -> dict[int, set[int]]:
        out: dict[int, set[int]] = {}
        zones = self.game.zones(self.state)
        for h in self.humans:
            seen: set[int] = set()
            for z in zones:
                if z.vis.sees(z.owner, h):
                    seen.update(z.cards)
            out[h] = seen
        return out

    def undo_target(self, seat: int) -> tuple[int | None, str]:
        """The step index undo would return to for `seat`, or None and the reason why not."""
        if not self.steps:
            return None, "There is nothing to undo."
        if self.solo:
            return len(self.steps) - 1, ""
        # back to this seat's own previous decision, across bot moves only
        for i in range(len(self.steps) - 1, -1, -1):
            e = self.steps[i].entry
            if e.seat != seat and not self.seats[e.seat].is_bot:
                return None, f"Undo cannot go back past {self.seats[e.seat].name}'s move."
            if seat in e.barrier_for:
                return None, "Undo cannot go back past a card you have since seen."
            if e.shuffled:
                return None, "Undo cannot go back past a shuffle or a deal."
            if e.seat == seat:
                return i, ""
        return None, "You have no move to undo."

    def can_undo(self, seat: int) -> bool:
        return self.undo_target(seat)[0] is not None

    def undo(self, seat: int) -> str:
        """Undo by the policy; returns a sentence for the log, raises DeckTableError if refused."""
        index, why = self.undo_target(seat)
        if index is None:
            raise DeckTableError(why)
        taken = self.steps[index].entry.action
        self.state = self.state_before(index)
        del self.steps[index:]
        for k in [k for k in self._checkpoints if k > index]:
            del self._checkpoints[k]
        self._finished_reported = self.game.is_over(self.state)
        self.autosave()
        # in the screen's words, as its button said it when it was played ("play the King of
        # Clubs", not "play kc"); the sentence is shown to the seat that took it back only
        said = self.label(taken)
        return f"{self.seats[seat].name} took back {said[:1].lower() + said[1:]}."

    # -- saving --------------------------------------------------------------------------------

    def to_save(self):  # -> SaveFile
        from decktable.store.saves import ActionRecord, SaveFile, SeatRecord

        return SaveFile(
            game=self.game.info.id,
            rules_version=self.game.info.rules_version,
            options=self.options,
            seats=[SeatRecord(name=s.name, kind=s.kind, level=s.level) for s in self.seats],
            seed=self.seed,
            deck=self.deck,
            match=self.match_id,
            hints=self.hints,
            coached=self.coached,
            actions=[ActionRecord(seat=s.entry.seat, action=s.entry.action) for s in self.steps],
        )

    def autosave(self) -> None:
        """Bring the journal up to date: append the last action when the journal holds all the
        others, else rewrite it whole (atomically). A failure leaves `save_error` set (the game
        goes on in memory) and the next autosave rewrites; a good write clears it."""
        if self.save_path is None:
            return
        from decktable.store import savelock, saves

        if not savelock.acquire(self.save_path):  # held by this process from its first write on
            self._saved = None
            self.save_error = f"{savelock.IN_USE} This window does not save the game."
            return
        n = len(self.steps)
        if saves.SYNCER.take_error(self.save_path) is not None:
            self._saved = None  # an fsync failed: what is on disk may not last; write it again
        try:
            if self._saved is not None and self._saved == n - 1:
                e = self.steps[-1].entry
                saves.append_action(self.save_path, e.seat, e.action)
            elif self._saved != n:
                saves.write_save(self.save_path, self.to_save())
        except OSError as exc:
            # the move stands; the file on disk holds an earlier move at worst (a torn last line
            # is dropped when it is read). The table shows this sentence until a write works.
            self._saved = None
            self.save_error = f"Autosave failed ({exc.strerror or exc}); the game goes on but is not saved."
        else:
            self._saved = n
            self.save_error = None

    @classmethod
    def from_save(cls, save: Any, save_path: Path | None = None, **kw: Any) -> Match:
        """Rebuild a match by replaying the save's log; SaveError says where it went wrong."""
        from decktable.engine.errors import UnknownGame

        try:
            game = get_game(save.game)
        except UnknownGame:
            raise SaveError(f"The save is for a game this table does not know: {save.game!r}.") from None
        if save.rules_version > game.info.rules_version:
            raise SaveError(f"The save uses newer rules of {game.info.name} than this table has.")
        seats = [Seat(s.name, s.kind, s.level) for s in save.seats]
        fields = getattr(game.Options, "model_fields", None)
        for key in save.options:
            if fields is not None and key not in fields:
                raise SaveError(f"The save cannot start its game: {game.info.name} has no option {key!r}.")
        on_finish = kw.pop("on_finish", None)
        try:
            m = cls(game, seats, seed=save.seed, options=save.options, deck=save.deck, save_path=None,
                    match_id=getattr(save, "match", "") or None, **kw)
        except (ValueError, TypeError) as exc:  # DeckTableError, an unknown bot level, a bad key
            raise SaveError(f"The save cannot start its game: {exc}") from None
        for n, rec in enumerate(save.actions, 1):
            if not 0 <= rec.seat < len(seats):
                raise SaveError(f"Move {n} of the save is by seat {rec.seat}, which does not exist.")
            try:
                m.act(rec.seat, rec.action)
            except DeckTableError as exc:
                raise SaveError(f"Move {n} of the save ({rec.action!r}) cannot be replayed: {exc}") from None
            except Exception as exc:  # a rules bug met on replay: still a clear refusal, not a crash
                raise SaveError(
                    f"Move {n} of the save ({rec.action!r}) cannot be replayed: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
        m.hints = save.hints
        m.coached = bool(getattr(save, "coached", False))
        m.save_path = save_path
        m.on_finish = on_finish
        m._saved = None  # the first write after a load rewrites (drops a torn line, upgrades a format)
        if m.game.is_over(m.state):
            m.finish()  # a finished save exists only when its result was not yet kept
        return m

    def result(self) -> ResultView | None:
        return self.game.result(self.state)

    def again(self, same_deal: bool = False) -> Match:
        """A new match at the same seats (names, bots and levels), saved and recorded like this
        one. `same_deal`: replay this deal — the same seed, deck and options. Otherwise a
        rematch: a new seed, and the options the game gives for the next game
        (`Game.rematch_options`: the first player by its rules; `Game.pass_first_deal`: the first
        deal moves one seat on)."""
        seats = [Seat(s.name, s.kind, s.level) for s in self.seats]
        save_path = None
        if self.save_path is not None:
            from decktable.store.saves import new_save_path

            save_path = new_save_path(self.save_path.parent)
        if same_deal:
            options, seed, deck = dict(self.options), self.seed, self.deck
        else:
            result = self.result()
            options = self.options if result is None else self.game.rematch_options(result, self.options, self.state)
            if result is not None:
                options = self.game.pass_first_deal(options, self._checkpoints[0])
            seed, deck = None, None
        return Match(self.game, seats, seed=seed, options=dict(options), deck=deck, save_path=save_path,
                     on_finish=self.on_finish)
