"""Lessons on the real table (decktable/ui/screens/learn_table.py), played by keys: following only
the coach (the keyboard starts on the move it asks for, so Enter makes it) reaches the end of every
part and then a real game at the same seats; a refused try gets the coach's pointer; another legal
move leaves the script and the coach says so; Learn in the lobby opens a lesson."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import settle  # noqa: E402

from decktable.learn.session import LessonMatch  # noqa: E402
from decktable.ui.screens.learn_table import Learning, LessonEndScreen, lesson_app  # noqa: E402
from decktable.ui.screens.table_base import TableScreen  # noqa: E402
from decktable.ui.widgets.coach_panel import CoachPanel  # noqa: E402

SIZES = [(80, 24), (120, 40)]


def lesson_table(app) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, Learning):
            return screen  # type: ignore[return-value]
    raise AssertionError(f"no lesson table on the stack: {app.screen_stack}")


def assert_table_fits(screen: TableScreen, when: str) -> None:
    """The table's main column holds all it draws: nothing scrolls out of sight (at 80x24 under
    the coach Lórum's three open hands and trick, Mattis's 43-card last trick, Chicago's played
    cards, King's and Rally's hands each needed 1 to 5 rows more than the column had)."""
    main = screen.query_one("#table-main")
    assert main.max_scroll_y == 0, (
        f"{when}: the table needs {main.virtual_size.height} rows, has {main.scrollable_content_region.height}")


async def follow_coach(pilot, app, limit: int = 120) -> list[str]:
    """Press only Enter until the lesson's last closing screen; returns the moves the learner
    made. Before each of them the coach's panel says that step's line, and the table below fits
    its rows (no scrolling)."""
    made: list[str] = []
    pressed: tuple[LessonMatch, int] | None = None  # Enter at a learner step (a menu may come between)
    for _ in range(limit):
        await settle(pilot)
        if pressed is not None and len(pressed[0].steps) > pressed[1]:
            made.append(pressed[0].steps[pressed[1]].entry.action)
            pressed = None
        screen = app.screen
        if isinstance(screen, LessonEndScreen) and screen.match.last_part:
            return made
        if isinstance(screen, Learning):
            match: LessonMatch = screen.match
            step = match.learner_step()
            if step is not None:
                coach = screen.query_one(CoachPanel)
                assert coach.display and step.say in coach.plain, (step.move, coach.plain)
                # on screen, across the top, whatever the table below needs
                assert coach.region.y == 0 and 1 <= coach.region.height <= 7 and coach.region.width >= 78
                assert_table_fits(screen, f"{match.lesson.game} part {match.part_index + 1}, {step.move!r}")
                if match.position is not None:
                    pressed = (match, len(match.steps))
                    await pilot.press("enter")
                    continue
        await pilot.press("enter")
    raise AssertionError(f"the lesson did not end by following the coach: {app.screen_stack}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["schnapsen", "jacynth", "toepen", "bura", "adaman", "suitcases", "thricewise",
                                     "head_solitaire", "emu_ranchers", "nonesuch", "type_trump",
                                     "circle_search", "old_janx_spirit", "rally", "king", "chicago",
                                     "polignac", "lorum", "getaway", "envite", "mattis"])
async def test_following_the_coach_by_keys_ends_the_lesson(game_id: str, size: tuple[int, int]) -> None:
    app = lesson_app(game_id, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        made = await follow_coach(pilot, app)
        end = app.screen
        assert isinstance(end, LessonEndScreen)
        lesson = end.match.lesson
        wanted = [s.move for p in lesson.parts for s in p.steps if s.who == "you"]
        assert made == wanted
        assert end.match.position == len(lesson.parts[-1].steps)  # the script done, not left
        text = str(end.body_text())
        assert all(line in text for line in lesson.learnt)
        await pilot.press("enter")  # "Play a real game", where the keyboard starts
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and not isinstance(table, Learning)
        real = table.match
        assert not isinstance(real, LessonMatch)
        assert [s.name for s in real.seats] == list(lesson.seats)
        assert [s.is_bot for s in real.seats] == [i != lesson.learner for i in range(len(lesson.seats))]
        assert all(s.level == lesson.level for s in real.seats if s.is_bot)


async def test_a_refused_try_gets_the_coachs_pointer() -> None:
    app = lesson_app("schnapsen", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")  # exchange, marriage: now the King or Queen must be led
        await settle(pilot)
        screen = lesson_table(app)
        match = screen.match
        assert match.expected() == "play kh"
        assert app.focused is not None and getattr(app.focused, "current", None) == "kh"
        await pilot.press("left")  # the Jack of Spades, before the King: not allowed now
        await pilot.press("enter")
        await settle(pilot)
        assert match.expected() == "play kh" and len(match.steps) == 2  # nothing changed
        coach = screen.query_one(CoachPanel)
        step = match.learner_step()
        assert step is not None and step.pointer in coach.plain
        assert coach.plain.startswith("Not allowed:") and "marriage" in coach.plain
        assert coach.has_class("-refused")
        await pilot.press("right", "enter")  # back on the King: the lesson goes on
        await settle(pilot)
        assert match.position is not None and match.position >= 4


async def test_another_legal_move_leaves_the_script_and_undo_comes_back() -> None:
    app = lesson_app("schnapsen", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = lesson_table(app)
        match = screen.match
        await pilot.press("enter")  # the exchange, as asked
        await settle(pilot)
        assert match.expected() == "marry hearts"
        assert str(getattr(app.focused, "label", "")).startswith("Marry in Hearts")
        await pilot.press("right")  # the next button: Close the stock, not what the coach asked
        await pilot.press("enter")
        await settle(pilot)
        assert match.moves() == ["exchange", "close"] and match.position is None
        coach = screen.query_one(CoachPanel)
        assert "the lesson asked for another" in coach.plain and coach.has_class("-off-script")
        assert all(s.level == "medium" for s in match.seats if s.is_bot)  # a normal hand from here
        await pilot.press("u")  # Ann is still to lead: her close is taken back
        await settle(pilot)
        assert match.position == 1 and match.expected() == "marry hearts"
        assert all(s.level == "random" for s in match.seats if s.is_bot)  # scripted again
        assert "Show it now" in coach.plain and not coach.has_class("-off-script")


async def test_learn_in_the_lobby_opens_the_lesson() -> None:
    from decktable.ui.app import DeckTableApp
    from decktable.ui.screens.lobby import LobbyScreen

    app = DeckTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        olist = lobby.query_one("#games")
        ids = [olist.get_option_at_index(i).id for i in range(olist.option_count)]
        olist.highlighted = ids.index("game:schnapsen")
        await settle(pilot)
        assert lobby.check_action("learn", ()) is True
        await pilot.press("e")
        await settle(pilot)
        screen = lesson_table(app)
        assert screen.match.lesson.game == "schnapsen"
        assert screen.query_one(CoachPanel).display
        app.back_to_lobby()
        await settle(pilot)
        from decktable.learn import has_lesson

        without = [i for i in ids if i and i.startswith("game:") and not has_lesson(i[5:])]
        if without:  # a game with no lesson yet has no Learn key
            olist.highlighted = ids.index(without[0])
            await settle(pilot)
            assert not lobby.check_action("learn", ())


async def test_help_key_opens_the_help_at_the_coachs_section() -> None:
    from textual.widgets import MarkdownViewer

    from decktable.ui.screens.help_screen import HelpScreen

    app = lesson_app("schnapsen", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson_table(app)
        step = screen.match.learner_step()
        assert step is not None and step.help == "Play"
        assert "? help: Play" in str(screen.query_one(CoachPanel).render())
        await pilot.press("question_mark")
        for _ in range(10):
            await pilot.pause(0.1)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        viewer = help_screen.query_one(MarkdownViewer)
        heading = next(h for h in viewer.document.query("MarkdownH2") if "Play" == str(h._content).strip())
        assert viewer.scroll_y > 0 and abs(heading.region.y - viewer.region.y) <= 2


@pytest.mark.parametrize("size", SIZES)
async def test_the_closing_screen_shows_what_was_learnt_whole(size: tuple[int, int]) -> None:
    """The closing screen's text was held to 16 rows: at 120x40 the last lines of "What you
    learnt" (Schnapsen's close, Type Trump's trump lead) needed a scroll no key reached. Now it
    takes the screen's rows, and up/down scroll what still does not fit at 80x24."""
    from textual.containers import VerticalScroll

    from decktable.learn import lesson_games

    app = lesson_app("schnapsen", bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for game_id in lesson_games():
            lesson = LessonMatch.for_game(game_id)
            match = LessonMatch.for_game(game_id, len(lesson.lesson.parts) - 1)
            end = LessonEndScreen(match)
            await app.push_screen(end)
            await settle(pilot)
            body = end.query_one("#lesson-end-body", VerticalScroll)
            if size == (120, 40):
                assert body.max_scroll_y == 0, (game_id, body.max_scroll_y)
            for _ in range(body.max_scroll_y):
                await pilot.press("down")
            await settle(pilot)
            assert body.scroll_y == body.max_scroll_y, game_id  # the last line reached by keys
            assert app.focused is not None and app.focused.id == "real"  # the keyboard stays on the button
            end.dismiss("")
            await settle(pilot)
