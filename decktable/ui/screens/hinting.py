"""The hint key's side of the table: `H` asks the controller for the strong search's move for
the seat on screen (`TableController.ask_hint`; it thinks in the worker process), and the answer
is shown here: the cursor on the hinted card, cell or button (a play of several cards marked, so
that Enter makes it) and one line of why in the status panel (`hint`, which also says what a
half-made move or marked cards still need). `C` switches the coach (`TableController.coach`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from decktable.ui.glyphs import card_full_name
from decktable.ui.screens.marked_plays import action_cards, same_cards
from decktable.ui.widgets.action_bar import ActionBar
from decktable.ui.widgets.card_strip import CardStrip
from decktable.ui.widgets.grid_view import GridView

if TYPE_CHECKING:
    from decktable.engine.models import Observation
    from decktable.ui.controller import Hint, TableController


class Hinting:
    """Mixed into TableScreen: asking for a hint, showing it, and the status line it heads."""

    family: str
    obs: Observation | None
    controller: TableController
    pending: str | None
    curtain_up: bool
    _hint_line: str
    _hint_card: str | None
    _hint_cards: list[str]

    def hint(self) -> str:
        """The status panel's line: what a half-made move still needs, what the marked cards
        make, the hint while it is about the position on screen, else the controller's status."""
        hinted = bool(self._hint_line) and self.controller.current_hint() is not None
        if self.pending is not None and not (hinted and self._hint_card == self.pending):
            if self.obs is not None and self.sole_card(self.obs) == self.pending:
                return f"Choose a cell for {card_full_name(self.pending, self.family)}."
            return f"Choose a cell for {card_full_name(self.pending, self.family)} (Esc to choose again)."
        picked = self.picked_hint()
        if picked and not (hinted and self._hint_marked()):
            return picked
        if hinted:
            if self._hint_marked():  # what to do comes right after the move, before the figures
                head, rest = self._hint_head()
                return f"{head} Its cards are marked: Enter makes it.{rest}"
            return self._hint_line
        return self.controller.status_line()

    def action_hint_move(self) -> None:
        """`H`: the strong search's move for the seat on screen, from that seat's view only (it
        thinks in the worker process; `show_hint` puts the cursor on it, with a line of why)."""
        why_not = self.controller.ask_hint(None if self.curtain_up else self.seat)
        if why_not:
            self.notify(why_not, severity="information", markup=False)

    def action_coach(self) -> None:
        """`C`: the coach on or off for this game (remembered): with it on, the strong search
        looks at each of your moves from your view and says where another was clearly better
        (decktable/ui/coach.py)."""
        self.notify(self.controller.coach.toggle(), title="Coach", markup=False)

    def show_hint(self, hint: Hint) -> None:
        """Highlight the hinted move: the cursor on its card (and, for a card to a cell, the
        grid's cursor on the cell), on its cell, or the focus on its button; the status says
        which move and why."""
        obs = self.obs
        if obs is None or hint.seat != self.seat:
            return
        labels = {a.text: a.label for a in obs.legal}
        view = next((a for a in obs.legal if a.text == hint.action), None)
        self._hint_line = hint.sentence(lambda text: labels.get(text, text))
        if self.has_class("-compact") and self.has_class("-log-open"):
            self.show_log(False)  # the hint's line is in the status panel, which the log covers
        card = None if view is None else view.cards[0] if len(view.cards) > 1 else view.card
        self._hint_card = card
        self._hint_cards = [] if view is None else action_cards(view)
        sole = self.obs is not None and self.sole_card(self.obs) == self.pending
        if self.pending is not None and card != self.pending and not sole:
            self.pending = None  # the hint is another card's move: the half-made one is given up, as Esc does
        several = len(self._hint_cards) > 1
        if self.picked_cards() and not (several and self._hint_marked()):
            self.unmark_all()  # marks for another move are given up, as Esc does
        self.redraw_hint()
        if view is None:
            return
        if several:  # a play of several cards: they are marked, the cursor on the first
            for strip in self.query(CardStrip):
                if strip.display and strip.multi and all(c in strip.cards for c in self._hint_cards):
                    strip.pick(self._hint_cards)
                    strip.focus()
                    strip.focus_card(self._hint_cards[0])
                    return
        grids = [g for g in self.query(GridView) if g.display]
        if card is not None and card == self.pending and view.cell is not None and grids:
            self.set_focus(grids[0])  # the card is chosen already: the cursor goes to its cell
            grids[0].move_to(view.cell)
        elif card is not None:
            for strip in self.query(CardStrip):
                if strip.display and card in strip.cards:
                    strip.focus()
                    strip.focus_card(card)
                    break
            if view.cell is not None and grids:
                grids[0].move_to(view.cell)
        elif view.cell is not None and grids:
            grids[0].focus()
            grids[0].move_to(view.cell)
        else:
            bar = self.query_one(ActionBar)
            for button in bar.buttons:
                if str(button.label) == view.label:
                    bar.focus_button(button)
                    break

    def _hint_head(self) -> tuple[str, str]:
        """The hint's line cut after its first sentence, the move ("Hint: Discard ... (draw 2).")
        and the rest (with its leading space), which says what follows and the figures."""
        hint = self.controller.current_hint()
        labels = {a.text: a.label for a in self.obs.legal} if self.obs is not None else {}
        head = f"Hint: {labels.get(hint.action, hint.action)}." if hint is not None else ""
        if head and self._hint_line.startswith(head):
            return head, self._hint_line[len(head):]
        return self._hint_line, ""

    def _hint_marked(self) -> bool:
        """Whether the marked cards are those of the hinted play of several cards."""
        return len(self._hint_cards) > 1 and same_cards(self.picked_cards(), self._hint_cards)
