"""A lesson: a prepared deal played by script, read from games/<id>/lesson.toml (docs/learn.md).

Pure data and the public game API only (no Textual, no Match): the loader, the replay that checks a
lesson still plays (`replay_part`, used by tests/test_lessons.py), and `script_position`, which says
how far a list of moves made follows a part's script (the table derives the coach's place from the
match log, so undo brings the lesson back by itself).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Sequence

LESSON_FILE = "lesson.toml"
WHO = ("you", "bot")


class LessonError(ValueError):
    """A lesson file that cannot be read, or a script that no longer plays."""


@dataclass(frozen=True)
class Step:
    """One move of the script: by the learner ("you") or a scripted bot ("bot")."""

    who: str
    move: str
    #: before the learner's move: what is asked now and why (learner steps only; required there)
    say: str = ""
    #: once the move is made: why the trick went as it did, how it was scored
    after: str = ""
    #: what to tell a learner whose try is refused (defaults to `say`)
    pointer: str = ""
    #: a help.md section (its heading) this step is about
    help: str = ""
    #: sentences the move's events must contain (checked by the replay): the coach's `after` line
    #: is true only while these happen
    expect: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    """One deal of a lesson, played from its start to the last scripted step."""

    title: str
    steps: tuple[Step, ...]
    deck: tuple[str, ...] | None = None
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    intro: str = ""
    done: str = ""


@dataclass(frozen=True)
class Lesson:
    game: str
    title: str
    seats: tuple[str, ...]
    learner: int
    parts: tuple[Part, ...]
    learnt: tuple[str, ...] = ()
    #: the bots' level once the learner leaves the script, and in "Play a real game"
    level: str = "medium"
    path: Path | None = None


def _games_dir() -> Path | None:
    spec = find_spec("decktable.rulesets")  # the games/ folder, as installed
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def lesson_path(game_id: str) -> Path | None:
    """Where a game's lesson lives (a path check only: no game module is imported)."""
    base = _games_dir()
    if base is None or not game_id.replace("_", "").isalnum():
        return None
    return base / game_id / LESSON_FILE


def has_lesson(game_id: str) -> bool:
    path = lesson_path(game_id)
    return path is not None and path.is_file()


def lesson_games() -> list[str]:
    base = _games_dir()
    if base is None:
        return []
    return sorted(p.parent.name for p in base.glob(f"*/{LESSON_FILE}"))


def _text(table: dict[str, Any], key: str, where: str, required: bool = False) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise LessonError(f"{where}: {key} must be text")
    if required and not value.strip():
        raise LessonError(f"{where}: {key} is missing")
    return " ".join(value.split())  # TOML's multi-line strings read as one paragraph


def _step(raw: Any, where: str) -> Step:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: a step must be a table")
    unknown = set(raw) - {"who", "move", "say", "after", "pointer", "help", "expect"}
    if unknown:
        raise LessonError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    who = raw.get("who")
    if who not in WHO:
        raise LessonError(f"{where}: who must be 'you' or 'bot'")
    expect = raw.get("expect", [])
    if isinstance(expect, str):
        expect = [expect]
    if not isinstance(expect, list) or not all(isinstance(e, str) for e in expect):
        raise LessonError(f"{where}: expect must be text or a list of text")
    step = Step(who=who, move=_text(raw, "move", where, True), say=_text(raw, "say", where),
                after=_text(raw, "after", where), pointer=_text(raw, "pointer", where),
                help=_text(raw, "help", where), expect=tuple(expect))
    if who == "you" and not step.say:
        raise LessonError(f"{where}: the learner's step has no coach line (say)")
    return step


def load_lesson(game_id: str, path: Path | None = None) -> Lesson:
    """Read and shape-check a game's lesson (the replay is `replay_part`)."""
    path = path or lesson_path(game_id)
    if path is None or not path.is_file():
        raise LessonError(f"{game_id} has no lesson yet")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path}: {exc}") from exc
    seats = raw.get("seats")
    if not isinstance(seats, list) or len(seats) < 1 or not all(isinstance(s, str) for s in seats):
        raise LessonError(f"{path}: seats must be a list of names")
    learner = raw.get("learner", 0)
    if not isinstance(learner, int) or not 0 <= learner < len(seats):
        raise LessonError(f"{path}: learner must be a seat index")
    parts = []
    for i, p in enumerate(raw.get("part", [])):
        where = f"{path.name} part {i + 1}"
        deck = p.get("deck")
        if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)):
            raise LessonError(f"{where}: deck must be a list of card ids")
        steps = tuple(_step(s, f"{where} step {j + 1}") for j, s in enumerate(p.get("step", [])))
        if not steps:
            raise LessonError(f"{where}: no steps")
        parts.append(Part(title=_text(p, "title", where, True), steps=steps,
                          deck=tuple(deck) if deck is not None else None, seed=int(p.get("seed", 1)),
                          options=dict(p.get("options", {})), intro=_text(p, "intro", where),
                          done=_text(p, "done", where)))
    if not parts:
        raise LessonError(f"{path}: no parts")
    learnt = raw.get("learnt", [])
    if not isinstance(learnt, list) or not all(isinstance(s, str) for s in learnt):
        raise LessonError(f"{path}: learnt must be a list of text")
    game = raw.get("game", game_id)
    if game != game_id:
        raise LessonError(f"{path}: the lesson is for {game}, not {game_id}")
    return Lesson(game=game_id, title=_text(raw, "title", str(path), True), seats=tuple(seats),
                  learner=learner, parts=tuple(parts), learnt=tuple(" ".join(s.split()) for s in learnt),
                  level=str(raw.get("level", "medium")), path=path)


def normal(game: Any, text: str) -> str:
    """A move's notation as the log writes it."""
    return str(game.parse(text))


def new_state(game: Any, lesson: Lesson, part: Part) -> Any:
    return game.new(list(lesson.seats), seed=part.seed, deck=list(part.deck) if part.deck else None,
                    **part.options)


def replay_part(game: Any, lesson: Lesson, part: Part) -> list[list[str]]:
    """Play a part's script through the public API; returns each step's event sentences.
    Raises LessonError naming the step when a move is made by the wrong seat, is illegal, or
    does not produce what the step's `expect` says (the coach's line would be untrue)."""
    state = new_state(game, lesson, part)
    said: list[list[str]] = []
    for n, step in enumerate(part.steps, 1):
        where = f"{lesson.game}: {part.title!r} step {n} ({step.move})"
        acting = game.to_act(state) if not game.is_over(state) else ()
        if step.who == "you":
            seat = lesson.learner
            if seat not in acting:
                raise LessonError(f"{where}: the learner is not to act (seats to act: {acting})")
            if any(s != seat for s in acting):  # a simultaneous choice: the table asks bots first
                raise LessonError(f"{where}: a bot chooses at the same time; list the bot's move first")
        else:
            others = [s for s in acting if s != lesson.learner]
            if not others:
                raise LessonError(f"{where}: no bot is to act (seats to act: {acting})")
            seat = others[0]
        legal = [str(a) for a in game.legal_actions(state, seat)]
        try:
            move = normal(game, step.move)
        except ValueError as exc:
            raise LessonError(f"{where}: {exc}") from exc
        if move not in legal:
            raise LessonError(f"{where}: not legal now; legal: {', '.join(legal)}")
        events = [e.text for e in game.apply(state, seat, move) if getattr(e, "text", "")]
        for wanted in step.expect:
            if not any(wanted in e for e in events):
                raise LessonError(f"{where}: expected {wanted!r} among {events}")
        said.append(events)
    return said


def script_position(game: Any, part: Part, moves: Sequence[str]) -> int | None:
    """How many steps of the script the moves made so far follow: len(moves) while they follow it
    (the next step is `part.steps[len(moves)]`, if any), None once they have left it."""
    if len(moves) > len(part.steps):
        return None
    for step, made in zip(part.steps, moves):
        if normal(game, step.move) != normal(game, made):
            return None
    return len(moves)


def help_sections(game_id: str) -> list[str]:
    """The headings (## ...) of a game's help.md."""
    base = _games_dir()
    if base is None:
        return []
    path = base / game_id / "help.md"
    if not path.is_file():
        return []
    return [line[3:].strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]
