"""CardStrip: the base of every row of cards — a hand, a tableau row — drawn as ONE widget.

Cards are drawn as two-line chips (label, short name) in rows that wrap to the widget's width.
A cursor moves over them; cards with a legal action are highlighted, the others dimmed while the
seat has something to choose. Choosing (Enter or a click) posts `CardStrip.CardChosen`; the
table screen decides what it means. Cursor moves repaint this one widget only, without layout.

Plays of several cards: when the table says some legal action takes several of this strip's
cards (`set_cards(..., multi=True)`), space marks and unmarks the card under the cursor (a ✓ and
the `card-strip--picked` colour; `PickedChanged` is posted), and Enter, while cards are marked,
posts `PickedConfirmed` with the marked cards instead of choosing the card under the cursor.
"""

from __future__ import annotations

from typing import Iterable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from decktable.ui.glyphs import (SUIT_COMPONENTS, card_caption, card_label, card_name, card_text, current_card_set,
                                 suit_styles)

CHIP_W = 10  # cells per card chip, at the least
MAX_CHIP_W = 16  # a chip widens up to this when the whole hand fits on one row ("Chance Meeting")
GAP = 1  # cells between chips
DENSE_LABEL_W = 7  # a dense chip: label and short name on one line
DENSE_W = 19


class CardStrip(Widget, can_focus=True):
    """A titled row of cards with a cursor; wraps onto more lines when the row is too narrow."""

    DEFAULT_CSS = """
    CardStrip {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    BINDINGS: list[BindingType] = [
        Binding("left,h", "move(-1)", "Move", key_display="←→↑↓ hjk"),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up,k", "move_row(-1)", "Up", show=False),
        Binding("down,j", "move_row(1)", "Down", show=False),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        Binding("space", "mark", "Mark card"),
        # while cards are marked Enter plays them; otherwise it chooses the card under the cursor
        Binding("enter", "confirm", "Play marked"),
        Binding("enter", "choose", "Choose card"),
    ]

    COMPONENT_CLASSES = {
        "card-strip--title",
        "card-strip--card",
        "card-strip--legal",
        "card-strip--illegal",
        "card-strip--cursor",
        "card-strip--marked",
        "card-strip--back",
        "card-strip--picked",
        "card-strip--picked-mark",
        "card-strip--special-mark",
        "card-strip--new-mark",
        *SUIT_COMPONENTS,
    }

    class CardChosen(Message):
        """A card was chosen (Enter on it, or a click)."""

        def __init__(self, strip: CardStrip, card: str, index: int) -> None:
            super().__init__()
            self.strip = strip
            self.card = card
            self.index = index

        @property
        def control(self) -> CardStrip:
            return self.strip

    class PickedChanged(Message):
        """A card was marked or unmarked (space) for a play of several cards."""

        def __init__(self, strip: CardStrip, cards: list[str]) -> None:
            super().__init__()
            self.strip = strip
            self.cards = cards

        @property
        def control(self) -> CardStrip:
            return self.strip

    class PickedConfirmed(Message):
        """Enter while cards are marked: play exactly these cards (in the order they were marked)."""

        def __init__(self, strip: CardStrip, cards: list[str]) -> None:
            super().__init__()
            self.strip = strip
            self.cards = cards

        @property
        def control(self) -> CardStrip:
            return self.strip

    def __init__(
        self,
        title: str = "",
        *,
        zone: str = "",
        family: str = "decktet",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.title = title
        self.zone = zone
        self.family = family
        self.cards: list[str] = []
        self.legal: frozenset[str] = frozenset()
        self.marked: str | None = None
        self.hidden = 0  # face-down count when the cards are not visible
        self.counted = True  # the title ends with how many cards show ("(6)"); a part of a pile says its own
        self.dim_illegal = False
        self.cursor = 0
        self._last_width = -1
        #: one line per chip row (label and name side by side) and no frame: the table switches
        #: strips to this when the full drawing would not fit on the screen
        self.dense = False
        #: dense and labels only (`K♠ 10♥`), no names: the last resort of a small terminal
        #: (three open hands of Lórum's Hairy Ape above a trick at 80x24)
        self.bare = False
        #: bare, each chip only as wide as the widest label with its marks (`K♠ 10♥ 7♣`, not 7
        #: cells a card): beyond the last resort, when even bare rows push the hand or the trick
        #: off the screen (a lesson's coach above Lórum's three open hands at 80x24); an empty
        #: strip is then one line, its title and "—"
        self.packed = False
        #: the table has rows to spare: chips widen to the longest name, on more rows (a 13-card
        #: hand at 120×40 captioned `King` with no suit while the rows below stayed empty)
        self.roomy = False
        #: some legal action takes several of these cards: space marks cards, Enter plays them
        self.multi = False
        #: the marked cards, in the order they were marked
        self.picked: list[str] = []
        #: cards the game makes special now (Observation.card_marks): slug -> a short reason;
        #: drawn with the set's `special` glyph (★) at the end of the label, a legend in the title
        self.special: dict[str, str] = {}
        #: cards just drawn (new in the seat's hand since it last acted): the set's `new` glyph
        self.fresh: frozenset[str] = frozenset()
        #: cards the game holds as chosen for a move being made (Observation.chosen): drawn
        #: like marked cards (✓), though the game, not space, keeps them
        self.chosen: frozenset[str] = frozenset()

    # -- data ---------------------------------------------------------------------------------

    def set_cards(
        self,
        cards: Iterable[str],
        *,
        title: str | None = None,
        legal: Iterable[str] = (),
        hidden: int = 0,
        marked: str | None = None,
        dim_illegal: bool | None = None,
        family: str | None = None,
        multi: bool = False,
        special: dict[str, str] | None = None,
        fresh: Iterable[str] = (),
    ) -> None:
        """Replace what the strip shows; repaints, and relayouts only if the height changes.

        Marks survive only while the decision is the same one (same cards, same legal cards)."""
        width = self._content_width()
        before = self._height_for(width)
        cards = list(cards)
        legal_set = frozenset(legal)
        if not multi or cards != self.cards or legal_set != self.legal:
            self.clear_picked()
        if multi != self.multi:
            self.multi = multi
            self.refresh_bindings()
        self.cards = cards
        self.can_focus = bool(cards)  # an empty row is no Tab stop (nothing to show a cursor on)
        if title is not None:
            self.title = title
        if family is not None:
            self.family = family
        self.legal = legal_set
        self.special = {c: r for c, r in (special or {}).items() if c in cards}
        self.fresh = frozenset(c for c in fresh if c in cards)
        self.hidden = hidden
        self.marked = marked
        self.dim_illegal = bool(self.legal) if dim_illegal is None else dim_illegal
        if self.cursor >= len(self.cards) or (self.legal and self.current not in self.legal):
            self.cursor = self._first_legal()
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1)) if self.cards else 0
        self.refresh(layout=self._height_for(width) != before)

    @property
    def current(self) -> str | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    @property
    def selectable(self) -> bool:
        return bool(self.cards)

    def _first_legal(self) -> int:
        for i, c in enumerate(self.cards):
            if c in self.legal:
                return i
        return 0

    def focus_card(self, card: str) -> None:
        if card in self.cards:
            self.cursor = self.cards.index(card)
            self.refresh()

    # -- geometry -----------------------------------------------------------------------------

    def _content_width(self) -> int:
        w = self.content_size.width
        return w if w > 0 else 80

    @property
    def chip_w(self) -> int:
        return self.chip_w_for(self._content_width())

    def chip_w_for(self, width: int) -> int:
        """Chips widen (up to MAX_CHIP_W) while every card still fits on one row, so that names
        are not cut where there is room; otherwise they keep CHIP_W and wrap."""
        if self.dense:
            return (self.packed_w() if self.packed else DENSE_LABEL_W) if self.bare else DENSE_W
        n = max(1, len(self.cards))
        chip = max(CHIP_W, min(MAX_CHIP_W, (width + GAP) // n - GAP))
        if self.roomy:
            longest = max((len(card_name(c, self.family)) for c in self.cards), default=0)
            chip = max(chip, min(MAX_CHIP_W, width, longest))
        return chip

    def packed_w(self) -> int:
        """A packed chip's width: the widest label of the strip with its marks (★, ✦, and a cell
        for ✓ wherever cards can be marked), at most a bare chip's."""
        widest = 2
        for c in self.cards:
            w = cell_len(card_label(c, self.family)) + (c in self.special) + (c in self.fresh)
            widest = max(widest, w)
        return min(DENSE_LABEL_W, widest + (1 if self.multi or self.chosen else 0))

    @property
    def chip_lines(self) -> int:
        return 1 if self.dense else 2

    def set_dense(self, dense: bool, bare: bool = False, roomy: bool = False, packed: bool = False) -> None:
        bare = dense and bare
        roomy = roomy and not dense
        packed = bare and packed
        if dense != self.dense or bare != self.bare or roomy != self.roomy or packed != self.packed:
            self.dense, self.bare, self.roomy, self.packed = dense, bare, roomy, packed
            self.set_class(dense, "-dense")
            self.set_class(packed, "-packed")
            self.refresh(layout=True)

    def per_row(self, width: int | None = None) -> int:
        width = self._content_width() if width is None else width
        return max(1, (width + GAP) // (self.chip_w_for(width) + GAP))

    def _rows(self, width: int) -> int:
        if not self.cards:
            return 0
        n = self.per_row(width)
        return (len(self.cards) + n - 1) // n

    def _inline_at(self, width: int) -> int | None:
        """Labels only (`bare`), title and cards on one line when both fit: the column where the
        cards start, else None. Twelve birds of one card each then take twelve lines, not 24."""
        if not self.bare:
            return None
        start = self.title_text().cell_len + 2
        if not self.cards:  # packed: "Ann's hand  —", one line
            return start if self.packed and start + 1 <= width else None
        need = start + len(self.cards) * (self.chip_w_for(width) + GAP) - GAP
        return start if need <= width else None

    def _height_for(self, width: int) -> int:
        if self._inline_at(width) is not None:
            return 1
        rows = self._rows(width)
        return 1 + (self.chip_lines * rows if rows else 1)

    def height_if(self, dense: bool, width: int, bare: bool = False, roomy: bool = False,
                  packed: bool = False) -> int:
        """Outer height (frame included) this strip would take at a content width."""
        was = self.dense, self.bare, self.roomy, self.packed
        self.dense, self.bare, self.roomy = dense, dense and bare, roomy and not dense
        self.packed = self.bare and packed
        try:
            return self._height_for(width) + (0 if dense else 2)
        finally:
            self.dense, self.bare, self.roomy, self.packed = was

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height_for(width)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        n = max(1, len(self.cards))
        return max(len(self.title) + 12, n * ((DENSE_W if self.dense else CHIP_W) + GAP) - GAP)

    # -- drawing ------------------------------------------------------------------------------

    def _styles(self) -> dict[str, Style]:
        get = self.get_component_rich_style
        out = suit_styles(get)
        out["card"] = get("card-strip--card", partial=True)
        return out

    def title_text(self) -> Text:
        style = self.get_component_rich_style("card-strip--title", partial=True)
        text = Text(self.title, style=style)
        if self.cards and self.counted:
            text.append(f"  ({len(self.cards)})", style=style + Style(dim=True))
        if self.picked:
            mark = self.get_component_rich_style("card-strip--picked-mark", partial=True)
            text.append(f"  {current_card_set().picked} {len(self.picked)} marked", style=mark)
        if self.special:
            mark = self.get_component_rich_style("card-strip--special-mark", partial=True)
            reasons = ", ".join(dict.fromkeys(self.special.values()))
            text.append(f"  {current_card_set().special} {reasons}", style=mark)
        if self.fresh:
            mark = self.get_component_rich_style("card-strip--new-mark", partial=True)
            text.append(f"  {current_card_set().new} new", style=mark)
        return text

    def render(self) -> Text:
        width = self._content_width()
        out = self.title_text()
        if not self.cards:
            out.append("  " if self._inline_at(width) is not None else "\n")
            if self.hidden:
                back = self.get_component_rich_style("card-strip--back", partial=True)
                mark = current_card_set().back
                out.append(f"{mark * min(self.hidden, 5)}", style=back)
                out.append(f" {self.hidden} face down", style=Style(dim=True))
            else:
                out.append("—", style=Style(dim=True))
            return out
        styles = self._styles()
        get = self.get_component_rich_style
        legal_s = get("card-strip--legal", partial=True)
        illegal_s = get("card-strip--illegal", partial=True)
        cursor_s = get("card-strip--cursor", partial=True)
        marked_s = get("card-strip--marked", partial=True)
        picked_s = get("card-strip--picked", partial=True)
        picked_mark_s = get("card-strip--picked-mark", partial=True)
        picked_glyph = current_card_set().picked
        special_mark_s = get("card-strip--special-mark", partial=True)
        show_cursor = self.has_focus
        chip_w = self.chip_w_for(width)
        n = self.per_row(width)
        inline = self._inline_at(width) is not None
        for start in range(0, len(self.cards), n):
            top = Text()
            bottom = Text()
            for i in range(start, min(start + n, len(self.cards))):
                slug = self.cards[i]
                extra = Style()
                if slug in self.legal:
                    extra += legal_s
                elif self.dim_illegal:
                    extra += illegal_s
                if slug == self.marked:
                    extra += marked_s
                picked = slug in self.picked or slug in self.chosen
                if picked:
                    extra += picked_s
                if show_cursor and i == self.cursor:
                    extra += cursor_s
                chip_styles = dict(styles)
                chip_styles["card"] = styles["card"] + extra
                if i > start:
                    top.append(" " * GAP)
                    bottom.append(" " * GAP)
                name_style = chip_styles["card"] + Style(dim=slug not in self.legal and self.dim_illegal)
                # a marked card's label is followed by the mark (✓), so it shows without colour too
                special = slug in self.special
                # dense: the label, its marks, then at least one space before the name
                label_w = (DENSE_LABEL_W - (1 if picked or special else 0) if self.dense else chip_w) \
                    - (1 if picked else 0) - (1 if special else 0)
                fresh = slug in self.fresh
                if fresh:  # one cell for the mark (dense: and the space before the name)
                    label_w -= 1 if picked or special or not self.dense else 2
                if self.packed:  # the chip is the label and its marks, no more
                    label_w = chip_w - picked - special - fresh
                label = card_text(slug, self.family, styles=chip_styles, width=label_w)
                label.rstrip()  # the marks follow the label itself, not the chip's far edge
                if special:  # the game makes this card special (a trump): ★, distinct from ✓
                    label.append(current_card_set().special, style=chip_styles["card"] + special_mark_s)
                if picked:
                    label.append(picked_glyph, style=chip_styles["card"] + picked_mark_s)
                if fresh:  # just drawn: ✦, distinct from ✓ and ★
                    label.append(current_card_set().new,
                                 style=chip_styles["card"] + get("card-strip--new-mark", partial=True))
                label_room = chip_w if self.packed else DENSE_LABEL_W if self.dense else chip_w
                if label.cell_len < label_room:
                    label.append(" " * (label_room - label.cell_len), style=chip_styles["card"])
                top.append_text(label)
                if self.bare:
                    continue
                if self.dense:
                    room = DENSE_W - DENSE_LABEL_W
                    top.append(card_caption(slug, self.family, room).ljust(room), style=name_style)
                    continue
                bottom.append(card_caption(slug, self.family, chip_w).ljust(chip_w), style=name_style)
            out.append("  " if inline else "\n")
            out.append_text(top)
            if not self.dense:
                out.append("\n")
                out.append_text(bottom)
        return out

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._last_width:
            self._last_width = event.size.width
            self.refresh(layout=True)

    # -- keys and mouse -----------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def action_move_to(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)
            self.refresh()

    def action_move_row(self, step: int) -> None:
        n = self.per_row()
        rows = (len(self.cards) + n - 1) // n
        row = self.cursor // n + step
        if self.cards and 0 <= row < rows:
            self.cursor = min(row * n + self.cursor % n, len(self.cards) - 1)
            self.refresh()
            return
        if step < 0:
            self.screen.focus_previous()
        else:
            self.screen.focus_next()

    def action_choose(self) -> None:
        card = self.current
        if card is not None:
            self.post_message(self.CardChosen(self, card, self.cursor))

    # -- marking cards for a play of several ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark":
            return self.multi and bool(self.cards)
        if action == "confirm":
            return bool(self.picked)
        return True

    def action_mark(self) -> None:
        card = self.current
        if not self.multi or card is None:
            return
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        self.refresh_bindings()
        self.refresh()
        self.post_message(self.PickedChanged(self, list(self.picked)))

    def action_confirm(self) -> None:
        if self.picked:
            self.post_message(self.PickedConfirmed(self, list(self.picked)))

    def pick(self, cards: Iterable[str]) -> None:
        """Mark exactly these cards (those the strip holds), as space would one by one: the hint
        for a play of several cards marks them, so that Enter makes it."""
        if not self.multi:
            return
        wanted = [c for c in cards if c in self.cards]
        if wanted == self.picked:
            return
        self.picked = wanted
        if self.is_attached:
            self.refresh_bindings()
            self.refresh()
        self.post_message(self.PickedChanged(self, list(self.picked)))

    def clear_picked(self) -> None:
        """Unmark every card (after the play, or when the decision changes)."""
        if self.picked:
            self.picked = []
            if self.is_attached:
                self.refresh_bindings()
                self.refresh()

    def index_at(self, x: int, y: int) -> int | None:
        """The card index at a content offset, or None."""
        inline = self._inline_at(self._content_width())
        if inline is not None:  # one line: the title, then the cards
            if y != 0 or x < inline:
                return None
            x, y = x - inline, 1
        if y < 1 or not self.cards:
            return None
        row = (y - 1) // self.chip_lines
        col, rest = divmod(x, self.chip_w + GAP)
        if rest >= self.chip_w:
            return None
        n = self.per_row()
        if col >= n:
            return None
        i = row * n + col
        return i if i < len(self.cards) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        i = self.index_at(offset.x, offset.y)
        if i is None:
            return
        self.cursor = i
        self.focus()
        self.refresh()
        self.post_message(self.CardChosen(self, self.cards[i], i))
