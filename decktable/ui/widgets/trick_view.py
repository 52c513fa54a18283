"""TrickView: the trick in the centre of a trick table — who played what, the note, last trick."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from decktable.engine.models import SeatView
from decktable.engine.models import TrickView as TrickModel
from decktable.ui.glyphs import card_full_name, card_name, card_text

COL_W = 12
SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
SEAT_COLOURS = 5


class TrickView(Widget):
    """One column per seat, in seat order: the seat's name, then its card in this trick.

    The seat(s) to act show `…`; the leader is marked. Below, the previous trick in words.
    """

    DEFAULT_CSS = """
    TrickView {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {
        "trick-view--title",
        "trick-view--card",
        "trick-view--winner",
        "trick-view--muted",
        *(f"suit--{s}" for s in SUITS),
        *(f"seat--{i}" for i in range(SEAT_COLOURS)),
    }

    def __init__(self, family: str = "decktet", *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.family = family
        self.trick: TrickModel | None = None
        self.seats: list[SeatView] = []
        self.to_act: list[int] = []

    def show_trick(self, trick: TrickModel | None, seats: list[SeatView], to_act: list[int]) -> None:
        """Repaint; relayout only when the wrapped last-trick line changes the height."""
        width = self.content_size.width or 76
        before = self.get_content_height(Size(0, 0), Size(0, 0), width)
        self.trick = trick
        self.seats = seats
        self.to_act = to_act
        self.refresh(layout=self.get_content_height(Size(0, 0), Size(0, 0), width) != before)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Six lines, then the last trick in words, wrapped (the winner's name must not be cut)."""
        last = self._last_text(self.trick or TrickModel(), Style()).cell_len
        return 6 + max(1, -(-last // max(1, width)))

    def _seat_style(self, seat: int) -> Style:
        return self.get_component_rich_style(f"seat--{seat % SEAT_COLOURS}", partial=True)

    def _seat_name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return "?"
        return self.seats[seat].name

    def render(self) -> Text:
        get = self.get_component_rich_style
        muted = get("trick-view--muted", partial=True)
        title = Text("Trick", style=get("trick-view--title", partial=True))
        trick = self.trick or TrickModel()
        if trick.note:
            title.append(f" — {trick.note}", style=muted)
        plays = {p.seat: p for p in trick.plays}
        styles = {f"suit--{s}": get(f"suit--{s}", partial=True) for s in SUITS}
        styles["card"] = get("trick-view--card", partial=True)
        names = Text()
        labels = Text()
        cards = Text()
        notes = Text()
        for seat in range(len(self.seats)):
            name = self._seat_name(seat)
            mark = " ▸" if seat in self.to_act else ""
            names.append((name[: COL_W - 3] + mark).ljust(COL_W), style=self._seat_style(seat))
            play = plays.get(seat)
            if play is None:
                labels.append(("…" if seat in self.to_act else "·").ljust(COL_W), style=muted)
                cards.append(" " * COL_W)
                notes.append(" " * COL_W)
                continue
            labels.append_text(card_text(play.card, self.family, styles=styles, width=COL_W - 2))
            labels.append("  ")
            cards.append(card_name(play.card, self.family)[: COL_W - 1].ljust(COL_W))
            note = play.note or ("led" if seat == trick.leader else "")
            notes.append(note[: COL_W - 1].ljust(COL_W), style=muted)
        out = Text("\n").join([title, names, labels, cards, notes, Text(), self._last_text(trick, muted)])
        return out

    def _last_text(self, trick: TrickModel, muted: Style) -> Text:
        if not trick.last:
            return Text("No trick played yet.", style=muted)
        text = Text("Last trick: ", style=muted)
        for i, p in enumerate(trick.last):
            if i:
                text.append(", ", style=muted)
            text.append(self._seat_name(p.seat), style=self._seat_style(p.seat))
            text.append(f" {card_full_name(p.card, self.family)}")
        if trick.last_winner is not None:
            text.append(" — won by ", style=muted)
            text.append(self._seat_name(trick.last_winner), style=self._seat_style(trick.last_winner) + Style(bold=True))
        return text
