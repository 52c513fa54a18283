"""A lesson being played: a Match whose bots make the script's moves while the learner follows it.

No Textual here. The coach's place is worked out from the match log each time (`position`), so
an undo brings the lesson back by itself. While the log follows the script the bots are scripted
(their seats marked "random", so the table lets them move in-process, at the table's pace) and
never search; once the learner makes another legal move the lesson goes on as a normal hand and
the bots play at the lesson's level, thinking in the worker like any bot.
"""

from __future__ import annotations

from typing import Any

from decktable.bots.base import make_bot
from decktable.session.match import Match, Seat
from decktable.engine.registry import get_game
from decktable.learn.lesson import Lesson, Part, Step, load_lesson, normal, script_position

SCRIPTED = "random"  # the level a scripted seat carries: in-process, never the worker


class LessonMatch(Match):
    """One part of a lesson at the table (not saved, not recorded in the history)."""

    def __init__(self, lesson: Lesson, part_index: int = 0) -> None:
        self.lesson = lesson
        self.part_index = part_index
        part = lesson.parts[part_index]
        seats = [Seat(name) if i == lesson.learner else Seat(name, "bot", SCRIPTED)
                 for i, name in enumerate(lesson.seats)]
        self._ready = False
        #: the script is done and the learner chose to stay: the bots play on at the lesson's level
        self.released = False
        super().__init__(get_game(lesson.game), seats, seed=part.seed, options=dict(part.options),
                         deck=list(part.deck) if part.deck else None, save_path=None, on_finish=None)
        self._ready = True
        self.sheet_at_start = len(self.observe().score_sheet)

    @classmethod
    def for_game(cls, game_id: str, part_index: int = 0) -> LessonMatch:
        return cls(load_lesson(game_id), part_index)

    @property
    def part(self) -> Part:
        return self.lesson.parts[self.part_index]

    @property
    def last_part(self) -> bool:
        return self.part_index + 1 >= len(self.lesson.parts)

    @property
    def learner(self) -> int:
        return self.lesson.learner

    def moves(self) -> list[str]:
        return [s.entry.action for s in self.steps]

    @property
    def position(self) -> int | None:
        """The index of the next scripted step (len(steps) once the script is done), or None
        when the moves made have left the script."""
        return script_position(self.game, self.part, self.moves())

    @property
    def on_script(self) -> bool:
        pos = self.position
        return pos is not None and pos < len(self.part.steps)

    @property
    def script_done(self) -> bool:
        return self.position == len(self.part.steps)

    def next_step(self) -> Step | None:
        pos = self.position
        if pos is None or pos >= len(self.part.steps):
            return None
        return self.part.steps[pos]

    def learner_step(self) -> Step | None:
        """The step the learner is asked to make now, if the script waits for the learner."""
        step = self.next_step()
        if step is None or step.who != "you" or self.learner not in self.to_act():
            return None
        return step

    def expected(self) -> str | None:
        step = self.learner_step()
        return None if step is None else normal(self.game, step.move)

    def made_since_learner(self) -> list[Step]:
        """The scripted steps made since (and including) the learner's last move: their `after`
        lines are what the coach says now."""
        pos = self.position
        if pos is None:
            return []
        steps = self.part.steps[:pos]
        start = 0
        for i in range(len(steps) - 1, -1, -1):
            if steps[i].who == "you":
                start = i
                break
        return list(steps[start:])

    # -- bots: the script while it is followed, the lesson's level once it is left ----------------

    def bot_to_act(self) -> int | None:
        """No bot moves past the end of the script until the learner has read the closing words
        and chosen to stay at the table (`released`)."""
        if self.script_done and not self.released:
            return None
        return super().bot_to_act()

    def sync_bots(self) -> None:
        scripted = self.on_script or (self.script_done and not self.released)
        for i, seat in enumerate(self.seats):
            if not seat.is_bot:
                continue
            level = SCRIPTED if scripted else self.lesson.level
            if seat.level != level:
                seat.level = level
                self.bots[i] = make_bot(level)

    def bot_step(self) -> tuple[int, list[Any]] | None:
        seat = self.bot_to_act()
        if seat is None:
            return None
        step = self.next_step()
        if step is not None and step.who == "bot":
            return seat, self.act(seat, step.move)
        return super().bot_step()

    def act(self, seat: int, action: Any) -> list[Any]:
        events = super().act(seat, action)
        if self._ready:
            self.sync_bots()
        return events

    def undo(self, seat: int) -> str:
        sentence = super().undo(seat)
        self.sync_bots()
        return sentence

    def real_game(self) -> Match:
        """A real game at the same seats: the learner, and the bots at the lesson's level;
        standard options, a fresh deal, saved and recorded like any game."""
        from decktable.store import history
        from decktable.store.saves import new_save_path

        seats = [Seat(s.name) if i == self.learner else Seat(s.name, "bot", self.lesson.level)
                 for i, s in enumerate(self.seats)]
        return Match(self.game, seats, save_path=new_save_path(), on_finish=history.record)
