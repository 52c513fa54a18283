"""A lesson on the real table (`decktable learn GAME`, or Learn in the lobby): the game's own table
screen with a coach panel on top (decktable/ui/widgets/coach_panel.py).

The screen is the layout's table screen with the `Learning` mixin: the match is a `LessonMatch`
(decktable/learn/session.py), whose bots make the script's moves. The coach speaks before each of
the learner's moves and after the steps the script comments on; the keyboard starts on the move
the coach asks for, so Enter makes it; a refused try gets the refusal and the coach's pointer;
another legal move leaves the script, and the hand goes on against bots at the lesson's level
(undo comes back to the lesson). When the script is done (or the hand is scored off the script)
a closing screen says what was learnt and offers the next part, or a real game at the same seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from decktable.engine.errors import DeckTableError
from decktable.learn.session import LessonMatch
from decktable.ui.screens.marked_plays import action_cards
from decktable.ui.screens.table_base import TableScreen
from decktable.ui.screens.table_registry import screen_class_for
from decktable.ui.widgets.action_bar import ActionBar
from decktable.ui.widgets.card_strip import CardStrip
from decktable.ui.widgets.coach_panel import CoachPanel
from decktable.ui.widgets.grid_view import GridView

if TYPE_CHECKING:
    from textual.app import App

OFF_SCRIPT = ("That move is allowed, but the lesson asked for another. From here the hand goes on as "
              "a normal hand against the bots; u takes your move back to the lesson (until a new card "
              "has been seen).")


class Learning:
    """Mixed in before a TableScreen class: the coach at the table."""

    match: LessonMatch

    def compose(self) -> ComposeResult:
        """The coach across the top of the screen, the table below (a panel inside the main
        column would scroll out of sight when a grid fills it at 80x24)."""
        yield CoachPanel(id="coach")
        yield from super().compose()  # type: ignore[misc]

    @property
    def coach(self) -> CoachPanel:
        return self.query_one(CoachPanel)  # type: ignore[attr-defined]

    # -- what the coach says -----------------------------------------------------------------------

    def coach_lines(self) -> tuple[list[str], str, str]:
        """(lines, help section, mood) for the position on screen."""
        m = self.match
        pos = m.position
        if pos is None:
            return [OFF_SCRIPT], "", "off-script"
        lines: list[str] = []
        if pos == 0 and m.part.intro:
            lines.append(m.part.intro)
        lines += [s.after for s in m.made_since_learner() if s.after][-2:]
        step = m.learner_step()
        if step is not None:
            lines.append(step.say)
            return lines, step.help, ""
        if m.script_done and m.part.done:
            lines.append(m.part.done)
        return lines, "", ""

    def update_coach(self) -> None:
        lines, section, mood = self.coach_lines()
        self.coach.say(lines, help_section=section, mood=mood)

    _bar_pending = False  # the action bar is being rebuilt: its buttons are not the new ones yet

    def redraw(self) -> None:
        bar = self.query_one(ActionBar)  # type: ignore[attr-defined]
        before = [(a.text, a.label) for a in bar.actions]
        super().redraw()  # type: ignore[misc]
        if [(a.text, a.label) for a in bar.actions] != before:
            self._bar_pending = True
        self.update_coach()
        # the cursor goes to the coach's card at once, not only after the refresh: an Enter typed
        # ahead while a bot moved must not play the card the cursor was left on
        self.guide_keys()
        self.call_after_refresh(self.check_lesson_end)  # type: ignore[attr-defined]

    def do(self, text: str) -> None:
        """No move past the end of the script before its closing words are read (an Enter typed
        ahead would deal the next hand)."""
        m = self.match
        if m.script_done and not m.released:
            self.check_lesson_end()
            return
        expected = m.expected()
        key = (m.part_index, m.position, getattr(self, "pending", None))
        if expected is not None and text != expected and (self._guided != key or self._refocus_due):
            self.guide_keys(again=True)  # a key typed before the coach's move was under the cursor
            return
        super().do(text)  # type: ignore[misc]

    def choose_among(self, acts: list[Any], title: str) -> None:
        """A card with several moves opens a menu: its cursor starts on the coach's move."""
        texts = [a.text for a in acts]
        expected = self.match.expected()
        if len(acts) < 2 or expected not in texts:
            super().choose_among(acts, title)  # type: ignore[misc]
            return
        from decktable.ui.widgets.choice_menu import ChoiceMenu

        def chosen(text: str | None) -> None:
            if text:
                self.do(text)

        menu = ChoiceMenu(title, [(a.label, a.text) for a in acts], highlight=texts.index(expected))
        getattr(self, "app").push_screen(menu, chosen)

    def say_refusal(self, exc: DeckTableError) -> None:
        super().say_refusal(exc)  # type: ignore[misc]
        step = self.match.learner_step()
        if step is None:
            return
        why = getattr(exc, "why", "") or str(exc)
        self.coach.say([step.pointer or step.say], help_section=step.help, refused=f"Not allowed: {why}")

    # -- `?`: the help, at the section the coach points to ------------------------------------

    def action_rules(self) -> None:
        super().action_rules()  # type: ignore[misc]
        step = self.match.learner_step()
        if step is not None and step.help:
            self._goto_help(step.help, 10)

    def _goto_help(self, section: str, tries: int) -> None:
        from textual.widgets import MarkdownViewer

        from decktable.ui.screens.help_screen import HelpScreen

        app: Any = getattr(self, "app")
        screen = app.screen
        if not isinstance(screen, HelpScreen):
            return
        viewers = screen.query(MarkdownViewer)
        if viewers and viewers.first().document.goto_anchor(_slug(section)):
            return
        if tries:  # the document is still being read
            app.set_timer(0.1, lambda: self._goto_help(section, tries - 1))

    # -- the keyboard starts on the coach's move ---------------------------------------------------

    _guided: tuple[Any, ...] | None = None

    def focus_best(self) -> None:
        before = getattr(self, "focused", None)
        super().focus_best()  # type: ignore[misc]
        # again when the table moved the keyboard itself (the guided button was rebuilt); and
        # once its focus() has landed, which Textual defers: a bar's first button focused by the
        # table took the keyboard back from the coach's button right after it was guided there
        self.guide_keys(again=getattr(self, "focused", None) is not before)
        getattr(self, "app").call_later(self._guide_after_focus, before)  # the queue focus() uses

    def _guide_after_focus(self, before: Any) -> None:
        self.guide_keys(again=getattr(self, "focused", None) is not before)

    def choose_card(self, card: str) -> None:
        """A card chosen for a move that still needs its cell: the grid's cursor goes to the
        coach's cell. A card chosen before the keyboard was put on the coach's move (an Enter
        typed ahead while a bot moved) only puts it there."""
        m = self.match
        if m.expected() is not None and self._guided != (m.part_index, m.position, getattr(self, "pending", None)):
            self.guide_keys(again=True)
            return
        super().choose_card(card)  # type: ignore[misc]
        if getattr(self, "pending", None) is not None:
            self.guide_keys(again=True)

    def on_action_bar_rebuilt(self, event: ActionBar.Rebuilt) -> None:
        """New buttons: the coach's button may be among them only now (the table's own handler,
        which runs after this one, calls focus_best once they are laid out)."""
        self._guided = None
        self._bar_pending = False

    def guide_keys(self, again: bool = False) -> None:
        screen: Any = self
        if screen.curtain_up or screen.app.screen is not screen or screen.obs is None or not screen.is_attached:
            return
        m = self.match
        expected = m.expected()
        if expected is None:
            return
        key = (m.part_index, m.position, screen.pending)
        if self._guided == key and not again:
            return  # once per step: the learner may look elsewhere
        view = next((a for a in screen.obs.legal if a.text == expected), None)
        if view is None:
            return
        grids = [g for g in screen.query(GridView) if g.display]
        done = False
        several = action_cards(view)
        if len(several) > 1:  # a play of several cards: they are marked, Enter plays them
            for strip in screen.query(CardStrip):
                if strip.display and strip.multi and all(c in strip.cards for c in several):
                    strip.pick(several)
                    strip.focus()
                    strip.focus_card(several[0])
                    done = True
                    break
        elif view.card is not None and view.card == screen.pending and view.cell and grids:
            screen.set_focus(grids[0])
            grids[0].move_to(view.cell)
            done = True
        elif view.card is not None:
            for strip in screen.query(CardStrip):
                if strip.display and view.card in strip.cards:
                    strip.focus()
                    strip.focus_card(view.card)
                    done = True
                    break
        elif view.cell is not None and grids:
            grids[0].focus()
            grids[0].move_to(view.cell)
            done = True
        elif not self._bar_pending:
            bar = screen.query_one(ActionBar)
            for button in bar.buttons:
                if str(button.label) == view.label:
                    bar.focus_button(button)
                    # and once more right after the table's own focus, which comes later (the
                    # bar itself where no button is a default, else the game's start button)
                    self._refocus_due = True
                    screen.call_after_refresh(self._refocus, button, key)
                    done = True
                    break
        if done:
            self._guided = key

    _refocus_due = False

    def _refocus(self, button: Any, key: tuple[Any, ...]) -> None:
        screen: Any = self
        self._refocus_due = False
        m = self.match
        if (button.is_attached and self._guided == key and (m.part_index, m.position, screen.pending) == key
                and screen.focused is not button):
            screen.query_one(ActionBar).focus_button(button)

    # -- the end of a part ---------------------------------------------------------------------------

    _ended = False

    def check_lesson_end(self) -> None:
        screen: Any = self
        if self._ended or not screen.is_attached or screen.app.screen is not screen:
            return
        ctl = screen.controller
        if ctl.curtain_up or ctl.summary_up or ctl.busy or ctl.results_shown:
            return
        m = self.match
        sheet = len(m.observe().score_sheet)
        if ctl.summary_due():
            return  # a hand summary is still to come
        off_and_over = m.position is None and (sheet > m.sheet_at_start or m.result() is not None)
        if not (m.script_done or off_and_over):
            return
        self._ended = True
        screen.app.push_screen(LessonEndScreen(m), self.after_lesson)

    def after_lesson(self, choice: str | None) -> None:
        screen: Any = self
        m = self.match
        if choice == "next":
            start_lesson(screen.app, m.lesson.game, m.part_index + 1)
        elif choice == "real":
            screen.controller.stop()
            screen.app.start_match(m.real_game())
        elif choice == "lobby":
            screen.go_to_lobby()
        # else (Esc): stay at this table; the hand goes on with the bots at the lesson's level
        else:
            m.released = True
            m.sync_bots()
            screen.advance()


def _slug(title: str) -> str:
    """A heading's anchor, as the Markdown viewer makes it."""
    try:
        from textual._slug import slug
    except ImportError:  # a later Textual: GitHub's way, which it follows
        return "-".join(title.lower().split())
    return slug(title)


_CLASSES: dict[type, type] = {}


def learn_screen_class(base: type[TableScreen]) -> type[TableScreen]:
    """The layout's table screen with the coach (one class per layout)."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Learn{base.__name__}", (Learning, base), {"__module__": __name__})
    return _CLASSES[base]


def learn_screen_for(match: LessonMatch) -> TableScreen:
    return learn_screen_class(screen_class_for(match))(match)


def start_lesson(app: App[Any], game_id: str, part: int = 0) -> None:
    """Put a lesson's table on top of the lobby (a lesson that cannot be read is said so)."""
    from decktable.learn import LessonError

    try:
        match = LessonMatch.for_game(game_id, part)
    except (LessonError, DeckTableError) as exc:
        app.notify(f"No lesson: {exc}", severity="error", markup=False)
        return
    back = getattr(app, "back_to_lobby", None)
    if callable(back):
        back()
    app.push_screen(learn_screen_for(match))


class LessonEndScreen(ModalScreen[str]):
    """What the part taught; the next part, or a real game at the same seats."""

    DEFAULT_CSS = """
    LessonEndScreen { align: center middle; }
    LessonEndScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $success; background: $surface; padding: 0 1;
    }
    LessonEndScreen #lesson-end-body { height: auto; max-height: 16; }  /* then the screen's rows: on_resize */
    LessonEndScreen #lesson-end-buttons { height: auto; align: center middle; }
    LessonEndScreen Button { margin: 0 1; }
    """

    BINDINGS = [Binding("escape", "stay", "Stay at the table"),
                Binding("down", "scroll_body(1)", "Scroll", show=False),
                Binding("up", "scroll_body(-1)", "Scroll", show=False)]

    def __init__(self, match: LessonMatch) -> None:
        super().__init__()
        self.match = match

    def action_scroll_body(self, lines: int) -> None:
        """Up and down scroll the text where it is longer than the screen (the keyboard stays on
        the buttons)."""
        body = self.query_one("#lesson-end-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + lines, animate=False)

    def body_text(self) -> Text:
        m = self.match
        text = Text()
        text.append(f"{m.part.title}\n", style="bold")
        if m.position is None:
            text.append("You played the hand your own way; the coach's path is still there to replay.\n")
        else:
            for line in [s.after for s in m.made_since_learner() if s.after][-2:]:
                text.append(line + "\n")  # the last step's words, which the hand summary covered
            if m.part.done:
                text.append(m.part.done + "\n")
        if m.last_part:
            text.append("\nWhat you learnt:\n", style="bold")
            for line in m.lesson.learnt:
                text.append(f"• {line}\n")
        return text

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical():
            with VerticalScroll(id="lesson-end-body"):
                yield Static(self.body_text(), markup=False)
            with Horizontal(id="lesson-end-buttons"):
                if not m.last_part:
                    yield Button(f"Next: {m.lesson.parts[m.part_index + 1].title}", id="next", variant="primary")
                else:
                    yield Button("Play a real game", id="real", variant="primary")
                yield Button("Back to the lobby", id="lobby")

    def on_mount(self) -> None:
        self.query(Button).first().focus()
        self._fit_body(self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_body(event.size.height)

    def _fit_body(self, rows: int) -> None:
        """The body may take every row the frame (2) and the buttons (3) leave: a last part's
        "What you learnt" was cut at 16 rows, with room to spare at 120x40."""
        self.query_one("#lesson-end-body").styles.max_height = max(4, rows - 5)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "")

    def action_stay(self) -> None:
        self.dismiss("")


def lesson_app(game_id: str, *, cards: str | None = None, theme: str | None = None, bot_delay: float = 0.5) -> Any:
    """The app for `decktable learn GAME`: the lobby underneath, the lesson on top."""
    from decktable.ui.app import DeckTableApp

    class LessonApp(DeckTableApp):
        def start_match(self, match: Any) -> None:
            if isinstance(match, LessonMatch):
                self.back_to_lobby()
                self.push_screen(learn_screen_for(match))
                return
            super().start_match(match)

    return LessonApp(match=LessonMatch.for_game(game_id), cards=cards, theme_name=theme, bot_delay=bot_delay)
