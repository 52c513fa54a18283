"""Guided first hands ("lessons"): data beside each game (games/<id>/lesson.toml), read and checked
here with no Textual. The format is described in docs/learn.md; the table side lives in
decktable/ui/screens/learn_table.py and decktable/ui/widgets/coach_panel.py."""

from decktable.learn.lesson import (
    Lesson,
    LessonError,
    Part,
    Step,
    has_lesson,
    lesson_games,
    lesson_path,
    load_lesson,
    replay_part,
    script_position,
)

__all__ = ["Lesson", "LessonError", "Part", "Step", "has_lesson", "lesson_games", "lesson_path", "load_lesson",
           "replay_part", "script_position"]
