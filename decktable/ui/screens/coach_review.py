"""The coach's review at the end of a hand or of the game: the person's key moments (the moves
that cost the most, at most three, in the order they were played), each in the coach's words and,
where the person plays alone or only with bots, with "Try again from here": a new game from the
position before that move (decktable/ui/coach.py, `retry_match`). At a table with other people it
is a review only. Dismissed with the index of the moment to try again, or None to go on."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

if TYPE_CHECKING:
    from decktable.ui.coach import Moment


class CoachReviewScreen(ModalScreen["int | None"]):
    """The key moments of a hand (or of the game)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Continue"),
        Binding("1", "retry(0)", "Try again 1", show=False),
        Binding("2", "retry(1)", "Try again 2", show=False),
        Binding("3", "retry(2)", "Try again 3", show=False),
    ]

    DEFAULT_CSS = """
    CoachReviewScreen { align: center middle; }
    CoachReviewScreen > #review-box {
        width: 90%; max-width: 100; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    CoachReviewScreen #review-title { text-style: bold; }
    CoachReviewScreen #review-scroll { height: auto; }
    CoachReviewScreen .review-moment { margin-top: 1; }
    CoachReviewScreen .review-retry { margin: 0; min-width: 0; height: 1; border: none; }
    CoachReviewScreen #review-buttons { height: 1; margin-top: 1; }
    CoachReviewScreen #review-continue { height: 1; border: none; min-width: 12; }
    """

    def __init__(self, game: str, moments: Sequence[Moment], whole_game: bool, can_retry: bool,
                 still_judging: bool = False) -> None:
        super().__init__(classes="coach-review")
        self.game = game
        self.moments = list(moments)
        self.whole_game = whole_game
        self.can_retry = can_retry
        self.still_judging = still_judging

    def compose(self) -> ComposeResult:
        what = "this game" if self.whole_game else "this hand"
        n = len(self.moments)
        with Vertical(id="review-box"):
            yield Static(Text(f"Coach: your key {'moment' if n == 1 else 'moments'} of {what}"), id="review-title")
            with VerticalScroll(id="review-scroll", can_focus=False):
                for i, mo in enumerate(self.moments):
                    said = mo.remark().removeprefix("Coach: ")
                    yield Static(Text(f"{i + 1}. Move {mo.at + 1}: {said}"), classes="review-moment")
                    if self.can_retry:
                        yield Button(f"Try again from move {mo.at + 1} ({i + 1})", id=f"retry-{i}",
                                     classes="review-retry")
                if not self.can_retry:
                    yield Static(Text("Other people play at this table: the review is for reading only."),
                                 classes="review-moment")
                if self.still_judging:
                    yield Static(Text("The coach is still looking at your last moves."), classes="review-moment")
            with Horizontal(id="review-buttons"):
                yield Button("Continue", id="review-continue", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#review-continue", Button).focus()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The moments scroll, so that the title and Continue stay on the screen: 90% of the
        screen less the border (2), the title (1) and the button with its margin (2)."""
        self.query_one("#review-scroll").styles.max_height = max(3, int(self.size.height * 0.9) - 5)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid.startswith("retry-"):
            self.dismiss(int(bid.split("-", 1)[1]))
        else:
            self.dismiss(None)

    def action_retry(self, index: int) -> None:
        if self.can_retry and 0 <= index < len(self.moments):
            self.dismiss(index)

    def action_close(self) -> None:
        self.dismiss(None)
