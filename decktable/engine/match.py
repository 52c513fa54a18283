"""A game in progress: seats, the action log, undo, autosave, bots and the hand-off decision.

The UI talks to a Match only: it sends actions and reads observations. The Match decides whose
view may be on screen (`viewer`) and when a hand-off curtain must come first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from decktable.bots.base import Bot, make_bot
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
    state: State
    entry: LogEntry


def parse_seats(text: str) -> list[Seat]:
    """'Ann,bot,Bob,bot:random' -> seats; bots are named Bot 1, Bot 2 ..."""
    seats: list[Seat] = []
    bots = 0
    for part in [p.strip() for p in text.split(",")]:
        if not part:
            raise ValueError("a seat has no name (two commas in a row?)")
        low = part.lower()
        if low == "bot" or low.startswith("bot:"):
            bots += 1
            level = low.split(":", 1)[1] if ":" in low else "random"
            make_bot(level)
            seats.append(Seat(f"Bot {bots}", "bot", level))
        else:
            seats.append(Seat(part))
    return seats


class Match:
    """Owns one game, its state, the seats, the log and the undo snapshots."""

    def __init__(
        self,
        game: Game | str,
        seats: Sequence[Seat],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None,
        save_path: Path | None = None,
        on_finish: Callable[[Match], None] | None = None,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.seats = list(seats)
        self.options = dict(options or {})
        self.deck = list(deck) if deck is not None else None
        self.state: State = self.game.new([s.name for s in self.seats], seed=seed, deck=self.deck, **self.options)
        self.seed = self.state.seed
        self.steps: list[Step] = []
        self.save_path = save_path
        self.on_finish = on_finish
        self.bots: dict[int, Bot] = {i: make_bot(s.level) for i, s in enumerate(self.seats) if s.is_bot}
        self._bot_rng = Rng(self.seed ^ 0x5EED)
        self.viewer: int | None = None
        self.save_error: str | None = None  # why the last autosave failed, if it did
        self._finished_reported = False

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
        return self.viewer != seat

    def show(self, seat: int | None) -> None:
        """The UI says whose view it now shows (after the curtain is lifted)."""
        self.viewer = seat

    def observe(self, seat: int | None = None) -> Observation:
        """The observation for `seat`, by default the current viewer. With one human, that human;
        with several and nobody shown yet, a spectator's public view."""
        if seat is None:
            seat = self.viewer
            if seat is None and len(self.humans) == 1:
                seat = self.humans[0]
        return self.game.observe(self.state, seat)

    # -- acting ------------------------------------------------------------------------------

    def act(self, seat: int, action: Action | str) -> list[Event]:
        """Apply an action for a seat; raises a DeckTableError and changes nothing if refused."""
        if isinstance(action, str):
            action = self.game.parse(action)
        before = self.state.clone()
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
        self.steps.append(Step(before, entry))
        self.autosave()
        if self.game.is_over(self.state) and not self._finished_reported:
            self._finished_reported = True
            if self.on_finish is not None:
                self.on_finish(self)
        return events

    def bot_step(self) -> tuple[int, list[Event]] | None:
        """Let one bot act; None when no bot is to act."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        obs = self.game.observe(self.state, seat)
        legal = self.game.legal_actions(self.state, seat)
        action = self.bots[seat].choose(obs, legal, self._bot_rng)
        return seat, self.act(seat, action)

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
        self.state = self.steps[index].state
        del self.steps[index:]
        self.state.over = self.state.over  # noqa: keeps attribute present
        self._finished_reported = self.game.is_over(self.state)
        self.autosave()
        return f"{self.seats[seat].name} took back {taken}."

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
            actions=[ActionRecord(seat=s.entry.seat, action=s.entry.action) for s in self.steps],
        )

    def autosave(self) -> None:
        if self.save_path is None:
            return
        from decktable.store.saves import write_save

        if self.game.is_over(self.state):
            # a finished game is in the history; the autosave slot is freed
            try:
                self.save_path.unlink()
            except FileNotFoundError:
                pass
            return
        try:
            write_save(self.save_path, self.to_save())
        except OSError as exc:
            # the move stands; the previous save is still whole. The UI may show this sentence.
            self.save_error = f"Autosave failed ({exc}); the previous save is kept."
        else:
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
        try:
            m = cls(game, seats, seed=save.seed, options=save.options, deck=save.deck, save_path=None, **kw)
        except ValueError as exc:  # DeckTableError, or an unknown bot level
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
        m.save_path = save_path
        m._finished_reported = m.game.is_over(m.state)
        return m

    def result(self) -> ResultView | None:
        return self.game.result(self.state)
