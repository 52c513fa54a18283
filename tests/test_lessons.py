"""Every game's lesson (games/<id>/lesson.toml, docs/learn.md) still plays: each scripted move is
made by the seat the script says, is legal at that point, and produces what the coach's line
after it relies on (`expect`); the help sections it points at exist."""

from __future__ import annotations

from pathlib import Path

import pytest

import decktable
from decktable.learn import LessonError, lesson_games, load_lesson, replay_part, script_position
from decktable.learn.lesson import help_sections

GAMES = lesson_games()


def test_the_first_lessons_exist() -> None:
    assert {"schnapsen", "jacynth", "toepen", "bura", "adaman", "suitcases", "thricewise"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_replays_through_the_public_api(game_id: str) -> None:
    lesson = load_lesson(game_id)
    game = decktable.get_game(game_id)
    sections = help_sections(game_id)
    for part in lesson.parts:
        said = replay_part(game, lesson, part)
        assert len(said) == len(part.steps)
        for step in part.steps:
            assert not step.help or step.help in sections, f"{step.move}: no help section {step.help!r}"
        moves = [s.move for s in part.steps]
        assert script_position(game, part, moves) == len(moves)
    assert lesson.learnt, "a lesson ends by saying what was learnt"


def _with(path: Path, old: str, new: str, tmp_path: Path) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    changed = tmp_path / "lesson.toml"
    changed.write_text(text.replace(old, new, 1), encoding="utf-8")
    return changed


def test_a_scripted_move_that_turned_illegal_fails(tmp_path: Path) -> None:
    lesson = load_lesson("schnapsen")
    assert lesson.path is not None
    # after a marriage the King or Queen must be led: a card Ann does not even hold
    broken = load_lesson("schnapsen", _with(lesson.path, 'move = "play kh"', 'move = "play 10d"', tmp_path))
    with pytest.raises(LessonError, match="not legal now"):
        replay_part(decktable.get_game("schnapsen"), broken, broken.parts[0])


def test_a_line_about_a_step_that_no_longer_happens_fails(tmp_path: Path) -> None:
    lesson = load_lesson("schnapsen")
    assert lesson.path is not None
    # Ann leads the Queen instead of the King: still legal, but the coach's line after the trick
    # says the King won it, which no longer happens
    broken = load_lesson("schnapsen", _with(lesson.path, 'move = "play kh"', 'move = "play qh"', tmp_path))
    part = broken.parts[0]
    with pytest.raises(LessonError, match="expected 'Ann wins the trick with the King of Hearts'"):
        replay_part(decktable.get_game("schnapsen"), broken, part)


def test_a_move_by_the_wrong_seat_fails(tmp_path: Path) -> None:
    lesson = load_lesson("schnapsen")
    assert lesson.path is not None
    broken = load_lesson("schnapsen", _with(lesson.path, 'who = "bot"\nmove = "play 10s"',
                                             'who = "you"\nmove = "play 10s"\nsay = "x"', tmp_path))
    with pytest.raises(LessonError, match="learner is not to act"):
        replay_part(decktable.get_game("schnapsen"), broken, broken.parts[0])


def test_script_position_follows_and_leaves_the_path() -> None:
    lesson = load_lesson("schnapsen")
    game = decktable.get_game("schnapsen")
    part = lesson.parts[0]
    assert script_position(game, part, []) == 0
    assert script_position(game, part, ["exchange", "marry hearts"]) == 2
    assert script_position(game, part, ["exchange", "play kh"]) is None


def test_a_learner_step_without_a_coach_line_is_refused(tmp_path: Path) -> None:
    lesson = load_lesson("schnapsen")
    assert lesson.path is not None
    bad = _with(lesson.path, 'say = "Lead the 10 of Diamonds."', 'after = "x"', tmp_path)
    with pytest.raises(LessonError, match="no coach line"):
        load_lesson("schnapsen", bad)


def test_learn_command_names_the_games_with_a_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    from decktable import cli

    without = [i.id for i in decktable.games() if i.id not in GAMES]
    if without:  # once every game has a lesson, only the unknown name is left to refuse
        assert cli.main(["learn", without[0]]) == cli.EXIT_USAGE
        err = capsys.readouterr().err
        name = next(i.name for i in decktable.games() if i.id == without[0])
        assert f"{name} has no guided hand yet" in err and "schnapsen" in err and "jacynth" in err
    assert cli.main(["learn", "no-such-game"]) == cli.EXIT_USAGE
